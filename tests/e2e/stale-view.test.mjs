// The page never shows another configuration's numbers as current (issue 53). A network file
// the scheme refuses (LOREN needs switches on a floor; an edge list has none) leaves the last
// good run on screen, labelled as that run everywhere — results, title, the figure's text,
// Compare's pinned side — with a note over the figure naming it and what the controls ask for;
// beside the Scheme the core's refusal and the schemes that do run, as buttons; the file stays
// in the field, and picking a scheme runs it and the note goes. Two files one after the other:
// the Topology field and the view disagree only while the note says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForResult, runsDone, waitForRun, afterRun, text, screenshotPath, assertNoProblems } from './harness.mjs';

const env = useBrowser();

/** An x × y torus as an edge list (no positions): x·y switches, 2·x·y links. */
function torus(x, y) {
  const lines = [`# a ${x}x${y} torus`];
  for (let j = 0; j < y; j++) {
    for (let i = 0; i < x; i++) lines.push(`${x * j + i} ${x * j + ((i + 1) % x)}`, `${x * j + i} ${x * ((j + 1) % y) + i}`);
  }
  return lines;
}

/** A ring of n switches as an edge list. */
function ring(n) {
  return Array.from({ length: n }, (_, i) => `${i} ${(i + 1) % n}`);
}

const file = (name, lines) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(`${lines.join('\n')}\n`) });

/** Open `payload` with the Routing lab's Topology "Open file…" button (it runs at once). */
async function openFile(page, payload) {
  const chooser = page.waitForEvent('filechooser');
  await page.click('#rt-topology-open');
  await (await chooser).setFiles(payload);
}

/** The page on the Routing lab, its first run (LOREN on lrt:64:4:2) done. */
async function routingPage() {
  const opened = await openPage(env, env.url);
  await waitForResult(opened.page);
  const before = await runsDone(opened.page);
  await opened.page.click('#lab-routing');
  await waitForRun(opened.page, before);
  await opened.page.waitForFunction(() => document.getElementById('rt-metric-switches')?.textContent.trim() === '64');
  return opened;
}

/** Everything that names or numbers the shown run. */
function view(page) {
  return page.evaluate(() => {
    const note = document.getElementById('view-note');
    const textOf = (id) => document.getElementById(id)?.textContent.trim() ?? null;
    return {
      title: document.title,
      runOf: textOf('rt-run-of'),
      note: note.hidden ? null : note.textContent.trim(),
      noteRole: note.getAttribute('role'),
      description: textOf('figure-description'),
      caption: document.querySelector('#figure svg .cap')?.textContent ?? null,
      switches: textOf('rt-metric-switches'),
      links: textOf('rt-metric-links'),
      scheme: textOf('rt-metric-scheme'),
      avgPath: textOf('rt-metric-avg-path'),
    };
  });
}

