// Downloads: the figure as SVG or PNG (drawn on a canvas at 2×), framed as on screen and at most
// MAX_SIDE px a side, and the data the worker writes (results JSON, per-channel CSV, BookSim2
// anynet, the network as GraphML or DOT), and the studies' results (every JSON of a study says
// which lab, study, Scenario and arguments made it). All made in the tab, no network.

/** The most pixels an exported figure has on a side: the SVG's width and height, the PNG's size. */
export const MAX_SIDE = 8000;
/** Under a cropped drawing, a strip this many px high holds its legend. */
const LEGEND_STRIP = 64;

/** Save `blob` as `filename` through a hidden <a download>. */
export function download(filename, blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * A file name from parts (empty ones dropped, anything but letters, digits, '.', '_' and '-'
 * turned into '-'): ['topolab', 'slots', 'mesh:8x8', 'transpose'] → topolab-slots-mesh-8x8-transpose.ext.
 * Each lab says its parts (`fileParts`); without `ext`, the stem alone.
 */
export function fileName(parts, ext = null) {
  return ext ? `${stem(parts)}.${ext}` : stem(parts);
}

/** The most characters of one part in a file name (a packed network or a failure list is thousands). */
const MAX_PART = 40;
/** The most characters of a file name's stem (file systems take 255 bytes a name). */
const MAX_STEM = 120;

function stem(parts) {
  const clean = (text) => text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/-+/g, '-');
  const joined = parts
    .filter((p) => p !== null && p !== undefined && String(p).trim())
    .map((p) => clean(String(p)).slice(0, MAX_PART).replace(/^-|-$/g, ''))
    .filter(Boolean)
    .join('-');
  return clean(joined).slice(0, MAX_STEM).replace(/-$/, '');
}

/** The `[x, y, width, height]` of an SVG root element (its viewBox, else its size). */
function viewBoxOf(root) {
  const box = (root.getAttribute('viewBox') ?? '').trim().split(/[\s,]+/).map(Number);
  if (box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0) return box;
  return [0, 0, parseFloat(root.getAttribute('width')) || 800, parseFloat(root.getAttribute('height')) || 600];
}

/** Whether a direct child of a drawing lies wholly outside `[x0, y0, x1, y1]` (lines, boxes, circles, text by their position). */
/** @param {Element} node @param {number[]} bounds */
function outside(node, [x0, y0, x1, y1]) {
  const n = (name) => parseFloat(node.getAttribute(name));
  let box;
  if (node.hasAttribute('x1')) box = [Math.min(n('x1'), n('x2')), Math.min(n('y1'), n('y2')), Math.max(n('x1'), n('x2')), Math.max(n('y1'), n('y2'))];
  else if (node.hasAttribute('cx')) box = [n('cx') - n('r'), n('cy') - n('r'), n('cx') + n('r'), n('cy') + n('r')];
  else if (node.localName === 'rect') box = [n('x'), n('y'), n('x') + n('width'), n('y') + n('height')];
  else if (node.localName === 'text') box = [n('x'), n('y'), n('x'), n('y')];
  else return false;
  if (!box.every(Number.isFinite)) return false;
  return box[2] < x0 || box[0] > x1 || box[3] < y0 || box[1] > y1;
}

/** Put the drawing's channels (`line.ch`, one run of siblings) in the order the screen paints them (their `data-ch` ids in `order`). */
function paintOrder(root, order) {
  const lines = [...root.querySelectorAll(':scope > line.ch')];
  if (lines.length !== order.length) return;
  const byId = new Map(lines.map((line) => [line.getAttribute('data-ch'), line]));
  const anchor = lines[lines.length - 1].nextSibling;
  const sorted = order.map((id) => byId.get(String(id)));
  if (sorted.some((line) => !line)) return;
  for (const line of sorted) root.insertBefore(line, anchor);
}

/**
 * An SVG document framed for a file as it is on screen, at most `maxSide` px a side (its width
 * and height; the viewBox keeps it vector). `region` (Figure.visibleRegion: `{x, y, width,
 * height}` in the drawing's units, `scale` screen px per unit, `whole`, and for a canvas the
 * channels' paint `order`) crops a drawing to the part in view: the viewBox is that part, what
 * lies wholly outside it is left out, and the legend (`g.legend`) moves to a strip under it at
 * its natural size. The size is the larger of the part's on screen and the drawing's own, so
 * labels are at least as legible as on screen. Without a region (or with all of it in view)
 * the whole document is kept.
 */
