// Accessibility by axe-core (issue 52): the start screen, a tour and an embed, light and dark,
// and a view the controls no longer ask for (every lab and every tour stop at three sizes, light
// and dark, A+ off and on: a11y-matrix.test.mjs), checked against WCAG 2.1 A/AA and axe's best practices
// (colour contrast included: the figure's SVG text and the charts count where axe reads them).
// No 'serious' or 'critical' finding may remain; each one is printed with its nodes. Every
// finding, of any impact, is written to test-results/axe-findings-a11y.json for the record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForRun, afterRun, assertNoProblems } from './harness.mjs';
import { audit, saveRecord } from './axe.mjs';

const env = useBrowser();
/** Show lab `name` and wait for its run; then let its charts draw. */
async function openLab(page, name) {
  if ((await page.getAttribute('body', 'data-lab')) !== name) await afterRun(page, () => page.click(`#lab-${name}`));
  await page.waitForTimeout(300);
}

// (every lab at three sizes, light and dark, A+ off and on, and every tour stop: a11y-matrix.test.mjs)
test('the start screen and an embed: no serious or critical axe findings', async () => {
  const found = [];

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
