// Topolab's page: builds the labs of www/labs.js (tabs, forms from the core's catalog, panels)
// and wires them, the figure, the step player and the permalink to workers (www/engine.js).
// Each lab owns a record (what it shows, what it asked, its run in flight) and two workers
// started on first use: one holds the lab's shown run and answers stepping, clicks and exports;
// the other runs its long studies, so a sweep never delays a step and its Cancel never drops
// the shown run. A run goes on while another lab is shown (its tab says "running…", then
// "done"), and its result waits in its lab's record: only Cancel while the lab is shown, or a
// newer run of the same lab, stops it. A third worker answers the catalog and permalinks, so
// Share never waits for a run. An error or a Cancel never takes a lab's shown result away, and
// whatever shows a run is labelled with it (www/run-label.js): a view the controls no longer
// ask for says so over the figure until a run of them succeeds, and a choice the core refuses
// is followed by the field's choices that run instead. Nothing here names a lab.
import { Engine, Cancelled } from './engine.js';
import { announce, byId, el, show, Estimate, trackHeight, reachableScrollAreas } from './dom.js';
import { FieldForm, unwrapped } from './fields.js';
import { Figure, OVERVIEW } from './figure.js';
import { Player } from './player.js';
import { download, fileName, framedSvg, pngBlob, svgBlob, textBlob } from './exporting.js';
import { LABS, PLANNED } from './labs.js';
import { Sharing, currentHash, fullPageUrl, isEmbed, linkTo, writeHash } from './permalink.js';
import { setupTheme } from './theme.js';
import { CompareView, differences } from './compare.js';
import { readable, readableResult, runLabel } from './run-label.js';
import { setupTours, isTourLink, openTourLink, playOwnTour, tourShareHash } from './tours.js';
import { setupComposer } from './tour-composer.js';
import { setupKeys } from './keys.js';

/** A run longer than this shows the progress bar and Cancel. */
const BUSY_AFTER_MS = 150;

/** The catalog, the default Scenario and the permalink codec (quick requests only). */
const codec = new Engine();
const embed = isEmbed();
const FIRST = LABS[0].name;

/** What the page shows: the lab, and what every lab shares. Each lab's own state is in `records`. */
const state = {
  lab: FIRST, // the lab whose panels are shown
  base: { version: 1, lab: FIRST }, // the Scenario loaded, each lab's section updated by its good runs: a run's other sections come from it
  linkError: null, // message about an unreadable permalink, kept until the user changes something
  lastHash: null, // the hash this page wrote last
};

/**
 * A lab's own state: its workers, the run it shows (the last good one) and the view of it, the
 * run it asked for last and the one in flight. Nothing of one lab's record is shown in another.
 */
function newRecord(name) {
  return {
    name,
    engine: null, // the worker holding the shown run (started on first use)
    studies: null, // the worker of the lab's studies (started on first use)
    shown: null, // the Scenario (seed as digits, view ignored) whose result this lab shows
    result: null,
    steps: [],
    step: null, // index into steps, or null
    channel: null, // selected channel id, or null
    fig: null, // the last figure of the shown run: {figure, step, channel} (step/channel as asked, -1 for none)
    geometry: null, // the last drawing geometry the lab's worker sent: its key goes back with each request, so the worker leaves it out while it holds
    requested: null, // own key (`ownKey`) of the last run asked for
    workerKey: null, // Scenario JSON of the session the worker holds (null: none)
    runSeq: 0,
    running: null, // the newest run in flight: {seq, key, slow, progress, since, promise}
    viewRun: null, // the figure request loop (`refreshView`) while it runs
    viewAgain: false,
    failed: null, // the last run asked for failed: {key, field, message, scenario}
    error: null, // the message about this lab's input, in the general box while the lab is shown
    unseen: null, // 'done' | 'failed': a run ended while another lab was shown
    compare: null, // compare mode's pinned configuration A (`startCompare`), or null
    offering: null, // the worker trying a refused choice's others (`offerInstead`), or null
  };
}

let figure;
let player;
/** The labs by name: each definition with its `form` (FieldForm) and `panel` (from `create`). */
let labs;
/** Each lab's record (`newRecord`) by name. */
const records = Object.fromEntries(LABS.map((def) => [def.name, newRecord(def.name)]));

/** The shown lab's record. */
function active() {
  return records[state.lab];
}

function isShown(rec) {
  return rec.name === state.lab;
}

/** The worker of a lab's shown run, started on first use. */
function engineOf(rec) {
  if (!rec.engine) {
    rec.engine = new Engine();
    rec.engine.start().catch(() => {});
  }
  return rec.engine;
}

/** The worker of a lab's studies, started on first use. */
function studiesOf(rec) {
  if (!rec.studies) {
    rec.studies = new Engine();
    rec.studies.start().catch(() => {});
  }
  return rec.studies;
}

// ---------------------------------------------------------------- Scenario JSON

/**
 * Scenario JSON with the seed written as digits (a u64 need not fit a JS number). Sections
 * this page does not edit (other labs' settings) pass through unchanged.
 */
function scenarioJson(scenario, view = { step: null, channel: null }) {
  const body = { ...scenario, version: scenario.version ?? 1, lab: scenario.lab ?? FIRST, seed: '__SEED__', view };
  return JSON.stringify(body).replace('"__SEED__"', String(scenario.seed));
}

/** Parse the worker's Scenario JSON, keeping the seed's digits exactly. */
function parseScenario(json) {
  const digits = json.match(/"seed"\s*:\s*(\d+)/);
  const scenario = JSON.parse(json);
  scenario.seed = digits ? digits[1] : String(scenario.seed ?? 1);
  scenario.lab ??= FIRST;
  return scenario;
}

/** The JSON a run is sent as: the Scenario without its view. */
function configKey(scenario) {
  return scenarioJson(scenario);
}

/** What a lab's result depends on: the lab, its seed and its section (not the other labs' sections). */
function ownKey(scenario) {
  const lab = labOf(scenario);
  return JSON.stringify([lab.name, String(scenario.seed), scenario[lab.section] ?? null]);
}

function withoutView(scenario) {
  const copy = { ...scenario };
  delete copy.view;
  return copy;
}

function isCancelled(err) {
  return err instanceof Cancelled || err?.cancelled === true;
}

function labOf(scenario) {
  return labs[scenario?.lab] ?? labs[FIRST];
}

// ---------------------------------------------------------------- the labs

/** What a lab's panels may ask of the page. */
function contextFor(lab) {
  const rec = records[lab.name];
  return {
    form: lab.form,
    /** A request to the worker holding this lab's shown run (quick work only). */
    request: (type, args) => engineOf(rec).request(type, args),
    /** Run study `name` of a Scenario (JSON) in this lab's studies' worker; `onProgress(fraction, point)`. */
    study: (name, json, args, onProgress) => studiesOf(rec).request('study', { json, name, args }, onProgress),
    /** Stop this lab's running study (its shown run stays). */
    cancelStudy: () => rec.studies?.cancel().catch(() => {}),
    /**
     * The lab's shown run, read from its record each time (a panel keeps no copy of it):
     * {scenario, json, result, steps}, or null before its first good run.
     */
    current: () => (rec.shown ? { scenario: rec.shown, json: configKey(rec.shown), result: rec.result, steps: rec.steps } : null),
    /** Compare mode's pinned A once it ran: {scenario, json, result, steps}; null outside compare mode. */
    compared: () => (rec.compare?.result ? { scenario: rec.compare.scenario, json: configKey(rec.compare.scenario), result: rec.compare.result, steps: rec.compare.steps } : null),
    jsonFor: (scenario) => configKey(scenario),
    notify: (message) => showNotice(message),
    error: (message) => showGeneralError(message),
    /** topolab-<the lab's parts> of `scenario` (default: the shown run's). */
    fileStem: (scenario = null) => fileName(['topolab', ...lab.fileParts(scenario ?? rec.shown ?? defaultOf(lab))]),
    goToStep: (index) => player.go(index),
    selectChannel: (channel) => selectChannel(channel),
    runNow: () => controlsChanged({ force: true }),
    /** A detail of the lab's shown run at its step (`{switch}`, `{channel}`), or null before its first good run. */
    detail: async (query) => ((await ensureSession(rec)) ? engineOf(rec).request('detail', { query, step: rec.step ?? -1 }) : null),
    /** Open lab `name` with `values` in its fields (name → value, as a preset) and run it. */
    openLab: (handoff, seed) => openLab(handoff, seed),
  };
}

