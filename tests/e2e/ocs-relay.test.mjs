// The OCS relay lab (paper 001) in the page: it opens on the finished allocation of 8×32 with
// 64 OCS nodes (56 used, every large message relayed: 0 / 224 / 0), its times those of the
// core's result; stepping the allocation shows the circuits made so far and marks the step's
// circuit and switch pair (the shown route dashed while its circuit is still to come); clicking node 17 then 33 reads Fig. 3's relay 17 ⇒ 1 ⇒ 34 ⇒ 33; a
// shared link reopens the same fields and numbers; bad input is refused next to its field;
// Table 2 fills its 16 cells and Fig. 4–5 its 7 bars (the "Ours 128" bar the lab's own ratio).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBrowser, openPage, waitForResult, runsDone, waitForRun, afterRun, text, assertNoProblems } from './harness.mjs';

const env = useBrowser();

/** The page on the OCS relay lab (from the default Slots lab, or straight from a link). */
async function openLab(address = null, options = {}) {
  const opened = await openPage(env, address ?? env.url, { acceptDownloads: true, ...options });
  if (!address) {
    await waitForResult(opened.page);
    const before = await runsDone(opened.page);
    await opened.page.click('#lab-ocs-relay');
    await waitForRun(opened.page, before);
  }
  await opened.page.waitForFunction(() => /^\d+ of \d+$/.test(document.getElementById('ocs-metric-used')?.textContent ?? ''));
  await opened.page.waitForSelector('#ocs-view svg');
  return opened;
}

/** The results JSON the worker returned for the shown run (the page's JSON export). */
async function resultJson(page) {
  await page.click('#export-menu summary');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  return JSON.parse(readFileSync(await download.path(), 'utf8'));
}

/** The metrics and the times table as shown. */
async function numbers(page) {
  return page.evaluate(() => ({
    metrics: Object.fromEntries([...document.querySelectorAll('#ocs-results-box dd')].map((dd) => [dd.id, dd.textContent])),
    times: [...document.querySelectorAll('#ocs-times-body tr')].map((tr) => [tr.dataset.key, ...[...tr.querySelectorAll('td')].map((td) => td.textContent)]),
  }));
}

/** What the hybrid view shows: circuits drawn, the step's circuit and switches. */
function viewState(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('#ocs-view svg');
    return {
      circuits: Number(svg.dataset.circuits),
      drawn: svg.querySelectorAll('path.ocs-arc:not(.later)').length,
      current: svg.dataset.currentCircuit ?? null,
      marked: [...svg.querySelectorAll('path.ocs-arc.current')].map((p) => p.dataset.circuit),
      switches: [...svg.querySelectorAll('rect.ocs-switch.current')].map((r) => Number(r.dataset.switch)),
      path: svg.dataset.path ?? null,
      ahead: svg.querySelector('g.ocs-overlay').classList.contains('ahead'),
    };
  });
}

/** The selected communication as shown: path text, its data and kind. */
function pick(page) {
  return page.evaluate(() => {
    const path = document.getElementById('ocs-pick-path');
    return { text: path.hidden ? null : path.textContent, path: path.dataset.path ?? null, kind: path.dataset.kind ?? null, node: document.getElementById('ocs-pick-box').dataset.node ?? null, why: document.getElementById('ocs-pick-text').textContent };
  });
}

const ms = (s) => (s * 1000).toFixed(1);

