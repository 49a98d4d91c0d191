// The guided tours in the docs (issue 62): each lab's page, docs/labs/LAB.md, has a "Tours"
// section that links every tour of www/tour-list.js with a stop in that lab (as
// `../../#tour=ID`, the playground beside docs/ on the served and the published site), and no
// tour that is not there; a lab no tour visits says so in that section. A new tour without its
// link fails here by name. No WASM: the tours are data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { TOURS } from '../../www/tour-list.js';

const LABS = new URL('../../docs/labs/', import.meta.url);

/** The text of section `## Tours` of a lab's page, or null when it has none. */
function toursSection(markdown) {
  const match = markdown.match(/^## Tours\n([\s\S]*?)(?=^## |(?![\s\S]))/m);
  return match ? match[1] : null;
}

/** The tour ids a text links (`(../../#tour=ID)`, optionally `&stop=K`). */
const linkedTours = (text) => [...text.matchAll(/\]\(\.\.\/\.\.\/#tour=([^)&\s]+)(?:&stop=\d+)?\)/g)].map((m) => decodeURIComponent(m[1]));

test('every tour is linked from the docs page of every lab it visits, and the pages link no other tour', () => {
  const pages = readdirSync(LABS).filter((f) => f.endsWith('.md'));
  const found = [];
  const visits = new Map(); // lab → the ids of the tours with a stop in it
  for (const tour of TOURS) {
    for (const lab of new Set(tour.stops.map((stop) => stop.lab))) visits.set(lab, [...(visits.get(lab) ?? []), tour.id]);
  }
  for (const lab of visits.keys()) {
    if (!pages.includes(`${lab}.md`)) found.push(`a tour visits the ${lab} lab, which has no docs/labs/${lab}.md`);
  }
  for (const page of pages) {
    const lab = page.replace(/\.md$/, '');
    const section = toursSection(readFileSync(new URL(page, LABS), 'utf8'));
    if (section === null) {
      found.push(`docs/labs/${page} has no "## Tours" section`);
      continue;
    }
    const linked = linkedTours(section);
    const wanted = visits.get(lab) ?? [];
    for (const id of wanted) if (!linked.includes(id)) found.push(`docs/labs/${page} does not link the tour ${id} (../../#tour=${id}), which has a stop in the ${lab} lab`);
    for (const id of linked) if (!wanted.includes(id)) found.push(`docs/labs/${page} links the tour ${id}, which ${TOURS.some((t) => t.id === id) ? `has no stop in the ${lab} lab` : 'does not exist'}`);
    if (!wanted.length && !/\bno (guided )?tour\b/i.test(section)) found.push(`docs/labs/${page}: no tour visits the ${lab} lab, and its Tours section does not say so`);
  }
  assert.deepEqual(found, []);
  assert.ok(visits.size >= 7, `the tours visit ${visits.size} labs`);
});

test('the check reads a Tours section and its links as written (a link to the docs index, ../#tour=, is not a tour)', () => {
  assert.deepEqual(linkedTours('- [`a`](../../#tour=002-fig4): x\n- [b](../../#tour=004-fig5&stop=2) [c](../#tour=003-table1) [d](cli.md)'), ['002-fig4', '004-fig5']);
  assert.equal(toursSection('# Lab\n\n## On the page\n\nx\n\n## Controls\n'), null);
  assert.equal(toursSection('# Lab\n\n## Tours\n\nNo tour yet.\n\n## Controls\n\ny\n'), '\nNo tour yet.\n\n');
  assert.equal(toursSection('# Lab\n\n## Tours\n\nlast\n'), '\nlast\n');
});
