// The CTC lab's panels (paper 003): the results of a run (hybrid against torus hop-bytes, HDF →
// annealing, the 2V − M* bound, the ILP's status and bound, the cost of both networks, the links
// and the unserved demands), the demand of the shown step, the task and LC traffic matrices as
// heatmaps (tasks in cluster order, LC boundaries drawn), the annealing curve (the run's, or
// streamed live by the `anneal` study) and Table I (the `table-1` study). Every number is the
// core's.
import { byId, el, show, integer, plural } from '../dom.js';
import { StudyPanels } from '../jobs.js';
import { download, textBlob } from '../exporting.js';
import { Chart, axis, plainNumbers } from '../charts.js';

const num = (v, digits = 0) => (v === null || v === undefined || !Number.isFinite(Number(v)) ? '—' : Number(v).toFixed(digits));
const pct = (v) => (v === null || v === undefined || !Number.isFinite(v) ? '—' : `${(v * 100).toFixed(1)}%`);
/**
 * A whole number short enough for a metric card or an axis (272.6 M for 272,629,760): digits
 * below ten million, else four significant digits and M, G or T. Where it shortens, the exact
 * digits go in a title (the `exact` argument of `showResult`'s `set`).
 */
const short = (v) => {
  if (v === null || v === undefined || !Number.isFinite(Number(v))) return '—';
  const a = Math.abs(v);
  if (a < 1e7) return String(v);
  const [unit, name] = a >= 1e12 ? [1e12, 'T'] : a >= 1e9 ? [1e9, 'G'] : [1e6, 'M'];
  return `${Number((v / unit).toPrecision(4))} ${name}`;
};
const shortTicks = (u, splits) => splits.map((v) => (v === null ? '' : short(v)));

/** CSV text of `rows` (objects) with `columns` [key, header]. */
function csv(columns, rows) {
  const cell = (v) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v).replaceAll(',', ';') : String(v));
  return [columns.map((c) => c[1]).join(','), ...rows.map((r) => columns.map(([k]) => cell(r[k])).join(','))].join('\n') + '\n';
}

// ---------------------------------------------------------------- results

export class CtcResults {
  /** `ctx`: the page's; the links' CSV is the shown run's (`ctx.current()`), named after its Scenario. */
  constructor(ctx) {
    this.ctx = ctx;
    byId('ctc-links-csv').addEventListener('click', () => {
      const now = ctx.current();
      if (!now) return ctx.notify('Run the lab first.');
      const name = `${ctx.fileStem(now.scenario)}-links.csv`;
      download(name, textBlob(csv([['plane1', 'plane'], ['src', 'src'], ['dst', 'dst'], ['pass', 'pass'], ['bytes', 'bytes']], now.result.links.map((l) => ({ ...l, plane1: l.plane + 1 }))), 'text/csv'));
      ctx.notify(`Downloaded ${name}`);
    });
  }

  showLoading() {
    for (const dd of byId('ctc-results-box').querySelectorAll('dd')) dd.textContent = '…';
  }

