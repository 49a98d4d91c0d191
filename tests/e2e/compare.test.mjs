// Compare mode (issue 28): Compare pins the shown run as A and the controls go on setting B;
// A's figure stands beside B's and follows B's steps; both results are one table with B − A,
// each side equal to what its own run shows; one link holds both and reopens them; Swap trades
// them; Close leaves compare mode. In Routing with two routers (LOREN, Cowen), in Dual-plane
// with two plane sets, and in Simulate, whose latency–load sweep draws both curves in one chart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, runsDone, waitForRun, afterRun, text, assertNoProblems, screenshotPath } from './harness.mjs';

const env = useBrowser();

/** Open lab `name` (from the default lab) and wait for its run. */
async function openLab(page, name) {
  await page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0);
  const before = await runsDone(page);
  await page.click(`#lab-${name}`);
  await waitForRun(page, before);
}

/** The comparison table as {field: [A, B, B − A]}, once it holds a row for `field`. */
async function table(page, field) {
  await page.waitForSelector(`#compare-table tr[data-field="${field}"]`);
  return page.$$eval('#compare-table tbody tr', (rows) => Object.fromEntries(rows.map((tr) => [tr.dataset.field, [...tr.querySelectorAll('td')].map((td) => td.textContent)])));
}

/** A's figure is drawn (its image loaded) and says its step. */
async function figureOfA(page) {
  await page.waitForFunction(() => {
    const img = document.getElementById('compare-figure');
    return img && !img.hidden && img.complete && img.naturalWidth > 0;
  });
  return text(page, '#compare-a-step');
}

/** Type `values` into the fields `#PREFIX-NAME` and press Enter: one run. */
function typed(page, prefix, values) {
  return async () => {
    for (const [name, value] of Object.entries(values)) await page.fill(`#${prefix}-${name}`, value);
    await page.press(`#${prefix}-${Object.keys(values)[0]}`, 'Enter');
  };
}

/** Press Compare on the shown run, then set B by `change` (which runs it). */
async function compareWith(page, change) {
  await page.click('#compare');
  assert.equal(await page.getAttribute('#compare', 'aria-pressed'), 'true');
  assert.equal(await page.isVisible('#compare-pane'), true);
  await afterRun(page, change);
}

/** The address's hash once the page wrote one holding `compare` (the codec writes it after A ran). */
async function sharedHash(page) {
  await page.waitForFunction(() => document.body.classList.contains('comparing') && location.hash.length > 1);
  // the link is written after both ran: wait until it no longer changes
  let hash = await page.evaluate(() => location.hash);
  for (;;) {
    await page.waitForTimeout(300);
    const now = await page.evaluate(() => location.hash);
    if (now === hash) return hash;
    hash = now;
  }
}

