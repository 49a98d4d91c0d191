// Downloads: the figure as SVG or PNG (drawn on a canvas at 2×), and the data the worker
// writes (results JSON, per-channel CSV, BookSim2 anynet), and the studies' results (every JSON
// of a study says which lab, study, Scenario and arguments made it). All made in the tab, no network.

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
 * turned into '-'): ['topolab', 'mesh:8x8', 'transpose'] → topolab-mesh-8x8-transpose.ext.
 * Each lab says its parts (`fileParts`); without `ext`, the stem alone.
 */
export function fileName(parts, ext = null) {
  return ext ? `${stem(parts)}.${ext}` : stem(parts);
}

function stem(parts) {
  return parts
    .filter((p) => p !== null && p !== undefined && String(p).trim())
    .join('-')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/-$/, '');
}

export function svgBlob(svg) {
  return new Blob([svg], { type: 'image/svg+xml' });
}

/** Render `svg` to a PNG blob at `scale` (kept under the canvas limits) on `background`. */
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
    const limit = Math.min(scale, 16_000 / width, 16_000 / height, Math.sqrt(120e6 / (width * height)));
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
