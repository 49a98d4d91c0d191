// Studies run in their own worker: while the Routing lab's table-size study (Fig. 6) runs,
// stepping the shown walk with → still answers within 100 ms; cancelling the study keeps the
// summary of the topologies already measured (checked against a fresh worker) and the shown run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForResult, runsDone, waitForRun, afterRun, text, assertNoProblems } from './harness.mjs';

const env = useBrowser();

/** The Routing lab walking a packet from switch 0 to switch 63 of lrt:64:4:2 (seed 1). */
async function openWalk() {
  const opened = await openPage(env, env.url);
  const { page } = opened;
  await waitForResult(page);
  const before = await runsDone(page);
  await page.click('#lab-routing');
  await waitForRun(page, before);
  await afterRun(page, async () => {
    await page.fill('#rt-source', '0');
    await page.fill('#rt-destination', '63');
    await page.press('#rt-topology', 'Enter');
  });
  await page.waitForFunction(() => /^Step 1 \/ \d+$/.test(document.getElementById('step-counter')?.textContent ?? ''));
  return opened;
}

/** The step counter as [index (1-based), count]. */
async function counter(page) {
  const match = (await text(page, '#step-counter')).match(/^Step (\d+) \/ (\d+)$/);
  assert.ok(match, 'the counter reads "Step i / n"');
  return [Number(match[1]), Number(match[2])];
}

/** The table-size study of `count` topologies like lrt:64:4:2 (seed 1) from a fresh worker. */
async function coreStudy(page, count) {
  return page.evaluate(async (count) => {
    const { Engine } = await import('./www/engine.js');
    const engine = new Engine();
    await engine.start();
    const routing = { topology: 'lrt:64:4:2', scheme: 'loren', tmax: null, alpha: 0.5, traffic: null, patterns: 1000, source: 0, destination: 63 };
    const out = await engine.request('study', { json: JSON.stringify({ version: 1, lab: 'routing', seed: 1, routing }), name: 'table-study', args: { count } });
    engine.worker.terminate();
    return out;
  }, count);
}

test('stepping answers while the table-size study runs (each step redrawn before the study ends)', async () => {
  const { page, problems } = await openWalk();
  const [, steps] = await counter(page);
  assert.ok(steps >= 4, `the walk has ${steps} steps`);

  // In the page: for each key press, whether the study was still running when the shown step's
  // figure was redrawn (a step queued behind the study would wait for its end), and the time, for
  // the log.
  await page.evaluate(() => {
    window.stepLatencies = [];
    window.studyRunningAtRedraw = [];
    let pressed = null;
    window.addEventListener('keydown', () => (pressed = performance.now()), true); // beside the page's key map (www/keys.js)
    new MutationObserver(() => {
      if (pressed === null) return;
      window.stepLatencies.push(performance.now() - pressed);
      window.studyRunningAtRedraw.push(!document.getElementById('rt-study-busy').hidden);
      pressed = null;
    }).observe(document.body, { attributes: true, attributeFilter: ['data-views'] });
  });

  await page.fill('#rt-study-count', '1000');
  await page.click('#rt-study');
  await page.waitForSelector('#rt-study-busy:not([hidden])');
  await page.waitForFunction(() => /^Studying: \d+ of 1000/.test(document.getElementById('rt-study-status')?.textContent ?? ''));

  await page.evaluate(() => document.activeElement?.blur());
  const presses = Math.min(5, steps - 1);
  for (let i = 1; i <= presses; i++) {
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((n) => window.stepLatencies.length >= n, i);
    assert.deepEqual(await counter(page), [1 + i, steps]);
  }
  assert.equal(await page.isVisible('#rt-study-busy'), true, 'the study was still running while we stepped');
  const latencies = await page.evaluate(() => window.stepLatencies);
  console.log(`# step latencies during the study: ${latencies.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  // the order, not the clock: every step was on screen while the study still ran
  assert.deepEqual(await page.evaluate(() => window.studyRunningAtRedraw), latencies.map(() => true), 'each step was redrawn before the study ended');
  await page.click('#rt-study-cancel');
  assertNoProblems(problems);
});

test('cancelling the study keeps the topologies measured so far and the shown run', async () => {
  const { page, problems } = await openWalk();
  const avgPath = await text(page, '#rt-metric-avg-path');
  await page.fill('#rt-study-count', '1000');
  await page.click('#rt-study');
  await page.waitForFunction(() => {
    const m = (document.getElementById('rt-study-status')?.textContent ?? '').match(/^Studying: (\d+) of 1000/);
    return m && Number(m[1]) >= 20;
  });
  await page.click('#rt-study-cancel');
  await page.waitForSelector('#rt-study-busy', { state: 'hidden' });
  const status = await text(page, '#rt-study-status');
  const match = status.match(/^Cancelled after (\d+) of 1000 topologies/);
  assert.ok(match, `the status says what was kept: ${status}`);
  const kept = Number(match[1]);
  assert.ok(kept >= 20 && kept < 1000, `${kept} topologies kept`);
  assert.equal(await page.isVisible('#rt-study-table'), true, 'the table stays');
  assert.equal(await page.isDisabled('#rt-study'), false);

  // The rows are the study of exactly the topologies measured, as a fresh worker computes it.
  const core = await coreStudy(page, kept);
  const cell = (row, col) => text(page, `#rt-study-table tr.${row} td.${col}`);
  assert.equal(await cell('loren', 'min'), String(core.loren.min));
  assert.equal(await cell('cowen', 'min'), String(core.cowen.min));
  assert.equal(await cell('loren', 'mean'), core.loren.mean.toFixed(1));
  assert.equal(await cell('cowen', 'mean'), core.cowen.mean.toFixed(1));

  // The shown run was never dropped: its numbers stay and it still steps.
  assert.equal(await text(page, '#rt-metric-avg-path'), avgPath);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /^Step 2 \//.test(document.getElementById('step-counter')?.textContent ?? ''));
  assertNoProblems(problems);
});
