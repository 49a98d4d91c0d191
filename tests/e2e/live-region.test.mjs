// A page a screen reader can follow (issue 64): one polite live region (#announce) says what
// changed, once — a step's title and explanation, a tour stop's text (with the paper's number
// beside ours at the last stop), a run's headline when it ends, a refusal when it is shown — and
// nothing else is a live region, so opening a lab is not a burst of announcements. The skip link
// moves the focus to the figure and leaves a tour's or a permalink's address as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForRun, afterRun, atTourStop, assertNoProblems } from './harness.mjs';
import { TOURS } from '../../www/tour-list.js';

const env = useBrowser();

/** Everything #announce said since the page loaded (each announce() call, in order). */
async function listen(page) {
  await page.evaluate(() => {
    window.said = [];
    const region = document.getElementById('announce');
    new MutationObserver(() => window.said.push(region.textContent)).observe(region, { attributes: true, attributeFilter: ['data-count'] });
  });
  return {
    since: async (n) => (await page.evaluate(() => window.said)).slice(n),
    count: () => page.evaluate(() => window.said.length),
  };
}

/** The live regions a screen reader hears from, among the elements shown. */
function liveRegions(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"], output')]
      .filter((e) => e.getClientRects().length > 0 || e.id === 'announce')
      .map((e) => e.id || e.className),
  );
}

test('one live region: a step, a run\'s end, a refusal and a tour stop are each said once, with their text; opening a lab says at most its run', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForRun(page, 0);
  const said = await listen(page);
  assert.deepEqual(await liveRegions(page), ['announce']);

  // a step: its title and explanation
  await afterRun(page, () => page.click('.lab[data-lab="routing"]'));
  let n = await said.count();
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((n) => window.said.length > n, n);
  const [title, explanation, counter] = await Promise.all(['#step-title', '#step-explanation', '#step-counter'].map((s) => page.textContent(s)));
  const k = counter.match(/^Step (\d+) \/ (\d+)$/);
  assert.deepEqual(await said.since(n), [`Step ${k[1]} of ${k[2]}: ${title}. ${explanation}`]);

  // a run's end: its headline (the lab's title of the run, its key numbers)
  n = await said.count();
  await afterRun(page, () => page.selectOption('#rt-scheme', 'cowen'));
  await page.waitForFunction((n) => window.said.length > n, n);
  const headline = (await page.title()).replace(/^Topolab\s*[—:-]?\s*/, '');
  assert.deepEqual(await said.since(n), [`Done: ${headline}.`]);
  assert.match(headline, /cowen/);

  // a refusal: what the page shows, said once
  n = await said.count();
  await afterRun(page, async () => {
    await page.fill('#rt-topology', 'lrt:63:4:2');
    await page.press('#rt-topology', 'Enter');
  });
  await page.waitForFunction((n) => window.said.length > n, n);
  const refused = await said.since(n);
  assert.equal(refused.length, 1, JSON.stringify(refused));
  assert.match(refused[0], /^Did not run: .*63/);

  // opening a lab: at most one announcement (its run, if it runs), never a burst
  n = await said.count();
  await afterRun(page, () => page.click('.lab[data-lab="sim"]'));
  await page.waitForTimeout(300); // (nothing more should come; a burst would be here by now)
  assert.ok((await said.since(n)).length <= 1, JSON.stringify(await said.since(n)));
  assert.deepEqual(await liveRegions(page), ['announce']);

  // a tour: each stop's text once, the last with the paper's number beside ours
  const tour = TOURS.find((t) => t.id === '002-fig4');
  n = await said.count();
  await page.evaluate(() => (location.hash = '#tour=002-fig4&stop=1'));
  await atTourStop(page, tour.id, 1);
  for (let stop = 2; stop <= tour.stops.length; stop++) {
    await page.keyboard.press('PageDown');
    await atTourStop(page, tour.id, stop);
  }
  await page.waitForFunction((n) => window.said.length >= n + 4, n);
  const stops = await said.since(n);
  assert.equal(stops.length, tour.stops.length, JSON.stringify(stops));
  stops.forEach((text, i) => assert.ok(text.startsWith(`Stop ${i + 1} of ${tour.stops.length}: ${tour.stops[i].text}`), text));
  assert.match(stops.at(-1), /paper .+ · ours .+/);
  assertNoProblems(problems);
});

test('the skip link focuses the figure and keeps a tour\'s address and a permalink\'s', async () => {
  const { page, problems } = await openPage(env, `${env.url}#tour=002-fig4&stop=2`);
  await atTourStop(page, '002-fig4', 2);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.className), 'skip');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'figure');
  assert.equal(new URL(page.url()).hash, '#tour=002-fig4&stop=2');
  assert.equal(await page.isVisible('#tour-card'), true);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => location.hash.startsWith('#v1.'));
  const permalink = page.url();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.focus('.skip');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'figure');
  assert.equal(page.url(), permalink);
  assert.equal(await page.isVisible('#error'), false, 'no broken-link alert');
  assertNoProblems(problems);
});
