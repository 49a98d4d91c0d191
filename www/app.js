// Topolab's page: builds the labs of www/labs.js (tabs, controls from their declared fields,
// panels) and wires them, the figure, the step player and the permalink to two workers
// (www/engine.js): one holds the shown run and answers stepping, clicks and exports; the other
// runs the labs' long studies, so a sweep never delays a step and its Cancel never drops the
// shown run. The page keeps what is shown (the last good run) and what was asked; an error or
// a Cancel never takes the shown result away. Nothing here names a lab.
import { Engine, Cancelled } from './engine.js';
import { byId, el, show, progressText } from './dom.js';
import { FieldForm } from './fields.js';
import { Figure } from './figure.js';
import { Player } from './player.js';
import { download, fileName, pngBlob, svgBlob, textBlob } from './exporting.js';
import { LABS, PLANNED } from './labs.js';
import { Sharing, currentHash, fullPageUrl, isEmbed, writeHash } from './permalink.js';
import { setupTheme } from './theme.js';

/** A run longer than this shows the progress bar and Cancel. */
const BUSY_AFTER_MS = 150;

/** The shown run: runs, steps, figures, details, exports. */
const engine = new Engine();
/** The labs' long studies (started on first use). */
const studies = new Engine();
const embed = isEmbed();
const FIRST = LABS[0].name;

const state = {
  lab: FIRST, // the lab whose panels are shown
  base: { version: 1, lab: FIRST }, // the last Scenario loaded or shown: the other labs' sections are kept from it
  shown: null, // the Scenario (seed as digits, view ignored) whose result is on screen
  result: null,
  steps: [],
  step: null, // index into steps, or null
  channel: null, // selected channel id, or null
  requested: null, // config key of the last run asked for
  workerKey: null, // config key of the session the worker holds (null: none)
  runSeq: 0,
  running: null, // {seq, promise} of the newest run in flight
  linkError: null, // message about an unreadable permalink, kept until the user changes something
  lastHash: null, // the hash this page wrote last
  views: {}, // per lab, the run and view left when switching away: {key, step, channel}
};

let figure;
let player;
/** The labs by name: each definition with its `form` (FieldForm) and `panel` (from `create`). */
let labs;

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

/** Identifies a run: the Scenario without its view. */
function configKey(scenario) {
  return scenarioJson(scenario);
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
  return {
    form: lab.form,
    /** A request to the worker holding the shown run (quick work only). */
    request: (type, args) => engine.request(type, args),
    /** Run study `name` of a Scenario (JSON) in the studies' worker; `onProgress(fraction, point)`. */
    study: (name, json, args, onProgress) => {
      if (!studies.worker) studies.start().catch(() => {});
      return studies.request('study', { json, name, args }, onProgress);
    },
    /** Stop the running study (the shown run stays). */
    cancelStudy: () => studies.cancel().catch(() => {}),
    /** The shown run if it is this lab's: {scenario, json, result}, else null. */
    current: () => (state.shown?.lab === lab.name ? { scenario: state.shown, json: configKey(state.shown), result: state.result } : null),
    jsonFor: (scenario) => configKey(scenario),
    notify: (message) => showNotice(message),
    error: (message) => showGeneralError(message),
    fileStem: () => fileName(['topolab', ...lab.fileParts(state.shown?.lab === lab.name ? state.shown : defaultOf(lab))]),
    goToStep: (index) => player.go(index),
    selectChannel: (channel) => selectChannel(channel),
    runNow: () => controlsChanged({ force: true }),
    /** A detail of the shown run at the shown step (`{switch}`, `{channel}`), or null when this lab shows none. */
    detail: async (query) => ((await ensureSession()) && state.shown?.lab === lab.name ? engine.request('detail', { query, step: state.step ?? -1 }) : null),
    /** Open lab `name` with `values` in its fields (name → value, as a preset) and run it. */
    openLab: (name, values) => openLab(name, values),
  };
}

/** The Scenario a lab's form would write from the page's base (for names before anything ran). */
function defaultOf(lab) {
  return { ...state.base, lab: lab.name, [lab.section]: state.base[lab.section] ?? {} };
}

