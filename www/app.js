// Topolab's page: wires the labs' controls, the figure, the step player, the results and the
// permalink to the worker (www/engine.js). The page keeps what is shown (the last good run)
// and what was asked; an error or a Cancel never takes the shown result away. Each lab (Slots,
// TopoGen) brings its panels; the figure, the player, sharing and exports are shared.
import { Engine, Cancelled } from './engine.js';
import { byId, show } from './dom.js';
import { Controls, fieldOfError } from './controls.js';
import { Figure } from './figure.js';
import { Player } from './player.js';
import { Metrics } from './metrics.js';
import { download, fileName, pngBlob, svgBlob, textBlob } from './exporting.js';
import { TopoGenControls, TopoGenResults, TopoGenAnalysis, topogenFieldOfError } from './topogen.js';
import { RoutingControls, RoutingResults, RoutingAnalysis, routingFieldOfError } from './routing.js';
import { Sharing, currentHash, fullPageUrl, isEmbed, writeHash } from './permalink.js';
import { setupTheme } from './theme.js';

/** A run longer than this shows the progress bar and Cancel. */
const BUSY_AFTER_MS = 150;

const engine = new Engine();
const embed = isEmbed();

const state = {
  lab: 'slots', // the lab whose panels are shown
  base: { version: 1, lab: 'slots' }, // the last Scenario loaded or shown: the other lab's section is kept from it
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
/** The labs: what differs between them (panels, controls, results, steps, titles). */
let labs;

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
  scenario.lab ??= 'slots';
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
  return labs[scenario?.lab] ?? labs.slots;
}

// ---------------------------------------------------------------- the labs

