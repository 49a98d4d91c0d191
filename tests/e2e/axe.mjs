// axe-core in the browser tests (issues 52, 64): the page audited against WCAG 2.1 A/AA and
// axe's best practices, every finding kept for test-results/axe-findings-*.json.
import { writeFileSync, mkdirSync } from 'node:fs';
import { ROOT, RESULTS } from './harness.mjs';

const AXE = `${ROOT}node_modules/axe-core/axe.min.js`;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

/** Every finding of every view audited in this test file, for the file written at the end. */
const record = [];

/** Write every finding so far (any impact) to test-results/axe-findings-NAME.json. */
export function saveRecord(name = 'a11y') {
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(`${RESULTS}axe-findings-${name}.json`, JSON.stringify(record, null, 1));
}

/**
 * axe's findings on the page as it is now, as lines naming `where`: the serious and critical
 * ones, or (`every`) all of them, whatever their impact; `rules` (axe rule ids) runs those only.
 */
export async function audit(page, where, { every = false, rules = null } = {}) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const only = rules ? { type: 'rule', values: rules } : { type: 'tag', values: TAGS };
  const found = await page.evaluate(async (only) => {
    const result = await window.axe.run(document, { runOnly: only, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')), summary: v.nodes[0]?.failureSummary }));
  }, only);
  for (const v of found) record.push({ where, ...v });
  return found
    .filter((v) => every || BLOCKING.has(v.impact))
    .map((v) => `${where}: ${v.id} (${v.impact}) at ${v.targets.slice(0, 6).join(' | ')}${v.targets.length > 6 ? ` … ${v.targets.length} nodes` : ''}\n    ${v.summary?.split('\n').slice(0, 3).join(' ')}`);
}