/** The ids of a lab's panels (a definition may keep older ids). */
function idsOf(lab) {
  const p = lab.prefix;
  return { controls: `${p}controls`, form: `${p}form`, heading: `${p}controls-heading`, run: `${p}run`, results: `${p}results`, analysis: `${p}analysis`, ...(lab.ids ?? {}) };
}

/** Build every lab's tab, controls and panels from www/labs.js, and the planned labs' tabs. */
function buildLabs() {
  const nav = byId('lab-tabs');
  const layout = byId('layout');
  const stage = byId('stage');
  const built = {};
  for (const def of LABS) {
    const ids = idsOf(def);
    const lab = { ...def, ids };
    nav.append(el('button', { type: 'button', class: 'lab', id: `lab-${def.name}`, 'data-lab': def.name, 'aria-label': `${def.label} lab`, title: def.about, text: def.label }));

    const run = el('button', { type: 'submit', id: ids.run, class: 'primary', 'aria-label': `Run the ${def.label} lab`, text: 'Run' });
    const form = el('form', { id: ids.form, autocomplete: 'off', novalidate: true }, run);
    const intro = el('p', { class: 'intro' });
    intro.innerHTML = def.intro;
    const presets = (def.presets ?? []).map((preset) => {
      const button = el('button', { type: 'button', id: preset.id, class: 'preset', 'aria-label': preset.aria });
      button.innerHTML = preset.label;
      button.addEventListener('click', () => applyPreset(lab, preset));
      return button;
    });
    const controls = el('aside', { class: 'panel controls', id: ids.controls, 'data-lab-panel': def.name, 'aria-labelledby': ids.heading, hidden: true }, el('h2', { id: ids.heading, text: def.heading }), intro, ...presets, form);
    layout.insertBefore(controls, stage);
    lab.form = new FieldForm(def, { onChange: () => controlsChanged(), onRunNow: () => controlsChanged({ force: true }) });
    lab.form.build(form, run);

    const results = el('aside', { class: 'panel results', id: ids.results, 'data-lab-panel': def.name, 'aria-label': def.resultsLabel, hidden: true });
    results.innerHTML = def.resultsHtml;
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
  // The panels exist now: each lab makes its panel objects.
  for (const lab of Object.values(built)) lab.panel = lab.create(contextFor(lab));
  return built;
}

/** Put `values` (field name → value) into a lab's form, as if typed. */
function fillForm(lab, values) {
  lab.form.cancelPending();
  for (const [name, value] of Object.entries(values)) lab.form.setValue(name, value);
  lab.form.refresh();
}

/** A lab's preset: its values into the form, then run it from its first step. */
function applyPreset(lab, preset) {
  fillForm(lab, preset.values);
  controlsChanged({ force: true, step: 0 });
}

/** One lab hands its set-up to another ("Simulate this"): `values` into lab `name`'s form, then show and run it. */
function openLab(name, values) {
  const lab = labs[name];
  if (!lab) return;
  fillForm(lab, values);
  lab.panel.formSet?.();
  if (name === state.lab) controlsChanged({ force: true });
  else switchLab(name);
}

/** Show `name`'s panels and tab (no run). */
function activateLab(name) {
  if (!labs[name]) name = FIRST;
  state.lab = name;
  for (const panel of document.querySelectorAll('[data-lab-panel]')) show(panel, panel.dataset.labPanel === name);
  for (const tab of document.querySelectorAll('.lab[data-lab]')) {
    const active = tab.dataset.lab === name;
    tab.classList.toggle('active', active);
    if (active) tab.setAttribute('aria-current', 'page');
    else tab.removeAttribute('aria-current');
    tab.setAttribute('aria-label', `${labs[tab.dataset.lab].label} lab${active ? ' (current)' : ''}`);
  }
  document.body.dataset.lab = name;
  for (const kind of ['svg', 'png', 'json', 'csv', 'anynet']) show(byId(`export-${kind}`), exportsOf(labs[name]).includes(kind));
  figure.setLabel(labs[name].figureLabel);
}

/** The user picked another lab: show it and run its scenario (or go back to its last view). */
function switchLab(name) {
  if (name === state.lab || !labs[name]) return;
  state.views[state.lab] = { key: state.shown ? configKey(state.shown) : null, step: state.step, channel: state.channel };
  // Each lab keeps its own seed (the permalink carries them all: `seeds`).
  activateLab(name);
  labs[name].panel.showLoading?.();
  player.stop();
  state.runSeq++; // a run of the other lab still in flight is not shown here
  controlsChanged({ force: true, restore: true });
}

// ---------------------------------------------------------------- messages

function showGeneralError(message) {
  const box = byId('error');
  box.textContent = message;
  show(box, Boolean(message));
}

function clearGeneralError() {
  showGeneralError(state.linkError ?? '');
}

let noticeTimer = null;
function showNotice(message, ms = 4000) {
  const box = byId('notice');
  box.textContent = message;
  show(box, true);
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => show(box, false), ms);
}