function makeLabs() {
  const slotsControls = new Controls({ onChange: () => controlsChanged(), onRunNow: () => controlsChanged({ force: true }) });
  const slotsMetrics = new Metrics({ onSelectChannel: selectChannel, onClear: () => selectChannel(null) });
  const tgControls = new TopoGenControls({
    onChange: () => controlsChanged(),
    onRunNow: () => controlsChanged({ force: true }),
    onPreset: () => controlsChanged({ force: true, step: 0 }),
  });
  const tgResults = new TopoGenResults({ onPickStep: (index) => player.go(index) });
  tgResults.onError = (err) => showGeneralError(`Export failed: ${err.message}`);
  const tgAnalysis = new TopoGenAnalysis({
    request: (type, args, onProgress) => engine.request(type, args, onProgress),
    cancel: () => cancelRun({ quiet: true }).then(() => {
      showNotice('Trade-off cancelled — the page keeps working.');
      refreshView();
    }),
    current: () => (state.shown?.lab === 'topogen' ? { scenario: state.shown, json: configKey(state.shown) } : null),
    notify: (message) => showNotice(message),
    fileStem: () => (state.shown ? fileName(state.shown, 'x').replace(/\.x$/, '') : 'topolab-topogen'),
  });

  const rtControls = new RoutingControls({
    onChange: () => controlsChanged(),
    onRunNow: () => controlsChanged({ force: true }),
    onPreset: () => controlsChanged({ force: true, step: 0 }),
  });
  const rtResults = new RoutingResults({
    request: (type, args) => engine.request(type, args),
    jsonFor: (scenario) => configKey(scenario),
  });
  const rtAnalysis = new RoutingAnalysis({
    request: (type, args, onProgress) => engine.request(type, args, onProgress),
    cancel: (which) => cancelRun({ quiet: true }).then(() => {
      showNotice(`${which === 'sweep' ? 'Sweep' : 'Study'} cancelled — the page keeps working.`);
      refreshView();
    }),
    current: () => (state.shown?.lab === 'routing' ? { scenario: state.shown, json: configKey(state.shown), result: state.result } : null),
    notify: (message) => showNotice(message),
    fileStem: () => (state.shown ? fileName(state.shown, 'x').replace(/\.x$/, '') : 'topolab-routing'),
  });

  return {
    slots: {
      name: 'Slots',
      section: 'slots',
      channels: true,
      figureLabel: 'Topology: channels coloured by slots used out of N; click a channel for its communications',
      controls: slotsControls,
      populate: (catalog) => slotsControls.populate(catalog),
      set: (scenario) => slotsControls.set(scenario),
      read() {
        const read = slotsControls.read();
        return read.error ? read : { seed: read.seed, section: read.slots };
      },
      seedInput: () => byId('seed'),
      showError: (field, message) => slotsControls.showError(field, message),
      clearErrors: () => slotsControls.clearErrors(),
      fieldOfError,
      /** The step to show: none without a policy, else the asked one or the first. */
      wantStep: (scenario, step) => (scenario.slots.policy ? step ?? 0 : null),
      /** Which view to keep when the controls change (the channel, on the same topology). */
      keepView: (scenario) => ({ step: null, channel: state.shown?.lab === 'slots' && state.shown.slots.topology.trim() === scenario.slots.topology.trim() ? state.channel : null }),
      showLoading: () => slotsMetrics.showLoading(),
      showResult(result, steps, step, channel) {
        slotsMetrics.showResult(result);
        slotsMetrics.markSelected(channel);
      },
      showStep() {},
      markSelected: (channel) => slotsMetrics.markSelected(channel),
      showChannel: (detail) => slotsMetrics.showChannel(detail),
      decorate() {},
      title: (r) => `Topolab — ${r.topology} · ${r.pattern} · N = ${r.max_slots}`,
      shareTitle: (s) => `Topolab: ${s.slots.topology} · ${s.slots.pattern}`,
      shownChanged() {},
    },
    topogen: {
      name: 'TopoGen',
      section: 'topogen',
      channels: false,
      figureLabel: 'Generated network: switches as squares, end nodes as dots, links coloured by load at the final step; the step’s switches are marked',
      controls: tgControls,
      populate: (catalog) => tgControls.populate(catalog),
      set: (scenario) => tgControls.set(scenario),
      read() {
        const read = tgControls.read();
        return read.error ? read : { seed: read.seed, section: read.topogen };
      },
      seedInput: () => byId('tg-seed'),
      showError: (field, message) => tgControls.showError(field, message),
      clearErrors: () => tgControls.clearErrors(),
      fieldOfError: topogenFieldOfError,
      /** The asked step, or the last one: the designed network is what a change changes. */
      wantStep: (scenario, step) => step ?? 'last',
      /**
       * Failures and the message size leave the trace as it is: keep the step. Anything else
       * designs another network: show its final step.
       */
      keepView(scenario) {
        const generation = (s) => (s ? JSON.stringify([s.seed, s.topogen.nodes, s.topogen.degree, s.topogen.pattern, s.topogen.target_slots]) : null);
        const same = state.shown?.lab === 'topogen' && generation(state.shown) === generation(scenario);
        return { step: same ? state.step : null, channel: null };
      },
      showLoading: () => tgResults.showLoading(),
      showResult: (result, steps, step) => tgResults.showResult(result, steps, step, fileName(state.shown, 'x').replace(/\.x$/, '')),
      showStep: (index) => tgResults.showStep(index),
      markSelected() {},
      showChannel() {},
      decorate(result) {
        figure.markSwitches(result?.reconfiguration?.failed_switches ?? [], 'failed');
      },
      title: (r) => `Topolab — TopoGen · ${r.nodes} nodes · degree ${r.degree_limit} · ${r.pattern} · N = ${r.max_slots}`,
      shareTitle: (s) => `Topolab TopoGen: ${s.topogen.nodes} nodes, degree ${s.topogen.degree}, ${s.topogen.pattern}`,
      shownChanged: (scenario) => tgAnalysis.shownChanged(scenario),
    },
    routing: {
      name: 'Routing',
      section: 'routing',
      channels: false,
      figureLabel: 'Floor grid of switches: the packet walk so far (earlier hops, the current hop), the current and destination switches marked; click two switches to pick a source and a destination',
      controls: rtControls,
      populate() {},
      set: (scenario) => rtControls.set(scenario),
      read() {
        const read = rtControls.read();
        return read.error ? read : { seed: read.seed, section: read.routing };
      },
      seedInput: () => byId('rt-seed'),
      showError: (field, message) => rtControls.showError(field, message),
      clearErrors: () => rtControls.clearErrors(),
      fieldOfError: routingFieldOfError,
      /** The asked step, or the first hop of the walk. */
      wantStep: (scenario, step) => step ?? 0,
      /** Any change walks again from the first hop. */
      keepView: () => ({ step: null, channel: null }),
      showLoading: () => rtResults.showLoading(),
      showResult(result, steps, step) {
        rtControls.setRange(result);
        rtResults.showResult(result, steps, step, state.shown);
      },
      showStep: (index) => rtResults.showStep(index),
      markSelected() {},
      showChannel() {},
      decorate() {
        const pending = rtControls.pending;
        figure.markSwitches(pending === null ? [] : [pending], 'picked');
      },
      title: (r) => `Topolab — Routing · ${r.topology} · ${r.scheme}${r.scheme === 'loren' ? ` · t_max ${r.tmax}` : ''}`,
      shareTitle: (s) => `Topolab Routing: ${s.routing.topology} · ${s.routing.scheme}${s.routing.source !== null && s.routing.destination !== null ? ` · ${s.routing.source} → ${s.routing.destination}` : ''}`,
      shownChanged: (scenario) => rtAnalysis.shownChanged(scenario, state.result),
    },
  };
}

