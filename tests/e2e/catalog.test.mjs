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
    all.map((b) => ({ lab: b.closest('[data-lab-panel]').dataset.labPanel, id: b.id, label: b.innerHTML, about: b.title })),
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
  // every closed choice of the core is a select of its options (values, meanings) showing
  // the core's default on a fresh page
  let choices = 0;
  for (const lab of catalog.labs) {
    const defaults = lab.defaults;
    for (const choice of lab.choices) {
      const select = `[data-lab-panel="${lab.name}"] select[data-path="${choice.field}"]`;
      const shown = await page.$eval(select, (s) => ({ value: s.value, options: [...s.options].map((o) => ({ value: o.value, text: o.textContent, about: o.title })) }));
      assert.deepEqual(
        shown.options.map((o) => [o.value, o.about]),
        choice.options.map((o) => [o.value, o.about]),
        `${lab.name}.${choice.field}`,
      );
      const fallback = choice.field.split('.').reduce((v, key) => v[key], defaults);
      assert.equal(shown.value, fallback, `${lab.name}.${choice.field} shows the core's default`);
      const marked = shown.options.filter((o) => o.text.endsWith('(default)')).map((o) => o.value);
      assert.deepEqual(marked, [fallback], `${lab.name}.${choice.field}: the default is marked`);
      choices += 1;
    }
  }
  assert.ok(choices >= 15, `${choices} choices`);
  // a study's inputs start at its defaults and keep to its ranges
  let studyArgs = 0;
  for (const lab of catalog.labs) {
    for (const study of lab.studies) {
      for (const limit of study.limits) {
        const input = await page.$eval(`input[data-study-arg="${lab.name}/${study.name}/${limit.field}"]`, (i) => [i.min, i.max, i.value]);
        assert.deepEqual(input, [String(limit.min), String(limit.max), String(study.args[limit.field])], `${lab.name}/${study.name} ${limit.field}`);
        studyArgs += 1;
      }
    }
  }
  assert.ok(studyArgs >= 3, `${studyArgs} study arguments`);
  // every study input starts at the study's own default
  const inputs = await page.$$eval('input[data-study-arg]', (all) => all.map((i) => [i.dataset.studyArg, i.value]));
  for (const [arg, value] of inputs) {
    const [lab, study, field] = arg.split('/');
    const args = catalog.labs.find((l) => l.name === lab).studies.find((s) => s.name === study).args;
    assert.equal(value, String(args[field]), arg);
  }
  assert.ok(inputs.length >= 4, `${inputs.length} study inputs`);
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

test("every lab's form is the core's fields, in the core's words and order", async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForResult(page);
  let checked = 0;
  for (const lab of catalog.labs) {
    const groups = new Set(lab.fields.filter((f) => f.kind.type === 'custom').map((f) => f.path));
    const own = lab.fields.filter((f) => !groups.has(f.path.split('.')[0]) || !f.path.includes('.'));
    const shown = await page.$$eval(`[data-lab-panel="${lab.name}"] form [data-field]`, (boxes) =>
      boxes.map((box) => {
        const label = box.querySelector(`label[for="${CSS.escape(box.id.replace(/-field$/, ''))}"]`);
        const input = box.querySelector(`#${CSS.escape(box.id.replace(/-field$/, ''))}`);
        return { name: box.dataset.field, label: label?.innerHTML ?? null, help: box.querySelector(':scope > .help')?.textContent ?? '', placeholder: input?.getAttribute('placeholder') ?? null, title: input?.title ?? '' };
      }),
    );
    assert.deepEqual(shown.map((s) => s.name), own.map((f) => f.name), `${lab.name}: the core's fields, in its order`);
    for (const [i, field] of own.entries()) {
      const box = shown[i];
      const what = `${lab.name}.${field.path}`;
      if (field.kind.type !== 'custom') assert.equal(box.label, field.label, `${what}: the core's label`);
      if (field.kind.type !== 'choice' && field.help) assert.equal(box.help, field.help, `${what}: the core's help`);
      if (field.empty && ['whole', 'number', 'text'].includes(field.kind.type)) assert.equal(box.placeholder, field.empty, `${what}: what empty means`);
      if (field.about && field.kind.type !== 'choice' && field.kind.type !== 'custom') assert.ok(box.title.length > 0, `${what}: a tooltip`);
      checked++;
    }
    // a group's parts (the readings' numbers, the cost model's prices) under the core's labels
    for (const part of lab.fields.filter((f) => f.path.includes('.') && groups.has(f.path.split('.')[0]))) {
      const [group, key] = [part.path.split('.')[0], part.path.split('.').slice(1).join('.')];
      const name = lab.fields.find((f) => f.path === group).name;
      const label = await page.$eval(`[data-lab-panel="${lab.name}"] [data-field="${name}"]`, (box, key) => [...box.querySelectorAll('label')].find((l) => l.htmlFor.endsWith(`-${key}`))?.innerHTML ?? null, key);
      assert.equal(label, part.label, `${lab.name}.${part.path}: the core's label`);
      checked++;
    }
  }
  assert.ok(checked >= 70, `${checked} fields checked`);
  assertNoProblems(problems);
});
