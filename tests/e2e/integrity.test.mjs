// No work is ever lost: a lab's run goes on while another lab is shown (its tab says so) and its
// result waits in its own lab; bad input and a lab switch keep the last good result and the
// error; Share after an error copies the link of the last view that ran, never a damaged one;
// a study's JSON export says which lab, study, Scenario and arguments produced it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBrowser, openPage, waitForResult, runsDone, waitForRun, afterRun, text, assertNoProblems } from './harness.mjs';

const env = useBrowser();
const VIEWPORT = { width: 1440, height: 900 };

/** What the stage shows: the step counter and title, the figure's label and its switches. */
async function stage(page) {
  return page.evaluate(() => ({
    counter: document.getElementById('step-counter').textContent,
    title: document.getElementById('step-title').textContent,
    figure: document.querySelector('#figure svg[aria-label], #figure canvas[aria-label]')?.getAttribute('aria-label') ?? document.querySelector('#figure .figure-message')?.textContent ?? null,
    switches: document.querySelectorAll('#figure svg rect.sw').length,
  }));
}

/** Open lab `name` (its tab) and wait until its result is on screen. */
async function openLab(page, name) {
  const before = await runsDone(page);
  await page.click(`#lab-${name}`);
  await waitForRun(page, before);
}

/** The Slots lab with `topology` run. */
async function slotsWith(page, topology) {
  await afterRun(page, async () => {
    await page.fill('#topology', topology);
    await page.press('#topology', 'Enter');
  });
  await page.waitForFunction((t) => document.getElementById('error').hidden && document.getElementById('topology').value === t, topology);
}

/** Type a topology the core refuses and wait for its message by the field. */
async function badTopology(page, topology) {
  await afterRun(page, async () => {
    await page.fill('#topology', topology);
    await page.press('#topology', 'Enter');
  });
  await page.waitForSelector('#topology-error:not([hidden])');
  return text(page, '#topology-error');
}

/** Click Share and return the link it offers (and its status line). */
async function share(page) {
  await page.click('#share');
  await page.waitForSelector('#share-box:not([hidden])');
  await page.waitForFunction(() => document.getElementById('share-status').textContent !== '');
  return { link: await page.inputValue('#share-link'), status: await text(page, '#share-status') };
}

test('a long TopoGen run goes on while another lab is shown, and waits in its own lab', async () => {
  const { page, problems } = await openPage(env, env.url, { viewport: VIEWPORT });
  await waitForResult(page);
  const slots = await stage(page);
  const slotsN = await text(page, '#metric-max-slots');
  await openLab(page, 'topogen');
  await page.waitForFunction(() => /^\d+$/.test(document.getElementById('tg-metric-max-slots').textContent));
  const runs = await runsDone(page);

  // 4,096 end nodes: a few seconds of work, with the progress bar.
  await page.fill('#tg-nodes', '4096');
  await page.press('#tg-nodes', 'Enter');
  await page.waitForSelector('#busy:not([hidden])');

  // Slots while it runs: Slots' own figure and steps, no progress bar; TopoGen's tab says it runs.
  await openLab(page, 'slots');
  assert.equal(await page.getAttribute('#lab-topogen', 'data-status'), 'running');
  assert.match(await page.getAttribute('#lab-topogen', 'aria-label'), /^TopoGen lab — running…$/);
  assert.deepEqual(await stage(page), slots, 'Slots shows its own step and figure');
  assert.equal(await text(page, '#metric-max-slots'), slotsN);
  assert.equal(await page.isVisible('#busy'), false, 'the progress bar is TopoGen’s, not shown in Slots');
  assert.equal(await page.getAttribute('body', 'data-lab'), 'slots');

  // The run ends while Slots is shown: its tab says so; Slots is untouched.
  await page.waitForSelector('#lab-topogen[data-status="done"]', { timeout: 120_000 });
  assert.match(await page.getAttribute('#lab-topogen', 'aria-label'), /^TopoGen lab — done/);
  assert.deepEqual(await stage(page), slots, 'a run of another lab never shows here');
  assert.equal(await text(page, '#metric-max-slots'), slotsN);
  assert.equal(await page.locator('#tg-metric-nodes').textContent(), '16', 'TopoGen’s panels are left as they were until it is shown');

  // Back in TopoGen: the 4,096-node design, at its last step, without running it again.
  const before = await runsDone(page);
  await openLab(page, 'topogen');
  assert.equal(await runsDone(page), before + 1, 'one result came on screen');
  assert.equal(await text(page, '#tg-metric-nodes'), '4096');
  const shown = await stage(page);
  const [, at, of] = shown.counter.match(/^Step (\d+) \/ (\d+)$/) ?? [];
  assert.ok(Number(of) > 1000 && at === of, `TopoGen shows its design's last step (${shown.counter})`);
  assert.notDeepEqual(shown, slots);
  // (4,096 end nodes: the design opens as its overview)
  assert.match(shown.figure ?? '', /^Overview: Generated network: /, `TopoGen's figure: ${shown.figure}`);
  assert.doesNotMatch(slots.figure, /^Generated network/);
  assert.equal(await page.getAttribute('#lab-topogen', 'data-status'), null, 'opened: no longer marked');
  assert.equal(await page.getAttribute('#lab-topogen', 'aria-current'), 'page');
  assert.ok((await runsDone(page)) >= runs + 2, 'the 4,096-node run ended (it was not cancelled)');
  assertNoProblems(problems);
});

