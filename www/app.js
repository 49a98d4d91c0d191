// Topolab's page: wires the controls, the figure, the step player, the results and the
// permalink to the worker (www/engine.js). The page keeps what is shown (the last good run)
// and what was asked; an error or a Cancel never takes the shown result away.
import { Engine, Cancelled } from './engine.js';
import { byId, show } from './dom.js';
import { Controls, fieldOfError } from './controls.js';
import { Figure } from './figure.js';
import { Player } from './player.js';
import { Metrics } from './metrics.js';
import { download, fileName, pngBlob, svgBlob, textBlob } from './exporting.js';
import { Sharing, currentHash, fullPageUrl, isEmbed, writeHash } from './permalink.js';
import { setupTheme } from './theme.js';

/** A run longer than this shows the progress bar and Cancel. */
const BUSY_AFTER_MS = 150;

const engine = new Engine();
const embed = isEmbed();

const state = {
  base: { version: 1, lab: 'slots' }, // the last Scenario loaded (default or link): its other sections are kept
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
};

let controls;
let figure;
let player;
let metrics;

// ---------------------------------------------------------------- Scenario JSON

/**
 * Scenario JSON with the seed written as digits (a u64 need not fit a JS number). Sections
 * this page does not edit (other labs' settings) pass through unchanged.
 */
function scenarioJson(scenario, view = { step: null, channel: null }) {
  const body = { ...scenario, version: scenario.version ?? 1, lab: scenario.lab ?? 'slots', seed: '__SEED__', view };
  return JSON.stringify(body).replace('"__SEED__"', String(scenario.seed));
}

/** Parse the worker's Scenario JSON, keeping the seed's digits exactly. */
function parseScenario(json) {
  const digits = json.match(/"seed"\s*:\s*(\d+)/);
  const scenario = JSON.parse(json);
  scenario.seed = digits ? digits[1] : String(scenario.seed ?? 1);
  return scenario;
}

/** Identifies a run: the Scenario without its view. */
function configKey(scenario) {
  return scenarioJson(scenario);
}