/** An error from the core: next to the control of its Scenario field and, in full, in the general box. */
function showRunError(lab, err) {
  lab.form.showError(lab.form.fieldOfPath(err.field), err.message);
  showGeneralError(state.linkError ? `${state.linkError}\n${err.message}` : err.message);
}

/** Counters on <body> (data-runs, data-views) so tests and scripts can wait for the page. */
function countDone(name) {
  document.body.dataset[name] = String(Number(document.body.dataset[name] ?? 0) + 1);
}

// ---------------------------------------------------------------- busy indicator

let busyTimer = null;
let busySince = 0;
function busyStart(seq) {
  clearTimeout(busyTimer);
  busySince = performance.now();
  byId('progress').value = 0;
  byId('busy-label').textContent = 'Working…';
  busyTimer = setTimeout(() => {
    if (state.running?.seq === seq) {
      show(byId('busy'), true);
      document.body.classList.add('working');
    }
  }, BUSY_AFTER_MS);
}

function busyStop() {
  clearTimeout(busyTimer);
  show(byId('busy'), false);
  document.body.classList.remove('working');
}

// ---------------------------------------------------------------- running

/**
 * Run `scenario` and show it. `step`/`channel`: what to show once it ran (step null = the
 * lab's default, its `wantStep`). Errors keep the shown result.
 */
async function run(scenario, { step = null, channel = null } = {}) {
  if (state.running && state.running.slow) await cancelRun({ quiet: true });
  const lab = labOf(scenario);
  const seq = ++state.runSeq;
  const key = configKey(scenario);
  state.requested = key;
  const want = lab.wantStep(scenario, step);
  const requestStep = typeof want === 'number' ? want : -1;
  let finish;
  state.running = { seq, slow: false, promise: new Promise((resolve) => (finish = resolve)) };
  const slowTimer = setTimeout(() => {
    if (state.running?.seq === seq) state.running.slow = true;
  }, BUSY_AFTER_MS);
  busyStart(seq);
  let out;
  try {
    out = await engine.request('run', { json: key, step: requestStep, channel: lab.channels ? channel ?? -1 : -1 }, (fraction) => {
      if (seq !== state.runSeq) return;
      byId('progress').value = fraction;
      byId('busy-label').textContent = progressText('Working…', fraction, performance.now() - busySince);
    });
    state.workerKey = key;
  } catch (err) {
    if (!isCancelled(err)) state.workerKey = null;
    if (seq === state.runSeq && !isCancelled(err) && lab === labs[state.lab]) {
      showRunError(lab, err);
      if (!state.shown || state.shown.lab !== scenario.lab) showNothing();
    }
    return false;
  } finally {
    clearTimeout(slowTimer);
    if (state.running?.seq === seq) {
      state.running = null;
      busyStop();
    }
    finish();
    document.body.classList.remove('loading');
    if (seq === state.runSeq) countDone('runs');
  }
  if (seq !== state.runSeq || lab !== labs[state.lab]) return false;

  const steps = out.steps ?? [];
  const last = steps.length - 1;
  const shownStep = steps.length ? (want === 'last' ? last : Math.max(0, Math.min(last, want ?? 0))) : null;
  const shownChannel = lab.channels && channel !== null && channel >= 0 && channel < out.result.channels ? channel : null;
  state.shown = scenario;
  state.base = withoutView(scenario);
  state.result = out.result;
  state.steps = steps;
  state.step = shownStep;
  state.channel = shownChannel;

  lab.form.clearErrors();
  clearGeneralError();
  lab.panel.shownChanged?.(scenario, out.result);
  lab.panel.showResult?.(out.result, steps, shownStep, { scenario, channel: shownChannel });
  player.setSteps(steps, shownStep, lab.noSteps);
  showFigure(out.figure);
  document.title = lab.documentTitle(out.result);
  if ((shownStep ?? -1) !== requestStep) refreshView();
  else refreshChannel();
  updateHash();
  return true;
}

