// The Dual-plane lab's charts (paper 004): the search's improvements as it went on (the best
// set's gains over the identical planes against the share of the search done), and one metric
// of the six variants against n (Fig. 3, 5, 6, 7: distance, all-to-all traffic, delay, cable,
// cost), the variants' colours shared by the charts and the legend above them.
import { Chart, uPlot, plainNumbers, INTEGER_STEPS, axis } from '../charts.js';

/**
 * The six variants of Fig. 3 and 5–7: hypercubes in blues, folded hypercubes in reds; the
 * identical planes dashed, the -r variants dotted. Mid-tone colours read on both themes.
 */
export const VARIANTS = [
  { name: 'D-HC', color: '#7f93b3', dash: [7, 4] },
  { name: 'DI-HC', color: '#3b7dd8' },
  { name: 'DI-HC-r', color: '#159a8c', dash: [2, 3] },
  { name: 'D-FHC', color: '#b8917f', dash: [7, 4] },
  { name: 'DI-FHC', color: '#d6453d' },
  { name: 'DI-FHC-r', color: '#e69500', dash: [2, 3] },
];

/** The metrics drawn against n: key in a sweep point, axis label, decimals. */
export const SWEEP_METRICS = [
  { key: 'avg_distance', title: 'Average shortest distance (Fig. 3(a))', label: 'hops', digits: 2 },
  { key: 'a2a_max_traffic', title: 'All-to-all max traffic (Fig. 3(b))', label: '× link, 1 node/switch', digits: 2 },
  { key: 'avg_delay_ns', title: 'Average shortest delay (Fig. 5(a))', label: 'ns', digits: 0 },
  { key: 'avg_cable_m', title: 'Average cable length (Fig. 7(a))', label: 'm', digits: 1 },
  { key: 'cost_per_node_usd', title: 'Cost per node (Fig. 8)', label: 'US$', digits: 0 },
];

const valueText = (digits) => (u, v) => (v === null || v === undefined ? '—' : v.toFixed(digits));

/** One metric of the six variants against n; the legend is the lab's, shared by all five charts. */
export class VariantChart extends Chart {
  constructor(box, metric) {
    super(box, { height: 190 });
    this.metric = metric;
    this.title = metric.title;
    this.points = [];
  }

  /** `points`: the sweep's so far ({n, variant, …metrics}). */
  setData(points) {
    this.points = points;
    this.hasData = points.length > 0;
    this.rebuild();
  }

  data() {
    const ns = [...new Set(this.points.map((p) => p.n))].sort((a, b) => a - b);
    const series = VARIANTS.map((v) => {
      const byN = new Map(this.points.filter((p) => p.variant === v.name).map((p) => [p.n, p[this.metric.key]]));
      return ns.map((n) => byN.get(n) ?? null);
    });
    return [ns, ...series];
  }

  legendItems() {
    return VARIANTS.map((v) => ({ label: v.name, color: v.color, dash: v.dash }));
  }

  options(p, width) {
    const value = valueText(this.metric.digits);
    return {
      width,
      height: this.height,
      title: this.metric.title,
      legend: { show: false },
      cursor: { y: false, points: { size: 6 } },
      scales: { x: { time: false, range: (u, min, max) => [min - 0.3, max + 0.3] } },
      series: [
        { label: 'n', value: (u, v) => (v === null ? '—' : String(v)) },
        ...VARIANTS.map((v) => ({ label: v.name, stroke: v.color, width: 2, dash: v.dash, spanGaps: true, points: { show: true, size: 5, fill: v.color }, value })),
      ],
      axes: [
        axis(p, { label: 'n', incrs: INTEGER_STEPS, values: plainNumbers, size: Math.round(p.rem * 2), labelSize: Math.round(p.rem * 1.1) }),
        axis(p, { label: this.metric.label, size: Math.round(p.rem * 3.2), labelSize: Math.round(p.rem * 1.2), values: (u, splits) => splits.map((s) => String(Number(s.toFixed(2)))) }),
      ],
    };
  }
}

/** The search's improvements: the best set's gains (%) against the share of the search done. */
export class SearchChart extends Chart {
  constructor(box) {
    super(box, { height: 170 });
    this.title = 'Search for plane 1: the best set’s gains over the identical planes';
    this.points = [];
    this.delay = false;
  }

  /** `points` [{fraction, best}]; `delay`: the objective is the delay (the -r search). */
  setData(points, { delay = false } = {}) {
    this.points = points;
    this.delay = delay;
    this.hasData = points.length > 0;
    this.rebuild();
  }

  #first() {
    return this.delay ? { key: 'delay_gain_pct', label: 'delay gain' } : { key: 'distance_gain_pct', label: 'distance gain' };
  }

  data() {
    const pts = [...this.points].sort((a, b) => a.fraction - b.fraction);
    return [pts.map((pt) => 100 * pt.fraction), pts.map((pt) => pt.best[this.#first().key]), pts.map((pt) => pt.best.a2a_gain_pct)];
  }

  legendItems(p) {
    return [
      { label: `${this.#first().label} (%)`, color: p.switches },
      { label: 'all-to-all gain (%)', color: p.n, dash: [6, 3] },
    ];
  }

  options(p, width) {
    const stepped = uPlot.paths.stepped({ align: 1 });
    const pct = valueText(1);
    return {
      width,
      height: this.height,
      legend: { show: true, live: false },
      cursor: { y: false, points: { size: 7 } },
      scales: { x: { time: false, range: () => [0, 100] }, y: { range: (u, min, max) => [Math.min(0, Math.floor(min)), Math.max(5, Math.ceil(max * 1.1))] } },
      series: [
        { label: 'search done (%)', value: (u, v) => (v === null ? '—' : `${v.toFixed(0)}%`) },
        { label: `${this.#first().label} (%)`, stroke: p.switches, width: 2, paths: stepped, points: { show: true, size: 6, fill: p.switches }, value: pct },
        { label: 'all-to-all gain (%)', stroke: p.n, width: 2, dash: [6, 3], paths: stepped, points: { show: true, size: 6, fill: p.n }, value: pct },
      ],
      axes: [
        axis(p, { label: 'search done (%)', size: Math.round(p.rem * 2.1), labelSize: Math.round(p.rem * 1.1), values: plainNumbers }),
        axis(p, { label: 'gain (%)', size: Math.round(p.rem * 2.8), labelSize: Math.round(p.rem * 1.2), values: plainNumbers }),
      ],
    };
  }
}