test('Routing: LOREN against Cowen side by side, stepped together, one table, one link', async () => {
  const { page, problems } = await openPage(env, env.url);
  await openLab(page, 'routing');
  const loren = { entries: await text(page, '#rt-metric-max-entries'), path: await text(page, '#rt-metric-avg-path') };
  assert.equal(await page.inputValue('#rt-scheme'), 'loren');
  await compareWith(page, () => page.selectOption('#rt-scheme', 'cowen'));
  const rows = await table(page, 'scheme');
  assert.deepEqual(rows.scheme.slice(0, 2), ['loren', 'cowen']);
  // each side is its own run's number: A the LOREN run shown before, B the Cowen run shown now
  assert.equal(rows.max_entries[0], loren.entries);
  assert.equal(rows.max_entries[1], await text(page, '#rt-metric-max-entries'));
  const [a, b] = rows.max_entries.slice(0, 2).map(Number);
  assert.match(rows.max_entries[2], b === a ? /^=$/ : new RegExp(`^${b > a ? '\\+' : '−'}${Math.abs(b - a)} \\(`));
  // each side under its own run's label, over the figures and over the table
  assert.equal(await text(page, '#compare-a-label'), 'lrt:64:4:2 · loren · 0 → 63');
  assert.equal(await text(page, '#compare-b-label'), 'B · lrt:64:4:2 · cowen · 0 → 63');
  assert.equal(await text(page, '#compare-sides dd[data-side="a"]'), 'lrt:64:4:2 · loren · 0 → 63');
  assert.equal(await text(page, '#compare-sides dd[data-side="b"]'), 'lrt:64:4:2 · cowen · 0 → 63');
  // A's figure follows B's step: step 1, then → to step 2 in both
  assert.match(await figureOfA(page), /^A · step 1 \//);
  const views = Number(await page.getAttribute('body', 'data-compares'));
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((n) => Number(document.body.dataset.compares) > n, views);
  assert.match(await text(page, '#step-counter'), /^Step 2 \//);
  assert.match(await figureOfA(page), /^A · step 2 \//);
  await page.screenshot({ path: screenshotPath('compare-routing') });

  // the link holds both: a new page opens compare mode with the same A, B and table
  const hash = await sharedHash(page);
  const other = await openPage(env, `${env.url}${hash}`);
  const again = await table(other.page, 'scheme');
  assert.deepEqual(again, rows);
  assert.equal(await other.page.inputValue('#rt-scheme'), 'cowen', 'B is the lab’s own section');
  assert.match(await figureOfA(other.page), /^A · step 2 \//, 'A opens at the step the link names');
  assertNoProblems(other.problems);

  // Swap: B (Cowen) is pinned, the controls take A (LOREN) and run it
  await afterRun(page, () => page.click('#compare-swap'));
  assert.equal(await page.inputValue('#rt-scheme'), 'loren');
  await page.waitForFunction(() => document.querySelector('#compare-table tr[data-field="scheme"] td')?.textContent === 'cowen');
  // Close: compare mode ends, B stays
  await page.click('#compare-close');
  assert.equal(await page.isVisible('#compare-pane'), false);
  assert.equal(await page.getAttribute('#compare', 'aria-pressed'), 'false');
  assert.equal(await text(page, '#rt-metric-max-entries'), loren.entries);
  assertNoProblems(problems);
});

test('Dual-plane: two plane sets side by side, one table, one link restoring both', async () => {
  const { page, problems } = await openPage(env, env.url);
  await openLab(page, 'dualplane');
  const first = await page.inputValue('#dp-generators');
  await compareWith(page, typed(page, 'dp', { generators: '7,3,5' }));
  const rows = await table(page, 'generators');
  // the result's generators: plane 0's set and plane 1's
  assert.match(rows.generators[0], new RegExp(`, \\[${first.split(',').join(', ')}\\]\\]$`));
  assert.match(rows.generators[1], /, \[7, 3, 5\]\]$/);
  assert.match(await text(page, '#compare-a-label'), new RegExp(`\\{${first}\\}`));
  assert.ok(await figureOfA(page));
  // a result row with two numbers has its difference
  const numeric = Object.entries(rows).find(([, [a, b]]) => a !== b && /^[\d.,]+$/.test(a) && /^[\d.,]+$/.test(b));
  assert.ok(numeric, `a number differs between the plane sets: ${JSON.stringify(rows)}`);
  const hash = await sharedHash(page);
  const other = await openPage(env, `${env.url}${hash}`);
  assert.deepEqual(await table(other.page, 'generators'), rows);
  assert.equal(await other.page.inputValue('#dp-generators'), '7,3,5');
  assert.equal(await other.page.getAttribute('#lab-dualplane', 'aria-current'), 'page');
  assertNoProblems(other.problems);
  assertNoProblems(problems);
});

test('Simulate: the latency–load sweep draws A and B in one chart', async () => {
  const { page, problems } = await openPage(env, env.url);
  await openLab(page, 'sim');
  await afterRun(page, typed(page, 'sim', { topology: 'mesh:4x4', cycles: '1000', warmup: '200', 'sweep-step': '0.2' }));
  await compareWith(page, typed(page, 'sim', { topology: 'torus:4x4' }));
  await table(page, 'avg_latency_cycles');
  await page.click('#sim-sweep');
  await page.waitForFunction(() => /For A, /.test(document.getElementById('sim-sweep-status')?.textContent ?? ''), null, { timeout: 120_000 });
  const legend = await page.$$eval('#sim-sweep-chart .u-legend .u-series', (items) => items.map((i) => i.textContent));
  assert.ok(legend.some((l) => /A: latency/.test(l)) && legend.some((l) => /A: accepted/.test(l)), legend.join(' | '));
  assert.match(await text(page, '#sim-sweep-status'), /For B, torus:4x4.*For A, mesh:4x4/);
  await page.locator('#sim-sweep-chart').scrollIntoViewIfNeeded();
  await page.locator('#sim-sweep-chart').screenshot({ path: screenshotPath('compare-sweep') });
  assertNoProblems(problems);
});

test("at a projector's 1024×768 with A+ the table leads the results panel, its numbers whole", async () => {
  const { page, problems } = await openPage(env, env.url, { viewport: { width: 1024, height: 768 } });
  await openLab(page, 'routing');
  await compareWith(page, () => page.selectOption('#rt-scheme', 'cowen'));
  await page.click('#large');
  await table(page, 'max_entries');
  const layout = await page.evaluate(() => {
    const box = document.getElementById('compare-box').getBoundingClientRect();
    const cells = [...document.querySelectorAll('#compare-table td')];
    return {
      top: box.top,
      first: document.getElementById('compare-box') === [...document.querySelectorAll('#rt-results > *')].find((e) => getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().height > 0 && e.getBoundingClientRect().top <= box.top),
      cut: cells.filter((td) => td.scrollWidth > td.clientWidth + 1).map((td) => td.textContent),
      // a number's cell is one line
      broken: cells
        .filter((td) => {
          if (!td.classList.contains('num')) return false;
          const range = document.createRange();
          range.selectNodeContents(td);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
        })
        .map((td) => td.textContent),
    };
  });
  assert.ok(layout.top < 768 / 2 && layout.first, `the table leads the results panel (top ${layout.top})`);
  assert.deepEqual(layout.cut, [], 'no value is cut off');
  assert.deepEqual(layout.broken, [], 'no number wraps');
  await page.screenshot({ path: screenshotPath('compare-routing-1024-large') });
  await page.click('#large');
  assertNoProblems(problems);
});
