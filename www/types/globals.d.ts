// What the page's scripts find on the global object: the WASM module's loader, which
// wasm-bindgen's `--target no-modules` output defines in the worker (www/worker.js).
declare const wasm_bindgen: any;
/** The worker's script loader (the checker reads the page's files with the DOM's globals). */
declare function importScripts(...urls: string[]): void;
