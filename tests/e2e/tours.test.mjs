// Guided tours (issue 28): every tour of www/tour-list.js plays from its first stop to its last
// with the keyboard — in the page (each stop's text, lab and step shown; the last stop's numbers
// against the run's result as the page exports it) and embedded at 800×450 with A+ (everything
// in the frame and uncovered); a `#tour=ID&stop=3` link lands on stop 3; the start screen shows
// on a first visit, with its links into the docs, and not after it is dismissed. Screenshots in
// test-results/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBrowser, openPage, waitForRun, screenshotPath, assertNoProblems, atTourStop } from './harness.mjs';
import { TOURS } from '../../www/tour-list.js';

const env = useBrowser();


/** The step the player shows as [index from 1, count], or null for "No steps". */
async function shownStep(page) {
  const counter = (await page.textContent('#step-counter')).trim();
  const m = counter.match(/^Step (\d+) \/ (\d+)$/);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** The stop's lab is shown, at the step it names (an index, 'last', or none). */
async function assertStopShown(page, tour, k) {
  const stop = tour.stops[k - 1];
  const where = `${tour.id} stop ${k}`;
  assert.equal(await page.getAttribute('body', 'data-lab'), stop.lab, `${where}: the lab`);
  assert.equal((await page.textContent('.tour-text')).trim(), stop.text, `${where}: the text`);
  assert.equal((await page.textContent('.tour-count')).trim(), `stop ${k} of ${tour.stops.length}`);
  const step = await shownStep(page);
  if (stop.step === null) assert.equal(step, null, `${where}: no steps`);
  else if (stop.step === 'last') assert.equal(step?.[0], step?.[1], `${where}: the last step (${step})`);
  else assert.equal(step?.[0], stop.step + 1, `${where}: step ${stop.step + 1} (${step})`);
  assert.equal(await page.evaluate(() => location.hash), `#tour=${tour.id}&stop=${k}`, `${where}: the address`);
}

/** The page's result of what it shows, through Export → Results (JSON). */
async function exportedResult(page) {
  await page.click('#export-menu summary');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  const both = JSON.parse(readFileSync(await download.path(), 'utf8'));
  await page.evaluate(() => document.activeElement?.blur());
  return both.result;
}

/** A metric of the step shown, from the player's chips ("hop 4"). */
async function stepMetric(page, name) {
  const chips = await page.locator('#step-metrics .chip').allTextContents();
  const chip = chips.map((c) => c.trim()).find((c) => c.startsWith(`${name.replace(/_/g, ' ')} `));
  assert.ok(chip, `the step shows ${name} (${chips})`);
  return Number(chip.slice(name.length + 1));
}

/** What an `ours` of www/tour-list.js is, computed here from the exported results (`results[k]`: stop k's). */
async function expected(spec, page, results, k) {
  const at = (object, path) => String(path).split('.').reduce((value, key) => value[key], object);
  if (typeof spec === 'string') return at(results[k], spec);
  if (spec.step !== undefined) return stepMetric(page, spec.step);
  if (spec.stop !== undefined) return at(results[spec.stop], spec.path);
  if (spec.change) return (await expected(spec.change[0], page, results, k)) / (await expected(spec.change[1], page, results, k)) - 1;
  if (spec.ratio) return (await expected(spec.ratio[0], page, results, k)) / (await expected(spec.ratio[1], page, results, k));
  return (await expected(spec.of, page, results, k)) * spec.scale;
}

function assertSame(shown, want, what) {
  if (typeof want === 'number') assert.ok(Math.abs(Number(shown) - want) <= 1e-9 * Math.max(1, Math.abs(want)), `${what}: ours ${shown}, the page's result ${want}`);
  else assert.equal(shown, String(want), what);
}

test('every tour plays from its first stop to its last with the keyboard; the last stop shows the paper\'s number beside the page\'s own', async () => {
  const { page, problems } = await openPage(env, env.url, { acceptDownloads: true, viewport: { width: 1440, height: 900 } });
  await waitForRun(page, 0);
  for (const tour of TOURS) {
    // from the Tours button's list
    await page.click('#tours');
    await page.click(`#start-screen [data-tour="${tour.id}"]`);
    const results = {};
    for (let k = 1; k <= tour.stops.length; k++) {
      if (k > 1) await page.keyboard.press('ArrowRight');
      await atTourStop(page, tour.id, k);
      await assertStopShown(page, tour, k);
      const stop = tour.stops[k - 1];
      results[k] = await exportedResult(page);
      if (stop.highlight?.ours !== undefined) {
        assertSame(await page.getAttribute('.tour-highlight .tour-value', 'data-value'), await expected(stop.highlight.ours, page, results, k), `${tour.id} stop ${k}: ${stop.highlight.label}`);
      }
      if (stop.highlight?.channel !== undefined) {
        const channel = await expected(stop.highlight.channel, page, results, k);
        await page.waitForSelector(`#figure line.ch.selected[data-ch="${channel}"], #figure canvas[data-selected="${channel}"]`, { state: "attached" });
      }
      const rows = stop.paper ? [stop.paper].flat() : [];
      assert.equal(rows.length > 0, k === tour.stops.length, `${tour.id}: the paper's number on the last stop only`);
      for (const [i, row] of rows.entries()) {
        const shown = page.locator(`.tour-compare[data-row="${i}"]`);
        assert.equal((await shown.locator('.tour-paper-value').textContent()).trim(), row.value, `${tour.id}: the paper's value`);
        assertSame(await shown.locator('.tour-ours').getAttribute('data-value'), await expected(row.ours, page, results, k), `${tour.id}: ${row.label}`);
        assert.match((await shown.textContent()).replace(/\s+/g, ' '), /paper .+ · ours .+/);
      }
    }
    // → on the last stop stays there
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(100);
    assert.equal(await page.getAttribute('#tour-card', 'data-stop'), String(tour.stops.length));
    if (tour.id === '000-fig13') await page.screenshot({ path: screenshotPath('tour-1440x900-000-fig13-last') });
    // ← goes back a stop
    await page.keyboard.press('ArrowLeft');
    await atTourStop(page, tour.id, tour.stops.length - 1);
    await assertStopShown(page, tour, tour.stops.length - 1);
  }
  // Escape closes the tour; the address describes the view again
  await page.keyboard.press('Escape');
  await page.waitForSelector('#tour-card', { state: 'hidden' });
  await page.waitForFunction(() => location.hash.startsWith('#v1.'));
  // a tour's link typed into the address opens it
  await page.evaluate(() => (location.hash = '#tour=002-fig4&stop=2'));
  await atTourStop(page, '002-fig4', 2);
  await assertStopShown(page, TOURS.find((t) => t.id === '002-fig4'), 2);
  assertNoProblems(problems);
});

/** What of the frame is out of view or covered (empty: all is well). */
function frameProblems(page) {
  return page.evaluate(() => {
    const inside = (r) => r.width > 0 && r.height > 0 && r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
    const covered = (element) => {
      const r = element.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 10));
      return !(hit && (hit === element || element.contains(hit)));
    };
    const out = [];
    for (const selector of ['.tour-title', '.tour-count', '.tour-prev', '.tour-next', '.tour-text', '#step-title', '#play']) {
      const element = document.querySelector(selector);
      if (!inside(element.getBoundingClientRect())) out.push(`${selector} out of view`);
      else if (covered(element)) out.push(`${selector} covered`);
    }
    // an embed ends nothing the lecturer built: the tour has no Close in it (Escape is the deck's)
    if (document.body.classList.contains('embed') && document.querySelector('.tour-close').getClientRects().length) out.push('.tour-close shown in the embed');
    for (const element of document.querySelectorAll('.tour-compare, .tour-highlight:not(:empty)')) {
      if (!inside(element.getBoundingClientRect())) out.push(`${element.className} out of view`);
    }
    // the drawing, or the lab's message where a network is too large to draw (Dual-plane at n = 12)
    const figure = document.querySelector('body[data-lab="ocs-relay"] #ocs-view svg') ?? document.querySelector('#figure > svg, #figure canvas, #figure .figure-message');
    const box = figure?.getBoundingClientRect();
    if (!box || !inside(box) || box.height < (figure.matches('.figure-message') ? 20 : 60)) out.push(`the figure ${box ? `${Math.round(box.width)}×${Math.round(box.height)} at ${Math.round(box.top)}` : 'missing'}`);
    const card = document.getElementById('tour-card').getBoundingClientRect();
    if (box && card.bottom > box.top + 0.5) out.push('the card runs into the figure');
    return out;
  });
}

