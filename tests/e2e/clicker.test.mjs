// A presentation clicker in the lecture hall (issue 52), through the page's one key map
// (www/keys.js): PageDown / PageUp step the lab and move a tour's stop, in the page and in an
// embed; a tour's page never scrolls under its card; typing is left alone, PageDown on a focused
// select steps and → moves it. An embed inside a deck (a host page with an <iframe>) posts the keys it
// does not use to the host — "." and "b" always, PageDown at the last step or stop, PageUp at
// the first — and keeps those it uses. Screenshot in test-results/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openPage, waitForRun, screenshotPath, assertNoProblems, atTourStop } from './harness.mjs';
import { TOURS } from '../../www/tour-list.js';

const env = useBrowser();

/** The step the player shows as [index from 1, count], or null for "No steps". */
async function shownStep(frame) {
  const m = (await frame.textContent('#step-counter')).trim().match(/^Step (\d+) \/ (\d+)$/);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** Wait until the step counter shows step `k` (from 1). */
async function atStep(frame, k) {
  await frame.waitForFunction((k) => new RegExp(`^Step ${k} /`).test(document.getElementById('step-counter').textContent.trim()), k);
}


/**
 * A deck page on the served origin holding the embed `src` in an <iframe>, as a slide would; it
 * keeps every `topolab:key` message in `window.received` and moves its own slide on PageDown /
 * → like a reveal.js deck. Returns the host page and the embed's frame.
 */
async function deck(src, { viewport = { width: 1000, height: 620 } } = {}) {
  const hostUrl = `${env.url}test-deck.html`;
  const { context, page, problems } = await openPage(env, 'about:blank', { viewport });
  await context.route(hostUrl, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html><head><title>deck</title><style>body{margin:0;font:20px sans-serif}h1{margin:8px 16px}iframe{border:0;display:block;margin:0 16px}</style></head>
<body><h1>Slide <span id="slide">1</span></h1><iframe id="embed" width="960" height="540" title="Topolab"></iframe>
<script>
  window.received = [];
  window.addEventListener('message', (e) => {
    if (e.data?.type !== 'topolab:key') return;
    window.received.push(e.data);
    const slide = document.getElementById('slide');
    if (e.data.key === 'PageDown' || e.data.key === 'ArrowRight') slide.textContent = Number(slide.textContent) + 1;
    if (e.data.key === 'PageUp' || e.data.key === 'ArrowLeft') slide.textContent = Number(slide.textContent) - 1;
  });
</script></body></html>`,
    }),
  );
  await page.goto(hostUrl);
  await page.evaluate((src) => (document.getElementById('embed').src = src), src);
  const frame = await (await page.waitForSelector('#embed')).contentFrame();
  await frame.waitForLoadState();
  return { page, frame, problems };
}

/** The keys the host received so far. */
function received(host) {
  return host.evaluate(() => window.received.map((m) => m.key));
}

/**
 * Press `key` in the embed, then "." (always posted), and wait for the "." to reach the host:
 * messages arrive in order, so a key that posts nothing shows as no message before that mark.
 */
async function pressAndMark(host, key) {
  const before = await host.evaluate(() => window.received.length);
  await host.keyboard.press(key);
  await host.keyboard.press('.'); // always posted: marks that `key` has been handled before it
  await host.waitForFunction((n) => window.received.length > n && window.received.at(-1).key === '.', before);
}

test('in the page, PageDown and PageUp step the lab, typing is left alone, PageDown on a select steps and → moves it', async () => {
  const { page, problems } = await openPage(env, env.url);
  await waitForRun(page, 0);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('Home');
  await atStep(page, 1);
  await page.keyboard.press('PageDown');
  await atStep(page, 2);
  await page.keyboard.press('PageDown');
  await atStep(page, 3);
  await page.keyboard.press('PageUp');
  await atStep(page, 2);
  // End, then PageDown at the last step stays there
  await page.keyboard.press('End');
  const [last, count] = await shownStep(page);
  assert.equal(last, count);
  await page.keyboard.press('PageDown');
  assert.deepEqual(await shownStep(page), [count, count]);
  // on a select reached by the keyboard PageDown steps and keeps the value; → is the select's
  await page.keyboard.press('Home');
  await atStep(page, 1);
  const select = page.locator('.controls:not([hidden]) select').first();
  const value = await select.inputValue();
  await select.focus();
  await page.keyboard.press('PageDown');
  await atStep(page, 2);
  await page.keyboard.press('PageDown');
  await atStep(page, 3);
  assert.equal(await select.inputValue(), value, 'the select keeps its value');
  // in a text field the keys edit the text: the step stays
  const field = page.locator('#topology');
  await field.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('Home');
  assert.deepEqual((await shownStep(page))[0], 3, 'typing does not step');
  // back on the select (by the keyboard), → moves it and not the step
  await select.focus();
  const options = await select.locator('option').evaluateAll((all) => all.map((o) => o.value));
  await page.keyboard.press(options.indexOf(value) + 1 < options.length ? 'ArrowRight' : 'ArrowLeft');
  assert.notEqual(await select.inputValue(), value, '→ (or ← on the last option) moved the select');
  assert.deepEqual((await shownStep(page))[0], 3, '→ on the select did not step');
  assertNoProblems(problems);
});

test('while a tour is open, PageDown and PageUp move its stop, the page never scrolls under it, Escape closes it', async () => {
  const tour = TOURS.find((t) => t.id === '002-fig4');
  // a short window, where the page is taller than the window and would scroll
  const { page, problems } = await openPage(env, `${env.url}#tour=${tour.id}&stop=1`, { viewport: { width: 1024, height: 600 } });
  await atTourStop(page, tour.id, 1);
  assert.ok(await page.evaluate(() => document.scrollingElement.scrollHeight > innerHeight + 50), 'the page could scroll');
  await page.evaluate(() => document.activeElement?.blur());
  for (let k = 2; k <= tour.stops.length; k++) {
    await page.keyboard.press('PageDown');
    await atTourStop(page, tour.id, k);
  }
  // at the last stop PageDown does nothing (no rerun, no scroll)
  await page.keyboard.press('PageDown');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
  assert.equal(await page.getAttribute('#tour-card', 'data-stop'), String(tour.stops.length));
  assert.equal(await page.getAttribute('#tour-card', 'data-ready'), 'true', 'the last stop did not run again');
  assert.equal(await page.evaluate(() => scrollY), 0, 'the page did not scroll under the tour');
  await page.keyboard.press('PageUp');
  await atTourStop(page, tour.id, tour.stops.length - 1);
  await page.keyboard.press('PageUp');
  await atTourStop(page, tour.id, tour.stops.length - 2);
  assert.equal(await page.evaluate(() => scrollY), 0, 'the page did not scroll under the tour');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#tour-card', { state: 'hidden' });
  assertNoProblems(problems);
});

test('an embed in a deck: PageDown walks the steps, then goes to the deck; PageUp at the first step, "." and "b" always go to the deck', async () => {
  // the Slots lab's opening run, embedded
  const { page: maker } = await openPage(env, env.url);
  await waitForRun(maker, 0);
  const hash = await maker.evaluate(() => location.hash);
  const { page: host, frame, problems } = await deck(`${env.url}?embed=1&theme=light&large=0${hash}`);
  await waitForRun(frame, 0);
  await frame.click('#step-title'); // the keyboard goes to the embed, as after a click on the slide
  await frame.evaluate(() => document.activeElement?.blur());
  const [, count] = await shownStep(frame);
  assert.ok(count >= 3, `steps to walk (${count})`);
  await pressAndMark(host, 'Home');
  await atStep(frame, 1);
  await host.evaluate(() => (window.received.length = 0)); // that Home may have stepped or not
  await pressAndMark(host, 'Home');
  assert.deepEqual(await received(host), ['Home', '.'], 'Home at the first step goes to the deck');
  await pressAndMark(host, 'PageDown');
  await atStep(frame, 2);
  await pressAndMark(host, 'ArrowRight');
  await atStep(frame, 3);
  await pressAndMark(host, 'PageUp');
  await atStep(frame, 2);
  assert.deepEqual(await received(host), ['Home', '.', '.', '.', '.'], 'the keys that stepped stay in the embed');
  await pressAndMark(host, 'End');
  await atStep(frame, count);
  // at the last step the clicker's PageDown moves the deck on
  await host.keyboard.press('PageDown');
  await host.waitForFunction(() => window.received.at(-1)?.key === 'PageDown');
  assert.equal(await host.textContent('#slide'), '2', 'the deck moved to its next slide');
  assert.deepEqual(await shownStep(frame), [count, count]);
  const message = await host.evaluate(() => window.received.at(-1));
  assert.deepEqual(message, { type: 'topolab:key', key: 'PageDown', code: 'PageDown', shiftKey: false, altKey: false, ctrlKey: false, metaKey: false });
  await host.screenshot({ path: screenshotPath('clicker-deck-embed-after-pagedown') });
  // "b" (reveal.js blackout), "B" and a key the page has no use for go to the deck
  for (const key of ['b', 'Shift+B', 'x']) {
    const before = await host.evaluate(() => window.received.length);
    await host.keyboard.press(key);
    await host.waitForFunction(({ want, before }) => window.received.length > before && window.received.at(-1).key === want, { want: key === 'Shift+B' ? 'B' : key, before });
  }
  assert.equal(await host.evaluate(() => window.received.at(-2).shiftKey), true, '"B" keeps its Shift');
  // PageUp at the first step goes to the deck too
  await frame.evaluate(() => document.activeElement?.blur());
  await host.keyboard.press('Home');
  await atStep(frame, 1);
  await host.keyboard.press('PageUp');
  await host.waitForFunction(() => window.received.at(-1)?.key === 'PageUp');
  assert.equal(await host.textContent('#slide'), '1');
  assertNoProblems(problems);
});

test('a tour embedded in a deck: PageDown walks its stops, then goes to the deck; PageUp at the first stop goes too', async () => {
  const tour = TOURS.find((t) => t.id === '002-fig4');
  const { page: host, frame, problems } = await deck(`${env.url}?embed=1&theme=dark&large=0#tour=${tour.id}&stop=1`);
  await atTourStop(frame, tour.id, 1);
  await frame.click('.tour-text');
  await pressAndMark(host, 'PageUp');
  assert.deepEqual(await received(host), ['PageUp', '.'], 'PageUp at the first stop goes to the deck');
  for (let k = 2; k <= tour.stops.length; k++) {
    await pressAndMark(host, 'PageDown');
    await atTourStop(frame, tour.id, k);
  }
  assert.deepEqual(await received(host), ['PageUp', '.', ...tour.stops.slice(1).map(() => '.')], 'the stops\' PageDowns stay in the embed');
  await host.keyboard.press('PageDown');
  await host.waitForFunction(() => window.received.at(-1)?.key === 'PageDown');
  assert.equal(await frame.getAttribute('#tour-card', 'data-stop'), String(tour.stops.length));
  assert.equal(await frame.getAttribute('#tour-card', 'data-ready'), 'true', 'the last stop did not run again');
  assert.equal(await frame.evaluate(() => scrollY), 0, 'the embed did not scroll');
  await host.screenshot({ path: screenshotPath('clicker-deck-tour-after-pagedown') });
  assertNoProblems(problems);
});

test('a page of its own posts nothing', async () => {
  const { page, problems } = await openPage(env, `${env.url}?embed=1`);
  await waitForRun(page, 0);
  await page.evaluate(() => {
    window.posted = [];
    const original = window.postMessage.bind(window);
    window.postMessage = (...args) => {
      window.posted.push(args[0]);
      return original(...args);
    };
  });
  await page.keyboard.press('b');
  await page.keyboard.press('PageUp');
  assert.deepEqual(await page.evaluate(() => window.posted), []);
  assertNoProblems(problems);
});
