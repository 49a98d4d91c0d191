// A tour in the lecture hall (issue 52): Share and Embed while a tour is open give a link that
// opens that tour at that stop, with its card — in a page of its own and as an embed in a host
// page's <iframe>; and on a laptop at 150 % (1280×720: 853×480 CSS px at 1.5), light and dark,
// every tour at its first stop and its second shows its card, its figure, its whole text and
// the step's text without scrolling. Screenshots in test-results/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForRun, screenshotPath, assertNoProblems, atTourStop } from './harness.mjs';
import { TOURS } from '../../www/tour-list.js';

const env = useBrowser();


/** The card is shown, in view, and says "stop k of N". */
async function assertCard(frame, tour, k, where) {
  assert.equal((await frame.textContent('.tour-count')).trim(), `stop ${k} of ${tour.stops.length}`, where);
  assert.equal((await frame.textContent('.tour-text')).trim(), tour.stops[k - 1].text, where);
  const box = await frame.evaluate(() => {
    const r = document.getElementById('tour-card').getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: r.height, inside: r.top >= -0.5 && r.bottom <= innerHeight + 0.5 };
  });
  assert.ok(box.height > 20 && box.inside, `${where}: the card is in view (${JSON.stringify(box)})`);
}

test('Share and Embed while a tour is open link to that tour at that stop, and the links open it with its card', async () => {
  const tour = TOURS.find((t) => t.id === '002-fig4');
  const { page, problems } = await openPage(env, env.url);
  await page.click('#tours');
  await page.click(`#start-screen [data-tour="${tour.id}"]`);
  await atTourStop(page, tour.id, 1);
  await page.keyboard.press('ArrowRight');
  await atTourStop(page, tour.id, 2);

  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share-link').value !== '');
  const shared = await page.inputValue('#share-link');
  assert.equal(shared, `${env.url}#tour=${tour.id}&stop=2`);
  await page.click('#share-box .close');

  await page.click('#embed');
  await page.waitForFunction(() => document.getElementById('embed-code').value !== '');
  const snippet = await page.inputValue('#embed-code');
  const src = snippet.match(/src="([^"]+)"/)[1].replace(/&amp;/g, '&');
  const url = new URL(src);
  assert.equal(url.origin + url.pathname, new URL(env.url).origin + new URL(env.url).pathname);
  assert.equal(url.searchParams.get('embed'), '1', src);
  assert.equal(url.hash, `#tour=${tour.id}&stop=2`, src);
  assert.match(snippet, /title="Topolab tour: LOREN forwards a packet from 15 to 5 \(stop 2 of 4\)"/);
  // the page's own view is still shared when the tour closes
  await page.click('#embed-box .close');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#tour-card', { state: 'hidden' });
  await page.click('#share');
  await page.waitForFunction(() => document.getElementById('share-link').value.includes('#v1.'));
  assertNoProblems(problems);

  // the shared link in a page of its own
  const { page: opened, problems: openedProblems } = await openPage(env, shared);
  await atTourStop(opened, tour.id, 2);
  await assertCard(opened, tour, 2, 'the shared link');
  assertNoProblems(openedProblems);

  // the embed in a host page's <iframe>, as the snippet puts it
  const { context, page: host, problems: hostProblems } = await openPage(env, 'about:blank', { viewport: { width: 900, height: 700 } });
  const hostUrl = `${env.url}test-host.html`;
  await context.route(hostUrl, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>host</title><body style="margin:0">${snippet}</body>` }));
  await host.goto(hostUrl);
  const frame = await (await host.waitForSelector('iframe')).contentFrame();
  await atTourStop(frame, tour.id, 2);
  await assertCard(frame, tour, 2, 'the embed');
  assert.equal(await frame.evaluate(() => document.body.classList.contains('embed')), true);
  await host.screenshot({ path: screenshotPath('tour-share-embed-002-fig4-stop2') });
  assertNoProblems(hostProblems);
});

/**
 * What of the tour's first screen is out of view, cut or covered (empty: all is well): the card,
 * the figure (its drawing, the OCS relay view's, or the message of a network too large to draw),
 * the tour's whole text (not scrolled, not clipped by the card) and the step's title and text.
 */
function screenProblems(page) {
  return page.evaluate(() => {
    const inside = (r, box = { left: 0, top: 0, right: innerWidth, bottom: innerHeight }) => r.width > 0 && r.height > 0 && r.left >= box.left - 0.5 && r.top >= box.top - 0.5 && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5;
    const covered = (element) => {
      const r = element.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 10));
      return !(hit && (hit === element || element.contains(hit)));
    };
    const out = [];
    if (scrollY !== 0) out.push(`the page is scrolled (${scrollY})`);
    const card = document.getElementById('tour-card');
    const cardBox = card.getBoundingClientRect();
    if (!inside(cardBox)) out.push('the card is out of view');
    const text = card.querySelector('.tour-text');
    if (text.scrollHeight > text.clientHeight + 1) out.push(`the tour's text scrolls (${text.scrollHeight} > ${text.clientHeight})`);
    if (!inside(text.getBoundingClientRect(), card.getBoundingClientRect())) out.push('the tour\'s text is cut by its card');
    else if (!inside(text.getBoundingClientRect())) out.push('the tour\'s text is out of view');
    else if (covered(text)) out.push('the tour\'s text is covered');
    for (const id of ['step-title', 'step-explanation', 'play']) {
      const element = document.getElementById(id);
      if (!inside(element.getBoundingClientRect())) out.push(`#${id} out of view`);
      else if (covered(element)) out.push(`#${id} covered`);
    }
    // the step's whole text, not a scrolling box of its first lines
    const step = document.getElementById('step-explanation');
    if (step.scrollHeight > step.clientHeight + 1) out.push(`the step's text scrolls (${step.scrollHeight} > ${step.clientHeight})`);
    const figure = document.querySelector('body[data-lab="ocs-relay"] #ocs-view svg') ?? document.querySelector('#figure > svg, #figure canvas, #figure .figure-message');
    const box = figure?.getBoundingClientRect();
    const least = figure?.matches('.figure-message') ? 20 : 100;
    if (!box || !inside(box) || box.height < least) out.push(`the figure ${box ? `${Math.round(box.width)}×${Math.round(box.height)} at ${Math.round(box.top)}` : 'missing'}`);
    return out;
  });
}

test('on a laptop at 150 % (853×480 at 1.5), light and dark: every tour\'s card, figure, whole text and step text are on screen at its first two stops', async () => {
  const found = [];
  for (const theme of ['light', 'dark']) {
    const { page, problems } = await openPage(env, `${env.url}?theme=light&large=0`, { viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5 });
    await waitForRun(page, 0); // the page's own first run, before a tour's link replaces it
    if (theme === 'dark') await page.click('#theme');
    assert.equal(await page.getAttribute('html', 'data-theme'), theme);
    for (const tour of TOURS) {
      for (const k of [1, 2]) {
        await page.evaluate((hash) => (location.hash = hash), `#tour=${tour.id}&stop=${k}`);
        await atTourStop(page, tour.id, k);
        for (const problem of await screenProblems(page)) found.push(`${theme} ${tour.id} stop ${k}: ${problem}`);
        if (k === 1 && ['002-fig4', '001-fig3'].includes(tour.id)) await page.screenshot({ path: screenshotPath(`tour-853x480@1.5-${theme}-${tour.id}-stop1`) });
      }
    }
    assertNoProblems(problems);
    await page.context().close();
  }
  assert.deepEqual(found, []);
});
