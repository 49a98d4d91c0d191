// The page in a lecture: the step keys step (also with a button focused, or a select picked with
// the mouse; a select reached by the keyboard keeps ← →, PageDown still steps), every lab opens on something to step through, and nothing on the page moves when a
// job starts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForResult, runsDone, waitForRun, afterRun, text, assertNoProblems } from './harness.mjs';

const env = useBrowser();

/** Those of `selectors` whose first element is not wholly inside the viewport. */
function outOfView(page, selectors) {
  return page.evaluate((selectors) => selectors.filter((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return !(r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth);
  }), selectors);
}

/** The step counter as [index (1-based), count], or null when it says "No steps". */
async function counter(page) {
  const match = (await text(page, '#step-counter')).match(/^Step (\d+) \/ (\d+)$/);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

test('after choosing from a dropdown with the mouse, → steps and leaves the control alone; reached by the keyboard, → moves it', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  await afterRun(page, () => page.selectOption('#policy', 'hcLtoS_greedy'));
  // the lecturer's mouse opens the dropdown (and closes it): the select keeps focus
  await page.click('#policy');
  await page.keyboard.press('Escape');
  const runs = await runsDone(page);
  const [index, count] = await counter(page);
  assert.ok(count > 3);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await counter(page), [index + 2, count], '→ stepped twice');
  assert.equal(await page.inputValue('#policy'), 'hcLtoS_greedy', 'the policy did not change');
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await counter(page), [index + 1, count]);
  await page.keyboard.press('End');
  assert.deepEqual(await counter(page), [count, count]);
  await page.keyboard.press('Home');
  assert.deepEqual(await counter(page), [1, count]);
  await page.waitForTimeout(400); // a re-run would start after the controls' pause
  assert.equal(await runsDone(page), runs, 'no run was started');
  assert.equal(await page.inputValue('#policy'), 'hcLtoS_greedy');

  // Reached with the keyboard, the select takes ← → as its own (WCAG: a control's arrows are
  // the control's); PageDown, the clicker's key, still steps.
  await page.evaluate(() => document.activeElement?.blur());
  await page.focus('#policy');
  const options = await page.locator('#policy option').evaluateAll((all) => all.map((o) => o.value));
  const at = await counter(page);
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.inputValue('#policy'), options[options.indexOf('hcLtoS_greedy') + 1] ?? 'hcLtoS_greedy', '→ chose the next policy');
  assert.deepEqual(await counter(page), at, '→ did not step');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.inputValue('#policy'), 'hcLtoS_greedy', '← chose it back');
  await page.keyboard.press('PageDown');
  assert.deepEqual(await counter(page), [at[0] + 1, at[1]], 'PageDown stepped');

  // Space on a focused button plays and pauses; it does not click the button.
  const theme = await page.getAttribute('html', 'data-theme');
  await page.focus('#theme');
  await page.keyboard.press(' ');
  assert.equal(await page.getAttribute('#play', 'aria-pressed'), 'true', 'Space plays');
  await page.keyboard.press(' ');
  assert.equal(await page.getAttribute('#play', 'aria-pressed'), 'false', 'Space pauses');
  assert.equal(await page.getAttribute('html', 'data-theme'), theme, 'the focused theme button was not clicked');

  // In a text field the keys stay the field's.
  await page.focus('#topology');
  const before = await counter(page);
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await counter(page), before);
  assertNoProblems(problems);
});

test('every lab opens on something to step through', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  const labs = await page.locator('.lab[data-lab]').evaluateAll((tabs) => tabs.map((t) => t.dataset.lab));
  assert.ok(labs.length >= 3);
  for (const [i, lab] of labs.entries()) {
    if (i > 0) {
      const before = await runsDone(page);
      await page.click(`#lab-${lab}`);
      await waitForRun(page, before);
    }
    const opened = await counter(page);
    assert.ok(opened && opened[1] >= 2, `${lab} opens with steps (${await text(page, '#step-counter')})`);
    assert.ok(opened[0] < opened[1], `${lab} opens before its last step`);
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('ArrowRight');
    assert.deepEqual(await counter(page), [opened[0] + 1, opened[1]], `→ steps in ${lab}`);
  }
  assertNoProblems(problems);
});

test('nothing on the page moves when a job starts', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  const boxes = () =>
    page.evaluate(() =>
      ['.topbar', '#controls', '#figure', '#player', '#slots-results'].map((selector) => {
        const r = document.querySelector(selector).getBoundingClientRect();
        return [selector, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
      }),
    );
  // all-to-all on 1,024 endpoints with a stepped policy: several seconds, with the progress box.
  await afterRun(page, () => page.selectOption('#pattern', 'all-to-all'));
  const before = await boxes();
  await page.fill('#topology', 'mesh:32x32');
  await page.press('#topology', 'Enter');
  await page.waitForSelector('#busy:not([hidden])', { timeout: 10_000 });
  assert.deepEqual(await boxes(), before, 'the panels keep their places while the job runs');
  await page.click('#cancel');
  await page.waitForSelector('#busy', { state: 'hidden' });
  assertNoProblems(problems);
});