/** The Scenario a lab's form would write from the page's base (for names before anything ran). */
function defaultOf(lab) {
  return { ...state.base, lab: lab.name, [lab.section]: state.base[lab.section] ?? {} };
}

/** The ids of a lab's panels (a definition may keep older ids). */
function idsOf(lab) {
  const p = lab.prefix;
  return { controls: `${p}controls`, form: `${p}form`, heading: `${p}controls-heading`, run: `${p}run`, results: `${p}results`, runOf: `${p}run-of`, analysis: `${p}analysis`, ...(lab.ids ?? {}) };
}

/** Build every lab's tab, controls and panels from www/labs.js, and the planned labs' tabs. */
function buildLabs() {
  const nav = byId('lab-tabs');
  const layout = byId('layout');
  const stage = byId('stage');
  const built = {};
  for (const def of LABS) {
    const ids = idsOf(def);
    /** @type {import('./types/page').BuiltLab} */
    const lab = { ...def, ids, form: null, panel: null };
    nav.append(el('button', { type: 'button', class: 'lab', id: `lab-${def.name}`, 'data-lab': def.name, 'aria-label': `${def.label} lab`, title: def.about, text: def.label }));

    const run = el('button', { type: 'submit', id: ids.run, class: 'primary', 'aria-label': `Run the ${def.label} lab`, text: 'Run' });
    const form = el('form', { id: ids.form, autocomplete: 'off', novalidate: true }, run);
    const intro = el('p', { class: 'intro' });
    intro.innerHTML = def.intro;
    // the lab's presets come with the core's catalog (`showCatalog`), between the intro and the form
    const controls = el('aside', { class: 'panel controls', id: ids.controls, 'data-lab-panel': def.name, 'aria-labelledby': ids.heading, hidden: true }, el('h2', { id: ids.heading, text: def.heading }), intro, form);
    layout.append(controls); // after the stage: Tab and a phone's column reach the figure first
    lab.form = new FieldForm(def, {
      onChange: () => controlsChanged(),
      onRunNow: () => controlsChanged({ force: true }),
      // a network or matrix file becomes the graph: or matrix: spec that carries it (the core
      // reads it, in the codec's worker)
      importFile: (kind, name, text) => codec.request(kind === 'matrix' ? 'importMatrix' : 'importNetwork', { name, text }),
    });

    const results = el('aside', { class: 'panel results', id: ids.results, 'data-lab-panel': def.name, 'aria-label': def.resultsLabel, hidden: true });
    results.innerHTML = def.resultsHtml;
    // which run the results are of (`showViewNote`)
    results.prepend(el('p', { class: 'run-of', id: ids.runOf }));
    layout.append(results);
    if (def.analysisHtml) {
      const analysis = el('section', { id: ids.analysis, class: 'analysis', 'data-lab-panel': def.name, 'aria-label': def.analysisLabel, hidden: true });
      analysis.innerHTML = def.analysisHtml;
      stage.insertBefore(analysis, byId('open-full'));
    }
    if (def.css) document.head.append(el('style', { 'data-lab': def.name, text: def.css }));
    built[def.name] = lab;
  }
  for (const planned of PLANNED) {
    const tab = el('button', { type: 'button', class: 'lab', 'aria-disabled': 'true', 'aria-label': `${planned.label} lab — coming soon`, title: `${planned.label} — coming soon: ${planned.about}`, text: planned.label });
    tab.addEventListener('click', () => showNotice(`${planned.label} is coming soon.`));
    nav.append(tab);
  }
  return built;
}

/**
 * Each lab's form from the core's catalog (its fields, in its words), then its panel objects
 * (which may hold a control of the form).
 */
function buildForms(catalog) {
  for (const lab of Object.values(labs)) {
    lab.form.build(byId(lab.ids.form), byId(lab.ids.run), catalog);
    lab.panel = lab.create(contextFor(lab));
    lab.panel.showLoading?.();
    lab.panel.populate?.(catalog);
  }
}

/** A lab's preset (the core's): the settings it names into the form, then run it from where its story starts (its first step unless the lab says). */
function applyPreset(lab, preset) {
  lab.form.cancelPending();
  lab.form.setSome({ ...(preset.seed === null ? {} : { seed: preset.seed }), [lab.section]: preset.section });
  controlsChanged({ force: true, step: lab.presetStep?.(preset.section) ?? 0 });
}

/**
 * What the page takes from the core's catalog (`catalog.labs`, the one list of labs): the tabs
 * in its order, a tab for a lab the page has no view for (said so, not hidden), and each lab's
 * presets as buttons. A view (www/labs.js) of a lab the core does not have is taken away and
 * reported: the page never offers a lab the core cannot run.
 */
function showCatalog(catalog) {
  const nav = byId('lab-tabs');
  const known = new Set(catalog.labs.map((l) => l.name));
  for (const name of Object.keys(labs).filter((n) => !known.has(n))) {
    document.getElementById(`lab-${name}`)?.remove();
    for (const panel of document.querySelectorAll(`[data-lab-panel="${name}"]`)) panel.remove();
    delete labs[name];
    delete records[name];
    showGeneralError(`The page has a view of a lab '${name}' that the engine does not have; it is left out.`);
  }
  for (const entry of catalog.labs) {
    const lab = labs[entry.name];
    if (!lab) {
      const tab = el('button', { type: 'button', class: 'lab', id: `lab-${entry.name}`, 'data-catalog-lab': entry.name, 'aria-disabled': 'true', 'aria-label': `${entry.title} lab — no page yet (the CLI runs it)`, title: `${entry.title}: ${entry.about}`, text: entry.title });
      tab.addEventListener('click', () => showNotice(`${entry.title} has no page yet; the CLI runs it: topolab ${entry.name} --help`));
      nav.append(tab);
      continue;
    }
    nav.append(byId(`lab-${entry.name}`)); // in the catalog's order
    const form = byId(lab.ids.form);
    for (const old of form.parentElement.querySelectorAll(':scope > button.preset')) old.remove();
    for (const preset of entry.presets ?? []) {
      // what it runs as its description: its name is what it shows (WCAG 2.5.3)
      const button = el('button', { type: 'button', id: preset.id, class: 'preset', title: preset.about });
      button.innerHTML = preset.label;
      button.addEventListener('click', () => applyPreset(lab, preset));
      form.before(button);
    }
  }
  for (const planned of nav.querySelectorAll('.lab[aria-disabled]:not([data-catalog-lab])')) nav.append(planned);
  // a study's inputs (`data-study-arg="lab/study/argument"`) take their range and first value
  // from the study's own (the page restates neither)
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('[data-study-arg]'))) {
    const [lab, study, arg] = input.dataset.studyArg.split('/');
    const entry = catalog.labs.find((l) => l.name === lab)?.studies?.find((s) => s.name === study);
    const limit = entry?.limits?.find((l) => l.field === arg);
    if (limit) [input.min, input.max] = [String(limit.min), String(limit.max)];
    const value = entry?.args?.[arg];
    if (input.value === '' && value !== undefined && value !== null) input.value = String(value);
  }
}

/**
 * One lab hands its set-up to another ("Simulate this"): the core's hand-off (`{lab, section}`,
 * the fields it sets; the others keep what the form holds) and `seed` into that lab's form,
 * then show and run it.
 */
function openLab(handoff, seed) {
  const name = handoff.lab;
  const lab = labs[name];
  if (!lab) return;
  lab.form.cancelPending();
  lab.form.setSome({ seed, [lab.section]: handoff.section });
  lab.panel.formSet?.();
  if (name === state.lab) controlsChanged({ force: true });
  else switchLab(name);
}

/**
 * A lab's tab says what its run does while another lab is shown: "running…", then "done" (or
 * "failed") until the lab is opened.
 */
function markTab(rec) {
  const tab = document.getElementById(`lab-${rec.name}`);
  if (!tab) return;
  const lab = labs[rec.name];
  const current = isShown(rec);
  const status = current ? null : rec.running ? 'running' : rec.unseen;
  const says = { running: 'running…', done: 'done, a new result to see', failed: 'the run failed, open it to see why' }[status] ?? null;
  for (const name of ['running', 'done', 'failed']) tab.classList.toggle(name, status === name);
  if (status) tab.dataset.status = status;
  else delete tab.dataset.status;
  tab.setAttribute('aria-label', `${lab.label} lab${current ? ' (current)' : says ? ` — ${says}` : ''}`);
  tab.title = says ? `${lab.label}: ${says}` : lab.about;
}