test('embedded at 800×450 with A+: every tour plays to its last stop with the keyboard, in the frame and uncovered; #tour=…&stop=3 lands on stop 3', async () => {
  const found = [];
  for (const tour of TOURS) {
    const { page, problems } = await openPage(env, `${env.url}?embed=1&large=1&theme=light#tour=${tour.id}&stop=1`, { viewport: { width: 800, height: 450 }, firstVisit: true });
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('large')), true);
    for (let k = 1; k <= tour.stops.length; k++) {
      if (k > 1) await page.keyboard.press('ArrowRight');
      await atTourStop(page, tour.id, k);
      await assertStopShown(page, tour, k);
      for (const problem of await frameProblems(page)) found.push(`${tour.id} stop ${k}: ${problem}`);
    }
    assert.equal(await page.isVisible('#start-screen'), false, 'no start screen in an embed');
    await page.screenshot({ path: screenshotPath(`tour-embed-800x450-${tour.id}-last`) });
    assertNoProblems(problems);
    await page.context().close();
  }
  assert.deepEqual(found, []);

  const tour = TOURS.find((t) => t.id === '001-fig3');
  const { page, problems } = await openPage(env, `${env.url}?embed=1&large=1&theme=dark#tour=${tour.id}&stop=3`, { viewport: { width: 800, height: 450 } });
  await atTourStop(page, tour.id, 3);
  await assertStopShown(page, tour, 3);
  assert.deepEqual(await frameProblems(page), []);
  await page.screenshot({ path: screenshotPath('tour-embed-800x450-dark-001-fig3-stop3') });
  await page.click('.tour-next');
  await atTourStop(page, tour.id, 4);
  assert.equal(await page.evaluate(() => location.hash), `#tour=${tour.id}&stop=4`);
  assertNoProblems(problems);
});

