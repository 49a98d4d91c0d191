// Every long action tells that it works and stops when asked (issue 25): the TopoGen comparison
// (Fig. 12), the Routing lab's t_max sweep, the Dual-plane search and the CTC ILP show their progress within a second of being
// started and are gone within a second of Cancel. Times are taken in the page (performance.now
// around the click and the first frame that shows the change).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForResult, waitForRun, afterRun, assertNoProblems } from './harness.mjs';

const env = useBrowser();

/**
 * Click `start` (or send it `event`), then the ms until `busy` is shown with its bar `progress` moving or its label
 * saying "estimating…"; then click `cancel` and the ms until `busy` is hidden.
 */
async function timings(page, { start, busy, progress, cancel, label, event = 'click' }) {
  const shown = await page.evaluate(({ start, busy, progress, label, event }) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    if (event === 'click') document.querySelector(start).click();
    else document.querySelector(start).dispatchEvent(new Event(event, { bubbles: true }));
    const look = () => {
      const box = document.querySelector(busy);
      const text = document.querySelector(label)?.textContent ?? '';
      if (box && !box.hidden && (Number(document.querySelector(progress).value) > 0 || /estimating|left/.test(text))) return resolve(performance.now() - t0);
      if (performance.now() - t0 > 20_000) return reject(new Error(`no progress shown in 20 s (${text})`));
      requestAnimationFrame(look);
    };
    look();
  }), { start, busy, progress, label, event });
  const stopped = await page.evaluate(({ busy, cancel }) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    document.querySelector(cancel).click();
    const look = () => {
      if (document.querySelector(busy).hidden) return resolve(performance.now() - t0);
      if (performance.now() - t0 > 20_000) return reject(new Error('not cancelled in 20 s'));
      requestAnimationFrame(look);
    };
    look();
  }), { busy, cancel });
  return { shown, stopped };
}

function assertQuick(what, { shown, stopped }) {
  console.log(`${what}: progress after ${shown.toFixed(0)} ms, gone ${stopped.toFixed(0)} ms after Cancel`);
  assert.ok(shown <= 1000, `${what}: progress shown after ${shown.toFixed(0)} ms`);
  assert.ok(stopped <= 1000, `${what}: still busy ${stopped.toFixed(0)} ms after Cancel`);
}

async function openLab(lab) {
  const opened = await openPage(env, env.url);
  await waitForResult(opened.page);
  await afterRun(opened.page, () => opened.page.click(`#lab-${lab}`));
  return opened;
}

test('the TopoGen comparison (Fig. 12) at 4,096 nodes: progress within 1 s, Cancel within 1 s', async () => {
  const { page, problems } = await openLab('topogen');
  await afterRun(page, async () => {
    await page.fill('#tg-nodes', '4096');
    await page.press('#tg-nodes', 'Enter');
  });
  assertQuick('TopoGen comparison', await timings(page, { start: '#tg-compare', busy: '#tg-compare-busy', progress: '#tg-compare-progress', label: '#tg-compare-busy label', cancel: '#tg-compare-cancel' }));
  assertNoProblems(problems);
});

test('the Routing lab\'s t_max sweep (Fig. 5) on LRT(1024,4,8): progress within 1 s, Cancel within 1 s, the points so far kept', async () => {
  const { page, problems } = await openLab('routing');
  await afterRun(page, async () => {
    await page.fill('#rt-topology', 'lrt:1024:4:8');
    await page.press('#rt-topology', 'Enter');
  });
  assertQuick('Routing t_max sweep', await timings(page, { start: '#rt-sweep', busy: '#rt-sweep-busy', progress: '#rt-sweep-progress', label: '#rt-sweep-busy label', cancel: '#rt-sweep-cancel' }));
  // the points that arrived before Cancel stay, and the line says how many
  const line = await page.textContent('#rt-sweep-status');
  const kept = line.match(/^Cancelled after (\d+) values of t_max: they are kept\.$/);
  assert.ok(kept || /^Cancelled: the t_max sweep was not computed\.$/.test(line), `after Cancel: '${line}'`);
  assert.equal(await page.locator('#rt-sweep-body tr').count(), kept ? Number(kept[1]) : 0);
  assertNoProblems(problems);
});

test('the Dual-plane search at n = 12: progress within 1 s, Cancel within 1 s', async () => {
  const { page, problems } = await openLab('dualplane');
  await afterRun(page, async () => {
    await page.fill('#dp-n', '12');
    await page.fill('#dp-effort', '5');
    await page.click('#dp-generators-identical');
  });
  await page.waitForFunction(() => document.getElementById('dp-variant').textContent === 'D-HC, n = 12,');
  assertQuick('Dual-plane search', await timings(page, { start: '#dp-search', busy: '#dp-search-busy', progress: '#dp-search-progress', label: '#dp-search-busy label', cancel: '#dp-search-cancel' }));
  assertNoProblems(problems);
});

test('the CTC ILP on 32 LCs with a 60 s limit: progress within 1 s, Cancel within 1 s', async () => {
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
  assertQuick('CTC ILP', await timings(page, { start: '#open-ilp', busy: '#busy', progress: '#progress', label: '#busy-label', cancel: '#cancel' }));
  assertNoProblems(problems);
});