test('the lab opens on 8×32 with 64 OCS nodes: 56 used, 0 / 224 / 0 routes, Fig. 3’s relay, the core’s times', async () => {
  const { page, problems } = await openLab();
  assert.equal(await page.getAttribute('#lab-ocs-relay', 'aria-current'), 'page');
  assert.equal(await page.locator('.lab[aria-disabled="true"]', { hasText: 'OCS relay' }).count(), 0, 'no longer "coming soon"');
  assert.equal(await text(page, '#ocs-metric-used'), '56 of 64');
  assert.deepEqual(await Promise.all(['direct', 'relay', 'eps'].map((k) => text(page, `#ocs-metric-${k}`))), ['0', '224', '0']);
  // the default pair is Fig. 3's relay, drawn in the view
  assert.deepEqual(await pick(page).then((p) => [p.text, p.path, p.kind]), ['17 ⇒ 1 ⇒ 34 ⇒ 33', '17,1,34,33', 'relay']);
  assert.equal((await viewState(page)).path, '17,1,34,33');
  // every number is the worker's result
  const { result: r } = await resultJson(page);
  assert.equal(await text(page, '#step-counter'), `Step 1 / ${r.decisions.length}`, 'it opens on the first decision');
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('End');
  await page.waitForFunction((n) => document.querySelector('#ocs-view svg')?.dataset.step === String(n - 1), r.decisions.length);
  assert.equal(r.ocs_nodes_used, 56);
  assert.equal(await text(page, '#ocs-metric-relative'), `${r.relative_time.toFixed(2)}×`);
  assert.ok(r.relative_time > 1, 'ours is slower than EPS only at 8×32/64 (README: 2.10)');
  assert.equal(await text(page, '#ocs-metric-steps'), r.circuits_by_step.join(' / '));
  const times = Object.fromEntries((await numbers(page)).times.map(([key, time]) => [key, time]));
  assert.deepEqual(times, { ours: ms(r.time_s), eps: ms(r.time_eps_only_s), full: ms(r.time_full_bisection_s), 'low-eps': ms(r.time_low_bisection_eps_only_s), low: ms(r.time_low_bisection_s) });
  // the finished allocation: all circuits drawn, the unused OCS nodes listed with their case
  const v = await viewState(page);
  assert.equal(v.circuits, r.circuits.length);
  assert.equal(v.drawn, 28, '28 circuits: 56 OCS nodes');
  assert.equal(await page.locator('#ocs-view rect.ocs-node').count(), 256);
  assert.equal(await page.locator('#ocs-view rect.ocs-node.ocs').count(), 64);
  assert.equal(await page.locator('#ocs-unused li').count(), 8);
  assert.deepEqual(await page.$$eval('#ocs-unused li', (items) => items.map((li) => Number(li.dataset.node))), r.unused_ocs_nodes.map((u) => u.node));
  assert.equal(await page.locator('#ocs-circuits-body tr').count(), 28);
  assert.match(await text(page, '#ocs-app-definition'), /\S/, 'the application is defined');
  assertNoProblems(problems);
});

