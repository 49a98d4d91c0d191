// One state per lab (issue 52): a lab's shown run lives in the page's record of the lab, and every
// view — results, the lab's own figure extras (the Dual-plane rack floor, the OCS relay's hybrid
// view), the step player, the figure's text, the document title, Share, Embed and the results
// JSON — is made from it. Input that does not run (refused by the form or by the core) leaves
// every view on the last good run, together; a good run moves them all, together; opening
// another lab and coming back shows the same; a lab without a good run names no other lab's run.
// Share and Embed links are decoded by the core (the WASM module the page uses) to the Scenario
// they carry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBrowser, openPage, waitForResult, runsDone, waitForRun, afterRun, text, assertNoProblems } from './harness.mjs';
import { loadWasm } from '../node/load-wasm.mjs';

const env = useBrowser();
const wasm = loadWasm();

/** The Scenario a page link (`…#v1.…`) carries, as the core reads it. */
function scenarioOf(link) {
  const hash = decodeURIComponent(new URL(link).hash.replace(/^#/, ''));
  return JSON.parse(wasm.decodePermalink(hash));
}

/** The Share box's link and what it says (its note names a view that is not the controls'). */
async function shared(page) {
  // the box keeps its last link until it opens again: cleared, so the wait is for this one
  await page.evaluate(() => {
    document.getElementById('share-link').value = '';
    document.getElementById('share-status').textContent = '';
  });
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share-link').value.includes('#v1.') && document.getElementById('share-status').textContent !== '');
  const link = await page.inputValue('#share-link');
  const status = await text(page, '#share-status');
  await page.click('#share-box button.close');
  return { scenario: scenarioOf(link), status };
}

/** The Embed box's snippet: the Scenario of its iframe's address. */
async function embedded(page) {
  await page.evaluate(() => (document.getElementById('embed-code').value = ''));
  await page.click('#embed');
  await page.waitForFunction(() => document.getElementById('embed-code').value.includes('#v1.'));
  const code = await page.inputValue('#embed-code');
  await page.click('#embed-box button.close');
  const src = code.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
  return scenarioOf(src);
}

/** The Scenario of the results JSON the Export menu downloads. */
async function exported(page) {
  await page.click('#export-menu summary');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  return JSON.parse(readFileSync(await download.path(), 'utf8')).scenario;
}

/** What every page-wide view says of the shown run: the title, the figure's text, the steps, and the Scenario of Share, Embed and the JSON export (the lab's section and seed). */
async function pageViews(page, section) {
  const share = await shared(page);
  const own = (s) => ({ seed: String(s.seed), [section]: s[section] });
  return {
    title: await page.title(),
    description: await text(page, '#figure-description'),
    steps: await text(page, '#step-counter'),
    share: own(share.scenario),
    embed: own(await embedded(page)),
    json: own(await exported(page)),
    note: share.status,
  };
}

/** The page on lab `name` (from the default Slots lab), its first run done. */
async function openLab(name) {
  const opened = await openPage(env, env.url, { acceptDownloads: true });
  await waitForResult(opened.page);
  const before = await runsDone(opened.page);
  await opened.page.click(`#lab-${name}`);
  await waitForRun(opened.page, before);
  return opened;
}

/** Open lab `name` and come back to `back`; both show their record (a run or a kept result). */
async function awayAndBack(page, name, back) {
  let before = await runsDone(page);
  await page.click(`#lab-${name}`);
  await waitForRun(page, before);
  before = await runsDone(page);
  await page.click(`#lab-${back}`);
  await waitForRun(page, before);
  await page.waitForFunction((lab) => document.body.dataset.lab === lab && !document.body.classList.contains('working'), back);
}

// ---------------------------------------------------------------- Dual-plane

/** The Dual-plane lab's own views: the comparison, the pair, Table 1's marked row, the rack floor. */
function dualplaneViews(page) {
  return page.evaluate(() => ({
    variant: document.getElementById('dp-variant').textContent,
    distance: document.querySelector('#dp-compare-body tr[data-key="avg_distance"] td.this').textContent,
    cable: document.querySelector('#dp-compare-body tr[data-key="avg_cable_m"] td.this').textContent,
    pair: document.getElementById('dp-pair-routes').dataset.pair,
    row: document.querySelector('#dp-table-body tr.chosen')?.dataset.offset ?? null,
    racks: document.querySelectorAll('#dp-floor rect.dp-rack').length,
    floor: document.getElementById('dp-floor-summary').textContent,
    legend: [...document.querySelectorAll('#dp-floor-legend li[data-length]')].map((li) => `${li.dataset.length}:${li.dataset.count}`).join(' '),
  }));
}

/** Every view of the Dual-plane lab's shown run. */
async function dualplaneAll(page) {
  // the floor drawn again (a plane toggle) draws whatever run it reads
  await page.click('.dp-plane[data-plane="0"]');
  await page.click('.dp-plane[data-plane="both"]');
  return { lab: await dualplaneViews(page), page: await pageViews(page, 'dualplane') };
}

test('Dual-plane: input that does not run leaves every view on the last good run; the next good run moves them all', async () => {
  const { page, problems } = await openLab('dualplane');
  // run A: DI-HC n = 4 with plane 1 {3,5,9,14}, 1 → 14
  await page.fill('#dp-n', '4');
  await page.fill('#dp-generators', '3,5,9,14');
  await page.fill('#dp-source', '1');
  await page.fill('#dp-destination', '14');
  await afterRun(page, () => page.press('#dp-generators', 'Enter'));
  await page.waitForFunction(() => document.getElementById('dp-pair-routes').dataset.pair === '1-14' && document.querySelectorAll('#dp-floor rect.dp-rack').length === 4);
  const a = await dualplaneAll(page);
  assert.equal(a.lab.variant, 'DI-HC, n = 4,');
  assert.equal(a.lab.pair, '1-14');
  assert.equal(a.lab.row, String(1 ^ 14), 'Table 1 marks the pair’s row');
  assert.equal(a.lab.racks, 4, 'n = 4: 4 racks of 4 switch ids');
  assert.match(a.page.title, /Dual-plane · DI-HC n = 4 · avg distance 1\.438/);
  assert.ok(a.page.description.startsWith('Dual-plane · DI-HC n = 4'), `the figure's text is the run's: ${a.page.description}`);
  for (const view of ['share', 'embed', 'json']) {
    const d = a.page[view].dualplane;
    assert.deepEqual([d.n, d.generators, d.source, d.destination], [4, '3,5,9,14', 1, 14], `${view} carries run A`);
  }
  assert.doesNotMatch(a.page.note, /last Dual-plane view that ran/, 'the controls are what is shown: no note');

  // a set the core refuses (6 = 3 ⊕ 5): the run fails, A stays everywhere
  await afterRun(page, () => page.fill('#dp-generators', '3,5,6,8'));
  await page.waitForSelector('#dp-generators-error:not([hidden])');
  let now = await dualplaneAll(page);
  assert.deepEqual(now.lab, a.lab, 'the results, Table 1 and the floor still show A');
  assert.deepEqual({ ...now.page, note: null }, { ...a.page, note: null }, 'the title, the steps, Share, Embed and the JSON still show A');
  assert.match(now.page.note, /the last Dual-plane view that ran \(what is marked in red did not run\)/, 'Share says its link is of the last run, not the controls');

  // an n the form refuses as well: nothing runs, A stays
  await page.fill('#dp-n', '99');
  await page.waitForSelector('#dp-n-error:not([hidden])');
  now = await dualplaneAll(page);
  assert.deepEqual(now.lab, a.lab);
  assert.deepEqual({ ...now.page, note: null }, { ...a.page, note: null });

  // away and back with the refused input: A, still
  await awayAndBack(page, 'ocs-relay', 'dualplane');
  assert.equal(await page.inputValue('#dp-n'), '99', 'the refused input stays in the form');
  now = await dualplaneAll(page);
  assert.deepEqual(now.lab, a.lab, 'opened again: the results, Table 1 and the floor show A');
  assert.deepEqual({ ...now.page, note: null }, { ...a.page, note: null }, 'opened again: the page-wide views show A');

  // run B: D-HC n = 5 (identical planes), the same pair: every view moves to B
  await page.fill('#dp-n', '5');
  await afterRun(page, () => page.click('#dp-generators-identical'));
  await page.waitForFunction(() => document.getElementById('dp-variant').textContent === 'D-HC, n = 5,' && document.querySelectorAll('#dp-floor rect.dp-rack').length === 8);
  const b = await dualplaneAll(page);
  assert.equal(b.lab.variant, 'D-HC, n = 5,');
  assert.equal(b.lab.racks, 8, 'n = 5: the 4 × 2 racks of §3.1.2');
  assert.match(b.lab.floor, /^4 × 2 racks .* average over both planes 2\.80 m/);
  assert.notEqual(b.lab.legend, a.lab.legend, 'the floor’s legend counts B’s cables');
  assert.match(b.page.title, /Dual-plane · D-HC n = 5 /);
  assert.ok(b.page.description.startsWith('Dual-plane · D-HC n = 5'), b.page.description);
  for (const view of ['share', 'embed', 'json']) {
    const d = b.page[view].dualplane;
    assert.deepEqual([d.n, d.generators, d.source, d.destination], [5, '', 1, 14], `${view} carries run B`);
  }
  assert.doesNotMatch(b.page.note, /last Dual-plane view that ran/);

  // away and back: B, the same in every view
  await awayAndBack(page, 'ocs-relay', 'dualplane');
  now = await dualplaneAll(page);
  assert.deepEqual(now.lab, b.lab);
  assert.deepEqual(now.page, b.page);
  assertNoProblems(problems);
});

// ---------------------------------------------------------------- OCS relay

/** The OCS relay lab's own views: the metrics, the pair, the hybrid view, the circuits. */
function ocsViews(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('#ocs-view svg');
    return {
      metrics: Object.fromEntries([...document.querySelectorAll('#ocs-results-box dd')].map((dd) => [dd.id, dd.textContent])),
      pick: document.getElementById('ocs-pick-title').textContent,
      path: document.getElementById('ocs-pick-path').dataset.path ?? null,
      view: { circuits: svg.dataset.circuits, step: svg.dataset.step, path: svg.dataset.path ?? null, nodes: svg.querySelectorAll('rect.ocs-node').length, label: svg.getAttribute('aria-label') },
      status: document.getElementById('ocs-view-status').textContent,
      circuits: document.querySelectorAll('#ocs-circuits-body tr').length,
    };
  });
}

