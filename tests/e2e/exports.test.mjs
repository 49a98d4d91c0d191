// Figure exports people can use (issue 25): the SVG and PNG of the figure menu show the view on
// screen at most 8,000 px a side. fattree:16:3 exports its overview while the overview is shown
// and, zoomed into the drawing (a canvas), the part in view; a mesh zoomed with + (SVG elements)
// the part in view; TopoGen at 4,096 nodes its view; the OCS relay lab its hybrid view with the
// legend. Each file is opened: the SVG in a page (it renders, at its size), the PNG decoded.
// Copies go to test-results/exports/ to look at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { useBrowser, openPage, waitForResult, runsDone, afterRun, text, assertNoProblems, RESULTS } from './harness.mjs';

const env = useBrowser();
const MAX_SIDE = 8000;
/** A 4,096-node TopoGen design takes a while on a loaded machine: wait for it, never time it. */
const LONG = 600_000;

/** A page on lab `name` (from the Slots lab it opens on), downloads accepted, its first run done. */
async function openLab(name) {
  const opened = await openPage(env, env.url, { acceptDownloads: true });
  await waitForResult(opened.page);
  await afterRun(opened.page, () => opened.page.click(`#lab-${name}`));
  return opened;
}

/** A page on the Slots lab with `topology` (and `pattern`), no slot policy, downloads accepted, run. */
async function slotsWith(topology, pattern = null) {
  const opened = await openPage(env, env.url, { acceptDownloads: true });
  const page = opened.page;
  await waitForResult(page);
  await afterRun(page, async () => {
    await page.selectOption('#policy', '');
    if (pattern) await page.selectOption('#pattern', pattern);
    await page.fill('#topology', topology);
    await page.press('#topology', 'Enter');
  });
  return opened;
}

/** Download the figure as `kind` (svg or png) through the export menu: its name, bytes and a copy's path. */
async function exported(page, kind, tag) {
  await page.click('#export-menu summary');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#export-${kind}`)]);
  mkdirSync(`${RESULTS}exports`, { recursive: true });
  const path = `${RESULTS}exports/${tag}.${kind}`;
  copyFileSync(await download.path(), path);
  return { name: download.suggestedFilename(), body: readFileSync(path), path };
}

/** The root <svg> of an exported SVG: its width, height, viewBox and class. */
function rootOf(svg) {
  const tag = svg.match(/^<svg\b[^>]*>/)?.[0];
  assert.ok(tag, 'the file starts with an <svg> element');
  const attr = (name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1] ?? null;
  return { width: Number(attr('width')), height: Number(attr('height')), viewBox: attr('viewBox')?.split(/[\s,]+/).map(Number), cls: attr('class') ?? '' };
}

/** The SVG file's size, at most MAX_SIDE a side, and that it opens in a page at that size with something drawn. */
async function checkSvg(file) {
  const svg = file.body.toString('utf8');
  const root = rootOf(svg);
  assert.ok(root.width > 0 && root.height > 0, `SVG size ${root.width}×${root.height}`);
  assert.ok(root.width <= MAX_SIDE && root.height <= MAX_SIDE, `SVG size ${root.width}×${root.height} is at most ${MAX_SIDE} a side`);
  assert.equal(root.viewBox?.length, 4, 'the SVG keeps a viewBox (it stays vector)');
  const { page } = await openPage(env, pathToFileURL(file.path).href);
  const opened = await page.evaluate(() => {
    const element = document.documentElement;
    const box = element.getBoundingClientRect();
    const drawn = [...element.children].filter((c) => c.localName !== 'style' && c.localName !== 'title').map((c) => c.getBBox());
    return { tag: element.localName, width: box.width, height: box.height, drawn: drawn.some((b) => b.width > 0 || b.height > 0) };
  });
  await page.close();
  assert.equal(opened.tag, 'svg');
  assert.deepEqual([Math.round(opened.width), Math.round(opened.height)], [root.width, root.height], 'opened, the SVG has its size');
  assert.ok(opened.drawn, 'opened, the SVG draws something');
  return { svg, root };
}

