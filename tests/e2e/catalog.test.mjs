// One lab list: the page's tabs and each lab's presets are what the core's catalog says (the
// catalog is read here from the same WASM module, in Node), in its order, with its ids, labels
// and accessible names; a preset puts its settings into the form and runs them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForResult, afterRun, assertNoProblems } from './harness.mjs';
import { loadWasm } from '../node/load-wasm.mjs';

const env = useBrowser();
const catalog = JSON.parse(JSON.stringify(loadWasm().catalog()));

test('the tabs and the presets are the catalog, rendered', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  await page.waitForSelector('button.preset', { state: 'attached' });
  const tabs = await page.$$eval('#lab-tabs .lab[id^="lab-"]', (all) => all.map((t) => ({ id: t.id, disabled: t.getAttribute('aria-disabled') === 'true' })));
  assert.deepEqual(
    tabs.map((t) => t.id),
    catalog.labs.map((l) => `lab-${l.name}`),
    'a tab per lab of the catalog, in its order',
  );
  assert.ok(tabs.every((t) => !t.disabled), 'the page has a view of every lab');
  const presets = await page.$$eval('[data-lab-panel] button.preset', (all) =>
    all.map((b) => ({ lab: b.closest('[data-lab-panel]').dataset.labPanel, id: b.id, label: b.innerHTML, about: b.getAttribute('aria-label') })),
  );
  const expected = catalog.labs.flatMap((l) => l.presets.map((p) => ({ lab: l.name, id: p.id, label: p.label, about: p.about })));
  assert.deepEqual(presets, expected);
  assert.ok(expected.length >= 16, `${expected.length} presets`);
  // every number field with a range in the core shows that range, and no other
  for (const lab of catalog.labs) {
    for (const limit of lab.limits) {
      const range = await page.$eval(`[data-lab-panel="${lab.name}"] input[data-path="${limit.field}"]`, (input) => [input.min, input.max]);
      assert.deepEqual(range, [String(limit.min), String(limit.max)], `${lab.name}.${limit.field}`);
    }
  }
  assert.ok(catalog.labs.some((l) => l.limits.length > 0));
  assertNoProblems(problems);
});

test("a preset of the catalog fills its lab's form and runs it", async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  await page.click('#lab-dualplane');
  await page.waitForSelector('#dp-preset-dhc8');
  const preset = catalog.labs.find((l) => l.name === 'dualplane').presets.find((p) => p.id === 'dp-preset-dhc8');
  await afterRun(page, () => page.click('#dp-preset-dhc8'));
  assert.equal(await page.inputValue('#dp-n'), String(preset.section.n));
  assert.equal(await page.inputValue('#dp-generators'), preset.section.generators);
  assert.equal(await page.inputValue('#dp-destination'), String(preset.section.destination));
  assert.match(await page.evaluate(() => location.hash), /^#v1\./);
  assertNoProblems(problems);
});
