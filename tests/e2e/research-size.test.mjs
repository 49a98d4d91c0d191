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
  const drawn = await page.locator('#figure svg line.ch, #figure canvas[data-channels], #figure svg.overview').count();
  const message = await page.locator('#figure-message').count();
  assert.ok(drawn > 0 || message > 0, 'a figure (SVG, canvas or, this large, an overview) or a message');

  // With a policy a fat-tree reports utilization per layer.
  await afterRun(page, () => page.selectOption('#policy', 'src_greedy'));
  assert.equal(await page.isVisible('#layers'), true);
  assert.equal(await page.locator('#layers-body tr').count(), 3, 'three layers in a 3-tree');
  assert.match(await text(page, '#metric-slot-utilization'), /^\d+\.\d%$/);

  // At Fit the 256-switch-wide levels would be a 3-pixel strip: the page opens on the overview,
  // whose text is readable (at least 10 px on screen).
  await page.waitForSelector('#figure svg.overview');
  const overview = await page.evaluate(() => {
    const svg = document.querySelector('#figure svg.overview');
    const scale = svg.getScreenCTM().a;
    const texts = [...svg.querySelectorAll('text')];
    return {
      smallest: Math.min(...texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale)),
      text: texts.map((t) => t.textContent).join(' | '),
      cells: svg.querySelectorAll('.ov-cell').length,
    };
  });
  assert.ok(overview.smallest >= 10, `overview text ${overview.smallest.toFixed(1)} px`);
  assert.equal(overview.cells, 768, 'a cell per switch');
  assert.match(overview.text, /level 0 \(roots\) · 256 switches · down max \d+, mean [\d.]+/);
  assert.match(overview.text, /Channels by slots used/);
  await page.screenshot({ path: screenshotPath('flow-f-fattree-overview') });
  // A click on a cell zooms into the drawing around that switch; Fit brings the overview back.
  await page.locator('#figure .ov-cell[data-sw="300"]').click();
  await page.waitForSelector('#figure canvas[data-switches="768"]');
  assert.equal(await page.evaluate(() => document.getElementById('figure').scrollLeft > 0), true, 'scrolled to the switch');
  await page.screenshot({ path: screenshotPath('flow-f-fattree-zoomed') });
  await page.click('#zoom-fit');
  await page.waitForSelector('#figure svg.overview');

  await afterRun(page, async () => {
    await page.selectOption('#policy', '');
    await page.selectOption('#pattern', 'transpose');
    await page.fill('#topology', 'mesh:64x64');
    await page.press('#topology', 'Enter');
  });
  assert.equal(await page.isVisible('#error'), false, await page.textContent('#error'));
  assert.equal(await text(page, '#metric-switches'), '4096');
  assert.equal(await text(page, '#metric-max-slots'), '63');
  // 16,128 channels are drawn on a canvas (as SVG elements they blocked the page for a second)
  const lines = await page.locator('#figure svg line.ch').count();
  const canvas = await page.locator('#figure canvas[data-channels="16128"]').count();
  const tooLarge = await page.locator('#figure-message').count();
  assert.ok(lines === 4 * 64 * 63 || canvas === 1 || tooLarge === 1, `all 16128 channels drawn or a message (got ${lines} lines)`);
  // Fit to the panel by default: the drawing is no wider than its container and does not scroll.
  const fits = await page.evaluate(() => {
    const figure = document.getElementById('figure');
    const drawing = figure.querySelector(':scope > svg, canvas');
    return drawing.getBoundingClientRect().width <= figure.getBoundingClientRect().width + 1 && figure.scrollWidth <= figure.clientWidth;
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
  assert.equal(await page.locator('#figure svg.overview .ov-cell').count(), 64 * 64, 'an overview in 2×2 blocks instead');
  await page.screenshot({ path: screenshotPath('flow-f-too-large') });
  assertNoProblems(problems);
});
