// The Dual-plane lab (paper 004) in the page: it opens on Table 1 (the routing values of
// {3,5,7} and the routes 0-2-6 / 0-3-6); a typed set updates the metrics and a dependent one is
// refused next to its field, naming the element, while the text stays; two clicked switches
// (either plane) pick the pair; the search runs to its end (n = 5, exhaustive) and a long one is
// cancelled keeping its best so far; a shared link reopens the same fields and numbers; the rack
// floor draws racks, cables and the legend with the core's counts; the six variants run in the
// flit simulator at n = 4 (§3.4), refused beyond n = 8, and a Cancel at n = 6 keeps the rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForResult, runsDone, waitForRun, afterRun, text, assertNoProblems, clickSwitch, clickChannel } from './harness.mjs';

const env = useBrowser();

/** The page on the Dual-plane lab (from the default Slots lab, or straight from a link). */
async function openLab(address = null) {
  const opened = await openPage(env, address ?? env.url, { acceptDownloads: true });
  if (!address) {
    await waitForResult(opened.page);
    const before = await runsDone(opened.page);
    await opened.page.click('#lab-dualplane');
    await waitForRun(opened.page, before);
  }
  await opened.page.waitForFunction(() => /^D/.test(document.getElementById('dp-variant')?.textContent ?? ''));
  return opened;
}

/** A column of Table 1 (td class `cls`) as text. */
function column(page, cls) {
  return page.$$eval(`#dp-table-body td.${cls}`, (cells) => cells.map((c) => c.textContent));
}

/** The comparison table: {key: [this, identical, gain]}. */
function comparison(page) {
  return page.$$eval('#dp-compare-body tr', (rows) => Object.fromEntries(rows.map((tr) => [tr.dataset.key, [...tr.querySelectorAll('td')].map((td) => td.textContent)])));
}

/** Wait until the pair panel shows `source → destination`. */
async function waitForPair(page, source, destination) {
  await page.waitForFunction((key) => document.getElementById('dp-pair-routes')?.dataset.pair === key, `${source}-${destination}`);
}

async function route(page, plane) {
  return text(page, `#dp-pair-routes li[data-plane="${plane}"] .dp-route-path`);
}

test('the lab opens on Table 1: routing values, both routes of 0 → 6, the tie, both metrics', async () => {
  const { page, problems } = await openLab();
  assert.equal(await page.getAttribute('#lab-dualplane', 'aria-current'), 'page');
  assert.deepEqual(await column(page, 'rv'), ['0', '7', '6', '1', '5', '2', '3', '4'], 'routing values of H(1,3) = {3,5,7} (§2.2)');
  assert.deepEqual(await column(page, 'd0'), ['0', '1', '1', '2', '1', '2', '2', '3']);
  assert.deepEqual(await column(page, 'd1'), ['0', '3', '2', '1', '2', '1', '2', '1']);
  assert.deepEqual(await column(page, 'plane'), ['—', '0', '0', '1', '0', '1', 'tie', '1']);
  assert.equal(await page.getAttribute('#dp-table-body tr.chosen', 'data-offset'), '6', 'the pair’s row 0 ⊕ 6 is marked');
  await waitForPair(page, 0, 6);
  assert.equal(await route(page, 0), '0-2-6');
  assert.equal(await route(page, 1), '0-3-6');
  assert.match(await text(page, '#dp-pair-why'), /a tie: either plane; shown: plane 0/);
  assert.equal(await page.getAttribute('#dp-pair-why', 'data-plane'), 'either');
  assert.equal(await text(page, '#dp-variant'), 'DI-HC, n = 3,');
  const c = await comparison(page);
  assert.deepEqual(c.avg_distance, ['1.000', '1.500', '+33.3%']);
  assert.deepEqual(c.a2a_max_traffic, ['5.333', '4.000', '+33.3%'], '16/3 against D-HC’s 4 (§2.3)');
  assert.deepEqual(c.a2a_max_traffic_per_node, ['1.333', '1.000', '+33.3%']);
  assert.deepEqual(c.avg_delay_ns, ['231.0', '278.5', '+17.1%'], 'in-rack cables at their 100 cm run (as 2.0 m cables: 233.5 / 283.5)');
  // the step player starts at the table lookup, then the hops of plane 0
  assert.equal(await text(page, '#step-counter'), 'Step 1 / 3');
  assert.match(await text(page, '#step-title'), /Row 6 of the table/);
  assert.equal(await page.isVisible('#dp-tie-rule'), false, 'no tie rule for hypercubes');
  assertNoProblems(problems);
});

