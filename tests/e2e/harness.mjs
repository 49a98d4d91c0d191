// Shared set-up for the browser tests: the repository served on a free port, Debian's
// Chromium through playwright-core, a fresh context per page, and helpers that wait for the
// page (it counts finished runs in <body data-runs>) instead of sleeping.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RESULTS = fileURLToPath(new URL('../../test-results/', import.meta.url));

const LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
};

/** Long enough for a loaded 2-core machine (someone may be compiling beside us). */
export const TIMEOUT = 60_000;

/**
 * How often the waits for a run or a tour stop look (ms), in place of Playwright's default of
 * once an animation frame: with two pages at once (onTwoPages) a page has stopped getting frames
 * (headless Chromium, both pages in one browser: twice in eight runs of the a11y matrix here, once in CI) while
 * its runs and tour stops went on, and a wait that needs a frame then never looks.
 */
const POLL = 50;

/**
 * Start the server and the browser before the file's tests and stop them after. Returns an
 * object whose `url`, `browser` are filled in `before()`.
 */
export function useBrowser({ server = true } = {}) {
  const env = { url: null, browser: null, server: null, contexts: [] };
  before(async () => {
    if (!existsSync('/usr/bin/chromium')) throw new Error('Chromium is missing: apt-get install -y chromium');
    if (server) {
      const started = await serve(0, { quiet: true });
      env.server = started.server;
      env.url = started.url.replace('localhost', '127.0.0.1');
    }
    env.browser = await chromium.launch(LAUNCH);
  });
  after(async () => {
    for (const context of env.contexts) await context.close().catch(() => {});
    await env.browser?.close();
    await new Promise((resolve) => (env.server ? env.server.close(resolve) : resolve()));
  });
  return env;
}

/**
 * A page in a new context. `problems` collects page errors and every request that leaves the
 * page's own origin (the page must make none).
 */
export async function openPage(env, address, { viewport = { width: 1400, height: 900 }, firstVisit = false, ...options } = {}) {
  const context = await env.browser.newContext({ viewport, ...options });
  env.contexts.push(context);
  // A returning visitor unless asked: the start screen a first visit shows (www/tours.js) would
  // cover what the other tests click and measure.
  if (!firstVisit) await context.addInitScript(() => {
    try {
      localStorage.setItem('topolab.welcomed', '1');
    } catch {
      // no storage (file://): the page then does not show the start screen either
    }
  });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const problems = { errors: [], external: [] };
  page.on('pageerror', (err) => problems.errors.push(err.message));
  page.on('request', (request) => {
    const url = request.url();
    const local = url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('file:') || (env.url && url.startsWith(env.url));
    if (!local) problems.external.push(url);
  });
  await page.goto(address);
  return { context, page, problems };
}

/** Number of finished runs the page reports. */
export async function runsDone(page) {
  return Number((await page.getAttribute('body', 'data-runs')) ?? 0);
}

/** Wait until more than `before` runs finished (success or error). */
export async function waitForRun(page, before = 0) {
  await page.waitForFunction((n) => Number(document.body.dataset.runs ?? 0) > n, before, { timeout: TIMEOUT, polling: POLL });
}

/** Wait until the page shows a result (N as digits). */
export async function waitForResult(page) {
  await page.waitForFunction(() => /^\d+$/.test(document.getElementById('metric-max-slots')?.textContent ?? ''), null, { timeout: TIMEOUT });
}

export async function text(page, selector) {
  return (await page.textContent(selector))?.trim();
}

/** Do `action` (which starts a run) and wait for that run to finish. */
export async function afterRun(page, action) {
  const before = await runsDone(page);
  await action();
  await waitForRun(page, before);
}

/** The values of the Slots controls, for comparing two pages. */
export async function controlValues(page) {
  return page.evaluate(() => Object.fromEntries(['topology', 'pattern', 'pattern-param', 'routing', 'all2all', 'policy', 'seed'].map((id) => [id, document.getElementById(id).value])));
}

