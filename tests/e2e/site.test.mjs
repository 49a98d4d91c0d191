// The published site (issue 28): the Pages workflow runs the README's own builds and
// scripts/site.mjs, and the site that script assembles works when served on its own — the
// default scenario's N, a drawn figure, the TopoGen lab's uPlot chart (uPlot comes from the
// site's copy), a permalink — with the single offline file beside it for download.
// The docs (issue 55): docs/*.md as HTML pages beside the page, in the site and under `npm
// start` — the header's Docs link by keyboard, the index, a lab's and a paper's page, every link
// between the docs landing on a page and an id that exist, axe on every page in both colour
// schemes; the single offline file has no link to docs it does not carry. Issue 62: the
// repository's README.md, ARCHITECTURE.md and CONTRIBUTING.md are docs pages too
// (docs/project/), and the crawl follows every same-origin link of every page: a docs page (never
// raw Markdown) with the anchor's id, the playground with its tour (#tour=ID), another file of the
// site; a link to a repository file outside the site names a file the repository has.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useBrowser, openPage, waitForResult, text, assertNoProblems, ROOT } from './harness.mjs';
import { serve } from '../../scripts/serve.mjs';
import { assembleSite } from '../../scripts/site.mjs';
import { docsPage, slug, PROJECT_PAGES } from '../../scripts/docs-html.mjs';
import { TOURS } from '../../www/tour-list.js';

const env = useBrowser({ server: false });
const scratch = mkdtempSync(join(tmpdir(), 'topolab-site-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const AXE = `${ROOT}node_modules/axe-core/axe.min.js`;
/** Where the crawl's site sends a link to a repository file outside it (the Pages workflow: GitHub's copy). */
const OUTSIDE = 'https://github.invalid/topolab/blob/HEAD/';
const outside = (path, rest) => `${OUTSIDE}${path}${rest}`;

/** The docs' Markdown files under `dir`, relative to it ('labs/slots.md', …). */
function markdownFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(dir, `${prefix}${e.name}/`) : e.name.endsWith('.md') ? [`${prefix}${e.name}`] : [],
  );
}

/**
 * The docs to test: docs/ as it is once its index, docs/README.md, is written (then it must hold
 * docs/cli.md and a lab's page); while it is being written, a scratch copy with a stand-in
 * index (and a stand-in lab's page) that links every page.
 */
const DOCS = (() => {
  const docs = `${ROOT}docs`;
  assert.ok(existsSync(join(docs, 'cli.md')), 'docs/cli.md exists');
  if (existsSync(join(docs, 'README.md'))) {
    assert.ok(markdownFiles(docs).some((f) => f.startsWith('labs/')), 'docs/labs/ holds a lab\'s page');
    return docs;
  }
  const copy = join(scratch, 'docs');
  cpSync(docs, copy, { recursive: true });
  if (!markdownFiles(copy).some((f) => f.startsWith('labs/'))) {
    mkdirSync(join(copy, 'labs'), { recursive: true });
    writeFileSync(join(copy, 'labs', 'slots.md'), '# The Slots lab\n\nIts command: [`topolab slots`](../cli.md#topolab-slots).\n');
  }
  const pages = markdownFiles(copy);
  writeFileSync(join(copy, 'README.md'), `# Topolab's documentation\n\n${pages.map((f) => `- [${f}](${f})`).join('\n')}\n`);
  return copy;
})();

test('the Pages workflow publishes on every push to main with the README\'s builds', () => {
  const workflow = readFileSync(`${ROOT}.github/workflows/pages.yml`, 'utf8');
  const runs = [...workflow.matchAll(/^\s*- run: (.+)$/gm)].map((m) => m[1].trim());
  // the README's build commands, then the assembly, in this order
  const wanted = ['npm run build', 'npm run build:single', 'node scripts/site.mjs _site'];
  assert.deepEqual(runs.filter((r) => wanted.includes(r)), wanted, `the workflow runs ${JSON.stringify(runs)}`);
  for (const command of ['npm run build', 'npm run build:single']) {
    assert.ok(readFileSync(`${ROOT}README.md`, 'utf8').includes(command), `the README names ${command}`);
  }
  assert.match(workflow, /on:\s*\n\s*push:\s*\n\s*branches: \[main\]/, 'published on pushes to main');
  assert.match(workflow, /actions\/upload-pages-artifact@v\d+\s*\n\s*with:\s*\n\s*path: _site/, 'the assembled folder is what is uploaded');
  assert.match(workflow, /actions\/deploy-pages@v\d+/, 'and deployed to Pages');
});

