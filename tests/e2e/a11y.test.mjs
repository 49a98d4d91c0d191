// Accessibility by axe-core (issue 52): every lab in the light and the dark theme, with large
// type (A+), on a tour and in an embed, checked against WCAG 2.1 A/AA and axe's best practices
// (colour contrast included: the figure's SVG text and the charts count where axe reads them).
// No 'serious' or 'critical' finding may remain; each one is printed with its nodes. Every
// finding, of any impact, is written to test-results/axe-findings.json for the record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdirSync } from 'node:fs';
import { useBrowser, openPage, waitForRun, afterRun, assertNoProblems, ROOT, RESULTS } from './harness.mjs';

const env = useBrowser();
const AXE = `${ROOT}node_modules/axe-core/axe.min.js`;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

/** Every finding of every view, for the file written at the end. */
const record = [];

/** Write every finding so far (any impact) to test-results/axe-findings.json. */
function saveRecord() {
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(`${RESULTS}axe-findings.json`, JSON.stringify(record, null, 1));
}

/** axe's findings on the page as it is now: [{id, impact, targets}]. */
async function audit(page, where) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')), summary: v.nodes[0]?.failureSummary }));
  }, TAGS);
  for (const v of found) record.push({ where, ...v });
  return found.filter((v) => BLOCKING.has(v.impact)).map((v) => `${where}: ${v.id} (${v.impact}) at ${v.targets.slice(0, 6).join(' | ')}${v.targets.length > 6 ? ` … ${v.targets.length} nodes` : ''}\n    ${v.summary?.split('\n').slice(0, 3).join(' ')}`);
}

/** The labs' names, in the tabs' order. */
function labNames(page) {
  return page.locator('.lab[data-lab]').evaluateAll((tabs) => tabs.map((t) => t.dataset.lab));
}

/** Show lab `name` and wait for its run; then let its charts draw. */
async function openLab(page, name) {
  if ((await page.getAttribute('body', 'data-lab')) !== name) await afterRun(page, () => page.click(`#lab-${name}`));
  await page.waitForTimeout(300);
}

test('every lab, light and dark: no serious or critical axe findings', async () => {
  const found = [];
  const { page, problems } = await openPage(env, `${env.url}?theme=light&large=0`);
  await waitForRun(page, 0);
  for (const lab of await labNames(page)) {
    await openLab(page, lab);
    for (const theme of ['light', 'dark']) {
      if ((await page.getAttribute('html', 'data-theme')) !== theme) await page.click('#theme');
      found.push(...(await audit(page, `${lab} ${theme}`)));
    }
  }
  assertNoProblems(problems);
  saveRecord();
  assert.equal(found.length, 0, `axe findings:\n${found.join("\n")}`);
});

test('with large type (A+), on a tour and in an embed: no serious or critical axe findings', async () => {
  const found = [];
  const { page, problems } = await openPage(env, `${env.url}?theme=dark&large=0`);
  await waitForRun(page, 0);
  await page.click('#large');
  for (const lab of await labNames(page)) {
    await openLab(page, lab);
    found.push(...(await audit(page, `${lab} A+ dark`)));
  }
  await page.click('#large'); // remembered per profile: leave it off

  for (const theme of ['light', 'dark']) {
    const tour = await openPage(env, `${env.url}?theme=${theme}#tour=000-fig5&stop=1`);
    await tour.page.waitForFunction(() => document.getElementById('tour-card')?.dataset.ready === 'true');
    found.push(...(await audit(tour.page, `tour ${theme}`)));
    // the start screen, as the Tours button opens it
    await tour.page.click('#tours');
    await tour.page.waitForSelector('.start-tours');
    found.push(...(await audit(tour.page, `start screen ${theme}`)));
    assertNoProblems(tour.problems);

    const embed = await openPage(env, `${env.url}?embed=1&theme=${theme}`, { viewport: { width: 800, height: 450 } });
    await waitForRun(embed.page, 0);
    found.push(...(await audit(embed.page, `embed ${theme}`)));
    assertNoProblems(embed.problems);
  }
  assertNoProblems(problems);
  saveRecord();
  assert.equal(found.length, 0, `axe findings:\n${found.join("\n")}`);
});


test('a view the controls no longer ask for (issue 53): the note, the offered schemes and Compare’s sides, light and dark', async () => {
  const found = [];
  const { page, problems } = await openPage(env, `${env.url}?theme=light&large=0`);
  await waitForRun(page, 0);
  await openLab(page, 'routing');
  // an edge list (a ring of 64, no positions): LOREN refuses it, the lrt run stays with the note
  const ring = Array.from({ length: 64 }, (_, i) => `${i} ${(i + 1) % 64}`).join('\n');
  await afterRun(page, async () => {
    const chooser = page.waitForEvent('filechooser');
    await page.click('#rt-topology-open');
    await (await chooser).setFiles({ name: 'ring.txt', mimeType: 'text/plain', buffer: Buffer.from(ring) });
  });
  await page.waitForSelector('#view-note:not([hidden])');
  await page.waitForFunction(() => document.getElementById('rt-scheme-offer-head')?.textContent === 'Instead, these run as set:');
  await page.click('#compare');
  await page.waitForSelector('#compare-table tr[data-field="switches"]');
  for (const theme of ['light', 'dark']) {
    if ((await page.getAttribute('html', 'data-theme')) !== theme) await page.click('#theme');
    found.push(...(await audit(page, `stale view ${theme}`)));
  }
  assertNoProblems(problems);
  saveRecord();
  assert.equal(found.length, 0, `axe findings:\n${found.join("\n")}`);
});