/** Show `name`'s panels, tab, busy bar and error (its figure and steps: `showRecord`). */
function activateLab(name) {
  if (!labs[name]) name = FIRST;
  state.lab = name;
  const rec = records[name];
  rec.unseen = null;
  for (const panel of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-lab-panel]'))) show(panel, panel.dataset.labPanel === name);
  for (const tab of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.lab[data-lab]'))) {
    const current = tab.dataset.lab === name;
    tab.classList.toggle('active', current);
    if (current) tab.setAttribute('aria-current', 'page');
    else tab.removeAttribute('aria-current');
  }
  for (const other of Object.values(records)) markTab(other);
  document.body.dataset.lab = name;
  for (const kind of EXPORTS) show(byId(`export-${kind}`), exportsOf(labs[name]).includes(kind));
  figure.setLabel(labs[name].figureLabel);
  showCompare(rec);
  busyStop();
  if (rec.running) busyStart(rec);
  showPageError();
}

/** The user picked another lab: show it with its own result; run its controls if they ask for something else. */
function switchLab(name) {
  if (name === state.lab || !labs[name]) return;
  player.stop();
  activateLab(name);
  controlsChanged({ force: true, restore: true });
}

// ---------------------------------------------------------------- messages

function showGeneralError(message) {
  const box = byId('error');
  box.textContent = message;
  show(box, Boolean(message));
}

/** The general box for the shown lab: an unreadable link, then the lab's own error (and the note over its view). */
function showPageError() {
  showGeneralError([state.linkError, active().error].filter(Boolean).join('\n'));
  showViewNote();
}

/** A Scenario's section and seed made readable, as compare.js's `differences` reads them. */
function sideOf(lab, scenario) {
  return { seed: scenario.seed, section: readable(scenario[lab.section] ?? {}) };
}

/**
 * The label of the run of `scenario` and, when `other`'s label is the same (a lab's label leaves
 * out settings), what sets it apart from `other` ("policy hcLtoS_greedy").
 */
function labelBeside(lab, scenario, other) {
  const label = runLabel(lab, scenario);
  if (!other || label !== runLabel(lab, other)) return label;
  const differs = differences(sideOf(lab, scenario), sideOf(lab, other));
  return differs === 'the same settings' ? label : `${label} (${differs})`;
}

/**
 * Which run the shown lab's view is, said where it shows: above its results, the run's label;
 * over the figure, while its controls ask for another run (input that is not valid, a run that
 * failed, was cancelled or is still going), a note naming the run shown and what the controls
 * ask for, until a run of them succeeds. A run starting does not raise the note (the busy bar
 * says it runs, and the page must not move when a job starts); a note already up follows it.
 */
function showViewNote(rec = active()) {
  if (!isShown(rec) || !labs) return;
  const lab = labs[rec.name];
  const note = byId('view-note');
  const runOf = byId(lab.ids.runOf);
  if (!rec.shown) {
    runOf.textContent = '';
    show(note, false);
    return;
  }
  const read = lab.form.read(state.base);
  const asked = read.error ? null : { ...rec.shown, seed: read.seed, [lab.section]: read.section };
  const askedKey = asked && ownKey(asked);
  const stale = askedKey !== ownKey(rec.shown);
  const label = labelBeside(lab, rec.shown, asked);
  runOf.textContent = `${stale ? 'Last run shown' : 'Run shown'}: ${label}`;
  runOf.title = runOf.textContent;
  runOf.classList.toggle('stale', stale);
  // (a run starting never raises it: the busy bar says so, the label above the results says
  // "Last run shown", and nothing on the page moves when a job starts)
  if (!stale || (rec.running && note.hidden)) {
    show(note, false);
    return;
  }
  let controls;
  if (!asked) controls = 'the controls hold input that does not run (marked in red)';
  else {
    const wanted = labelBeside(lab, asked, rec.shown);
    if (rec.running?.key === askedKey) controls = `the controls ask for ${wanted}, which is running`;
    else if (rec.failed?.key === askedKey) controls = `the controls ask for ${wanted}, which did not run (the reason is marked in red)`;
    else controls = `the controls ask for ${wanted}, which has not run (press Run)`;
  }
  note.textContent = `Showing the last run: ${label} — ${controls}.`;
  show(note, true);
}

let noticeTimer = null;
function showNotice(message, ms = 4000) {
  const box = byId('notice');
  box.textContent = message;
  show(box, true);
  announce(message);
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => show(box, false), ms);
}

/**
 * An error from the core, in the page's words: its reason next to the control of its Scenario
 * field and, with the field's label, in the general box.
 */
function showRunError(rec, err) {
  const lab = labs[rec.name];
  const error = lab.form.explain(err);
  rec.error = error.general;
  lab.form.showError(error.field, error.message);
  if (!isShown(rec)) return;
  showPageError();
  announce(`Did not run: ${error.general ?? error.message}`);
}

/**
 * Counters on <body> so tests and scripts can wait for the page: data-runs (a lab's result came
 * on screen: a run ended, well or not, or a lab was opened again on its kept result),
 * data-started (a lab's run began) and data-views (a step's or selection's figure was drawn).
 */
function countDone(name) {
  document.body.dataset[name] = String(Number(document.body.dataset[name] ?? 0) + 1);
}

// ---------------------------------------------------------------- busy indicator

let busyTimer = null;
/** The bar of the shown lab's run: after BUSY_AFTER_MS of it (at once when it already ran that long). */
function busyStart(rec) {
  clearTimeout(busyTimer);
  const { seq, since } = rec.running;
  busyProgress(rec);
  busyTimer = setTimeout(() => {
    if (isShown(rec) && rec.running?.seq === seq) {
      show(byId('busy'), true);
      document.body.classList.add('working');
    }
  }, Math.max(0, BUSY_AFTER_MS - (performance.now() - since)));
}

function busyProgress(rec) {
  const { progress, since } = rec.running;
  byId('progress').value = progress;
  rec.running.estimate ??= new Estimate(since);
  byId('busy-label').textContent = progress > 0 ? rec.running.estimate.text('Working…', progress) : 'Working…';
}

function busyStop() {
  clearTimeout(busyTimer);
  show(byId('busy'), false);
  document.body.classList.remove('working');
}

// ---------------------------------------------------------------- running

/**
 * Run `scenario` in its lab's worker and show it if the lab is shown when it ends (else it waits
 * in the lab's record). `step`/`channel`: what to show once it ran (step null = the lab's
 * default, its `wantStep`). Errors keep the lab's shown result.
 */
