// Flows (b) and (c): ?embed=1 shows only the figure and the step player with a link to the
// full page; damaged or unknown permalinks are explained and the default lab still runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { useBrowser, openPage, waitForResult, text, screenshotPath, assertNoProblems } from './harness.mjs';

const env = useBrowser();

/** A permalink for a scenario, made by the page's own worker. */
async function permalink(page, slots, view = { step: null, channel: null }, seed = '1') {
  return page.evaluate(async ({ slots, view, seed }) => {
    const { Engine } = await import('./www/engine.js');
    const engine = new Engine();
    await engine.start();
    const json = JSON.stringify({ version: 1, lab: 'slots', seed: '@', slots, view }).replace('"@"', seed);
    return engine.request('encodePermalink', { json });
  }, { slots, view, seed });
}

/** The Scenario a permalink holds, as JSON text (decoded by the page's worker). */
async function decode(page, hash) {
  return page.evaluate(async (hash) => {
    const { Engine } = await import('./www/engine.js');
    const engine = new Engine();
    await engine.start();
    return engine.request('decodePermalink', { hash });
  }, hash);
}

test('a link restores every control exactly, and sharing it again gives the same scenario', async () => {
  const { page: maker } = await openPage(env, env.url);
  await waitForResult(maker);
  const slots = { topology: 'torus:4x4', pattern: 'hotspot:0.30', routing: 'shortest', policy: 'hcStoL_polling', all2all: '' };
  const seed = '9007199254740991'; // the largest seed the page accepts (exact as a JS number)
  const hash = await permalink(maker, slots, { step: 1, channel: 5 }, seed);
  const { page, problems } = await openPage(env, `${env.url}#${hash}`);
  await waitForResult(page);
  await page.waitForSelector('#figure line.ch.selected[data-ch="5"]', { state: 'attached' });
  assert.equal(await page.inputValue('#topology'), 'torus:4x4');
  assert.equal(await page.inputValue('#pattern'), 'hotspot');
  assert.equal(await page.inputValue('#pattern-param'), '0.30');
  assert.equal(await page.inputValue('#routing'), 'shortest');
  assert.equal(await page.inputValue('#policy'), 'hcStoL_polling');
  assert.equal(await page.inputValue('#seed'), seed);
  assert.match(await text(page, '#step-counter'), /^Step 2 \/ \d+$/);
  await page.waitForFunction(() => document.querySelectorAll('#channel-circuits li').length > 0);
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share-link').value.includes('#v1.'));
  const again = (await page.inputValue('#share-link')).split('#')[1];
  const scenario = await decode(page, again);
  assert.match(scenario, new RegExp(`"seed": ${seed}\\b`), 'the large seed survives exactly');
  const parsed = JSON.parse(scenario);
  assert.deepEqual(parsed.slots, slots);
  assert.deepEqual(parsed.view, { step: 1, channel: 5 });
  // Beyond 2^53 − 1 the seed control says so instead of running with a rounded seed.
  await page.click('#share-box .close');
  const shownN = await text(page, '#metric-max-slots');
  const shownHash = await page.evaluate(() => location.hash);
  await page.fill('#seed', '18446744073709551615');
  await page.waitForSelector('#seed-error:not([hidden])');
  assert.match(await text(page, '#seed-error'), /9007199254740991/);
  assert.equal(await text(page, '#metric-max-slots'), shownN, 'the shown result stays');
  assert.equal(await page.evaluate(() => location.hash), shownHash, 'the link still describes what is shown');
  assertNoProblems(problems);
});

test('?embed=1 shows the figure and the player only', async () => {
  const { page: maker } = await openPage(env, env.url);
  await waitForResult(maker);
  const hash = await permalink(maker, { topology: 'mesh:4x4', pattern: 'transpose', routing: '', policy: 'src_polling', all2all: '' }, { step: 2, channel: null });

  const { page, problems } = await openPage(env, `${env.url}?embed=1#${hash}`, { viewport: { width: 800, height: 600 } });
  await waitForResult(page);
  assert.equal(await page.evaluate(() => document.body.classList.contains('embed')), true);
  assert.equal(await page.isVisible('#figure'), true);
  assert.ok((await page.locator('#figure svg line.ch').count()) > 0);
  for (const id of ['#player', '#step-counter', '#step-title', '#step-explanation', '#next', '#prev', '#play']) {
    assert.equal(await page.isVisible(id), true, `${id} is shown in an embed`);
  }
  for (const selector of ['#metrics', '#controls', '#topology', '#run', 'header.topbar', '#share', '#channel-detail']) {
    assert.equal(await page.isVisible(selector), false, `${selector} is hidden in an embed`);
  }
  assert.match(await text(page, '#step-counter'), /^Step 3 \/ \d+$/);
  const open = page.locator('#open-full');
  assert.equal(await open.isVisible(), true);
  const href = await open.getAttribute('href');
  assert.ok(!href.includes('embed=1'), `the full page link drops embed=1 (${href})`);
  assert.ok(href.includes('#v1.'), 'the full page link keeps the permalink');

  // The figure fits the frame: no scrolling, the SVG within the viewport.
  const fit = await page.evaluate(() => {
    const box = document.querySelector('#figure svg').getBoundingClientRect();
    return { right: box.right, bottom: box.bottom, scrolls: document.scrollingElement.scrollHeight > innerHeight + 1 };
  });
  assert.ok(fit.right <= 800 && fit.bottom <= 600, `the SVG fits the 800×600 frame (${JSON.stringify(fit)})`);
  assert.equal(fit.scrolls, false, 'the embed does not scroll');

  // The keyboard steps in the embed too, and the link follows.
  await page.keyboard.press('ArrowRight');
  assert.match(await text(page, '#step-counter'), /^Step 4 \/ \d+$/);
  await page.waitForFunction((old) => document.getElementById('open-full').getAttribute('href') !== old, href);
  await page.screenshot({ path: screenshotPath('flow-b-embed') });
  assertNoProblems(problems);
});

