// Permalinks that keep everything: each lab's own seed survives a link, and a link that cannot
// be read stays in the address bar (to be corrected) while the page explains it and, when it
// already showed something, keeps showing that.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForResult, runsDone, waitForRun, afterRun, text, assertNoProblems } from './harness.mjs';

const env = useBrowser();

/** The hash once the page has written the link of what it shows. */
async function settledHash(page, old = null) {
  await page.waitForFunction((old) => location.hash.startsWith('#v1.') && location.hash !== old, old);
  return page.evaluate(() => location.hash);
}

test('each lab keeps its own seed in a permalink', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  const first = await settledHash(page);
  await afterRun(page, () => page.fill('#seed', '5'));
  const slotsHash = await settledHash(page, first);
  let before = await runsDone(page);
  await page.click('#lab-routing');
  await waitForRun(page, before);
  assert.equal(await page.inputValue('#rt-seed'), '1', 'the Routing lab has its own seed');
  await afterRun(page, () => page.fill('#rt-seed', '9'));
  const hash = await settledHash(page, slotsHash);

  const other = await openPage(env, `${env.url}${hash}`);
  await other.page.waitForSelector('#rt-metric-avg-path');
  await other.page.waitForFunction(() => /\d/.test(document.getElementById('rt-metric-avg-path')?.textContent ?? ''));
  assert.equal(await other.page.inputValue('#rt-seed'), '9');
  before = await runsDone(other.page);
  await other.page.click('#lab-slots');
  await waitForRun(other.page, before);
  assert.equal(await other.page.inputValue('#seed'), '5', 'the Slots lab came back with its seed');
  assert.equal(await other.page.inputValue('#tg-seed'), '1', 'the TopoGen lab kept the default');
  assertNoProblems(problems);
  assertNoProblems(other.problems);
});

test('a link that cannot be read stays in the address bar', async () => {
  const { page, problems } = await openPage(env, `${env.url}#v1.garbage!!`);
  await waitForResult(page);
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await text(page, '#error'), /could not be read: .*showing the default lab instead; the address keeps the link/);
  assert.equal(await page.evaluate(() => location.hash), '#v1.garbage!!', 'the bad link is left to be fixed');

  // A page that shows something keeps it when the link is changed to one it cannot read.
  const { page: shown, problems: more } = await openPage(env, env.url);
  await waitForResult(shown);
  await afterRun(shown, async () => {
    await shown.fill('#topology', 'torus:4x4');
    await shown.press('#topology', 'Enter');
  });
  await settledHash(shown);
  const n = await text(shown, '#metric-max-slots');
  await shown.evaluate(() => {
    location.hash = '#v9.abc';
  });
  await shown.waitForSelector('#error:not([hidden])');
  assert.match(await text(shown, '#error'), /'v9' is not known.*the page keeps what it showed/);
  assert.equal(await shown.inputValue('#topology'), 'torus:4x4', 'the controls are kept');
  assert.equal(await text(shown, '#metric-max-slots'), n, 'the result is kept');
  await shown.waitForTimeout(300); // no later write of the hash
  assert.equal(await shown.evaluate(() => location.hash), '#v9.abc');
  // Changing something writes a readable link again.
  await afterRun(shown, () => shown.selectOption('#pattern', 'bitrev'));
  await settledHash(shown, '#v9.abc');
  assertNoProblems(problems);
  assertNoProblems(more);
});

/** The zoom on screen: the width of a switch box, and the switch nearest the middle of the panel. */
function zoomOnScreen(page) {
  return page.evaluate(() => {
    const box = document.getElementById('figure').getBoundingClientRect();
    const [cx, cy] = [box.left + box.width / 2, box.top + box.height / 2];
    let best = null;
    for (const r of document.querySelectorAll('#figure svg rect.sw')) {
      const b = r.getBoundingClientRect();
      const d = Math.hypot(b.left + b.width / 2 - cx, b.top + b.height / 2 - cy);
      if (!best || d < best.d) best = { d, sw: r.dataset.sw, width: b.width };
    }
    return { sw: best.sw, width: Math.round(best.width) };
  });
}

test('Share keeps the zoom and the part of the figure in view', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  await afterRun(page, async () => {
    await page.fill('#topology', 'mesh:16x16');
    await page.press('#topology', 'Enter');
  });
  await page.click('#zoom-in');
  await page.click('#zoom-in');
  await page.click('#zoom-in');
  await page.evaluate(() => {
    const box = document.getElementById('figure');
    box.scrollLeft = box.scrollWidth * 0.6;
    box.scrollTop = box.scrollHeight * 0.3;
  });
  const zoomed = await zoomOnScreen(page);
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share-link').value.includes('#v1.'));
  const link = await page.inputValue('#share-link');

  const other = await openPage(env, link);
  await waitForResult(other.page);
  await other.page.waitForSelector('#figure svg rect.sw');
  assert.equal(await other.page.getAttribute('#zoom-fit', 'aria-pressed'), 'false', 'the link opens zoomed, not fitted');
  const opened = await zoomOnScreen(other.page);
  assert.equal(opened.sw, zoomed.sw, 'the same switch is in the middle of the panel');
  assert.ok(Math.abs(opened.width - zoomed.width) <= 1, `switch boxes are ${opened.width} px wide, as shared (${zoomed.width})`);
  assertNoProblems(problems);
  assertNoProblems(other.problems);
});
