// The page in a lecture hall (issue 25), every lab and every guided preset, by bounding boxes:
// - embedded at 800×450 (A+ off and on): the figure as drawn, the step's text and the Play
//   button are inside the frame and nothing covers them, at the first, a middle and the last step;
// - at a projector's 1024×768 (A+ off and on): the figure, the step's text and the lab's key
//   result are on screen together, without scrolling;
// - A+ enlarges the figure's own labels: their rendered height grows by ×1.2 at least, in every
//   lab (the OCS relay lab's hybrid view too).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForRun, afterRun, assertNoProblems } from './harness.mjs';

const env = useBrowser();

/** Every lab's views to check: its opening run and each of its presets, as permalink hashes. */
async function views() {
  const { page } = await openPage(env, env.url);
  await waitForRun(page, 0);
  const labs = await page.locator('.lab[data-lab]').evaluateAll((tabs) => tabs.map((t) => t.dataset.lab));
  const out = [];
  for (const [i, lab] of labs.entries()) {
    if (i > 0) await afterRun(page, () => page.click(`#lab-${lab}`));
    out.push({ lab, name: 'opening', hash: await page.evaluate(() => location.hash) });
    const presets = await page.locator(`.controls:not([hidden]) button.preset`).evaluateAll((buttons) => buttons.map((b) => b.id));
    for (const id of presets) {
      await afterRun(page, () => page.click(`#${id}`));
      out.push({ lab, name: id, hash: await page.evaluate(() => location.hash) });
    }
  }
  return out;
}

/**
 * What of the view is out of the window or covered, as a list of words (empty: all is well).
 * The figure is its drawing's painted extent (an SVG's content box through its screen matrix, a
 * canvas's box), not its panel; "covered" = the element at the centre is not it or inside it.
 */
function problemsIn(page, { keyResult }) {
  return page.evaluate(({ keyResult }) => {
    const inside = (r) => r.width > 0 && r.height > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
    const covered = (element) => {
      const r = element.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 10));
      return !(hit && (hit === element || element.contains(hit)));
    };
    const drawn = () => {
      const svg = document.querySelector('body[data-lab="ocs-relay"] #ocs-view svg') ?? document.querySelector('#figure > svg');
      if (svg) {
        const box = svg.getBBox();
        const m = svg.getScreenCTM();
        const xs = [box.x, box.x + box.width].flatMap((x) => [box.y, box.y + box.height].map((y) => new DOMPoint(x, y).matrixTransform(m)));
        return new DOMRect(Math.min(...xs.map((p) => p.x)), Math.min(...xs.map((p) => p.y)), Math.max(...xs.map((p) => p.x)) - Math.min(...xs.map((p) => p.x)), Math.max(...xs.map((p) => p.y)) - Math.min(...xs.map((p) => p.y)));
      }
      return document.querySelector('#figure canvas')?.getBoundingClientRect() ?? null;
    };
    const out = [];
    const figure = drawn();
    if (!figure || !inside(figure)) out.push(`figure ${figure ? JSON.stringify(figure.toJSON()) : 'missing'}`);
    const player = document.getElementById('player').getBoundingClientRect();
    if (figure && figure.bottom > player.top + 0.5) out.push('the figure runs into the player');
    for (const id of ['step-title', 'step-explanation', 'play']) {
      const element = document.getElementById(id);
      if (!inside(element.getBoundingClientRect())) out.push(`#${id} out of view`);
      else if (covered(element)) out.push(`#${id} covered`);
    }
    if (keyResult) {
      const panel = [...document.querySelectorAll('.results')].find((p) => p.offsetParent !== null);
      const key = panel?.querySelector('.metric.key dd') ?? panel?.querySelector('.key tbody tr');
      if (!key || !inside(key.getBoundingClientRect())) out.push(`key result ${key?.id || key?.textContent?.trim().slice(0, 20)} out of view`);
    }
    return out;
  }, { keyResult });
}

