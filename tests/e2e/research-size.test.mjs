// Flow (f): research-size networks. A 16-ary 3-tree with bit complement and a 64×64 mesh run
// in the worker; the page shows N and either the figure or a clear "too large to draw".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForResult, afterRun, text, screenshotPath, assertNoProblems } from './harness.mjs';

const env = useBrowser();

test('fattree:16:3 with bitcomp, then a 64×64 mesh', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);

  await afterRun(page, async () => {
    await page.selectOption('#policy', ''); // the lab opens with a policy: start without one
    await page.selectOption('#pattern', 'bitcomp');
    await page.fill('#topology', 'fattree:16:3');
    await page.press('#topology', 'Enter');
  });
  assert.equal(await page.isVisible('#error'), false, await page.textContent('#error'));
  assert.match(await text(page, '#metric-max-slots'), /^\d+$/);
  assert.equal(await text(page, '#metric-switches'), '768');
  assert.equal(await text(page, '#metric-routing'), 'updown');
  const drawn = await page.locator('#figure svg line.ch').count();
  const message = await page.locator('#figure-message').count();
  assert.ok(drawn > 0 || message > 0, 'a figure or a message');

  // With a policy a fat-tree reports utilization per layer.
  await afterRun(page, () => page.selectOption('#policy', 'src_greedy'));
  assert.equal(await page.isVisible('#layers'), true);
  assert.equal(await page.locator('#layers-body tr').count(), 3, 'three layers in a 3-tree');
  assert.match(await text(page, '#metric-slot-utilization'), /^\d+\.\d%$/);

  await afterRun(page, async () => {
    await page.selectOption('#policy', '');
    await page.selectOption('#pattern', 'transpose');
    await page.fill('#topology', 'mesh:64x64');
    await page.press('#topology', 'Enter');
  });
  assert.equal(await page.isVisible('#error'), false, await page.textContent('#error'));
  assert.equal(await text(page, '#metric-switches'), '4096');
  assert.equal(await text(page, '#metric-max-slots'), '63');
  const lines = await page.locator('#figure svg line.ch').count();
  const tooLarge = await page.locator('#figure-message').count();
  assert.ok(lines === 4 * 64 * 63 || tooLarge === 1, `all 16128 channels drawn or a message (got ${lines})`);
  // Fit to the panel by default: the SVG is no wider than its container.
  const fits = await page.evaluate(() => {
    const figure = document.getElementById('figure');
    return figure.querySelector('svg').getBoundingClientRect().width <= figure.getBoundingClientRect().width + 1;
  });
  assert.equal(fits, true);
  await page.click('#zoom-in');
  await page.click('#zoom-in');
  const zoomed = await page.evaluate(() => {
    const figure = document.getElementById('figure');
    return figure.scrollWidth > figure.clientWidth;
  });
  assert.equal(zoomed, true, 'zooming in makes the figure scroll');
  await page.screenshot({ path: screenshotPath('flow-f-mesh64-zoomed') });
  await page.click('#zoom-fit');

  // Above the drawing limit the analysis still shows, with the reason in the figure area.
  await afterRun(page, async () => {
    await page.fill('#topology', 'mesh:128x128');
    await page.press('#topology', 'Enter');
  });
  assert.equal(await text(page, '#metric-switches'), '16384');
  assert.equal(await text(page, '#metric-max-slots'), '127');
  assert.match(await text(page, '#figure-message'), /above the limit of 4096/);
  await page.screenshot({ path: screenshotPath('flow-f-too-large') });
  assertNoProblems(problems);
});