test('the JSON export carries the shown view; a lab without channel loads offers no CSV', async () => {
  const { page, problems } = await openPage(env, env.url, { acceptDownloads: true });
  await waitForResult(page);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal((await counter(page))[0], 3);
  await page.click('#export-menu summary');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  const { readFileSync } = await import('node:fs');
  const saved = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.deepEqual(saved.scenario.view, { step: 2, channel: null }, 'the step on screen (0-based), as a permalink has it');
  assert.equal(saved.scenario.lab, 'slots');
  assert.equal(typeof saved.result.max_slots, 'number');

  await page.click('#export-menu summary');
  assert.equal(await page.isVisible('#export-csv'), true, 'Slots offers per-channel loads');
  await page.click('#export-menu summary');
  const before = await runsDone(page);
  await page.click('#lab-routing');
  await waitForRun(page, before);
  await page.click('#export-menu summary');
  assert.equal(await page.isVisible('#export-csv'), false, 'Routing has no per-channel loads to offer');
  assert.equal(await page.isVisible('#export-json'), true);
  assertNoProblems(problems);
});

test('at 1024×768 with large type (A+) the figure, the step text and the detail still share one screen', async () => {
  const { page, problems } = await openPage(env, env.url, { viewport: { width: 1024, height: 768 } });
  await waitForResult(page);
  const label = () => page.evaluate(() => document.querySelector('#figure svg text.lbl')?.getBoundingClientRect().height ?? 0);
  const small = await label();
  await page.click('#large');
  await page.waitForFunction(() => document.documentElement.classList.contains('large'));
  assert.ok((await label()) > small, 'A+ enlarges the figure\'s own labels');
  const inView = (selectors) => outOfView(page, selectors);
  await page.locator('#figure line.ch.busiest').first().dispatchEvent('click');
  await page.waitForFunction(() => document.querySelectorAll('#channel-circuits li').length > 0);
  assert.deepEqual(await inView(['#figure', '#step-title', '#step-explanation', '#channel-summary', '#channel-circuits li']), [], 'Slots step out of view with A+ (N may sit below the detail)');
  const before = await runsDone(page);
  await page.click('#lab-routing');
  await waitForRun(page, before);
  await afterRun(page, () => page.click('#rt-preset-fig4'));
  await page.waitForSelector('#rt-table:not([hidden])');
  assert.deepEqual(await inView(['#figure', '#step-title', '#step-explanation', '#rt-table']), [], 'Fig. 4 walk out of view with A+');
  await page.click('#large'); // the choice is remembered per browser profile; leave it off
  assertNoProblems(problems);
});

test("at a projector's 1024×768 the header is one row with every lab's tab in view", async () => {
  const { page, problems } = await openPage(env, env.url, { viewport: { width: 1024, height: 768 } });
  await waitForResult(page);
  const header = await page.evaluate(() => {
    const bar = document.querySelector('.topbar').getBoundingClientRect();
    const tabs = [...document.querySelectorAll('.lab')].map((t) => t.getBoundingClientRect());
    const nav = document.querySelector('.labs');
    return { height: bar.height, tabHeight: tabs[0].height, rows: new Set(tabs.map((t) => Math.round(t.top))).size, overflow: nav.scrollWidth - nav.clientWidth, right: Math.max(...tabs.map((t) => t.right)), width: innerWidth };
  });
  assert.equal(header.rows, 1, 'the tabs sit in one row');
  assert.ok(header.height < 2 * header.tabHeight, `the header is one row (${header.height} px)`);
  assert.ok(header.overflow <= 0 && header.right <= header.width, 'every tab is in view');
  assertNoProblems(problems);
});

test('at 1024×768 the figure, the step text and the current detail share one screen', async () => {
  const { page, problems } = await openPage(env, env.url, { viewport: { width: 1024, height: 768 } });
  await waitForResult(page);
  const inView = (selectors) => outOfView(page, selectors);
  // A Slots step with a channel selected: its communications are the detail.
  await page.locator('#figure line.ch.busiest').first().dispatchEvent('click');
  await page.waitForFunction(() => document.querySelectorAll('#channel-circuits li').length > 0);
  assert.deepEqual(await inView(['#figure', '#step-title', '#step-explanation', '#channel-summary', '#channel-circuits li', '#metric-max-slots']), [], 'out of view at 1024×768');
  // The Fig. 4 walk: the routing table of the hop is the detail.
  const before = await runsDone(page);
  await page.click('#lab-routing');
  await waitForRun(page, before);
  await afterRun(page, () => page.click('#rt-preset-fig4'));
  await page.waitForSelector('#rt-table:not([hidden])');
  assert.deepEqual(await inView(['#figure', '#step-title', '#step-explanation', '#rt-table', '#rt-metric-avg-path']), [], 'out of view at 1024×768');
  assertNoProblems(problems);
});
