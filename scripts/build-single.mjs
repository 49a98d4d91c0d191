// `npm run build:single`: dist/topolab.html, one self-contained file (page script bundled by
// esbuild, CSS, worker and WASM inlined) that works from file:// with no server or network.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { buildWasm } from './toolchain.mjs';

const root = new URL('../', import.meta.url);
const read = (path, encoding = 'utf8') => readFileSync(new URL(path, root), encoding);

buildWasm();
const bundle = await build({
  entryPoints: [new URL('www/app.js', root).pathname],
  bundle: true,
  format: 'iife',
  minify: true,
  write: false,
  logLevel: 'warning',
});
// Text placed inside <script> must not close it early.
const scriptSafe = (text) => text.replace(/<\/(script)/gi, '<\\/$1');
const inline = {
  glue: read('www/pkg/topolab.js'),
  worker: read('www/worker.js'),
  // gzip (level 9) in base64: www/engine.js gunzips it with the browser's DecompressionStream
  wasmGzipBase64: gzipSync(read('www/pkg/topolab_bg.wasm', null), { level: 9 }).toString('base64'),
};
let html = read('index.html');
const jsTag = '<script type="module" src="www/app.js"></script>';
if (!html.includes(jsTag)) throw new Error(`index.html must contain ${jsTag}`);
// The header's Docs link names the docs/ beside the page (npm start, the published site); the
// single file has none beside it, offline, so it goes rather than lead nowhere.
const docsLink = /\n\s*<a id="docs" [^>]*>.*?<\/a>/;
if (!docsLink.test(html)) throw new Error('index.html must contain the header\'s <a id="docs" …>…</a> on one line');
html = html.replace(docsLink, '');
// every local stylesheet (the page's and its libraries') is inlined
html = html
  .replace(/<link rel="stylesheet" href="([^"]+)">/g, (_, href) => `<style>\n${read(href).replace(/<\/style/gi, '<\\/style')}\n</style>`)
  .replace(jsTag, () => `<script>globalThis.TOPOLAB_INLINE = ${scriptSafe(JSON.stringify(inline))};</script>\n<script>${scriptSafe(bundle.outputFiles[0].text)}</script>`);
mkdirSync(new URL('dist/', root), { recursive: true });
writeFileSync(new URL('dist/topolab.html', root), html);
console.log(`wrote dist/topolab.html (${Buffer.byteLength(html)} bytes)`);
