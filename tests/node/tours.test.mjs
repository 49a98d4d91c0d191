// The guided tours' set-ups (issue 55) against the core's catalog, without a browser: every stop
// of www/tour-list.js names a lab the core has, a preset of that lab when it names one, only
// settings the lab's section has (an object such as `readings` key by key), and no more of them
// than a few; the Scenario it builds (www/tours.js `stopSetup`: the lab's defaults, the preset,
// the settings) passes the core's own checks. The checker refuses a stop with an unknown setting
// and one with a bad value, so a tour the labs have moved away from fails here, by name.
// tests/e2e/tours.test.mjs plays the tours in Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasm } from './load-wasm.mjs';
import { TOURS } from '../../www/tour-list.js';
import { stopSetup } from '../../www/tours.js';

const wasm = loadWasm();
const catalog = JSON.parse(JSON.stringify(wasm.catalog()));

/** The keys a stop may have (www/tour-list.js's header). */
const STOP_KEYS = new Set(['lab', 'preset', 'seed', 'settings', 'step', 'text', 'highlight', 'paper']);

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every key of `settings` as a dotted path, with the value of the lab's defaults there (undefined: none). */
function paths(settings, defaults, prefix = '') {
  const out = [];
  for (const [key, value] of Object.entries(settings ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    const base = isObject(defaults) && Object.hasOwn(defaults, key) ? defaults[key] : undefined;
    out.push({ path, known: isObject(defaults) && Object.hasOwn(defaults, key) });
    if (isObject(value) && isObject(base)) out.push(...paths(value, base, path));
  }
  return out;
}

/** The Scenario a stop runs, as the page sends it (app.js `tourHost`'s `resultFor`). */
function scenarioOf(setup) {
  return { version: 1, lab: setup.lab, seed: setup.seed, [setup.lab]: setup.section };
}

/** What is wrong with stop k (from 1) of a tour, as messages naming the tour, the stop and the key (empty: nothing). */
function problems(tour, k) {
  const stop = tour.stops[k - 1];
  const where = `${tour.id} stop ${k}`;
  const found = [];
  for (const key of Object.keys(stop)) if (!STOP_KEYS.has(key)) found.push(`${where}: '${key}' is not a key of a stop (${[...STOP_KEYS].join(', ')})`);
  const entry = catalog.labs.find((lab) => lab.name === stop.lab);
  if (!entry) return [...found, `${where}: the core has no lab '${stop.lab}' (its labs: ${catalog.labs.map((l) => l.name).join(', ')})`];
  if (stop.preset !== undefined && !entry.presets.some((p) => p.id === stop.preset)) found.push(`${where}: the ${stop.lab} lab has no preset '${stop.preset}' (its presets: ${entry.presets.map((p) => p.id).join(', ') || 'none'})`);
  if (!Number.isInteger(stop.seed) || stop.seed < 0) found.push(`${where}: the seed ${JSON.stringify(stop.seed)} is not a whole number`);
  if (stop.settings !== undefined && !isObject(stop.settings)) found.push(`${where}: its settings are not an object`);
  for (const { path, known } of paths(stop.settings, entry.defaults)) {
    if (!known) found.push(`${where}: the ${stop.lab} lab has no setting '${path}'`);
  }
  const count = Object.keys(stop.settings ?? {}).length;
  const whole = Object.keys(entry.defaults).length;
  if (count >= whole) found.push(`${where}: ${count} settings, as many as the ${stop.lab} lab's whole section (${whole}): a stop names only what it changes`);
  if (found.length) return found;
  let setup;
  try {
    setup = stopSetup(stop, entry);
  } catch (err) {
    return [`${where}: ${err.message}`];
  }
  // as a run checks it: the Scenario read (each value of its kind and range), then what the run
  // checks before its work begins (the page's choices ask the same, app.js)
  const json = JSON.stringify(scenarioOf(setup));
  for (const name of ['checkScenario', 'precheck']) {
    try {
      wasm[name](json);
    } catch (err) {
      return [`${where}: the core's ${name} refuses its Scenario: ${err.message}${err.field ? ` (${err.field})` : ''}`];
    }
  }
  return [];
}

test('every stop of every tour names a lab, a preset and settings the core has, and its Scenario passes the core\'s checks', () => {
  assert.ok(TOURS.length >= 9, `${TOURS.length} tours`);
  const found = [];
  let stops = 0;
  for (const tour of TOURS) {
    for (let k = 1; k <= tour.stops.length; k++, stops++) found.push(...problems(tour, k));
  }
  assert.deepEqual(found, []);
  assert.ok(stops >= 30, `${stops} stops`);
});

test('a stop\'s section is the lab\'s defaults, overlaid by its preset\'s, overlaid by its settings (an object merging per key)', () => {
  const ctc = catalog.labs.find((l) => l.name === 'ctc');
  const preset = ctc.presets.find((p) => p.id === 'ctc-preset-stencil');
  const setup = stopSetup({ lab: 'ctc', preset: preset.id, seed: 3, settings: { iterations: 7, readings: { tie: 'random' } }, step: 'last' }, ctc);
  assert.deepEqual(setup, {
    lab: 'ctc',
    seed: 3,
    step: 'last',
    section: { ...ctc.defaults, ...preset.section, iterations: 7, readings: { ...ctc.defaults.readings, tie: 'random' } },
  });
  // nothing named: the defaults; the catalog's entry is left as it was
  const sim = catalog.labs.find((l) => l.name === 'sim');
  const before = JSON.stringify(sim.defaults);
  assert.deepEqual(stopSetup({ lab: 'sim', seed: 1 }, sim).section, sim.defaults);
  stopSetup({ lab: 'sim', seed: 1, settings: { rate: 0.9 } }, sim);
  assert.equal(JSON.stringify(sim.defaults), before);
  // every tour's stop: the preset's values and the settings' are what it runs
  for (const tour of TOURS) {
    for (const stop of tour.stops) {
      const entry = catalog.labs.find((l) => l.name === stop.lab);
      const { section } = stopSetup(stop, entry);
      const preset = entry.presets.find((p) => p.id === stop.preset);
      for (const [key, value] of Object.entries({ ...preset?.section, ...stop.settings })) {
        if (!isObject(value)) assert.deepEqual(section[key], value, `${tour.id}: ${key}`);
      }
    }
  }
});

test('the checker refuses a stop with a setting the lab does not have, or a bad value, naming the tour, the stop and the key', () => {
  const base = TOURS.find((t) => t.id === '002-fig7');
  const tour = (change) => ({ ...base, id: 'made-up', stops: base.stops.map((stop, i) => (i === 1 ? { ...stop, ...change(stop) } : stop)) });

  const unknown = problems(tour((stop) => ({ settings: { ...stop.settings, rat: 0.2 } })), 2);
  assert.equal(unknown.length, 1, unknown.join('\n'));
  assert.match(unknown[0], /^made-up stop 2: the sim lab has no setting 'rat'$/);

  const nested = problems({ id: 'nested', stops: [{ lab: 'ctc', preset: 'ctc-preset-t16', seed: 1, settings: { readings: { tie: 'id', ties: 'id' } } }] }, 1);
  assert.deepEqual(nested, ["nested stop 1: the ctc lab has no setting 'readings.ties'"]);

  const bad = problems(tour((stop) => ({ settings: { ...stop.settings, rate: 'fast' } })), 2);
  assert.equal(bad.length, 1, bad.join('\n'));
  assert.match(bad[0], /^made-up stop 2: the core's checkScenario refuses its Scenario: .*rate.*'fast'/);

  const badNested = problems({ id: 'nested', stops: [{ lab: 'ctc', seed: 1, settings: { readings: { tie: 'sideways' } } }] }, 1);
  assert.equal(badNested.length, 1, badNested.join('\n'));
  assert.match(badNested[0], /^nested stop 1: the core's checkScenario refuses its Scenario: .*readings/);

  assert.match(problems(tour(() => ({ preset: 'sim-preset-nowhere' })), 2).join('\n'), /made-up stop 2: the sim lab has no preset 'sim-preset-nowhere'/);
  assert.match(problems(tour(() => ({ lab: 'nowhere' })), 2).join('\n'), /made-up stop 2: the core has no lab 'nowhere'/);
  assert.match(problems(tour(() => ({ section: { rate: 0.2 } })), 2).join('\n'), /made-up stop 2: 'section' is not a key of a stop/);
  const sim = catalog.labs.find((l) => l.name === 'sim');
  assert.match(problems(tour(() => ({ settings: { ...sim.defaults } })), 2).join('\n'), /made-up stop 2: \d+ settings, as many as the sim lab's whole section/);

  // the page's own builder refuses them too (the tour's card then says the stop did not run)
  assert.throws(() => stopSetup({ lab: 'sim', seed: 1, settings: { rat: 0.2 } }, sim), /the sim lab has no setting 'rat'/);
  assert.throws(() => stopSetup({ lab: 'sim', preset: 'nowhere', seed: 1 }, sim), /the sim lab has no preset 'nowhere'/);
  assert.throws(() => stopSetup({ lab: 'nowhere', seed: 1 }, null), /no lab 'nowhere'/);
});
