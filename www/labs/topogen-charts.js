// The TopoGen lab's charts (paper 000): N, switches and links over the steps (the current step
// marked; a click picks a step) and the Fig. 13 trade-off (switches and links relative to the
// mesh against the target N).
import { Chart, uPlot, plainNumbers, INTEGER_STEPS, axis, verticalMarker } from '../charts.js';

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
