// The Routing lab's chart (paper 002 Fig. 5): LOREN's average path length against t_max beside
// Cowen's (Cowen 1999 as paper 002 counts it: one point per α of the grid, its largest table as
// t_max), the shortest-path average as a reference line and the current t_max marked.
import { Chart, plainNumbers, INTEGER_STEPS, axis, verticalMarker } from '../charts.js';

/** Paper 002 Fig. 5: LOREN's and Cowen's average path per t_max, the shortest-path average as a reference, the current t_max marked. */
export class SweepChart extends Chart {
  constructor(box) {
    super(box, { height: 220 });
    this.title = 'LOREN and Cowen: average path length against t_max';
    this.loren = [];
    this.cowen = [];
    this.shortest = null;
    this.current = null;
  }

  /**
   * `points` [{scheme, tmax, alpha, avg_path_length}] (LOREN's per t_max, Cowen's per α);
   * `shortest` the shortest-path average; `current` the t_max in use (or null).
   */
  setData(points, shortest, current, topology) {
    this.loren = points.filter((pt) => pt.scheme !== 'cowen').sort((a, b) => a.tmax - b.tmax);
    // several α can give Cowen the same largest table: the chart shows the shortest average
    const best = new Map();
    for (const pt of points.filter((p) => p.scheme === 'cowen')) {
      const seen = best.get(pt.tmax);
      if (seen === undefined || pt.avg_path_length < seen) best.set(pt.tmax, pt.avg_path_length);
    }
    this.cowen = [...best].map(([tmax, avg]) => ({ tmax, avg_path_length: avg })).sort((a, b) => a.tmax - b.tmax);
    this.shortest = Number.isFinite(shortest) ? shortest : null;
    this.current = current ?? null;
    this.title = `LOREN and Cowen: average path length against t_max (${topology})`;
    this.hasData = this.loren.length + this.cowen.length > 0;
    this.rebuild();
  }

  /** Move the marker to t_max `value` (or none). */
  setCurrent(value) {
    this.current = value ?? null;
    this.plot?.redraw(false, false);
  }

  data() {
    const x = [...new Set([...this.loren, ...this.cowen].map((pt) => pt.tmax))].sort((a, b) => a - b);
    const at = (series) => {
      const byTmax = new Map(series.map((pt) => [pt.tmax, pt.avg_path_length]));
      return x.map((t) => byTmax.get(t) ?? null);
    };
    return [x, at(this.loren), at(this.cowen), x.map(() => this.shortest)];
  }

  legendItems(p) {
    return [
      { label: 'LOREN average path', color: p.switches },
      { label: 'Cowen 1999 (paper 002) average path, one point per α', color: p.n, dash: [6, 3] },
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
        { label: 'Cowen 1999 average path', stroke: p.n, width: 1.5, dash: [6, 3], spanGaps: true, points: { show: true, size: 7, fill: p.n }, value: hops },
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
