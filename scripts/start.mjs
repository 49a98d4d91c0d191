// `npm start`: install what is missing, build the WASM module, serve the page, print the URL.
import { buildWasm } from './toolchain.mjs';
import { serve } from './serve.mjs';

buildWasm();
await serve();