/** Where screenshots go (test-results/, ignored by git). */
export function screenshotPath(name) {
  mkdirSync(RESULTS, { recursive: true });
  return `${RESULTS}${name}.png`;
}

export function assertNoProblems(problems) {
  assert.deepEqual(problems.errors, [], 'the page threw');
  assert.deepEqual(problems.external, [], 'the page made requests outside its own origin');
}

/**
 * Click a channel line of the figure as a person would, at the middle of the line, after
 * checking that this line (and not a switch or a label) is what the pointer is over.
 */
export async function clickChannel(page, locator) {
  const point = await locator.evaluate((line) => {
    line.scrollIntoView({ block: 'center', inline: 'center' });
    const box = line.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  });
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-ch]')?.dataset.ch ?? null, point);
  assert.equal(hit, await locator.getAttribute('data-ch'), 'the channel is the element under the pointer');
  await page.mouse.click(point.x, point.y);
}

/** Click switch `id` of the figure as a person would, after checking that it is what the pointer is over. */
export async function clickSwitch(page, id) {
  const point = await page.locator(`#figure svg rect.sw[data-sw="${id}"]`).evaluate((r) => {
    r.scrollIntoView({ block: 'center', inline: 'center' });
    const box = r.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  });
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-sw]')?.dataset.sw ?? null, point);
  assert.equal(hit, String(id), `switch ${id} is under the pointer`);
  await page.mouse.click(point.x, point.y);
}

/**
 * Wait until the tour's card (in `frame`: a page or an embed's frame) shows stop `k` (from 1) of
 * tour `id` with its run on screen; a stop that did not run fails with the card's status.
 */
export async function atTourStop(frame, id, k) {
  await frame.waitForFunction(
    ({ id, k }) => {
      const card = document.getElementById('tour-card');
      return card && !card.hidden && card.dataset.tour === id && card.dataset.stop === String(k) && card.dataset.ready !== 'false';
    },
    { id, k },
    { timeout: TIMEOUT, polling: POLL },
  );
  assert.equal(await frame.getAttribute('#tour-card', 'data-ready'), 'true', `${id} stop ${k} ran: ${await frame.textContent('.tour-status')}`);
}

/**
 * `items` dealt into two lists of about equal `weight` (the heaviest first, each to the lighter
 * list so far), in their own order within each: work for two pages at once (`onTwoPages`).
 */
export function twoLists(items, weight = () => 1) {
  const load = [0, 0];
  const side = new Array(items.length);
  const heaviestFirst = items.map((_, i) => i).sort((a, b) => weight(items[b]) - weight(items[a]) || a - b);
  for (const i of heaviestFirst) {
    side[i] = load[0] <= load[1] ? 0 : 1;
    load[side[i]] += weight(items[i]);
  }
  return [0, 1].map((s) => items.filter((_, i) => side[i] === s));
}

/**
 * `work(page, list)` for each of `twoLists(items, weight)` at once, each on a page of its own
 * opened at `address` (a fresh context each) once its first run is in: CI's 2 cores each run
 * one page's renderer, where axe and the layout do their work. The second page is in a browser
 * of its own (its own compositor: with both pages in one browser, one page has stopped getting
 * animation frames for good, see POLL). Its results, concatenated, and both pages' problems
 * (assertNoProblems) checked.
 */
export async function onTwoPages(env, address, options, items, weight, work) {
  const second = { ...env, browser: await chromium.launch(LAUNCH), contexts: [] };
  try {
    const results = await Promise.all(
      twoLists(items, weight).map(async (list, i) => {
        const { page, problems } = await openPage(i === 0 ? env : second, address, options);
        await waitForRun(page, 0);
        const found = await work(page, list);
        assertNoProblems(problems);
        return found;
      }),
    );
    return results.flat();
  } finally {
    await second.browser.close();
  }
}