/** The PNG's pixel size from its IHDR header, at most MAX_SIDE a side, and that the page decodes it at that size. */
async function checkPng(page, file) {
  const png = file.body;
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG file');
  assert.equal(png.toString('latin1', 12, 16), 'IHDR');
  const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
  assert.ok(width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE, `PNG size ${width}×${height} is at most ${MAX_SIDE} a side`);
  const decoded = await page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, png.toString('base64'));
  assert.deepEqual(decoded, [width, height], 'the PNG decodes at its header size');
  return { width, height };
}

/** Both exports of the figure shown: checked as files, with the SVG's text and root. */
async function bothExports(page, tag) {
  const svgFile = await exported(page, 'svg', tag);
  const pngFile = await exported(page, 'png', tag);
  assert.equal(pngFile.name, svgFile.name.replace(/\.svg$/, '.png'));
  const svg = await checkSvg(svgFile);
  const png = await checkPng(page, pngFile);
  return { name: svgFile.name, ...svg, png };
}

/** Whether `a` and `b` differ by at most `tolerance` of `scale`. */
function near(a, b, scale, tolerance = 0.03) {
  return Math.abs(a - b) <= tolerance * scale;
}

/** The channels of an exported drawing: id and middle, in its units. */
function channelsOf(svg) {
  return [...svg.matchAll(/<line class="ch[^"]*" data-ch="(\d+)" x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)"/g)].map((m) => ({ ch: Number(m[1]), x: (Number(m[2]) + Number(m[4])) / 2, y: (Number(m[3]) + Number(m[5])) / 2 }));
}

/**
 * That an exported drawing's viewBox is the part of the canvas in view: two channels well inside
 * the file (left and right of its middle) are where the canvas shows them (the page's
 * `channelPoint`, which scrolls only for a channel near the edge), as the viewBox maps them
 * onto the canvas; and the file is at least as large as on screen.
 */
async function assertCanvasView(page, file) {
  const [vx, vy, vw] = file.root.viewBox;
  const vh = file.root.viewBox[3] * (1 - 64 / file.root.height); // without the legend's strip
  const inner = channelsOf(file.svg).filter((c) => c.x > vx + 0.2 * vw && c.x < vx + 0.8 * vw && c.y > vy + 0.2 * vh && c.y < vy + 0.8 * vh);
  assert.ok(inner.length >= 2, `channels well inside the file (${inner.length})`);
  const left = inner.reduce((a, b) => (b.x < a.x ? b : a));
  const right = inner.reduce((a, b) => (b.x > a.x ? b : a));
  assert.ok(right.x - left.x > 0.2 * vw, 'two channels apart');
  const screen = await page.evaluate(([a, b]) => {
    const figure = document.getElementById('figure');
    const scroll = [figure.scrollLeft, figure.scrollTop];
    const points = [figure.channelPoint(a), figure.channelPoint(b)];
    const canvas = figure.querySelector('canvas').getBoundingClientRect();
    return { points, canvas: { left: canvas.left, width: canvas.width, height: canvas.height }, scrolled: figure.scrollLeft !== scroll[0] || figure.scrollTop !== scroll[1] };
  }, [left.ch, right.ch]);
  assert.equal(screen.scrolled, false, 'the channels were in view');
  const s = screen.canvas.width / vw; // screen px per unit, if the viewBox is the view's width
  for (const [c, p] of [[left, screen.points[0]], [right, screen.points[1]]]) {
    const expected = screen.canvas.left + (c.x - vx) * s;
    assert.ok(Math.abs(p.x - expected) <= 0.02 * screen.canvas.width, `channel ${c.ch} is at x = ${p.x.toFixed(0)} on screen, ${expected.toFixed(0)} by the file's viewBox`);
  }
  const rise = (right.y - left.y) * s;
  assert.ok(Math.abs(screen.points[1].y - screen.points[0].y - rise) <= 0.02 * screen.canvas.width + 2, 'and as far apart up and down');
  assert.ok(vh * s <= screen.canvas.height + 2, 'no taller than the view');
  assert.ok(file.root.width >= Math.floor(screen.canvas.width), 'at least as large as on screen');
}

