// The Simulate lab's panels (papers 002 §VI-C, 004 §3.4): the shown run's metrics, a clicked
// router's virtual channels and a clicked channel at the shown cycle, and the latency–load sweep
// (run a load at a time on several workers, www/labs/simulate-sweep.js) with its chart, table
// and exports. Every number is the core's; the page only lays them out.
import { byId, setText, el, show, integer, percent } from '../dom.js';
import { JobPanel } from '../jobs.js';
import { downloadStudy } from '../exporting.js';
import { LoadChart } from './simulate-charts.js';
import { ParallelSweep, sweepSummary, sweepWorkers } from './simulate-sweep.js';
import { readable } from '../run-label.js';

/** A number with `digits` decimals, or "—" for none. */
function fixed(value, digits = 3) {
  return Number.isFinite(value) ? value.toFixed(digits) : '—';
}

const yesNo = (flag) => (flag ? 'yes' : 'no');

/** A table cell's value with its seeds' min–max under it when it has one: "19.5" over "(18.6–20.1)". */
function withSpread(value, range, digits) {
  return [fixed(value, digits), range ? el('span', { class: 'range', text: `(${fixed(range[0], digits)}–${fixed(range[1], digits)})` }) : null];
}

/** What the run's flags mean, in words, and the packets that never left their source. */
function verdict(r) {
  const self = r.self_packets > 0
    ? ` ${integer(r.self_packets)} of the ${integer(r.measured_packets)} measured packets were addressed to their own source (the pattern maps some nodes onto themselves): they cross no channel and count in the accepted throughput and latency, as BookSim counts them.`
    : '';
  return state(r) + self;
}

/** The run's flags in words. */
function state(r) {
  if (r.deadlock) return 'Deadlock: flits stopped moving with packets in the network.';
  if (r.saturated) return `Saturated: ${r.measured_packets - r.delivered_packets} of the ${r.measured_packets} measured packets were still in the network when the drain ran out.`;
  if (r.past_saturation) return 'Past saturation: the network accepted less than 90% of the offered load.';
  const bound = Number.isFinite(r.channel_load_bound) ? ` The routes' channel-load bound is ${fixed(r.channel_load_bound)}: no router accepts more.` : '';
  return `Below saturation: the network accepts the offered load.${bound}`;
}

// ---------------------------------------------------------------- the shown run

export class SimResults {
  /** `detail(query)` asks for a detail of the shown run at the shown step; `clearChannel()` drops the channel selection. */
  constructor({ detail, clearChannel }) {
    this.detail = detail;
    this.router = null; // the clicked switch, or null
    this.seq = 0;
    byId('sim-channel-clear').addEventListener('click', () => clearChannel());
    byId('sim-router-clear').addEventListener('click', () => this.selectRouter(null));
  }

  showLoading() {
    for (const node of byId('sim-results').querySelectorAll('dd')) node.textContent = '…';
  }

  /** A run's result; the clicked router stays (its detail says so if the new network lacks it). @param {import('../types/core').SimOutput} r */
  showResult(r) {
    setText('sim-metric-accepted', fixed(r.accepted_flits_per_node_cycle));
    setText('sim-metric-offered', fixed(r.offered_flits_per_node_cycle));
    setText('sim-metric-latency', fixed(r.avg_latency_cycles, 2));
    setText('sim-metric-p99', fixed(r.p99_latency_cycles, 0));
    setText('sim-metric-hops', fixed(r.avg_hops, 2));
    setText('sim-metric-packets', `${integer(r.delivered_packets)} / ${integer(r.measured_packets)}`);
    setText('sim-metric-vc-layers', integer(r.vc_layers));
    setText('sim-metric-vc-groups', integer(r.vc_groups));
    setText('sim-metric-deadlock', yesNo(r.deadlock));
    setText('sim-metric-saturated', r.saturated ? 'yes' : r.past_saturation ? 'past' : 'no');
    setText('sim-metric-cycles', integer(r.simulated_cycles));
    setText('sim-metric-wall', `${fixed(r.wall_seconds, 2)} s`);
    setText('sim-metric-bound', fixed(r.channel_load_bound));
    byId('sim-verdict').textContent = verdict(r);
    this.#loadRouter();
  }

  /** Another cycle is shown: the clicked router's buffers at that cycle. */
  showStep() {
    this.#loadRouter();
  }

  /** Show router `id`'s virtual channels (null: none). */
  selectRouter(id) {
    this.router = id;
    this.#loadRouter();
  }

