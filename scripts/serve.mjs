// A small static file server for the page (no dependencies): serves the repository root (or
// another folder: `root`, e.g. the site scripts/site.mjs assembles) on localhost with the right
// MIME types, on PORT or the first free port from 8080.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const repository = resolve(new URL('..', import.meta.url).pathname);
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
};

export function serve(port = Number(process.env.PORT) || 8080, { quiet = false, root = repository } = {}) {
  root = resolve(root);
  return new Promise((resolvePromise, reject) => {
    const server = createServer(async (req, res) => {
      try {
        const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
        let file = normalize(join(root, path));
        // inside the root itself, not a sibling sharing its name's prefix (/site-old for /site)
        if (file !== root && !file.startsWith(root + sep)) throw new Error('outside');
        if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
        res.end(body);
      } catch {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
      }
    });
    server.on('error', (e) => {
      if (e.code === 'EADDRINUSE' && port < 8200) serve(port + 1, { quiet, root }).then(resolvePromise, reject);
      else reject(e);
    });
    server.listen(port, '127.0.0.1', () => {
      const url = `http://localhost:${server.address().port}/`;
      if (!quiet) console.log(`Topolab is served at ${url}  (Ctrl+C to stop)`);
      resolvePromise({ server, url });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) serve();