/**
 * Nothing of this lab has run yet (its first run failed, e.g. after switching labs with a bad
 * input): show no result rather than another lab's.
 */
function showNothing() {
  state.shown = null;
  state.result = null;
  state.steps = [];
  state.step = null;
  state.channel = null;
  player.setSteps([], null);
  figure.showMessage('Nothing to show yet: correct the input marked in red and press Run.');
}

async function cancelRun({ quiet = false } = {}) {
  state.runSeq++;
  state.running = null;
  state.workerKey = null;
  state.requested = null;
  busyStop();
  player.stop();
  if (!quiet) showNotice(state.shown ? 'Cancelled — the previous result is still shown.' : 'Cancelled.');
  await engine.cancel().catch(() => {});
}

/** Make sure the worker holds the shown run (an error or Cancel dropped it); false if none. */
async function ensureSession() {
  if (state.running) await state.running.promise;
  if (!state.shown) return false;
  const key = configKey(state.shown);
  if (state.workerKey === key) return true;
  try {
    await engine.request('run', { json: key, step: -1, channel: -1 });
    state.workerKey = key;
    return true;
  } catch (err) {
    state.workerKey = null;
    if (!isCancelled(err)) showGeneralError(err.message);
    return false;
  }
}

function showFigure(fig) {
  if (fig?.svg || fig?.overview) {
    figure.showFigure(fig, state.shown ? configKey(state.shown) : null);
    labOf(state.shown).panel.decorate?.(figure, state.result);
  } else {
    figure.showMessage(fig?.error ?? 'No figure for this run.', 'too-large');
  }
}

let viewBusy = false;
let viewAgain = false;
/** Ask for the figure (and channel detail) of the current step and channel; newest wins. */
async function refreshView() {
  if (viewBusy) {
    viewAgain = true;
    return;
  }
  viewBusy = true;
  try {
    do {
      viewAgain = false;
      if (!(await ensureSession())) return;
      if (state.running) {
        viewAgain = true; // a run started meanwhile: wait for it, then ask again
        continue;
      }
      const seq = state.runSeq;
      const step = state.step ?? -1;
      const channel = state.channel ?? -1;
      const lab = labOf(state.shown);
      const [fig, detail] = await Promise.all([
        engine.request('figure', { step, channel }),
        channel >= 0 && lab.channels && !embed ? engine.request('detail', { query: { channel }, step }) : Promise.resolve(null),
      ]);
      if (seq !== state.runSeq) return; // a new run repaints everything
      showFigure(fig);
      if (!embed) lab.panel.showChannel?.(detail);
    } while (viewAgain);
  } catch (err) {
    if (!isCancelled(err)) showGeneralError(err.message);
  } finally {
    viewBusy = false;
    countDone('views');
  }
}

/** Only the channel detail (after a run, whose figure already has the selection). */
async function refreshChannel() {
  const lab = labOf(state.shown);
  if (!lab.channels) return;
  if (embed || state.channel === null) return lab.panel.showChannel?.(null);
  const seq = state.runSeq;
  try {
    const detail = await engine.request('detail', { query: { channel: state.channel }, step: state.step ?? -1 });
    if (seq === state.runSeq && !viewBusy) lab.panel.showChannel?.(detail);
  } catch (err) {
    if (!isCancelled(err)) showGeneralError(err.message);
  }
}

// ---------------------------------------------------------------- permalink

let hashPromise = Promise.resolve();
let hashSeq = 0;
/**
 * Write the shown Scenario, step and channel into the URL hash; resolves once written. While an
 * unreadable link is reported the address keeps it, so it can be fixed (until a change).
 */
