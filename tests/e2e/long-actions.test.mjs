// Every long action tells that it works and stops when asked (issue 25): the TopoGen comparison
// (Fig. 12), the Routing lab's t_max sweep, the Dual-plane search and the CTC ILP show their
// progress while they run (before the job ends: it is still running when Cancel is clicked),
// and after Cancel the progress is gone and no more arrives. Asserted by the order of events,
// never by the clock (a loaded machine is slow, not wrong); the times are printed for people.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForResult, afterRun, assertNoProblems, TIMEOUT } from './harness.mjs';

const env = useBrowser();

/**
 * Click `start` (or send it `event`) and wait until `busy` is shown with its bar `progress`
 * moving or its label saying "estimating…"; then click `cancel` and wait until `busy` is hidden.
 * Then asserts the order: once hidden no more progress arrives — after a round trip through the
 * page (the theme toggled twice, each awaited) the bar is still hidden and its value unchanged.
 * Returns the times taken, for the log.
 */
async function progressThenCancel(page, { start, busy, progress, cancel, label, event = 'click' }) {
  const shown = await page.evaluate(({ start, busy, progress, label, event, timeout }) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    if (event === 'click') document.querySelector(start).click();
    else document.querySelector(start).dispatchEvent(new Event(event, { bubbles: true }));
    const look = () => {
      const box = document.querySelector(busy);
      const text = document.querySelector(label)?.textContent ?? '';
      if (box && !box.hidden && (Number(document.querySelector(progress).value) > 0 || /estimating|left/.test(text))) return resolve(performance.now() - t0);
      // the harness's own patience, so a test that cannot pass says why instead of hanging
      if (performance.now() - t0 > timeout) return reject(new Error(`no progress shown (${text})`));
      requestAnimationFrame(look);
    };
    look();
  }), { start, busy, progress, label, event, timeout: TIMEOUT });
  const stopped = await page.evaluate(({ busy, cancel, timeout }) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    document.querySelector(cancel).click();
    const look = () => {
      if (document.querySelector(busy).hidden) return resolve(performance.now() - t0);
      if (performance.now() - t0 > timeout) return reject(new Error('still busy after Cancel'));
      requestAnimationFrame(look);
    };
    look();
  }), { busy, cancel, timeout: TIMEOUT });
  const value = await page.evaluate((progress) => document.querySelector(progress).value, progress);
  for (let i = 0; i < 2; i++) {
    const theme = await page.getAttribute('html', 'data-theme');
    await page.click('#theme');
    await page.waitForFunction((theme) => document.documentElement.dataset.theme !== theme, theme);
  }
  assert.equal(await page.isHidden(busy), true, 'no progress after Cancel');
  assert.equal(await page.evaluate((progress) => document.querySelector(progress).value, progress), value, 'the bar did not move after Cancel');
  return { shown, stopped };
}

function logTimes(what, { shown, stopped }) {
  console.log(`# ${what}: progress after ${shown.toFixed(0)} ms, gone ${stopped.toFixed(0)} ms after Cancel`);
}

async function openLab(lab) {
  const opened = await openPage(env, env.url);
  await waitForResult(opened.page);
  await afterRun(opened.page, () => opened.page.click(`#lab-${lab}`));
  return opened;
}

test('the TopoGen comparison (Fig. 12) at 4,096 nodes: progress while it runs; after Cancel none', async () => {
  const { page, problems } = await openLab('topogen');
  await afterRun(page, async () => {
    await page.fill('#tg-nodes', '4096');
    await page.press('#tg-nodes', 'Enter');
  });
  logTimes('TopoGen comparison', await progressThenCancel(page, { start: '#tg-compare', busy: '#tg-compare-busy', progress: '#tg-compare-progress', label: '#tg-compare-busy label', cancel: '#tg-compare-cancel' }));
  assertNoProblems(problems);
});

test('the Routing lab\'s t_max sweep (Fig. 5) on LRT(1024,4,8): progress while it runs; after Cancel none, the points so far kept', async () => {
  const { page, problems } = await openLab('routing');
  await afterRun(page, async () => {
    await page.fill('#rt-topology', 'lrt:1024:4:8');
    await page.press('#rt-topology', 'Enter');
  });
  logTimes('Routing t_max sweep', await progressThenCancel(page, { start: '#rt-sweep', busy: '#rt-sweep-busy', progress: '#rt-sweep-progress', label: '#rt-sweep-busy label', cancel: '#rt-sweep-cancel' }));
  // the points that arrived before Cancel stay, and the line says how many
  const line = await page.textContent('#rt-sweep-status');
  const kept = line.match(/^Cancelled after (\d+) values of t_max: they are kept\.$/);
  assert.ok(kept || /^Cancelled: the t_max sweep was not computed\.$/.test(line), `after Cancel: '${line}'`);
  assert.equal(await page.locator('#rt-sweep-body tr').count(), kept ? Number(kept[1]) : 0);
  assertNoProblems(problems);
});

test('the Dual-plane search at n = 12: progress while it runs; after Cancel none', async () => {
  const { page, problems } = await openLab('dualplane');
  await afterRun(page, async () => {
    await page.fill('#dp-n', '12');
    await page.fill('#dp-effort', '5');
    await page.click('#dp-generators-identical');
  });
  await page.waitForFunction(() => document.getElementById('dp-variant').textContent === 'D-HC, n = 12,');
  logTimes('Dual-plane search', await progressThenCancel(page, { start: '#dp-search', busy: '#dp-search-busy', progress: '#dp-search-progress', label: '#dp-search-busy label', cancel: '#dp-search-cancel' }));
  assertNoProblems(problems);
});

test('the CTC ILP on 32 LCs with a 60 s limit: progress while it runs; after Cancel none', async () => {
  const { page, problems } = await openLab('ctc');
  // a link to the ILP run (opened in this tab: the run starts when the hash changes)
  const hash = await page.evaluate(async () => {
    const { Engine } = await import('./www/engine.js');
    const engine = new Engine();
    await engine.start();
    const ctc = { traffic: 'random:32:0.5', cluster_size: 1, planes: 6, ports: 1, order: 'sa', iterations: 1000, solver: 'ilp', time_limit_s: 60, baseline: 'torus:3' };
    return engine.request('encodePermalink', { json: JSON.stringify({ version: 1, lab: 'ctc', seed: 1, ctc }) });
  });
  await page.evaluate((hash) => {
    const link = document.createElement('a');
    link.id = 'open-ilp';
    link.href = `#${hash}`;
    document.body.append(link);
  }, hash);
  logTimes('CTC ILP', await progressThenCancel(page, { start: '#open-ilp', busy: '#busy', progress: '#progress', label: '#busy-label', cancel: '#cancel' }));
  assertNoProblems(problems);
});
