// Errors in plain words: a value the core (or the page) refuses is explained next to its field
// by the reason alone, and in the general box after the field's label as the page shows it —
// never after an internal key (`target-slots:`, `time_limit_s:`, `rate:`, `vcs`) and never in
// the words of the Scenario decoder. The last good result stays on screen meanwhile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForResult, waitForRun, runsDone, afterRun, text, assertNoProblems } from './harness.mjs';

const env = useBrowser();

/** Words of the core's internals that no message on the page may carry. */
const INTERNALS = ['invalid type', 'expected `', 'line 1 column'];

/** A fresh page on lab `name` (its tab `#lab-<name>`), its first run done. */
async function openLab(name) {
  const opened = await openPage(env, env.url, { viewport: { width: 1440, height: 900 } });
  await waitForResult(opened.page);
  const before = await runsDone(opened.page);
  await opened.page.click(`#lab-${name}`);
  await waitForRun(opened.page, before);
  return opened;
}

/** Type `value` into input `#id` and press Enter; the run's end (or the page's refusal) is awaited. */
async function enter(page, id, value, { runs = true } = {}) {
  const act = async () => {
    await page.fill(`#${id}`, value);
    await page.press(`#${id}`, 'Enter');
  };
  if (runs) await afterRun(page, act);
  else await act();
  await page.waitForSelector(`#${id}-error:not([hidden])`);
}

/**
 * The messages of field `#id`: beside it and in the general box. Checks what every message must
 * be: the general box is the label, then the reason shown beside the field; no internals.
 */
async function messages(page, id, label) {
  const beside = await text(page, `#${id}-error`);
  const general = await text(page, '#error');
  assert.equal(await page.isVisible('#error'), true, 'the general box is shown');
  assert.equal(await page.getAttribute(`#${id}`, 'aria-invalid'), '', 'the field is marked');
  assert.equal(await text(page, `label[for="${id}"]`), label.replace(/ₘₐₓ/, 'max'), 'the label is the one on the page');
  assert.ok(general === `${label}: ${beside}` || general === `${label} ${beside}`, `the general box names the label: ${general}`);
  for (const words of INTERNALS) {
    assert.ok(!beside.includes(words) && !general.includes(words), `no "${words}" in: ${general}`);
  }
  return { beside, general };
}

test('TopoGen: a target N and a degree the core refuses are said with their labels', async () => {
  const { page, problems } = await openLab('topogen');
  const shown = await text(page, '#tg-metric-switches');
  const figure = await page.innerHTML('#figure');

  await enter(page, 'tg-target', '0');
  const target = await messages(page, 'tg-target', 'Target N');
  assert.doesNotMatch(target.beside, /^(target[-_]slots|topogen\.|target):/i);
  assert.equal(target.beside, 'the target N must be at least 1');
  assert.equal(target.general, 'Target N: the target N must be at least 1');

  await page.fill('#tg-target', '');
  await enter(page, 'tg-degree', '2');
  const degree = await messages(page, 'tg-degree', 'Max degree');
  assert.equal(degree.beside, 'the maximum switch degree must be at least 3 (an end node and two links)');
  assert.equal(degree.general, 'Max degree: the maximum switch degree must be at least 3 (an end node and two links)');
  assert.equal(await page.isVisible('#tg-target-error'), false, 'only the field concerned is marked');

  assert.equal(await text(page, '#tg-metric-switches'), shown, 'the last good result stays');
  assert.equal(await page.innerHTML('#figure'), figure, 'the last good figure stays');
  assertNoProblems(problems);
});

test('Simulate: a load the core refuses and a VC count the page refuses name their fields', async () => {
  const { page, problems } = await openLab('sim');
  await page.waitForFunction(() => /^\d\.\d{3}$/.test(document.getElementById('sim-metric-accepted')?.textContent ?? ''));
  const accepted = await text(page, '#sim-metric-accepted');

  // 1.5 flits per node per cycle on a mesh (one port a node): the core refuses it (the page lets
  // up to 2 through, for nodes on two planes)
  await enter(page, 'sim-rate', '1.5');
  const rate = await messages(page, 'sim-rate', 'Offered load (flits/node/cycle)');
  assert.doesNotMatch(rate.beside, /^(sim\.)?rate:/);
  assert.match(rate.beside, /^an offered load in \(0, 1\] .*not 1\.5$|^a node starts at most one packet a cycle/);
  assert.ok(rate.general.startsWith('Offered load (flits/node/cycle): '), rate.general);

  // refused by the page itself (not a whole number: the page reads a field's kind, the core
  // judges its range): no run starts, the same rule holds
  const runs = await runsDone(page);
  await page.fill('#sim-rate', '0.3');
  await enter(page, 'sim-vcs', '1.5', { runs: false });
  assert.equal(await runsDone(page), runs, 'a value the page refuses starts no run');
  const vcs = await messages(page, 'sim-vcs', 'VCs per port');
  assert.equal(vcs.beside, "'1.5': a whole number of virtual channels per port, at least 1");
  assert.equal(vcs.general, "VCs per port '1.5': a whole number of virtual channels per port, at least 1");
  assert.equal(await page.isVisible('#sim-rate-error'), false);

  assert.equal(await text(page, '#sim-metric-accepted'), accepted, 'the last good result stays');
  assertNoProblems(problems);
});

test('CTC: an ILP time limit of 0 is said with the label of its field', async () => {
  const { page, problems } = await openLab('ctc');
  await afterRun(page, () => page.click('#ctc-preset-ring'));
  await page.waitForFunction(() => /^\d+$/.test(document.getElementById('ctc-metric-hop')?.textContent ?? ''));
  const hop = await text(page, '#ctc-metric-hop');

  await enter(page, 'ctc-time_limit_s', '0');
  const limit = await messages(page, 'ctc-time_limit_s', 'ILP time limit (s)');
  assert.doesNotMatch(limit.beside, /time_limit_s|time-limit-s/);
  assert.equal(limit.beside, 'from 0.1 to 3600 s, not 0');
  assert.equal(limit.general, 'ILP time limit (s): from 0.1 to 3600 s, not 0');
  assert.equal(await text(page, '#ctc-metric-hop'), hop, 'the last good result stays');

  // fixed: both messages go
  await afterRun(page, () => page.fill('#ctc-time_limit_s', '5'));
  assert.equal(await page.isVisible('#ctc-time_limit_s-error'), false);
  assert.equal(await page.isVisible('#error'), false);
  assertNoProblems(problems);
});

test('Routing: a label written with a subscript is read as the page shows it', async () => {
  const { page, problems } = await openLab('routing');
  await enter(page, 'rt-tmax', '0');
  const tmax = await messages(page, 'rt-tmax', 'tₘₐₓ (LOREN table limit)');
  assert.doesNotMatch(tmax.beside, /^(routing|tmax|rt-tmax):/);
  assert.ok(tmax.general.startsWith('tₘₐₓ (LOREN table limit) '), tmax.general);
  assertNoProblems(problems);
});