function isCancelled(err) {
  return err instanceof Cancelled || err?.cancelled === true;
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

/** An error from the core: next to its control and, in full, in the general box. */
function showRunError(message) {
  const field = fieldOfError(message);
  controls.showError(field, message);
  showGeneralError(state.linkError ? `${state.linkError}\n${message}` : message);
}

/** Counters on <body> (data-runs, data-views) so tests and scripts can wait for the page. */
function countDone(name) {
  document.body.dataset[name] = String(Number(document.body.dataset[name] ?? 0) + 1);
}

// ---------------------------------------------------------------- busy indicator

let busyTimer = null;
function busyStart(seq) {
  clearTimeout(busyTimer);
  byId('progress').value = 0;
  busyTimer = setTimeout(() => {
    if (state.running?.seq === seq) {
      show(byId('busy'), true);
      document.body.classList.add('busy');
    }
  }, BUSY_AFTER_MS);
}

function busyStop() {
  clearTimeout(busyTimer);
  show(byId('busy'), false);
  document.body.classList.remove('busy');
}

// ---------------------------------------------------------------- running

/**
 * Run `scenario` and show it. `step`/`channel`: what to show once it ran (step null = the
 * first step when the run has steps). Errors keep the shown result.
 */
async function run(scenario, { step = null, channel = null } = {}) {
  if (state.running && state.running.slow) await cancelRun({ quiet: true });
  const seq = ++state.runSeq;
  const key = configKey(scenario);
  state.requested = key;
  const wantStep = scenario.slots.policy ? step ?? 0 : null;
  let finish;
  state.running = { seq, slow: false, promise: new Promise((resolve) => (finish = resolve)) };
  const slowTimer = setTimeout(() => {
    if (state.running?.seq === seq) state.running.slow = true;
  }, BUSY_AFTER_MS);
  busyStart(seq);
  let out;
  try {
    out = await engine.request('run', { json: key, step: wantStep ?? -1, channel: channel ?? -1 }, (fraction) => {
      if (seq === state.runSeq) byId('progress').value = fraction;
    });
    state.workerKey = key;
  } catch (err) {
    if (!isCancelled(err)) state.workerKey = null;
    if (seq === state.runSeq && !isCancelled(err)) {
      showRunError(err.message);
      if (!state.shown) figure.showMessage('Nothing to show yet: correct the input marked in red and press Run.');
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
  if (seq !== state.runSeq) return false;

  const steps = out.steps ?? [];
  const shownStep = steps.length ? Math.max(0, Math.min(steps.length - 1, wantStep ?? 0)) : null;
  const shownChannel = channel !== null && channel >= 0 && channel < out.result.channels ? channel : null;
  state.shown = scenario;
  state.result = out.result;
  state.steps = steps;
  state.step = shownStep;
  state.channel = shownChannel;

  controls.clearErrors();
  clearGeneralError();
  metrics.showResult(out.result);
  metrics.markSelected(shownChannel);
  player.setSteps(steps, shownStep);
  showFigure(out.figure);
  document.title = `Topolab — ${out.result.topology} · ${out.result.pattern} · N = ${out.result.max_slots}`;
  if ((shownStep ?? null) !== (wantStep ?? null)) refreshView();
  else refreshChannel();
  updateHash();
  return true;
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
  if (fig?.svg) figure.showSvg(fig.svg, state.shown ? configKey(state.shown) : null);
  else figure.showMessage(fig?.error ?? 'No figure for this run.', 'too-large');
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
      const [fig, detail] = await Promise.all([
        engine.request('figure', { step, channel }),
        channel >= 0 && !embed ? engine.request('channel', { channel, step }) : Promise.resolve(null),
      ]);
      if (seq !== state.runSeq) return; // a new run repaints everything
      showFigure(fig);
      if (!embed) metrics.showChannel(detail);
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
  if (embed || state.channel === null) return metrics.showChannel(null);
  const seq = state.runSeq;
  try {
    const detail = await engine.request('channel', { channel: state.channel, step: state.step ?? -1 });
    if (seq === state.runSeq && !viewBusy) metrics.showChannel(detail);
  } catch (err) {
    if (!isCancelled(err)) showGeneralError(err.message);
  }
}

// ---------------------------------------------------------------- permalink

let hashPromise = Promise.resolve();
let hashSeq = 0;
/** Write the shown Scenario, step and channel into the URL hash; resolves once written. */
function updateHash() {
  if (!state.shown) return hashPromise;
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

async function loadHash(hash) {
  try {
    return parseScenario(await engine.request('decodePermalink', { hash }));
  } catch (err) {
    if (isCancelled(err)) throw err;
    state.linkError = `This link could not be read: ${err.message} — showing the default lab instead.`;
    showGeneralError(state.linkError);
    return parseScenario(await engine.request('defaultScenario'));
  }
}

// ---------------------------------------------------------------- user actions

function controlsChanged({ force = false } = {}) {
  const read = controls.read();
  if (read.error) {
    controls.showError(read.error.field, read.error.message);
    showGeneralError(read.error.message);
    return;
  }
  state.linkError = null;
  const scenario = { ...state.base, seed: read.seed, slots: read.slots };
  delete scenario.view;
  const key = configKey(scenario);
  if (!force && key === state.requested && !state.running) {
    if (state.shown && key === configKey(state.shown)) {
      controls.clearErrors();
      clearGeneralError();
    }
    return;
  }
  const sameTopology = state.shown && state.shown.slots.topology.trim() === scenario.slots.topology.trim();
  run(scenario, { step: null, channel: sameTopology ? state.channel : null });
}

function selectChannel(channel) {
  if (!state.shown) return;
  state.channel = channel;
  metrics.markSelected(channel);
  refreshView();
  updateHash();
}

function goToStep(index) {
  state.step = index;
  refreshView();
  updateHash();
}

async function exportAs(kind) {
  byId('export-menu').open = false;
  if (!state.shown) return showNotice('Nothing to export yet.');
  try {
    let name;
    if (kind === 'svg' || kind === 'png') {
      if (!figure.svg) throw new Error('there is no figure to export for this topology (too large to draw); CSV and JSON still work');
      name = fileName(state.shown, kind);
      download(name, kind === 'svg' ? svgBlob(figure.svg) : await pngBlob(figure.svg, { scale: 2, background: '#ffffff' }));
    } else {
      const spec = { json: ['resultJson', 'json', 'application/json'], csv: ['csv', 'csv', 'text/csv'], anynet: ['anynet', 'anynet', 'text/plain'] }[kind];
      if (!(await ensureSession())) throw new Error('the result is not available');
      const text = await engine.request(spec[0]);
      name = fileName(state.shown, spec[1]);
      download(name, textBlob(text, spec[2]));
    }
    showNotice(`Downloaded ${name}`);
  } catch (err) {
    if (!isCancelled(err)) showGeneralError(`Export failed: ${err.message}`);
  }
}

function wire() {
  figure = new Figure({ onChannelClick: selectChannel });
  player = new Player({ onStep: goToStep });
  metrics = new Metrics({ onSelectChannel: selectChannel, onClear: () => selectChannel(null) });
  controls = new Controls({ onChange: () => controlsChanged(), onRunNow: () => controlsChanged({ force: true }) });
  new Sharing({
    prepare: () => updateHash(),
    title: () => (state.shown ? `Topolab: ${state.shown.slots.topology} · ${state.shown.slots.pattern}` : 'Topolab'),
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
  for (const lab of document.querySelectorAll('.lab[aria-disabled="true"]')) {
    lab.addEventListener('click', () => showNotice(`${lab.textContent} is coming soon.`));
  }
  window.addEventListener('hashchange', () => {
    const hash = currentHash();
    if (!hash || hash === state.lastHash) return;
    state.linkError = null;
    loadHash(hash)
      .then((scenario) => {
        state.base = scenario;
        controls.set(scenario);
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
  metrics.showLoading();
  byId('open-full').href = fullPageUrl();

  // Start the worker at once; ask for the catalog and run the scenario in parallel.
  engine.start().catch(() => {});
  const catalog = engine.request('catalog');
  const hash = currentHash();
  const scenario = hash ? loadHash(hash) : engine.request('defaultScenario').then(parseScenario);
  const firstRun = scenario.then((s) => run(s, { step: s.view?.step ?? null, channel: s.view?.channel ?? null }));
  firstRun.catch(() => {}); // reported below, whichever request fails first
  try {
    const names = await catalog;
    controls.populate(names);
    byId('version').textContent = `Topolab ${names.version}`;
    state.base = await scenario;
    controls.set(state.base);
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