  /** The shown run's result, written into the panel (nothing of it is kept here). @param {import('../types/core').CtcResult} r */
  showResult(r) {
    const set = (id, text, exact = '') => {
      byId(id).textContent = text;
      if (exact && exact !== text) byId(id).title = exact;
      else byId(id).removeAttribute('title');
    };
    // (with demands unserved, hop-bytes counts the others only: said under the number, and
    // neither the gain over the torus nor the gap to the bound, which count every demand)
    const pathless = r.unserved.length;
    set('ctc-metric-hop', integer(r.hop_bytes));
    if (pathless) byId('ctc-metric-hop').append(el('span', { class: 'metric-note', text: `+ ${plural(pathless, 'demand')} without a path, not counted` }));
    set('ctc-metric-torus', r.torus_hop_bytes === null ? '—' : integer(r.torus_hop_bytes));
    set('ctc-metric-gain', r.torus_hop_bytes && !pathless ? pct((r.torus_hop_bytes - r.hop_bytes) / r.torus_hop_bytes) : '—', pathless ? 'not compared: demands without a path are not counted in the hybrid’s hop-bytes' : '');
    set('ctc-metric-avg', num(r.avg_hops, 3));
    set('ctc-metric-direct', `${integer(r.direct_demands)} of ${integer(r.demands)}`);
    set('ctc-metric-sa', r.iterations ? `${short(r.hdf_hop_bytes)} → ${short(r.heuristic_hop_bytes)}` : short(r.hdf_hop_bytes), r.iterations ? `${r.hdf_hop_bytes} → ${r.heuristic_hop_bytes}` : String(r.hdf_hop_bytes));
    const gap = r.gap_to_bound === null ? 'gap —' : `gap ${pct(r.gap_to_bound)}`;
    const why = pathless ? ': the bound counts every demand, the hop-bytes only those with a path' : '';
    set('ctc-metric-bound', r.lower_bound === null ? '—' : `${short(r.lower_bound)} (${gap})`, r.lower_bound === null ? '' : `${r.lower_bound} (${gap}${why})`);
    set('ctc-metric-lcs', `${integer(r.lcs)} LCs of ${integer(r.cluster_size)} (${integer(r.tasks)} tasks)`);
    set('ctc-metric-intra', short(r.intra_lc_bytes), String(r.intra_lc_bytes));
    const ilp = r.ilp;
    show(byId('ctc-ilp-row'), Boolean(ilp));
    if (ilp) {
      set('ctc-metric-ilp', `${ilp.status}${ilp.optimal ? ' (proven)' : ''}: ${num(ilp.hop_bytes)} · bound ${num(ilp.bound, 1)} · gap ${pct(ilp.gap)} · ${integer(ilp.nodes)} nodes · ${num(ilp.elapsed_ms)} ms${ilp.incumbent === 'warm-start' ? ' · best known: the heuristic’s (the solver found none better in time)' : ''}`);
    }
    set('ctc-by-hops', r.by_hops.map((b, i) => `${i + 1} hop${i ? 's' : ''}: ${integer(b)} B`).join(' · ') || '—');
    // cost side by side
    const c = r.cost;
    const body = byId('ctc-cost-body');
    const row = (name, h, t) => el('tr', {}, el('th', { scope: 'row', text: name }), el('td', { text: h }), el('td', { text: t }));
    body.replaceChildren(
      row('EPS ports', integer(c.hybrid.eps_ports), c.torus ? integer(c.torus.eps_ports) : '—'),
      row('OCS ports', integer(c.hybrid.ocs_ports), c.torus ? integer(c.torus.ocs_ports) : '—'),
      row('Transceivers', integer(c.hybrid.transceivers), c.torus ? integer(c.torus.transceivers) : '—'),
      row('Total (EPS-port units)', num(c.hybrid.total, 1), c.torus ? num(c.torus.total, 1) : '—'),
    );
    byId('ctc-cost-head-torus').textContent = r.torus ? `Torus ${r.torus.dims.join('×')}` : 'Torus';
    set('ctc-cost-ratio', c.ratio === null ? '' : `Hybrid ÷ torus: ${num(c.ratio, 3)}.`);
    // links and unserved
    set('ctc-links-count', `(${integer(r.links.length)})`);
    const links = byId('ctc-links-body');
    links.replaceChildren(...r.links.slice(0, 300).map((l) => el('tr', {}, el('td', { text: String(l.plane + 1) }), el('td', { text: `${l.src} → ${l.dst}` }), el('td', { text: l.pass === 0 ? 'ILP' : String(l.pass) }), el('td', { text: short(l.bytes), title: String(l.bytes) }))));
    set('ctc-links-more', r.links.length > 300 ? `The first 300 of ${integer(r.links.length)} links; the CSV has all.` : '');
    set('ctc-unserved-count', `(${integer(r.unserved.length)})`);
    const unserved = byId('ctc-unserved');
    unserved.replaceChildren(...r.unserved.slice(0, 200).map((u) => el('li', { text: `${u.src} → ${u.dst}: ${integer(u.bytes)} B, no path` })));
    set('ctc-unserved-note', r.unserved.length ? (r.unserved.length > 200 ? `The first 200 of ${integer(r.unserved.length)}; the JSON has all.` : 'These demands have no path over the OCS links (they would take the EPS).') : 'Every demand has a path over the OCS links.');
    set('ctc-traffic-about', r.traffic_about);
  }

