// The page's own types: what a lab's view (www/labs/*.js) gives the page, and what the page
// lends it. Configurations, results, the Scenario and the catalog are the core's
// (core.d.ts, generated from the Rust types), so a lab's view is checked against them.
import type { Catalog, LabName, Labs, Scenario, Step } from './core';

export type { Catalog, LabName, Labs, Scenario, Step };

/** A lab's configuration (its Scenario section). */
export type ConfigOf<N extends LabName> = Labs[N]['config'];
/** A lab's result, as its run hands it to the page. */
export type ResultOf<N extends LabName> = Labs[N]['result'];
/** A Scenario showing lab `N`: its section is there. */
export type ScenarioOf<N extends LabName> = Scenario & { lab: N };

/** What the page shows of a run: the step (an index) and the selected channel. */
export interface ShownView {
  step: number | null;
  channel: number | null;
}

/**
 * A lab's shown run as its record holds it: the Scenario that made it, its JSON as sent, its
 * result and its steps. Panels ask for it (`LabContext.current`) each time they need it and keep
 * no copy, so nothing they show can outlive the run that made it.
 */
export interface ShownRun<N extends LabName> {
  scenario: ScenarioOf<N>;
  json: string;
  result: ResultOf<N>;
  steps: Step[];
}

/** What a lab's panels may ask of the page (app.js `contextFor`). */
export interface LabContext<N extends LabName> {
  form: any;
  request(type: string, args?: object): Promise<any>;
  study(name: string, json: string, args: object, onProgress?: (fraction: number, point: any) => void): Promise<any>;
  cancelStudy(): void;
  current(): ShownRun<N> | null;
  compared(): ShownRun<N> | null;
  jsonFor(scenario: Scenario): string;
  notify(message: string): void;
  error(message: string): void;
  fileStem(scenario?: Scenario | null): string;
  goToStep(index: number): void;
  selectChannel(channel: number | null): void;
  runNow(): void;
  detail(query: object): Promise<any>;
  openLab(handoff: { lab: string; section: any }, seed: string | number): void;
}

/** What a lab's panel object answers (each optional: the page calls what is there). */
export interface LabPanel<N extends LabName> {
  showLoading?(): void;
  showResult?(result: ResultOf<N>, steps: Step[], step: number | null, shown: { scenario: Scenario; channel: number | null }): void;
  shownChanged?(scenario: Scenario, result: ResultOf<N>): void;
  showStep?(index: number): void;
  markSelected?(channel: number | null): void;
  showChannel?(detail: any): void;
  decorate?(figure: any, result: ResultOf<N>): void;
  formSet?(): void;
  populate?(catalog: Catalog): void;
  switchClicked?(id: number): string | null | void;
  figureSvg?(): string | null;
}

/** How a field of the core's looks and behaves on the page beyond its kind (www/fields.js). */
export interface FieldLook {
  /** This field and the next share a row. */
  pair?: boolean;
  /** Attributes of its input, over the ones its kind gives. */
  attrs?: Record<string, string>;
  /** A range slider beside the input. */
  slider?: boolean;
  /** An "Open file…" button beside it: what kind of file the core reads into it. */
  file?: { kind: 'network' | 'matrix'; label?: string; accept?: string; title?: string };
  /** Shown only while this holds of the values read so far. */
  visible?(values: Record<string, any>): boolean;
  /** Enabled only while this holds of the values read so far. */
  enabled?(values: Record<string, any>): boolean;
  /** Its own reading of the text; `read` is its kind's. */
  parse?(text: any, values: Record<string, any>, read: (text: any) => any): any;
  /** A control of the page's own (a custom field). */
  control?(context: { id: string; field: any; changed(): void; runNow(): void; form: any; help: HTMLElement; error: HTMLElement }): any;
  /** Core error paths that also point at this field. */
  alsoFor?: string[];
  /** Words under its group's heading about the page (e.g. clicking the figure). */
  groupHelp?: string;
  /** Its folded group starts folded. */
  closed?: boolean;
  /** The folded group before it ends above it. */
  endsGroup?: boolean;
}

/** A lab as the page holds it (app.js): its view, its panels' ids, its form and its panel objects. */
export type BuiltLab = LabView<any> & { ids: Record<string, string>; form: any; panel: LabPanel<any> | null };

/** A lab's view: www/labs/<lab>.js exports one (`@satisfies {LabView<'name'>}`). */
export interface LabView<N extends LabName> {
  name: N;
  label: string;
  about: string;
  /** Its Scenario section (the lab's name). */
  section: N;
  /** Its panels' ids start with this. */
  prefix: string;
  ids?: Record<string, string>;
  heading: string;
  intro: string;
  /** How its fields look and behave beyond their kinds, by field name (their words are the core's). */
  looks?: Record<string, FieldLook>;
  /** Its form's groups fold, in <details> of this class (else a heading per group). */
  foldGroups?: string;
  noSteps?: string;
  /** Its figure has channels one can click. */
  channels?: boolean;
  figureLabel: string;
  /** The step to show after a run: an index, 'last', or null for none. */
  wantStep(scenario: ScenarioOf<N>, step: number | null): number | 'last' | null;
  /** What of the shown view a new run of `scenario` keeps. */
  keepView(scenario: ScenarioOf<N>, shown: { scenario: Scenario | null; step: number | null; channel: number | null }): ShownView;
  openStep?: number | 'last' | null;
  presetStep?(section: Partial<ConfigOf<N>>): number | 'last' | null;
  resultsLabel: string;
  analysisLabel?: string;
  /** The document's title for a run: its result and the Scenario that produced it (the page's record of the lab). */
  documentTitle(result: ResultOf<N>, scenario: ScenarioOf<N>): string;
  /**
   * The name of a run of `scenario`: the settings that set it apart, as "lrt:64:4:2 · loren ·
   * 0 → 63" (a file's network already named by its file, www/run-label.js). Whatever shows the
   * run is labelled with it: the results, the note over a view the controls no longer ask for,
   * Share's title ("Topolab <label>: …"), Compare's sides.
   */
  runLabel(scenario: ScenarioOf<N>): string;
  fileParts(scenario: ScenarioOf<N>): Array<string | number | null | undefined>;
  exports?: string[];
  css?: string;
  resultsHtml: string;
  analysisHtml?: string;
  create(ctx: LabContext<N>): LabPanel<N>;
}