async function run(rec, scenario, { step = null, channel = null, zoom = null } = {}) {
  // A run still going: a quick one may end (its worker then holds it); one that turns out slow
  // is stopped — queued behind it, this run's bar would sit at 0 % for as long as it takes.
  if (rec.running && !rec.running.slow) await Promise.race([rec.running.promise, new Promise((resolve) => setTimeout(resolve, BUSY_AFTER_MS))]);
  if (rec.running) await cancelRun(rec, { quiet: true });
  rec.offering?.stop(); // what it would offer goes with the error this run replaces
  const lab = labs[rec.name];
  const seq = ++rec.runSeq;
  countDone('started');
  const json = configKey(scenario);
  const key = ownKey(scenario);
  rec.requested = key;
  const want = lab.wantStep(scenario, step);
  const requestStep = typeof want === 'number' ? want : -1;
  const requestChannel = lab.channels ? channel ?? -1 : -1;
  /** @type {(value?: unknown) => void} */
  let finish = () => {};
  rec.running = { seq, key, slow: false, progress: 0, since: performance.now(), promise: new Promise((resolve) => (finish = resolve)) };
  const slowTimer = setTimeout(() => {
    if (rec.running?.seq !== seq) return;
    rec.running.slow = true;
    showViewNote(rec);
  }, BUSY_AFTER_MS);
  if (isShown(rec)) busyStart(rec);
  markTab(rec);
  showViewNote(rec);
  let out;
  let ran = false;
  const held = rec.geometry;
  // the overview's SVG comes when the page may open on it (more when it is shown or asked for)
  const overview = isShown(rec) ? Math.max(OVERVIEW.whenOpen, figure.overviewMode) : OVERVIEW.whenOpen;
  try {
    out = await engineOf(rec).request('run', { json, step: requestStep, channel: requestChannel, known: held?.key ?? '', overview }, (fraction) => {
      if (rec.running?.seq !== seq) return;
      rec.running.progress = fraction;
      if (isShown(rec)) busyProgress(rec);
    });
    rec.workerKey = json;
    ran = true;
  } catch (err) {
    if (!isCancelled(err)) rec.workerKey = null;
    if (seq === rec.runSeq && !isCancelled(err)) runFailed(rec, scenario, err);
    return false;
  } finally {
    clearTimeout(slowTimer);
    if (rec.running?.seq === seq) {
      rec.running = null;
      if (isShown(rec)) busyStop();
    }
    if (!ran) showViewNote(rec); // (a good run says it once it is shown)
    finish();
    document.body.classList.remove('loading');
    if (seq === rec.runSeq) countDone('runs');
    markTab(rec);
  }
  if (seq !== rec.runSeq) return false;

  const steps = out.steps ?? [];
  const last = steps.length - 1;
  const shownStep = steps.length ? (want === 'last' ? last : Math.max(0, Math.min(last, want ?? 0))) : null;
  const shownChannel = lab.channels && channel !== null && channel >= 0 && channel < out.result.channels ? channel : null;
  Object.assign(rec, { shown: scenario, result: out.result, steps, step: shownStep, channel: shownChannel, failed: null });
  const fig = withGeometry(rec, out.figure, held);
  rec.fig = fig ? { figure: fig, step: requestStep, channel: requestChannel } : null;
  state.base = { ...state.base, [lab.section]: scenario[lab.section] };
  if (formKey(lab) === key) {
    lab.form.clearErrors();
    rec.error = null;
  } // else the form was changed to something not valid meanwhile: its error stays
  if (!isShown(rec)) {
    rec.unseen = 'done';
    markTab(rec);
    return true;
  }
  showPageError();
  lab.panel.shownChanged?.(scenario, out.result);
  lab.panel.showResult?.(out.result, steps, shownStep, { scenario, channel: shownChannel });
  player.setSteps(steps, shownStep, lab.noSteps);
  if (fig) showFigure(rec, fig);
  if (fig && zoom) figure.setZoomView(zoom); // a shared link's zoom
  document.title = titleOf(rec);
  announce(`Done: ${document.title.replace(/^Topolab\s*[—:-]?\s*/, '')}.`);
  if ((shownStep ?? -1) !== requestStep || !fig) refreshView();
  else refreshChannel();
  showCompare(rec);
  updateHash();
  return true;
}

/**
 * A run of `rec` (of `scenario`) failed: its error by the field (and in the general box when
 * shown), with the field's choices that run instead when it is a choice; its shown result stays.
 */
function runFailed(rec, scenario, err) {
  rec.failed = { key: ownKey(scenario), field: err.field ?? null, message: err.message, scenario };
  showRunError(rec, err);
  offerInstead(rec, rec.failed);
  if (!isShown(rec)) rec.unseen = 'failed';
  else if (!rec.shown) showNothing(rec);
}

/**
 * A run refused on a choice (LOREN on a network without a floor): the field's other choices
 * that pass what a run checks before its work begins (`precheck`: the router's kind of network
 * and size, the run's budget, on the built network) are offered beside its error, each a button
 * that picks it and runs. Each is checked in a worker of its own (building a large network takes
 * a moment, and the lab's worker may be busy), one after another, until the lab's failure or
 * error moves on (its next run stops the worker at once).
 */
async function offerInstead(rec, failure) {
  const lab = labs[rec.name];
  const name = lab.form.explain(failure).field;
  const field = name && lab.form.field(name);
  const choices = name ? lab.form.choices(name) : null;
  if (!field || !choices || field.scope === 'scenario') return;
  const section = failure.scenario[lab.section] ?? {};
  const others = choices.filter((choice) => choice.value !== String(section[field.path] ?? ''));
  const offer = lab.form.offer(name);
  if (!others.length || !offer.open) return offer.done();
  const engine = new Engine();
  rec.offering?.stop();
  rec.offering = engine;
  let tried = 0; // (stopped before all were tried, it says nothing of the rest)
  try {
    await engine.start();
    for (const choice of others) {
      if (rec.failed !== failure || !offer.open) break;
      const json = configKey({ ...failure.scenario, [lab.section]: { ...section, [field.path]: choice.value } });
      try {
        await engine.request('precheck', { json });
        offer.add(choice);
      } catch (err) {
        if (isCancelled(err)) break; // else it does not run either
      }
      tried++;
    }
  } catch {
    // the worker did not start (or was stopped first): nothing is offered
  } finally {
    engine.stop();
    if (rec.offering === engine) rec.offering = null;
    if (tried === others.length) offer.done();
  }
}

/** The key of what a lab's form asks for now, or null while it has an error. */
function formKey(lab) {
  const read = lab.form.read(state.base);
  return read.error ? null : ownKey({ lab: lab.name, seed: read.seed, [lab.section]: read.section });
}

/**
 * The shown lab has no good run yet (its first run failed or its input is not valid): no figure,
 * no steps, and a title that names the lab alone (not the run of the lab shown before).
 */
function showNothing(rec) {
  const lab = labs[rec.name];
  document.title = titleOf(rec);
  player.setSteps([], null, lab.noSteps);
  lab.panel.showLoading?.();
  figure.showMessage(rec.running ? 'Running…' : 'Nothing to show yet: correct the input marked in red and press Run.');
}

/**
 * Show the shown lab's record again: its result in the panels, its steps at its step, its figure
 * at its step and channel (the one kept, or asked of its worker). Resolves once drawn.
 */
async function showRecord(rec) {
  const lab = labs[rec.name];
  if (!rec.shown) return showNothing(rec);
  lab.panel.shownChanged?.(rec.shown, rec.result);
  lab.panel.showResult?.(rec.result, rec.steps, rec.step, { scenario: rec.shown, channel: rec.channel });
  player.setSteps(rec.steps, rec.step, lab.noSteps);
  document.title = titleOf(rec);
  showCompare(rec);
  const kept = rec.fig;
  if (kept && kept.step === (rec.step ?? -1) && kept.channel === (lab.channels ? rec.channel ?? -1 : -1)) {
    showFigure(rec, kept.figure);
    await refreshChannel();
  } else if (rec.running) {
    // its worker is busy with the newer run, which repaints everything when it ends
    figure.showMessage('Running…');
  } else {
    await refreshView();
  }
}

/** Stop `rec`'s run: its worker is replaced (its studies' worker is not); its shown result stays. */
async function cancelRun(rec, { quiet = false } = {}) {
  rec.runSeq++;
  rec.running = null;
  rec.workerKey = null;
  rec.requested = null;
  markTab(rec);
  if (isShown(rec)) {
    busyStop();
    player.stop();
    if (!quiet) showNotice(rec.shown ? 'Cancelled — the previous result is still shown.' : 'Cancelled.');
    showViewNote(rec);
  }
  await rec.engine?.cancel().catch(() => {});
}

/** Make sure the lab's worker holds its shown run (an error or Cancel dropped it); false if none. */
async function ensureSession(rec) {
  if (rec.running) await rec.running.promise;
  if (!rec.shown) return false;
  const json = configKey(rec.shown);
  if (rec.workerKey === json) return true;
  try {
    await engineOf(rec).request('run', { json, step: -1, channel: -1, known: rec.geometry?.key ?? '', overview: OVERVIEW.never });
    rec.workerKey = json;
    return true;
  } catch (err) {
    rec.workerKey = null;
    if (!isCancelled(err) && isShown(rec)) showGeneralError(err.message);
    return false;
  }
}

/**
 * `fig` with its drawing's geometry filled in: the one it brought (kept in the record for the
 * next request), or `held`, the record's geometry whose key the request passed (the worker then
 * leaves it out). Null when neither is there (then ask again without a key).
 */
function withGeometry(rec, fig, held) {
  const drawing = fig?.drawing;
  if (!drawing) return fig;
  if (drawing.geometry) rec.geometry = drawing.geometry;
  else if (held && held.key === drawing.key) drawing.geometry = held;
  else {
    rec.geometry = null;
    return null;
  }
  return fig;
}

function showFigure(rec, fig) {
  if (fig?.drawing || fig?.overview || fig?.hasOverview) {
    figure.showFigure(fig, configKey(rec.shown));
    labs[rec.name].panel.decorate?.(figure, rec.result);
  } else {
    figure.showMessage(fig?.error ?? 'No figure for this run.', 'too-large');
  }
  figure.describe(stepDescription(rec));
}

/**
 * The figure's text alternative: what the run is (the lab's document title: its key numbers)
 * and what the step shows (its title, explanation and numbers), from what the page already has.
 */
