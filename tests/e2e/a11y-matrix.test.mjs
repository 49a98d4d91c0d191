// Every lab and every tour stop, everywhere a lecture happens (issue 64): at 1024×768, 1366×768
// and 1440×900, light and dark, with A+ off and on, axe finds nothing (no finding of any impact,
// WCAG 2.1 A/AA and best practices), and on a tour stop no text is cut: the tour's text and
// the step's explanation each fit their box (scrollHeight ≤ clientHeight; where the card, the
// figure at its least height and the whole step text do not fit the window, at 1024×768 with
// A+ on a long stop, the page scrolls, not the text). A view is set up
// once and then audited at each size, theme and type size (the window resized, the theme and
// A+ switched by their buttons), so the matrix costs axe runs, not runs of the labs; the labs,
// and the tours, are shared between two pages audited at once (CI has 2 cores).
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBrowser, openPage, waitForRun, afterRun, atTourStop, assertNoProblems, screenshotPath, onTwoPages } from './harness.mjs';
import { audit, saveRecord } from './axe.mjs';
import { TOURS } from '../../www/tour-list.js';

const env = useBrowser();

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
];

/**
 * Press a button as a lecturer at the keyboard does: focus it, Enter, and leave it. Not a click:
 * a click waits for two animation frames to see the button still, and with two pages in one
 * browser a page has stopped getting frames for good (harness.mjs, POLL), so its next click
 * waited a minute and failed. Nothing this file checks
 * waits on a frame: axe and the cut-text check read styles and layout, which the browser
 * computes when asked.
 */
async function press(page, selector) {
  await page.focus(selector);
  await page.keyboard.press('Enter');
  await page.evaluate(() => document.activeElement?.blur());
}

/** Looks at which no animation frame came within 2 s of a switch, with the page's state. */
const stalled = [];

/** After each test, `stalled` printed (a note for whoever reads CI's log, failed or not) and emptied. */
afterEach(() => {
  if (stalled.length) console.log(`# no animation frame within 2 s of a switch at:\n# ${stalled.splice(0).join('\n# ')}`);
});

/** Wait for two animation frames, or 2 s and a note in `stalled` of where and of the page's state. */
async function nextFrame(page, at) {
  const framed = await page.evaluate(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
        setTimeout(() => resolve(false), 2000);
      }),
  );
  if (framed) return;
  const state = await page.evaluate(() => ({
    visibility: document.visibilityState,
    focus: document.hasFocus(),
    window: `${innerWidth}×${innerHeight}@${devicePixelRatio}`,
    canvases: [...document.querySelectorAll('canvas')].filter((c) => c.getClientRects().length).map((c) => `${c.width}×${c.height}`),
    running: [...document.querySelectorAll('.lab.running')].map((e) => e.dataset.lab),
  }));
  stalled.push(`${at}: ${JSON.stringify(state)}`);
}