  /** The demand of a step or a click: its path and decisions. */
  showDemand(d) {
    const box = byId('ctc-demand-text');
    if (!d) {
      byId('ctc-demand-title').textContent = '';
      box.textContent = 'Step through the serving, or click an LC in the figure.';
      return;
    }
    byId('ctc-demand-title').textContent = `${d.src} → ${d.dst}`;
    const path = d.path.length ? d.path.join(' → ') : 'no path';
    box.textContent = `${integer(d.bytes)} B, ${d.position ? `${d.position} in the order` : 'not in the order shown'}; ${d.direct ? 'its own direct link' : 'no direct link'}; path ${path}${d.hops !== null ? ` (${d.hops} hop${d.hops === 1 ? '' : 's'})` : ''}.`;
  }

  /** An LC clicked: its tasks and ports per plane. */
  showLc(d) {
    byId('ctc-demand-title').textContent = `LC ${d.lc}`;
    const ports = d.out_ports_per_plane.map((o, k) => `plane ${k + 1}: out ${o}, in ${d.in_ports_per_plane[k]}`).join('; ');
    const tasks = d.tasks ? `tasks ${d.tasks.length > 24 ? `${d.tasks.slice(0, 24).join(', ')}, …` : d.tasks.join(', ')}` : '';
    byId('ctc-demand-text').textContent = `${tasks}${tasks ? '. ' : ''}Ports used (heuristic) — ${ports}. Links out: ${d.links_out.map((l) => l.dst).join(', ') || 'none'}; in: ${d.links_in.map((l) => l.src).join(', ') || 'none'}.`;
  }
}

// ---------------------------------------------------------------- heatmaps

/** A matrix's heatmap on a canvas: log colour, LC boundaries as lines. */
export function drawHeatmap(canvas, map, label) {
  const ctx = canvas.getContext('2d');
  const size = map.size;
  const px = Math.max(1, Math.floor(256 / Math.max(1, size)));
  canvas.width = size * px;
  canvas.height = size * px;
  const max = Math.max(1, ...map.cells);
  const lmax = Math.log1p(max);
  const dark = getComputedStyle(document.documentElement).getPropertyValue('--bg').trim().startsWith('#1');
  ctx.fillStyle = dark ? '#11151c' : '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const v = map.cells[i * size + j];
      if (!v) continue;
      const t = Math.log1p(v) / lmax;
      // pale yellow → red → dark red
      const r = Math.round(255 - 95 * Math.max(0, t - 0.6) / 0.4);
      const g = Math.round(230 * (1 - t));
      const b = Math.round(120 * (1 - t));
      ctx.fillStyle = `rgb(${r},${g},${b})`;
      ctx.fillRect(j * px, i * px, px, px);
    }
  }
  ctx.strokeStyle = '#1557b0';
  ctx.lineWidth = 1;
  // LC boundaries when LCs hold several rows and there are few enough lines to read
  const boundaries = map.lc_starts.length < size && map.lc_starts.length <= 64 ? map.lc_starts.slice(1) : [];
  for (const s of boundaries) {
    const at = s * px + 0.5;
    ctx.beginPath();
    ctx.moveTo(at, 0);
    ctx.lineTo(at, canvas.height);
    ctx.moveTo(0, at);
    ctx.lineTo(canvas.width, at);
    ctx.stroke();
  }
  canvas.setAttribute('aria-label', `${label}: ${map.rows}×${map.rows}${map.per_cell > 1 ? `, ${map.per_cell}×${map.per_cell} entries per cell` : ''}, largest cell ${max} bytes`);
}

// ---------------------------------------------------------------- the annealing curve

export class CurveChart extends Chart {
  constructor(box) {
    super(box, { height: 220 });
    this.title = 'Simulated annealing: hop-bytes per iteration';
    this.points = [];
    this.torus = null;
  }

  /** `points` [{iteration, current, best}]. */
  setData(points) {
    this.points = points;
    this.hasData = points.length > 0;
    this.rebuild();
  }

  data() {
    return [this.points.map((p) => p.iteration), this.points.map((p) => p.current), this.points.map((p) => p.best)];
  }

  legendItems(p) {
    return [
      { label: 'current order', color: p.mesh },
      { label: 'best so far', color: p.n },
    ];
  }

