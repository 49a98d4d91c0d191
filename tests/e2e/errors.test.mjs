// Flow (d): bad input is reported next to its control while the previous figure and results
// stay; fixing it recovers; a request above the limits says the limit and the page stays
// responsive; Cancel stops a long run and keeps the previous result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForResult, afterRun, text, clickChannel, assertNoProblems } from './harness.mjs';

const env = useBrowser();

test('a bad topology is shown next to the field and nothing is lost', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  assert.equal(await text(page, '#metric-max-slots'), '7');
  const figureBefore = await page.innerHTML('#figure');
  const hashBefore = await page.evaluate(() => location.hash);

  await afterRun(page, () => page.fill('#topology', 'mesh:8x0')); // runs by itself after a pause
  await page.waitForSelector('#topology-error:not([hidden])');
  assert.match(await text(page, '#topology-error'), /^'mesh:8x0': /);
  assert.match(await text(page, '#error'), /^Topology 'mesh:8x0': /);
  assert.equal(await page.getAttribute('#topology', 'aria-invalid'), '');
  assert.equal(await page.inputValue('#topology'), 'mesh:8x0', 'the input stays as typed');
  assert.equal(await text(page, '#metric-max-slots'), '7', 'the previous N stays');
  assert.equal(await page.innerHTML('#figure'), figureBefore, 'the previous figure stays');
  assert.equal(await page.evaluate(() => location.hash), hashBefore, 'the link still points at what is shown');
  assert.equal(await page.isVisible('#pattern-error'), false);

  // What is shown still answers clicks (the worker runs it again behind the scenes).
  await clickChannel(page, page.locator('#figure line.ch.busiest').first());
  await page.waitForFunction(() => document.querySelectorAll('#channel-circuits li').length === 7);

  await afterRun(page, async () => {
    await page.fill('#topology', 'mesh:4x4');
    await page.press('#topology', 'Enter');
  });
  assert.equal(await page.isVisible('#topology-error'), false);
  assert.equal(await page.isVisible('#error'), false);
  assert.equal(await text(page, '#metric-switches'), '16');
  assert.equal(await text(page, '#metric-max-slots'), '3');
  assert.equal(await page.locator('#figure line.ch').count(), 48);
  assertNoProblems(problems);
});

test('other controls report their own errors', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  await page.selectOption('#pattern', 'hotspot');
  await afterRun(page, async () => {
    await page.fill('#pattern-param', '2');
    await page.press('#topology', 'Enter');
  });
  await page.waitForSelector('#pattern-error:not([hidden])');
  assert.match(await text(page, '#pattern-error'), /β/);
  assert.equal(await page.isVisible('#topology-error'), false);
  await afterRun(page, () => page.fill('#pattern-param', '0.3'));
  assert.equal(await page.isVisible('#pattern-error'), false);
  assert.match(await page.evaluate(() => location.hash), /^#v1\./);

  await page.fill('#seed', '-4');
  await page.waitForSelector('#seed-error:not([hidden])');
  assert.match(await text(page, '#seed-error'), /whole number/);
  await afterRun(page, () => page.fill('#seed', '12'));
  assert.equal(await page.isVisible('#seed-error'), false);

  await afterRun(page, async () => {
    await page.selectOption('#pattern', 'all-to-all');
    await page.fill('#topology', 'mesh:4x4');
    await page.press('#topology', 'Enter');
  });
  assert.equal(await page.isVisible('#all2all'), true, 'all-to-all shows its method');
  assert.equal(await page.inputValue('#all2all'), '');
  assert.match(await page.locator('#all2all option').first().textContent(), /destination \(default\)/);
  await afterRun(page, () => page.selectOption('#all2all', 'path-scatter'));
  assert.equal(await page.isVisible('#error'), false);
  assert.match(await text(page, '#metric-max-slots'), /^\d+$/);
  assertNoProblems(problems);
});

test('a request above the limits says so and the page stays responsive', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  await afterRun(page, async () => {
    await page.fill('#topology', 'mesh:10000x10000');
    await page.press('#topology', 'Enter');
  });
  await page.waitForSelector('#topology-error:not([hidden])');
  assert.match(await text(page, '#topology-error'), /above the limit of 65536/);
  assert.equal(await text(page, '#metric-max-slots'), '7');
  // the page answers: the click's effect appears (awaited with the harness's timeout)
  await page.click('#theme');
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  await afterRun(page, async () => {
    await page.fill('#topology', 'torus:8x8');
    await page.press('#topology', 'Enter');
  });
  assert.equal(await text(page, '#metric-switches'), '64');
  assertNoProblems(problems);
});

test('Cancel stops a long run and keeps the previous result', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  // TOPOGEN on 8,192 end nodes: some 15 s in the page, so Cancel meets it running (a Slots
  // run, even all-to-all on 1,024 nodes, now ends within a second or two)
  await afterRun(page, () => page.click('#lab-topogen'));
  const before = { slots: await text(page, '#tg-metric-max-slots'), switches: await text(page, '#tg-metric-switches') };
  await page.fill('#tg-nodes', '8192');
  await page.press('#tg-nodes', 'Enter');
  await page.waitForSelector('#busy:not([hidden])', { timeout: 10_000 });
  assert.equal(await page.isVisible('#progress'), true);
  await page.click('#cancel');
  await page.waitForSelector('#busy', { state: 'hidden' });
  await page.waitForSelector('#notice:not([hidden])');
  assert.match(await text(page, '#notice'), /Cancelled/);
  assert.equal(await text(page, '#tg-metric-max-slots'), before.slots, 'the previous result stays');
  assert.equal(await text(page, '#tg-metric-switches'), before.switches);
  // The restarted worker serves the shown run again.
  await page.evaluate(() => document.activeElement?.blur());
  const counter = () => page.textContent('#step-counter');
  const was = await counter();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((was) => document.getElementById('step-counter').textContent !== was, was);
  assertNoProblems(problems);
});