test('site.mjs never writes into a folder holding files of its own', () => {
  const foreign = join(scratch, 'foreign');
  mkdirSync(foreign);
  writeFileSync(join(foreign, 'notes.txt'), 'mine');
  assert.throws(() => assembleSite(foreign, { docs: DOCS }), /did not write/);
  assert.equal(readFileSync(join(foreign, 'notes.txt'), 'utf8'), 'mine', 'the file is untouched');
  assert.throws(() => assembleSite(join(foreign, 'notes.txt'), { docs: DOCS }), /is a file, not a folder/);
  assert.equal(readFileSync(join(foreign, 'notes.txt'), 'utf8'), 'mine', 'the file is untouched');
});

test('the assembled site works served on its own, with the offline file to download', async () => {
  const site = assembleSite(join(scratch, 'site'), { docs: DOCS });
  // a second assembly replaces its own earlier one
  assert.equal(assembleSite(site, { docs: DOCS }), site);
  assert.ok(existsSync(join(site, '.nojekyll')), 'Pages serves the folders as they are');
  assert.deepEqual(readFileSync(join(site, 'topolab.html')), readFileSync(`${ROOT}dist/topolab.html`), 'the single file is offered as built');
  const { server, url } = await serve(0, { quiet: true, root: site });
  try {
    env.url = url.replace('localhost', '127.0.0.1');
    const { page, problems } = await openPage(env, env.url);
    await waitForResult(page);
    assert.equal(await text(page, '#metric-max-slots'), '7');
    assert.ok((await page.locator('#figure svg line.ch').count()) > 0, 'the figure is drawn');
    await page.click('#lab-topogen');
    await page.waitForFunction(() => /^\d+$/.test(document.getElementById('tg-metric-max-slots').textContent));
    assert.equal(await page.locator('#tg-steps-chart canvas').count(), 1, "the steps chart is drawn (uPlot from the site's copy)");
    assert.match(await page.evaluate(() => location.hash), /^#v1\./, 'a permalink');
    const download = await page.evaluate(async () => {
      const r = await fetch('topolab.html');
      return { ok: r.ok, type: r.headers.get('content-type') };
    });
    assert.ok(download.ok && download.type.startsWith('text/html'), `topolab.html is served: ${JSON.stringify(download)}`);
    assertNoProblems(problems);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a docs page: GitHub\'s heading ids, .md links as .html with their anchors, its title, the way back', () => {
  const seen = new Map();
  assert.deepEqual(['`topolab slots`', 'Paper 000: slots & N — how', 'Notes', 'Notes'].map((t) => slug(t, seen)), ['topolab-slots', 'paper-000-slots--n--how', 'notes', 'notes-1']);
  const html = docsPage('# The `slots` lab\n\n## `topolab slots`\n\n[cli](../cli.md#topolab-slots) [index](../README.md) [paper](../papers/000.md) [web](https://example.org/a.md) [img](../img/page.png) [here](#topolab-slots)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n', { path: 'labs/slots.md' });
  assert.match(html, /^<!doctype html>\n<html lang="en">/);
  assert.match(html, /<title>The slots lab — Topolab docs<\/title>/);
  assert.match(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
  assert.match(html, /<h1 id="the-slots-lab">The <code>slots<\/code> lab<\/h1>/);
  assert.match(html, /<h2 id="topolab-slots">/);
  for (const href of ['../cli.html#topolab-slots', '../index.html', '../papers/000.html', 'https://example.org/a.md', '../img/page.png', '#topolab-slots']) {
    assert.ok(html.includes(`href="${href}"`), `a link to ${href}`);
  }
  assert.match(html, /<a href="\.\.\/\.\.\/">← Topolab playground<\/a>/, 'the way back to the playground');
  assert.match(html, /@media \(prefers-color-scheme: dark\)/, 'a dark scheme');

  // the repository's README.md, written from the repository's root, as docs/project/readme.html
  const readme = docsPage('# Topolab\n\n## The published site\n\n![page](docs/img/page.png) [docs](docs/README.md) [a lab](docs/labs/slots.md#cli) [architecture](ARCHITECTURE.md#dependencies) [code](src/lib.rs) [here](#the-published-site)\n', { path: '../README.md', outside });
  for (const href of ['../index.html', '../labs/slots.html#cli', 'architecture.html#dependencies', `${OUTSIDE}src/lib.rs`, '#the-published-site']) {
    assert.ok(readme.includes(`href="${href}"`), `README's link to ${href}`);
  }
  assert.ok(readme.includes('src="../img/page.png"'), 'its image, from the page\'s place');
  assert.match(readme, /<a href="\.\.\/\.\.\/">← Topolab playground<\/a>/, 'the way back to the playground');
  assert.match(readme, /<a href="\.\.\/index\.html">Documentation index<\/a>/);
  assert.equal(docsPage('# Architecture\n\n[contributing](CONTRIBUTING.md) [code](src/lib.rs)', { path: '../ARCHITECTURE.md' }).match(/href="[^"]+"(?=>(?:contributing|code))/g).join(' '), 'href="contributing.html" href="../../src/lib.rs"', 'without outside: the repository\'s copy beside the site');
  // and a docs page's link to them lands there
  const lab = docsPage('[r](../../README.md#the-published-site) [c](../../CONTRIBUTING.md)', { path: 'labs/x.md', outside });
  for (const href of ['../project/readme.html#the-published-site', '../project/contributing.html']) assert.ok(lab.includes(`href="${href}"`), `a lab's link to ${href}`);
  assert.ok(docsPage('[r](../README.md#the-published-site)', { path: 'lecturers.md', outside }).includes('href="project/readme.html#the-published-site"'));
});

/** axe's serious and critical findings on `page` as it is now (as tests/e2e/a11y.test.mjs runs it). */
async function axeFindings(page, where) {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${where}: ${v.id} (${v.impact}) at ${v.targets.join(' | ')}`);
}

test('the site\'s docs: the header\'s Docs link by keyboard, the index, a lab\'s and a paper\'s page, every link landing on an id, axe in both schemes', async () => {
  const site = assembleSite(join(scratch, 'site-docs'), { docs: DOCS, outside });
  const pages = markdownFiles(DOCS).map((f) => f.replace(/(^|\/)README\.md$/, '$1index.html').replace(/\.md$/, '.html')).concat(Object.values(PROJECT_PAGES));
  for (const page of pages) assert.ok(existsSync(join(site, 'docs', page)), `docs/${page} is in the site`);
  if (existsSync(join(DOCS, 'img', 'page.png'))) assert.deepEqual(readFileSync(join(site, 'docs', 'img', 'page.png')), readFileSync(join(DOCS, 'img', 'page.png')), 'docs/img as it is');
  const { server, url } = await serve(0, { quiet: true, root: site });
  try {
    env.url = url.replace('localhost', '127.0.0.1');
    const { context, page, problems } = await openPage(env, env.url);
    await waitForResult(page);
    // by keyboard: Tab from the top of the page to the link, Enter opens the docs in a new tab
    await page.focus('.skip');
    for (let i = 0; i < 40 && (await page.evaluate(() => document.activeElement?.id)) !== 'docs'; i++) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'docs', 'Tab reaches the Docs link');
    assert.equal(await page.evaluate(() => document.activeElement.checkVisibility()), true, 'the focused link is shown');
    assert.match(await page.getAttribute('#docs', 'aria-label'), /^Docs \(opens in a new tab\)$/);
    const [docs] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await docs.waitForLoadState();
    assert.equal(new URL(docs.url()).pathname, '/docs/', 'the docs index opens');
    assert.equal(await docs.evaluate(() => window.opener), null, 'rel=noopener');
    const indexTitle = readFileSync(join(DOCS, 'README.md'), 'utf8').match(/^#\s+(.+)$/m)[1].replace(/`/g, '');
    assert.equal((await docs.textContent('h1')).trim(), indexTitle, 'the index shows docs/README.md');

    // from the index, a lab's page and (once there are papers' pages) a paper's, and back
    for (const kind of ['labs', 'papers']) {
      const link = docs.locator(`main a[href^="${kind}/"][href$=".html"]`).first();
      if (kind === 'papers' && !pages.some((p) => p.startsWith('papers/'))) continue;
      assert.ok((await link.count()) > 0, `the index links a page in ${kind}/`);
      const href = await link.getAttribute('href');
      await Promise.all([docs.waitForURL(`**/docs/${href}`), link.click()]);
      assert.ok((await docs.textContent('h1')).trim().length > 0, `${href} has its heading`);
      assert.equal(await docs.locator('a', { hasText: 'Topolab playground' }).getAttribute('href'), '../../', 'the way back');
      await docs.goBack();
    }

    // every same-origin link of every page lands: a docs page (HTML, never the raw Markdown) and,
    // with an anchor, its id; the playground and, with #tour=ID, that tour (its other hashes are
    // its state); any other file of the site. A link to a repository file outside the site names
    // a file the repository has.
    const answers = new Map();
    const fetched = async (address) => {
      if (!answers.has(address)) {
        const response = await fetch(address);
        const type = response.headers.get('content-type') ?? '';
        const html = response.ok && type.startsWith('text/html') ? await response.text() : null;
        answers.set(address, { status: response.status, type, ids: html && new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1])) });
      }
      return answers.get(address);
    };
    const idsOf = async (address) => (await fetched(address)).ids;
    const playground = new Set(['/', '/index.html']);
    const dead = [];
    let checked = 0;
    for (const from of pages) {
      await docs.goto(`${env.url}docs/${from}`);
      const hrefs = await docs.locator('a[href]').evaluateAll((links) => links.map((a) => a.href));
      for (const href of hrefs) {
        if (href.startsWith(OUTSIDE)) {
          const path = decodeURIComponent(new URL(href).pathname.slice(new URL(OUTSIDE).pathname.length));
          if (!existsSync(join(ROOT, path))) dead.push(`${from} → ${path} (no such file in the repository)`);
          continue;
        }
        const target = new URL(href);
        if (target.origin !== new URL(env.url).origin) continue;
        const { status, type, ids: found } = await fetched(target.origin + target.pathname);
        const anchor = decodeURIComponent(target.hash.slice(1));
        const where = `${from} → ${target.pathname}${target.hash}`;
        checked++;
        if (status !== 200) dead.push(`${where} (${status})`);
        else if (/\.md$/i.test(target.pathname) || type.startsWith('text/plain')) dead.push(`${where} (raw ${type}, not a page)`);
        else if (playground.has(target.pathname)) {
          if (!found) dead.push(`${where} (the playground is not HTML: ${type})`);
          const tour = anchor.startsWith('tour=') ? new URLSearchParams(anchor) : null;
          const known = tour && TOURS.find((t) => t.id === tour.get('tour'));
          if (tour && !known) dead.push(`${where} (no such tour: ${TOURS.map((t) => t.id).join(', ')})`);
          else if (tour && tour.has('stop') && !(Number(tour.get('stop')) >= 1 && Number(tour.get('stop')) <= known.stops.length)) dead.push(`${where} (no such stop)`);
        } else if (anchor && !found) dead.push(`${where} (an anchor on a file that is not a page: ${type})`);
        else if (anchor && !found.has(anchor)) dead.push(`${where} (no such id)`);
      }
    }
    assert.ok(checked > pages.length, `links between the docs checked: ${checked}`);
    assert.deepEqual(dead, [], 'links that land nowhere');
    assert.ok((await idsOf(`${env.url}docs/project/readme.html`)).has('the-published-site'), "the README's page, with GitHub's ids");
    if (pages.some((p) => p.startsWith('labs/'))) {
      const toCli = [...(await idsOf(`${env.url}docs/cli.html`))].filter((id) => id.startsWith('topolab-'));
      assert.ok(toCli.length > 5, 'cli.html has an id per subcommand');
    }

    // axe on every page, in the light and the dark scheme (and the theme the playground chose wins)
    const found = [];
    for (const colorScheme of ['light', 'dark']) {
      await docs.emulateMedia({ colorScheme });
      for (const from of pages) {
        await docs.goto(`${env.url}docs/${from}`);
        found.push(...(await axeFindings(docs, `docs/${from} ${colorScheme}`)));
      }
    }
    assert.deepEqual(found, [], 'axe findings');
    const background = () => docs.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await docs.emulateMedia({ colorScheme: 'light' });
    await docs.goto(`${env.url}docs/`);
    assert.equal(await background(), 'rgb(255, 255, 255)');
    await docs.evaluate(() => localStorage.setItem('topolab.theme', 'dark'));
    await docs.reload();
    assert.equal(await background(), 'rgb(13, 17, 23)', "the playground's dark theme");
    assertNoProblems(problems);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('npm start renders the docs from their Markdown, serves docs/img as files, and nothing outside', async () => {
  // a root as the repository's: the page, its files, and the docs under test
  const root = join(scratch, 'root');
  mkdirSync(root);
  for (const name of ['index.html', 'www', 'node_modules', 'README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md']) symlinkSync(`${ROOT}${name}`, join(root, name));
  symlinkSync(DOCS, join(root, 'docs'));
  const { server, url } = await serve(0, { quiet: true, root });
  try {
    const get = (path) => fetch(new URL(path, url), { redirect: 'manual' });
    const folder = await get('docs');
    assert.equal(folder.status, 301);
    assert.equal(folder.headers.get('location'), '/docs/');
    const index = await get('docs/');
    assert.equal(index.status, 200);
    assert.match(index.headers.get('content-type'), /^text\/html/);
    assert.equal(await index.text(), docsPage(readFileSync(join(DOCS, 'README.md'), 'utf8'), { path: 'README.md' }), 'docs/README.md rendered');
    assert.equal(await (await get('docs/index.html')).text(), await (await get('docs/')).text(), 'index.html is the index too');
    assert.match(await (await get('docs/cli.html')).text(), / id="topolab-slots"/);
    const lab = markdownFiles(DOCS).find((f) => f.startsWith('labs/'));
    const labPage = await get(`docs/${lab.replace(/\.md$/, '.html')}`);
    assert.equal(labPage.status, 200, `${lab} is rendered`);
    assert.match(await labPage.text(), /<h1 id="/);
    if (existsSync(join(DOCS, 'img', 'page.png'))) {
      const png = await get('docs/img/page.png');
      assert.equal(png.headers.get('content-type'), 'image/png');
      assert.deepEqual(Buffer.from(await png.arrayBuffer()), readFileSync(join(DOCS, 'img', 'page.png')));
    }
    assert.equal((await get('docs/no-such-page.html')).status, 404);
    // the repository's own pages (issue 62), rendered from the repository's root
    for (const [file, page] of Object.entries(PROJECT_PAGES)) {
      const response = await get(`docs/${page}`);
      assert.equal(response.status, 200, `docs/${page}`);
      assert.equal(await response.text(), docsPage(readFileSync(`${ROOT}${file}`, 'utf8'), { path: `../${file}` }), `${file} rendered`);
    }
    assert.equal((await get('docs/project/')).status, 404, 'no index of its own');
    // the repository's README.md is beside docs/, not in it: only its page renders it
    assert.equal((await get('docs/..%2FREADME.html')).status, 404);
    assert.equal((await get('docs/project/..%2F..%2FREADME.html')).status, 404);
    assert.equal((await get('docs/..%2F..%2F..%2Fetc%2Fpasswd')).status, 404);
    assert.equal((await get('docs/..%2F..%2F..%2Fetc%2Fhostname.html')).status, 404);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('the single offline file has no Docs link (no docs beside it); the page has one', () => {
  assert.match(readFileSync(`${ROOT}index.html`, 'utf8'), /<a id="docs" class="tool" href="docs\/"/);
  assert.match(readFileSync(`${ROOT}scripts/build-single.mjs`, 'utf8'), /<a id="docs"/, 'build:single takes it out');
  assert.doesNotMatch(readFileSync(`${ROOT}dist/topolab.html`, 'utf8'), /<a id="docs"/);
});