function stepDescription(rec) {
  const run = !rec.result ? '' : titleOf(rec).replace(/^Topolab\s*[—:-]?\s*/, '');
  const step = rec.step === null ? null : rec.steps[rec.step];
  if (!step) return `${run}.`;
  const numbers = step.metrics.map(([name, value]) => `${name.replace(/_/g, ' ')} ${Number.isInteger(value) ? value : value.toFixed(3)}`).join(', ');
  return `${run}. Step ${rec.step + 1} of ${rec.steps.length}: ${step.title}. ${step.explanation}${numbers ? ` (${numbers})` : ''}`;
}

/** The document's title for a lab's shown run (its lab's words, a file's network by its name), or the lab's name before one. */
function titleOf(rec) {
  const lab = labs[rec.name];
  return rec.shown ? lab.documentTitle(readableResult(rec.result), readable(rec.shown)) : `Topolab — ${lab.label}`;
}

/**
 * Ask the shown lab's worker for the figure (and channel detail) of its step and channel; newest
 * wins. Each lab has its own loop, so a lab whose run is going never holds up another's figure.
 * Resolves once the newest asked is drawn (or kept in the record when the lab was left).
 */
function refreshView(rec = active()) {
  if (rec.viewRun) {
    rec.viewAgain = true;
    return rec.viewRun;
  }
  rec.viewRun = (async () => {
    try {
      do {
        rec.viewAgain = false;
        if (!(await ensureSession(rec))) continue;
        if (!isShown(rec)) break; // asked again when the lab is shown again
        if (rec.running) {
          rec.viewAgain = true; // a run started meanwhile: wait for it, then ask again
          continue;
        }
        const seq = rec.runSeq;
        const step = rec.step ?? -1;
        const lab = labs[rec.name];
        const channel = lab.channels ? rec.channel ?? -1 : -1;
        const engine = engineOf(rec);
        const held = rec.geometry;
        const [sent, detail] = await Promise.all([
          engine.request('figure', { step, channel, known: held?.key ?? '', overview: figure.overviewMode }),
          channel >= 0 && !embed ? engine.request('detail', { query: { channel }, step }) : Promise.resolve(null),
        ]);
        if (seq !== rec.runSeq) continue; // a new run repaints everything
        const fig = withGeometry(rec, sent, held);
        if (!fig) {
          rec.viewAgain = true; // the geometry it was drawn on is gone: ask for it
          continue;
        }
        rec.fig = { figure: fig, step, channel };
        if (!isShown(rec)) break; // kept for when the lab is shown again
        showFigure(rec, fig);
        if (!embed) lab.panel.showChannel?.(detail);
      } while (rec.viewAgain);
    } catch (err) {
      if (!isCancelled(err)) showGeneralError(err.message);
    } finally {
      rec.viewRun = null;
      countDone('views');
    }
  })();
  return rec.viewRun;
}

/** Only the channel detail (after a run, whose figure already has the selection). */
async function refreshChannel() {
  const rec = active();
  const lab = labs[rec.name];
  if (!lab.channels) return;
  if (embed || rec.channel === null) return lab.panel.showChannel?.(null);
  const seq = rec.runSeq;
  try {
    const detail = await engineOf(rec).request('detail', { query: { channel: rec.channel }, step: rec.step ?? -1 });
    if (seq === rec.runSeq && isShown(rec) && !rec.viewRun) lab.panel.showChannel?.(detail);
  } catch (err) {
    if (!isCancelled(err)) showGeneralError(err.message);
  }
}

// ---------------------------------------------------------------- compare mode

let compareView;

/** The Scenario of a Scenario's `compare` (`{seed, section}`): the lab's section and seed replaced. */
function pinnedOf(scenario) {
  const lab = labOf(scenario);
  // (its own `compare` goes in `startCompare`)
  return { ...scenario, seed: String(scenario.compare.seed ?? scenario.seed), [lab.section]: scenario.compare.section };
}

/**
 * Compare mode for `rec`'s lab with `pinned` (a Scenario) as A, run in a worker of its own (B
 * is the lab's shown run, as always). Resolves when A's run ended.
 */
async function startCompare(rec, pinned) {
  stopCompare(rec, { quiet: true });
  const scenario = withoutView(pinned);
  delete scenario.compare;
  // `table`: the rows of A against B's result `tableOf` (asked once per pair of results)
  const cmp = { scenario, engine: new Engine(), result: null, steps: [], error: null, running: true, figureSeq: 0, table: null, tableOf: null };
  rec.compare = cmp;
  cmp.engine.start().catch(() => {});
  showCompare(rec);
  try {
    const out = await cmp.engine.request('run', { json: configKey(scenario), step: -1, channel: -1, known: '', overview: OVERVIEW.never });
    if (rec.compare !== cmp) return;
    cmp.result = out.result;
    cmp.steps = out.steps ?? [];
  } catch (err) {
    if (rec.compare !== cmp || isCancelled(err)) return;
    cmp.error = err.message;
  } finally {
    cmp.running = false;
  }
  showCompare(rec);
  updateHash();
}

/** Leave `rec`'s compare mode (its A's worker stops; B stays). */
function stopCompare(rec, { quiet = false } = {}) {
  if (!rec.compare) return;
  rec.compare.engine.stop();
  rec.compare = null;
  if (!quiet) {
    showCompare(rec);
    updateHash();
  }
}

/** The Compare button: pin the shown run as A (the controls go on setting B), or leave compare mode. */
function toggleCompare() {
  const rec = active();
  if (rec.compare) return stopCompare(rec);
  if (!rec.shown) return showNotice('Nothing to compare yet: run the lab first.');
  // A is the run shown, under its own label (the controls may ask for another: `showViewNote`)
  startCompare(rec, rec.shown);
  showNotice(`A is pinned: ${runLabel(labs[rec.name], rec.shown)}. Change the controls to set B, then compare them side by side.`, 6000);
}

/** A and B trade places: B's run is pinned as A, and the controls take A's settings and run. */
function swapCompare() {
  const rec = active();
  const cmp = rec.compare;
  if (!cmp || !rec.shown) return;
  const lab = labs[rec.name];
  const [a, b] = [cmp.scenario, rec.shown];
  startCompare(rec, b);
  lab.form.cancelPending();
  lab.form.setSome({ seed: a.seed, [lab.section]: a[lab.section] });
  lab.panel.formSet?.();
  controlsChanged({ force: true, step: rec.step ?? undefined });
}

/** Show the shown lab's compare mode as it stands: the labels, the table and A's figure (or hide it). */
function showCompare(rec) {
  if (!isShown(rec)) return;
  const cmp = rec.compare;
  byId('compare').setAttribute('aria-pressed', String(Boolean(cmp)));
  const lab = labs[rec.name];
  compareView.show(Boolean(cmp), byId(lab.ids.results));
  if (!cmp) return;
  // each side under its own run's label (and what sets it apart where the labels are alike)
  const b = rec.shown ?? cmp.scenario;
  compareView.setLabels(labelBeside(lab, cmp.scenario, b), labelBeside(lab, b, cmp.scenario));
  if (cmp.error) compareView.showTable(null, `A did not run: ${cmp.error}`);
  else if (cmp.running) compareView.showTable(null, 'A is running…');
  else if (!rec.result) compareView.showTable(null, 'B has no result yet.');
  else {
    // the same B shown again (its lab opened, its record redrawn) keeps its rows
    if (cmp.tableOf !== rec.result) {
      cmp.tableOf = rec.result;
      cmp.table = codec.request('compareResults', { a: JSON.stringify(cmp.result), b: JSON.stringify(rec.result) });
    }
    const asked = cmp.tableOf;
    cmp.table
      .then((rows) => {
        if (rec.compare === cmp && cmp.tableOf === asked && isShown(rec)) compareView.showTable(rows, '');
      })
      .catch((err) => compareView.showTable(null, `No table: ${err.message}`));
  }
  compareFigure(rec);
}

/**
 * A's figure at the step that corresponds to B's (the same index where A has it, else A's
 * last; with no step shown in B, A's own opening step). Newest asked wins.
 */
