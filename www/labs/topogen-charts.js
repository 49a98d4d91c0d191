// The TopoGen lab's charts (paper 000): N, switches and links over the steps (the current step
// marked; a click picks a step) and the Fig. 13 trade-off (switches and links relative to the
// mesh against the target N).
import { Chart, uPlot, plainNumbers, INTEGER_STEPS, axis, verticalMarker } from '../charts.js';

/** N, switches and links after every step; the current step is a vertical line. */
export class StepsChart extends Chart {
  /** @param {HTMLElement} box @param {{onPick?: (step: number) => void}} [options] */
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

/**
 * Paper Fig. 13: switches and links of TOPOGEN_REV relative to the mesh, per target N, with the
 * mesh and the 2-D/3-D/4-D tori as labelled points at their own N (squares: switches, diamonds:
 * links).
 */
export class TradeoffChart extends Chart {
  constructor(box) {
    super(box, { height: 240 });
    this.title = 'Trade-off between N and network cost (relative to the 2-D mesh)';
    this.points = [];
    this.baselines = [];
    this.mesh = null;
  }

  /** `mesh`: the reference row (null while the points still stream in); `baselines`: the standard networks. */
  setData(mesh, points, baselines = []) {
    this.mesh = mesh;
    // uPlot wants x ascending; the sweep goes from the highest N down.
    this.points = [...points].sort((a, b) => a.target_slots - b.target_slots);
    // networks at the same N are drawn side by side, a third of a step apart
    const seen = new Map();
    this.baselines = baselines.map((b) => {
      const k = seen.get(b.max_slots) ?? 0;
      seen.set(b.max_slots, k + 1);
      return { ...b, x: b.max_slots + (k === 0 ? 0 : (k % 2 ? 1 : -1) * Math.ceil(k / 2) * 0.3) };
    });
    this.title = mesh
      ? `Trade-off between N and network cost (relative to ${mesh.topology}, N = ${mesh.max_slots})`
      : 'Trade-off between N and network cost (relative to the 2-D mesh)';
    this.hasData = this.points.length > 0 || this.baselines.length > 0;
    this.rebuild();
  }

  data() {
    const xs = [...new Set([...this.points.map((pt) => pt.target_slots), ...this.baselines.map((b) => b.x)])].sort((a, b) => a - b);
    const at = (list, xOf, value) => {
      const byX = new Map(list.map((item) => [xOf(item), value(item)]));
      return xs.map((x) => (byX.has(x) ? byX.get(x) : null));
    };
    const point = (key) => at(this.points, (pt) => pt.target_slots, (pt) => pt[key]);
    const base = (key) => at(this.baselines, (b) => b.x, (b) => b[key]);
    return [xs, point('switches_vs_mesh'), point('links_vs_mesh'), xs.map(() => 1), base('switches_vs_mesh'), base('links_vs_mesh')];
  }

  legendItems(p) {
    return [
      { label: 'switches / mesh', color: p.switches },
      { label: 'links / mesh', color: p.links, dash: [6, 3] },
      { label: 'mesh = 1.0', color: p.mesh, dash: [2, 4] },
      ...(this.baselines.length ? [{ label: 'mesh and tori at their N (■ switches, ◆ links)', color: p.fg }] : []),
    ];
  }

