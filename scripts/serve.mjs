// A small static file server for the page (Node's own modules, and marked for the docs): serves
// the repository root (or another folder: `root`, e.g. the site scripts/site.mjs assembles) on
// localhost with the right MIME types, on PORT or the first free port from 8080. The Markdown
// documentation in docs/ is rendered as the site has it (scripts/docs-html.mjs): /docs/ is
// docs/README.md, /docs/…/X.html is docs/…/X.md, /docs/project/readme.html the repository's
// README.md (and ARCHITECTURE.md, CONTRIBUTING.md: PROJECT_PAGES); where there is no such
// Markdown file (the assembled site's docs/, docs/img) the files are served as they are.
// marked, which renders them, is loaded on the first such request, so the page is served
// without it.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';

const repository = resolve(new URL('..', import.meta.url).pathname);
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8', '.md': 'text/plain; charset=utf-8',
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp',
};

/** Whether `file` (normalized) is `folder` or inside it, not a sibling sharing its name's prefix (/site-old for /site). */
const inside = (file, folder) => file === folder || file.startsWith(folder + sep);

/**
 * The rendered page for request path `path` (decoded) when it names a Markdown file under
 * `root`'s docs/ (/docs/ → docs/README.md, /docs/…/X.html → docs/…/X.md) or one of the
 * repository's own pages (/docs/project/readme.html → README.md, docs-html.mjs PROJECT_PAGES),
 * else null.
 */
async function renderedDoc(root, path) {
  if (!path.startsWith('/docs/')) return null;
  const { docsPage, markdownName, PROJECT_PAGES } = await import('./docs-html.mjs');
  const page = path.slice('/docs/'.length);
  const md = markdownName(page);
  const docs = join(root, 'docs');
  let file = null;
  let name = null;
  if (md?.startsWith('../')) {
    // only the pages of PROJECT_PAGES leave docs/, each for its one file (not /docs/..%2FREADME.html)
    if (PROJECT_PAGES[md.slice(3)] === page) [file, name] = [join(root, md.slice(3)), md];
  } else if (md) {
    file = normalize(join(docs, md));
    if (inside(file, docs)) name = relative(docs, file).split(sep).join('/');
  }
  if (!name) return null;
  try {
    if (!(await stat(file)).isFile()) return null;
  } catch {
    return null;
  }
  return docsPage(await readFile(file, 'utf8'), { path: name });
}

export function serve(port = Number(process.env.PORT) || 8080, { quiet = false, root = repository } = {}) {
  root = resolve(root);
  return new Promise((resolvePromise, reject) => {
    const server = createServer(async (req, res) => {
      try {
        const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
        let file = normalize(join(root, path));
        // inside the root itself, not a sibling sharing its name's prefix (/site-old for /site)
        if (!inside(file, root)) throw new Error('outside');
        if (path === '/docs') {
          // the pages' relative links need the folder's address
          res.writeHead(301, { location: '/docs/' });
          res.end();
          return;
        }
        const page = await renderedDoc(root, path);
        if (page) {
          res.writeHead(200, { 'content-type': types['.html'], 'cache-control': 'no-cache' });
          res.end(page);
          return;
        }
        if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
        res.end(body);
      } catch (e) {
        // an older node_modules, from before the docs: their renderer is not installed
        const missing = e?.code === 'ERR_MODULE_NOT_FOUND';
        res.writeHead(missing ? 500 : 404, { 'content-type': 'text/plain' });
        res.end(missing ? `the docs need npm install first (${e.message})` : 'not found');
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
