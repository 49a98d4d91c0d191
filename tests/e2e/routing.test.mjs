// The Routing lab (paper 002) in the page: the Fig. 4 walk from switch 15 to switch 5 stepped
// with the keyboard (the LOREN table of each hop, its chosen and tied entries), t_max changing
// the path, picking source and destination by clicking switches, an input error that keeps the
// result, and a shared link that reopens the same lab, controls and step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForResult, runsDone, waitForRun, afterRun, text, screenshotPath, assertNoProblems, clickSwitch } from './harness.mjs';

const env = useBrowser();

/** Wait until the Routing results show the delivered pairs. */
async function waitForRouting(page) {
  await page.waitForFunction(() => /^[\d,]+ \/ [\d,]+$/.test(document.getElementById('rt-metric-delivered')?.textContent ?? ''));
}

/** Wait until #rt-paths lists the walks from `src` to `dst`. */
async function waitForPaths(page, src, dst) {
  await page.waitForFunction((key) => document.getElementById('rt-paths')?.dataset.src === key, `${src}-${dst}`);
}

async function openRouting(address = null) {
  const opened = await openPage(env, address ?? env.url);
  if (!address) {
    await waitForResult(opened.page);
    const before = await runsDone(opened.page);
    await opened.page.click('#lab-routing');
    await waitForRun(opened.page, before);
  }
  await waitForRouting(opened.page);
  return opened;
}

async function fig4(page) {
  await afterRun(page, () => page.click('#rt-preset-fig4'));
  await waitForRouting(page);
  await waitForPaths(page, 15, 5);
}

async function counter(page) {
  const match = (await text(page, '#step-counter')).match(/^Step (\d+) \/ (\d+)$/);
  assert.ok(match, 'the counter reads "Step i / n"');
  return [Number(match[1]), Number(match[2])];
}

/** Wait until the routing table shows step `index` (0-based); return its rows. */
async function tableAt(page, index) {
  await page.waitForFunction((i) => document.getElementById('rt-table')?.dataset.step === String(i), index);
  return page.evaluate(() =>
    [...document.querySelectorAll('#rt-table tbody tr')].map((tr) => ({
      dst: tr.querySelector('.dst').textContent,
      next: tr.querySelector('.next').textContent,
      dist: tr.querySelector('.dist').textContent,
      cls: tr.className,
    })),
  );
}

async function lorenLine(page) {
  return text(page, '#rt-paths [data-scheme="loren"]');
}