test('a damaged permalink is explained and the default lab runs', async () => {
  const { page, problems } = await openPage(env, `${env.url}#v1.garbage!!`);
  await waitForResult(page);
  await page.waitForSelector('#error:not([hidden])');
  const message = await text(page, '#error');
  assert.match(message, /This link could not be read: permalink: damaged/);
  assert.match(message, /showing the default lab instead/);
  assert.equal(await text(page, '#metric-max-slots'), '7');
  assert.ok((await page.locator('#figure svg line.ch').count()) > 0, 'the figure is drawn');
  assert.equal(await page.inputValue('#topology'), 'mesh:8x8');
  // The page keeps working: a change runs and clears the message.
  const before = Number(await page.getAttribute('body', 'data-runs'));
  await page.fill('#topology', 'mesh:4x4');
  await page.press('#topology', 'Enter');
  await page.waitForFunction((n) => Number(document.body.dataset.runs) > n, before);
  assert.equal(await text(page, '#metric-switches'), '16');
  assert.equal(await page.isVisible('#error'), false);
  assert.match(await page.evaluate(() => location.hash), /^#v1\./, 'a readable link replaces the damaged one');
  assertNoProblems(problems);
});

test('a permalink from an unknown version is explained', async () => {
  const { page, problems } = await openPage(env, `${env.url}#v9.abc`);
  await waitForResult(page);
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await text(page, '#error'), /This link could not be read: .*'v9' is not known/);
  assert.equal(await text(page, '#metric-max-slots'), '7');
  assert.ok((await page.locator('#figure svg line.ch').count()) > 0);
  assertNoProblems(problems);
});

test("an embed link carries the host's dark theme and A+, and the embed opens on them", async () => {
  const { page: host, problems: hostProblems } = await openPage(env, env.url);
  await waitForResult(host);
  if ((await host.getAttribute('html', 'data-theme')) !== 'dark') await host.click('#theme');
  if (!(await host.evaluate(() => document.documentElement.classList.contains('large')))) await host.click('#large');
  await host.click('#embed');
  await host.waitForSelector('#embed-box:not([hidden])');
  const src = (await host.inputValue('#embed-code')).match(/src="([^"]+)"/)[1].replace(/&amp;/g, '&');
  const params = new URL(src).searchParams;
  assert.deepEqual([params.get('embed'), params.get('theme'), params.get('large')], ['1', 'dark', '1'], src);
  assertNoProblems(hostProblems);

  // a viewer whose own page is light with normal type still sees the host's choices
  const { page, problems } = await openPage(env, src, { viewport: { width: 800, height: 450 }, colorScheme: 'light' });
  await waitForResult(page);
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('large')), true);
  assert.equal(await page.evaluate(() => document.body.classList.contains('embed')), true);

  // and a light, normal-size host gives a light, normal-size embed
  await host.click('#theme');
  await host.click('#large');
  await host.click('#embed');
  // the box is filled once the page has made the link (asynchronously)
  await host.waitForFunction(() => document.getElementById('embed-code').value.includes('theme=light'));
  const plain = new URL((await host.inputValue('#embed-code')).match(/src="([^"]+)"/)[1].replace(/&amp;/g, '&')).searchParams;
  assert.deepEqual([plain.get('theme'), plain.get('large')], ['light', '0']);
  assertNoProblems(problems);
});

test('a damaged link names the field by the label the page shows it under', async () => {
  // (issue 64: it said `ctc.cluster_size` where the field is called "T (tasks per LC)")
  const json = '{"version":1,"lab":"ctc","seed":1,"ctc":{"cluster_size":"abc"}}';
  const link = `v1.${deflateRawSync(Buffer.from(json), { level: 9 }).toString('base64url')}`;
  const { page, problems } = await openPage(env, `${env.url}#${link}`);
  await page.waitForSelector('#error:not([hidden])');
  const message = await text(page, '#error');
  assert.match(message, /This link could not be read: (permalink: )?CTC · T \(tasks per LC\): a whole number from 0 up, not 'abc'/, message);
  assert.doesNotMatch(message, /ctc\.cluster_size/);
  assertNoProblems(problems);
});
