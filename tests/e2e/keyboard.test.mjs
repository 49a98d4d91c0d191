// The page by keyboard and for screen readers (issue 52):
// - Tab from the top reaches the controls region by region — the header, then the stage (a
//   tour's card first when a tour is open, the figure's tools, the player), then the panels —
//   each region top to bottom, never an element that is not shown; at a desktop's and a
//   phone's width;
// - the Export menu works as a menu button: Enter/Space open it on its first item, ↓ ↑ move
//   (wrapping), Home End jump, Escape closes it back to its button, Tab leaves it closed;
// - the figure's text alternative (its aria-describedby) says what the step shows and changes
//   with the step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForRun, afterRun, assertNoProblems } from './harness.mjs';

const env = useBrowser();
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/** The focused element: its region, its box in the page, whether it is shown, and a name for messages. */
function focused(page) {
  return page.evaluate(() => {
    const e = document.activeElement;
    if (!e || e === document.body) return null;
    const r = e.getBoundingClientRect();
    const region = e.closest('.topbar') ? 'header' : e.closest('#stage') ? 'stage' : e.closest('.panel') ? 'panels' : e.closest('.skip') ? 'skip' : 'elsewhere';
    const group = e.closest('#tour-card, .player, .figure-wrap, .analysis, .panel, .topbar')?.id || e.closest('#tour-card, .player, .figure-wrap, .analysis, .panel, .topbar')?.className || '';
    return {
      name: `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.split(' ')[0]}` : ''}`,
      region,
      group,
      top: r.top + scrollY,
      bottom: r.bottom + scrollY,
      left: r.left + scrollX,
      shown: r.width > 0 && r.height > 0 && e.checkVisibility({ visibilityProperty: true, opacityProperty: false }),
    };
  });
}

/** Tab from the top of the page until focus leaves it or comes back round; the elements in order. */
async function tabOrder(page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.focus('.skip'); // the first stop (after a click on a tab, Tab would go on from the tab)
  const order = [await focused(page)];
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab');
    const at = await focused(page);
    if (!at || (order.length > 0 && at.name === order[0].name && at.top === order[0].top)) break;
    order.push(at);
  }
  return order;
}

/** What is out of order in `order`: regions out of sequence, a step back up within a group, hidden elements. */
function disorder(order) {
  const rank = { skip: 0, header: 1, stage: 2, panels: 3 };
  const out = [];
  for (const [i, at] of order.entries()) {
    if (!at.shown) out.push(`${at.name} is focused but not shown`);
    if (!(at.region in rank)) out.push(`${at.name} is outside the regions`);
    const before = order[i - 1];
    if (!before) continue;
    if (rank[at.region] < rank[before.region]) out.push(`${at.name} (${at.region}) after ${before.name} (${before.region})`);
    if (at.group === before.group && at.bottom <= before.top - 1) out.push(`${at.name} is above ${before.name} in ${at.group}`);
  }
  return out;
}

for (const [size, options] of [['1440×900', { viewport: { width: 1440, height: 900 } }], ['390×844 (a phone)', PHONE]]) {
  test(`at ${size}, Tab goes header, stage, panels, each top to bottom, through shown controls only`, async () => {
    const { page, problems } = await openPage(env, `${env.url}?theme=light&large=0`, options);
    await waitForRun(page, 0);
    for (const lab of ['slots', 'ocs-relay']) {
      if (lab !== 'slots') await afterRun(page, () => page.click(`#lab-${lab}`));
      const order = await tabOrder(page);
      const regions = [...new Set(order.map((o) => o.region))];
      assert.deepEqual(regions, ['skip', 'header', 'stage', 'panels'], `${lab}: the regions in order (${order.map((o) => o.name).join(' ')})`);
      assert.deepEqual(disorder(order), [], `${lab}: out of order`);
      const stage = order.filter((o) => o.region === 'stage').map((o) => o.name);
      assert.ok(stage.indexOf('button#zoom-in') < stage.indexOf('button#next'), `${lab}: the figure's tools before the player`);
    }
    assertNoProblems(problems);
  });
}

test('on a tour, the tour card leads the stage in Tab order', async () => {
  const { page, problems } = await openPage(env, `${env.url}?theme=light#tour=000-fig5&stop=1`);
  await page.waitForFunction(() => document.getElementById('tour-card')?.dataset.ready === 'true');
  const order = await tabOrder(page);
  assert.deepEqual(disorder(order), []);
  const stage = order.filter((o) => o.region === 'stage');
  assert.equal(stage[0].group, 'tour-card', `the first stop in the stage is the tour's (${stage[0].name})`);
  assertNoProblems(problems);
});

