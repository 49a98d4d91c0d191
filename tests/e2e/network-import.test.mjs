// Your own network in the page (issue 28): an edge list opened with the Topology field's
// Open file… button in Slots and in Routing becomes the spec that carries it (graph:…), runs,
// and steps, and a shared link opens it elsewhere; a hostile file is refused next to the field, naming its line, and the topology
// the user had stays.
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForResult, afterRun, text, screenshotPath, assertNoProblems } from './harness.mjs';

const env = useBrowser();

// a 4×4 torus written by hand: 16 switches, 32 links
const torus = ['# a 4x4 torus'];
for (let y = 0; y < 4; y++) {
  for (let x = 0; x < 4; x++) {
    const s = 4 * y + x;
    torus.push(`${s} ${4 * y + ((x + 1) % 4)}`, `${s} ${4 * ((y + 1) % 4) + x}`);
  }
}
const file = (name, lines) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n') + '\n') });

async function open(page, prefix, payload) {
  const chooser = page.waitForEvent('filechooser');
  await page.click(`#${prefix}topology-open`);
  await (await chooser).setFiles(payload);
}

test('an edge list opened in Slots and Routing runs and steps; a bad one is refused by its line', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);

  // Slots: open the file, the lab runs on it (uniform traffic), and a slot policy steps
  await afterRun(page, () => page.selectOption('#pattern', 'uniform'));
  await afterRun(page, () => open(page, '', file('torus.txt', torus)));
  assert.match(await page.inputValue('#topology'), /^graph:[A-Za-z0-9_-]+$/);
  assert.equal(await text(page, '#metric-switches'), '16');
  assert.equal(await text(page, '#metric-links'), '32');
  await afterRun(page, () => page.selectOption('#policy', 'hcLtoS_greedy'));
  const counter = await text(page, '#step-counter');
  assert.match(counter, /^Step 1 \/ \d+$/);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('ArrowRight');
  assert.match(await text(page, '#step-counter'), /^Step 2 \//);
  await page.screenshot({ path: screenshotPath('network-import-slots') });

  // Share: the link carries the network itself, and opens it elsewhere at the same step
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share-link').value.includes('#v1.'));
  const link = await page.inputValue('#share-link');
  await page.click('#share-box .close');
  const other = await openPage(env, link);
  await waitForResult(other.page);
  assert.equal(await other.page.inputValue('#topology'), await page.inputValue('#topology'));
  assert.equal(await text(other.page, '#metric-links'), '32');
  assert.match(await text(other.page, '#step-counter'), /^Step 2 \//);
  assertNoProblems(other.problems);

  // a traffic matrix on it: one communication per pair with bytes
  const matrix = { name: 'm.csv', mimeType: 'text/csv', buffer: Buffer.from('src,dst,bytes\n0,5,100\n0,10,300\n7,2,50\n') };
  await afterRun(page, async () => {
    const chooser = page.waitForEvent('filechooser');
    await page.click('#pattern-open');
    await (await chooser).setFiles(matrix);
  });
  assert.match(await page.inputValue('#pattern'), /^matrix:[A-Za-z0-9_-]+$/);
  assert.match(await page.locator('#pattern option:checked').textContent(), /^matrix:.{8}… \(from a file\)$/);
  assert.equal(await text(page, '#metric-communications'), '3');
  await afterRun(page, () => page.selectOption('#pattern', 'uniform'));

  // a file with a self-loop: refused next to the field, naming the line; the torus stays
  const before = await page.inputValue('#topology');
  await open(page, '', file('loop.txt', ['0 1', '1 2', '2 2']));
  await page.waitForSelector('#topology-error:not([hidden])');
  assert.match(await text(page, '#topology-error'), /line 3: a link from switch 2 to itself/);
  assert.equal(await page.inputValue('#topology'), before, 'the network the user had is kept');

  // Routing: the same file, shortest paths, a packet walk from 0 to 10 stepped hop by hop
  await page.click('#lab-routing');
  const switches = (n) => page.waitForFunction((want) => document.getElementById('rt-metric-switches')?.textContent.trim() === want, n);
  await switches('64'); // its own first run (lrt:64:4:2)
  await afterRun(page, () => page.selectOption('#rt-scheme', 'shortest'));
  // a packet walk from 0 to 10, set first (the lab's own 0 → 63 does not fit 16 switches)
  await afterRun(page, async () => {
    await page.fill('#rt-source', '0');
    await page.fill('#rt-destination', '10');
    await page.press('#rt-destination', 'Enter');
  });
  await open(page, 'rt-', file('torus.txt', torus));
  await switches('16');
  assert.match(await page.inputValue('#rt-topology'), /^graph:/);
  // 0 → 10 on the 4×4 torus: two hops across and two down, a step each
  assert.match(await text(page, '#step-counter'), /^Step 1 \/ 4$/);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('ArrowRight');
  assert.equal(await text(page, '#step-counter'), 'Step 2 / 4');
  await page.screenshot({ path: screenshotPath('network-import-routing') });
  assertNoProblems(problems);
});

test('TopoGen starts from an opened network: its switches kept, its steps start from it', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  await afterRun(page, () => page.click('#lab-topogen'));
  await page.fill('#tg-degree', '6');
  const chooser = page.waitForEvent('filechooser');
  await afterRun(page, async () => {
    await page.click('#tg-start-open');
    await (await chooser).setFiles(file('torus.txt', torus));
  });
  assert.match(await page.inputValue('#tg-start'), /^graph:[A-Za-z0-9_-]+$/);
  await page.waitForFunction(() => /^Step \d+ \/ \d+$/.test(document.getElementById('step-counter')?.textContent ?? ''));
  // the first step is the given network, not one giant switch
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.getElementById('step-title')?.textContent === 'Start: the given network');
  assert.match(await text(page, '#step-explanation'), /16 switches, 32 links, 16 end nodes/);
  await page.screenshot({ path: screenshotPath('network-import-topogen') });
  assertNoProblems(problems);
});

test('a network too large for a link: Share says so and points to the Scenario file', async () => {
  const { page, problems } = await openPage(env, env.url, { acceptDownloads: true });
  await waitForResult(page);
  // 4,096 switches on a ring with 26,000 random chords (seeded): packed, far above a link's 64 KiB
  // a 32-bit LCG in integer arithmetic (Numerical Recipes' constants)
  let x = 12345;
  const random = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const lines = ['# a ring of 4096 with random chords'];
  const seen = new Set();
  for (let s = 0; s < 4096; s++) lines.push(`${s} ${(s + 1) % 4096}`), seen.add(`${Math.min(s, (s + 1) % 4096)}-${Math.max(s, (s + 1) % 4096)}`);
  while (lines.length < 30001) {
    const [a, b] = [Math.floor(random() * 4096), Math.floor(random() * 4096)];
    const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
    if (a === b || seen.has(key)) continue;
    seen.add(key);
    lines.push(`${a} ${b}`);
  }
  await afterRun(page, () => open(page, '', file('big.txt', lines)));
  assert.equal(await text(page, '#metric-switches'), '4096');
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share-box')?.classList.contains('refused'));
  assert.match(await text(page, '#share-status'), /^No link for this view: .* KiB as JSON, more than the 64 KiB a link can carry \(a network or matrix from a file.*save it as a Scenario file \(Export → JSON; `topolab run FILE`\)/);
  await page.click('#share-box .close');
  // the Scenario file it points to holds the network itself
  await page.click('#export-menu summary');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
  const saved = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.equal(saved.scenario.slots.topology, await page.inputValue('#topology'));
  assert.equal(saved.result.switches, 4096);
  assertNoProblems(problems);
});