test('stepping the allocation: the circuits made so far, the step’s circuit and switch pair marked', async () => {
  const { page, problems } = await openLab();
  const { result: r } = await resultJson(page);
  const decisions = r.decisions;
  await page.locator('#step-slider').focus();
  await page.keyboard.press('End');
  await page.waitForFunction((n) => document.querySelector('#ocs-view svg')?.dataset.step === String(n - 1), decisions.length);
  await page.keyboard.press('Home');
  let made = 0;
  const titles = new Set();
  const counts = [];
  for (let i = 0; i < decisions.length; i++) {
    if (i > 0) await page.keyboard.press('ArrowRight');
    await page.waitForFunction((step) => document.querySelector('#ocs-view svg')?.dataset.step === String(step), i);
    assert.equal(await text(page, '#step-counter'), `Step ${i + 1} / ${decisions.length}`);
    const title = await text(page, '#step-title');
    assert.ok(title.length > 0, `step ${i + 1} has a title`);
    titles.add(title);
    const d = decisions[i];
    if (d.circuit !== null) made = Math.max(made, d.circuit + 1);
    const v = await viewState(page);
    counts.push(v.circuits);
    assert.equal(v.circuits, made, `step ${i + 1}: circuits made so far`);
    assert.equal(v.drawn, made, `step ${i + 1}: only those are drawn`);
    assert.deepEqual(v.marked, d.circuit === null ? [] : [String(d.circuit)], `step ${i + 1}: the step's circuit is the one marked`);
    assert.deepEqual(v.switches.sort((a, b) => a - b), [...(d.switches ?? [])].sort((a, b) => a - b), `step ${i + 1}: its switch pair`);
    // Fig. 3's route crosses a circuit made later: dashed until then
    assert.equal(v.ahead, r.route.circuits.some((c) => c >= made), `step ${i + 1}: the route dashed while its circuit is still to come`);
    if (d.circuit !== null) {
      const c = r.circuits[d.circuit];
      assert.equal(await page.getAttribute('#ocs-circuits-body tr.current', 'data-circuit'), String(d.circuit), 'the circuits table marks it too');
      assert.deepEqual(await page.$$eval('#ocs-view rect.ocs-node.current', (rects) => rects.map((x) => Number(x.dataset.node)).sort((a, b) => a - b)), [c.a, c.b].sort((a, b) => a - b), 'its two OCS nodes');
    }
  }
  assert.ok(counts[0] <= 1 && counts[counts.length - 1] === 28, `the circuits grow from ${counts[0]} to 28`);
  assert.ok(counts.every((c, i) => i === 0 || c >= counts[i - 1]), 'never fewer');
  assert.ok(titles.size > 1, 'the steps have their own titles');
  // the first step of 8×32's neighbour exchange is step 2 of §3.2.2 (no step-1 circuit): 0 ⇄ 32
  const first = r.circuits[0];
  assert.equal(first.step, 2);
  assert.deepEqual([first.a, first.b], [0, 32]);
  assertNoProblems(problems);
});

test('clicking node 17 shows it, then 33 reads Fig. 3’s relay 17 ⇒ 1 ⇒ 34 ⇒ 33; a relay node tells its circuit; a silent pair is refused', async () => {
  const { page, problems } = await openLab();
  // first another pair, so the default route is not what is read
  await page.click('#ocs-view rect.ocs-node[data-node="16"]');
  await page.waitForFunction(() => document.getElementById('ocs-pick-box').dataset.node === '16');
  await page.click('#ocs-view rect.ocs-node[data-node="32"]');
  await page.waitForFunction(() => document.getElementById('ocs-pick-path').dataset.path === '16,0,32');
  assert.equal((await pick(page)).text, '16 ⇒ 0 ⇒ 32');
  assert.equal(await page.inputValue('#ocs-source'), '16', 'the fields follow the clicked pair');
  assert.equal(await page.inputValue('#ocs-destination'), '32');

  await page.click('#ocs-view rect.ocs-node[data-node="17"]');
  await page.waitForFunction(() => document.getElementById('ocs-pick-box').dataset.node === '17');
  assert.match((await pick(page)).why, /not an OCS node/);
  assert.equal(await page.locator('#ocs-view rect.ocs-node.picked').getAttribute('data-node'), '17');
  await page.click('#ocs-view rect.ocs-node[data-node="33"]');
  await page.waitForFunction(() => document.getElementById('ocs-pick-path').dataset.path === '17,1,34,33');
  const p = await pick(page);
  assert.equal(p.text, '17 ⇒ 1 ⇒ 34 ⇒ 33');
  assert.equal(p.kind, 'relay');
  assert.match(p.why, /^relay/);
  assert.equal((await viewState(page)).path, '17,1,34,33', 'the route is drawn over the view');
  assert.deepEqual(await page.$$eval('#ocs-view rect.ocs-node.on-path', (rects) => rects.map((x) => Number(x.dataset.node)).sort((a, b) => a - b)), [1, 17, 33, 34]);

  // node 1 holds the circuit 1 ⇄ 34 that relays 17's message; typed in the view's node box
  await page.fill('#ocs-node-pick', '1');
  await page.press('#ocs-node-pick', 'Enter');
  await page.waitForFunction(() => document.getElementById('ocs-pick-box').dataset.node === '1');
  assert.match((await pick(page)).why, /^OCS node under edge switch 0, holding the circuit to node 34 \(switch 1\), made in step [23]/);
  // a second node that 1 sends nothing large to
  await page.click('#ocs-view rect.ocs-node[data-node="200"]');
  await page.waitForFunction(() => document.getElementById('ocs-pick-text').classList.contains('error'));
  assert.match((await pick(page)).why, /sends no message/);
  assert.equal((await pick(page)).text, null);
  assertNoProblems(problems);
});

