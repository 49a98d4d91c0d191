// `node scripts/figure-bytes.mjs`: what the page receives per step for its figure, before and now.
// Before, every step's figure crossed from the worker as text: the drawing's SVG and, above
// lecture size, the overview's SVG. Now a step's figure is its marks (typed arrays and a few
// fields); the geometry crosses once per network (counted apart, on the first step), and the
// overview only when it is shown (the page at Fit on a 64×64 mesh opens on the drawing).
// Printed, never asserted. Needs the WASM module in www/pkg (`npm run build`).
import { loadWasm } from '../tests/node/load-wasm.mjs';

const STEPS = 10;
const NETWORKS = [
  ['mesh:64x64', 'transpose'],
  ['mesh:16x16', 'transpose'],
];

/** UTF-8 bytes of a string (0 for null). */
function textBytes(text) {
  return text === null || text === undefined ? 0 : Buffer.byteLength(text, 'utf8');
}

/** Bytes of an object crossing as it is: its typed arrays' contents plus the JSON of the rest. */
function dataBytes(object) {
  let bytes = 0;
  const rest = {};
  for (const [name, value] of Object.entries(object)) {
    if (ArrayBuffer.isView(value)) bytes += value.byteLength;
    else rest[name] = value;
  }
  return bytes + textBytes(JSON.stringify(rest));
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`.padStart(10);
}

const wasm = loadWasm();
const base = JSON.parse(wasm.defaultScenario());
for (const [topology, pattern] of NETWORKS) {
  const json = wasm.checkScenario(JSON.stringify({ ...base, lab: 'slots', slots: { ...base.slots, topology, pattern } }));
  const session = new wasm.Session(json, null);
  const steps = session.steps().length;
  console.log(`\nSlots lab, ${topology}, ${pattern}, policy ${JSON.parse(json).slots.policy ?? 'none'} (${steps} steps): bytes per step`);
  console.log(`${'step'.padEnd(6)}${'before'.padStart(10)}${'= drawing'.padStart(12)}${'+ overview'.padStart(13)}${'now'.padStart(10)}${'less'.padStart(9)}`);
  let known = '';
  let geometryBytes = 0;
  let [before, now] = [0, 0];
  for (let step = 0; step < Math.min(STEPS, Math.max(steps, 1)); step++) {
    const svg = textBytes(session.svg(step, -1));
    const overview = textBytes(session.figure(step, -1, '', 2).overview);
    const figure = session.figure(step, -1, known, 1);
    const drawing = figure.drawing;
    if (drawing?.geometry) {
      geometryBytes = dataBytes(drawing.geometry);
      known = drawing.key;
    }
    // the figure's own fields (the drawing's key, the flags, an overview sent, an error) and the marks
    const { drawing: _, ...fields } = figure;
    const marks = drawing ? dataBytes(drawing.marks) + textBytes(drawing.key) : 0;
    const sent = marks + textBytes(JSON.stringify(fields));
    before += svg + overview;
    now += sent;
    console.log(`${String(step).padEnd(6)}${kb(svg + overview)}${kb(svg).padStart(12)}${kb(overview).padStart(13)}${kb(sent)}${`${((svg + overview) / sent).toFixed(0)}×`.padStart(9)}`);
  }
  console.log(`${'total'.padEnd(6)}${kb(before)}${''.padStart(25)}${kb(now)}${`${(before / now).toFixed(0)}×`.padStart(9)}`);
  console.log(`geometry, once per network (first step): ${kb(geometryBytes).trim()}; with it the ten steps are ${kb(now + geometryBytes).trim()} (${(before / (now + geometryBytes)).toFixed(1)}× less than before)`);
  session.free();
}