async function compareFigure(rec) {
  const cmp = rec.compare;
  if (!cmp || !isShown(rec)) return;
  if (cmp.running || cmp.error) {
    compareView.showFigure(null, cmp.error ? 'A did not run.' : 'Running A…');
    compareView.showStep('');
    return;
  }
  const count = cmp.steps.length;
  let step = -1;
  if (count) {
    const want = labs[rec.name].wantStep(cmp.scenario, null);
    step = rec.step === null ? (want === 'last' ? count - 1 : Math.min(count - 1, want ?? 0)) : Math.min(rec.step, count - 1);
  }
  compareView.showStep(count ? `A · step ${step + 1} / ${count}: ${cmp.steps[step].title}` : 'A has no steps to play.');
  const seq = ++cmp.figureSeq;
  try {
    const svg = await cmp.engine.request('svg', { step, channel: -1 });
    if (seq === cmp.figureSeq && rec.compare === cmp) compareView.showFigure(svg);
  } catch (err) {
    if (seq === cmp.figureSeq && rec.compare === cmp && !isCancelled(err)) compareView.showFigure(null, `No figure of A: ${err.message}`);
  } finally {
    if (seq === cmp.figureSeq) countDone('compares');
  }
}

// ---------------------------------------------------------------- permalink

/** The other labs' seeds (their last good run's, else their form's where valid), where unlike `seed`. */
function otherSeeds(name, seed) {
  const seeds = {};
  for (const [other, lab] of Object.entries(labs)) {
    if (other === name) continue;
    const own = String(records[other].shown?.seed ?? lab.form.text('seed').trim());
    if (/^\d{1,16}$/.test(own) && own !== String(seed) && Number(own) <= Number.MAX_SAFE_INTEGER) seeds[other] = Number(own);
  }
  return seeds;
}

/** The Scenario a link of a lab's shown run carries: that run, the other labs' sections and seeds as the page keeps them. */
function linkScenario(rec) {
  const lab = labs[rec.name];
  const s = rec.shown;
  /** @type {Record<string, any>} */
  const scenario = { ...state.base, version: s.version ?? state.base.version ?? 1, lab: s.lab, seed: s.seed, [lab.section]: s[lab.section], seeds: otherSeeds(s.lab, s.seed) };
  if (!Object.keys(scenario.seeds).length) delete scenario.seeds;
  delete scenario.view;
  delete scenario.compare;
  const pinned = rec.compare?.scenario;
  if (pinned) scenario.compare = { seed: Number(pinned.seed), section: pinned[lab.section] };
  return scenario;
}

/**
 * The permalink hash of a lab's shown run at its step and channel. The codec may refuse it (too
 * large for a link: its message says what to do); a hash it makes is read back before use, so
 * the page never offers a link it could not open itself.
 */
async function encodeShown(rec) {
  const zoom = figure.zoomView;
  const hash = await codec.request('encodePermalink', { json: scenarioJson(linkScenario(rec), { step: rec.step, channel: rec.channel, ...(zoom ? { zoom } : {}) }) });
  try {
    await codec.request('decodePermalink', { hash });
  } catch (err) {
    if (isCancelled(err)) throw err;
    throw new Error(`a link of it would not open (${err.message}); save it as a Scenario file instead (Export → Results (JSON), then \`topolab run FILE\`)`, { cause: err });
  }
  return hash;
}

let hashPromise = Promise.resolve();
let hashSeq = 0;
/**
 * Write the shown lab's Scenario, step and channel into the URL hash; resolves once written.
 * While an unreadable link is reported the address keeps it, so it can be fixed (until a change).
 */
function updateHash() {
  const rec = active();
  if (!rec.shown || state.linkError) return hashPromise;
  const seq = ++hashSeq;
  hashPromise = encodeShown(rec)
    .then((hash) => {
      if (seq !== hashSeq) return;
      state.lastHash = hash;
      writeHash(hash);
      byId('open-full').href = fullPageUrl();
    })
    .catch((err) => {
      if (!isCancelled(err)) console.warn('permalink:', err.message);
    });
  return hashPromise;
}

/**
 * Share and Embed: the open tour's link at its stop, else the link of the last run of the shown
 * lab that ran well (never the address bar, which may hold an unreadable link), or why there is
 * none.
 */
async function shareLink() {
  const tour = tourShareHash(); // an open tour: its link, at the stop shown, with its card
  if (tour?.error) return { error: `${tour.error}. Download it as a file instead (Your tour → Download file).` };
  if (tour) return { url: linkTo(tour.hash), title: tour.title };
  const rec = active();
  const lab = labs[rec.name];
  if (!rec.shown) {
    const why = rec.error ? ' (correct the input marked in red)' : rec.running ? ' (its first run is still going)' : '';
    return { error: `Nothing to share yet: the ${lab.label} lab has no result${why}.` };
  }
  try {
    const url = linkTo(await encodeShown(rec));
    const why = rec.running ? 'a newer run is going' : rec.error ? 'what is marked in red did not run' : state.linkError ? 'the link in the address could not be read' : null;
    return { url, note: why ? `the last ${lab.label} view that ran (${why})` : null, title: `Topolab ${lab.label}: ${runLabel(lab, rec.shown)}` };
  } catch (err) {
    return { error: `No link for this view: ${err.message}` };
  }
}

/**
 * A core message about Scenario field `field` (`ctc.cluster_size: …`) with the field named as the
 * page labels it ("CTC · T (tasks per LC): …"); as it is when the field is no lab's.
 */
function byLabel(message, field) {
  // (a permalink's error names its field in its words only: "permalink: ctc.cluster_size: …")
  const path = field ?? message.match(/(?:^|: )([a-z][\w-]*(?:\.[\w-]+)+): /)?.[1];
  const [section, ...rest] = String(path ?? '').split('.');
  const lab = Object.values(labs).find((l) => l.section === section);
  const label = lab && rest.length ? lab.form.labelFor(rest.join('.')) : null;
  const at = label ? message.indexOf(`${path}: `) : -1;
  if (at < 0) return message;
  return `${message.slice(0, at)}${lab.label} · ${label}: ${message.slice(at + path.length + 2)}`;
}

/**
 * The Scenario of a permalink hash. An unreadable one is explained; on first load the default
 * lab stands in, later (`keep`) the page keeps what it shows and this returns null.
 */
async function loadHash(hash, { keep = false } = {}) {
  try {
    return parseScenario(await codec.request('decodePermalink', { hash }));
  } catch (err) {
    if (isCancelled(err)) throw err;
    const instead = keep ? 'the page keeps what it showed' : 'showing the default lab instead';
    state.linkError = `This link could not be read: ${byLabel(unwrapped(err.message) ?? err.message, err.field)} — ${instead}; the address keeps the link so it can be corrected.`;
    showPageError();
    return keep ? null : parseScenario(await codec.request('defaultScenario'));
  }
}

/** Show a Scenario (from a link or the default) in every lab's controls and its lab's panels. */
function loadScenario(scenario) {
  state.base = withoutView(scenario);
  delete state.base.compare;
  // a link's compare mode: A pinned as it says, B the lab's own section (a link without one
  // leaves compare mode)
  const shown = records[scenario.lab];
  if (shown && scenario.compare) startCompare(shown, pinnedOf(scenario));
  else if (shown) stopCompare(shown);
  for (const [name, lab] of Object.entries(labs)) {
    // each lab's own seed: `seed` for the lab shown, `seeds[name]` for the others
    const own = name === scenario.lab ? scenario.seed : scenario.seeds?.[name];
    lab.form.set({ ...scenario, seed: String(own ?? scenario.seed) });
    lab.panel.formSet?.();
  }
  activateLab(scenario.lab);
}

// ---------------------------------------------------------------- user actions

/**
 * The shown lab's controls changed (or Run, or the lab was opened with `restore`): run them
 * unless that is what was asked last. Opened (`restore`), the lab shows its record first and runs
 * only when its controls ask for something else. `step`: the step to show (null: keep or the
 * lab's default).
 */