test('the start screen greets a first visit, lists the tours and the labs, and stays away once dismissed', async () => {
  for (const [width, height, theme] of [[1440, 900, 'light'], [1024, 768, 'dark']]) {
    const { page, problems } = await openPage(env, `${env.url}?theme=${theme}`, { viewport: { width, height }, firstVisit: true });
    await page.waitForSelector('#start-screen[open]');
    assert.equal(await page.locator('#start-screen [data-tour]').count(), TOURS.length);
    const labs = await page.locator('.lab[data-lab]').evaluateAll((tabs) => tabs.map((t) => t.dataset.lab));
    assert.deepEqual(await page.locator('#start-screen [data-lab]').evaluateAll((b) => b.map((x) => x.dataset.lab)), labs);
    const box = await page.locator('#start-screen').boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= height + 0.5 && box.x >= 0 && box.x + box.width <= width + 0.5, 'the start screen fits the window');
    assert.ok(await page.isVisible('#start-explore'), '"Start exploring" is in view without scrolling');
    // the way into the docs (issue 62): getting started, the glossary and the index, each a page
    const docs = page.locator('#start-screen .start-docs a');
    assert.deepEqual(await docs.evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.target, a.getAttribute('aria-label')])), [
      ['docs/getting-started.html', '_blank', 'Getting started (opens in a new tab)'],
      ['docs/glossary.html', '_blank', 'Glossary (opens in a new tab)'],
      ['docs/', '_blank', 'Docs (opens in a new tab)'],
    ]);
    for (const link of await docs.all()) {
      assert.ok(await link.isVisible(), `${await link.textContent()} is shown`);
      const response = await fetch(new URL(await link.getAttribute('href'), env.url));
      assert.ok(response.ok && response.headers.get('content-type').startsWith('text/html'), `${await link.getAttribute('href')} is a page`);
    }
    await page.focus('#start-explore');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'my-tour-open', '"Make your own tour" by keyboard, before "Start exploring"');
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'start-docs-index', 'the Docs link by keyboard, before them');
    await waitForRun(page, 0);
    await page.screenshot({ path: screenshotPath(`start-screen-${width}x${height}-${theme}`) });
    await page.click('#start-explore');
    await page.waitForSelector('#start-screen', { state: 'hidden' });
    await page.reload();
    await waitForRun(page, 0);
    assert.equal(await page.isVisible('#start-screen'), false, 'not again after dismissal');
    // a lab from the list opens that lab
    await page.click('#tours');
    await page.click('#start-screen [data-lab="routing"]');
    await page.waitForFunction(() => document.body.dataset.lab === 'routing');
    // focus is on the chosen lab's heading, its controls next in Tab order (issue 64: it fell to
    // <body>, 25 Tabs from the lab's first control)
    const heading = await page.evaluate(() => [document.activeElement?.tagName, document.activeElement?.textContent]);
    assert.deepEqual(heading, ['H2', 'Routing lab']);
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('.controls[data-lab-panel="routing"]'))), 'the next Tab is in the lab\'s controls');
    assertNoProblems(problems);
  }
  // a link (a hash) or an embed goes straight to what it names
  const { page } = await openPage(env, `${env.url}#tour=000-fig5&stop=2`, { firstVisit: true });
  await atTourStop(page, '000-fig5', 2);
  assert.equal(await page.isVisible('#start-screen'), false);
});

