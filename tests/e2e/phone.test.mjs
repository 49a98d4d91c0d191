// The page on a phone (issue 52): at 390×844 with touch, in every lab and on a tour —
// - every lab's tab is a finger's size (≥ 44×24 px) and a tap on it opens the lab;
// - nothing pans sideways (the document is no wider than the visual viewport);
// - the figure (its drawing) and the step player start on the first screen, the controls after;
// - the figure's text reads at 9 px or more on screen (font size × the drawing's scale);
// - Share, Embed, the Export menu and the tour's start screen open inside the screen;
// - a tap on ▶ steps.
// Screenshots of every lab in test-results/phone-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, runsDone, waitForRun, screenshotPath, assertNoProblems } from './harness.mjs';

const env = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** What is wrong with the first screen of the lab shown, as a list of words (empty: all is well). */
function firstScreenProblems(page) {
  return page.evaluate(() => {
    const out = [];
    const width = window.visualViewport.width;
    if (document.documentElement.scrollWidth > width) out.push(`the page pans sideways: ${document.documentElement.scrollWidth} px on ${width}`);
    const drawing = document.querySelector('body[data-lab="ocs-relay"] #ocs-view svg') ?? document.querySelector('#figure > svg, #figure canvas');
    const box = drawing?.getBoundingClientRect();
    if (!box || box.width < 100 || box.height < 100) out.push(`the figure's drawing is not drawn (${JSON.stringify(box?.toJSON())})`);
    else if (box.top + scrollY >= innerHeight || box.left >= width || box.right <= 0) out.push(`the figure's drawing starts below the first screen (${Math.round(box.top + scrollY)} px)`);
    const player = document.getElementById('player').getBoundingClientRect();
    if (player.top + scrollY >= innerHeight) out.push(`the step player starts below the first screen (${Math.round(player.top + scrollY)} px)`);
    const controls = document.querySelector('.controls:not([hidden])').getBoundingClientRect();
    if (controls.top < player.top) out.push('the controls come before the step player');
    // the figure's text as drawn: its font size through the drawing's scale
    const texts = [...(drawing?.querySelectorAll?.('text') ?? [])].filter((t) => t.getBoundingClientRect().height > 0 && getComputedStyle(t).display !== 'none');
    const small = texts.map((t) => [t.textContent, parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a]).filter(([, px]) => px < 8.95);
    if (small.length > 0) out.push(`${small.length} of ${texts.length} labels below 9 px (${small.slice(0, 3).map(([t, px]) => `"${t}" ${px.toFixed(1)} px`).join(', ')})`);
    return out;
  });
}

/** Whether the element's box is wholly inside the visual viewport. */
function insideScreen(page, selector) {
  return page.evaluate((selector) => {
    const r = document.querySelector(selector).getBoundingClientRect();
    const v = window.visualViewport;
    return r.width > 0 && r.height > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= v.width + 0.5 && r.bottom <= v.height + 0.5 ? true : JSON.stringify(r.toJSON());
  }, selector);
}

/** The step counter as [index, count], or null. */
async function counter(page) {
  const m = (await page.textContent('#step-counter')).trim().match(/^Step (\d+) \/ (\d+)$/);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

test('at 390×844 every lab opens by a tap on its tab, fits the screen\'s width, and shows the figure and the player first with labels of 9 px or more', async () => {
  const { page, problems } = await openPage(env, `${env.url}?theme=light&large=0`, PHONE);
  await waitForRun(page, 0);
  const found = [];
  const labs = await page.locator('.lab[data-lab]').evaluateAll((tabs) => tabs.map((t) => t.dataset.lab));
  for (const lab of labs) {
    const tab = page.locator(`#lab-${lab}`);
    await tab.scrollIntoViewIfNeeded();
    const size = await tab.boundingBox();
    if (!(size.width >= 44 && size.height >= 24)) found.push(`${lab}: its tab is ${size.width}×${size.height} px`);
    if ((await page.getAttribute('body', 'data-lab')) !== lab) {
      const before = await runsDone(page);
      await tab.tap();
      await waitForRun(page, before);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300); // the figure's fit and the charts settle
    for (const problem of await firstScreenProblems(page)) found.push(`${lab}: ${problem}`);
    await page.screenshot({ path: screenshotPath(`phone-${lab}`) });
  }
  assert.deepEqual(found, []);
  assertNoProblems(problems);
});

test('at 390×844 a tap on ▶ steps; Share, Embed and the Export menu open inside the screen', async () => {
  const { page, problems } = await openPage(env, `${env.url}?theme=light&large=0`, PHONE);
  await waitForRun(page, 0);
  const [index, count] = await counter(page);
  await page.tap('#next');
  assert.deepEqual(await counter(page), [index + 1, count], 'the tap stepped');
  for (const [button, box] of [['#share', '#share-box'], ['#embed', '#embed-box']]) {
    await page.tap(button);
    await page.waitForSelector(`${box}:not([hidden])`);
    assert.equal(await insideScreen(page, box), true, `${box} inside the screen`);
    await page.tap(`${box} .close`);
  }
  await page.tap('#export-menu summary');
  await page.waitForFunction(() => document.getElementById('export-menu').open);
  assert.equal(await insideScreen(page, '#export-menu .menu-items'), true, 'the Export menu inside the screen');
  assertNoProblems(problems);
});

test('at 390×844 on a tour: the card, the figure and the player on the first screen, nothing pans; the start screen fits', async () => {
  const { page, problems } = await openPage(env, `${env.url}?theme=light&large=0#tour=000-fig5&stop=1`, PHONE);
  await page.waitForFunction(() => document.getElementById('tour-card')?.dataset.ready === 'true');
  await page.waitForTimeout(300);
  await page.screenshot({ path: screenshotPath('phone-tour') });
  const card = await page.locator('#tour-card').boundingBox();
  assert.ok(card.y < 844 && card.x >= 0 && card.x + card.width <= 390.5, `the tour's card in view (${JSON.stringify(card)})`);
  assert.deepEqual(await firstScreenProblems(page), []);
  const stop = (await page.textContent('.tour-count')).trim();
  await page.tap('.tour-next');
  await page.waitForFunction((stop) => document.querySelector('.tour-count').textContent.trim() !== stop, stop);
  await page.tap('#tours');
  await page.waitForSelector('.start-tours');
  await page.screenshot({ path: screenshotPath('phone-tour-start') });
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.visualViewport.width), true, 'the start screen does not pan sideways');
  assertNoProblems(problems);
});