/** Show `name`'s panels and tab (no run). */
function activateLab(name) {
  if (!labs[name]) name = 'slots';
  state.lab = name;
  for (const panel of document.querySelectorAll('[data-lab-panel]')) show(panel, panel.dataset.labPanel === name);
  for (const tab of document.querySelectorAll('.lab[data-lab]')) {
    const active = tab.dataset.lab === name;
    tab.classList.toggle('active', active);
    if (active) tab.setAttribute('aria-current', 'page');
    else tab.removeAttribute('aria-current');
    tab.setAttribute('aria-label', `${labs[tab.dataset.lab].name} lab${active ? ' (current)' : ''}`);
  }
  document.body.dataset.lab = name;
  figure.setLabel(labs[name].figureLabel);
}

/** The user picked another lab: show it and run its scenario (or go back to its last view). */
function switchLab(name) {
  if (name === state.lab || !labs[name]) return;
  state.views[state.lab] = { key: state.shown ? configKey(state.shown) : null, step: state.step, channel: state.channel };
  // One seed for the page: carry it over when it is a valid one.
  const seed = labs[state.lab].seedInput().value.trim();
  if (/^\d+$/.test(seed)) labs[name].seedInput().value = seed;
  activateLab(name);
  labs[name].showLoading();
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

/** An error from the core: next to its control and, in full, in the general box. */
function showRunError(lab, message) {
  lab.showError(lab.fieldOfError(message), message);
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
 * lab's default: the first step for Slots, the last for TopoGen). Errors keep the shown result.
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
      if (seq === state.runSeq) byId('progress').value = fraction;
    });
    state.workerKey = key;
  } catch (err) {
    if (!isCancelled(err)) state.workerKey = null;
    if (seq === state.runSeq && !isCancelled(err) && lab === labs[state.lab]) {
      showRunError(lab, err.message);
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

  lab.clearErrors();
  clearGeneralError();
  lab.shownChanged(scenario);
  lab.showResult(out.result, steps, shownStep, shownChannel);
  player.setSteps(steps, shownStep);
  showFigure(out.figure);
  document.title = lab.title(out.result);
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
  if (fig?.svg) {
    figure.showSvg(fig.svg, state.shown ? configKey(state.shown) : null);
    labOf(state.shown).decorate(state.result);
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
        channel >= 0 && lab.channels && !embed ? engine.request('channel', { channel, step }) : Promise.resolve(null),
      ]);
      if (seq !== state.runSeq) return; // a new run repaints everything
      showFigure(fig);
      if (!embed) lab.showChannel(detail);
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
  if (embed || state.channel === null) return lab.showChannel(null);
  const seq = state.runSeq;
  try {
    const detail = await engine.request('channel', { channel: state.channel, step: state.step ?? -1 });
    if (seq === state.runSeq && !viewBusy) lab.showChannel(detail);
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

/** Show a Scenario (from a link or the default) in every lab's controls and its lab's panels. */
function loadScenario(scenario) {
  state.base = withoutView(scenario);
  for (const lab of Object.values(labs)) lab.set(scenario);
  activateLab(scenario.lab);
}

// ---------------------------------------------------------------- user actions

/**
 * The active lab's controls changed (or Run, or a lab switch with `restore`): run them unless
 * that is what was asked last. `step`: the step to show (null: keep or the lab's default).
 */
function controlsChanged({ force = false, step = undefined, restore = false } = {}) {
  const lab = labs[state.lab];
  const read = lab.read();
  if (read.error) {
    lab.showError(read.error.field, read.error.message);
    showGeneralError(read.error.message);
    if (restore) showNothing();
    return;
  }
  state.linkError = null;
  const scenario = { ...state.base, lab: state.lab, seed: read.seed, [lab.section]: read.section };
  delete scenario.view;
  const key = configKey(scenario);
  if (!force && key === state.requested && !state.running) {
    if (state.shown && key === configKey(state.shown)) {
      lab.clearErrors();
      clearGeneralError();
    }
    return;
  }
  let view;
  const left = state.views[state.lab];
  if (restore && left && left.key === key) view = { step: left.step, channel: left.channel };
  else if (restore) view = { step: null, channel: null };
  else view = lab.keepView(scenario);
  if (step !== undefined) view.step = step;
  run(scenario, view);
}

function selectChannel(channel) {
  if (!state.shown || !labOf(state.shown).channels) return;
  state.channel = channel;
  labOf(state.shown).markSelected(channel);
  refreshView();
  updateHash();
}

function switchClicked(id) {
  if (state.lab === 'routing' && state.shown?.lab === 'routing') {
    showNotice(labs.routing.controls.clickSwitch(id));
    labs.routing.decorate();
    return;
  }
  if (state.lab !== 'topogen' || state.shown?.lab !== 'topogen') return;
  const controls = labs.topogen.controls;
  if (!controls.failMode) {
    showNotice(`Switch ${id}. Turn on "Fail switches" to fail it.`);
    return;
  }
  controls.toggleFail(id);
}

function goToStep(index) {
  state.step = index;
  labOf(state.shown).showStep(index);
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
  figure = new Figure({ onChannelClick: selectChannel, onSwitchClick: switchClicked });
  player = new Player({ onStep: goToStep });
  labs = makeLabs();
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
  for (const lab of document.querySelectorAll('.lab[aria-disabled="true"]')) {
    lab.addEventListener('click', () => showNotice(`${lab.textContent} is coming soon.`));
  }
  window.addEventListener('hashchange', () => {
    const hash = currentHash();
    if (!hash || hash === state.lastHash) return;
    state.linkError = null;
    loadHash(hash)
      .then((scenario) => {
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
  for (const lab of Object.values(labs)) lab.showLoading();
  byId('open-full').href = fullPageUrl();

  // Start the worker at once; ask for the catalog and run the scenario in parallel.
  engine.start().catch(() => {});
  const catalog = engine.request('catalog');
  const hash = currentHash();
  const scenario = hash ? loadHash(hash) : engine.request('defaultScenario').then(parseScenario);
  const firstRun = scenario.then((s) => {
    activateLab(s.lab);
    return run(s, { step: s.view?.step ?? null, channel: s.view?.channel ?? null });
  });
  firstRun.catch(() => {}); // reported below, whichever request fails first
  try {
    const names = await catalog;
    for (const lab of Object.values(labs)) lab.populate(names);
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