test('fattree:16:3: the overview while it is shown, the part in view when zoomed into the drawing', async () => {
  const { page, problems } = await slotsWith('fattree:16:3', 'uniform');
  await page.waitForSelector('#figure svg.overview');

  // the overview on screen: the file is the overview, a cell per switch and its level labels
  const overview = await bothExports(page, 'fattree-16-3-overview');
  assert.equal(overview.name, 'topolab-slots-fattree-16-3-uniform.svg', 'named after the lab and its set-up');
  assert.match(overview.root.cls, /\boverview\b/, 'the overview, as on screen');
  assert.equal((overview.svg.match(/class="ov-cell/g) ?? []).length, 768, 'a cell per switch');
  const labels = await page.evaluate(() => [...document.querySelectorAll('#figure svg.overview text')].map((t) => t.textContent));
  for (const label of labels) assert.ok(overview.svg.includes(label.replace(/&/g, '&amp;').replace(/</g, '&lt;')), `the screen's "${label}" is in the file`);

  // zoomed into the drawing around switch 300 (a canvas): the file is the part in view
  await page.locator('#figure .ov-cell[data-sw="300"]').click();
  await page.waitForSelector('#figure canvas[data-switches="768"]');
  const zoomed = await bothExports(page, 'fattree-16-3-zoomed');
  assert.doesNotMatch(zoomed.root.cls, /overview/);
  await assertCanvasView(page, zoomed);
  const [x, , width] = zoomed.root.viewBox;
  const switch300 = zoomed.svg.match(/<rect class="sw[^"]*" data-sw="300" x="([\d.]+)" y="([\d.]+)"/);
  assert.ok(switch300, 'switch 300, zoomed into, is in the file');
  assert.ok(Math.abs(Number(switch300[1]) - (x + width / 2)) < width / 4, 'switch 300 is in the middle, as on screen');
  const channels = channelsOf(zoomed.svg).length;
  assert.ok(channels > 0 && channels < 8192 * 2, `only the channels in view (${channels} of 16,384)`);
  assert.match(zoomed.svg, /<g class="legend"/, 'the legend, under the part in view');
  console.log(`fattree:16:3 — overview ${overview.root.width}×${overview.root.height} (PNG ${overview.png.width}×${overview.png.height}); zoomed ${zoomed.root.width}×${zoomed.root.height} (PNG ${zoomed.png.width}×${zoomed.png.height}), ${channels} channels`);
  assertNoProblems(problems);
});

test('a mesh drawn as SVG elements, zoomed with +: the file is the part in view', async () => {
  const { page, problems } = await slotsWith('mesh:16x16');
  await page.waitForSelector('#figure > svg line.ch');
  for (let i = 0; i < 3; i++) await page.click('#zoom-in');
  await page.evaluate(() => {
    const figure = document.getElementById('figure');
    figure.scrollLeft = (figure.scrollWidth - figure.clientWidth) / 2;
    figure.scrollTop = (figure.scrollHeight - figure.clientHeight) / 2;
  });
  // what is in view, read from the shown SVG: the panel's corners in its user units
  const view = await page.evaluate(() => {
    const figure = document.getElementById('figure');
    const svg = figure.querySelector(':scope > svg');
    const box = figure.getBoundingClientRect();
    const inverse = svg.getScreenCTM().inverse();
    const a = new DOMPoint(box.left + figure.clientLeft, box.top + figure.clientTop).matrixTransform(inverse);
    const b = new DOMPoint(box.left + figure.clientLeft + figure.clientWidth, box.top + figure.clientTop + figure.clientHeight).matrixTransform(inverse);
    return { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y, scrolls: figure.scrollWidth > figure.clientWidth };
  });
  assert.ok(view.scrolls, 'zoomed in, the figure scrolls');
  const zoomed = await bothExports(page, 'mesh-16x16-zoomed');
  assert.equal(zoomed.name, 'topolab-slots-mesh-16x16-transpose.svg');
  const [x, y, width] = zoomed.root.viewBox;
  assert.ok(near(x, view.x, view.width) && near(y, view.y, view.width), `the viewBox starts where the view does (${x}, ${y} against ${view.x.toFixed(0)}, ${view.y.toFixed(0)})`);
  assert.ok(near(width, view.width, view.width), `the viewBox is the view's width (${width} against ${view.width.toFixed(0)})`);
  const channels = channelsOf(zoomed.svg).length;
  assert.ok(channels > 0 && channels < 4 * 16 * 15, `only the channels in view (${channels} of ${4 * 16 * 15})`);
  assertNoProblems(problems);
});

test('TopoGen at 4,096 nodes: the view on screen, bounded', async () => {
  const { page, problems } = await openLab('topogen');
  const before = await runsDone(page);
  await page.fill('#tg-nodes', '4096');
  await page.press('#tg-nodes', 'Enter');
  await page.waitForFunction((n) => Number(document.body.dataset.runs ?? 0) > n, before, { timeout: LONG });
  assert.equal(await text(page, '#tg-metric-nodes'), '4096');
  await page.waitForSelector('#figure svg.overview, #figure canvas[data-switches]');

  const onScreen = await page.evaluate(() => (document.querySelector('#figure svg.overview') ? 'overview' : 'drawing'));
  const fit = await bothExports(page, `topogen-4096-${onScreen}`);
  assert.equal(fit.name, 'topolab-topogen-4096n-d5-uniform.svg');
  if (onScreen === 'overview') assert.match(fit.root.cls, /\boverview\b/, 'the overview, as on screen');
  else assert.match(fit.svg, /<line class="ch/, 'the drawing, as on screen');
  if (onScreen === 'drawing' && (await page.locator('#figure.fit').count())) assert.deepEqual(fit.root.viewBox.slice(0, 2), [0, 0], 'at Fit, all of the drawing');

  // zoomed into the drawing: the part in view
  if (onScreen === 'overview') await page.click('#zoom-in');
  await page.click('#zoom-in');
  await page.click('#zoom-in');
  await page.waitForSelector('#figure canvas[data-switches]');
  await page.waitForFunction(() => document.getElementById('figure').scrollWidth > document.getElementById('figure').clientWidth);
  const zoomed = await bothExports(page, 'topogen-4096-zoomed');
  await assertCanvasView(page, zoomed);
  const channels = channelsOf(zoomed.svg).length;
  assert.ok(channels > 0 && (onScreen === 'overview' || channels < channelsOf(fit.svg).length), `only the channels in view (${channels})`);
  console.log(`TopoGen 4096 — ${onScreen} ${fit.root.width}×${fit.root.height} (PNG ${fit.png.width}×${fit.png.height}); zoomed ${zoomed.root.width}×${zoomed.root.height} (PNG ${zoomed.png.width}×${zoomed.png.height}), ${channels} channels`);
  assertNoProblems(problems);
});

test('the OCS relay lab: the hybrid view on screen, with its legend', async () => {
  const { page, problems } = await openLab('ocs-relay');
  await page.waitForSelector('#ocs-view svg');
  await page.keyboard.press('End'); // the finished allocation: every circuit drawn
  await page.waitForFunction(() => Number(document.querySelector('#ocs-view svg').dataset.circuits) > 0);
  const screen = await page.evaluate(() => {
    const svg = document.querySelector('#ocs-view svg');
    return {
      nodes: svg.querySelectorAll('rect.ocs-node').length,
      arcs: svg.querySelectorAll('path.ocs-arc:not(.later)').length,
      labels: [...svg.querySelectorAll('text.ocs-label, text.ocs-band-label')].map((t) => t.textContent),
      legend: [...document.querySelectorAll('#ocs-view-legend li')].map((li) => li.textContent.trim()),
    };
  });
  const file = await bothExports(page, 'ocs-relay');
  assert.equal(file.name, 'topolab-ocs-relay-8x32-64-neighbor-17-33.svg');
  assert.match(file.root.cls, /\bocs-view-svg\b/, 'the hybrid view, not the core’s tree');
  assert.match(file.svg, /<style>[^<]*\.ocs-view-svg \.ocs-node/, 'its style goes with it');
  assert.equal((file.svg.match(/<rect class="ocs-node[ "]/g) ?? []).length, screen.nodes, 'every node as on screen');
  assert.equal((file.svg.match(/<path class="ocs-arc(?![^"]*later)[^"]*"/g) ?? []).length, screen.arcs, 'the circuits shown, as on screen');
  for (const label of [...screen.labels, ...screen.legend]) assert.ok(file.svg.includes(label), `"${label}" is in the file`);
  console.log(`OCS relay — ${file.root.width}×${file.root.height} (PNG ${file.png.width}×${file.png.height}), ${screen.arcs} circuits`);
  assertNoProblems(problems);
});
