// The lecturer's own tour (issue 64): built in the page with "Make a tour" — five stops (a mesh
// with DOR, a torus, an LRT with LOREN, Cowen, and compare mode), each with a note, in at most
// 15 actions — then its one link opened at stop 3 in a fresh browser, its file downloaded and
// opened again in another, and the tour played in an embed with PageDown and PageUp.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { useBrowser, openPage, afterRun, waitForRun, assertNoProblems, screenshotPath, RESULTS } from './harness.mjs';

const env = useBrowser();

const NOTES = [
  'Dimension-order routing on an 8×8 mesh: X first, then Y.',
  'The same traffic on a torus: the wrap-around links halve the longest path.',
  'LOREN on a layout-conscious random topology of 64 switches.',
  'Cowen’s landmark routing on the same network, as paper 002 compares it.',
  'Compare mode: Cowen pinned as A, LOREN as B, with B − A in the table.',
];
const TITLE = 'Routing on a floor grid';

/** Wait until the tour card shows a lecturer's tour at stop `k` with its run on screen. */
async function atOwnStop(frame, k) {
  await frame.waitForFunction((k) => {
    const card = document.getElementById('tour-card');
    return card && !card.hidden && card.dataset.tour === 'own' && card.dataset.stop === String(k) && card.dataset.ready !== 'false';
  }, k);
  assert.equal(await frame.getAttribute('#tour-card', 'data-ready'), 'true', `stop ${k} ran: ${await frame.textContent('.tour-status')}`);
}

async function card(frame) {
  return frame.evaluate(() => ({
    title: document.querySelector('.tour-title').textContent,
    count: document.querySelector('.tour-count').textContent,
    text: document.querySelector('.tour-text').textContent,
  }));
}

/** What the Simulate lab shows: its run's label, the routing asked, compare mode. */
async function simShown(frame) {
  return frame.evaluate(() => ({
    lab: document.body.dataset.lab,
    topology: document.getElementById('sim-topology').value,
    routing: document.getElementById('sim-routing').value,
    compare: document.getElementById('compare').getAttribute('aria-pressed'),
  }));
}