  /** A draw hook: each standard network as a square (switches) and a diamond (links), named above. */
  #labels(p) {
    return (u) => {
      const ctx = u.ctx;
      ctx.save();
      const size = 5 * uPlot.pxRatio;
      ctx.lineWidth = uPlot.pxRatio;
      ctx.strokeStyle = p.bg;
      for (const b of this.baselines) {
        const x = u.valToPos(b.x, 'x', true);
        const ys = u.valToPos(b.switches_vs_mesh, 'y', true);
        const yl = u.valToPos(b.links_vs_mesh, 'y', true);
        ctx.fillStyle = p.switches;
        ctx.beginPath();
        ctx.rect(x - size, ys - size, 2 * size, 2 * size);
        ctx.fill();
        ctx.stroke();
        ctx.fillStyle = p.links;
        ctx.beginPath();
        ctx.moveTo(x, yl - 1.4 * size);
        ctx.lineTo(x + 1.4 * size, yl);
        ctx.lineTo(x, yl + 1.4 * size);
        ctx.lineTo(x - 1.4 * size, yl);
        ctx.closePath();
        ctx.fill();
        ctx.stroke();
      }
      ctx.fillStyle = p.fg;
      ctx.font = p.font.replace(/^(\d+)px/, (m, px) => `${Math.round(px * uPlot.pxRatio)}px`);
      ctx.textAlign = 'left';
      ctx.textBaseline = 'bottom';
      // names kept inside the plot, and lifted a line when they would run into one already placed
      const { left, width } = u.bbox;
      const lineHeight = Math.round(p.rem * 1.1 * uPlot.pxRatio);
      const placed = [];
      for (const b of this.baselines) {
        const label = `${b.name} (deg. ${b.max_degree})`;
        const w = ctx.measureText(label).width;
        const x = Math.min(Math.max(u.valToPos(b.x, 'x', true) - w / 2, left), left + width - w);
        let y = u.valToPos(Math.max(b.switches_vs_mesh, b.links_vs_mesh), 'y', true) - 9 * uPlot.pxRatio;
        while (placed.some((q) => x < q.x + q.w + 4 && q.x < x + w + 4 && Math.abs(q.y - y) < lineHeight)) y -= lineHeight;
        placed.push({ x, y, w });
        ctx.fillText(label, x, y);
      }
      ctx.restore();
    };
  }

  options(p, width) {
    const ratio = (u, v) => (v === null || v === undefined ? '—' : v.toFixed(2));
    const baselineMax = Math.max(0, ...this.baselines.map((b) => Math.max(b.switches_vs_mesh, b.links_vs_mesh)));
    return {
      width,
      height: this.height,
      legend: { show: true, live: false },
      cursor: { y: false, points: { size: 8 } },
      scales: {
        x: { time: false, range: (u, min, max) => [Math.max(0, min - 0.8), max + 0.8] },
        // room above the tallest marker for its label
        y: { range: (u, min, max) => [0, Math.max(1.2, Math.ceil(Math.max(max, baselineMax) * 10 + 4) / 10)] },
      },
      series: [
        { label: 'target N', value: (u, v) => (v === null ? '—' : String(Math.round(v))) },
        { label: 'switches / mesh', stroke: p.switches, width: 2, spanGaps: true, points: { show: true, size: 7, fill: p.switches }, value: ratio },
        { label: 'links / mesh', stroke: p.links, width: 2, dash: [6, 3], spanGaps: true, points: { show: true, size: 7, fill: p.links }, value: ratio },
        { label: 'mesh', stroke: p.mesh, width: 1.5, dash: [2, 4], points: { show: false }, value: ratio },
        // drawn by the hook as squares and diamonds, with their names
        { label: 'mesh/tori switches', stroke: p.switches, width: 0, paths: () => null, points: { show: false }, value: ratio },
        { label: 'mesh/tori links', stroke: p.links, width: 0, paths: () => null, points: { show: false }, value: ratio },
      ],
      hooks: { draw: [this.#labels(p)] },
      axes: [
        axis(p, { label: 'N (the target; for the mesh and tori, their own)', incrs: INTEGER_STEPS, size: Math.round(p.rem * 2.2), labelSize: Math.round(p.rem * 1.2) }),
        axis(p, { label: 'relative to the mesh', size: Math.round(p.rem * 3), labelSize: Math.round(p.rem * 1.2), incrs: [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5], values: (u, splits) => splits.map((v) => String(Number(v.toFixed(2)))) }),
      ],
    };
  }
}