  options(p, width) {
    return {
      width,
      height: this.height,
      legend: { show: true, live: false },
      scales: { x: { time: false } },
      series: [
        { label: 'iteration' },
        { label: 'current order', stroke: p.mesh, width: 1.2, points: { show: false } },
        { label: 'best so far', stroke: p.n, width: 2.2, points: { show: false } },
      ],
      axes: [axis(p, { label: 'iteration', values: plainNumbers }), axis(p, { label: 'hop-bytes', size: Math.round(p.rem * 4.2), values: shortTicks })],
    };
  }
}

// ---------------------------------------------------------------- studies

const TABLE1_COLUMNS = [
  ['lcs', 'N'],
  ['matrix', 'matrix'],
  ['demands', 'demands'],
  ['hdf', 'HDF'],
  ['sa100', 'SA 100'],
  ['sa1000', 'SA 1000'],
  ['hdf_random_ties', 'HDF random ties'],
  ['sa1000_random_ties', 'SA 1000 random ties'],
  ['lower_bound', '2V-M*'],
  ['ilp', 'ILP'],
  ['ilp_optimal', 'ILP optimal'],
  ['torus_start', 'torus start'],
  ['torus_sa100', 'torus SA 100'],
  ['torus_sa1000', 'torus SA 1000'],
];

/** What a run's serving (and its annealing) depends on: the seed and the lab's section. */
const servedBy = (s) => (s?.ctc ? JSON.stringify([String(s.seed), s.ctc]) : null);

export class CtcStudies extends StudyPanels {
  constructor(ctx) {
    super('ctc-', { anneal: ['live annealing', 'Annealing…'], table1: ['Table I study', 'Computing Table I…'] }, ctx);
    this.chart = new CurveChart(byId('ctc-curve-chart'));
    this.rows = [];
    this.means = null;
    this.key = null;
    byId('ctc-anneal').addEventListener('click', () => this.anneal());
    byId('ctc-table1').addEventListener('click', () => this.table1());
    for (const kind of ['csv', 'json']) {
      byId(`ctc-table1-${kind}`).addEventListener('click', () => {
        if (!this.rows.length) return this.notify('Run the Table I study first.');
        this.exportStudy(kind, 'table-1', { body: { rows: this.rows, means: this.means }, csv: () => csv(TABLE1_COLUMNS, this.rows) });
      });
    }
    byId('ctc-curve-png').addEventListener('click', async () => {
      if (!this.chart.hasData) return this.notify('Run the lab first.');
      const name = `${this.fileStem()}-annealing.png`;
      await this.chart.downloadPng(name);
      this.notify(`Downloaded ${name}`);
    });
    this.#table([], null);
  }

  populate(catalog) {
    const lab = catalog.labs?.find((l) => l.name === 'ctc');
    const names = new Set((lab?.studies ?? []).map((s) => s.name));
    show(byId('ctc-table1-card'), names.has('table-1'));
    show(byId('ctc-anneal'), names.has('anneal'));
  }

  /** A new run: its own curve (the live one belongs to the run it was started for, and is drawn only while that run is shown). */
  showRun(result) {
    this.chart.setData(result.sa_curve ?? []);
    byId('ctc-anneal-status').textContent = result.iterations
      ? `The run's annealing: HDF ${integer(result.hdf_hop_bytes)} → ${integer(result.heuristic_hop_bytes)} after ${integer(result.iterations)} iterations. “Run live” repeats it in the studies' worker, drawing the curve as it goes.`
      : 'HDF alone (no annealing): set the order to SA, or run the annealing live.';
  }