async function ocsAll(page) {
  return { lab: await ocsViews(page), page: await pageViews(page, 'ocs-relay') };
}

/** The page's width changed: the hybrid view is drawn again (from what it reads) at the new width. */
async function redrawn(page, width) {
  const old = await page.getAttribute('#ocs-view svg', 'width');
  await page.setViewportSize({ width, height: 900 });
  await page.waitForFunction((w) => document.querySelector('#ocs-view svg')?.getAttribute('width') !== w, old);
}

test('OCS relay: input that does not run leaves every view on the last good run; the next good run moves them all', async () => {
  const { page, problems } = await openLab('ocs-relay');
  // run A: 8×32 with 64 OCS nodes, 17 → 40
  await afterRun(page, () => page.fill('#ocs-destination', '40'));
  await page.waitForFunction(() => document.getElementById('ocs-pick-title').textContent === '17 → 40' && /^\d+ of 64$/.test(document.getElementById('ocs-metric-used').textContent));
  const a = await ocsAll(page);
  assert.equal(a.lab.metrics['ocs-metric-used'], '56 of 64');
  assert.match(a.page.title, /OCS relay · 8x32 \/ 64/);
  for (const view of ['share', 'embed', 'json']) {
    const c = a.page[view]['ocs-relay'];
    assert.deepEqual([c.edge, c.ocs_nodes, c.source, c.destination], ['8x32', 64, 17, 40], `${view} carries run A`);
  }

  // 60 OCS nodes: refused, A stays everywhere, also when the view is drawn again at another width
  await page.fill('#ocs-ocs_nodes', '60');
  await page.press('#ocs-ocs_nodes', 'Enter');
  await page.waitForSelector('#ocs-ocs_nodes-error:not([hidden])');
  await redrawn(page, 1300);
  let now = await ocsAll(page);
  assert.deepEqual(now.lab, a.lab, 'the results, the hybrid view and the circuits still show A');
  assert.deepEqual({ ...now.page, note: null }, { ...a.page, note: null }, 'the title, the steps, Share, Embed and the JSON still show A');
  assert.match(now.page.note, /the last OCS relay view that ran/);

  // away and back with the refused input: A, still
  await awayAndBack(page, 'dualplane', 'ocs-relay');
  assert.equal(await page.inputValue('#ocs-ocs_nodes'), '60');
  now = await ocsAll(page);
  assert.deepEqual(now.lab, a.lab);
  assert.deepEqual({ ...now.page, note: null }, { ...a.page, note: null });

  // run B: 128 OCS nodes: every view moves to B
  await afterRun(page, async () => {
    await page.fill('#ocs-ocs_nodes', '128');
    await page.press('#ocs-ocs_nodes', 'Enter');
  });
  await page.waitForFunction(() => document.getElementById('ocs-metric-used').textContent.endsWith('of 128'));
  await redrawn(page, 1400);
  const b = await ocsAll(page);
  assert.notEqual(b.lab.metrics['ocs-metric-used'], a.lab.metrics['ocs-metric-used']);
  assert.match(b.page.title, /OCS relay · 8x32 \/ 128/);
  assert.match(b.lab.view.label, /128 OCS nodes/, 'the hybrid view draws B');
  for (const view of ['share', 'embed', 'json']) {
    const c = b.page[view]['ocs-relay'];
    assert.deepEqual([c.edge, c.ocs_nodes, c.source, c.destination], ['8x32', 128, 17, 40], `${view} carries run B`);
  }
  await awayAndBack(page, 'dualplane', 'ocs-relay');
  now = await ocsAll(page);
  assert.deepEqual(now.lab, b.lab);
  assert.deepEqual(now.page, b.page);
  assertNoProblems(problems);
});