test('a shared link reopens the same fields and the same numbers', async () => {
  const { page, problems } = await openLab();
  await page.fill('#ocs-edge', '16x16');
  await page.fill('#ocs-ocs_nodes', '128');
  await page.fill('#ocs-destination', '18');
  await afterRun(page, () => page.press('#ocs-edge', 'Enter'));
  await page.waitForFunction(() => document.getElementById('ocs-metric-used').textContent.endsWith('of 128'));
  await page.click('#share');
  await page.waitForSelector('#share-box:not([hidden])');
  const link = await page.inputValue('#share-link');
  assert.match(link, /#v1\./);
  const fields = ['#ocs-edge', '#ocs-ocs_nodes', '#ocs-app', '#ocs-source', '#ocs-destination', '#ocs-ratio', '#ocs-threshold', '#ocs-mtu', '#ocs-counting', '#ocs-uplink_cost', '#ocs-readings-blocked', '#ocs-readings-step3', '#ocs-readings-node_choice'];
  const values = (p) => Promise.all(fields.map((f) => p.inputValue(f)));
  const before = { values: await values(page), numbers: await numbers(page), pick: await pick(page) };
  assert.deepEqual(before.values.slice(0, 5), ['16x16', '128', 'neighbor', '17', '18']);
  assert.notEqual(before.numbers.metrics['ocs-metric-used'], '56 of 64');

  const other = await openLab(link);
  assert.equal(await other.page.getAttribute('#lab-ocs-relay', 'aria-current'), 'page', 'the link opens the OCS relay lab');
  assert.deepEqual(await values(other.page), before.values);
  assert.deepEqual(await numbers(other.page), before.numbers);
  assert.deepEqual(await pick(other.page), before.pick);
  assert.match(await other.page.title(), /OCS relay · 16x16 \/ 128/);
  assertNoProblems(problems);
  assertNoProblems(other.problems);
});

test('bad input is refused next to its field, the other fields and the shown result stay', async () => {
  const { page, problems } = await openLab();
  const shown = await text(page, '#ocs-metric-relative');
  await page.fill('#ocs-edge', '8by32');
  await page.press('#ocs-edge', 'Enter');
  await page.waitForSelector('#ocs-edge-error:not([hidden])');
  assert.match(await text(page, '#ocs-edge-error'), /EDGESxNODES.*8by32/);
  assert.equal(await page.getAttribute('#ocs-edge', 'aria-invalid'), '');
  assert.equal(await page.inputValue('#ocs-edge'), '8by32', 'what was typed stays');
  assert.equal(await page.inputValue('#ocs-ocs_nodes'), '64', 'the other fields stay');
  assert.equal(await page.isVisible('#ocs-ocs_nodes-error'), false);
  assert.equal(await text(page, '#ocs-metric-relative'), shown, 'the last good result stays');

  await page.fill('#ocs-edge', '8x32');
  await page.fill('#ocs-ocs_nodes', '60');
  await page.press('#ocs-edge', 'Enter');
  await page.waitForSelector('#ocs-ocs_nodes-error:not([hidden])');
  assert.match(await text(page, '#ocs-ocs_nodes-error'), /60/);
  assert.equal(await page.isVisible('#ocs-edge-error'), false, 'the edge error is gone');
  assert.equal(await page.inputValue('#ocs-edge'), '8x32');
  assert.equal(await page.inputValue('#ocs-ocs_nodes'), '60');

  // a folded group opens to show its field's error
  assert.equal(await page.evaluate(() => document.getElementById('ocs-ratio').closest('details').open), false);
  await page.fill('#ocs-ocs_nodes', '64');
  await page.evaluate(() => {
    document.getElementById('ocs-ratio').value = '0.5';
  });
  await page.press('#ocs-edge', 'Enter');
  await page.waitForSelector('#ocs-ratio-error:not([hidden])');
  assert.equal(await page.evaluate(() => document.getElementById('ocs-ratio').closest('details').open), true);
  assert.equal(await page.isVisible('#ocs-ratio-error'), true);
  assertNoProblems(problems);
});

test('the applications: MG shows its class and its uplink bytes per switch (the worker’s); a typed matrix is refused by line, then routed', async () => {
  const { page, problems } = await openLab();
  assert.equal(await page.isVisible('#ocs-class'), false, 'no class for the neighbour exchange');
  assert.equal(await page.isVisible('#ocs-matrix'), false);
  assert.equal(await page.isVisible('#ocs-uplinks-table'), false, '8×32/64 neighbour: ours sends nothing over the uplinks');
  await afterRun(page, () => page.selectOption('#ocs-app', 'mg'));
  await page.waitForFunction(() => document.getElementById('ocs-app-name').textContent === 'NPB MG');
  assert.equal(await page.isVisible('#ocs-class'), true);
  assert.equal(await page.inputValue('#ocs-class'), 'B');
  assert.equal(await page.isVisible('#ocs-message_bytes'), false, 'the message size is the neighbour exchange’s');
  assert.match(await text(page, '#ocs-app-definition'), /MG class B/);
  const { result: r } = await resultJson(page);
  assert.ok(r.uplink_bytes > 0, 'MG sends over the uplinks');
  assert.equal(await page.isVisible('#ocs-uplinks-table'), true);
  const shown = await page.$$eval('#ocs-uplinks-body tr', (rows) => rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.dataset.value))));
  assert.deepEqual(shown, r.uplink_per_switch.map((u) => [u.up, u.down]));
  assert.equal(await text(page, '#ocs-metric-used'), `${r.ocs_nodes_used} of 64`);
  assert.equal(await text(page, '#ocs-pick-title'), '17 → 33');
  assert.match(await text(page, '#ocs-pick-text'), /sends no large message/, 'no MG message between 17 and 33');

  // your matrix: a bad line refused next to the field, then two messages 0 ⇄ 40
  await page.selectOption('#ocs-app', 'matrix');
  assert.equal(await page.isVisible('#ocs-matrix'), true);
  assert.equal(await page.isVisible('#ocs-class'), false);
  await page.fill('#ocs-matrix', '0,40,lots,1');
  await page.waitForFunction(() => /line 1/.test(document.getElementById('ocs-matrix-error')?.textContent ?? ''));
  assert.equal(await page.isVisible('#ocs-matrix-error'), true);
  assert.equal(await page.getAttribute('#ocs-matrix', 'aria-invalid'), '');
  await page.fill('#ocs-source', '0');
  await page.fill('#ocs-destination', '40');
  await afterRun(page, () => page.fill('#ocs-matrix', '0,40,4194304,1\n40,0,4194304,1'));
  await page.waitForFunction(() => document.getElementById('ocs-pick-path').dataset.path === '0,32,40');
  assert.equal(await page.isVisible('#ocs-matrix-error'), false);
  assert.equal(await text(page, '#ocs-metric-used'), '2 of 64', 'one circuit for the one switch pair');
  assert.equal(await text(page, '#ocs-metric-relay'), '2');
  assertNoProblems(problems);
});

