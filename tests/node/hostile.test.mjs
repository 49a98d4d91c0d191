// Every input path of every lab through the WASM module, fed hostile values: each setting of
// each lab's section set to null, negatives, zero, huge and non-finite-looking numbers, empty
// and long text, booleans, lists and objects; each study given hostile arguments; damaged
// permalinks. The rule for every case is the property, not a list of answers: a JS Error with
// one short line in plain words (never a trap, which would poison the module, nor decoder
// internals), or a result — within a bounded time, with the module's memory bounded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { loadWasm } from './load-wasm.mjs';

/** Far above a lecture-size run in WASM; a case past it is a hang for this test. */
const PATIENCE_MS = 30_000;
/** The module's whole memory (it only grows), well under the 4 GiB of wasm32. */
const MEMORY_BYTES = 2 ** 31;

const HOSTILE = [null, -1, 0, 1.5, 1e308, -1e308, 2 ** 64, '', 'x', '9'.repeat(300), 'mesh:8x8:junk', true, [], {}, [1e308]];
// (not `null` nor `{}`: those are a study's defaults, research-size work by design)
const HOSTILE_ARGS = ['[1]', '{', '{"count": 1e308}', '{"loads": [1e308]}', '{"loads": []}', '{"from": -1, "to": 99}', '{"matrices": null}', '{"nope": 1}', '{"n": 99}', '{"sizes": [1e9]}', '{"ilp_time_limit_s": 1e308}', '{"args": {}}'];
const INTERNALS = /invalid type|expected `|line 1 column|EOF while|panicked|unreachable|RuntimeError|capacity overflow/;

/** Run `work`; its outcome, checked against the rule. */
function outcome(wasm, what, work) {
  const started = performance.now();
  let error = null;
  let value = null;
  try {
    value = work();
  } catch (err) {
    error = err;
  }
  const ms = performance.now() - started;
  assert.ok(ms < PATIENCE_MS, `${what}: ${ms.toFixed(0)} ms`);
  assert.ok(wasm.exports.memory.buffer.byteLength <= MEMORY_BYTES, `${what}: memory ${wasm.exports.memory.buffer.byteLength}`);
  if (error) {
    assert.ok(!(error instanceof WebAssembly.RuntimeError) && error.constructor?.name !== 'RuntimeError', `${what}: a trap: ${error}`);
    const message = String(error.message ?? error);
    assert.ok(message.length > 0 && message.length <= 600, `${what}: message length ${message.length}: ${message.slice(0, 200)}`);
    assert.ok(!message.includes('\n'), `${what}: one line: ${message}`);
    assert.ok(!INTERNALS.test(message), `${what}: decoder internals or a trap: ${message}`);
  }
  return { error, value, ms };
}

test('hostile settings and study arguments through WASM: a plain error or a result, bounded', () => {
  const wasm = loadWasm();
  const full = JSON.parse(wasm.checkScenario(JSON.stringify({ version: 1, lab: 'slots' })));
  const labs = Object.keys(full).filter((k) => !['version', 'lab', 'seed', 'seeds', 'view'].includes(k));
  assert.ok(labs.length >= 7, `every lab has a section: ${labs}`);
  const counts = { cases: 0, refused: 0, ran: 0 };
  for (const lab of labs) {
    for (const field of Object.keys(full[lab])) {
      for (const value of HOSTILE) {
        const json = JSON.stringify({ version: 1, lab, seed: 1, [lab]: { [field]: value } });
        const what = `${lab}.${field} = ${JSON.stringify(value)?.slice(0, 40)}`;
        const { error, value: session } = outcome(wasm, what, () => new wasm.Session(json, null));
        counts.cases++;
        if (error) {
          counts.refused++;
        } else {
          counts.ran++;
          // a result is data: it serializes, and says nothing it could not compute
          const result = JSON.stringify(session.result());
          assert.ok(!/NaN|Infinity/.test(result), `${what}: ${result.slice(0, 200)}`);
          session.free();
        }
      }
    }
    // studies: every one of the lab's studies with hostile arguments (never their defaults,
    // which are research-size work)
    const studies = JSON.parse(JSON.stringify(wasm.catalog())).labs?.find((l) => l.name === lab)?.studies ?? [];
    for (const study of studies) {
      for (const args of HOSTILE_ARGS) {
        const json = JSON.stringify({ version: 1, lab, seed: 1 });
        outcome(wasm, `${lab} study ${study.name} ${args}`, () => wasm.study(json, study.name, args, null));
        counts.cases++;
      }
    }
  }
  // damaged and hostile links
  for (const hash of ['', 'v1.', 'v1.$$$', 'v9.abc', `v1.${'A'.repeat(100_000)}`, 'v1.eJyrVg', '#v1.AAAA']) {
    outcome(wasm, `link ${hash.slice(0, 20)}`, () => wasm.decodePermalink(hash));
    counts.cases++;
  }
  // links whose JSON is damaged inside (issue 53): text where a number belongs, cut short, a
  // view too wide; each names what is wrong in words
  const link = (json) => `v1.${deflateRawSync(Buffer.from(json), { level: 9 }).toString('base64url')}`;
  for (const [json, words] of [
    ['{"version":1,"lab":"ctc","seed":1,"ctc":{"cluster_size":"abc"}}', /ctc\.cluster_size: a whole number from 0 up, not 'abc'/],
    ['{"version":1,"lab":"ctc","seed":1,"ctc":{"cluster_size":', /it is cut short/],
    ['{"version":1,"lab":"slots","view":{"channel":4294967297}}', /view\.channel: a whole number from 0 to 4,294,967,295, not 4294967297/],
  ]) {
    const { error } = outcome(wasm, `link of ${json}`, () => wasm.decodePermalink(link(json)));
    assert.match(String(error?.message), words, json);
    counts.cases++;
  }
  // a page number read at its full width: channel 2³² + 1 is refused, not channel 1
  const shown = new wasm.Session(wasm.defaultScenario(), null);
  for (const [what, work] of [['figure', () => shown.figure(-1, 2 ** 32 + 1, '', 1)], ['svg', () => shown.svg(-1, 2 ** 32 + 1)], ['svg step', () => shown.svg(0.5, -1)]]) {
    const { error } = outcome(wasm, what, work);
    assert.ok(error && ['channel', 'step'].includes(error.field), `${what}: ${error?.message}`);
    counts.cases++;
  }
  // the module still works after all of that (no trap poisoned it)
  const session = new wasm.Session(wasm.defaultScenario(), null);
  assert.equal(JSON.parse(JSON.stringify(session.result())).max_slots, 7);
  console.log(`hostile WASM cases: ${counts.cases} (settings: ${counts.refused} refused, ${counts.ran} ran)`);
  assert.ok(counts.refused > counts.ran, 'most hostile values are refused');
});