test('a lecturer builds a five-stop tour with notes in at most 15 actions; its link opens at stop 3 in a fresh browser; its file opens it again; it plays in an embed by PageDown and PageUp', async () => {
  // a lecturer's first visit: the start screen is open, with "Make your own tour" in it (a
  // returning visitor opens it with Tours: one action more)
  const { context, page, problems } = await openPage(env, env.url, { firstVisit: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await waitForRun(page, 0);
  let actions = 0;
  /** One action of the lecturer's: a click, a choice, or a text typed (Enter ending it). */
  const act = async (what) => {
    actions++;
    await what();
  };
  const typed = (selector, value) => act(async () => {
    await page.fill(selector, value);
    await page.press(selector, 'Enter');
  });
  const addStop = async (k) => {
    await typed('#my-tour-note', NOTES[k - 1]);
    await page.waitForFunction((k) => document.querySelectorAll('#my-tour-stops li').length === k, k);
  };
  const running = (what) => act(() => afterRun(page, what));

  await act(() => page.click('#my-tour-open'));
  await act(() => page.fill('#my-tour-title', TITLE));
  await running(() => page.click('.lab[data-lab="sim"]'));
  await running(() => page.selectOption('#sim-routing', 'dor'));
  await addStop(1);
  await running(() => page.fill('#sim-topology', 'torus:8x8').then(() => page.press('#sim-topology', 'Enter')));
  await addStop(2);
  await running(() => page.fill('#sim-topology', 'lrt:64:4:2').then(() => page.press('#sim-topology', 'Enter')));
  await running(() => page.selectOption('#sim-routing', 'loren'));
  await addStop(3);
  await running(() => page.selectOption('#sim-routing', 'cowen'));
  await addStop(4);
  await act(() => page.click('#compare'));
  await running(() => page.selectOption('#sim-routing', 'loren'));
  await page.waitForFunction(() => !/running/i.test(document.getElementById('compare-table')?.textContent ?? '') );
  await addStop(5);
  assert.ok(actions <= 15, `the tour took ${actions} actions`);

  const labels = await page.$$eval('#my-tour-stops .my-tour-label', (ls) => ls.map((l) => l.textContent));
  assert.equal(labels.length, 5);
  assert.match(labels[0], /^1\. Simulate · mesh:8x8 · dor/);
  assert.match(labels[1], /^2\. Simulate · torus:8x8/);
  assert.match(labels[2], /^3\. Simulate · lrt:64:4:2 · loren/);
  assert.match(labels[3], /^4\. Simulate · lrt:64:4:2 · cowen/);
  assert.match(labels[4], /^5\. Simulate · lrt:64:4:2 · loren.* against A = lrt:64:4:2 · cowen/);
  assert.deepEqual(await page.$$eval('#my-tour-stops .my-tour-stop-note', (ns) => ns.map((n) => n.value)), NOTES);

  // reorder and edit: stop 2 down and back up, a note changed and changed back
  await page.click('#my-tour-stops li:nth-child(2) .down');
  assert.match(await page.textContent('#my-tour-stops li:nth-child(3) .my-tour-label'), /torus/);
  await page.click('#my-tour-stops li:nth-child(3) .up');
  assert.match(await page.textContent('#my-tour-stops li:nth-child(2) .my-tour-label'), /torus/);
  await page.screenshot({ path: screenshotPath('own-tour-composer-1440') });

  // one link for the whole tour
  await page.click('#my-tour-link');
  await page.waitForFunction(() => /Link to the whole tour copied/.test(document.getElementById('my-tour-status').textContent));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /#tour=t1\.[\w-]+&stop=1$/);
  assert.ok(link.length < 3000, `the link is ${link.length} characters`);

  // the file
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#my-tour-download')]);
  assert.equal(download.suggestedFilename(), 'topolab-tour-Routing-on-a-floor-grid.json');
  const file = `${RESULTS}own-tour.json`;
  await download.saveAs(file);
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(saved.title, TITLE);
  assert.deepEqual(saved.stops.map((s) => s.note), NOTES);
  assert.equal(saved.stops[4].compare.section.routing, 'cowen');
  assertNoProblems(problems);

  // the link at stop 3, in a fresh browser (a new context: nothing kept from the first)
  const { page: student, problems: studentProblems } = await openPage(env, link.replace(/stop=1$/, 'stop=3'));
  await atOwnStop(student, 3);
  assert.deepEqual(await card(student), { title: TITLE, count: 'stop 3 of 5', text: NOTES[2] });
  assert.deepEqual(await simShown(student), { lab: 'sim', topology: 'lrt:64:4:2', routing: 'loren', compare: 'false' });
  await student.keyboard.press('PageDown');
  await atOwnStop(student, 4);
  await student.keyboard.press('PageDown');
  await atOwnStop(student, 5);
  assert.deepEqual(await simShown(student), { lab: 'sim', topology: 'lrt:64:4:2', routing: 'loren', compare: 'true' });
  await student.waitForFunction(() => document.querySelectorAll('#compare-table tr').length > 2);
  assert.match(await student.textContent('#compare-table'), /B − A/);
  // Share during the tour copies the tour's link at the stop shown
  await student.click('#share');
  await student.waitForFunction(() => document.getElementById('share-link').value !== '');
  assert.equal(await student.inputValue('#share-link'), link.replace(/stop=1$/, 'stop=5'));
  assertNoProblems(studentProblems);

  // the file, opened in another fresh browser
  const { page: other, problems: otherProblems } = await openPage(env, env.url);
  await waitForRun(other, 0);
  await other.click('#tours');
  await other.click('#my-tour-open');
  await other.setInputFiles('#my-tour-file-input', file);
  await atOwnStop(other, 1);
  assert.deepEqual(await card(other), { title: TITLE, count: 'stop 1 of 5', text: NOTES[0] });
  assert.deepEqual(await simShown(other), { lab: 'sim', topology: 'mesh:8x8', routing: 'dor', compare: 'false' });
  assertNoProblems(otherProblems);

  // in an embed in a slide, by a clicker's PageDown and PageUp
  const { context: deck, page: host, problems: hostProblems } = await openPage(env, 'about:blank', { viewport: { width: 1280, height: 720 } });
  const src = new URL(link);
  src.searchParams.set('embed', '1');
  const hostUrl = `${env.url}own-tour-deck.html`;
  await deck.route(hostUrl, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>deck</title><body style="margin:0"><iframe src="${src.href.replace(/&/g, '&amp;')}" width="1200" height="680" style="border:0" title="${TITLE}"></iframe></body>` }));
  await host.goto(hostUrl);
  const frame = await (await host.waitForSelector('iframe')).contentFrame();
  await atOwnStop(frame, 1);
  await frame.focus('#figure');
  await host.keyboard.press('PageDown');
  await atOwnStop(frame, 2);
  assert.equal((await card(frame)).text, NOTES[1]);
  await host.keyboard.press('PageUp');
  await atOwnStop(frame, 1);
  await host.screenshot({ path: screenshotPath('own-tour-embed-1280x720') });
  // the stage takes the frame's width (it took half, its content's, before)
  const [stage, width] = await frame.evaluate(() => [document.getElementById('stage').getBoundingClientRect().width, window.innerWidth]);
  assert.ok(stage >= 0.95 * width, `the stage is ${stage} of the frame's ${width} px`);
  // the compare stop on the slide: both figures and the A/B table with B − A, no Swap or Close
  for (const k of [2, 3, 4, 5]) {
    await host.keyboard.press('PageDown');
    await atOwnStop(frame, k);
  }
  await frame.waitForFunction(() => document.querySelectorAll('#compare-table tbody tr.differs').length > 0);
  const slide = await frame.evaluate(() => {
    const seen = (id) => {
      const e = document.getElementById(id);
      const r = e?.getBoundingClientRect();
      return Boolean(r && r.width > 0 && r.height > 0 && r.bottom <= innerHeight + 0.5);
    };
    return { table: seen('compare-box'), a: seen('compare-figure'), swap: seen('compare-swap'), close: seen('compare-close'), tourClose: document.querySelector('.tour-close').getBoundingClientRect().width > 0, head: document.querySelector('#compare-table thead').textContent };
  });
  assert.deepEqual(slide, { table: true, a: true, swap: false, close: false, tourClose: false, head: 'resultABB − A' });
  await host.screenshot({ path: screenshotPath('own-tour-embed-compare-1280x720') });
  assertNoProblems(hostProblems);
});

test('a tour link that cannot be read says why; a tour too long for a link says so and offers the file; a damaged file is refused and nothing is lost', async () => {
  const { page, problems } = await openPage(env, `${env.url}#tour=t1.AAAA&stop=2`);
  await page.waitForFunction(() => /This tour link could not be read: tour: damaged link/.test(document.getElementById('notice').textContent));
  assert.equal(await page.isVisible('#tour-card'), false);

  // a tour kept in this browser survives a reload
  await waitForRun(page, 0);
  await page.click('#tours');
  await page.click('#my-tour-open');
  await page.fill('#my-tour-note', 'Kept across a reload.');
  await page.press('#my-tour-note', 'Enter');
  await page.reload();
  await page.waitForSelector('body:not(.loading)');
  assert.equal(await page.textContent('#my-tour-open'), 'Your own tour (1 stop)');

  // a file that is not a tour is refused by name, and the tour being made stays
  const bad = `${RESULTS}not-a-tour.json`;
  writeFileSync(bad, JSON.stringify({ version: 1, title: 'x', stops: [{ lab: 'sim', section: { rate: 'fast' }, note: 'n' }] }));
  await page.click('#tours');
  await page.click('#my-tour-open');
  await page.setInputFiles('#my-tour-file-input', bad);
  await page.waitForFunction(() => /not-a-tour\.json could not be opened: tour: stop 1: sim\.rate/.test(document.getElementById('my-tour-status').textContent));
  assert.equal(await page.textContent('#my-tour-open'), 'Your own tour (1 stop)');

  // forty stops, each with a long note of its own words: no link, the file instead
  const words = (i) => Array.from({ length: 90 }, (_, k) => ((i * 7919 + k * 104_729) % 1_000_003).toString(36)).join(' ').slice(0, 600);
  await page.evaluate((notes) => {
    const tour = JSON.parse(localStorage.getItem('topolab.myTour'));
    tour.stops = notes.map((note, i) => ({ ...tour.stops[0], seed: i + 1, note }));
    localStorage.setItem('topolab.myTour', JSON.stringify(tour));
  }, Array.from({ length: 40 }, (_, i) => words(i)));
  await page.reload();
  await page.waitForSelector('body:not(.loading)');
  await page.click('#tours');
  await page.click('#my-tour-open');
  await page.click('#my-tour-link');
  await page.waitForFunction(() => /No link: tour: its link would be \d+ characters.*download the tour as a file/.test(document.getElementById('my-tour-status').textContent));
  assert.equal(await page.evaluate(() => document.activeElement.id), 'my-tour-download');
  // played, Share says why there is no link instead of offering one
  await page.click('#my-tour-play');
  await atOwnStop(page, 1);
  await page.click('#share');
  await page.waitForFunction(() => /This tour has no link: .*Download it as a file/.test(document.getElementById('share-status').textContent));
  assertNoProblems(problems);
});
