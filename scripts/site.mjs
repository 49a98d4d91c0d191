// The static site the Pages workflow publishes (.github/workflows/pages.yml): what `npm start`
// serves — index.html, www/ with the WASM module in www/pkg, uPlot's two files from
// node_modules — plus dist/topolab.html, the single offline file, as topolab.html, and the
// documentation of docs/ as HTML pages (scripts/docs-html.mjs: docs/README.md as
// docs/index.html, docs/…/X.md as docs/…/X.html, docs/img and other files as they are; the
// repository's README.md, ARCHITECTURE.md and CONTRIBUTING.md as docs/project/readme.html,
// architecture.html and contributing.html, PROJECT_PAGES). Needs
// `npm run build` and `npm run build:single` first; writes only into a new or empty folder, or
// one it wrote before (marked by .topolab-site), so it never replaces anything else.
//
//   node scripts/site.mjs [DIR]   (default _site)

import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { docsPage, htmlName, PROJECT_PAGES } from './docs-html.mjs';

const root = resolve(new URL('..', import.meta.url).pathname);
const MARK = '.topolab-site';

/** The files of the site, relative to the repository, and where each goes in the site. */
export const SITE_FILES = [
  ['index.html', 'index.html'],
  ['www', 'www'],
  ['node_modules/uplot/dist/uPlot.esm.js', 'node_modules/uplot/dist/uPlot.esm.js'],
  ['node_modules/uplot/dist/uPlot.min.css', 'node_modules/uplot/dist/uPlot.min.css'],
  ['dist/topolab.html', 'topolab.html'],
];

/**
 * Where a docs page's link to a repository file outside docs/ (`path` from the repository's
 * root, `rest` its ?query and #anchor) goes: on GitHub, at the commit published, when the Pages
 * workflow says which repository that is; elsewhere (a site assembled by hand) the link stays
 * as written, to the repository's copy beside it.
 */
function onGitHub(env = process.env) {
  if (!env.GITHUB_REPOSITORY) return null;
  const server = env.GITHUB_SERVER_URL || 'https://github.com';
  return (path, rest) => `${server}/${env.GITHUB_REPOSITORY}/blob/${env.GITHUB_SHA || 'HEAD'}/${path}${rest}`;
}

/** Writes the docs in folder `from` into folder `to`: Markdown rendered as pages, every other file copied. */
function writeDocs(from, to, outside, prefix = '') {
  for (const entry of readdirSync(join(from, prefix), { withFileTypes: true })) {
    const path = prefix + entry.name;
    if (entry.isDirectory()) {
      writeDocs(from, to, outside, `${path}/`);
    } else if (/\.md$/i.test(entry.name)) {
      mkdirSync(join(to, prefix), { recursive: true });
      writeFileSync(join(to, htmlName(path)), docsPage(readFileSync(join(from, path), 'utf8'), { path, outside }));
    } else {
      mkdirSync(join(to, prefix), { recursive: true });
      cpSync(join(from, path), join(to, path));
    }
  }
}

/** Writes the repository's own pages (PROJECT_PAGES, each file in folder `from`) into the docs' folder `to`. */
function writeProjectPages(from, to, outside) {
  for (const [file, page] of Object.entries(PROJECT_PAGES)) {
    mkdirSync(join(to, page, '..'), { recursive: true });
    writeFileSync(join(to, page), docsPage(readFileSync(join(from, file), 'utf8'), { path: `../${file}`, outside }));
  }
}

/**
 * Builds the site in `dir` (see the header); returns its absolute path. `docs` is the folder of
 * the documentation (the repository's docs/; a test may give another), `project` the folder of
 * PROJECT_PAGES (the repository's root). `outside(path, rest)` is where a docs page's link to
 * another repository file goes (default: GitHub's copy when the Pages workflow says which
 * repository; a test may give its own).
 */
export function assembleSite(dir = '_site', { docs = join(root, 'docs'), project = root, outside = onGitHub() } = {}) {
  const out = resolve(root, dir);
  docs = resolve(root, docs);
  const missing = SITE_FILES.map(([from]) => join(root, from))
    .concat(['www/pkg/topolab_bg.wasm', 'www/pkg/topolab.js'].map((from) => join(root, from)), [join(docs, 'README.md')], Object.keys(PROJECT_PAGES).map((file) => join(resolve(root, project), file)))
    .filter((from) => !existsSync(from));
  if (missing.length) {
    throw new Error(`the site needs ${missing.map((path) => relative(root, path)).join(', ')}: run npm run build and npm run build:single first (docs/README.md is the docs' index)`);
  }
  if (existsSync(out)) {
    if (!statSync(out).isDirectory()) throw new Error(`${out} is a file, not a folder: choose a folder for the site`);
    const entries = readdirSync(out);
    if (entries.length && !entries.includes(MARK)) {
      throw new Error(`${out} holds files this script did not write: choose another folder`);
    }
    rmSync(out, { recursive: true, force: true });
  }
  mkdirSync(out, { recursive: true });
  for (const [from, to] of SITE_FILES) {
    mkdirSync(join(out, to, '..'), { recursive: true });
    cpSync(join(root, from), join(out, to), { recursive: true });
  }
  writeDocs(docs, join(out, 'docs'), outside);
  writeProjectPages(resolve(root, project), join(out, 'docs'), outside);
  // Pages would otherwise run Jekyll, which drops folders starting with '_' or '.'
  writeFileSync(join(out, '.nojekyll'), '');
  writeFileSync(join(out, MARK), 'written by scripts/site.mjs\n');
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`wrote the site in ${assembleSite(process.argv[2])}`);
  } catch (e) {
    console.error(`error: ${e.message}`);
    process.exit(2);
  }
}