function controlsChanged({ force = false, step = undefined, restore = false } = {}) {
  const rec = active();
  const lab = labs[rec.name];
  const read = lab.form.read(state.base);
  if (read.error) {
    lab.form.showError(read.error.field, read.error.message);
    rec.error = read.error.general;
    showPageError();
    if (restore) {
      updateHash();
      showRecord(rec).finally(() => countDone('runs'));
    }
    return;
  }
  state.linkError = null;
  /** @type {Record<string, any>} */
  const scenario = { ...state.base, lab: state.lab, seed: read.seed, [lab.section]: read.section, seeds: otherSeeds(state.lab, read.seed) };
  if (!Object.keys(scenario.seeds).length) delete scenario.seeds;
  delete scenario.view;
  const key = ownKey(scenario);
  if (restore) {
    updateHash(); // the address names the lab shown: its last good run until another ends
    if (rec.running?.key === key) {
      // its run goes on: the last good result meanwhile, the new one when it ends
      showPageError();
      showRecord(rec);
      return;
    }
    if (!rec.running && rec.shown && ownKey(rec.shown) === key) {
      lab.form.clearErrors();
      rec.error = null;
      showPageError();
      showRecord(rec).finally(() => countDone('runs'));
      return;
    }
    if (!rec.running && rec.failed?.key === key) {
      showRunError(rec, rec.failed);
      showRecord(rec).finally(() => countDone('runs'));
      return;
    }
    showPageError();
    showRecord(rec);
  }
  if (!force && rec.running?.key === key) return; // already running
  if (!force && key === rec.requested && !rec.running) {
    if (rec.shown && key === ownKey(rec.shown)) {
      lab.form.clearErrors();
      rec.error = null;
      showPageError();
    }
    return;
  }
  let view;
  if (restore) view = { step: lab.openStep ?? null, channel: null };
  else view = lab.keepView(scenario, { scenario: rec.shown, step: rec.step, channel: rec.channel });
  if (step !== undefined) view.step = step;
  return run(rec, scenario, view);
}

function selectChannel(channel) {
  const rec = active();
  const lab = labs[rec.name];
  if (!rec.shown || !lab.channels) return;
  rec.channel = channel;
  lab.panel.markSelected?.(channel);
  refreshView();
  updateHash();
}

/** A switch clicked in the figure: the shown lab's to handle (it may answer with a notice). */
function switchClicked(id) {
  const rec = active();
  if (!rec.shown) return;
  const lab = labs[rec.name];
  const notice = lab.panel.switchClicked?.(id);
  if (notice) showNotice(notice);
  lab.panel.decorate?.(figure, rec.result);
}

function goToStep(index) {
  const rec = active();
  if (!rec.shown) return;
  rec.step = index;
  labs[rec.name].panel.showStep?.(index);
  refreshView();
  compareFigure(rec);
  updateHash();
}

/**
 * The results JSON with the shown view (step, selected channel) in its Scenario, as a permalink
 * carries it: `topolab run` on the file reopens what was on screen. The seed keeps its digits.
 */
function withView(text, rec) {
  const both = JSON.parse(text);
  both.scenario.view = { step: rec.step, channel: rec.channel };
  return JSON.stringify(both, null, 2).replace(/("seed":\s*)-?[\d.e+]+/, `$1${rec.shown.seed}`);
}

/**
 * The exports of data the worker writes, by the Export menu's kind: the worker's request, the
 * file's extension and its media type (the figure's SVG and PNG are drawn here).
 */
const DATA_EXPORTS = {
  json: ['resultJson', 'json', 'application/json'],
  csv: ['csv', 'csv', 'text/csv'],
  anynet: ['anynet', 'anynet', 'text/plain'],
  graphml: ['graphml', 'graphml', 'application/graphml+xml'],
  dot: ['dot', 'dot', 'text/vnd.graphviz'],
  sst: ['sst', 'py', 'text/x-python'],
};
/** Every item of the Export menu (`#export-KIND`). */
const EXPORTS = ['svg', 'png', ...Object.keys(DATA_EXPORTS), 'booksim'];
/** Exports only the labs that list them offer (an experiment needs the Simulate lab's traffic). */
const LISTED_ONLY = ['sst', 'booksim'];

/** The exports the shown lab offers (a lab without per-channel data offers no CSV). */
function exportsOf(lab) {
  return lab.exports ?? EXPORTS.filter((kind) => !LISTED_ONLY.includes(kind));
}

/** The shown drawing as one SVG document (what the CLI's `--svg` writes), at the step and channel on screen; null when none is shown. */
async function drawingSvg(rec) {
  if (!figure.hasDrawing || !(await ensureSession(rec))) return null;
  const lab = labs[rec.name];
  const step = rec.fig?.step ?? rec.step ?? -1;
  const channel = rec.fig?.channel ?? (lab.channels ? rec.channel ?? -1 : -1);
  return engineOf(rec).request('svg', { step, channel });
}

/**
 * The figure on screen as one SVG document for a file, at most MAX_SIDE px a side: the lab's own
 * figure when it draws one (`panel.figureSvg`), the overview while it is shown, else the drawing
 * cropped to the part in view. Null when there is none.
 */
async function figureSvg(rec) {
  const own = labs[rec.name].panel.figureSvg?.();
  if (own) return framedSvg(own);
  if (figure.shownOverview) return framedSvg(figure.shownOverview);
  const region = figure.visibleRegion; // before the wait: the view as it was when asked
  const svg = await drawingSvg(rec);
  return svg && framedSvg(svg, region);
}

async function exportAs(kind) {
  byId('export-menu').open = false;
  const rec = active();
  if (!rec.shown) return showNotice('Nothing to export yet.');
  try {
    let name;
    if (kind === 'svg' || kind === 'png') {
      const svg = await figureSvg(rec);
      if (!svg) throw new Error('there is no figure to export for this topology (too large to draw); CSV and JSON still work');
      name = fileName(['topolab', ...labOf(rec.shown).fileParts(rec.shown)], kind);
      download(name, kind === 'svg' ? svgBlob(svg) : await pngBlob(svg, { scale: 2, background: '#ffffff' }));
    } else if (kind === 'booksim') {
      name = await downloadBooksim(rec);
    } else {
      const spec = DATA_EXPORTS[kind];
      if (!(await ensureSession(rec))) throw new Error('the result is not available');
      let text = await engineOf(rec).request(spec[0]);
      if (kind === 'json') text = withView(text, rec);
      name = fileName(['topolab', ...labOf(rec.shown).fileParts(rec.shown)], spec[1]);
      download(name, textBlob(text, spec[2]));
    }
    showNotice(`Downloaded ${name}`);
  } catch (err) {
    if (!isCancelled(err)) showGeneralError(`Export failed: ${err.message}`);
  }
}

/**
 * The shown run as a BookSim2 experiment (`topolab export booksim`'s files): its config, and the
 * anynet file it reads where BookSim has no network of its own, under the name the config gives.
 * Resolves with what was downloaded.
 */
async function downloadBooksim(rec) {
  if (!(await ensureSession(rec))) throw new Error('the result is not available');
  const base = fileName(['topolab', ...labOf(rec.shown).fileParts(rec.shown)]);
  const networkFile = `${base}.anynet`;
  const files = await engineOf(rec).request('booksim', { networkFile });
  const config = `${base}.booksim.cfg`;
  download(config, textBlob(files.config, 'text/plain'));
  if (!files.anynet) return config;
  download(networkFile, textBlob(files.anynet, 'text/plain'));
  return `${config} and ${networkFile}`;
}

/**
 * What the guided tours (www/tours.js) may ask of the page: the labs to list, a lab's entry of
 * the core's catalog (its defaults and presets, from which a stop's section is built; null
 * before the catalog), a tour's stop shown (the lab's form set to its seed and section, the
 * fields it leaves out at their defaults, the lab shown and run at the stop's step; resolves
 * with the run's output once it is on screen), a stop's result run aside (nothing shown
 * changes), a channel selected.
 */
function tourHost() {
  return {
    labs: () => Object.values(labs).map((lab) => ({ name: lab.name, label: lab.label, about: lab.about })),
    entry: (name) => labs[name]?.form?.entry() ?? null,
    showLab: (name) => switchLab(name),
    /** Focus lab `name`'s heading (after the welcome dialog: its controls follow it in Tab order). */
    focusLab: (name) => {
      const heading = byId(labs[name].ids.heading);
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    },
    notify: (message) => showNotice(message, 8000),
    updateHash,
    decodeTour: (link) => codec.request('decodeTour', { link }),
    editTour: (json) => composer.adopt(json),
    openComposer: () => composer?.toggle(true),
    async applyStop({ lab: name, seed, section, step, compare = null, channel = null }) {
      const lab = labs[name];
      if (!lab) throw new Error(`this page has no lab '${name}'`);
      lab.form.cancelPending();
      lab.form.set({ seed: String(seed), [lab.section]: section });
      lab.panel.formSet?.();
      if (name !== state.lab) {
        player.stop();
        activateLab(name);
      }
      const rec = records[name];
      // a lecturer's stop in compare mode: A pinned as it says (B is the section); else none
      if (compare) startCompare(rec, pinnedOf({ version: 1, lab: name, seed: String(seed), [lab.section]: section, compare }));
      else stopCompare(rec);
      if (!(await controlsChanged({ force: true, step: step ?? null }))) throw new Error(rec.error ?? 'it was replaced by another run');
      await rec.viewRun;
      if (channel !== null && lab.channels) {
        selectChannel(channel);
        await rec.viewRun;
      }
      return { result: rec.result, steps: rec.steps, step: rec.step };
    },
    async resultFor({ lab: name, seed, section }) {
      const engine = new Engine();
      try {
        await engine.start();
        const json = configKey({ version: 1, lab: name, seed: String(seed), [labs[name].section]: section });
        return (await engine.request('run', { json, step: -1, channel: -1, known: '', overview: OVERVIEW.never })).result;
      } finally {
        engine.stop();
      }
    },
    async selectChannel(channel) {
      selectChannel(channel);
      await active().viewRun;
    },
  };
}

