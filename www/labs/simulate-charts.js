// The Simulate lab's chart (papers 002 §VI-C Fig. 7–10, 004 §3.4): average latency and accepted
// throughput against offered load, one point per load of the sweep, with the seeds' min–max as
// whiskers, the saturation throughput, the shown run's load and the channel-load bound marked.
import { Chart, axis, verticalMarker, uPlot } from '../charts.js';

/** Latency above this many times the lowest point's is cut off, so the curve below saturation stays readable. */
const LATENCY_HEADROOM = 4;

/** A number with `digits` decimals, or "—". */
const fixed = (digits) => (u, v) => (v === null || v === undefined ? '—' : v.toFixed(digits));

/** A draw hook: min–max whiskers of `ranges()` ([x, lo, hi] in scale `scale`) in `color`. */
function whiskers(ranges, scale, color) {
  return (u) => {
    const ctx = u.ctx;
    const cap = 4 * uPlot.pxRatio;
    const { left, top: plotTop, width, height } = u.bbox;
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, plotTop, width, height); // a whisker of a point cut off at the top stays inside the plot
    ctx.clip();
    ctx.strokeStyle = color;
    ctx.lineWidth = 1.5 * uPlot.pxRatio;
    ctx.beginPath();
    for (const [x, lo, hi] of ranges()) {
      const px = u.valToPos(x, 'x', true);
      const top = u.valToPos(hi, scale, true);
      const bottom = u.valToPos(lo, scale, true);
      ctx.moveTo(px, top);
      ctx.lineTo(px, bottom);
      ctx.moveTo(px - cap, top);
      ctx.lineTo(px + cap, top);
      ctx.moveTo(px - cap, bottom);
      ctx.lineTo(px + cap, bottom);
    }
    ctx.stroke();
    ctx.restore();
  };
}

/** A draw hook: a vertical line in `color` at x = `at()` (none when null), labelled `label(x)` at the plot's top or bottom. */
function labelledMarker(p, color, at, label, { bottom = false } = {}) {
  const line = verticalMarker({ ...p, accent: color }, at);
  return (u) => {
    const value = at();
    if (value === null || value === undefined) return;
    line(u);
    const ctx = u.ctx;
    const x = u.valToPos(value, 'x', true);
    ctx.save();
    ctx.fillStyle = color;
    ctx.font = `600 ${Math.round(p.rem * 0.72 * uPlot.pxRatio)}px system-ui, sans-serif`;
    ctx.textBaseline = bottom ? 'bottom' : 'top';
    const text = label(value);
    const width = ctx.measureText(text).width;
    const pad = 4 * uPlot.pxRatio;
    // right of the line, or left of it where the plot ends
    const left = x + pad + width > u.bbox.left + u.bbox.width ? x - pad - width : x + pad;
    ctx.fillText(text, left, bottom ? u.bbox.top + u.bbox.height - pad : u.bbox.top + pad);
    ctx.restore();
  };
}

/**
 * A draw hook: a dotted horizontal line in `color` at y = `at()` of scale `scale`, labelled
 * `label(y)` under its left end (the markers' labels sit at the plot's top and bottom edges).
 */
function horizontalLine(p, color, scale, at, label) {
  return (u) => {
    const value = at();
    if (value === null || value === undefined) return;
    const y = u.valToPos(value, scale, true);
    const { left, width } = u.bbox;
    const ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = 1.5 * uPlot.pxRatio;
    ctx.setLineDash([2 * uPlot.pxRatio, 3 * uPlot.pxRatio]);
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(left + width, y);
    ctx.stroke();
    ctx.font = `600 ${Math.round(p.rem * 0.72 * uPlot.pxRatio)}px system-ui, sans-serif`;
    ctx.textBaseline = 'top';
    ctx.fillText(label(value), left + 4 * uPlot.pxRatio, y + 3 * uPlot.pxRatio);
    ctx.restore();
  };
}

/** Latency (left axis) and accepted throughput (right axis) against offered load. */
export class LoadChart extends Chart {
  constructor(box) {
    super(box, { height: 250 });
    this.title = 'Latency and accepted throughput against offered load';
    this.points = [];
    this.saturation = null;
    this.current = null;
    this.bound = null;
    this.other = null; // compare mode's A: its points, drawn beside these (B's)
  }

  /**
   * `points` (the sweep's, any order); `saturation` the saturation throughput once known;
   * `current` the shown run's load; `bound` the network's channel-load bound (or null).
   */
  setData(points, { saturation = null, current = null, bound = null, title = null, other = null } = {}) {
    this.points = [...points].sort((a, b) => a.offered_flits_per_node_cycle - b.offered_flits_per_node_cycle);
    this.other = other?.length ? [...other].sort((a, b) => a.offered_flits_per_node_cycle - b.offered_flits_per_node_cycle) : null;
    this.saturation = saturation;
    this.current = current;
    this.bound = bound;
    if (title) this.title = title;
    this.hasData = this.points.length > 0;
    this.rebuild();
  }

  /** Move the shown run's marker to load `value` (or none). */
  setCurrent(value) {
    this.current = value ?? null;
    this.plot?.redraw(false, false);
  }