test('a typed set updates the metrics; a dependent one is refused beside the field, naming it, and the text stays', async () => {
  const { page, problems } = await openLab();
  await page.fill('#dp-n', '4');
  await page.fill('#dp-generators', '3,5,9,14');
  await page.waitForFunction(() => document.getElementById('dp-variant').textContent === 'DI-HC, n = 4,');
  await page.waitForFunction(() => document.querySelector('#dp-compare-body tr[data-key="avg_distance"] td.this')?.textContent === '1.438');
  const c = await comparison(page);
  assert.deepEqual(c.avg_distance, ['1.438', '2.000', '+28.1%'], '23/16 hops against 2');
  assert.deepEqual(c.a2a_max_traffic, ['4.000', '4.000', '0.0%'], 'this set does not raise the all-to-all traffic');
  assert.deepEqual(c.avg_cable_m, ['2.63', '2.25', '−16.7%'], 'longer cables than the identical planes (in-rack ones at their 100 cm run)');
  assert.deepEqual(await column(page, 'rv').then((v) => v.length), 16, 'all 16 rows of the table');
  assert.equal(await page.isVisible('#dp-generators-error'), false);

  // a dependent set: 6 = 3 ⊕ 5 at n = 3
  await page.fill('#dp-n', '3');
  await page.fill('#dp-generators', '3,5,6');
  await page.waitForFunction(() => /\b6\b.*3 ⊕ 5/.test(document.getElementById('dp-generators-error')?.textContent ?? ''));
  assert.equal(await page.isVisible('#dp-generators-error'), true, 'the error sits next to the generators field');
  assert.match(await text(page, '#dp-generators-error'), /linearly independent/);
  assert.equal(await page.getAttribute('#dp-generators', 'aria-invalid'), '');
  assert.equal(await page.inputValue('#dp-generators'), '3,5,6', 'what was typed stays');
  assert.equal(await page.isVisible('#dp-n-error'), false, 'the error is not put on another field');
  assert.equal(await text(page, '#dp-variant'), 'DI-HC, n = 4,', 'the last good result stays shown');

  await afterRun(page, () => page.fill('#dp-generators', '3,5,7'));
  await page.waitForFunction(() => document.getElementById('dp-variant').textContent === 'DI-HC, n = 3,');
  assert.equal(await page.isVisible('#dp-generators-error'), false, 'fixing the set clears the error');
  assert.equal(await page.getAttribute('#dp-generators', 'aria-invalid'), null);
  assert.deepEqual((await comparison(page)).avg_distance, ['1.000', '1.500', '+33.3%']);

  // "Identical planes" clears the set: D-HC, whose metrics are the baseline's
  await afterRun(page, () => page.click('#dp-generators-identical'));
  await page.waitForFunction(() => document.getElementById('dp-variant').textContent === 'D-HC, n = 3,');
  assert.equal(await page.inputValue('#dp-generators'), '');
  assert.deepEqual((await comparison(page)).avg_distance, ['1.500', '1.500', '0.0%']);
  assertNoProblems(problems);
});

