// Charts of the page, drawn with uPlot on a canvas: the TopoGen lab's N / switches / links over
// the steps (with the current step marked; a click picks a step) and the Fig. 13 trade-off
// (switches and links relative to the mesh against the target N); the Routing lab's LOREN t_max
// sweep (paper 002 Fig. 5: average path length against t_max, the shortest-path average as a
// reference line and the current t_max marked). Colours and type follow the
// theme and the large-type switch (charts are rebuilt when they change); PNG export composes
// title, canvas and legend on one canvas.
import uPlot from '../node_modules/uplot/dist/uPlot.esm.js';
import { download } from './exporting.js';

/** The theme's colours and the type size, read from the CSS variables. */
function palette() {
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
const plainNumbers = (u, splits) => splits.map((v) => (v === null ? '' : String(v)));

/** Whole-number tick steps (counts and step numbers never need fractions). */
const INTEGER_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000];

function axis(p, extra = {}) {
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
function verticalMarker(p, at) {
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
class Chart {
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

  width() {
    return Math.max(200, Math.floor(this.box.clientWidth || this.box.getBoundingClientRect().width || 300));
  }

  rebuild() {
    this.plot?.destroy();
    this.plot = null;
    if (!this.hasData) {
      this.box.replaceChildren();
      return;
    }
    const p = palette();
    this.plot = new uPlot(this.options(p, this.width()), this.data(), this.box);
    this.afterBuild?.();
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

/** N, switches and links after every step; the current step is a vertical line. */
export class StepsChart extends Chart {
  constructor(box, { onPick } = {}) {
    super(box, { height: 190 });
    this.onPick = onPick;
    this.title = 'TOPOGEN: N, switches and links over the steps';
    this.series = { x: [], n: [], switches: [], links: [] };
    this.current = null;
  }

  /** Steps as the worker lists them: metrics [[name, value]]; N is null until routes exist. */
  setSteps(steps, current = null) {
    const x = [];
    const n = [];
    const switches = [];
    const links = [];
    steps.forEach((step, i) => {
      const m = new Map(step.metrics);
      x.push(i + 1);
      n.push(m.has('N') ? m.get('N') : null);
      switches.push(m.get('switches') ?? null);
      links.push(m.get('links') ?? null);
    });
    this.series = { x, n, switches, links };
    this.current = current;
    this.hasData = steps.length > 0;
    this.rebuild();
  }

  /** Move the marker to step `index` (0-based). */
  setStep(index) {
    this.current = index;
    this.plot?.redraw(false, false);
  }

  data() {
    const { x, n, switches, links } = this.series;
    return [x, switches, links, n];
  }

  legendItems(p) {
    return [
      { label: 'switches', color: p.switches },
      { label: 'links', color: p.links, dash: [6, 3] },
      { label: 'N (right axis)', color: p.n },
    ];
  }

  options(p, width) {
    const stepped = uPlot.paths.stepped({ align: 1 });
    const marker = verticalMarker(p, () => (this.current === null || this.current === undefined ? null : this.current + 1));
    return {
      width,
      height: this.height,
      legend: { show: true, live: false },
      cursor: { y: false, points: { size: 7 } },
      scales: { x: { time: false }, count: { range: (u, min, max) => [0, Math.max(1, max * 1.08)] }, N: { range: (u, min, max) => [0, Math.max(1, max * 1.08)] } },
      series: [
        { label: 'step', value: (u, v) => (v === null ? '—' : String(v)) },
        { label: 'switches', scale: 'count', stroke: p.switches, width: 2, paths: stepped, points: { show: false }, value: (u, v) => (v === null ? '—' : String(v)) },
        { label: 'links', scale: 'count', stroke: p.links, width: 2, dash: [6, 3], paths: stepped, points: { show: false }, value: (u, v) => (v === null ? '—' : String(v)) },
        { label: 'N', scale: 'N', stroke: p.n, width: 2.5, paths: stepped, points: { show: false }, spanGaps: false, value: (u, v) => (v === null ? '—' : String(v)) },
      ],
      axes: [
        axis(p, { label: 'step', incrs: INTEGER_STEPS, space: 36, values: plainNumbers, size: Math.round(p.rem * 2.2), labelSize: Math.round(p.rem * 1.2) }),
        axis(p, { scale: 'count', label: 'switches, links', incrs: INTEGER_STEPS, values: plainNumbers, size: Math.round(p.rem * 3), labelSize: Math.round(p.rem * 1.2) }),
        axis(p, { scale: 'N', side: 1, label: 'N', incrs: INTEGER_STEPS, values: plainNumbers, grid: { show: false }, size: Math.round(p.rem * 2.6), labelSize: Math.round(p.rem * 1.2) }),
      ],
      hooks: { draw: [marker] },
    };
  }

  afterBuild() {
    this.plot.over.title = 'Click to go to that step';
    this.plot.over.style.cursor = 'pointer';
    this.plot.over.addEventListener('click', () => {
      const idx = this.plot?.cursor.idx;
      if (idx !== null && idx !== undefined) this.onPick?.(idx);
    });
  }
}

/** Paper Fig. 13: switches and links of TOPOGEN_REV relative to the mesh, per target N. */
export class TradeoffChart extends Chart {
  constructor(box) {
    super(box, { height: 240 });
    this.title = 'Trade-off between N and network cost (relative to the 2-D mesh)';
    this.points = [];
    this.mesh = null;
  }

  /** `mesh`: the reference row (null while the points still stream in). */
  setData(mesh, points) {
    this.mesh = mesh;
    // uPlot wants x ascending; the sweep goes from the mesh's N down.
    this.points = [...points].sort((a, b) => a.target_slots - b.target_slots);
    this.title = mesh
      ? `Trade-off between N and network cost (relative to ${mesh.topology}, N = ${mesh.max_slots})`
      : 'Trade-off between N and network cost (relative to the 2-D mesh)';
    this.hasData = this.points.length > 0;
    this.rebuild();
  }

  data() {
    const x = this.points.map((pt) => pt.target_slots);
    return [x, this.points.map((pt) => pt.switches_vs_mesh), this.points.map((pt) => pt.links_vs_mesh), x.map(() => 1)];
  }

  legendItems(p) {
    return [
      { label: 'switches / mesh', color: p.switches },
      { label: 'links / mesh', color: p.links, dash: [6, 3] },
      { label: 'mesh = 1.0', color: p.mesh, dash: [2, 4] },
    ];
  }

  options(p, width) {
    const ratio = (u, v) => (v === null || v === undefined ? '—' : v.toFixed(2));
    return {
      width,
      height: this.height,
      legend: { show: true, live: false },
      cursor: { y: false, points: { size: 8 } },
      scales: {
        x: { time: false, range: (u, min, max) => [Math.max(0, min - 0.5), max + 0.5] },
        y: { range: (u, min, max) => [0, Math.max(1.2, Math.ceil(max * 10 + 1) / 10)] },
      },
      series: [
        { label: 'target N', value: (u, v) => (v === null ? '—' : String(v)) },
        { label: 'switches / mesh', stroke: p.switches, width: 2, points: { show: true, size: 7, fill: p.switches }, value: ratio },
        { label: 'links / mesh', stroke: p.links, width: 2, dash: [6, 3], points: { show: true, size: 7, fill: p.links }, value: ratio },
        { label: 'mesh', stroke: p.mesh, width: 1.5, dash: [2, 4], points: { show: false }, value: ratio },
      ],
      axes: [
        axis(p, { label: 'target N (TOPOGEN_REV)', incrs: INTEGER_STEPS, size: Math.round(p.rem * 2.2), labelSize: Math.round(p.rem * 1.2) }),
        axis(p, { label: 'relative to the mesh', size: Math.round(p.rem * 3), labelSize: Math.round(p.rem * 1.2), incrs: [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5], values: (u, splits) => splits.map((v) => String(Number(v.toFixed(2)))) }),
      ],
    };
  }
}

/** Paper 002 Fig. 5: LOREN's average path length per t_max, the shortest-path average as a reference, the current t_max marked. */
export class SweepChart extends Chart {
  constructor(box) {
    super(box, { height: 220 });
    this.title = 'LOREN: average path length against t_max';
    this.points = [];
    this.shortest = null;
    this.current = null;
  }

  /** `points` [{tmax, avg_path_length}]; `shortest` the shortest-path average; `current` the t_max in use (or null). */
  setData(points, shortest, current, topology) {
    this.points = [...points].sort((a, b) => a.tmax - b.tmax);
    this.shortest = Number.isFinite(shortest) ? shortest : null;
    this.current = current ?? null;
    this.title = `LOREN: average path length against t_max (${topology})`;
    this.hasData = this.points.length > 0;
    this.rebuild();
  }

  /** Move the marker to t_max `value` (or none). */
  setCurrent(value) {
    this.current = value ?? null;
    this.plot?.redraw(false, false);
  }

  data() {
    const x = this.points.map((pt) => pt.tmax);
    return [x, this.points.map((pt) => pt.avg_path_length), x.map(() => this.shortest)];
  }

  legendItems(p) {
    return [
      { label: 'LOREN average path', color: p.switches },
      { label: 'shortest-path average', color: p.mesh, dash: [2, 4] },
      { label: 'current t_max', color: p.accent, dash: [4, 3] },
    ];
  }

  options(p, width) {
    const hops = (u, v) => (v === null || v === undefined ? '—' : v.toFixed(2));
    return {
      width,
      height: this.height,
      legend: { show: true, live: false },
      cursor: { y: false, points: { size: 7 } },
      scales: {
        x: { time: false, range: (u, min, max) => [min - 0.5, max + 0.5] },
        y: { range: (u, min, max) => [Math.max(0, Math.floor((min - 0.1) * 10) / 10), Math.ceil((max + 0.1) * 10) / 10] },
      },
      series: [
        { label: 't_max', value: (u, v) => (v === null ? '—' : String(v)) },
        { label: 'LOREN average path', stroke: p.switches, width: 2, points: { show: true, size: 5, fill: p.switches }, value: hops },
        { label: 'shortest-path average', stroke: p.mesh, width: 1.5, dash: [2, 4], points: { show: false }, value: hops },
      ],
      axes: [
        axis(p, { label: 't_max (table entries)', incrs: INTEGER_STEPS, values: plainNumbers, size: Math.round(p.rem * 2.2), labelSize: Math.round(p.rem * 1.2) }),
        axis(p, { label: 'average path (hops)', size: Math.round(p.rem * 3), labelSize: Math.round(p.rem * 1.2), values: (u, splits) => splits.map((v) => String(Number(v.toFixed(2)))) }),
      ],
      hooks: { draw: [verticalMarker(p, () => this.current)] },
    };
  }
}
