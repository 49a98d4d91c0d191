// Every lab and every tour stop, everywhere a lecture happens (issue 64): at 1024×768, 1366×768
// and 1440×900, light and dark, with A+ off and on, axe finds nothing (no finding of any impact,
// WCAG 2.1 A/AA and best practices), and on a tour stop no text is cut: the tour's text and
// the step's explanation each fit their box (scrollHeight ≤ clientHeight; where the card, the
// figure at its least height and the whole step text do not fit the window, at 1024×768 with
// A+ on a long stop, the page scrolls, not the text). A view is set up
// once and then audited at each size, theme and type size (the window resized, the theme and
// A+ switched by their buttons), so the matrix costs axe runs, not runs of the labs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForRun, afterRun, atTourStop, assertNoProblems, screenshotPath } from './harness.mjs';
import { audit, saveRecord } from './axe.mjs';
import { TOURS } from '../../www/tour-list.js';

const env = useBrowser();

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
];

/** Set the theme and A+ by their buttons (as a lecturer does), if they are not so already. */
async function setLook(page, { theme, large }) {
  if ((await page.getAttribute('html', 'data-theme')) !== theme) await page.click('#theme');
  const on = await page.evaluate(() => document.documentElement.classList.contains('large'));
  if (on !== large) await page.click('#large');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Text cut on a tour stop: the tour's text or the step's explanation taller than its box. */
function cutText(page) {
  return page.evaluate(() =>
    ['.tour-text', '#step-explanation']
      .map((selector) => document.querySelector(selector))
      .filter((e) => e && e.getClientRects().length && e.scrollHeight > e.clientHeight + 1)
      .map((e) => `${e.className || e.id} cut (${e.scrollHeight} > ${e.clientHeight})`),
  );
}

/**
 * The rules whose answer depends on the window's size and the type size (what scrolls, what is
 * cut, covered or hidden): a tour stop runs every rule at 1024×768 with A+ off, in both themes
 * (small type is the stricter for contrast, the costly rule), and these everywhere else; a lab
 * runs every rule everywhere. Colours change with the theme, not with the width or A+.
 */
const LAYOUT_RULES = ['scrollable-region-focusable', 'aria-hidden-focus', 'empty-heading', 'label-content-name-mismatch'];

/**
 * `npm run test:a11y-full` (TOPOLAB_A11Y_FULL=1) runs every rule at every look of every tour stop
 * too: 408 full audits, about 8 minutes, more than CI's 30 minutes can spare.
 */
const FULL = process.env.TOPOLAB_A11Y_FULL === '1';

/** Audit the view shown at every size, theme and type size; on a tour, check for cut text too. */
async function everyLook(page, where, { tour = false } = {}) {
  const found = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark']) {
      for (const large of [false, true]) {
        await setLook(page, { theme, large });
        const at = `${where} ${size.width}×${size.height} ${theme}${large ? ' A+' : ''}`;
        const rules = tour && !FULL && (size !== SIZES[0] || large) ? LAYOUT_RULES : null;
        found.push(...(await audit(page, at, { every: true, rules })));
        if (tour) found.push(...(await cutText(page)).map((cut) => `${at}: ${cut}`));
      }
    }
  }
  await setLook(page, { theme: 'light', large: false });
  return found;
}

test('every lab at 1024×768, 1366×768 and 1440×900, light and dark, A+ off and on: axe finds nothing', async () => {
  const { page, problems } = await openPage(env, `${env.url}?theme=light&large=0`, { viewport: SIZES[0] });
  await waitForRun(page, 0);
  const found = [];
  for (const lab of await page.locator('.lab[data-lab]').evaluateAll((tabs) => tabs.map((t) => t.dataset.lab))) {
    if ((await page.getAttribute('body', 'data-lab')) !== lab) await afterRun(page, () => page.click(`#lab-${lab}`));
    found.push(...(await everyLook(page, lab)));
  }
  assertNoProblems(problems);
  saveRecord('labs-matrix');
  assert.equal(found.length, 0, `found:\n${found.join('\n')}`);
});

test('every stop of every tour at 1024×768, 1366×768 and 1440×900, light and dark, A+ off and on: axe finds nothing and no text is cut', async () => {
  const { page, problems } = await openPage(env, `${env.url}?theme=light&large=0`, { viewport: SIZES[0] });
  await waitForRun(page, 0);
  const found = [];
  for (const tour of TOURS) {
    for (let k = 1; k <= tour.stops.length; k++) {
      await page.evaluate((hash) => (location.hash = hash), `#tour=${tour.id}&stop=${k}`);
      await atTourStop(page, tour.id, k);
      found.push(...(await everyLook(page, `${tour.id} stop ${k}`, { tour: true })));
    }
  }
  // the record of what a lecturer sees: a tour at a projector's size with A+
  await page.setViewportSize(SIZES[0]);
  await setLook(page, { theme: 'light', large: true });
  await page.evaluate(() => (location.hash = '#tour=002-fig4&stop=3'));
  await atTourStop(page, '002-fig4', 3);
  await page.screenshot({ path: screenshotPath('tour-1024x768-A+-002-fig4-stop3') });
  await setLook(page, { theme: 'light', large: false });
  assertNoProblems(problems);
  saveRecord('tours-matrix');
  assert.equal(found.length, 0, `found:\n${found.join('\n')}`);
});
