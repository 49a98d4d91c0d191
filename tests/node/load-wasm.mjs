// The WASM module as the page's worker loads it (www/pkg, built by `npm run build`), in a
// fresh realm of this Node process; shared by the tests under tests/node/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';

export const root = new URL('../../', import.meta.url).pathname;

/** `wasm_bindgen` (the glue: Session, study, checkScenario, …) and the module's own exports (its memory). */
export function loadWasm() {
  // performance: the worker's clock (the ILP's time limit reads it)
  const context = vm.createContext({ TextDecoder, TextEncoder, WebAssembly, FinalizationRegistry, console, performance });
  vm.runInContext(`${readFileSync(join(root, 'www/pkg/topolab.js'), 'utf8')}\nglobalThis.wasm_bindgen = wasm_bindgen;`, context);
  context.bytes = readFileSync(join(root, 'www/pkg/topolab_bg.wasm'));
  // the options object must come from the module's own realm for the glue to recognise it
  context.exports = vm.runInContext('wasm_bindgen.initSync({ module: bytes })', context);
  context.wasm_bindgen.exports = context.exports;
  return context.wasm_bindgen;
}