test('Fig. 4: the LOREN walk from 15 to 5, hop by hop, with the chosen and tied entries', async () => {
  const { page, problems } = await openRouting();
  assert.equal(await text(page, '.lab.active'), 'Routing');
  assert.equal(await page.isVisible('#rt-controls'), true);
  assert.equal(await page.isVisible('#rt-results'), true);
  assert.equal(await page.isVisible('#tg-controls'), false);
  assert.equal(await page.isVisible('#controls'), false);
  await fig4(page);
  assert.deepEqual(
    await page.evaluate(() => ['rt-topology', 'rt-scheme', 'rt-tmax', 'rt-source', 'rt-destination', 'rt-seed'].map((id) => document.getElementById(id).value)),
    ['lrt:fig4', 'loren', '7', '15', '5', '1'],
  );
  assert.equal(await text(page, '#rt-metric-delivered'), '240 / 240');
  assert.equal(await text(page, '#rt-metric-min-required'), '6');
  assert.equal(await text(page, '#rt-metric-max-entries'), '7');
  assert.match(await text(page, '#rt-metric-avg-path'), /^\d+\.\d\d$/);
  assert.match(await text(page, '#rt-metric-stretch'), /^\d+\.\d\d$/);
  assert.match(await lorenLine(page), /^LOREN: 4 hops · 15 → 10 → 6 → 2 → 5$/);
  assert.match(await text(page, '#rt-paths [data-scheme="shortest"]'), /^Shortest: 3 hops · 15 → .* → 5$/);
  assert.match(await text(page, '#rt-paths [data-scheme="cowen"]'), /^Cowen: \d+ hops · 15 → .* → 5$/);
  assert.match(await text(page, '#rt-paths [data-scheme="cowen-cluster"]'), /^Cowen \(cluster\): \d+ hops · 15 → .* → 5$/);
  // the page says which reading of Cowen's scheme each choice is
  const schemes = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#rt-scheme option')].map((o) => [o.value, o.textContent])));
  assert.equal(schemes.cowen, 'Cowen 1999 (paper 002)');
  assert.equal(schemes['cowen-cluster'], 'Cowen, cluster reading');

  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Home');
  let rows = await tableAt(page, 0);
  assert.deepEqual(await counter(page), [1, 4]);
  assert.match(await text(page, '#step-title'), /^At 15: entry ⟨6,10⟩ → 10$/);
  let chosen = rows.filter((r) => r.cls === 'chosen');
  assert.equal(chosen.length, 1);
  assert.deepEqual([chosen[0].dst, chosen[0].next], ['6', '10']);
  assert.equal(rows.length, 7, 'switch 15 keeps t_max = 7 entries');

  await page.keyboard.press('ArrowRight');
  rows = await tableAt(page, 1);
  assert.deepEqual(await counter(page), [2, 4]);
  chosen = rows.filter((r) => r.cls === 'chosen');
  assert.deepEqual([chosen[0].dst, chosen[0].next], ['6', '6']);
  const tied = rows.filter((r) => r.cls === 'tied');
  assert.ok(tied.some((r) => r.dst === '9'), 'the entry for 9 ties with the entry for 6');
  assert.ok(tied.every((r) => r.dist === chosen[0].dist), 'tied entries are at the chosen distance');
  await page.waitForSelector('#figure svg .step');
  await page.screenshot({ path: screenshotPath('routing-fig4'), fullPage: false });

  await page.keyboard.press('End');
  await tableAt(page, 3);
  assert.deepEqual(await counter(page), [4, 4]);
  assert.match(await text(page, '#step-title'), /→ 5$/);
  assertNoProblems(problems);
});

test('t_max changes the LOREN path; a t_max below the minimum is an error that keeps the result', async () => {
  const { page, problems } = await openRouting();
  await fig4(page);
  const seen = new Map();
  for (const t of ['6', '7', '16']) {
    await afterRun(page, async () => {
      await page.fill('#rt-tmax', t);
      await page.press('#rt-tmax', 'Enter');
    });
    await waitForPaths(page, 15, 5);
    assert.equal(await text(page, '#rt-metric-tmax'), t);
    const [, steps] = await counter(page);
    seen.set(t, { line: await lorenLine(page), steps });
  }
  const lines = new Set([...seen.values()].map((v) => v.line));
  assert.ok(lines.size >= 2, `t_max changes the path: ${[...lines].join(' | ')}`);
  assert.notEqual(seen.get('7').line, seen.get('16').line);
  assert.equal(seen.get('7').steps, 4);
  assert.equal(seen.get('16').steps, 3, 'with every entry kept LOREN takes the 3-hop shortest path');
  assert.match(seen.get('16').line, /^LOREN: 3 hops/);

  // Below the 6 entries LOREN needs: the error sits by t_max; the last result stays.
  await afterRun(page, async () => {
    await page.fill('#rt-tmax', '3');
    await page.press('#rt-tmax', 'Enter');
  });
  assert.equal(await page.isVisible('#rt-tmax-error'), true);
  assert.match(await text(page, '#rt-tmax-error'), /t_max = 3/);
  assert.equal(await text(page, '#rt-metric-tmax'), '16', 'the previous result is kept');
  assert.equal(await lorenLine(page), seen.get('16').line);
  assertNoProblems(problems);
});

