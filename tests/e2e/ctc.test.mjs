// The CTC lab (paper 003) in the page: stepping through the serving of Table I's 16-LC instance
// (the first step is the first demand of the order on plane 1, a refusal names the planes' ports,
// the last step's hop-bytes are the results panel's); the live annealing at 256 LCs with its
// progress, curve and Cancel; the ILP on the 4-LC ring; a permalink round trip; bad input refused
// next to its field. Every number is compared with the worker's result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBrowser, openPage, waitForResult, runsDone, waitForRun, afterRun, text, assertNoProblems, screenshotPath } from './harness.mjs';

const env = useBrowser();

/** The page on the CTC lab (from the default Slots lab, or straight from a link). */
async function openLab(address = null, options = {}) {
  const opened = await openPage(env, address ?? env.url, { acceptDownloads: true, ...options });
  if (!address) {
    await waitForResult(opened.page);
    const before = await runsDone(opened.page);
    await opened.page.click('#lab-ctc');
    await waitForRun(opened.page, before);
  }
  await opened.page.waitForFunction(() => /^\d+$/.test(document.getElementById('ctc-metric-hop')?.textContent ?? ''));
  return opened;
}

/** The results JSON the worker returned for the shown run (the page's JSON export). */
async function resultJson(page) {
  await page.click('#export-menu summary');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  return JSON.parse(readFileSync(await download.path(), 'utf8'));
}

const stepText = async (page) => `${await text(page, '#step-title')} ${await text(page, '#step-explanation')}`;

