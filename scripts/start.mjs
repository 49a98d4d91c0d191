// `npm start`: install what is missing, build the WASM module, serve the page, print the URL.
import { buildWasm, ensureNodePackages } from './toolchain.mjs';
import { serve } from './serve.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
// the page imports its chart library from node_modules, the docs their Markdown renderer
ensureNodePackages();
buildWasm();
await serve();
