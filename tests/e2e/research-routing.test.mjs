// The Routing lab at research size: LOREN on LRT(4096,4,16) with t_max = |N|/2 and all-pairs
// path lengths reports progress at once and finishes in seconds (it took about 7 minutes in
// Chromium before the next-hop matrix), with the same numbers as the native core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { useBrowser, openPage, waitForResult, runsDone, waitForRun, text, ROOT, assertNoProblems } from './harness.mjs';

const env = useBrowser();

test('LOREN on lrt:4096:4:16: progress before it ends, numbers as native', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  const before = await runsDone(page);
  await page.click('#lab-routing');
  await waitForRun(page, before);
  await page.evaluate(() => {
    window.firstProgress = null;
    window.started = null;
    new MutationObserver(() => {
      if (window.started !== null && window.firstProgress === null && Number(document.getElementById('progress').value) > 0) window.firstProgress = performance.now() - window.started;
    }).observe(document.getElementById('progress'), { attributes: true });
  });
  await page.fill('#rt-source', '');
  await page.fill('#rt-destination', '');
  await page.fill('#rt-topology', 'lrt:4096:4:16');
  const runs = await runsDone(page);
  await page.evaluate(() => (window.started = performance.now()));
  await page.press('#rt-topology', 'Enter');
  await waitForRun(page, runs);
  const elapsed = await page.evaluate(() => performance.now() - window.started);
  const first = await page.evaluate(() => window.firstProgress);
  console.log(`# lrt:4096:4:16 LOREN t_max 2048 in Chromium: ${Math.round(elapsed)} ms, first progress after ${Math.round(first)} ms`);
  assert.equal(await page.isVisible('#error'), false, await text(page, '#error'));
  // the order, not the clock: the bar moved while the run went on, before it ended
  assert.ok(first !== null && first < elapsed, `progress moved before the run ended (first ${first} ms, done ${elapsed} ms)`);
  const native = JSON.parse(execFileSync(process.env.TOPOLAB_CLI ?? `${ROOT}target/release/topolab`, ['routing', '--topology', 'lrt:4096:4:16', '--json'], { encoding: 'utf8' }));
  assert.equal(await text(page, '#rt-metric-avg-path'), native.avg_path_length.toFixed(2));
  assert.equal(await text(page, '#rt-metric-delivered'), `${native.delivered_pairs} / ${native.total_pairs}`);
  assert.equal(await text(page, '#rt-metric-max-entries'), String(native.max_entries));
  assertNoProblems(problems);
});
