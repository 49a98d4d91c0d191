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

/** A lab's shown run: the Scenario that made it, its JSON as sent, and its result. */
export interface ShownRun<N extends LabName> {
  scenario: Scenario;
  json: string;
  result: ResultOf<N>;
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
  fields: object[];
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
  documentTitle(result: ResultOf<N>): string;
  shareTitle(scenario: ScenarioOf<N>): string;
  fileParts(scenario: ScenarioOf<N>): Array<string | number | null | undefined>;
  exports?: string[];
  css?: string;
  resultsHtml: string;
  analysisHtml?: string;
  create(ctx: LabContext<N>): LabPanel<N>;
}