/** Show step `at` ('first', 'middle' or 'last') as a person would: Home, the slider, End. */
async function goTo(page, at) {
  await page.evaluate(() => document.activeElement?.blur());
  if (at === 'middle') {
    await page.evaluate(() => {
      const slider = document.getElementById('step-slider');
      slider.value = String(Math.floor(Number(slider.max) / 2));
      slider.dispatchEvent(new Event('input'));
    });
  } else {
    await page.keyboard.press(at === 'first' ? 'Home' : 'End');
  }
  await page.waitForTimeout(50);
}

/** Open `hash` in the page (a new link in the same tab: the hash changes, the view runs). */
async function follow(page, hash) {
  if ((await page.evaluate(() => location.hash)) === hash) return;
  await afterRun(page, () => page.evaluate((hash) => (location.hash = hash), hash));
}

/** The rendered height of the figure's labels (the first switch label, or the OCS view's first node number). */
function labelHeight(page) {
  return page.evaluate(() => {
    const label = document.querySelector('body[data-lab="ocs-relay"] #ocs-view g.ocs-node-labels text') ?? document.querySelector('#figure svg text.lbl');
    return label ? label.getBoundingClientRect().height : null;
  });
}

let all = null;
async function allViews() {
  all ??= await views();
  return all;
}

/** `allViews()` grouped by lab, in their order: one page a lab follows each of its views. */
async function viewsByLab() {
  const byLab = new Map();
  for (const view of await allViews()) byLab.set(view.lab, [...(byLab.get(view.lab) ?? []), view]);
  return byLab;
}

test('embedded at 800×450, A+ off and on: the drawn figure, the step text and Play are in the frame and uncovered at every step', async () => {
  const found = [];
  const byLab = await viewsByLab();
  for (const [lab, labViews] of byLab) {
    const { page, problems } = await openPage(env, `${env.url}?embed=1&theme=light&large=0#${labViews[0].hash.slice(1)}`, { viewport: { width: 800, height: 450 } });
    await waitForRun(page, 0);
    for (const view of labViews) {
      await follow(page, view.hash);
      for (const large of [false, true]) {
        await page.evaluate((large) => document.documentElement.classList.toggle('large', large), large);
        for (const at of ['first', 'middle', 'last']) {
          await goTo(page, at);
          for (const problem of await problemsIn(page, { keyResult: false })) found.push(`${lab}/${view.name}${large ? ' A+' : ''} ${at}: ${problem}`);
        }
      }
    }
    assertNoProblems(problems);
    await page.context().close();
  }
  assert.deepEqual(found, []);
});

test('at 1024×768, A+ off and on: the figure, the step text and the key result share the screen; A+ enlarges the figure\'s labels ×1.2 or more', async () => {
  const found = [];
  const byLab = await viewsByLab();
  // one page a lab, each view followed in it as a new link and seen from the top of the page, as
  // a fresh page opens it
  for (const [lab, labViews] of byLab) {
    const { page, problems } = await openPage(env, `${env.url}?theme=light&large=0#${labViews[0].hash.slice(1)}`, { viewport: { width: 1024, height: 768 } });
    await waitForRun(page, 0);
    for (const view of labViews) {
      await follow(page, view.hash);
      await page.evaluate(() => window.scrollTo(0, 0));
      for (const problem of await problemsIn(page, { keyResult: true })) found.push(`${lab}/${view.name}: ${problem}`);
      const small = await labelHeight(page);
      await page.click('#large');
      await page.waitForFunction(() => document.documentElement.classList.contains('large'));
      await page.waitForTimeout(100);
      for (const problem of await problemsIn(page, { keyResult: true })) found.push(`${lab}/${view.name} A+: ${problem}`);
      const large = await labelHeight(page);
      // a label below 6 px at Fit is not meant to be read there (the overview or the zoom is)
      if (small !== null && small >= 6 && !(large >= small * 1.2)) found.push(`${lab}/${view.name}: A+ enlarges the labels less than ×1.2 (${small} → ${large} px)`);
      await page.click('#large');
      await page.waitForFunction(() => !document.documentElement.classList.contains('large'));
      await page.waitForTimeout(100);
    }
    assertNoProblems(problems);
    await page.context().close();
  }
  assert.deepEqual(found, []);
});