  data() {
    const pts = this.points;
    if (!this.other) return [pts.map((p) => p.offered_flits_per_node_cycle), pts.map((p) => p.avg_latency_cycles ?? null), pts.map((p) => p.accepted_flits_per_node_cycle)];
    // compare mode: both curves on the loads of either (a gap where one has no point)
    const loads = [...new Set([...pts, ...this.other].map((p) => p.offered_flits_per_node_cycle))].sort((a, b) => a - b);
    const at = (list, key) => {
      const by = new Map(list.map((p) => [p.offered_flits_per_node_cycle, p[key] ?? null]));
      return loads.map((x) => (by.has(x) ? by.get(x) : null));
    };
    return [loads, at(pts, 'avg_latency_cycles'), at(pts, 'accepted_flits_per_node_cycle'), at(this.other, 'avg_latency_cycles'), at(this.other, 'accepted_flits_per_node_cycle')];
  }

  /** The latency axis' top: every point, unless one past saturation would flatten the others. */
  #latencyTop(max) {
    const all = [...this.points, ...(this.other ?? [])];
    const latencies = all.map((p) => p.avg_latency_cycles).filter(Number.isFinite);
    if (!latencies.length) return 1;
    const top = Math.max(...latencies, ...all.flatMap((p) => p.spread?.avg_latency_cycles ?? []));
    return Math.min(top, Math.min(...latencies) * LATENCY_HEADROOM, max) * 1.08;
  }

  legendItems(p) {
    const b = this.other ? 'B: ' : '';
    return [
      { label: `${b}average latency (cycles)`, color: p.switches },
      { label: `${b}accepted throughput (flits/node/cycle)`, color: p.links, dash: [6, 3] },
      ...(this.other
        ? [
            { label: 'A: average latency (cycles)', color: p.mesh },
            { label: 'A: accepted throughput', color: p.mesh, dash: [6, 3] },
          ]
        : []),
      { label: 'saturation throughput', color: p.n, dash: [4, 3] },
      { label: 'shown run’s load', color: p.mesh, dash: [4, 3] },
      ...(this.bound === null ? [] : [{ label: 'channel-load bound', color: p.links, dash: [2, 3] }]),
    ];
  }

  options(p, width) {
    const all = [...this.points, ...(this.other ?? [])];
    const b = this.other ? 'B: ' : '';
    const loads = all.map((pt) => pt.offered_flits_per_node_cycle);
    const xMax = Math.max(...loads, this.saturation ?? 0);
    const yMax = Math.max(...all.map((pt) => pt.accepted_flits_per_node_cycle), xMax, this.bound ?? 0);
    const spreads = (key) => () =>
      this.points.filter((pt) => pt.spread?.[key]).map((pt) => [pt.offered_flits_per_node_cycle, ...pt.spread[key]]);
    return {
      width,
      height: this.height,
      legend: { show: true, live: false },
      cursor: { y: false, points: { size: 7 } },
      scales: {
        x: { time: false, range: () => [0, Math.ceil(xMax * 20 + 0.5) / 20] },
        lat: { range: (u, min, max) => [0, this.#latencyTop(max ?? 1)] },
        thr: { range: () => [0, Math.ceil(yMax * 20 + 0.5) / 20] },
      },
      series: [
        { label: 'offered', value: fixed(3) },
        { label: `${b}latency (cycles)`, scale: 'lat', stroke: p.switches, width: 2, spanGaps: true, points: { show: true, size: 6, fill: p.switches }, value: fixed(1) },
        { label: `${b}accepted`, scale: 'thr', stroke: p.links, width: 1.5, dash: [6, 3], spanGaps: true, points: { show: true, size: 5, fill: p.links }, value: fixed(3) },
        ...(this.other
          ? [
              { label: 'A: latency (cycles)', scale: 'lat', stroke: p.mesh, width: 2, spanGaps: true, points: { show: true, size: 6, fill: p.mesh }, value: fixed(1) },
              { label: 'A: accepted', scale: 'thr', stroke: p.mesh, width: 1.5, dash: [6, 3], spanGaps: true, points: { show: true, size: 5, fill: p.mesh }, value: fixed(3) },
            ]
          : []),
      ],
      axes: [
        axis(p, { label: 'offered load (flits/node/cycle)', size: Math.round(p.rem * 2.2), labelSize: Math.round(p.rem * 1.2) }),
        axis(p, { scale: 'lat', label: 'average latency (cycles)', size: Math.round(p.rem * 3), labelSize: Math.round(p.rem * 1.2), values: (u, splits) => splits.map((v) => String(Number(v.toFixed(1)))) }),
        axis(p, { scale: 'thr', side: 1, grid: { show: false }, label: 'accepted (flits/node/cycle)', size: Math.round(p.rem * 3), labelSize: Math.round(p.rem * 1.2), values: (u, splits) => splits.map((v) => String(Number(v.toFixed(2)))) }),
      ],
      hooks: {
        draw: [
          whiskers(spreads('avg_latency_cycles'), 'lat', p.switches),
          whiskers(spreads('accepted_flits_per_node_cycle'), 'thr', p.links),
          labelledMarker(p, p.mesh, () => this.current, () => 'shown run', { bottom: true }),
          labelledMarker(p, p.n, () => this.saturation, (v) => `saturation ≈ ${v.toFixed(2)}`),
          horizontalLine(p, p.links, 'thr', () => this.bound, (v) => `channel-load bound ${v.toFixed(2)}`),
        ],
      },
    };
  }
}