/** Set the theme and A+ by their buttons, if they are not so already, and check they took. */
async function setLook(page, { theme, large }, at) {
  if ((await page.getAttribute('html', 'data-theme')) !== theme) await press(page, '#theme');
  const isLarge = () => page.evaluate(() => document.documentElement.classList.contains('large'));
  if ((await isLarge()) !== large) await press(page, '#large');
  assert.equal(await page.getAttribute('html', 'data-theme'), theme, `${at}: the theme button`);
  assert.equal(await isLarge(), large, `${at}: the A+ button`);
  await nextFrame(page, at);
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
 * (small type is the stricter for contrast, the costly rule), and these at every other size and
 * type size, in the light theme (the layout is the same in both: the test after this); a lab runs
 * every rule everywhere. Colours change with the theme, not with the width or A+.
 */
const LAYOUT_RULES = ['scrollable-region-focusable', 'aria-hidden-focus', 'empty-heading', 'label-content-name-mismatch'];

/**
 * The dark theme's declarations (style.css's `:root[data-theme='dark']`, the only rule that
 * names the theme): colour custom properties and `color-scheme`, nothing that sizes or places,
 * so a view's layout is the light theme's. On a tour stop the layout rules and the cut-text
 * check run in the light theme alone; the colours are audited in both.
 */
test("the dark theme changes colours alone: a tour stop's layout is audited in the light theme", () => {
  const css = readFileSync(new URL('../../www/style.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  assert.equal(css.match(/data-theme/g)?.length, 1, 'one rule names the theme');
  const block = css.match(/:root\[data-theme='dark'\]\s*\{([^}]*)\}/)?.[1];
  assert.ok(block, "style.css has :root[data-theme='dark']");
  const names = block.split(';').map((d) => d.split(':')[0].trim()).filter(Boolean);
  assert.ok(names.length > 10, names.join(' '));
  const notColour = names.filter((name) => name !== 'color-scheme' && !(name.startsWith('--') && /^(#[0-9a-f]{3,8}|rgb\(|0 6px)/i.test(block.split(`${name}:`)[1].trim())));
  assert.deepEqual(notColour, []);
});

/**
 * `npm run test:a11y-full` (TOPOLAB_A11Y_FULL=1) runs every rule at every look of every tour stop
 * too: 408 full audits, about 8 minutes, more than CI's 30 minutes can spare.
 */
const FULL = process.env.TOPOLAB_A11Y_FULL === '1';

/**
 * The looks a view is audited at: every size, theme and type size, with the rules each runs
 * (null: every rule). A tour stop's layout rules run in the light theme alone (see above), so
 * the dark theme is not switched to where there is nothing to audit in it.
 */
function looks({ tour }) {
  const out = [];
  for (const size of SIZES) {
    for (const theme of ['light', 'dark']) {
      for (const large of [false, true]) {
        const rules = tour && !FULL && (size !== SIZES[0] || large) ? LAYOUT_RULES : null;
        if (!(rules && theme === 'dark')) out.push({ size, theme, large, rules });
      }
    }
  }
  return out;
}

/** Audit the view shown at every look; on a tour, check for cut text too. */
async function everyLook(page, where, { tour = false } = {}) {
  const found = [];
  for (const { size, theme, large, rules } of looks({ tour })) {
    if (page.viewportSize().width !== size.width || page.viewportSize().height !== size.height) await page.setViewportSize(size);
    const at = `${where} ${size.width}×${size.height} ${theme}${large ? ' A+' : ''}`;
    await setLook(page, { theme, large }, at);
    found.push(...(await audit(page, at, { every: true, rules })));
    if (tour) found.push(...(await cutText(page)).map((cut) => `${at}: ${cut}`));
  }
  await setLook(page, { theme: 'light', large: false }, `${where} at the end`);
  return found;
}

test('every lab at 1024×768, 1366×768 and 1440×900, light and dark, A+ off and on: axe finds nothing', async () => {
  const { page, problems } = await openPage(env, `${env.url}?theme=light&large=0`, { viewport: SIZES[0] });
  await waitForRun(page, 0);
  const labs = await page.locator('.lab[data-lab]').evaluateAll((tabs) => tabs.map((t) => t.dataset.lab));
  assertNoProblems(problems);
  await page.context().close();
  // (half the labs on each of two pages at once)
  const found = await onTwoPages(env, `${env.url}?theme=light&large=0`, { viewport: SIZES[0] }, labs, () => 1, async (page, list) => {
    const found = [];
    for (const lab of list) {
      if ((await page.getAttribute('body', 'data-lab')) !== lab) await afterRun(page, () => press(page, `#lab-${lab}`));
      found.push(...(await everyLook(page, lab)));
    }
    return found;
  });
  saveRecord('labs-matrix');
  assert.equal(found.length, 0, `found:\n${found.join('\n')}`);
});

test('every stop of every tour at 1024×768, 1366×768 and 1440×900, light and dark, A+ off and on: axe finds nothing and no text is cut', async () => {
  // (the tours dealt between two pages at once, by their stops)
  const found = await onTwoPages(env, `${env.url}?theme=light&large=0`, { viewport: SIZES[0] }, TOURS, (tour) => tour.stops.length, async (page, tours) => {
    const found = [];
    for (const tour of tours) {
      for (let k = 1; k <= tour.stops.length; k++) {
        await page.evaluate((hash) => (location.hash = hash), `#tour=${tour.id}&stop=${k}`);
        await atTourStop(page, tour.id, k);
        found.push(...(await everyLook(page, `${tour.id} stop ${k}`, { tour: true })));
      }
    }
    return found;
  });
  // the record of what a lecturer sees: a tour at a projector's size with A+
  const { page, problems } = await openPage(env, `${env.url}?theme=light&large=1#tour=002-fig4&stop=3`, { viewport: SIZES[0] });
  await atTourStop(page, '002-fig4', 3);
  await page.screenshot({ path: screenshotPath('tour-1024x768-A+-002-fig4-stop3') });
  assertNoProblems(problems);
  saveRecord('tours-matrix');
  assert.equal(found.length, 0, `found:\n${found.join('\n')}`);
});
