// The OCS relay lab's chart (paper 001, Fig. 4–5): the application's time on each network
// relative to EPS only at 1:5 — EPS only, the full-bisection EPS, ours with 64 and 128 OCS
// nodes, and the low-bisection (1:20) EPS with and without them — as bars, with a line at 1.0
// and each bar's link-load bound marked.
import { Chart, uPlot, axis } from '../charts.js';

/** The networks' bar colours (mid tones that read on both themes). */
export const NETWORKS = [
  { network: 'eps', label: 'EPS only', color: '#8a94a6' },
  { network: 'full', label: 'full-bisection EPS', color: '#2e9e5b' },
  { network: 'ours', label: 'ours (EPS + OCS)', color: '#3b7dd8' },
];

/** A row's bound relative to EPS only at 1:5, as its time is (null when the row has none). */
export function boundRelative(row) {
  return Number.isFinite(row.bound_s) && row.time_s > 0 ? (row.bound_s * row.relative) / row.time_s : null;
}

/** `label` broken into lines of at most `chars` characters at its spaces. */
function wrap(label, chars) {
  const lines = [];
  for (const word of label.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= chars) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

export class FigureChart extends Chart {
  constructor(box) {
    super(box, { height: 260 });
    this.title = 'Fig. 4–5: time relative to EPS only';
    this.rows = [];
  }

  /** `rows` [{label, network, time_s, bound_s, relative}] in the paper's order; `title` names the set-up. */
  setData(rows, title = null) {
    this.rows = rows;
    if (title) this.title = title;
    this.hasData = rows.length > 0;
    this.rebuild();
  }

  data() {
    const xs = this.rows.map((_, i) => i);
    const none = xs.map(() => null);
    return [xs, ...NETWORKS.map((n) => this.rows.map((row) => (row.network === n.network ? row.relative : null))), none, none];
  }

  legendItems(p) {
    return [...NETWORKS.map((n) => ({ label: n.label, color: n.color })), { label: 'EPS only = 1.0', color: p.mesh, dash: [6, 4] }, { label: 'link-load bound', color: p.fg }];
  }

  /** A draw hook: the line at 1.0, each bar's bound as a bar-wide tick, the values above the bars. */
  #marks(p) {
    return (u) => {
      const ctx = u.ctx;
      const px = uPlot.pxRatio;
      const { left, width } = u.bbox;
      ctx.save();
      const one = u.valToPos(1, 'y', true);
      ctx.strokeStyle = p.mesh;
      ctx.lineWidth = 1.5 * px;
      ctx.setLineDash([6 * px, 4 * px]);
      ctx.beginPath();
      ctx.moveTo(left, one);
      ctx.lineTo(left + width, one);
      ctx.stroke();
      ctx.setLineDash([]);
      const half = (u.valToPos(1, 'x', true) - u.valToPos(0, 'x', true)) * 0.34;
      ctx.font = p.font.replace(/^(\d+)px/, (m, size) => `${Math.round(size * px)}px`);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      this.rows.forEach((row, i) => {
        const x = u.valToPos(i, 'x', true);
        const bound = boundRelative(row);
        let top = u.valToPos(row.relative, 'y', true);
        if (bound !== null) {
          const y = u.valToPos(bound, 'y', true);
          ctx.strokeStyle = p.fg;
          ctx.lineWidth = 2.5 * px;
          ctx.beginPath();
          ctx.moveTo(x - half, y);
          ctx.lineTo(x + half, y);
          ctx.stroke();
          top = Math.min(top, y);
        }
        ctx.fillStyle = p.fg;
        ctx.fillText(row.relative.toFixed(2), x, top - 3 * px);
      });
      ctx.restore();
    };
  }

  options(p, width) {
    // the bars' names under them, wrapped to a bar's width
    const fontPx = Math.round(p.rem * 0.78);
    const yAxis = Math.round(p.rem * 3);
    const chars = Math.max(4, Math.floor((width - yAxis - 16) / Math.max(1, this.rows.length) / (0.6 * fontPx)));
    const lines = this.rows.map((row) => wrap(row.label, chars));
    const labels = lines.map((l) => l.join('\n'));
    const xAxis = Math.round(Math.max(1, ...lines.map((l) => l.length)) * fontPx * 1.3 + 12);
    const most = Math.max(1, ...this.rows.map((row) => Math.max(row.relative, boundRelative(row) ?? 0)));
    const value = (u, v) => (v === null || v === undefined ? '—' : `${v.toFixed(2)}×`);
    const bars = uPlot.paths.bars({ size: [0.68, 120] });
    return {
      width,
      height: this.height,
      legend: { show: true, live: false },
      cursor: { y: false, points: { show: false } },
      scales: { x: { time: false, range: () => [-0.6, Math.max(0, this.rows.length - 1) + 0.6] }, y: { range: () => [0, Math.ceil(most * 1.18 * 10) / 10] } },
      series: [
        { label: 'network', value: (u, v) => (v === null || v === undefined ? '—' : this.rows[v]?.label ?? '') },
        ...NETWORKS.map((n) => ({ label: n.label, fill: n.color, stroke: n.color, width: 1, paths: bars, points: { show: false }, value })),
        // drawn by the hook; here for the legend
        { label: 'EPS only = 1.0', stroke: p.mesh, width: 1.5, dash: [6, 4], paths: () => null, points: { show: false } },
        { label: 'link-load bound', stroke: p.fg, width: 2.5, paths: () => null, points: { show: false } },
      ],
      axes: [
        axis(p, { splits: () => this.rows.map((_, i) => i), values: (u, splits) => splits.map((i) => labels[i] ?? ''), grid: { show: false }, size: xAxis, gap: 4 }),
        axis(p, { label: 'time ÷ EPS only (1:5)', size: yAxis, labelSize: Math.round(p.rem * 1.2), values: (u, splits) => splits.map((v) => String(Number(v.toFixed(2)))) }),
      ],
      hooks: { draw: [this.#marks(p)] },
    };
  }
}