test('Table 2 fills its 16 cells; 8×32 / 64 neighbour is the lab’s 56', async () => {
  const { page, problems } = await openLab();
  await page.click('#ocs-table2');
  await page.waitForSelector('#ocs-table2-busy', { state: 'hidden' });
  await page.waitForFunction(() => document.getElementById('ocs-table2-table').dataset.cells === '16');
  assert.equal(await page.locator('#ocs-table2-body td[data-value]').count(), 16);
  assert.deepEqual(await page.$$eval('#ocs-table2-body th', (ths) => ths.map((th) => th.textContent)), ['8x32 64nodes', '8x32 128node', '16x16 64nodes', '16x16 128node']);
  const cell = (edge, ocs, app) => page.getAttribute(`#ocs-table2-body tr[data-edge="${edge}"][data-ocs="${ocs}"] td[data-app="${app}"]`, 'data-value');
  assert.equal(await cell('8x32', 64, 'neighbor'), '56', 'as the lab computes it');
  assert.equal(await cell('16x16', 64, 'neighbor'), '60', 'README: 30 step-1 circuits, 60 nodes');
  for (const edge of ['8x32', '16x16']) {
    for (const ocs of [64, 128]) {
      for (const app of ['neighbor', 'cg', 'lu', 'mg']) {
        const used = Number(await cell(edge, ocs, app));
        assert.ok(used >= 0 && used <= ocs && used % 2 === 0, `${edge}/${ocs}/${app}: ${used} of ${ocs}, two per circuit`);
      }
    }
  }
  assert.match(await text(page, '#ocs-table2-status'), /class [A-D]/);
  assertNoProblems(problems);
});