let composer;

/**
 * What the tour composer (www/tour-composer.js) asks of the page: the view shown as a stop (the
 * shown run's lab, seed and section, compare mode's A, the step and channel shown), a stop's
 * label, the core's tour checks, and playing a checked tour.
 */
function composerHost() {
  const describe = (stop) => {
    const lab = labs[stop.lab];
    if (!lab) return `a view of '${stop.lab}'`;
    const label = (seed, section) => runLabel(lab, { version: 1, lab: stop.lab, seed: String(seed), [lab.section]: section });
    const vs = stop.compare ? ` against A = ${label(stop.compare.seed, stop.compare.section)}` : '';
    const at = stop.step !== null && stop.step !== undefined ? `, step ${stop.step + 1}` : '';
    return `${lab.label} · ${label(stop.seed, stop.section)}${vs}${at}`;
  };
  return {
    currentStop() {
      const rec = active();
      const lab = labs[rec.name];
      if (!rec.shown) return { error: `Nothing to add yet: the ${lab.label} lab has no result${rec.running ? ' (its first run is still going)' : rec.error ? ' (correct the input marked in red)' : ''}.` };
      /** @type {Record<string, any>} */
      const stop = { lab: rec.name, seed: Number(rec.shown.seed), section: rec.shown[lab.section] };
      const pinned = rec.compare?.scenario;
      if (pinned) stop.compare = { seed: Number(pinned.seed), section: pinned[lab.section] };
      if (rec.step !== null) stop.step = rec.step;
      if (rec.channel !== null && lab.channels) stop.channel = rec.channel;
      return { stop };
    },
    describe,
    codec: (type, args) => codec.request(type, args),
    play: (json, index) => playOwnTour(json, index, async (tour) => codec.request('encodeTour', { json: JSON.stringify(tour) })),
  };
}

/**
 * A <details> menu by keyboard, as the ARIA menu button pattern has it: opening it (Enter,
 * Space, a click) focuses its first item; ↓ ↑ move between the items shown (wrapping), Home
 * End jump; Tab leaves it closed, from its button (Escape: `wire`).
 */
function wireMenuKeys(menu) {
  const summary = menu.querySelector('summary');
  const items = () => [...menu.querySelectorAll('[role="menuitem"]')].filter((item) => !item.hidden);
  summary.setAttribute('aria-haspopup', 'menu');
  menu.addEventListener('toggle', () => {
    if (menu.open) items()[0]?.focus();
  });
  menu.addEventListener('keydown', (event) => {
    if (!menu.open || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Tab') {
      menu.open = false;
      summary.focus(); // the browser's Tab then goes on from the button, past the closed items
      return;
    }
    const list = items();
    const at = list.indexOf(document.activeElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 }[event.key];
    if (to === undefined || list.length === 0) return;
    event.preventDefault();
    list[(to + list.length) % list.length].focus();
  });
}

function wire() {
  figure = new Figure({ onChannelClick: selectChannel, onSwitchClick: switchClicked, requestFigure: () => refreshView() });
  player = new Player({ onStep: goToStep });
  labs = buildLabs();
  reachableScrollAreas(byId('layout'), '.table-wrap, .ctc-scroll, .ctc-list, .ocs-unused, .circuits, .results .detail, #step-explanation, #figure');
  compareView = new CompareView({ onSwap: swapCompare, onClose: () => stopCompare(active()) });
  byId('compare').addEventListener('click', toggleCompare);
  new Sharing({ link: shareLink, clicker: () => ({ touring: Boolean(tourShareHash()), steps: active().steps.length }) });
  byId('cancel').addEventListener('click', () => cancelRun(active()));
  for (const kind of EXPORTS) byId(`export-${kind}`).addEventListener('click', () => exportAs(kind));
  wireMenuKeys(byId('export-menu'));
  document.addEventListener('click', (event) => {
    const menu = byId('export-menu');
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const menu = byId('export-menu');
    // used here: an embed does not hand it to its host (www/keys.js)
    if (menu.open) {
      event.preventDefault();
      menu.open = false;
      menu.querySelector('summary').focus();
    } else if (active().channel !== null && !(/** @type {Element} */ (event.target).closest?.('input, select, textarea, [role="dialog"]'))) {
      event.preventDefault();
      selectChannel(null);
    }
  });
  for (const tab of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.lab[data-lab]'))) {
    tab.addEventListener('click', () => switchLab(tab.dataset.lab));
  }
  // an in-page link (the skip link to the figure) moves focus and leaves the address alone:
  // written into it, the address was read as a broken permalink, and an open tour's was lost
  document.addEventListener('click', (event) => {
    const link = /** @type {Element} */ (event.target).closest?.('a[href^="#"]');
    const id = link?.getAttribute('href')?.slice(1) ?? '';
    const target = /^[A-Za-z][\w-]*$/.test(id) ? document.getElementById(id) : null;
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'nearest' });
  });
  window.addEventListener('hashchange', (event) => {
    // the address navigated to (the page may have written its own permalink since: it is a
    // replaceState, which fires no event, and must not hide the link the reader asked for)
    const hash = currentHash(event.newURL);
    if (openTourLink(hash)) return; // a tour's link (#tour=…) opens the tour, not a Scenario
    if (!hash || hash === state.lastHash) return;
    state.linkError = null;
    loadHash(hash, { keep: Boolean(active().shown) })
      .then((scenario) => {
        if (!scenario) return null;
        const switching = scenario.lab !== state.lab;
        if (switching) player.stop();
        loadScenario(scenario);
        const rec = active();
        if (switching) showRecord(rec);
        return run(rec, scenario, { step: scenario.view?.step ?? null, channel: scenario.view?.channel ?? null, zoom: scenario.view?.zoom ?? null });
      })
      .catch(() => {});
  });
}

async function main() {
  if (document.readyState === 'loading') await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  if (embed) {
    document.body.classList.add('embed');
    // the header is not shown in an embed; its heading stays, for screen readers, over the figure
    byId('stage').prepend(Object.assign(document.querySelector('.brand'), { className: 'visually-hidden' }));
  }
  setupTheme();
  trackHeight(document.querySelector('.topbar'), '--topbar-h');
  trackHeight(byId('player'), '--player-h');
  wire();
  setupKeys({ player, tours: setupTours(tourHost()) });
  if (!embed) composer = setupComposer(composerHost());
  byId('open-full').href = fullPageUrl();

  // Start the codec at once; ask for the catalog and run the scenario in parallel (the first
  // lab's worker starts beside the codec unless a link names another lab).
  codec.start().catch(() => {});
  // the forms are the catalog's: a lab runs once its form is there
  const catalog = codec.request('catalog').then((names) => {
    showCatalog(names);
    buildForms(names);
    return names;
  });
  const hash = isTourLink(currentHash()) ? '' : currentHash(); // a tour's link opens the tour once the page has run
  if (!hash) engineOf(records[FIRST]);
  const scenario = hash ? loadHash(hash) : codec.request('defaultScenario').then(parseScenario);
  const firstRun = Promise.all([catalog, scenario]).then(([, s]) => {
    activateLab(s.lab);
    return run(active(), s, { step: s.view?.step ?? labs[s.lab]?.openStep ?? null, channel: s.view?.channel ?? null, zoom: s.view?.zoom ?? null });
  });
  firstRun.catch(() => {}); // reported below, whichever request fails first
  try {
    const names = await catalog;
    byId('version').textContent = `Topolab ${names.version}`;
    loadScenario(await scenario);
    await firstRun;
    openTourLink(currentHash());
  } catch (err) {
    document.body.classList.remove('loading');
    const message = `The engine could not start: ${err.message}. (Was the WASM module built with "npm run build"?)`;
    showGeneralError(message);
    figure.showMessage('No figure: the engine did not start (see the message above).', 'too-large');
  }
}

main();
