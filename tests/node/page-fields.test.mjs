// A lab's page code restates none of its fields: the words of every field (label, help, hint,
// what empty means) are the core's catalog's, and a lab module's `looks` name only fields the
// core has. The form the page builds from them is checked in Chromium (tests/e2e/catalog).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { loadWasm } from './load-wasm.mjs';

const catalog = JSON.parse(JSON.stringify(loadWasm().catalog()));
const www = new URL('../../www/', import.meta.url);

test("the labs' page code holds no field declarations of its own", () => {
  for (const file of readdirSync(new URL('labs/', www)).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(new URL(`labs/${file}`, www), 'utf8');
    assert.doesNotMatch(text, /const fields = \[/, `${file}: a list of fields`);
    assert.doesNotMatch(text, /seedField|parsers\.(whole|number|text)\(/, `${file}: a field's reading restated`);
    // a look never carries a field's words
    const looks = text.match(/const looks = \{[\s\S]*?\n\};/)?.[0] ?? '';
    assert.doesNotMatch(looks, /\b(label|help|hint|examples|placeholder):/, `${file}: words in a look`);
  }
});

test("every lab's looks name fields of the core's", async () => {
  globalThis.document ??= { createElement: () => ({}) }; // the modules build nothing on import
  for (const lab of catalog.labs) {
    const file = { sim: 'simulate' }[lab.name] ?? lab.name;
    const view = (await import(new URL(`labs/${file}.js`, www))).default;
    const names = new Set(lab.fields.map((f) => f.name));
    for (const name of Object.keys(view.looks ?? {})) assert.ok(names.has(name), `${lab.name}: a look of '${name}', which the core does not have`);
    assert.ok(lab.fields.length >= 5, `${lab.name}: ${lab.fields.length} fields`);
  }
});
