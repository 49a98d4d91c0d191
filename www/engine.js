// The page's handle on a worker: promise-based requests with progress, and Cancel (which
// terminates the worker and starts a fresh one, so the page stays responsive whatever runs).
// The page keeps several (a codec, and per lab one for its shown run and one for its studies).
// Works served over http (worker.js + pkg/) and in the single-file build (sources inlined).

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.cancelled = true;
  }
}

function inlineSources() {
  return globalThis.TOPOLAB_INLINE ?? null;
}

/** The inlined WASM's bytes (a promise), decoded once for every worker of the page. */
let inlineBytes = null;

/** The module's bytes from the single file's base64 of its gzip (the browser's own gunzip). */
async function gunzipBase64(text) {
  const raw = atob(text);
  const gz = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) gz[i] = raw.charCodeAt(i);
  const stream = new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export class Engine {
  /** `base`: the URL of the www/ folder (default: where this module was loaded from). */
  constructor(base = null) {
    this.base = base;
    this.nextId = 1;
    this.pending = new Map();
    this.ready = null;
    this.worker = null;
  }

  /** Start (or restart) the worker; resolves when the WASM module is loaded. */
  start() {
    const inline = inlineSources();
    if (inline) {
      const blob = new Blob([inline.glue, '\n', inline.worker], { type: 'text/javascript' });
      this.worker = new Worker(URL.createObjectURL(blob));
      inlineBytes ??= gunzipBase64(inline.wasmGzipBase64);
    } else {
      this.base ??= new URL('./', import.meta.url);
      this.worker = new Worker(new URL('worker.js', this.base));
    }
    this.worker.onmessage = (e) => this.#receive(e.data);
    this.worker.onerror = (e) => this.#failAll(new Error(e.message || 'the worker failed'));
    const worker = this.worker;
    // (a worker stopped while the bytes were decoded rejects as its pending requests do)
    this.ready = inline
      ? inlineBytes.then((wasm) => (this.worker === worker ? this.#send('init', { glueUrl: null, wasm }) : Promise.reject(new Cancelled())))
      : this.#send('init', { glueUrl: new URL('pkg/topolab.js', this.base).href, wasm: new URL('pkg/topolab_bg.wasm', this.base).href });
    return this.ready;
  }

  /** Send a request; `onProgress(fraction)` hears about long work. */
  async request(type, args = {}, onProgress = null) {
    await this.ready;
    return this.#send(type, args, onProgress);
  }

  /** True while a request is in flight. */
  get busy() {
    return this.pending.size > 0;
  }

  /** Stop whatever runs: the worker is terminated and replaced; pending requests reject with Cancelled. */
  cancel() {
    this.stop();
    return this.start();
  }

  /** Terminate the worker for good (a pool's worker that is no longer needed); pending requests reject with Cancelled. */
  stop() {
    this.worker?.terminate();
    this.#failAll(new Cancelled());
  }

  #send(type, args, onProgress = null) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, type, ...args });
    });
  }

  #receive(msg) {
    const entry = this.pending.get(msg.id);
    if (!entry) return;
    if ('progress' in msg) {
      entry.onProgress?.(msg.progress, msg.point ?? null);
      return;
    }
    this.pending.delete(msg.id);
    if (msg.ok) entry.resolve(msg.value);
    else entry.reject(Object.assign(new Error(msg.error), { field: msg.field ?? null }));
  }

  #failAll(error) {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