test('bad input, another lab and back: the last good result and the error are both still there', async () => {
  const { page, problems } = await openPage(env, env.url, { viewport: VIEWPORT });
  await waitForResult(page);
  await slotsWith(page, 'torus:4x4');
  const good = { n: await text(page, '#metric-max-slots'), stage: await stage(page) };
  const message = await badTopology(page, 'mesh:8x0');
  assert.match(message, /mesh:8x0/);

  await openLab(page, 'routing');
  await page.waitForFunction(() => /\d/.test(document.getElementById('rt-metric-avg-path').textContent));
  assert.notDeepEqual(await stage(page), good.stage, 'Routing shows its own');
  assert.equal(await page.isVisible('#error'), false, 'Slots’ error is not Routing’s');

  await openLab(page, 'slots');
  assert.equal(await page.inputValue('#topology'), 'mesh:8x0', 'what was typed stays, to be corrected');
  assert.equal(await text(page, '#topology-error'), message, 'the error is still by the field');
  assert.equal(await page.isVisible('#topology-error'), true);
  assert.equal(await text(page, '#metric-max-slots'), good.n, 'the last good N');
  assert.deepEqual(await stage(page), good.stage, 'the last good figure and step');
  assert.match(await text(page, '#error'), /mesh:8x0/, 'the general box says it too');
  assertNoProblems(problems);
});

