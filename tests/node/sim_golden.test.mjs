// The flit simulator's golden set (issue 65) through the WASM module: every case of
// tests/data/sim-golden.jsonl (recorded natively, `src/labs/sim/golden_tests.rs`) run as the
// page's worker runs it gives the recorded output, field for field and bit for bit
// (JSON.parse reads a float exactly; only `wall_seconds` differs, and is set to 0).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWasm, root } from './load-wasm.mjs';

const GOLDEN = join(root, 'tests/data/sim-golden.jsonl');

test('WASM reproduces the flit simulator\'s golden set', () => {
  const wasm = loadWasm();
  const cases = readFileSync(GOLDEN, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  assert.ok(cases.length >= 10, `${cases.length} cases`);
  for (const { name, section, output } of cases) {
    const session = new wasm.Session(JSON.stringify({ version: 1, lab: 'sim', seed: 1, sim: section }), null);
    const result = JSON.parse(JSON.stringify(session.result()));
    session.free();
    result.wall_seconds = 0;
    assert.deepEqual(result, output, name);
  }
});
