// A lecture deck with two embeds (issue 64): a Simulate run of 101 cycles and a tour, their
// snippets made by the page's Embed box, in a reveal.js-like deck (one slide shown, the others
// display: none; the hand-off code of docs/lecturers.md). A clicker's PageDown advances every
// slide in at most three presses and never skips one; an embed on a hidden slide takes no key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForRun, assertNoProblems, atTourStop, screenshotPath } from './harness.mjs';

const env = useBrowser();

/** The page's Embed snippet of `address` (a lab's view or a tour's stop), with its defaults. */
async function snippetOf(address, ready) {
  const { page, problems } = await openPage(env, address);
  await ready(page);
  await page.click('#embed');
  await page.waitForFunction(() => document.getElementById('embed-code').value !== '');
  const snippet = await page.inputValue('#embed-code');
  assertNoProblems(problems);
  await page.context().close();
  return snippet;
}

function deckHtml(slides) {
  const sections = slides.map((body, i) => `<section data-i="${i + 1}"${i ? ' hidden' : ''}><h1>Slide ${i + 1}</h1>${body}</section>`).join('');
  return `<!doctype html><html><head><title>deck</title><style>body{margin:0;font:20px sans-serif}section[hidden]{display:none}iframe{display:block}</style></head><body>${sections}
<script>
  const slides = [...document.querySelectorAll('section')];
  let at = 0;
  window.shown = [1];
  function go(by) {
    const to = Math.max(0, Math.min(slides.length - 1, at + by));
    if (to === at) return;
    slides[at].hidden = true;
    slides[to].hidden = false;
    at = to;
    window.shown.push(at + 1);
    // the hand-off of docs/lecturers.md: the focus back to the deck
    if (document.activeElement instanceof HTMLIFrameElement) document.activeElement.blur();
  }
  const act = (key) => (key === 'PageDown' || key === 'ArrowRight' ? go(1) : key === 'PageUp' || key === 'ArrowLeft' ? go(-1) : null);
  document.addEventListener('keydown', (e) => act(e.key));
  window.addEventListener('message', (e) => { if (e.data?.type === 'topolab:key') act(e.data.key); });
</script></body></html>`;
}

test('a deck with a Simulate embed (101 cycles) and a tour embed advances every slide in at most 3 presses and never skips one', async () => {
  const sim = await snippetOf(`${env.url}?theme=light&large=0`, async (page) => {
    await waitForRun(page, 0);
    await page.click('.lab[data-lab="sim"]');
    await page.waitForFunction(() => /\/ 101$/.test(document.getElementById('step-counter').textContent.trim()));
  });
  assert.match(sim, /keys=none/, 'a 101-step player is not the clicker\'s by default');
  assert.doesNotMatch(sim, /loading="lazy"/, 'it loads with the deck');
  const tour = await snippetOf(`${env.url}#tour=002-fig7&stop=1`, (page) => atTourStop(page, '002-fig7', 1));
  assert.match(tour, /keys=tour/);

  const { context, page: deck, problems } = await openPage(env, 'about:blank', { viewport: { width: 1280, height: 720 } });
  const deckUrl = `${env.url}test-lecture-deck.html`;
  await context.route(deckUrl, (route) => route.fulfill({ contentType: 'text/html', body: deckHtml(['<p>Today: routing.</p>', sim, '<p>Now a tour.</p>', tour, '<p>Questions?</p>']) }));
  await deck.goto(deckUrl);
  const frames = await deck.$$('iframe');
  const simFrame = await frames[0].contentFrame();
  const tourFrame = await frames[1].contentFrame();
  // both load with the deck, hidden slides and all
  await simFrame.waitForFunction(() => /\/ 101$/.test(document.getElementById('step-counter')?.textContent.trim() ?? ''));
  await atTourStop(tourFrame, '002-fig7', 1);

  const presses = [];
  let count = 0;
  const press = async () => {
    count++;
    await deck.keyboard.press('PageDown');
  };
  const slide = () => deck.evaluate(() => window.shown.at(-1));

  // slide 1 → 2 from the deck
  await press();
  await deck.waitForFunction(() => window.shown.at(-1) === 2);
  presses.push(count);
  count = 0;
  // the lecturer clicks into the Simulate embed (its figure): one PageDown leaves the slide
  await frames[0].click({ position: { x: 200, y: 200 } });
  assert.equal(await simFrame.evaluate(() => document.hasFocus()), true);
  const simStep = await simFrame.textContent('#step-counter');
  await press();
  await deck.waitForFunction(() => window.shown.at(-1) === 3);
  assert.equal(await simFrame.textContent('#step-counter'), simStep, 'the hidden run did not step');
  presses.push(count);
  count = 0;
  // slide 3 → 4 from the deck (the focus came back to it)
  await press();
  await deck.waitForFunction(() => window.shown.at(-1) === 4);
  presses.push(count);
  count = 0;
  // the tour: two stops on, then the deck's
  await frames[1].click({ position: { x: 300, y: 300 } });
  await press();
  await atTourStop(tourFrame, '002-fig7', 2);
  await press();
  await atTourStop(tourFrame, '002-fig7', 3);
  await deck.screenshot({ path: screenshotPath('deck-tour-embed-1280x720') });
  await press();
  await deck.waitForFunction(() => window.shown.at(-1) === 5);
  presses.push(count);
  assert.deepEqual(await deck.evaluate(() => window.shown), [1, 2, 3, 4, 5], 'no slide skipped');
  assert.ok(presses.every((n) => n <= 3), `presses per slide: ${presses}`);
  assert.equal(await slide(), 5);

  // an embed on a hidden slide takes no key: back on slide 4 the focus goes into the tour, then
  // the slide is hidden by a deck without the hand-off code (the focus stays in the frame);
  // PageUp goes to the deck instead of moving the hidden tour back
  await deck.keyboard.press('PageUp');
  await deck.waitForFunction(() => window.shown.at(-1) === 4);
  await frames[1].click({ position: { x: 300, y: 300 } });
  await tourFrame.waitForFunction(() => document.hasFocus());
  await deck.evaluate(() => {
    const [four, five] = [...document.querySelectorAll('section')].slice(3);
    four.hidden = true;
    five.hidden = false;
    window.shown.push(5);
  });
  await tourFrame.waitForFunction(() => document.documentElement.dataset.onScreen === 'false');
  await deck.keyboard.press('PageUp');
  await deck.waitForFunction(() => window.shown.length === 8);
  assert.equal(await tourFrame.getAttribute('#tour-card', 'data-stop'), '3', 'the hidden tour did not move');
  assertNoProblems(problems);
});