test('two clicked switches (the second in plane 1) pick the pair: both routes, the row, the plane; a clicked channel shows its load', async () => {
  const { page, problems } = await openLab();
  await clickSwitch(page, 1);
  await page.waitForSelector('#figure rect.sw.picked[data-sw="1"]');
  assert.equal(await page.inputValue('#dp-source'), '1');
  // switch 12 is switch 4 of plane 1 (8 + 4): node 4
  await afterRun(page, () => clickSwitch(page, 12));
  await waitForPair(page, 1, 4);
  assert.equal(await page.inputValue('#dp-destination'), '4');
  assert.equal(await route(page, 0), '1-0-4');
  assert.equal(await route(page, 1), '1-4', 'plane 1 reaches 4 in one hop: 1 ⊕ 5');
  assert.equal(await page.getAttribute('#dp-pair-routes li.taken', 'data-plane'), '1');
  assert.equal(await page.getAttribute('#dp-pair-why', 'data-plane'), '1');
  assert.match(await text(page, '#dp-pair-why'), /Row 5 \(1 ⊕ 4\): 2 hops in plane 0, 1 hop in plane 1 \(routing value 2\): plane 1 is shorter/);
  assert.equal(await page.getAttribute('#dp-table-body tr.chosen', 'data-offset'), '5');
  assert.equal(await text(page, '#step-counter'), 'Step 1 / 2', 'the lookup and one hop');
  assert.equal(await page.locator('#figure rect.sw.picked').count(), 0, 'the pick is used up');

  // clicking an index of Table 1 routes the source to source ⊕ index
  await afterRun(page, () => page.click('#dp-table-body tr[data-offset="7"] button'));
  await waitForPair(page, 1, 6);
  assert.equal(await route(page, 1), '1-6');

  // channel 8 is l(0,2) of plane 0 (generator 2): 3 packets of the all-to-all exchange, the busiest
  await clickChannel(page, page.locator('#figure line.ch[data-ch="8"]'));
  await page.waitForFunction(() => document.getElementById('dp-channel-summary').dataset.packets === '3');
  assert.match(await text(page, '#dp-channel-summary'), /^Plane 0, switch 0 → 2: generator h2 = 2\. .*3 packets cross it \(100% of the busiest, 3\)/);
  await page.click('#dp-channel-clear');
  await page.waitForFunction(() => document.getElementById('dp-channel-summary').dataset.packets === undefined);
  assertNoProblems(problems);
});

