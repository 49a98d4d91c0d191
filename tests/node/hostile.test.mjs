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
  // a run that may take minutes is the command line's (--long-run): the page's module refuses it
  // by name instead of running past its limit (issue 53)
  const long = outcome(wasm, 'sim.long_run', () => new wasm.Session(JSON.stringify({ version: 1, lab: 'sim', seed: 1, sim: { long_run: true } }), null));
  assert.equal(long.error?.field, 'sim.long_run', String(long.error?.message));
  assert.match(String(long.error?.message), /--long-run/);
  counts.cases++;
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

/**
 * A ring of `n` switches in each format, as other tools write it (issue 53): the property is
 * that every variant of a good file reads as the same network, and every damaged one is a
 * plain one-line error — never a trap, a hang or a network read differently.
 */
function networkFiles(n, seed) {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const links = Array.from({ length: n }, (_, i) => [i, (i + 1) % n]);
  const edgeList = links.map(([a, b]) => `${a} ${b}`).join('\n') + '\n';
  const anynet = Array.from({ length: n }, (_, i) => `router ${i} node ${i} router ${(i + 1) % n}`).join('\n') + '\n';
  const id = (i) => (random() < 0.5 ? `n${i}` : `n${i}&#95;&amp;`); // (unique either way: n7, or n7_& escaped)
  const ids = Array.from({ length: n }, (_, i) => id(i));
  const node = (i) => (random() < 0.5 ? `<node id="${ids[i]}"/>` : `<node id="${ids[i]}"><data key="e"><![CDATA[1]]></data></node>`);
  const edge = ([a, b]) => `<edge source="${ids[a]}" target="${ids[b]}"/>`;
  const graphml = `<?xml version="1.0" encoding="UTF-8"?>\n<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n<key id="e" for="node" attr.name="endpoints" attr.type="int"/>\n<graph edgedefault="undirected">\n${ids.map((_, i) => node(i)).join('\n')}\n${links.map(edge).join('\n')}\n</graph>\n</graphml>\n`;
  const ends = (text) => [text, '\ufeff' + text, text.replaceAll('\n', '\r\n'), text.replaceAll('\n', '\r')];
  const good = [...ends(edgeList), ...ends(anynet), ...ends(graphml)];
  const damaged = [
    edgeList + `0 ${n - 1}\n0 ${n - 1}\n`, // a repeated link
    graphml.replace('</graph>', `${edge([0, 1])}\n</graph>`), // an edge written twice the same way
    edgeList + Array.from({ length: n }, (_, i) => `position ${i} ${i === 1 ? '1e308' : i} 0`).join('\n') + '\n', // a switch at 1e308
    edgeList.replace('0 1', '0 \u001b[31m1'), // control characters in an id
    graphml.replace('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0"?><!DOCTYPE g [<!ENTITY x SYSTEM "file:///etc/passwd">]>'), // a DTD
    graphml.replace('</graph>', ''), // cut short
    graphml.replace(`id="${ids[1]}"`, 'id="&undefined;"'), // an entity XML does not define
  ];
  return { good, damaged };
}

test('network files as other tools write them, and damaged ones, through WASM: the same network or a plain error', () => {
  const wasm = loadWasm();
  let cases = 0;
  for (const [n, seed] of [[3, 1], [8, 2], [64, 3], [257, 4]]) {
    const { good, damaged } = networkFiles(n, seed);
    const specs = new Set();
    for (const text of good) {
      const { error, value } = outcome(wasm, `ring of ${n}`, () => wasm.importNetwork('ring', text));
      assert.equal(error, null, `a good file of ${n} switches reads: ${error?.message}`);
      const json = wasm.checkScenario(JSON.stringify({ version: 1, lab: 'routing', routing: { topology: value, scheme: 'shortest', source: null, destination: null } }));
      const result = JSON.parse(JSON.stringify(new wasm.Session(json, null).result()));
      specs.add(`${result.switches} switches, ${result.links} links`);
      cases++;
    }
    assert.deepEqual([...specs], [`${n} switches, ${n} links`], 'every variant is the same ring');
    for (const [i, text] of damaged.entries()) {
      const { error } = outcome(wasm, `damaged ${i} of ${n}`, () => wasm.importNetwork('ring', text));
      assert.ok(error, `damaged file ${i} of ${n} is refused`);
      cases++;
    }
  }
  console.log(`generated network files: ${cases} cases`);
});
