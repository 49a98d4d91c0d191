// WASM and native give identical results for the same Scenario: each scenario runs through the
// WASM module (as the worker loads it) and through the native CLI (`topolab run`), and the
// result JSON, the trace and the figure must match exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWasm, root } from './load-wasm.mjs';

/** A value from the WASM realm as plain data of this realm. */
function plain(value) {
  return JSON.parse(JSON.stringify(value));
}

const scenarios = [
  { seed: 1, slots: { topology: 'mesh:8x8', pattern: 'transpose' } },
  { seed: 7, slots: { topology: 'mesh:16x16', pattern: 'uniform', policy: 'hcLtoS_polling' }, view: { step: 5 } },
  { seed: 3, slots: { topology: 'torus:4x4x4', pattern: 'randperm', policy: 'src_greedy' } },
  { seed: 5, slots: { topology: 'fattree:4:3', pattern: 'hotspot:0.3', policy: 'hcStoL_greedy' } },
  { seed: 9, slots: { topology: 'hypercube:6', pattern: 'local:1.5', routing: 'shortest' } },
  { seed: 2, slots: { topology: 'full:16', pattern: 'bitcomp', policy: 'src_polling' } },
  { seed: 1, slots: { topology: 'mesh:8x8', pattern: 'all-to-all', all2all: 'path-scatter' } },
  { seed: 11, slots: { topology: 'fattree:16:3', pattern: 'uniform' } },
  { seed: 4, slots: { topology: 'mesh:8x8x8', pattern: 'tornado', policy: 'hcLtoS_greedy' } },
  { seed: 6, slots: { topology: 'lrt:64:4:2', pattern: 'local:1.5', policy: 'src_polling' } },
  { lab: 'topogen', seed: 3, topogen: { nodes: 64, degree: 5, pattern: 'uniform', target_slots: 6 }, view: { step: 7 } },
  { lab: 'topogen', seed: 1, topogen: { nodes: 16, degree: 5, pattern: 'uniform', fail: [4] } },
  { lab: 'routing', seed: 2, routing: { topology: 'lrt:64:4:2', scheme: 'loren', tmax: 16, traffic: 'hotspot:0.3', patterns: 20 } },
  { lab: 'routing', seed: 2, routing: { topology: 'lrt:64:4:2', scheme: 'cowen', alpha: 0.4, traffic: 'local:1.0', patterns: 10 } },
  { lab: 'routing', seed: 1, routing: { topology: 'lrt:fig4', scheme: 'loren', tmax: 7, source: 15, destination: 5 }, view: { step: 1 } },
  { lab: 'sim', seed: 3, sim: { topology: 'mesh:4x4', routing: 'dor', rate: 0.4, warmup: 300, cycles: 1500, drain: 2000 }, view: { step: 7 } },
  { lab: 'sim', seed: 2, sim: { topology: 'lrt:64:4:2', routing: 'loren', tmax: 16, traffic: 'transpose', rate: 0.1, warmup: 200, cycles: 1000 } },
  { lab: 'sim', seed: 5, sim: { topology: 'torus:4x4', routing: 'dor', traffic: 'uniform', rate: 0.3, packet: 4, warmup: 200, cycles: 1000 } },
  // paper 004: the lab (a folded cube, a pair routed through the folded link), a dual-plane
  // network in the Slots lab, and in the simulator with both ports and cable latencies
  { lab: 'dualplane', seed: 1, dualplane: { kind: 'fhc', n: 5, generators: '7,15,23,25,26', source: 3, destination: 28 }, view: { step: 2 } },
  { seed: 2, slots: { topology: 'dual:hc:4:3,5,9,14', pattern: 'uniform' } },
  { lab: 'sim', seed: 4, sim: { topology: 'dual:hc:4:3,5,9,14:x4', routing: 'dual-plane', rate: 0.6, latency_per_m: 2, warmup: 200, cycles: 1000 } },
  // paper 001: allocation steps, relay routes and the message simulation
  { lab: 'ocs-relay', seed: 1, 'ocs-relay': { edge: '4x16', ocs_nodes: 16, source: 8, destination: 16, mtu: 65536 }, view: { step: 3 } },
  { lab: 'ocs-relay', seed: 1, 'ocs-relay': { edge: '4x16', ocs_nodes: 16, app: 'cg', iterations: 1, mtu: 65536 } },
  { lab: 'ocs-relay', seed: 1, 'ocs-relay': { edge: '4x16', ocs_nodes: 32, app: 'matrix', matrix: 'src,dst,bytes,count\n0,17,65536,3\n17,0,65536,3\n5,40,20000,2\n', source: 0, destination: 17 } },
  { seed: 3, slots: { topology: 'tree2:4x16:1:20', pattern: 'transpose' } },
  // paper 003: serving steps with annealing and the torus baseline; spectral clustering (dense
  // and Lanczos) with merged planes and random ties; the ILP on a tiny instance
  { lab: 'ctc', seed: 7, ctc: { traffic: 'random:16:0.5', iterations: 100 }, view: { step: 5 } },
  { lab: 'ctc', seed: 2, ctc: { traffic: 'stencil:24x16', cluster_size: 4, planes: 4, iterations: 50, readings: { tie: 'random', planes: 'merged' } }, view: { step: 40 } },
  { lab: 'ctc', seed: 1, ctc: { traffic: 'random:5:1', planes: 1, ports: 1, iterations: 30, solver: 'ilp' } },
];