test('Search with the defaults reaches the n = 8 optimum of both families (paper 004 searched n ≤ 8 exhaustively)', async () => {
  const { page, problems } = await openLab();
  for (const [kind, distance, a2a] of [['hc', '3.1250 (21.9% shorter)', '5.1200 (28.0% more)'], ['fhc', '2.7070 (17.2% shorter)', '6.6494 (20.8% more)']]) {
    await afterRun(page, async () => {
      await page.selectOption('#dp-kind', kind);
      await page.fill('#dp-n', '8');
      await page.click('#dp-generators-identical');
    });
    await page.waitForFunction((k) => document.getElementById('dp-variant').textContent === `D-${k.toUpperCase()}, n = 8,`, kind);
    const started = Date.now();
    await page.click('#dp-search');
    await page.waitForSelector('#dp-search-best[data-done="true"]', { timeout: 120_000 });
    console.log(`# the default search at n = 8 (${kind}) in the page: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    assert.equal(await text(page, '#dp-search-best-distance'), distance, `${kind}: the best known set's distance`);
    assert.equal(await text(page, '#dp-search-best-a2a'), a2a, `${kind}: and its all-to-all maximum traffic`);
    assert.match(await text(page, '#dp-search-status'), /^Annealing: \d+ sets evaluated in [\d.]+ s \(seed 1\)\./);
  }
  assertNoProblems(problems);
});

test('the search runs to its end at n = 5 (exhaustive) and a long one cancels keeping its best so far', async () => {
  const { page, problems } = await openLab();
  await afterRun(page, async () => {
    await page.fill('#dp-n', '5');
    await page.click('#dp-generators-identical');
  });
  await page.waitForFunction(() => document.getElementById('dp-variant').textContent === 'D-HC, n = 5,');
  await page.selectOption('#dp-search-method', 'exhaustive');
  await page.click('#dp-search');
  await page.waitForSelector('#dp-search-best[data-done="true"]');
  assert.equal(await text(page, '#dp-search-best-distance'), '1.8125 (27.5% shorter)', 'the n = 5 optimum: 58/32 hops against 2.5');
  assert.equal(await text(page, '#dp-search-best-a2a'), '5.3333 (33.3% more)');
  assert.match(await text(page, '#dp-search-status'), /^Exhaustive search: \d+ sets evaluated in [\d.]+ s \(seed 1\)\./);
  // the ties: same distance and all-to-all traffic, different cables
  const ties = await page.$$eval('#dp-ties-body tr', (rows) => rows.map((tr) => ({ best: tr.classList.contains('best'), cable: Number(tr.querySelector('td.cable').textContent), distance: tr.querySelector('td').textContent })));
  assert.ok(ties.length > 1, `several sets tie (${ties.length})`);
  assert.ok(ties.every((t) => t.distance === '1.8125'), 'every tie has the best distance');
  assert.equal(ties.filter((t) => t.best).length, 1, 'the best set is among them, marked');
  assert.ok(Math.min(...ties.map((t) => t.cable)) < Math.max(...ties.map((t) => t.cable)), 'equal metrics, different cables');
  assert.match(await text(page, '#dp-ties-caption'), /sets tie on both metrics.*yet their cables differ: average [\d.]+–[\d.]+ m/);
  // "Use this set" runs the lab with it
  const set = (await text(page, '#dp-search-best-set')).replace(/[{}]/g, '');
  await afterRun(page, () => page.click('#dp-search-use'));
  assert.equal(await page.inputValue('#dp-generators'), set);
  await page.waitForFunction(() => document.getElementById('dp-variant').textContent === 'DI-HC, n = 5,');
  assert.deepEqual((await comparison(page)).avg_distance, ['1.813', '2.500', '+27.5%']);

  // a long annealing (n = 12, effort 5): progress, a best so far, then Cancel keeps it
  await afterRun(page, async () => {
    await page.fill('#dp-n', '12');
    await page.fill('#dp-effort', '5');
    await page.click('#dp-generators-identical');
  });
  await page.waitForFunction(() => document.getElementById('dp-variant').textContent === 'D-HC, n = 12,');
  await page.selectOption('#dp-search-method', 'auto');
  await page.click('#dp-search');
  await page.waitForSelector('#dp-search-busy:not([hidden])');
  await page.waitForSelector('#dp-search-best[data-done="false"]');
  await page.waitForFunction(() => Number(document.getElementById('dp-search-progress').value) > 0);
  const soFar = await text(page, '#dp-search-best-set');
  const distance = Number((await text(page, '#dp-search-best-distance')).split(' ')[0]);
  assert.ok(distance < 6, `the best so far beats D-HC's 6 hops (${distance})`);
  await page.click('#dp-search-cancel');
  await page.waitForSelector('#dp-search-busy', { state: 'hidden' });
  assert.match(await text(page, '#dp-search-status'), /^Cancelled: the best set found \(by \d+% of the search, \d+ improvements?\) is kept\.$/);
  assert.equal(await page.isVisible('#dp-search-best'), true);
  assert.equal(await page.getAttribute('#dp-search-best', 'data-done'), 'false');
  // the best may have improved between the reading above and the Cancel (its text can get
  // shorter): a set of n generators, still beating D-HC
  const kept = (await text(page, '#dp-search-best-set')).replace(/[{}]/g, '').split(',');
  assert.equal(kept.length, 12, `a best set of 12 generators is still shown (${kept}; before the Cancel ${soFar})`);
  assert.ok(Number((await text(page, '#dp-search-best-distance')).split(' ')[0]) < 6, 'the kept best beats D-HC');
  assert.equal(await page.locator('#dp-search-chart canvas').count() > 0, true, 'its improvement points stay charted');
  assert.equal(await page.isDisabled('#dp-search'), false, 'the search can run again');
  assertNoProblems(problems);
});

test('a shared link reopens the same fields and the same numbers', async () => {
  const { page, problems } = await openLab();
  await page.fill('#dp-n', '4');
  await page.fill('#dp-generators', '3,5,9,14');
  await page.fill('#dp-source', '1');
  await page.fill('#dp-destination', '14');
  await page.selectOption('#dp-objective', 'delay');
  await page.fill('#dp-seed', '7');
  await afterRun(page, () => page.press('#dp-generators', 'Enter')); // runs now what the fields say
  await waitForPair(page, 1, 14);
  await page.click('#share');
  await page.waitForSelector('#share-box:not([hidden])');
  const link = await page.inputValue('#share-link');
  assert.match(link, /#v1\./);
  const fields = ['#dp-kind', '#dp-n', '#dp-generators', '#dp-source', '#dp-destination', '#dp-objective', '#dp-effort', '#dp-seed'];
  const values = async (p) => Promise.all(fields.map((f) => p.inputValue(f)));
  const numbers = async (p) => ({ compare: await comparison(p), routes: [await route(p, 0), await route(p, 1)], why: await text(p, '#dp-pair-why'), rows: await column(p, 'rv') });
  const before = { values: await values(page), numbers: await numbers(page) };
  assert.deepEqual(before.values, ['hc', '4', '3,5,9,14', '1', '14', 'delay', '1', '7']);
  assert.deepEqual(before.numbers.routes, ['1-0-2-6-14', '1-2-7-14']);

  const other = await openLab(link);
  await waitForPair(other.page, 1, 14);
  assert.equal(await other.page.getAttribute('#lab-dualplane', 'aria-current'), 'page', 'the link opens the Dual-plane lab');
  assert.deepEqual(await values(other.page), before.values);
  assert.deepEqual(await numbers(other.page), before.numbers);
  assert.match(await other.page.title(), /Dual-plane · DI-HC n = 4/);
  assertNoProblems(problems);
  assertNoProblems(other.problems);
});

test('the rack floor draws the racks, the cables by length with the legend, per plane; n = 12 stays aggregated', async () => {
  const { page, problems } = await openLab();
  await page.waitForSelector('#dp-floor svg');
  assert.equal(await page.locator('#dp-floor rect.dp-rack').count(), 2, 'n = 3: 2 racks of 4 switch ids');
  const legend = () => page.$$eval('#dp-floor-legend li[data-length]', (items) => Object.fromEntries(items.map((li) => [li.dataset.length, Number(li.dataset.count)])));
  // plane 0 {1,2,4}: 4 + 4 cables inside the racks (their 100 cm run), 4 between (3 m); plane 1
  // {3,5,7}: 2 + 2 inside, 8 between
  let counts = await legend();
  assert.equal(Object.keys(counts).length, 12, 'every Table 2 length and the 1.0 m in-rack run are in the legend');
  assert.equal(counts['1'], 12);
  assert.equal(counts['2'], 0);
  assert.equal(counts['3'], 12);
  assert.equal(counts['10'], 0);
  assert.equal(await page.locator('#dp-floor path.dp-cable').count(), 2, 'one arc per plane between racks 0 and 1');
  await page.click('.dp-plane[data-plane="1"]');
  counts = await legend();
  assert.deepEqual([counts['1'], counts['3']], [4, 8]);
  assert.equal(await page.getAttribute('.dp-plane[data-plane="1"]', 'aria-pressed'), 'true');
  assert.deepEqual(await page.$$eval('#dp-floor path.dp-cable', (paths) => paths.map((p) => p.dataset.plane)), ['1']);
  assert.match(await page.textContent('#dp-floor path.dp-cable title'), /^Plane 1: 8 cables of 3 m between racks 0 and 1$/);
  await page.click('.dp-plane[data-plane="both"]');

  // n = 5: the 4 × 2 racks of §3.1.2 (Fig. 4)
  await afterRun(page, async () => {
    await page.fill('#dp-n', '5');
    await page.click('#dp-generators-identical');
  });
  await page.waitForFunction(() => document.querySelectorAll('#dp-floor rect.dp-rack').length === 8);
  assert.match(await text(page, '#dp-floor-summary'), /^4 × 2 racks .* average over both planes 2\.80 m/);
  counts = await legend();
  assert.deepEqual([counts['1'], counts['3'], counts['4'], counts['5']], [64, 32, 32, 32], 'D-HC n = 5, both planes: 64 × 1.0 (in-rack runs), 32 × 3.0, 32 × 4.0, 32 × 5.0 m');

  // n = 12: 64 × 16 racks, the cables drawn as one path per plane and length
  await afterRun(page, () => page.fill('#dp-n', '12'));
  await page.waitForFunction(() => document.querySelectorAll('#dp-floor rect.dp-rack').length === 1024);
  const paths = await page.locator('#dp-floor path.dp-cable').count();
  assert.ok(paths > 0 && paths <= 22, `aggregated: ${paths} paths`);
  counts = await legend();
  assert.equal(Object.values(counts).reduce((a, b) => a + b, 0), 2 * 12 * 2048, 'every switch–switch cable of both planes is counted');
  assert.match(await text(page, '#dp-floor-summary'), /^64 × 16 racks/);
  assertNoProblems(problems);
});

test('the six variants against n: charted to the end, and a Cancel keeps the points computed', async () => {
  const { page, problems } = await openLab();
  await page.fill('#dp-sweep-from', '2');
  await page.fill('#dp-sweep-to', '4');
  await page.click('#dp-sweep');
  await page.waitForSelector('#dp-sweep-busy', { state: 'hidden' });
  await page.waitForFunction(() => document.getElementById('dp-sweep-charts').dataset.points === '18');
  assert.match(await text(page, '#dp-sweep-status'), /^n = 2…4: 18 points/);
  assert.equal((await page.locator('#dp-sweep-charts .chart canvas').count()) >= 5, true, 'five charts drawn');
  assert.deepEqual(await page.$$eval('#dp-sweep-legend li', (items) => items.map((li) => li.dataset.variant)), ['D-HC', 'DI-HC', 'DI-HC-r', 'D-FHC', 'DI-FHC', 'DI-FHC-r']);
  // the CSV carries the core's numbers: D-HC at n = 4 averages 2 hops with an all-to-all of 4 (§2.3)
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#dp-sweep-csv')]);
  const { readFileSync } = await import('node:fs');
  const rows = readFileSync(await download.path(), 'utf8').trim().split('\n').map((line) => line.split(','));
  assert.equal(rows.length, 19, 'a header and 18 points');
  const dhc4 = rows.find((r) => r[0] === '4' && r[1] === 'D-HC');
  assert.deepEqual([dhc4[3], dhc4[4]], ['2', '4']);
  const difhc4 = rows.find((r) => r[0] === '4' && r[1] === 'DI-FHC');
  assert.deepEqual([Number(difhc4[3]), Number(difhc4[4])], [1.25, 8], 'DI-FHC n = 4: 1.25 hops and 8 (the exhaustive optimum)');

  // a longer sweep, cancelled once some points came in: they stay
  await page.fill('#dp-sweep-to', '12');
  await page.click('#dp-sweep');
  await page.waitForFunction(() => Number(document.getElementById('dp-sweep-charts').dataset.points) >= 7);
  await page.click('#dp-sweep-cancel');
  await page.waitForSelector('#dp-sweep-busy', { state: 'hidden' });
  const kept = Number(await page.getAttribute('#dp-sweep-charts', 'data-points'));
  assert.ok(kept >= 7 && kept < 66, `some points kept (${kept})`);
  assert.match(await text(page, '#dp-sweep-status'), new RegExp(`^Cancelled at n = \\d+ \\([A-Z-]+\\): the ${kept} points computed are kept\\.$`));
  assert.equal(await page.isVisible('#dp-sweep-csv'), true, 'the kept points can be saved');
  assertNoProblems(problems);
});

test('"Simulate this" hands the network, the dual-plane router and §3.4\'s settings to the Simulate lab', async () => {
  const { page, problems } = await openLab();
  await page.click('#dp-simulate');
  await page.waitForFunction(() => document.getElementById('lab-sim').classList.contains('active'));
  assert.equal(await page.inputValue('#sim-topology'), 'dual:hc:3:3,5,7:x4');
  assert.equal(await page.inputValue('#sim-routing'), 'dual-plane');
  // 5 ns per metre over a 2.56 ns cycle, as the §3.4 study runs it (the page used to round it)
  assert.equal(await page.inputValue('#sim-latency-per-m'), String(5 / 2.56));
  assert.equal(await page.inputValue('#sim-stages'), '35');
  assert.equal(await page.inputValue('#sim-packet'), '8');
  // the run on both planes: everything offered at 0.5 arrives (n = 3 saturates far above)
  await page.waitForFunction(() => /^\d\.\d{3}$/.test(document.getElementById('sim-metric-accepted')?.textContent ?? ''));
  const accepted = Number(await page.textContent('#sim-metric-accepted'));
  assert.ok(Math.abs(accepted - 0.5) < 0.04, `accepted ${accepted}`);
  assertNoProblems(problems);
});

/** The simulation table: a row per variant, each number cell as {text, value} by its class. */
function flitRows(page) {
  return page.$$eval('#dp-flit-body tr', (rows) =>
    rows.map((tr) => ({
      variant: tr.dataset.variant,
      set: tr.querySelector('td.set').textContent,
      ...Object.fromEntries([...tr.querySelectorAll('td[data-value]')].map((td) => [td.className, { text: td.textContent, value: Number(td.dataset.value) }])),
    })),
  );
}

/** The lab at n, identical planes, shown. */
async function atN(page, n) {
  await afterRun(page, async () => {
    await page.fill('#dp-n', String(n));
    await page.click('#dp-generators-identical');
  });
  await page.waitForFunction((want) => document.getElementById('dp-variant').textContent === want, `D-HC, n = ${n},`);
}

test('the cycle-level check (§3.4): the six variants simulated at n = 4 against the bound and the delay model; refused at n = 9', async () => {
  const { page, problems } = await openLab();
  await atN(page, 4);
  assert.equal(await page.isDisabled('#dp-flit'), false);
  assert.equal(await page.isVisible('#dp-flit-limit'), false);
  await page.click('#dp-flit');
  await page.waitForSelector('#dp-flit-busy', { state: 'hidden', timeout: 300_000 });
  assert.match(await text(page, '#dp-flit-status'), /^n = 4 \(effort 1, seed 1\): the six variants simulated in [\d.]+ s\.$/);
  const rows = await flitRows(page);
  const by = Object.fromEntries(rows.map((r) => [r.variant, r]));
  assert.deepEqual(rows.map((r) => r.variant), ['D-HC', 'DI-HC', 'DI-HC-r', 'D-FHC', 'DI-FHC', 'DI-FHC-r']);
  // D-HC n = 4: a2a 4 (§2.3), a quarter per node, the bound that × (e − 1)/e with e = 64 nodes
  assert.equal(by['D-HC'].set, '{1,2,4,8}');
  assert.equal(by['D-HC'].a2a.text, '1.000');
  assert.equal(by['D-HC'].bound.text, (63 / 64).toFixed(3));
  for (const r of rows) {
    assert.ok(Math.abs(r.bound.value - (r.a2a.value * 63) / 64) < 1e-9, `${r.variant}: the bound is the a2a per node · 63/64`);
    assert.ok(r.throughput.value > 0 && r.throughput.value < r.bound.value, `${r.variant}: simulated throughput ${r.throughput.value} under its bound ${r.bound.value}`);
    assert.equal(r['of-bound'].text, (r.throughput.value / r.bound.value).toFixed(3));
    const ratio = r['of-model'].value;
    assert.ok(ratio > 0.8 && ratio < 1.2, `${r.variant}: latency / model = ${ratio}`);
    assert.equal(r['of-model'].text, (r.latency.value / r.model.value).toFixed(3));
  }
  assert.ok(by['DI-HC'].throughput.value > by['D-HC'].throughput.value, 'DI-HC accepts more than D-HC');
  assert.ok(by['DI-FHC'].throughput.value > by['D-FHC'].throughput.value, 'DI-FHC accepts more than D-FHC');
  // the ratio line: computed from the rows
  const ratios = await page.$$eval('#dp-flit-ratios li', (items) => items.map((li) => li.textContent));
  const pairs = ratios.map((line) => line.match(/^(\S+) \/ (\S+): throughput ×([\d.]+), a2a ×([\d.]+)$/));
  assert.ok(pairs.every(Boolean), `ratio lines: ${ratios.join('; ')}`);
  assert.deepEqual(pairs.map((m) => `${m[1]}/${m[2]}`), ['DI-HC/D-HC', 'DI-HC-r/D-HC', 'DI-FHC/D-FHC', 'DI-FHC-r/D-FHC']);
  for (const [, di, d, throughput, a2a] of pairs) {
    assert.equal(throughput, (by[di].throughput.value / by[d].throughput.value).toFixed(3), `${di} / ${d} throughput`);
    assert.equal(a2a, (by[di].a2a.value / by[d].a2a.value).toFixed(3), `${di} / ${d} a2a`);
  }
  // the CSV: a row per variant with the simulation's columns
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#dp-flit-csv')]);
  const { readFileSync } = await import('node:fs');
  const [head, ...lines] = readFileSync(await download.path(), 'utf8').trim().split('\n').map((line) => line.split(','));
  assert.equal(lines.length, 6);
  for (const column of ['channel_load_bound', 'throughput', 'latency_ns', 'accepted_at_0.4', 'accepted_at_1.6']) assert.ok(head.includes(column), `CSV column ${column}`);
  const dhc = lines.find((l) => l[1] === 'D-HC');
  assert.equal(Number(dhc[head.indexOf('channel_load_bound')]), by['D-HC'].bound.value);
  assert.equal(Number(dhc[head.indexOf('throughput')]), by['D-HC'].throughput.value);

  // n = 9: 1,024 routers, beyond the simulator's 576
  await atN(page, 9);
  assert.equal(await page.isDisabled('#dp-flit'), true);
  assert.match(await text(page, '#dp-flit-limit'), /^Not at n = 9: its two planes have 1,024 routers, more than the simulator’s 576; it runs up to n = 8\.$/);
  assert.equal(await page.isVisible('#dp-flit-table'), false, 'the n = 4 rows are gone with their n');
  assert.equal(await page.isVisible('#dp-flit-ratios'), false);
  await atN(page, 8);
  assert.equal(await page.isDisabled('#dp-flit'), false, 'n = 8 (512 routers) runs');
  assert.equal(await page.isVisible('#dp-flit-limit'), false);
  assertNoProblems(problems);
});

test('the cycle-level check cancelled at n = 6 after its first variant keeps the rows simulated', async () => {
  const { page, problems } = await openLab();
  await atN(page, 6);
  await page.click('#dp-flit');
  await page.waitForSelector('#dp-flit-busy:not([hidden])');
  assert.equal(await page.isDisabled('#dp-flit'), true, 'one simulation at a time');
  await page.waitForFunction(() => Number(document.getElementById('dp-flit-table').dataset.points) >= 1, null, { timeout: 300_000 });
  await page.click('#dp-flit-cancel');
  await page.waitForSelector('#dp-flit-busy', { state: 'hidden' });
  const rows = await flitRows(page);
  assert.ok(rows.length >= 1 && rows.length < 6, `some variants kept (${rows.length})`);
  assert.equal(rows[0].variant, 'D-HC');
  assert.equal(rows[0].bound.text, ((1 * 255) / 256).toFixed(3), 'D-HC n = 6: a2a per node 1, 256 nodes');
  assert.match(await text(page, '#dp-flit-status'), new RegExp(`^Cancelled after ${rows[rows.length - 1].variant}: the ${rows.length} variants? simulated (is|are) kept\\.$`));
  assert.equal(await page.isVisible('#dp-flit-table'), true);
  assert.equal(await page.isVisible('#dp-flit-csv'), true, 'the kept rows can be saved');
  assert.equal(await page.isDisabled('#dp-flit'), false, 'the simulation can run again');
  assertNoProblems(problems);
});