  async #loadRouter() {
    const seq = ++this.seq;
    const table = byId('sim-router-table');
    const note = byId('sim-router-note');
    show(byId('sim-router-clear'), this.router !== null);
    if (this.router === null) {
      show(table, false);
      delete table.dataset.switch;
      note.textContent = 'Click a router (switch) in the figure to see its input buffers: flits in each virtual channel at the shown cycle.';
      return;
    }
    let d;
    try {
      d = await this.detail({ switch: this.router });
    } catch (err) {
      if (seq !== this.seq) return;
      show(table, false);
      delete table.dataset.switch;
      note.textContent = err.message;
      return;
    }
    if (seq !== this.seq || !d) return;
    this.#renderRouter(d);
  }

  #renderRouter(d) {
    const table = byId('sim-router-table');
    const note = byId('sim-router-note');
    const atCycle = d.cycle !== null && d.cycle !== undefined;
    byId('sim-router-caption').textContent = atCycle ? `Router ${d.switch} at cycle ${d.cycle}: flits of ${d.buffer} per VC` : `Router ${d.switch}`;
    // VC numbers alone as column heads: the table must fit the results column at 1024 px
    byId('sim-router-head').replaceChildren(
      el('th', { scope: 'col', text: 'Port \\ VC' }),
      ...Array.from({ length: d.vcs }, (_, v) => el('th', { scope: 'col', title: `Virtual channel ${v}`, text: String(v) })),
    );
    byId('sim-router-body').replaceChildren(
      ...d.ports.map((port) =>
        el(
          'tr',
          {},
          el('th', { scope: 'row', text: port.port }),
          ...(port.flits ?? Array(d.vcs).fill(null)).map((f) =>
            el('td', {
              'data-flits': f === null ? null : String(f),
              style: f ? `--fill: ${Math.round((100 * f) / d.buffer)}%` : null,
              title: f === null ? 'not recorded' : `${f} of ${d.buffer} flits`,
              text: f === null ? '—' : String(f),
            }),
          ),
        ),
      ),
    );
    table.dataset.switch = String(d.switch);
    table.dataset.cycle = atCycle ? String(d.cycle) : '';
    show(table, true);
    note.textContent = atCycle
      ? `${d.ports.length} input ports × ${d.vcs} VCs of ${d.buffer} flits; a darker cell holds more.`
      : 'Buffers are recorded for the animated cycles only (small networks, the first cycles of the measurement window): this run has none to show.';
  }

  /** The clicked channel's detail (null: none selected). */
  showChannel(d) {
    const summary = byId('sim-channel-summary');
    show(byId('sim-channel-clear'), Boolean(d));
    if (!d) {
      delete summary.dataset.channel;
      summary.textContent = 'Click a channel in the figure for its utilisation and, at a cycle, the flits buffered at its far end.';
      return;
    }
    const at = d.cycle !== null && d.cycle !== undefined && d.flits
      ? ` At cycle ${d.cycle}: ${d.flits.reduce((a, b) => a + b, 0)} flits wait at switch ${d.to} (per VC: ${d.flits.join(', ')}).`
      : '';
    summary.dataset.channel = String(d.channel);
    summary.textContent = `Channel ${d.channel}: switch ${d.from} → switch ${d.to}, carrying a flit in ${percent(d.utilisation)} of the measured cycles.${at}`;
  }
}

// ---------------------------------------------------------------- the sweep

/** What the sweep depends on: everything but the shown run's own load. */
function sweepKey(scenario) {
  return scenario?.lab === 'sim' ? JSON.stringify([scenario.seed, { ...scenario.sim, rate: null }]) : null;
}

function describe(scenario) {
  const s = readable(scenario.sim);
  const tmax = s.tmax !== null && s.tmax !== undefined ? ` · t_max ${s.tmax}` : s.alpha !== null && s.alpha !== undefined ? ` · α ${s.alpha}` : '';
  return `${s.topology}${s.topology_index ? ` #${s.topology_index}` : ''} · ${s.routing || 'auto'}${tmax} · ${s.traffic} · seed ${scenario.seed}`;
}

