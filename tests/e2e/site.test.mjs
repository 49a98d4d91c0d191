// The published site (issue 28): the Pages workflow runs the README's own builds and
// scripts/site.mjs, and the site that script assembles works when served on its own — the
// default scenario's N, a drawn figure, the TopoGen lab's uPlot chart (uPlot comes from the
// site's copy), a permalink — with the single offline file beside it for download.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useBrowser, openPage, waitForResult, text, assertNoProblems, ROOT } from './harness.mjs';
import { serve } from '../../scripts/serve.mjs';
import { assembleSite } from '../../scripts/site.mjs';

const env = useBrowser({ server: false });
const scratch = mkdtempSync(join(tmpdir(), 'topolab-site-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

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
  assert.throws(() => assembleSite(foreign), /did not write/);
  assert.equal(readFileSync(join(foreign, 'notes.txt'), 'utf8'), 'mine', 'the file is untouched');
  assert.throws(() => assembleSite(join(foreign, 'notes.txt')), /is a file, not a folder/);
  assert.equal(readFileSync(join(foreign, 'notes.txt'), 'utf8'), 'mine', 'the file is untouched');
});

test('the assembled site works served on its own, with the offline file to download', async () => {
  const site = assembleSite(join(scratch, 'site'));
  // a second assembly replaces its own earlier one
  assert.equal(assembleSite(site), site);
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