test('stepping through the serving of Table I’s 16-LC instance', async () => {
  const { page, problems } = await openLab();
  const { result: r } = await resultJson(page);
  assert.equal(r.lcs, 16);
  assert.equal(await text(page, '#ctc-metric-hop'), String(r.hop_bytes));
  // it opens on the first decision: the first demand of the order, linked on plane 1
  const first = r.demand_list[r.order[0]];
  const want = `Pass 1: ${first.s}→${first.d} linked on plane 1`;
  await page.waitForFunction((want) => document.getElementById('step-title').textContent.trim() === want && /^Step 1 \//.test(document.getElementById('step-counter').textContent.trim()), want);
  // → to the first refusal: its text names the planes' ports
  let refusal = null;
  for (let i = 2; i < 300 && !refusal; i++) {
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((i) => document.getElementById('step-counter').textContent.trim().startsWith(`Step ${i} /`), i);
    const t = await stepText(page);
    if (t.includes('refused')) refusal = t;
  }
  assert.ok(refusal, 'a refusal among the steps');
  assert.match(refusal, /plane 1: out \d\/1, in \d\/1; plane 2: out/);
  assert.match(refusal, /no free (out|in)-port on any plane|no common plane/);
  // End: the last step; the figure shows every link, the caption the results' hop-bytes
  await page.keyboard.press('End');
  await page.waitForFunction(() => /^Step (\d+) \/ \1$/.test(document.getElementById('step-counter').textContent.trim()));
  await page.waitForFunction((n) => document.querySelector('#figure svg')?.textContent.includes(`hop-bytes ${n}`), r.hop_bytes);
  // one line per OCS link at the end
  await page.waitForFunction((n) => document.querySelectorAll('#figure svg line.ch').length === n, r.links.length);
  assert.equal(await text(page, '#ctc-links-count'), `(${r.links.length})`);
  await page.screenshot({ path: screenshotPath('ctc-stepped') });
  assertNoProblems(problems);
});

test('live annealing at 256 LCs: progress, a growing curve, Cancel keeps the points', async () => {
  const { page, problems } = await openLab();
  await afterRun(page, () => page.click('#ctc-preset-256'));
  await page.waitForFunction(() => document.getElementById('ctc-metric-lcs').textContent.startsWith('256 LCs'));
  await page.click('#ctc-anneal');
  await page.waitForSelector('#ctc-anneal-busy:not([hidden])');
  // points stream in: the status names an iteration, the curve is drawn
  await page.waitForFunction(() => /^Iteration \d+/.test(document.getElementById('ctc-anneal-status').textContent) && Number(document.getElementById('ctc-anneal-status').textContent.match(/^Iteration (\d+)/)[1]) >= 30);
  const progress = Number(await page.getAttribute('#ctc-anneal-progress', 'value'));
  assert.ok(progress > 0 && progress < 1, `progress ${progress}`);
  assert.equal(await page.locator('#ctc-curve-chart canvas').count() > 0, true, 'the curve is drawn');
  await page.click('#ctc-anneal-cancel');
  await page.waitForSelector('#ctc-anneal-busy', { state: 'hidden' });
  assert.match(await text(page, '#ctc-anneal-status'), /Cancelled after \d+ points: the curve so far is kept/);
  assert.equal(await page.locator('#ctc-curve-chart canvas').count() > 0, true, 'the streamed curve stays');
  // the page is still usable: another run
  await afterRun(page, () => page.click('#ctc-preset-t16'));
  await page.waitForFunction(() => document.getElementById('ctc-metric-lcs').textContent.startsWith('16 LCs'));
  assertNoProblems(problems);
});

test('the ILP on the 4-LC ring: optimal, the ring’s 24 hop-bytes, bound 24', async () => {
  const { page, problems } = await openLab();
  await afterRun(page, () => page.click('#ctc-preset-ring'));
  await page.waitForFunction(() => document.getElementById('ctc-metric-lcs').textContent.startsWith('4 LCs'));
  const { result: r } = await resultJson(page);
  assert.equal(r.optimal, true);
  assert.equal(r.hop_bytes, 24);
  assert.equal(Math.round(r.bound), 24);
  assert.equal(r.links.length, 4, 'one plane of one port: a ring');
  assert.equal(await text(page, '#ctc-metric-hop'), '24');
  assert.match(await text(page, '#ctc-metric-ilp'), /^optimal \(proven\): 24 · bound 24\.0/);
  assert.equal(r.hdf_hop_bytes, 36, 'HDF in id order leaves two 2-cycles: 8 demands unserved at 4 hops each');
  // the steps: the serving that warm-started the ILP (its links so far), then the ILP's ring
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('End');
  await page.waitForFunction(() => document.getElementById('step-title').textContent.trim() === 'The ILP (§4.1): proven optimal');
  assert.match(await text(page, '#step-explanation'), /its configuration has 24 hop-bytes/);
  await page.waitForFunction(() => document.querySelectorAll('#figure svg line.ch').length === 4);
  await page.keyboard.press('Home');
  await page.waitForFunction(() => /^Step 1 \//.test(document.getElementById('step-counter').textContent.trim()));
  await page.waitForFunction(() => document.querySelectorAll('#figure svg line.ch').length === 1);
  assertNoProblems(problems);
});

test('a permalink reopens the traffic, T/K/P, a reading and the step', async () => {
  const { page, problems } = await openLab();
  await afterRun(page, async () => {
    await page.fill('#ctc-traffic', 'stencil:8x8');
    await page.fill('#ctc-cluster_size', '4');
    await page.fill('#ctc-planes', '4');
    await page.fill('#ctc-iterations', '200');
    await page.click('#ctc-form summary:has-text("Readings")');
    await page.selectOption('#ctc-readings-tie', 'random');
    await page.press('#ctc-traffic', 'Enter');
  });
  await page.waitForFunction(() => document.getElementById('ctc-metric-lcs').textContent.startsWith('16 LCs of 4'));
  // the arrow keys step the player once the focus has left the fields
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Home');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /^Step 6 \//.test(document.getElementById('step-counter').textContent.trim()));
  await page.waitForFunction(() => location.hash.length > 10 && !document.body.classList.contains('loading'));
  await page.waitForTimeout(300);
  const link = page.url();
  const hop = await text(page, '#ctc-metric-hop');
  const title = await text(page, '#step-title');
  const { page: again, problems: p2 } = await openLab(link);
  await again.waitForFunction(() => /^Step 6 \//.test(document.getElementById('step-counter').textContent.trim()));
  assert.equal(await again.inputValue('#ctc-traffic'), 'stencil:8x8');
  assert.equal(await again.inputValue('#ctc-cluster_size'), '4');
  assert.equal(await again.inputValue('#ctc-planes'), '4');
  assert.equal(await again.inputValue('#ctc-readings-tie'), 'random');
  assert.equal(await text(again, '#ctc-metric-hop'), hop);
  assert.equal(await text(again, '#step-title'), title);
  assertNoProblems(problems);
  assertNoProblems(p2);
});

test('bad input is refused next to its field and nothing shown is lost', async () => {
  const { page, problems } = await openLab();
  const hop = await text(page, '#ctc-metric-hop');
  const refuse = async (fill, id, pattern) => {
    const before = await runsDone(page);
    await fill();
    await page.waitForFunction(({ id }) => !document.getElementById(`${id}-error`).hidden, { id }, { timeout: 20000 });
    assert.match(await text(page, `#${id}-error`), pattern);
    assert.equal(await text(page, '#ctc-metric-hop'), hop, 'the shown result stays');
    return before;
  };
  await refuse(async () => {
    await page.fill('#ctc-traffic', 'random:99999:0.5');
    await page.press('#ctc-traffic', 'Enter');
  }, 'ctc-traffic', /4096 tasks/);
  await page.fill('#ctc-traffic', 'random:16:0.5');
  await refuse(async () => {
    await page.fill('#ctc-planes', '20');
    await page.press('#ctc-planes', 'Enter');
  }, 'ctc-planes', /16 planes/);
  await page.fill('#ctc-planes', '6');
  await refuse(async () => {
    await page.fill('#ctc-iterations', '1.5');
    await page.press('#ctc-iterations', 'Enter');
  }, 'ctc-iterations', /iterations/);
  await page.fill('#ctc-iterations', '1000');
  await refuse(async () => {
    await page.fill('#ctc-traffic', 'csv');
    await page.fill('#ctc-matrix', '0,1,5\n1,x,2\n');
    await page.press('#ctc-traffic', 'Enter');
  }, 'ctc-matrix', /line 2/);
  assertNoProblems(problems);
});

test('demands without a path: the hop-bytes say so, and neither the gain nor the gap is computed', async () => {
  const { page, problems } = await openLab();
  // one plane of one port for 32 LCs in HDF order: most demands have no path (issue 63: it showed a
  // hop-bytes of 62 beside a bound of 1,728 and a 97% gain over the torus)
  await afterRun(page, async () => {
    await page.fill('#ctc-traffic', 'random:32:0.9');
    await page.fill('#ctc-planes', '1');
    await page.fill('#ctc-ports', '1');
    await page.selectOption('#ctc-order', 'hdf');
    await page.press('#ctc-traffic', 'Enter');
  });
  await page.waitForFunction(() => /without a path/.test(document.getElementById('ctc-metric-hop').textContent));
  const { result: r } = await resultJson(page);
  assert.ok(r.unserved.length > 0);
  assert.equal(r.gap_to_bound, null);
  assert.equal(await text(page, '#ctc-metric-hop'), `${r.hop_bytes}+ ${r.unserved.length} demands without a path, not counted`);
  assert.equal(await text(page, '#ctc-metric-gain'), '—');
  assert.match(await text(page, '#ctc-metric-bound'), /\(gap —\)$/);
  assertNoProblems(problems);
});
