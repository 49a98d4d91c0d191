// The wasm-bindgen surface as the page's worker calls it, on the module `npm run build` made
// (www/pkg): a good Scenario gives the same N as natively, the figure comes as typed data with
// the geometry left out when the page holds it, bad input comes back as a JS Error (never a
// trap), and the integrity cases of issue 23 are errors naming their field or correct answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasm } from './load-wasm.mjs';

/** The message of what `work` threw, or 'ran'. */
function message(work) {
  try {
    work();
    return 'ran';
  } catch (err) {
    assert.ok(!(err instanceof WebAssembly.RuntimeError) && err?.constructor?.name !== 'RuntimeError', `a trap: ${err}`);
    return String(err.message ?? err);
  }
}

test('the default Scenario runs to N = 7 and its figure is typed data', () => {
  const wasm = loadWasm();
  const session = new wasm.Session(wasm.defaultScenario(), null);
  assert.equal(session.result().max_slots, 7);
  const figure = session.figure(-1, 1, '', 0);
  const { key, geometry, marks } = figure.drawing;
  // an 8×8 mesh: 112 links, both directions
  assert.equal(geometry.channels.constructor.name, 'Uint32Array');
  assert.equal(geometry.channels.length, 224);
  assert.equal(geometry.channel_xy.length, 4 * 224);
  assert.equal(geometry.switches.length, 2 * 64);
  assert.equal(marks.values.length, 224);
  assert.equal(marks.colours.constructor.name, 'Uint8Array');
  assert.equal(marks.selected, 1);
  assert.equal(Math.max(...marks.values), marks.max_value);
  assert.equal(figure.overview, null, 'no overview at 64 switches');
  // the page's copy of the geometry is not sent again; the marks of another step are
  const again = session.figure(0, -1, key, 0);
  assert.equal(again.drawing.geometry, null);
  assert.equal(again.drawing.key, key);
  assert.equal(again.drawing.marks.selected, null);
  assert.ok(session.svg(-1, 1).includes('data-ch="1"'));
  session.free();
});

test('bad input is an error, not a trap', () => {
  const wasm = loadWasm();
  const scenario = wasm.defaultScenario();
  for (const bad of [scenario.replace('mesh:8x8', 'mesh:8x0'), '{not json', scenario.replace('mesh:8x8', 'mesh:10000x10000')]) {
    assert.notEqual(message(() => new wasm.Session(bad, null)), 'ran', bad.slice(0, 60));
  }
  assert.notEqual(message(() => wasm.decodePermalink('v1.%%%')), 'ran');
});

test('a permalink round trip keeps the Scenario', () => {
  const wasm = loadWasm();
  const json = wasm.defaultScenario().replace('transpose', 'bitrev');
  assert.ok(wasm.decodePermalink(wasm.encodePermalink(json)).includes('bitrev'));
});

test('the integrity cases through WASM are errors naming their field, or correct', () => {
  const wasm = loadWasm();
  const sim = (section) => JSON.stringify({ version: 1, lab: 'sim', seed: 1, sim: section });
  const run = (json) => message(() => new wasm.Session(json, null).free());
  // buffers estimated before they are allocated (10 GiB: a trap before)
  assert.match(run(sim({ topology: 'full:64', routing: 'shortest', vcs: 64, buf: 1024 })), /MiB/);
  // a rate above what a node can start is refused; a tiny one is honoured
  assert.match(run(sim({ topology: 'dual:hc:3', routing: 'dual-plane', rate: 1.5, packet: 1 })), /at most one packet a cycle/);
  const tiny = new wasm.Session(sim({ topology: 'mesh:4x4', rate: 1e-17 }), null);
  assert.equal(tiny.result().measured_packets, 0);
  tiny.free();
  // specs parsed whole, networks need nodes
  for (const spec of ['tree2:8x32:full:extra', 'tree2:8x0']) {
    assert.match(run(sim({ topology: spec, routing: 'shortest' })), /^topology/, spec);
  }
  // a Scenario too large for a link is refused when encoding, with what to do instead
  const big = JSON.stringify({ version: 1, lab: 'ocs-relay', seed: 1, 'ocs-relay': { matrix: '0,1,100,1\n'.repeat(8000) } });
  assert.match(message(() => wasm.encodePermalink(big)), /a link can carry/);
});