  /** The configuration's annealing, its points streamed into the curve; Cancel keeps them. */
  async anneal() {
    const now = this.current();
    if (!now) return this.notify('Run the CTC lab first.');
    if (this.jobs.running) return this.notify('Wait for the running computation, or cancel it.');
    const points = [];
    // the curve is of the run it was started for: drawn only while that run is shown
    const made = servedBy(now.scenario);
    const fresh = () => servedBy(this.current()?.scenario) === made;
    const what = `${now.scenario.ctc.traffic}, seed ${now.scenario.seed}`;
    const work = async (onProgress) => {
      this.chart.setData([]);
      const out = await this.study('anneal', now, {}, (fraction, point) => {
        onProgress(fraction);
        if (!point || !fresh()) return;
        points.push(point);
        this.chart.setData(points);
        byId('ctc-anneal-status').textContent = `Iteration ${integer(point.iteration)}: current ${integer(point.current)}, best ${integer(point.best)} (${what}).`;
      });
      return fresh()
        ? () => {
            this.chart.setData(out.points);
            byId('ctc-anneal-status').textContent = `Live annealing of ${what}: HDF ${integer(out.hdf)} → ${integer(out.best)} in ${integer(out.iterations)} iterations.`;
          }
        : null;
    };
    const cancelled = () => (points.length && fresh() ? `Cancelled after ${plural(points.length, 'point')}: the curve so far is kept (${what}).` : null);
    await this.jobs.run('anneal', `Annealing ${what}…`, work, { cancelled });
  }

  /** Table I: 10 matrices at N = 16 and 32, rows streamed. */
  async table1() {
    const now = this.current();
    if (!now) return this.notify('Run the CTC lab first.');
    if (this.jobs.running) return this.notify('Wait for the running computation, or cancel it.');
    const rows = [];
    const since = performance.now();
    const work = async (onProgress) => {
      this.#table([], null);
      const out = await this.study('table-1', now, {}, (fraction, point) => {
        onProgress(fraction);
        if (!point) return;
        rows.push(point);
        this.#table(rows, null);
      });
      return () => {
        this.#table(out.rows, out.means);
        byId('ctc-table1-status').textContent = `${plural(out.rows.length, 'matrix', 'matrices')} in ${((performance.now() - since) / 1000).toFixed(1)} s (seed ${now.scenario.seed}).`;
      };
    };
    const cancelled = () => (rows.length ? `Cancelled after ${plural(rows.length, 'matrix', 'matrices')}: they are kept.` : null);
    await this.jobs.run('table1', 'Table I: 20 matrices…', work, { cancelled });
  }

  /** Means per size in Table I's layout (rows: algorithms; columns: hybrid and torus). */
  #table(rows, means) {
    this.rows = rows;
    this.means = means; // null until the study ends
    const body = byId('ctc-table1-body');
    const sizes = [16, 32];
    const mean = (n, key) => {
      if (means) return means.find((m) => m.lcs === n)?.[key];
      const of = rows.filter((r) => r.lcs === n && r[key] !== null && r[key] !== undefined);
      return of.length ? of.reduce((s, r) => s + Number(r[key]), 0) / of.length : null;
    };
    const line = (name, hybridKey, torusKey, paper) =>
      el(
        'tr',
        {},
        el('th', { scope: 'row', text: name }),
        ...sizes.flatMap((n) => [el('td', { text: num(mean(n, hybridKey), 1) }), el('td', { text: torusKey ? num(mean(n, torusKey), 1) : '—' })]),
        el('td', { class: 'ctc-paper', text: paper }),
      );
    body.replaceChildren(
      line('HDF (id ties)', 'hdf', 'torus_start', '0.07 / 0.08'),
      line('HDF (random ties)', 'hdf_random_ties', null, '—'),
      line('SA 100', 'sa100', 'torus_sa100', '0.60 / 0.94'),
      line('SA 1000', 'sa1000', 'torus_sa1000', '4.30 / 8.24'),
      line('SA 1000 (random ties)', 'sa1000_random_ties', null, '—'),
      line('ILP (N = 16)', 'ilp', null, '6.75 / 2399.91*'),
      line('Lower bound 2V − M*', 'lower_bound', null, '—'),
    );
    const optimal = rows.filter((r) => r.lcs === 16 && r.ilp_optimal === true).length;
    const n16 = rows.filter((r) => r.lcs === 16).length;
    byId('ctc-table1-note').textContent = rows.length
      ? `${plural(rows.length, 'matrix', 'matrices')} so far; the ILP proved ${optimal} of ${n16} N = 16 matrices optimal. The paper withholds its hop-bytes cells (only run times are printed, last column).`
      : 'Means over 10 random unit matrices (p = 0.5) per size, K = 6, P = 1. The paper prints only run times (last column); its hop-bytes cells are withheld.';
  }
}
