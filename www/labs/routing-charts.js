// The Routing lab's chart (paper 002 Fig. 5): LOREN's average path length against t_max, the
// shortest-path average as a reference line and the current t_max marked.
import { Chart, plainNumbers, INTEGER_STEPS, axis, verticalMarker } from '../charts.js';

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