test('Fig. 4–5 at 16×16, neighbour exchange: 7 bars to the end, the "Ours 128" bar is the lab’s own ratio; a Cancel at 32×32 keeps the bars done', async () => {
  const { page, problems } = await openLab();
  await afterRun(page, () => page.click('#ocs-preset-fig5'));
  await page.waitForFunction(() => document.getElementById('ocs-metric-used').textContent.endsWith('of 128'));
  const ours128 = await text(page, '#ocs-metric-relative');
  const started = Date.now();
  await page.click('#ocs-figure');
  await page.waitForSelector('#ocs-figure-busy:not([hidden])');
  await page.waitForSelector('#ocs-figure-busy', { state: 'hidden', timeout: 300_000 });
  const seconds = (Date.now() - started) / 1000;
  assert.equal(await page.getAttribute('#ocs-figure-table', 'data-rows'), '7');
  const rows = await page.$$eval('#ocs-figure-body tr', (trs) => trs.map((tr) => ({ label: tr.dataset.label, network: tr.dataset.network, relative: tr.querySelector('td.relative').textContent, value: Number(tr.querySelector('td.relative').dataset.value) })));
  assert.deepEqual(rows.map((r) => r.label), ['EPS only', 'Full bisection', 'Ours 64', 'Ours 128', 'EPS only 1:20', 'Ours 64 1:20', 'Ours 128 1:20']);
  assert.deepEqual(rows.map((r) => r.network), ['eps', 'full', 'ours', 'ours', 'eps', 'ours', 'ours']);
  const by = Object.fromEntries(rows.map((r) => [r.label, r]));
  assert.equal(by['EPS only'].relative, '1.00×');
  assert.equal(by['Ours 128'].relative, ours128, 'the bar is the lab’s run of 16×16 / 128');
  assert.ok(by['Ours 128'].value < 1, '16×16 / 128 beats EPS only (the paper: −33%)');
  assert.ok(by['Full bisection'].value < 1 && by['EPS only 1:20'].value > 1, 'full bisection faster, 1:20 slower');
  assert.equal(by['Ours 128 1:20'].relative, by['Ours 128'].relative, 'ours is unaffected by the 1:20 uplinks');
  assert.equal(await page.locator('#ocs-figure-chart canvas').count() > 0, true, 'the chart is drawn');
  assert.match(await text(page, '#ocs-figure-status'), /^16x16, neighbour exchange: 7 networks simulated in [\d.]+ s/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#ocs-figure-csv')]);
  const lines = readFileSync(await download.path(), 'utf8').trim().split('\n');
  assert.equal(lines.length, 8, 'a header and 7 bars');
  assert.equal(lines[0], 'label,network,ocs_nodes,ratio,time_s,bound_s,relative');
  console.log(`# Fig. 4–5 at 16x16: ${seconds.toFixed(1)} s in the page`);

  // 32×32 (1,024 nodes, a few seconds a bar), cancelled after its first bar: the bars done stay
  await afterRun(page, async () => {
    await page.fill('#ocs-edge', '32x32');
    await page.fill('#ocs-ocs_nodes', '256');
    await page.press('#ocs-edge', 'Enter');
  });
  await page.waitForFunction(() => document.getElementById('ocs-metric-used').textContent.endsWith('of 256'));
  assert.equal(await page.getAttribute('#ocs-figure-table', 'data-rows'), '0', 'another set-up clears the bars');
  await page.click('#ocs-figure');
  await page.waitForFunction(() => Number(document.getElementById('ocs-figure-table').dataset.rows) >= 1, null, { timeout: 120_000 });
  await page.click('#ocs-figure-cancel');
  await page.waitForSelector('#ocs-figure-busy', { state: 'hidden' });
  const kept = Number(await page.getAttribute('#ocs-figure-table', 'data-rows'));
  assert.ok(kept >= 1 && kept < 7, `some bars kept (${kept})`);
  assert.match(await text(page, '#ocs-figure-status'), /^Cancelled after \d+ networks?: (it is|they are) kept\.$/);
  assert.equal(await page.locator('#ocs-figure-chart canvas').count() > 0, true, 'their chart stays');
  assert.equal(await page.isDisabled('#ocs-figure'), false, 'it can run again');
  assertNoProblems(problems);
});

test('256 nodes are readable at 1024×768; above 512 nodes the view is an overview per switch', async () => {
  const { page, problems } = await openLab(null, { viewport: { width: 1024, height: 768 } });
  const sizes = await page.evaluate(() => {
    const box = document.getElementById('ocs-view');
    const rect = document.querySelector('#ocs-view rect.ocs-node[data-node="255"]').getBoundingClientRect();
    const labels = document.querySelector('#ocs-view g.ocs-node-labels');
    const label = [...labels.querySelectorAll('text')].find((t) => t.textContent === '255');
    // on screen: the view is fitted whole into its card (width and height), so compare what is drawn
    const scale = rect.width / Number(document.querySelector('#ocs-view rect.ocs-node[data-node="255"]').getAttribute('width'));
    return { cell: rect.width, font: parseFloat(labels.getAttribute('font-size')) * scale, fits: label.getBoundingClientRect().width <= rect.width + 0.5, svg: document.querySelector('#ocs-view svg').getBoundingClientRect().width, box: box.clientWidth, page: document.documentElement.scrollWidth };
  });
  assert.ok(sizes.cell >= 10, `a node is ${sizes.cell.toFixed(1)} px wide`);
  assert.ok(sizes.font >= 6.5, `its label ${sizes.font.toFixed(1)} px`);
  assert.ok(sizes.fits, 'the label fits its cell');
  assert.ok(sizes.svg <= sizes.box + 1, 'the view fits its card');
  assert.ok(sizes.page <= 1024, 'nothing widens the page');

  await afterRun(page, async () => {
    await page.fill('#ocs-edge', '24x24');
    await page.fill('#ocs-ocs_nodes', '96');
    await page.press('#ocs-edge', 'Enter');
  });
  await page.waitForSelector('#ocs-view svg.overview');
  assert.equal(await page.locator('#ocs-view rect.ocs-node').count(), 0, 'no node by node');
  assert.equal(await page.locator('#ocs-view rect.ocs-bar').count(), 24, 'a bar per switch');
  const { result: r } = await resultJson(page);
  const total = await page.$$eval('#ocs-view path.ocs-pair', (paths) => paths.reduce((sum, p) => sum + Number(p.querySelector('title').textContent.match(/: (\d+) circuit/)[1]), 0));
  assert.equal(total, r.circuits.length, 'the switch pairs count every circuit');
  assertNoProblems(problems);
});
