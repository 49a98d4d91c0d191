// Flow (a): the Slots lab end to end — N for transpose on an 8×8 mesh, clicking the busiest
// channel, stepping a slot policy with the keyboard, and a shared link that reopens the same
// view in a new browser context. Screenshots: light and dark theme.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForResult, afterRun, text, controlValues, screenshotPath, assertNoProblems, clickChannel } from './harness.mjs';

const env = useBrowser();
// Wait for channel lines to exist; whether they are scrolled into view does not matter here.
const ATTACHED = { state: 'attached' };

test('Slots lab: N, busiest channel, steps, share link round trip', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  assert.equal(await page.locator('.lab.active').textContent(), 'Slots');
  assert.equal(await page.locator('.lab').count(), 7, 'a tab for each of the seven labs');
  const built = await page.locator('.lab[data-lab]').count();
  assert.ok(built >= 3, 'Slots, TopoGen and Routing run');
  assert.equal(await page.locator('.lab[aria-disabled="true"]').count(), 7 - built, 'the labs not built yet are shown as coming soon');

  // Set the defaults explicitly.
  await afterRun(page, async () => {
    await page.fill('#topology', 'mesh:8x8');
    await page.press('#topology', 'Enter');
  });
  await afterRun(page, () => page.selectOption('#pattern', 'hotspot'));
  assert.equal(await page.isVisible('#pattern-param'), true, 'hotspot has a β input');
  await afterRun(page, () => page.selectOption('#pattern', 'transpose'));
  assert.equal(await page.isVisible('#pattern-param'), false);
  await afterRun(page, () => page.selectOption('#policy', '')); // the lab opens with a policy: take it off
  assert.match(await page.getAttribute('#pattern', 'title'), /transpose/);
  assert.match(await text(page, '#pattern-help'), /swap the upper and lower halves/);
  assert.equal(await text(page, '#metric-max-slots'), '7');
  assert.equal(await text(page, '#metric-switches'), '64');
  assert.equal(await text(page, '#metric-links'), '112');
  assert.equal(await text(page, '#metric-communications'), '56');
  assert.equal(await text(page, '#metric-avg-hops'), '6.00');
  assert.equal(await text(page, '#metric-slot-utilization'), '—');
  assert.equal(await page.locator('#step-counter').textContent(), 'No steps');
  assert.equal(await page.isDisabled('#next'), true, 'no policy: the player is disabled');

  // Click the busiest channel in the figure.
  const busiest = page.locator('#figure svg line.ch.busiest').first();
  const channel = await busiest.getAttribute('data-ch');
  await clickChannel(page, busiest);
  await page.waitForSelector(`#figure line.ch.selected[data-ch="${channel}"]`, ATTACHED);
  await page.waitForFunction(() => document.querySelectorAll('#channel-circuits li').length > 0);
  const load = Number(await text(page, '#channel-load'));
  const listed = await page.locator('#channel-circuits li').count();
  assert.equal(load, 7, 'a busiest channel carries N communications');
  assert.equal(listed, load, 'one list entry per communication on the channel');
  assert.match(await text(page, '#channel-name'), /^l\(\d+,\d+\): 7\/7$/);
  assert.match(await page.locator('#channel-circuits li').first().textContent(), /^c\(\d+,\d+\) · \d+ switch(es)? · 1 slot$/);
  assert.ok((await page.locator('#figure line.ch.on-path').count()) > 1, 'the communications\' paths are highlighted');

  // A slot policy gives steps; step with the keyboard.
  await afterRun(page, () => page.selectOption('#policy', 'hcLtoS_greedy'));
  const first = await text(page, '#step-counter');
  assert.match(first, /^Step 1 \/ \d+$/);
  const steps = Number(first.split('/')[1]);
  assert.ok(steps > 4, `hcLtoS_greedy on mesh:8x8 takes several steps (got ${steps})`);
  const startTitle = await text(page, '#step-title');
  assert.match(startTitle, /^Start/);
  assert.match(await text(page, '#metric-slot-utilization'), /^\d+\.\d%$/);
  const stepLines = () => page.evaluate(() => [...document.querySelectorAll('#figure line.ch.step')].map((l) => l.dataset.ch).join(','));
  const startLines = await stepLines();
  await page.evaluate(() => document.activeElement?.blur());
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await text(page, '#step-counter'), `Step 4 / ${steps}`);
  assert.notEqual(await text(page, '#step-title'), startTitle);
  assert.ok((await text(page, '#step-explanation')).length > 20);
  await page.waitForSelector('#figure line.ch.step', ATTACHED);
  await page.waitForFunction((start) => [...document.querySelectorAll('#figure line.ch.step')].map((l) => l.dataset.ch).join(',') !== start, startLines);
  assert.notEqual(await stepLines(), startLines, 'the figure marks the channels of step 4');
  await page.waitForFunction(() => /\.|%/.test(document.getElementById('step-metrics').textContent));
  await page.keyboard.press('ArrowLeft');
  assert.equal(await text(page, '#step-counter'), `Step 3 / ${steps}`);
  await page.keyboard.press('End');
  assert.equal(await text(page, '#step-counter'), `Step ${steps} / ${steps}`);
  await page.keyboard.press('Home');
  assert.equal(await text(page, '#step-counter'), `Step 1 / ${steps}`);
  for (let i = 0; i < 3; i++) await page.click('#next');
  assert.equal(await text(page, '#step-counter'), `Step 4 / ${steps}`);
  await page.waitForSelector(`#figure line.ch.selected[data-ch="${channel}"]`, ATTACHED);
  await page.waitForSelector('#figure line.ch.step', ATTACHED);
  const shownTitle = await text(page, '#step-title');

  // Share: the link carries the controls, the step and the channel.
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share-link').value.includes('#v1.'));
  const link = await page.inputValue('#share-link');
  assert.equal(link, await page.evaluate(() => location.href));
  assert.match(await text(page, '#share-status'), /Link copied|Copy this link/);
  await page.click('#share-box .close');
  const before = await controlValues(page);
  await page.screenshot({ path: screenshotPath('flow-a-light'), fullPage: true });

  const other = await openPage(env, link);
  await waitForResult(other.page);
  await other.page.waitForSelector(`#figure line.ch.selected[data-ch="${channel}"]`, ATTACHED);
  assert.deepEqual(await controlValues(other.page), before);
  assert.equal(await text(other.page, '#metric-max-slots'), '7');
  assert.equal(await text(other.page, '#step-counter'), `Step 4 / ${steps}`);
  assert.equal(await text(other.page, '#step-title'), shownTitle);
  await other.page.waitForFunction(() => document.querySelectorAll('#channel-circuits li').length === 7);
  assert.equal(await text(other.page, '#channel-name'), await text(page, '#channel-name'));
  assert.ok((await other.page.locator('#figure line.ch.step').count()) > 0);
  // The first page reached this view by patching its figure step by step; the second drew it
  // at once: both must show the same channels, colours and highlights.
  const drawing = (p) => p.evaluate(() => ({
    channels: [...document.querySelectorAll('#figure line.ch')].map((l) => `${l.dataset.ch}:${l.getAttribute('class')}:${l.getAttribute('stroke')}:${l.textContent}`).join('|'),
    highlights: document.querySelectorAll('#figure line.hl').length,
  }));
  assert.deepEqual(await drawing(page), await drawing(other.page));

  // Dark theme.
  await page.click('#theme');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  const colours = await page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { fg: style.color, bg: style.backgroundColor, switchFill: getComputedStyle(document.querySelector('#figure rect.sw')).fill };
  });
  assert.notEqual(colours.fg, colours.bg);
  assert.equal(colours.switchFill, 'rgb(42, 48, 59)', 'the SVG takes --switch-fill from the theme');
  await page.screenshot({ path: screenshotPath('flow-a-dark'), fullPage: true });
  await page.click('#large');
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('large')), true);
  await page.screenshot({ path: screenshotPath('flow-a-dark-large') });

  assertNoProblems(problems);
  assertNoProblems(other.problems);
});