/** The points as CSV: one row per load, the seeds' spread where there is one. */
function pointsCsv(points) {
  const rows = points.map((p) =>
    [
      p.offered_flits_per_node_cycle, p.accepted_flits_per_node_cycle, p.avg_latency_cycles, p.p99_latency_cycles, p.avg_hops,
      p.measured_packets, p.delivered_packets, p.simulated_cycles, p.deadlock, p.saturated, p.past_saturation, p.vc_groups, p.vc_layers,
      p.spread?.seeds ?? 1, ...(p.spread?.avg_latency_cycles ?? [null, null]), ...(p.spread?.accepted_flits_per_node_cycle ?? [null, null]), p.channel_load_bound, p.wall_seconds,
      p.self_packets,
    ].map((v) => (v === null || v === undefined ? '' : String(v))).join(','),
  );
  const head = 'offered,accepted,avg_latency_cycles,p99_latency_cycles,avg_hops,measured_packets,delivered_packets,simulated_cycles,deadlock,saturated,past_saturation,vc_groups,vc_layers,seeds,latency_min,latency_max,accepted_min,accepted_max,channel_load_bound,wall_seconds,self_packets';
  return `${[head, ...rows].join('\n')}\n`;
}

export class SimSweep {
  /** `context`: the page's (the shown run, notices, file names). */
  constructor({ current, compared, notify, fileStem }) {
    this.current = current;
    this.compared = compared ?? (() => null); // compare mode's A, swept beside the shown run (B)
    this.other = null; // A's curve in compare mode: {scenario, points, summary}
    this.notify = notify;
    this.fileStem = fileStem;
    this.key = null;
    this.sweep = null; // the ParallelSweep running, if any
    this.shown = null; // {scenario, args, points, summary (null while running or cancelled)}
    this.jobs = new JobPanel('sim-', { cancel: () => this.sweep?.cancel(), labels: { sweep: ['sweep', 'Simulating…'] } });
    this.chart = new LoadChart(byId('sim-sweep-chart'));
    byId('sim-sweep').addEventListener('click', () => this.run());
    const failed = (err) => this.jobs.error('sweep', `Export failed: ${err.message}`);
    byId('sim-sweep-png').addEventListener('click', () => this.chart.downloadPng(`${this.fileStem()}-sweep.png`).catch(failed));
    byId('sim-sweep-csv').addEventListener('click', () => this.#export('csv'));
    byId('sim-sweep-json').addEventListener('click', () => this.#export('json'));
  }

  /** A new run is shown: another network or router clears the curve; another load moves the marker. */
  shownChanged(scenario, result) {
    const key = sweepKey(scenario);
    if (key === this.key) {
      this.chart.setCurrent(result?.offered_flits_per_node_cycle ?? null);
      return;
    }
    this.key = key;
    this.shown = null;
    this.other = null;
    this.chart.clear();
    byId('sim-sweep-body').replaceChildren();
    show(byId('sim-sweep-table'), false);
    for (const id of ['sim-sweep-png', 'sim-sweep-csv', 'sim-sweep-json']) show(byId(id), false);
    this.jobs.error('sweep', null);
    byId('sim-sweep-status').textContent = scenario?.lab === 'sim' ? `For ${describe(scenario)}.` : '';
  }

  /** The latency–load curve: loads sweep_step, 2·sweep_step, … to the first past saturation, on several workers. */
  async run() {
    const now = this.current();
    if (!now) return this.notify('Run the Simulate lab first.');
    if (this.jobs.running) return this.notify('Wait for the running sweep, or cancel it.');
    const key = this.key;
    // the core's loads for this configuration (sweep_step, 2·sweep_step, … up to 1)
    const loads = now.result.sweep_loads;
    const args = { loads };
    const workers = Math.min(sweepWorkers(), loads.length);
    const sweep = new ParallelSweep(workers);
    this.sweep = sweep;
    let points = [];
    // in compare mode A is swept after B, into the same chart
    const other = this.compared();
    const status = `Sweeping ${other ? 'B, ' : ''}${describe(now.scenario)} on ${workers} worker${workers === 1 ? '' : 's'}…`;
    this.other = null;
    await this.jobs.run(
      'sweep',
      status,
      async (onProgress) => {
        this.#show(now, args, [], null);
        const out = await sweep.run(now.json, loads, (kept, fraction) => {
          onProgress(other ? fraction / 2 : fraction);
          if (key !== this.key) return;
          points = kept;
          this.#show(now, args, kept, null);
          byId('sim-sweep-status').textContent = `${status} ${kept.length} load${kept.length === 1 ? '' : 's'} so far.`;
        }, { bound: now.result.channel_load_bound });
        if (!other || key !== this.key) return key === this.key ? () => this.#show(now, args, out.points, out) : null;
        const sweepA = new ParallelSweep(Math.min(sweepWorkers(), other.result.sweep_loads.length));
        this.sweep = sweepA;
        const statusA = `Sweeping A, ${describe(other.scenario)}…`;
        const outA = await sweepA.run(other.json, other.result.sweep_loads, (kept, fraction) => {
          onProgress(0.5 + fraction / 2);
          if (key !== this.key) return;
          this.other = { scenario: other.scenario, points: kept, summary: null };
          this.#show(now, args, out.points, out);
          byId('sim-sweep-status').textContent = `${statusA} ${kept.length} load${kept.length === 1 ? '' : 's'} so far.`;
        }, { bound: other.result.channel_load_bound });
        return key === this.key
          ? () => {
              this.other = { scenario: other.scenario, points: outA.points, summary: outA };
              this.#show(now, args, out.points, out);
            }
          : null;
      },
      {
        cancelled: () => (points.length && key === this.key ? `Cancelled after ${points.length} load${points.length === 1 ? '' : 's'} (offered ${fixed(points[0].offered_flits_per_node_cycle, 2)} → ${fixed(points[points.length - 1].offered_flits_per_node_cycle, 2)}): they are kept.` : null),
      },
    );
    if (this.sweep === sweep) this.sweep = null;
  }

  /** The points so far of the sweep of `now` at loads `args.loads`, or (with `summary`) the whole curve and its saturation. */
  #show(now, args, points, summary) {
    this.shown = { scenario: now.scenario, args, points, summary };
    const saturation = summary ? summary.saturation_throughput : null;
    const current = this.current()?.result?.offered_flits_per_node_cycle ?? null;
    const other = this.other;
    const title = other ? `Latency and accepted throughput against offered load: A (${describe(other.scenario)}) and B (${describe(now.scenario)})` : `Latency and accepted throughput against offered load (${describe(now.scenario)})`;
    this.chart.setData(points, { saturation, current, bound: points[0]?.channel_load_bound ?? null, title, other: other?.points ?? null });
    for (const id of ['sim-sweep-png', 'sim-sweep-csv', 'sim-sweep-json']) show(byId(id), points.length > 0);
    byId('sim-sweep-body').replaceChildren(
      ...points.map((p) =>
        el(
          'tr',
          { class: p.past_saturation ? 'past' : null, 'data-load': String(p.offered_flits_per_node_cycle) },
          el('th', { scope: 'row' }, fixed(p.offered_flits_per_node_cycle), p.past_saturation ? el('span', { class: 'range', text: p.deadlock ? 'deadlock' : p.saturated ? 'saturated' : 'past' }) : null),
          el('td', { class: 'accepted' }, withSpread(p.accepted_flits_per_node_cycle, p.spread?.accepted_flits_per_node_cycle, 3)),
          el('td', { class: 'latency' }, withSpread(p.avg_latency_cycles, p.spread?.avg_latency_cycles, 1)),
          el('td', { text: fixed(p.p99_latency_cycles, 0) }),
          el('td', { text: fixed(p.avg_hops, 2) }),
          el('td', { class: 'delivered' }, integer(p.delivered_packets), el('span', { class: 'range', text: `of ${integer(p.measured_packets)}` })),
        ),
      ),
    );
    show(byId('sim-sweep-table'), points.length > 0);
    if (!summary) return;
    const said = (s, n) => {
      const top = s.points[s.points.length - 1]?.offered_flits_per_node_cycle ?? null;
      const at = s.saturated_at === null ? `no load up to ${fixed(top, 3)} saturated the network` : `past saturation at offered ${fixed(s.saturated_at, 2)}`;
      const saturation = s.saturation_throughput === null ? 'saturation not reached (unknown: the sweep stopped below 1 without saturating; a larger load step reaches higher loads)' : `saturation ≈ ${fixed(s.saturation_throughput, 2)} flits/node/cycle (the most any load accepted)`;
      return `${saturation}; ${at}; ${n} loads`;
    };
    const mine = `For ${other ? 'B, ' : ''}${describe(now.scenario)}: ${said(summary, points.length)}.`;
    byId('sim-sweep-status').textContent = other?.summary ? `${mine} For A, ${describe(other.scenario)}: ${said(other.summary, other.points.length)}.` : mine;
  }

  /**
   * The points shown as CSV, or as JSON with what produced them (lab, study, the Scenario swept,
   * the loads) and the summary (so far, when cancelled).
   */
  #export(kind) {
    const shown = this.shown;
    if (!shown?.points.length) return;
    const body = { complete: Boolean(shown.summary), ...(shown.summary ?? sweepSummary(shown.points)) };
    const name = downloadStudy(kind, { stem: this.fileStem(shown.scenario), study: 'sweep', scenario: shown.scenario, args: shown.args, body, csv: kind === 'csv' ? pointsCsv(shown.points) : null });
    this.notify(`Downloaded ${name}`);
  }
}
