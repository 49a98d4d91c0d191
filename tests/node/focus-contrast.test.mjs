// The focus ring against what it is drawn on (issue 64, WCAG 2.1 1.4.11: at least 3:1 for a
// focus indicator): in both themes, against the panels, the page background, the accent's soft
// background (a preset's card) and a stale note's. Read from www/style.css's variables, so a
// colour changed there is checked here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const css = readFileSync(new URL('../../www/style.css', import.meta.url), 'utf8');

/** The variables of the first block that `selector` opens. */
function variables(selector) {
  const start = css.indexOf(`${selector} {`);
  assert.ok(start >= 0, `${selector} in style.css`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1], m[2]]));
}

/** WCAG relative luminance of #rrggbb. */
function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a, b) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

test('the focus ring is at least 3:1 against every background it is drawn on, in both themes', () => {
  const light = variables(':root');
  const dark = { ...light, ...variables(":root[data-theme='dark']") };
  for (const [theme, v] of Object.entries({ light, dark })) {
    for (const behind of ['panel', 'bg', 'accent-soft', 'stale-bg']) {
      if (!v[behind]) continue;
      const ratio = contrast(v.focus, v[behind]);
      assert.ok(ratio >= 3, `${theme}: --focus ${v.focus} on --${behind} ${v[behind]} is ${ratio.toFixed(2)}:1`);
    }
  }
});