export function framedSvg(svg, region = null, maxSide = MAX_SIDE) {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.localName !== 'svg' || doc.querySelector('parsererror')) throw new Error('the figure is not a valid SVG document');
  const [vx, vy, vw, vh] = viewBoxOf(root);
  const own = (parseFloat(root.getAttribute('width')) || vw) / vw; // the document's px per unit
  const crop = region && !region.whole;
  const [x, y, w, h] = crop ? [region.x, region.y, region.width, region.height] : [vx, vy, vw, vh];
  const legend = crop ? root.querySelector(':scope > g.legend') : null;
  const strip = legend ? LEGEND_STRIP : 0;
  const k = Math.min(Math.max(own, region?.scale ?? 0), maxSide / w, (maxSide - strip) / h);
  if (region?.order) paintOrder(root, region.order);
  if (crop) {
    const pad = 20; // the widest stroke's half, so a line ending at the edge keeps its cap
    const bounds = [x - pad, y - pad, x + w + pad, y + h + pad];
    for (const node of [...root.children]) if (node !== legend && outside(node, bounds)) node.remove();
    if (legend) {
      // the strip covers what of the drawing reaches below the part in view
      const backing = doc.createElementNS(root.namespaceURI, 'rect');
      for (const [name, value] of Object.entries({ x: round(x), y: round(y + h), width: round(w), height: round(strip / k + 1), fill: '#ffffff' })) backing.setAttribute(name, value);
      root.append(backing, legend);
      legend.setAttribute('transform', `translate(${(x + 12 / k).toFixed(1)},${(y + h + 10 / k).toFixed(1)}) scale(${(1 / k).toFixed(4)})`);
    }
  }
  const [width, height] = [Math.max(1, Math.round(w * k)), Math.max(1, Math.round(h * k + strip))];
  root.setAttribute('viewBox', `${round(x)} ${round(y)} ${round(width / k)} ${round(height / k)}`);
  root.setAttribute('width', String(width));
  root.setAttribute('height', String(height));
  return new XMLSerializer().serializeToString(doc);
}

const round = (v) => String(Math.round(v * 10) / 10);

export function svgBlob(svg) {
  return new Blob([svg], { type: 'image/svg+xml' });
}

/** Render `svg` to a PNG blob at `scale` (at most MAX_SIDE px a side, kept under the canvas limits) on `background`. */
export async function pngBlob(svg, { scale = 2, background = '#ffffff' } = {}) {
  const url = URL.createObjectURL(svgBlob(svg));
  try {
    const image = new Image();
    image.decoding = 'async';
    const loaded = new Promise((resolve, reject) => {
      image.onload = resolve;
      image.onerror = () => reject(new Error('the figure could not be rendered as an image'));
    });
    image.src = url;
    await loaded;
    const width = image.naturalWidth || 800;
    const height = image.naturalHeight || 600;
    const limit = Math.min(scale, MAX_SIDE / width, MAX_SIDE / height, Math.sqrt(120e6 / (width * height)));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.floor(width * limit));
    canvas.height = Math.max(1, Math.floor(height * limit));
    const context = canvas.getContext('2d');
    context.fillStyle = background;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function textBlob(text, type) {
  return new Blob([text], { type });
}

/**
 * A study's results as a self-describing JSON text: the lab, the study, the Scenario of the run
 * that produced them (its seed as exact digits, its view dropped), the study's arguments, then
 * `body` (points, rows, a summary). The Scenario is one `topolab run` reads back.
 */
export function studyJson({ study, scenario, args = {}, body = {} }) {
  const { view, ...config } = scenario;
  const seed = String(scenario.seed);
  const text = JSON.stringify({ lab: scenario.lab, study, scenario: { ...config, seed: '__SEED__' }, args, ...body }, null, 2);
  return /^\d+$/.test(seed) ? text.replace('"__SEED__"', seed) : text.replace('"__SEED__"', JSON.stringify(seed));
}

/**
 * Download a study's results as `kind` ('json' or 'csv'), named after the lab and its set-up
 * (`stem`, e.g. topolab-sim-mesh-8x8-dor-uniform-0.3) and the study: …-sweep.json. JSON is
 * `studyJson` of the rest; CSV is `csv` as it is. Returns the file name.
 */
export function downloadStudy(kind, { stem, study, scenario, args, body, csv }) {
  const name = fileName([stem, study], kind);
  download(name, kind === 'csv' ? textBlob(csv, 'text/csv') : textBlob(studyJson({ study, scenario, args, body }), 'application/json'));
  return name;
}