test('the Export menu by keyboard: open on its first item, arrows wrap, Home/End, Escape back to its button, Tab leaves it closed', async () => {
  const { page, problems } = await openPage(env, `${env.url}?theme=light`);
  await waitForRun(page, 0);
  const active = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName.toLowerCase());
  const open = () => page.evaluate(() => document.getElementById('export-menu').open);
  const items = await page.locator('#export-menu [role="menuitem"]').evaluateAll((all) => all.filter((b) => !b.hidden).map((b) => b.id));
  assert.ok(items.length >= 3);
  await page.focus('#export-menu summary');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
  assert.equal(await open(), true, 'Enter opens it');
  assert.equal(await active(), items[0], 'on its first item');
  await page.keyboard.press('ArrowDown');
  assert.equal(await active(), items[1]);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.equal(await active(), items.at(-1), '↑ on the first item wraps to the last');
  await page.keyboard.press('ArrowDown');
  assert.equal(await active(), items[0], '↓ on the last item wraps to the first');
  await page.keyboard.press('End');
  assert.equal(await active(), items.at(-1));
  await page.keyboard.press('Home');
  assert.equal(await active(), items[0]);
  await page.keyboard.press('Escape');
  assert.equal(await open(), false, 'Escape closes it');
  assert.equal(await active(), 'summary', 'and returns to its button');

  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
  assert.equal(await open(), true, 'Space opens it');
  assert.equal(await active(), items[0]);
  await page.keyboard.press('Tab');
  assert.equal(await open(), false, 'Tab closes it');
  assert.equal(await page.evaluate(() => document.getElementById('export-menu').contains(document.activeElement)), false, 'and leaves it');
  assert.ok((await focused(page))?.shown, 'for a control that is shown');
  assertNoProblems(problems);
});

test("the figure's text alternative says what the step shows and follows the step", async () => {
  const { page, problems } = await openPage(env, `${env.url}?theme=light`);
  await waitForRun(page, 0);
  const description = () => page.evaluate(() => document.getElementById(document.getElementById('figure').getAttribute('aria-describedby'))?.textContent ?? '');
  for (const lab of ['slots', 'routing']) {
    if (lab !== 'slots') await afterRun(page, () => page.click(`#lab-${lab}`));
    await page.waitForFunction(() => document.getElementById('figure-description')?.textContent.includes(document.getElementById('step-title').textContent));
    const first = await description();
    const title = (await page.textContent('#step-title')).trim();
    assert.ok(first.includes(title) && first.includes((await page.textContent('#step-explanation')).trim().slice(0, 40)), `${lab}: the step's title and explanation (${first})`);
    assert.match(first, /Step \d+ of \d+/);
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('ArrowRight');
    const [, k, n] = first.match(/Step (\d+) of (\d+)/);
    await page.waitForFunction((want) => document.getElementById('figure-description').textContent.includes(want), `Step ${Number(k) + 1} of ${n}: ${(await page.textContent('#step-title')).trim()}`);
    assert.notEqual(await description(), first, `${lab}: the description changed with the step`);
  }
  assertNoProblems(problems);
});

test('the skip link focuses the figure and keeps the address: a permalink and an open tour stay', async () => {
  // (issue 64: it wrote #figure into the address, which the page read as a broken permalink:
  // an alert, and an open tour closed with its address lost)
  for (const address of [`${env.url}?theme=light`, `${env.url}?theme=light#tour=000-fig5&stop=2`]) {
    const { page, problems } = await openPage(env, address);
    await waitForRun(page, 0);
    if (address.includes('#tour=')) await page.waitForFunction(() => document.getElementById('tour-card')?.dataset.ready === 'true');
    else await page.waitForFunction(() => location.hash.startsWith('#v1.'));
    const before = await page.evaluate(() => location.hash);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.focus('.skip');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'figure');
    assert.equal(await page.evaluate(() => location.hash), before, 'the address is as it was');
    assert.equal(await page.isVisible('#error'), false, 'no broken-link message');
    if (address.includes('#tour=')) assert.equal(await page.isVisible('#tour-card'), true, 'the tour stays open');
    // an address with an element's id in it (typed, or an old bookmark) is no permalink either
    await page.evaluate(() => { location.hash = '#figure'; });
    await page.waitForFunction(() => location.hash === '#figure');
    assert.equal(await page.isVisible('#error'), false, '#figure is read as no link');
    assertNoProblems(problems);
  }
});

test('Share and Embed are modal while open: Tab goes round their controls, Escape closes back to the button', async () => {
  const { page, problems } = await openPage(env, `${env.url}?theme=light`);
  await waitForRun(page, 0);
  for (const [button, box] of [['share', 'share-box'], ['embed', 'embed-box']]) {
    await page.click(`#${button}`);
    await page.waitForSelector(`#${box}:not([hidden])`);
    await page.waitForFunction((id) => document.getElementById(id).contains(document.activeElement), box);
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      assert.ok(await page.evaluate((id) => document.getElementById(id).contains(document.activeElement), box), `${key} stays in ${box}`);
    }
    assert.equal(await page.getAttribute(`#${box}`, 'aria-modal'), 'true');
    await page.keyboard.press('Escape');
    await page.waitForSelector(`#${box}`, { state: 'hidden' });
    assert.equal(await page.evaluate(() => document.activeElement?.id), button, 'focus back on its button');
  }
  assertNoProblems(problems);
});