test('Share after an error copies the link of the last view that ran, never a damaged one', async () => {
  const { page, problems } = await openPage(env, env.url, { viewport: VIEWPORT });
  await waitForResult(page);
  await slotsWith(page, 'torus:4x4');
  const n = await text(page, '#metric-max-slots');
  await badTopology(page, 'mesh:8x0');
  const shared = await share(page);
  assert.match(shared.link, /#v1\.[A-Za-z0-9_-]+$/);
  assert.match(shared.status, /Link copied|Copy this link/);
  assert.match(shared.status, /did not run/, `the status says what the link leaves out: ${shared.status}`);

  const opened = await openPage(env, shared.link, { viewport: VIEWPORT });
  await waitForResult(opened.page);
  assert.equal(await opened.page.inputValue('#topology'), 'torus:4x4', 'the last good view, not the typed error');
  assert.equal(await text(opened.page, '#metric-max-slots'), n);
  assert.equal(await opened.page.isVisible('#error'), false, 'no "could not be read" on the shared link');
  assert.equal(await opened.page.isVisible('#topology-error'), false);

  // A damaged link in the address bar: Share gives the link of what is shown instead.
  const damaged = await openPage(env, `${env.url}#v1.AAAA`, { viewport: VIEWPORT });
  await waitForResult(damaged.page);
  await damaged.page.waitForSelector('#error:not([hidden])');
  assert.match(await text(damaged.page, '#error'), /could not be read/);
  assert.equal(await damaged.page.evaluate(() => location.hash), '#v1.AAAA', 'the address keeps the damaged link');
  const fixed = await share(damaged.page);
  assert.doesNotMatch(fixed.link, /#v1\.AAAA$/, 'not the damaged link');
  assert.match(fixed.status, /the link in the address could not be read/, `the status says why the address is not copied: ${fixed.status}`);
  assert.match(fixed.link, /#v1\.[A-Za-z0-9_-]{8,}$/);
  const reopened = await openPage(env, fixed.link, { viewport: VIEWPORT });
  await waitForResult(reopened.page);
  assert.equal(await reopened.page.isVisible('#error'), false, 'the copied link reads');
  assert.equal(await text(reopened.page, '#metric-max-slots'), await text(damaged.page, '#metric-max-slots'));
  assert.equal(await reopened.page.inputValue('#topology'), await damaged.page.inputValue('#topology'));
  for (const p of [problems, opened.problems, damaged.problems, reopened.problems]) assertNoProblems(p);
});

test('a study’s JSON export names its lab and study and carries the Scenario and arguments that made it', async () => {
  const { page, problems } = await openPage(env, env.url, { viewport: VIEWPORT, acceptDownloads: true });
  await waitForResult(page);
  await openLab(page, 'sim');
  await afterRun(page, async () => {
    for (const [name, value] of Object.entries({ topology: 'mesh:4x4', rate: '0.3', warmup: '500', cycles: '2000', drain: '2000', 'sweep-step': '0.1', seed: '12345678901' })) await page.fill(`#sim-${name}`, value);
    await page.press('#sim-topology', 'Enter');
  });
  await page.waitForFunction(() => /^\d\.\d{3}$/.test(document.getElementById('sim-metric-accepted').textContent));
  await page.click('#sim-sweep');
  await page.waitForFunction(() => /saturation ≈/.test(document.getElementById('sim-sweep-status').textContent));
  const loads = await page.evaluate(() => [...document.querySelectorAll('#sim-sweep-body tr')].map((tr) => Number(tr.dataset.load)));
  // Another rate after the sweep: the curve stays (it does not depend on the rate), and its file is the sweep's.
  await afterRun(page, async () => {
    await page.fill('#sim-rate', '0.2');
    await page.press('#sim-rate', 'Enter');
  });
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#sim-sweep-json')]);
  // (the routing left to the topology's default, `auto`: issue 62)
  assert.equal(file.suggestedFilename(), 'topolab-sim-mesh-4x4-auto-uniform-0.3-sweep.json');
  const raw = readFileSync(await file.path(), 'utf8');
  const saved = JSON.parse(raw);
  assert.equal(saved.lab, 'sim');
  assert.equal(saved.study, 'sweep');
  assert.equal(saved.scenario.lab, 'sim');
  assert.equal(saved.scenario.sim.topology, 'mesh:4x4');
  assert.equal(saved.scenario.sim.rate, 0.3, 'the Scenario swept, not the one shown now');
  assert.match(raw, /"seed": 12345678901,/, 'the seed as exact digits');
  assert.equal(saved.scenario.view, undefined);
  assert.deepEqual(saved.args.loads.slice(0, loads.length), loads, 'the loads asked for');
  assert.deepEqual(saved.points.map((p) => p.offered_flits_per_node_cycle), loads);
  assert.equal(saved.complete, true);

  // The OCS relay lab's Table 2 (CSV only before): JSON beside it, with the same description.
  await openLab(page, 'ocs-relay');
  await page.click('#ocs-table2');
  await page.waitForSelector('#ocs-table2-json:not([hidden])');
  await page.waitForSelector('#ocs-table2-busy', { state: 'hidden' });
  const [table] = await Promise.all([page.waitForEvent('download'), page.click('#ocs-table2-json')]);
  assert.match(table.suggestedFilename(), /^topolab-ocs-relay-.+-table-2\.json$/);
  const t2 = JSON.parse(readFileSync(await table.path(), 'utf8'));
  assert.deepEqual([t2.lab, t2.study, t2.scenario.lab], ['ocs-relay', 'table-2', 'ocs-relay']);
  assert.equal(typeof t2.scenario['ocs-relay'].edge, 'string');
  assert.deepEqual(t2.args, {});
  assert.equal(t2.rows.length, Number(await page.getAttribute('#ocs-table2-table', 'data-cells')));
  assert.ok(t2.rows.length > 0);
  assertNoProblems(problems);
});

test('a study goes on in its lab while another lab runs its own studies and cancels one', async () => {
  const { page, problems } = await openPage(env, env.url, { viewport: VIEWPORT });
  await waitForResult(page);
  await openLab(page, 'routing');
  await page.fill('#rt-study-count', '1000');
  await page.click('#rt-study');
  await page.waitForFunction(() => /^Studying: \d+ of 1000/.test(document.getElementById('rt-study-status').textContent));

  // TopoGen's Fig. 12 comparison finishes meanwhile: it has its own worker, not a queue behind Routing's study.
  await openLab(page, 'topogen');
  await page.click('#tg-compare');
  await page.waitForFunction(() => /^For .*the same pattern on each topology/.test(document.getElementById('tg-compare-status').textContent));
  assert.ok((await page.locator('#tg-compare-table tbody tr').count()) > 0, 'the comparison’s rows');
  // A 1,024-node trade-off, cancelled: TopoGen's Cancel stops only TopoGen's study.
  await afterRun(page, async () => {
    await page.fill('#tg-nodes', '1024');
    await page.press('#tg-nodes', 'Enter');
  });
  await page.click('#tg-tradeoff');
  await page.waitForSelector('#tg-tradeoff-busy:not([hidden])');
  await page.click('#tg-tradeoff-cancel');
  await page.waitForSelector('#tg-tradeoff-busy', { state: 'hidden' });
  assert.match(await text(page, '#tg-tradeoff-status'), /^Cancelled/);

  await openLab(page, 'routing');
  // Routing's study was neither cancelled nor stopped by TopoGen's work: on a fast machine it
  // may have finished meanwhile (all 1,000 topologies, its result waiting), else it is still
  // going and still progressing, and its own Cancel keeps what it measured. Either way the
  // test does not depend on how fast the machine is.
  // (busy and status read in one go in the page: the study may end between two reads from here)
  const now = await page.evaluate(() => ({
    busy: !document.getElementById('rt-study-busy').hidden,
    status: document.getElementById('rt-study-status').textContent,
  }));
  if (now.busy) {
    const count = now.status.match(/^Studying: (\d+) of 1000/);
    assert.ok(count || /^Studying 1,?000 topologies/.test(now.status), `still studying: ${now.status}`);
    const measured = count ? Number(count[1]) : 0;
    await page.waitForFunction((n) => {
      const status = document.getElementById('rt-study-status').textContent;
      const m = status.match(/^Studying: (\d+) of 1000/);
      return (m && Number(m[1]) > n) || /^1,?000 topologies like/.test(status);
    }, measured);
    // (checked and clicked in one go in the page: the study may end between two steps from here)
    await page.evaluate(() => {
      if (!document.getElementById('rt-study-busy').hidden) document.getElementById('rt-study-cancel').click();
    });
    await page.waitForSelector('#rt-study-busy', { state: 'hidden' });
  }
  assert.match(await text(page, '#rt-study-status'), /^(Cancelled after \d+ of 1000 topologies|1,?000 topologies like)/);
  assertNoProblems(problems);
});

test('Share of a set-up too large for a link: the core’s reason, or a link that opens it whole', async () => {
  const { page, problems } = await openPage(env, env.url, { viewport: VIEWPORT });
  await waitForResult(page);
  await openLab(page, 'ocs-relay');
  // choosing the matrix runs the lab on the empty one (refused: no messages); that run is
  // waited for, else under load it ended after the count below was read and its refusal was
  // taken for the 4,200-message run's outcome ("the matrix ran" failed on a busy machine)
  await afterRun(page, () => page.selectOption('#ocs-app', 'matrix'));
  // 4,200 messages typed: about 70 KB of Scenario JSON
  await afterRun(page, () =>
    page.evaluate(() => {
      const lines = Array.from({ length: 4200 }, (_, i) => `${i % 256},${((i % 256) + 1 + (i >> 8)) % 256},4194304,1`);
      const area = document.getElementById('ocs-matrix');
      area.value = lines.join('\n');
      area.dispatchEvent(new Event('input', { bubbles: true }));
    }),
  );
  assert.equal(await page.isVisible('#ocs-matrix-error'), false, 'the matrix ran');
  const shared = await share(page);
  if (shared.link === '') {
    // the core refuses it: its reason, nothing copied
    assert.match(shared.status, /^No link for this view: .*KiB.*(file|JSON)/, shared.status);
    assert.match(await page.getAttribute('#share-box', 'class'), /refused/);
  } else {
    // the core takes it: the link reopens all 4,200 messages
    assert.match(shared.status, /^(Link copied|Copy this link)/);
    const opened = await openPage(env, shared.link, { viewport: VIEWPORT });
    await opened.page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) > 0 && document.getElementById('ocs-app').value === 'matrix');
    assert.equal((await opened.page.inputValue('#ocs-matrix')).split('\n').length, 4200);
    assert.equal(await opened.page.isVisible('#error'), false);
    assertNoProblems(opened.problems);
  }
  assertNoProblems(problems);
});
