// Downloads: the figure as SVG or PNG (drawn on a canvas at 2×), and the data the worker
// writes (results JSON, per-channel CSV, BookSim2 anynet). All made in the tab, no network.

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
 * A file name from the scenario: topolab-mesh-8x8-transpose(-policy).ext for Slots,
 * topolab-topogen-16n-d5-uniform(-N12)(-fail-4-7).ext for TopoGen,
 * topolab-routing-lrt-fig4-loren(-t7)(-15-5).ext for Routing.
 */
export function fileName(scenario, ext) {
  let parts;
  if (scenario.lab === 'topogen') {
    const t = scenario.topogen;
    parts = ['topolab', 'topogen', `${t.nodes}n`, `d${t.degree}`, t.pattern];
    if (t.target_slots !== null && t.target_slots !== undefined) parts.push(`N${t.target_slots}`);
    if (t.fail?.length) parts.push(`fail-${t.fail.join('-')}`);
    else if (t.fail_random > 0) parts.push(`fail${t.fail_random}`);
  } else if (scenario.lab === 'routing') {
    const r = scenario.routing;
    parts = ['topolab', 'routing', r.topology, r.scheme];
    if (r.scheme === 'loren' && r.tmax !== null && r.tmax !== undefined) parts.push(`t${r.tmax}`);
    if (r.scheme === 'cowen') parts.push(`a${r.alpha}`);
    if (r.source !== null && r.source !== undefined && r.destination !== null && r.destination !== undefined) parts.push(`${r.source}-${r.destination}`);
  } else {
    const s = scenario.slots;
    parts = ['topolab', s.topology, s.pattern, s.all2all, s.policy];
  }
  return `${stem(parts)}.${ext}`;
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