test('a file the scheme refuses: the last run stays, labelled as itself, with a note; the offered scheme runs the file', async () => {
  const { page, problems } = await routingPage();
  const lrt = await view(page);
  assert.equal(lrt.note, null, 'the controls are what is shown: no note');
  assert.equal(lrt.runOf, 'Run shown: lrt:64:4:2 · loren · 0 → 63');
  assert.match(lrt.title, /^Topolab — Routing · lrt:64:4:2 · loren/);
  assert.deepEqual([lrt.switches, lrt.links, lrt.scheme], ['64', '128', 'LOREN']);

  // a 9×8 torus (72 switches, 144 links) without positions: LOREN refuses it
  await afterRun(page, () => openFile(page, file('torus-9x8.txt', torus(9, 8))));
  await page.waitForSelector('#rt-scheme-error:not([hidden])');
  assert.match(await text(page, '#rt-scheme-error'), /^'loren': needs switches on a square floor \(lrt:N:d:r or a square mesh\), not 'graph: from a file \(72 switches, 144 links, 72 endpoints\)'$/, 'the core’s refusal, next to the Scheme');
  const spec = await page.inputValue('#rt-topology');
  assert.match(spec, /^graph:[A-Za-z0-9_-]+$/, 'the file stays in the field');
  assert.equal(await text(page, '#rt-topology-file-name'), 'from torus-9x8.txt');

  // every view still shows the lrt run, and says it is that run
  await page.waitForSelector('#view-note:not([hidden])');
  const stale = await view(page);
  assert.equal(stale.noteRole, null, 'the note is not a live region of its own (the refusal is said once, by #announce)');
  assert.match(await page.textContent('#announce'), /^Did not run: /);
  assert.equal(stale.note, 'Showing the last run: lrt:64:4:2 · loren · 0 → 63 — the controls ask for file torus-9x8.txt · loren · 0 → 63, which did not run (the reason is marked in red).');
  assert.equal(stale.runOf, 'Last run shown: lrt:64:4:2 · loren · 0 → 63');
  assert.deepEqual({ ...stale, note: null, runOf: null }, { ...lrt, note: null, runOf: null }, 'the title, the figure, its text and the numbers are the lrt run’s');
  for (const [where, said] of Object.entries({ title: stale.title, runOf: stale.runOf, description: stale.description, caption: stale.caption })) {
    assert.doesNotMatch(said, /torus|graph/, `${where} names no other network than the one its numbers are of: ${said}`);
  }

  // the schemes that run on it are offered beside the refusal (after it), LOREN not among them
  await page.waitForFunction(() => document.getElementById('rt-scheme-offer-head')?.textContent === 'Instead, these run as set:');
  const offered = await page.$$eval('#rt-scheme-offer button', (buttons) => buttons.map((b) => [b.dataset.value, b.textContent]));
  assert.deepEqual(offered, [
    ['cowen', 'Cowen 1999 (paper 002)'],
    ['cowen-cluster', 'Cowen, cluster reading'],
    ['shortest', 'Shortest path'],
  ]);

  // Compare pins the run shown (lrt, LOREN) under its own label, never the controls'
  await page.click('#compare');
  await page.waitForSelector('#compare-table tr[data-field="switches"]');
  assert.equal(await text(page, '#compare-a-label'), 'lrt:64:4:2 · loren · 0 → 63');
  assert.equal(await text(page, '#compare-sides dd[data-side="a"]'), 'lrt:64:4:2 · loren · 0 → 63');
  assert.equal(await text(page, '#compare-sides dd[data-side="b"]'), 'lrt:64:4:2 · loren · 0 → 63', 'B is the run shown too: the controls did not run');
  const pinned = await page.$eval('#compare-table tr[data-field="switches"]', (tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
  assert.deepEqual(pinned.slice(0, 2), ['64', '64']);
  assert.equal(await page.isVisible('#view-note'), true, 'the note stays while the view is not the controls’');
  await page.screenshot({ path: screenshotPath('stale-view-refused') });

  // pick Cowen where it is offered: the file runs, the note goes, every view is the file's
  await afterRun(page, () => page.click('#rt-scheme-offer button[data-value="cowen"]'));
  await page.waitForFunction(() => document.getElementById('rt-metric-switches').textContent.trim() === '72');
  await page.waitForSelector('#view-note', { state: 'hidden' });
  assert.equal(await page.inputValue('#rt-scheme'), 'cowen');
  assert.equal(await page.inputValue('#rt-topology'), spec, 'the file is the one that ran');
  assert.equal(await page.isVisible('#rt-scheme-error'), false);
  assert.equal(await page.isVisible('#rt-scheme-offer'), false, 'nothing is offered once it ran');
  const ran = await view(page);
  assert.equal(ran.runOf, 'Run shown: file torus-9x8.txt · cowen · 0 → 63');
  assert.equal(ran.title, 'Topolab — Routing · file torus-9x8.txt · cowen');
  assert.deepEqual([ran.switches, ran.links], ['72', '144']);
  assert.match(ran.scheme, /^Cowen 1999/);
  // compare: A is still the lrt run, B the file's; each number beside its own network's name
  await page.waitForFunction(() => document.querySelector('#compare-table tr[data-field="switches"] td:nth-of-type(2)')?.textContent === '72');
  assert.equal(await text(page, '#compare-sides dd[data-side="a"]'), 'lrt:64:4:2 · loren · 0 → 63');
  assert.equal(await text(page, '#compare-sides dd[data-side="b"]'), 'file torus-9x8.txt · cowen · 0 → 63');
  assert.equal(await text(page, '#compare-b-label'), 'B · file torus-9x8.txt · cowen · 0 → 63');
  const rows = await page.$$eval('#compare-table tbody tr', (trs) => Object.fromEntries(trs.map((tr) => [tr.dataset.field, [...tr.querySelectorAll('td')].map((td) => td.textContent)])));
  assert.deepEqual(rows.switches.slice(0, 2), ['64', '72']);
  assert.deepEqual(rows.links.slice(0, 2), ['128', '144']);
  assert.deepEqual(rows.scheme.slice(0, 2), ['loren', 'cowen']);
  assert.deepEqual(rows.topology.slice(0, 2), ['lrt:64:4:2', 'file torus-9x8.txt'], 'the file’s network by its name, not its packed spec');
  await page.screenshot({ path: screenshotPath('stale-view-ran') });
  assertNoProblems(problems);
});

test('two files: the Topology field and the view disagree only while the note says so', async () => {
  const { page, problems } = await routingPage();
  await afterRun(page, () => page.selectOption('#rt-scheme', 'shortest'));
  assert.equal(await page.isVisible('#view-note'), false);

  // file A runs: every view is A's
  await afterRun(page, () => openFile(page, file('a-torus.txt', torus(9, 8))));
  await page.waitForFunction(() => document.getElementById('rt-metric-switches').textContent.trim() === '72');
  // a destination A has and B will not (a default one would adapt to B: issue 53)
  await afterRun(page, async () => {
    await page.fill('#rt-destination', '70');
    await page.press('#rt-destination', 'Enter');
  });
  const specA = await page.inputValue('#rt-topology');
  const a = await view(page);
  assert.equal(a.note, null);
  assert.equal(a.runOf, 'Run shown: file a-torus.txt · shortest · 0 → 70');
  assert.equal(a.title, 'Topolab — Routing · file a-torus.txt · shortest');

  // file B (a ring of 40: no switch 70 for the destination) is refused: the field holds B, the view A, and the note says so
  await afterRun(page, () => openFile(page, file('b-ring.txt', ring(40))));
  await page.waitForSelector('#rt-destination-error:not([hidden])');
  const specB = await page.inputValue('#rt-topology');
  assert.notEqual(specB, specA, 'the field holds file B');
  assert.equal(await text(page, '#rt-topology-file-name'), 'from b-ring.txt');
  await page.waitForSelector('#view-note:not([hidden])');
  const stale = await view(page);
  assert.equal(stale.note, 'Showing the last run: file a-torus.txt · shortest · 0 → 70 — the controls ask for file b-ring.txt · shortest · 0 → 70, which did not run (the reason is marked in red).');
  assert.equal(stale.runOf, 'Last run shown: file a-torus.txt · shortest · 0 → 70');
  assert.deepEqual({ ...stale, note: null, runOf: null }, { ...a, note: null, runOf: null }, 'every number and the title are still A’s');
  assert.doesNotMatch(stale.title, /b-ring/);
  assert.equal(await page.$('#rt-destination-offer'), null, 'a number is not a choice: nothing is offered');

  // input the form refuses: the note says the controls do not run, the view is A's still
  await page.fill('#rt-destination', '1.5');
  await page.press('#rt-destination', 'Enter');
  await page.waitForFunction(() => /input that does not run/.test(document.getElementById('view-note').textContent));
  assert.equal(await text(page, '#view-note'), 'Showing the last run: file a-torus.txt · shortest · 0 → 70 — the controls hold input that does not run (marked in red).');
  assert.equal((await view(page)).switches, '72');

  // a destination B has: B runs, the note goes, every view is B's
  await afterRun(page, async () => {
    await page.fill('#rt-destination', '20');
    await page.press('#rt-destination', 'Enter');
  });
  await page.waitForFunction(() => document.getElementById('rt-metric-switches').textContent.trim() === '40');
  await page.waitForSelector('#view-note', { state: 'hidden' });
  const b = await view(page);
  assert.equal(await page.inputValue('#rt-topology'), specB);
  assert.equal(b.runOf, 'Run shown: file b-ring.txt · shortest · 0 → 20');
  assert.equal(b.title, 'Topolab — Routing · file b-ring.txt · shortest');
  assert.deepEqual([b.switches, b.links], ['40', '40']);
  assertNoProblems(problems);
});