/** A result with its wall-clock time zeroed (the simulator reports one; it never repeats). */
function timeless(result) {
  if (result && typeof result === 'object' && 'wall_seconds' in result) result.wall_seconds = 0;
  if (result && typeof result === 'object' && 'runtime_ms' in result) result.runtime_ms = 0;
  if (result?.ilp) result.ilp.elapsed_ms = 0;
  return result;
}

/** The native CLI: npm test's build (TOPOLAB_CLI, target/ci/topolab), else `cargo build --release`'s. */
function nativeCli() {
  return process.env.TOPOLAB_CLI ?? join(root, 'target/release/topolab');
}

test('WASM and native agree on results, traces and figures', () => {
  const wasm = loadWasm();
  const dir = mkdtempSync(join(tmpdir(), 'topolab-'));
  const cli = nativeCli();
  for (const [i, partial] of scenarios.entries()) {
    const json = wasm.checkScenario(JSON.stringify({ version: 1, lab: 'slots', ...partial }));
    const name = JSON.stringify(partial);
    const scenario = JSON.parse(json);
    const file = join(dir, `s${i}.json`);
    writeFileSync(file, json);
    const svgFile = join(dir, `s${i}.svg`);
    const overviewFile = join(dir, `s${i}-overview.svg`);
    const session = new wasm.Session(json, null);
    const fromWasm = timeless(plain(session.result()));
    // above 256 switches there is an overview to compare too (the CLI refuses one below)
    const switches = fromWasm.switches ?? 0;
    const overviewArgs = switches > 256 ? ['--overview-svg', overviewFile] : [];
    const native = timeless(JSON.parse(execFileSync(cli, ['run', file, '--json', '--trace', '--svg', svgFile, ...overviewArgs], { encoding: 'utf8' })));
    const nativeTrace = native.trace;
    delete native.trace;
    assert.deepEqual(fromWasm, native, `result of ${name}`);
    assert.deepEqual(plain(session.steps()), nativeTrace, `trace of ${name}`);
    const step = scenario.view.step ?? -1;
    assert.equal(session.svg(step, -1), readFileSync(svgFile, 'utf8'), `figure of ${name}`);
    // the overview of a network above lecture size, too (fattree:16:3, mesh:8x8x8)
    const figure = session.figure(step, -1, '', 2);
    assert.equal(figure.overview ?? null, switches > 256 ? readFileSync(overviewFile, 'utf8') : null, `overview of ${name}`);
    // a permalink made in WASM runs natively to the same result
    const hash = wasm.encodePermalink(json);
    const viaLink = timeless(JSON.parse(execFileSync(cli, ['run', hash, '--json'], { encoding: 'utf8' })));
    assert.deepEqual(viaLink, fromWasm, `permalink of ${name}`);
    session.free();
  }
});

test('the CLI rejects bad input with one line and exit code 2', () => {
  const cli = nativeCli();
  for (const args of [['slots', '--topology', 'mesh:8x0', '--pattern', 'transpose'], ['slots', '--topology', 'mesh:8x8', '--patern', 'x'], ['run', 'v1.garbage']]) {
    let status = 0;
    let stderr = '';
    try {
      execFileSync(cli, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      status = e.status;
      stderr = e.stderr;
    }
    assert.equal(status, 2, args.join(' '));
    assert.equal(stderr.trim().split('\n').length, 1, `one line: ${stderr}`);
  }
});

test('the dual-plane search finds the same set in WASM (one thread) and natively (every core)', () => {
  const wasm = loadWasm();
  const cli = nativeCli();
  // n = 7: the seeded annealing, 4 chains
  const json = wasm.checkScenario(JSON.stringify({ version: 1, lab: 'dualplane', seed: 3, dualplane: { kind: 'hc', n: 7, generators: '', effort: 0.3 } }));
  const inWasm = plain(wasm.study(json, 'search', '', null));
  const native = JSON.parse(execFileSync(cli, ['dualplane', '--kind', 'hc', '--n', '7', '--search', '--seed', '3', '--effort', '0.3', '--json'], { encoding: 'utf8' }));
  // the CLI's --search is the lab's `search` study: the same JSON, but for the time taken
  assert.equal(inWasm.method, 'annealing');
  assert.deepEqual(inWasm.best, native.best);
  assert.deepEqual(inWasm.points.map((p) => p.best), native.points.map((p) => p.best));
  assert.equal(inWasm.evaluated, native.evaluated);
  assert.equal(inWasm.ties_seen, native.ties_seen);
  assert.deepEqual(inWasm.ties, native.ties);
});
