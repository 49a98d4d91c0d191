// The page's chart base, drawn with uPlot on a canvas (the labs' charts extend it, beside their
// panels in www/labs/). Colours and type follow the theme and the large-type switch (charts are
// rebuilt when they change); PNG export composes title, canvas and legend on one canvas.
import uPlot from '../node_modules/uplot/dist/uPlot.esm.js';
import { download } from './exporting.js';

/** The theme's colours and the type size, read from the CSS variables. */
export function palette() {
  const css = getComputedStyle(document.documentElement);
  const v = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
  const rem = parseFloat(css.fontSize) || 16;
  return {
    fg: v('--fg', '#1b2130'),
    muted: v('--muted', '#4a5366'),
    grid: v('--chart-grid', '#d9dee6'),
    bg: v('--panel', '#ffffff'),
    accent: v('--accent', '#1557b0'),
    n: v('--chart-n', '#c0392b'),
    switches: v('--chart-switches', '#1557b0'),
    links: v('--chart-links', '#2e7d32'),
    mesh: v('--chart-mesh', '#6b7280'),
    rem,
    font: `${Math.round(rem * 0.78)}px system-ui, sans-serif`,
    labelFont: `600 ${Math.round(rem * 0.8)}px system-ui, sans-serif`,
  };
}

/** Tick labels as plain digits, like every number on the page (no thousands separators). */
export const plainNumbers = (u, splits) => splits.map((v) => (v === null ? '' : String(v)));

/** Whole-number tick steps (counts and step numbers never need fractions). */
export const INTEGER_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000];

/** An axis in the theme's colours and type. */
export function axis(p, extra = {}) {
  return {
    stroke: p.fg,
    font: p.font,
    labelFont: p.labelFont,
    grid: { stroke: p.grid, width: 1 },
    ticks: { stroke: p.grid, width: 1 },
    ...extra,
  };
}

/** A draw hook: a dashed vertical line in the accent colour at x = `at()` (none when null). */
export function verticalMarker(p, at) {
  return (u) => {
    const value = at();
    if (value === null || value === undefined) return;
    const x = u.valToPos(value, 'x', true);
    const { top, height } = u.bbox;
    const ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = p.accent;
    ctx.lineWidth = 2 * uPlot.pxRatio;
    ctx.setLineDash([4 * uPlot.pxRatio, 3 * uPlot.pxRatio]);
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, top + height);
    ctx.stroke();
    ctx.restore();
  };
}

/**
 * A uPlot chart in `box` that follows the box's width and the theme. Subclasses give
 * `options(palette, width)` and `data()`; `title` and `legendItems()` are for the PNG.
 */
export class Chart {
  constructor(box, { height = 190 } = {}) {
    this.box = box;
    this.baseHeight = height;
    this.plot = null;
    this.hasData = false;
    this.resize = new ResizeObserver(() => this.#fitWidth());
    this.resize.observe(box);
    // Theme and large type change CSS variables and sizes: draw again with the new ones.
    new MutationObserver(() => this.rebuild()).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] });
  }

  get height() {
    return Math.round(this.baseHeight * (palette().rem / 16));
  }

  // What each subclass gives (the PNG's title and legend, the plot's options and data).
  /** @type {string} */
  title = '';
  /** @param {any} _palette @param {number} _width @returns {any} */
  options(_palette, _width) {
    throw new Error(`${this.constructor.name} gives no chart options`);
  }
  /** @returns {any[]} */
  data() {
    throw new Error(`${this.constructor.name} gives no chart data`);
  }
  /** @param {any} _palette @returns {{label: string, color: string, dash?: number[]}[]} */
  legendItems(_palette) {
    return [];
  }
  /** Called after each new plot (a subclass may mark it). @returns {void} */
  afterBuild() {}

  width() {
    return Math.max(200, Math.floor(this.box.clientWidth || this.box.getBoundingClientRect().width || 300));
  }

  rebuild() {
    // measured before the old plot goes: an emptied box is hidden (.chart:empty) and has no width
    const width = this.width();
    this.plot?.destroy();
    this.plot = null;
    if (!this.hasData) {
      this.box.replaceChildren();
      return;
    }
    const p = palette();
    this.plot = new uPlot(this.options(p, width), this.data(), this.box);
    this.afterBuild();
  }

  clear() {
    this.hasData = false;
    this.rebuild();
  }

  #fitWidth() {
    if (!this.plot) return;
    const width = this.width();
    if (Math.abs(width - this.plot.width) > 2) this.plot.setSize({ width, height: this.height });
  }

  /**
   * The chart as a PNG: title, plot and legend on the theme's panel colour. The plot is drawn
   * again off-screen at an export size, so a chart squeezed into a side panel still exports
   * wide enough for its title and ticks.
   */
  async pngBlob({ width = 820, height = 380 } = {}) {
    if (!this.hasData) throw new Error('there is no chart to export yet');
    const p = palette();
    const holder = document.createElement('div');
    holder.style.cssText = `position:fixed;left:-10000px;top:0;width:${width}px`;
    document.body.append(holder);
    const options = { ...this.options(p, width), height, legend: { show: false }, cursor: { show: false } };
    const plot = new uPlot(options, this.data(), holder);
    try {
      await new Promise((resolve) => setTimeout(resolve, 0)); // uPlot draws in a microtask
      const source = plot.ctx.canvas;
      const ratio = source.width / width || 1;
      const pad = Math.round(14 * ratio);
      const titleSize = Math.round(17 * ratio);
      const legendSize = Math.round(14 * ratio);
      const canvas = document.createElement('canvas');
      canvas.width = source.width + 2 * pad;
      canvas.height = source.height + titleSize + legendSize + 4 * pad;
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = p.bg;
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.fillStyle = p.fg;
      ctx.textBaseline = 'top';
      ctx.font = `600 ${titleSize}px system-ui, sans-serif`;
      ctx.fillText(this.title, pad, pad, canvas.width - 2 * pad);
      const top = pad * 2 + titleSize;
      ctx.drawImage(source, pad, top);
      ctx.font = `${legendSize}px system-ui, sans-serif`;
      let x = pad;
      const y = top + source.height + pad;
      for (const item of this.legendItems(p)) {
        ctx.strokeStyle = item.color;
        ctx.lineWidth = 3 * ratio;
        ctx.setLineDash(item.dash ? item.dash.map((d) => d * ratio) : []);
        ctx.beginPath();
        ctx.moveTo(x, y + legendSize / 2);
        ctx.lineTo(x + legendSize * 1.6, y + legendSize / 2);
        ctx.stroke();
        ctx.setLineDash([]);
        x += legendSize * 2;
        ctx.fillStyle = p.fg;
        ctx.fillText(item.label, x, y);
        x += ctx.measureText(item.label).width + legendSize * 1.5;
      }
      return await new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png'));
    } finally {
      plot.destroy();
      holder.remove();
    }
  }

  async downloadPng(name) {
    download(name, await this.pngBlob());
  }
}

export { uPlot };