// ---------------------------------------------------------------- no good run yet

test('a lab whose first run failed shows no run, not even in the title, also after another lab was shown', async () => {
  // a link to Dual-plane with a set the core refuses (6 = 3 ⊕ 5): its first run fails
  const hash = wasm.encodePermalink(JSON.stringify({ version: 1, lab: 'dualplane', seed: 1, dualplane: { kind: 'hc', n: 4, generators: '3,5,6,8', source: 0, destination: 6 } }));
  const { page, problems } = await openPage(env, `${env.url}#${hash}`);
  await page.waitForSelector('#dp-generators-error:not([hidden])');
  assert.equal(await page.title(), 'Topolab — Dual-plane');

  let before = await runsDone(page);
  await page.click('#lab-ocs-relay');
  await waitForRun(page, before);
  await page.waitForFunction(() => /^\d+ of \d+$/.test(document.getElementById('ocs-metric-used')?.textContent ?? ''));
  assert.match(await page.title(), /OCS relay · 8x32 \/ 64/);

  before = await runsDone(page);
  await page.click('#lab-dualplane');
  await waitForRun(page, before);
  assert.equal(await page.inputValue('#dp-generators'), '3,5,6,8', 'the refused set stays in the form');
  assert.equal(await page.title(), 'Topolab — Dual-plane', 'the title names the lab shown, not the OCS relay run');
  assert.equal(await text(page, '#step-counter'), 'No steps');
  await page.click('#share');
  await page.waitForFunction(() => /Nothing to share yet/.test(document.getElementById('share-status').textContent));
  assert.equal(await page.inputValue('#share-link'), '', 'no link of another lab’s run');
  assertNoProblems(problems);
});
