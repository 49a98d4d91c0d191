// The static site the Pages workflow publishes (.github/workflows/pages.yml): what `npm start`
// serves — index.html, www/ with the WASM module in www/pkg, uPlot's two files from
// node_modules — plus dist/topolab.html, the single offline file, as topolab.html. Needs
// `npm run build` and `npm run build:single` first; writes only into a new or empty folder, or
// one it wrote before (marked by .topolab-site), so it never replaces anything else.
//
//   node scripts/site.mjs [DIR]   (default _site)

import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

/** Builds the site in `dir` (see the header); returns its absolute path. */
export function assembleSite(dir = '_site') {
  const out = resolve(root, dir);
  const missing = SITE_FILES.map(([from]) => from)
    .concat(['www/pkg/topolab_bg.wasm', 'www/pkg/topolab.js'])
    .filter((from) => !existsSync(join(root, from)));
  if (missing.length) {
    throw new Error(`the site needs ${missing.join(', ')}: run npm run build and npm run build:single first`);
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