test('picking source and destination by clicking switches, then Share reopens the same view', async () => {
  const { page, problems } = await openRouting();
  await fig4(page);
  const click = (id) => clickSwitch(page, id);
  const before = await runsDone(page);
  await click(0);
  assert.equal(await page.inputValue('#rt-source'), '0');
  assert.equal(await page.inputValue('#rt-destination'), '');
  await click(12);
  await waitForRun(page, before);
  await waitForPaths(page, 0, 12);
  assert.equal(await page.inputValue('#rt-destination'), '12');
  assert.match(await lorenLine(page), /^LOREN: \d+ hops · 0 → .* → 12$/);

  // Back to the Fig. 4 walk, at its third hop, and share it.
  await fig4(page);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await tableAt(page, 2);
  const title = await text(page, '#step-title');
  const rows = await tableAt(page, 2);
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share-link').value.includes('#v1.'));
  const link = await page.inputValue('#share-link');
  await page.click('#share-box .close');
  const controls = (p) => p.evaluate(() => ['rt-topology', 'rt-scheme', 'rt-tmax', 'rt-alpha', 'rt-source', 'rt-destination', 'rt-seed'].map((id) => document.getElementById(id).value));

  const other = await openRouting(link);
  await waitForPaths(other.page, 15, 5);
  assert.equal(await text(other.page, '.lab.active'), 'Routing');
  assert.equal(await other.page.isVisible('#rt-controls'), true);
  assert.deepEqual(await controls(other.page), await controls(page));
  assert.equal(await text(other.page, '#step-counter'), 'Step 3 / 4');
  assert.equal(await text(other.page, '#step-title'), title);
  assert.deepEqual(await tableAt(other.page, 2), rows);
  assert.equal(await lorenLine(other.page), await lorenLine(page));

  // The embed shows the same step of the walk.
  const embedLink = link.replace(/\/?(#|\?)/, (m) => (m.includes('#') ? '?embed=1#' : m));
  const embedded = await openPage(env, embedLink);
  await embedded.page.waitForFunction(() => /^Step 3 \/ 4$/.test(document.getElementById('step-counter')?.textContent ?? ''));
  assert.equal(await text(embedded.page, '#step-title'), title);
  assertNoProblems(problems);
  assertNoProblems(other.problems);
  assertNoProblems(embedded.problems);
});

/** The table-size study of `count` topologies like lrt:64:4:2 (seed 1), computed by a fresh worker in the page (not by the page's code). */
async function coreStudy(page, count) {
  return page.evaluate(async (count) => {
    const { Engine } = await import('./www/engine.js');
    const engine = new Engine();
    await engine.start();
    const routing = { topology: 'lrt:64:4:2', scheme: 'loren', tmax: null, alpha: 0.5, traffic: null, patterns: 1000, source: null, destination: null };
    const out = await engine.request('study', { json: JSON.stringify({ version: 1, lab: 'routing', seed: 1, routing }), name: 'table-study', args: { count } });
    engine.worker.terminate();
    return out;
  }, count);
}

test('Fig. 5 and Fig. 6: the t_max sweep chart and table, and the table-size study against the worker', async () => {
  const { page, problems } = await openRouting();
  assert.equal(await page.inputValue('#rt-topology'), 'lrt:64:4:2');
  assert.equal(await page.inputValue('#rt-seed'), '1');
  assert.equal(await page.isVisible('#rt-analysis'), true);
  const min = Number(await text(page, '#rt-metric-min-required'));
  assert.ok(Number.isInteger(min) && min >= 1 && min <= 32, `min required entries ${min}`);

  await page.click('#rt-sweep');
  await page.waitForSelector('#rt-sweep-table:not([hidden]) tbody tr');
  await page.waitForSelector('#rt-sweep-busy', { state: 'hidden' }); // points stream in: wait for the last
  await page.waitForSelector('#rt-sweep-chart canvas');
  assert.equal(await page.isVisible('#rt-sweep-png'), true);
  const sweep = await page.evaluate(() => [...document.querySelectorAll('#rt-sweep-table tbody tr')].map((tr) => [Number(tr.querySelector('th').textContent), Number(tr.querySelector('td').textContent)]));
  assert.deepEqual(sweep.map(([t]) => t), Array.from({ length: 32 - min + 1 }, (_, i) => min + i), 'one row per t_max from the minimum to |N|/2');
  for (const [, avg] of sweep) assert.ok(Number.isFinite(avg) && avg > 0);
  assert.ok(sweep[0][1] >= sweep[sweep.length - 1][1], 'the average path does not grow from the smallest t_max to |N|/2');
  const shortest = Number(await text(page, '#rt-metric-avg-shortest'));
  assert.ok(sweep.every(([, avg]) => avg >= shortest - 0.005), 'no LOREN average is below the shortest-path average');
  // Cowen's points beside LOREN's: one row per α of 0.05 … 0.95, its largest table as t_max
  const cowen = await page.evaluate(() => [...document.querySelectorAll('#rt-sweep-cowen-table tbody tr')].map((tr) => [Number(tr.querySelector('th').textContent), Number(tr.querySelector('td.tmax').textContent), Number(tr.querySelector('td.avg').textContent)]));
  assert.deepEqual(cowen.map(([a]) => a), Array.from({ length: 19 }, (_, i) => Number(((i + 1) * 0.05).toFixed(2))));
  for (const [, t, avg] of cowen) assert.ok(t >= 1 && t <= 64 && avg >= shortest - 0.005, `Cowen point ${t}, ${avg}`);
  assert.match(await text(page, '#rt-sweep-status'), /Cowen \(paper 002 reading\) needs at least \d+ entries/);

  const core = await coreStudy(page, 20);
  await page.fill('#rt-study-count', '20');
  await page.click('#rt-study');
  await page.waitForSelector('#rt-study-table:not([hidden]) tbody tr');
  await page.waitForSelector('#rt-study-busy', { state: 'hidden' }); // the summary grows: wait for the last
  const cell = (row, col) => text(page, `#rt-study-table tr.${row} td.${col}`);
  assert.equal(await cell('loren', 'min'), String(core.loren.min));
  assert.equal(await cell('cowen', 'min'), String(core.cowen.min));
  assert.equal(await cell('loren', 'mean'), core.loren.mean.toFixed(1));
  assert.equal(await cell('cowen', 'mean'), core.cowen.mean.toFixed(1));
  assert.equal(await cell('reduction', 'min'), `${(core.reduction_min * 100).toFixed(1)}%`);
  assert.equal(await cell('reduction', 'mean'), `${(core.reduction_mean * 100).toFixed(1)}%`);
  assert.equal(core.topologies, 20);
  assert.ok(core.loren.min <= core.cowen.min, `LOREN min ${core.loren.min} ≤ Cowen min ${core.cowen.min}`);
  assert.match(await text(page, '#rt-study-status'), /^20 topologies like lrt:64:4:2/);
  assert.match(await text(page, '#rt-study-hint'), /Cowen 1999 as paper 002 counts it.*56%.*52%.*18.*67%.*62%.*42/);
  assert.equal(await text(page, '#rt-study-table tr.cowen th'), 'Cowen 1999 (paper 002)');

  await page.locator('#rt-analysis').screenshot({ path: screenshotPath('routing-sweep') });
  assertNoProblems(problems);
});

test('the Routing lab walks any router of the registry: DOR on a 4×4 mesh, its default walk adapted to the network, the paths of the schemes the same walk and DOR’s among them', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForRun(page, 0);
  await afterRun(page, () => page.click('#lab-routing'));
  const schemes = await page.$$eval('#rt-scheme option', (options) => options.map((o) => o.value));
  assert.deepEqual(schemes.slice(0, 4), ['loren', 'cowen', 'cowen-cluster', 'shortest'], 'paper 002’s schemes first');
  assert.ok(schemes.includes('dor') && schemes.includes('updown'), `every router is offered: ${schemes}`);
  await afterRun(page, async () => {
    await page.fill('#rt-topology', 'mesh:4x4');
    await page.press('#rt-topology', 'Enter');
  });
  await afterRun(page, () => page.selectOption('#rt-scheme', 'dor'));
  assert.equal(await text(page, '#step-counter'), 'Step 1 / 6');
  assert.equal(await text(page, '#step-title'), 'At 0: → 1');
  // (the section asks 0 → 63, the default; on 16 switches the run walks 0 → 15, and so do the paths)
  await page.waitForFunction(() => /^LOREN: 6 hops · 0 → .* → 15/.test(document.querySelector('#rt-paths [data-scheme="loren"]')?.textContent ?? ''));
  assert.doesNotMatch(await text(page, '#rt-paths'), /numbered/);
  // the router walked is listed with paper 002's four, marked as the current one
  const dorName = await page.$eval('#rt-scheme option[value="dor"]', (o) => o.textContent.trim());
  const dor = page.locator('#rt-paths .rt-path.current[data-scheme="dor"]');
  await dor.waitFor();
  assert.equal(await dor.textContent(), `${dorName}: 6 hops · 0 → 1 → 2 → 3 → 7 → 11 → 15`);
  assertNoProblems(problems);
});