test('Space plays and pauses; Embed gives an iframe snippet', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  await afterRun(page, () => page.selectOption('#policy', 'src_polling'));
  assert.match(await text(page, '#step-counter'), /^Step 1 \/ \d+$/);
  await page.selectOption('#speed', '10');
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press(' ');
  assert.equal(await page.getAttribute('#play', 'aria-pressed'), 'true');
  await page.waitForFunction(() => /^Step ([3-9]|\d\d+) \//.test(document.getElementById('step-counter').textContent));
  await page.keyboard.press(' ');
  assert.equal(await page.getAttribute('#play', 'aria-pressed'), 'false');
  const paused = await text(page, '#step-counter');
  await page.waitForTimeout(400);
  assert.equal(await text(page, '#step-counter'), paused, 'paused: the step stays');
  // Keys typed into a field are the field's own.
  await page.focus('#seed');
  await page.keyboard.press('ArrowRight');
  assert.equal(await text(page, '#step-counter'), paused);

  await page.click('#embed');
  await page.waitForFunction(() => document.getElementById('embed-code').value.includes('<iframe'));
  const snippet = await page.inputValue('#embed-code');
  assert.match(snippet, /^<iframe src="http:\/\/[^"]+\?embed=1&amp;keys=(tour|steps|none)&amp;theme=(light|dark)&amp;large=[01]#v1\.[A-Za-z0-9_-]+" width="800" height="600" [^>]*><\/iframe>$/);
  assert.equal(await page.isVisible('#embed-box'), true);
  await page.keyboard.press('Escape');
  assert.equal(await page.isVisible('#embed-box'), false);
  assertNoProblems(problems);
});

test('Exports download the figure and the data', async () => {
  const { page, problems } = await openPage(env, env.url, { acceptDownloads: true });
  await waitForResult(page);
  await afterRun(page, () => page.selectOption('#policy', '')); // the lab opens with a policy: take it off
  const grab = async (id) => {
    await page.click('#export-menu summary');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#export-${id}`)]);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    return { name: download.suggestedFilename(), body: readFileSync(path) };
  };
  const svg = await grab('svg');
  assert.equal(svg.name, 'topolab-slots-mesh-8x8-transpose.svg');
  assert.match(svg.body.toString(), /^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.ok(svg.body.toString().includes('class="ch'));
  const png = await grab('png');
  assert.equal(png.name, 'topolab-slots-mesh-8x8-transpose.png');
  assert.deepEqual([...png.body.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'a PNG file');
  const width = png.body.readUInt32BE(16);
  assert.ok(width > 600, `the PNG is drawn at 2× (width ${width})`);
  const json = JSON.parse((await grab('json')).body.toString());
  assert.equal(json.result.max_slots, 7);
  assert.equal(json.scenario.slots.topology, 'mesh:8x8');
  const csv = (await grab('csv')).body.toString();
  assert.equal(csv.trim().split('\n').length, 1 + 224, 'a header and one row per directed channel');
  const anynet = await grab('anynet');
  assert.match(anynet.name, /\.anynet$/);
  assert.match(anynet.body.toString(), /router/);
  assertNoProblems(problems);
});