test('a field whose term the glossary explains links its entry, in every lab (issue 62)', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForRun(page, 0);
  const glossary = await (await fetch(new URL('docs/glossary.html', env.url))).text();
  const labs = await page.locator('.lab[data-lab]').evaluateAll((tabs) => tabs.map((t) => t.dataset.lab));
  let linked = 0;
  for (const lab of labs) {
    await page.click(`#lab-${lab}`);
    await page.waitForFunction((name) => document.body.dataset.lab === name, lab);
    const links = page.locator('.field .glossary-link a');
    for (const link of await links.all()) {
      if (!(await link.isVisible())) continue;
      const href = await link.getAttribute('href');
      const [pageName, anchor] = href.split('#');
      assert.equal(pageName, 'docs/glossary.html', `${lab}: ${href}`);
      assert.equal(await link.getAttribute('target'), '_blank');
      assert.match(await link.getAttribute('aria-label'), / in the glossary \(opens in a new tab\)$/);
      assert.ok(glossary.includes(`id="${decodeURIComponent(anchor)}"`), `${lab}: #${anchor} is an entry of the glossary`);
      linked += 1;
    }
  }
  assert.ok(linked >= 8, `${linked} glossary links shown`);
  // t_max in the Simulate lab, by keyboard: the link follows its field's help
  await page.click('#lab-sim');
  const tmax = page.locator('[data-field="tmax"] .glossary-link a').first();
  assert.equal(await tmax.getAttribute('href'), 'docs/glossary.html#t_max');
  assertNoProblems(problems);
});

test('a tour stop at a projector\'s 1024×768 with A+, dark: the card, the figure, the step text and Play share the screen', async () => {
  const tour = TOURS.find((t) => t.id === '004-fig5');
  const { page, problems } = await openPage(env, `${env.url}?theme=dark&large=1#tour=${tour.id}&stop=${tour.stops.length}`, { viewport: { width: 1024, height: 768 } });
  await atTourStop(page, tour.id, tour.stops.length);
  assert.deepEqual(await frameProblems(page), []);
  await page.screenshot({ path: screenshotPath('tour-1024x768-large-dark-004-fig5-last') });
  const other = TOURS.find((t) => t.id === '001-fig3');
  await page.evaluate((id) => (location.hash = `#tour=${id}&stop=4`), other.id);
  await atTourStop(page, other.id, 4);
  assert.deepEqual(await frameProblems(page), []);
  await page.screenshot({ path: screenshotPath('tour-1024x768-large-dark-001-fig3-last') });
  assertNoProblems(problems);
});