test('the figure is named for what it shows, and its channels only where they carry something', async () => {
  // (issue 64: the figure's name was a mouse instruction, and a screen reader met ~120 channels
  // named like "l(0,1): 0 / 0")
  const { page, problems } = await openPage(env, `${env.url}?theme=light`);
  await waitForRun(page, 0);
  await page.waitForSelector('#figure svg line.ch');
  const names = await page.evaluate(() => [document.getElementById('figure').getAttribute('aria-label'), document.querySelector('#figure svg').getAttribute('aria-label')]);
  for (const name of names) assert.doesNotMatch(name, /click/i, name);
  const lines = await page.$$eval('#figure svg line.ch', (all) => all.map((l) => [l.querySelector('title').textContent, l.getAttribute('aria-hidden')]));
  const idle = lines.filter(([title]) => /: 0 \//.test(title));
  assert.ok(idle.length > 0 && idle.length < lines.length, `${idle.length} of ${lines.length} channels carry nothing`);
  assert.deepEqual(idle.filter(([, hidden]) => hidden !== 'true'), [], 'an idle channel is hidden from screen readers');
  assert.deepEqual(lines.filter(([title, hidden]) => !/: 0 \//.test(title) && hidden !== null), [], 'a loaded channel is named');
  assert.equal(await page.$$eval('#figure svg text.lbl:not([aria-hidden="true"])', (all) => all.length), 0, 'switch numbers are not read out');
  assertNoProblems(problems);
});

test('arrowing through a select runs nothing until Enter (or leaving it) runs the choice, once', async () => {
  // (issue 64: ↓ on the scheme select ran each option in turn)
  const { page, problems } = await openPage(env, `${env.url}?theme=light`);
  await waitForRun(page, 0);
  await afterRun(page, () => page.click('#lab-routing'));
  const started = () => page.evaluate(() => Number(document.body.dataset.started ?? 0));
  const before = await started();
  const runs = await page.evaluate(() => Number(document.body.dataset.runs ?? 0));
  await page.focus('#rt-scheme');
  const first = await page.inputValue('#rt-scheme');
  for (let i = 0; i < 2; i++) {
    await page.keyboard.press('ArrowDown');
    // (as slowly as a person reads an option: longer than the form's 250 ms wait before a run)
    await page.waitForTimeout(400);
  }
  const chosen = await page.inputValue('#rt-scheme');
  assert.notEqual(chosen, first, 'the arrows moved the choice');
  assert.equal(await started(), before, 'no run while arrowing');
  await page.keyboard.press('Enter');
  await waitForRun(page, runs);
  assert.equal(await started(), before + 1, 'Enter ran the choice once');
  assert.match(await page.evaluate(() => document.getElementById('view-note')?.hidden === false ? document.getElementById('view-note').textContent : document.title), new RegExp(chosen === 'cowen-cluster' ? 'cowen' : chosen));
  assertNoProblems(problems);
});

test("a lab tab's focus ring is whole inside the scrolling tab row (1024×768, A+ on)", async () => {
  const { page, problems } = await openPage(env, `${env.url}?theme=light`, { viewport: { width: 1024, height: 768 } });
  await waitForRun(page, 0);
  await page.click('#large');
  await page.evaluate(() => document.activeElement?.blur());
  const seen = [];
  for (let i = 0; i < 40 && seen.length < 7; i++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const tab = document.activeElement;
      if (!tab?.matches('.labs .lab')) return null;
      const style = getComputedStyle(tab);
      const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
      const r = tab.getBoundingClientRect();
      const row = tab.closest('.labs');
      const c = row.getBoundingClientRect();
      // the scroller clips at its padding box: its border box less its borders
      const clip = { left: c.left + row.clientLeft, top: c.top + row.clientTop, right: c.left + row.clientLeft + row.clientWidth, bottom: c.top + row.clientTop + row.clientHeight };
      const slack = Math.min(r.left - reach - clip.left, r.top - reach - clip.top, clip.right - (r.right + reach), clip.bottom - (r.bottom + reach));
      return { name: tab.textContent.trim(), reach, slack };
    });
    if (ring && !seen.some((s) => s.name === ring.name)) seen.push(ring);
  }
  assert.ok(seen.length >= 5, `Tab reached the lab tabs (${seen.map((s) => s.name).join(', ')})`);
  for (const { name, reach, slack } of seen) {
    assert.ok(reach >= 3, `${name}: a ring is drawn (${reach} px)`);
    assert.ok(slack >= -0.5, `${name}: its ring reaches ${(-slack).toFixed(1)} px past the tab row, which clips it`);
  }
  assertNoProblems(problems);
});