function updateHash() {
  if (!state.shown || state.linkError) return hashPromise;
  const seq = ++hashSeq;
  const json = scenarioJson(state.shown, { step: state.step, channel: state.channel });
  hashPromise = engine
    .request('encodePermalink', { json })
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
 * The Scenario of a permalink hash. An unreadable one is explained; on first load the default
 * lab stands in, later (`keep`) the page keeps what it shows and this returns null.
 */
async function loadHash(hash, { keep = false } = {}) {
  try {
    return parseScenario(await engine.request('decodePermalink', { hash }));
  } catch (err) {
    if (isCancelled(err)) throw err;
    const instead = keep ? 'the page keeps what it showed' : 'showing the default lab instead';
    state.linkError = `This link could not be read: ${err.message} — ${instead}; the address keeps the link so it can be corrected.`;
    showGeneralError(state.linkError);
    return keep ? null : parseScenario(await engine.request('defaultScenario'));
  }
}

/** Show a Scenario (from a link or the default) in every lab's controls and its lab's panels. */
function loadScenario(scenario) {
  state.base = withoutView(scenario);
  for (const [name, lab] of Object.entries(labs)) {
    // each lab's own seed: `seed` for the lab shown, `seeds[name]` for the others
    const own = name === scenario.lab ? scenario.seed : scenario.seeds?.[name];
    lab.form.set({ ...scenario, seed: String(own ?? scenario.seed) });
    lab.panel.formSet?.();
  }
  activateLab(scenario.lab);
}

// ---------------------------------------------------------------- user actions

/** The other labs' seeds as their forms show them, where valid and unlike `seed`. */
function otherSeeds(seed) {
  const seeds = {};
  for (const [name, lab] of Object.entries(labs)) {
    const own = lab.form.text('seed').trim();
    if (name !== state.lab && /^\d{1,16}$/.test(own) && own !== String(seed) && Number(own) <= Number.MAX_SAFE_INTEGER) seeds[name] = Number(own);
  }
  return seeds;
}

/**
 * The active lab's controls changed (or Run, or a lab switch with `restore`): run them unless
 * that is what was asked last. `step`: the step to show (null: keep or the lab's default).
 */
function controlsChanged({ force = false, step = undefined, restore = false } = {}) {
  const lab = labs[state.lab];
  const read = lab.form.read(state.base);
  if (read.error) {
    lab.form.showError(read.error.field, read.error.message);
    showGeneralError(read.error.message);
    if (restore) showNothing();
    return;
  }
  state.linkError = null;
  const scenario = { ...state.base, lab: state.lab, seed: read.seed, [lab.section]: read.section, seeds: otherSeeds(read.seed) };
  if (!Object.keys(scenario.seeds).length) delete scenario.seeds;
  delete scenario.view;
  const key = configKey(scenario);
  if (!force && key === state.requested && !state.running) {
    if (state.shown && key === configKey(state.shown)) {
      lab.form.clearErrors();
      clearGeneralError();
    }
    return;
  }
  let view;
  const left = state.views[state.lab];
  if (restore && left && left.key === key) view = { step: left.step, channel: left.channel };
  else if (restore) view = { step: lab.openStep ?? null, channel: null };
  else view = lab.keepView(scenario, { scenario: state.shown, step: state.step, channel: state.channel });
  if (step !== undefined) view.step = step;
  run(scenario, view);
}

function selectChannel(channel) {
  if (!state.shown || !labOf(state.shown).channels) return;
  state.channel = channel;
  labOf(state.shown).panel.markSelected?.(channel);
  refreshView();
  updateHash();
}

/** A switch clicked in the figure: the shown lab's to handle (it may answer with a notice). */
function switchClicked(id) {
  if (state.shown?.lab !== state.lab) return;
  const lab = labs[state.lab];
  const notice = lab.panel.switchClicked?.(id);
  if (notice) showNotice(notice);
  lab.panel.decorate?.(figure, state.result);
}

function goToStep(index) {
  state.step = index;
  labOf(state.shown).panel.showStep?.(index);
  refreshView();
  updateHash();
}

/**
 * The results JSON with the shown view (step, selected channel) in its Scenario, as a permalink
 * carries it: `topolab run` on the file reopens what was on screen. The seed keeps its digits.
 */
function withView(text) {
  const both = JSON.parse(text);
  both.scenario.view = { step: state.step, channel: state.channel };
  return JSON.stringify(both, null, 2).replace(/("seed":\s*)-?[\d.e+]+/, `$1${state.shown.seed}`);
}

/** The exports the shown lab offers (a lab without per-channel data offers no CSV). */
function exportsOf(lab) {
  return lab.exports ?? ['svg', 'png', 'json', 'csv', 'anynet'];
}

async function exportAs(kind) {
  byId('export-menu').open = false;
  if (!state.shown) return showNotice('Nothing to export yet.');
  try {
    let name;
    if (kind === 'svg' || kind === 'png') {
      if (!figure.svg) throw new Error('there is no figure to export for this topology (too large to draw); CSV and JSON still work');
      name = fileName(['topolab', ...labOf(state.shown).fileParts(state.shown)], kind);
      download(name, kind === 'svg' ? svgBlob(figure.svg) : await pngBlob(figure.svg, { scale: 2, background: '#ffffff' }));
    } else {
      const spec = { json: ['resultJson', 'json', 'application/json'], csv: ['csv', 'csv', 'text/csv'], anynet: ['anynet', 'anynet', 'text/plain'] }[kind];
      if (!(await ensureSession())) throw new Error('the result is not available');
      let text = await engine.request(spec[0]);
      if (kind === 'json') text = withView(text);
      name = fileName(['topolab', ...labOf(state.shown).fileParts(state.shown)], spec[1]);
      download(name, textBlob(text, spec[2]));
    }
    showNotice(`Downloaded ${name}`);
  } catch (err) {
    if (!isCancelled(err)) showGeneralError(`Export failed: ${err.message}`);
  }
}

function wire() {
  figure = new Figure({ onChannelClick: selectChannel, onSwitchClick: switchClicked });
  player = new Player({ onStep: goToStep });
  labs = buildLabs();
  new Sharing({
    prepare: () => updateHash(),
    title: () => (state.shown ? labOf(state.shown).shareTitle(state.shown) : 'Topolab'),
  });
  byId('cancel').addEventListener('click', () => cancelRun());
  for (const kind of ['svg', 'png', 'json', 'csv', 'anynet']) byId(`export-${kind}`).addEventListener('click', () => exportAs(kind));
  document.addEventListener('click', (event) => {
    const menu = byId('export-menu');
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const menu = byId('export-menu');
    if (menu.open) {
      menu.open = false;
      menu.querySelector('summary').focus();
    } else if (state.channel !== null && !event.target.closest?.('input, select, textarea, [role="dialog"]')) {
      selectChannel(null);
    }
  });
  for (const tab of document.querySelectorAll('.lab[data-lab]')) {
    tab.addEventListener('click', () => switchLab(tab.dataset.lab));
  }
  window.addEventListener('hashchange', () => {
    const hash = currentHash();
    if (!hash || hash === state.lastHash) return;
    state.linkError = null;
    loadHash(hash, { keep: Boolean(state.shown) })
      .then((scenario) => {
        if (!scenario) return null;
        loadScenario(scenario);
        return run(scenario, { step: scenario.view?.step ?? null, channel: scenario.view?.channel ?? null });
      })
      .catch(() => {});
  });
}

async function main() {
  if (document.readyState === 'loading') await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  if (embed) document.body.classList.add('embed');
  setupTheme();
  wire();
  for (const lab of Object.values(labs)) lab.panel.showLoading?.();
  byId('open-full').href = fullPageUrl();

  // Start the worker at once; ask for the catalog and run the scenario in parallel.
  engine.start().catch(() => {});
  const catalog = engine.request('catalog');
  const hash = currentHash();
  const scenario = hash ? loadHash(hash) : engine.request('defaultScenario').then(parseScenario);
  const firstRun = scenario.then((s) => {
    activateLab(s.lab);
    return run(s, { step: s.view?.step ?? labs[s.lab]?.openStep ?? null, channel: s.view?.channel ?? null });
  });
  firstRun.catch(() => {}); // reported below, whichever request fails first
  try {
    const names = await catalog;
    for (const lab of Object.values(labs)) {
      lab.form.populate(names);
      lab.panel.populate?.(names);
    }
    byId('version').textContent = `Topolab ${names.version}`;
    loadScenario(await scenario);
    state.requested ??= configKey(await scenario);
    await firstRun;
  } catch (err) {
    document.body.classList.remove('loading');
    const message = `The engine could not start: ${err.message}. (Was the WASM module built with "npm run build"?)`;
    showGeneralError(message);
    figure.showMessage('No figure: the engine did not start (see the message above).', 'too-large');
  }
}

main();
