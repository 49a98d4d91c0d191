// `npm start`: install what is missing, build the WASM module, serve the page, print the URL.
import { existsSync } from 'node:fs';
import { buildWasm, run } from './toolchain.mjs';
import { serve } from './serve.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
// the page imports its chart library from node_modules
if (!existsSync('node_modules/.package-lock.json')) run('npm ci --no-audit --no-fund');
buildWasm();
await serve();
