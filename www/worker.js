// Topolab's Web Worker: owns the WASM module and the current Session, so long work never
// blocks the page. The page runs several: per lab one for its shown run and one for its studies,
// and one for the catalog and permalinks. Every
// lab goes through the same few requests (run, figure, detail, study, exports). Protocol: {id, type, ...args} in; {id, progress} while working; then
// {id, ok: true, value} or {id, ok: false, error}. Cancel = the page terminates this worker.
/* global wasm_bindgen, importScripts */
'use strict';

let session = null;
let lastProgress = 0;

function reply(id, ok, payload, field = null) {
  self.postMessage(ok ? { id, ok, value: payload } : { id, ok, error: payload, field });
}

function messageOf(err) {
  return String((err && err.message) || err);
}

/** Run a study of the Scenario's lab; `point`s stream to the page with the progress. */
function study(id, json, name, args = {}) {
  const report = (fraction, point) => self.postMessage({ id, progress: fraction, point: point ?? null });
  return wasm_bindgen.study(json, name, JSON.stringify(args), report);
}

function figureOrError(step, channel) {
  try {
    const figure = session.figure(step, channel);
    return { svg: figure.svg ?? null, error: figure.error ?? null, overview: figure.overview ?? null, openOnOverview: Boolean(figure.openOnOverview) };
  } catch (err) {
    return { svg: null, error: messageOf(err), overview: null };
  }
}

const handlers = {
  async init({ glueUrl, wasm }) {
    if (typeof wasm_bindgen === 'undefined') importScripts(glueUrl);
    await wasm_bindgen({ module_or_path: wasm });
    return true;
  },
  catalog: () => wasm_bindgen.catalog(),
  defaultScenario: () => wasm_bindgen.defaultScenario(),
  checkScenario: ({ json }) => wasm_bindgen.checkScenario(json),
  encodePermalink: ({ json }) => wasm_bindgen.encodePermalink(json),
  decodePermalink: ({ hash }) => wasm_bindgen.decodePermalink(hash),
  run({ json, step = -1, channel = -1 }, id) {
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
    return { result: session.result(), steps: session.steps(), figure: figureOrError(step, channel) };
  },
  study: ({ json, name, args }, id) => study(id, json, name, args),
  figure: ({ step = -1, channel = -1 }) => figureOrError(step, channel),
  detail: ({ query, step = -1 }) => session.detail(JSON.stringify(query), step),
  csv: () => session.csv(),
  resultJson: () => session.resultJson(),
  anynet: () => session.anynet(),
};

self.onmessage = async (event) => {
  const { id, type, ...args } = event.data;
  const handler = handlers[type];
  if (!handler) return reply(id, false, `unknown request '${type}'`);
  if (type !== 'init' && type !== 'run' && !session && ['figure', 'detail', 'csv', 'resultJson', 'anynet'].includes(type)) {
    return reply(id, false, 'nothing has run yet');
  }
  try {
    reply(id, true, await handler(args, id));
  } catch (err) {
    reply(id, false, messageOf(err), err?.field ?? null);
  }
};
