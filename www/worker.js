// Topolab's Web Worker: owns the WASM module and the current Session, so long work never
// blocks the page. The page runs several: per lab one for its shown run and one for its studies,
// and one for the catalog and permalinks. Every
// lab goes through the same few requests (run, figure, svg, detail, study, exports). Protocol: {id, type, ...args} in; {id, progress} while working; then
// {id, ok: true, value} or {id, ok: false, error}. Cancel = the page terminates this worker.
// A figure is data (typed arrays, handed over rather than copied); `svg` is the figure as one
// SVG document, for the page's exports.
/* global wasm_bindgen */
'use strict';

let session = null;
let lastProgress = 0;
/** The WASM module's memory (set by `init`). */
let wasmMemory = null;

function reply(id, ok, payload, field = null, transfer = []) {
  /** @type {any} */ (self).postMessage(ok ? { id, ok, value: payload } : { id, ok, error: payload, field }, transfer);
}

function messageOf(err) {
  return String((err && err.message) || err);
}

/** Run a study of the Scenario's lab; `point`s stream to the page with the progress. */
function study(id, json, name, args = {}) {
  const report = (fraction, point) => self.postMessage({ id, progress: fraction, point: point ?? null });
  return wasm_bindgen.study(json, name, JSON.stringify(args), report);
}

/** The typed arrays' buffers in a figure, to hand over to the page instead of copying (each array has its own). */
function buffersOf(figure) {
  const buffers = new Set();
  for (const part of [figure?.drawing?.geometry, figure?.drawing?.marks]) {
    for (const value of Object.values(part ?? {})) {
      if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength) buffers.add(value.buffer);
    }
  }
  return [...buffers];
}

/**
 * The figure at `step` with `channel` selected as data (`Session.figure`): its drawing's geometry
 * is left out when its key is `known` (the page holds it); the overview's SVG comes as `overview`
 * asks (0 never, 1 when the page opens on it, 2 always).
 */
function figureOrError(step, channel, known, overview) {
  try {
    const figure = session.figure(step, channel, known ?? '', overview ?? 1);
    return { drawing: figure.drawing ?? null, error: figure.error ?? null, hasOverview: Boolean(figure.hasOverview), overview: figure.overview ?? null, openOnOverview: Boolean(figure.openOnOverview) };
  } catch (err) {
    return { drawing: null, error: messageOf(err), hasOverview: false, overview: null, openOnOverview: false };
  }
}

const handlers = {
  async init({ glueUrl, wasm }) {
    if (typeof wasm_bindgen === 'undefined') importScripts(glueUrl);
    wasmMemory = (await wasm_bindgen({ module_or_path: wasm })).memory;
    return true;
  },
  // the module's linear memory in bytes (it only grows: the peak of this worker's work so far)
  memory: () => wasmMemory?.buffer.byteLength ?? null,
  catalog: () => wasm_bindgen.catalog(),
  defaultScenario: () => wasm_bindgen.defaultScenario(),
  checkScenario: ({ json }) => wasm_bindgen.checkScenario(json),
  precheck: ({ json }) => wasm_bindgen.precheck(json),
  precheckStudy: ({ json, name, args }) => wasm_bindgen.precheckStudy(json, name, JSON.stringify(args ?? {})),
  encodePermalink: ({ json }) => wasm_bindgen.encodePermalink(json),
  decodePermalink: ({ hash }) => wasm_bindgen.decodePermalink(hash),
  checkTour: ({ json }) => wasm_bindgen.checkTour(json),
  encodeTour: ({ json }) => wasm_bindgen.encodeTour(json),
  decodeTour: ({ link }) => wasm_bindgen.decodeTour(link),
  importNetwork: ({ name, text }) => wasm_bindgen.importNetwork(name, text),
  importMatrix: ({ name, text }) => wasm_bindgen.importMatrix(name, text),
  compareResults: ({ a, b }) => wasm_bindgen.compareResults(a, b),
  run({ json, step = -1, channel = -1, known = '', overview = 1 }, id) {
    if (session) session.free();
    session = null;
    const progress = (fraction) => {
      const now = Date.now();
      if (now - lastProgress > 40 || fraction >= 1) {
        lastProgress = now;
        self.postMessage({ id, progress: fraction });
      }
    };
    session = new wasm_bindgen.Session(json, progress);
    return { result: session.result(), steps: session.steps(), figure: figureOrError(step, channel, known, overview) };
  },
  study: ({ json, name, args }, id) => study(id, json, name, args),
  figure: ({ step = -1, channel = -1, known = '', overview = 1 }) => figureOrError(step, channel, known, overview),
  svg: ({ step = -1, channel = -1 }) => session.svg(step, channel),
  detail: ({ query, step = -1 }) => session.detail(JSON.stringify(query), step),
  csv: () => session.csv(),
  resultJson: () => session.resultJson(),
  anynet: () => session.anynet(),
  graphml: () => session.graphml(),
  dot: () => session.dot(),
  sst: () => session.sst(),
  booksim: ({ networkFile }) => session.booksim(networkFile),
};

self.onmessage = async (event) => {
  const { id, type, ...args } = event.data;
  const handler = handlers[type];
  if (!handler) return reply(id, false, `unknown request '${type}'`);
  if (type !== 'init' && type !== 'run' && !session && ['figure', 'svg', 'detail', 'csv', 'resultJson', 'anynet', 'graphml', 'dot', 'sst', 'booksim'].includes(type)) {
    return reply(id, false, 'nothing has run yet');
  }
  try {
    const value = await handler(args, id);
    reply(id, true, value, null, type === 'figure' ? buffersOf(value) : type === 'run' ? buffersOf(value?.figure) : []);
  } catch (err) {
    reply(id, false, messageOf(err), err?.field ?? null);
  }
};
