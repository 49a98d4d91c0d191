// The TopoGen lab's panels (paper 000 §4–5): the results (the generated network, N per phase,
// the current step, reconfiguration after failures, the circuit-vs-packet round) and the
// comparison (Fig. 12) and trade-off (Fig. 13), which run as studies in the studies' worker and
// stream their rows as they are computed.
import { byId, setText, el, show, integer, plural } from '../dom.js';
import { StepsChart, TradeoffChart } from './topogen-charts.js';
import { StudyPanels } from '../jobs.js';
import { readable } from '../run-label.js';

// ---------------------------------------------------------------- results

const MICRO = '\u00b5s';

function micros(ns) {
  return Number.isFinite(ns) ? `${(ns / 1000).toFixed(2)} ${MICRO}` : '—';
}

function hops(value) {
  return Number.isFinite(value) ? value.toFixed(2) : '—';
}

/**
 * What the failures did, in words that match the numbers: lost communications (an end node on
 * a failed switch), disconnected ones (named, up to the first 20), and N before → after.
 */
function reconfigurationSummary(rc) {
  const failed = rc.failed_switches.length;
  const parts = [`${plural(failed, 'failed switch', 'failed switches')} ${failed === 1 ? 'takes its' : 'take their'} links down.`];
  if (rc.lost_communications > 0) parts.push(`${plural(rc.lost_communications, 'communication')} lose an end node.`);
  if (rc.unroutable_communications > 0) {
    const pairs = (rc.unroutable_pairs ?? []).map(([a, b]) => `${a}→${b}`).join(', ');
    const more = rc.unroutable_communications > (rc.unroutable_pairs ?? []).length ? ', …' : '';
    parts.push(`${plural(rc.unroutable_communications, 'communication')} ${rc.unroutable_communications === 1 ? 'is' : 'are'} cut off: no path is left between end nodes ${pairs}${more}.`);
  }
  const routed = rc.lost_communications + rc.unroutable_communications > 0 ? 'The others are' : 'Every communication is';
  const n = rc.max_slots_after > rc.max_slots_before
    ? `N rises from ${rc.max_slots_before} to ${rc.max_slots_after} (${plural(rc.extra_slots, 'extra slot')}).`
    : rc.max_slots_after < rc.max_slots_before
      ? `N drops from ${rc.max_slots_before} to ${rc.max_slots_after}, as fewer communications remain.`
      : `N stays ${rc.max_slots_after}.`;
  parts.push(`${routed} rerouted by shortest path; ${n}`);
  return parts.join(' ');
}

/** The metrics of a step as a Map (name → value). */
function stepMetrics(step) {
  return new Map(step?.metrics ?? []);
}

export class TopoGenResults {
  /** `onPickStep(index)` when a step is picked on the chart. */
  constructor({ onPickStep }) {
    /** Where a failed chart download is said (the lab sets it). @type {(err: Error) => void} */
    this.onError = null;
    this.steps = [];
    this.chart = new StepsChart(byId('tg-steps-chart'), { onPick: onPickStep });
    byId('tg-steps-chart-png').addEventListener('click', () => this.chart.downloadPng(`${this.fileStem ?? 'topolab-topogen'}-steps.png`).catch((err) => this.onError?.(err)));
  }

  showLoading() {
    for (const node of byId('tg-results').querySelectorAll('dd')) node.textContent = '…';
  }

  /** A run's result and steps; `index` is the step shown. @param {import('../types/core').TopoGenResult} r */
  showResult(r, steps, index, fileStem) {
    this.fileStem = fileStem;
    setText('tg-metric-max-slots', integer(r.max_slots));
    setText('tg-metric-switches', integer(r.switches));
    setText('tg-metric-links', integer(r.links));
    setText('tg-metric-avg-hops', hops(r.avg_hops));
    setText('tg-metric-max-degree', integer(r.max_degree));
    byId('tg-metric-max-degree-label').textContent = `Largest degree (limit ${r.degree_limit})`;
    setText('tg-metric-nodes', integer(r.nodes));
    setText('tg-metric-communications', integer(r.communications));
    setText('tg-metric-n-partition', integer(r.max_slots_after_partition));
    // from a given network there is no partition: its N is the given network's
    byId('tg-metric-n-partition').previousElementSibling.textContent = r.from_given_network ? 'Given network' : 'Partition';
    setText('tg-metric-n-swaps', integer(r.max_slots_after_swaps));
    setText('tg-metric-n-links', integer(r.max_slots_after_links));
    setText('tg-metric-target', r.target_slots === null || r.target_slots === undefined ? 'none' : `≤ ${r.target_slots}`);
    setText('tg-metric-links-added', integer(r.links_added));
    setText('tg-metric-swaps-pending', integer(r.swaps_pending));

    const rc = r.reconfiguration;
    show(byId('tg-reconf'), Boolean(rc));
    if (rc) {
      setText('tg-reconf-failed', rc.failed_switches.length ? rc.failed_switches.join(', ') : 'none');
      setText('tg-reconf-hops-before', hops(rc.avg_hops_before));
      setText('tg-reconf-hops-after', hops(rc.avg_hops_after));
      setText('tg-reconf-n-before', integer(rc.max_slots_before));
      setText('tg-reconf-n-after', integer(rc.max_slots_after));
      setText('tg-reconf-extra', integer(rc.extra_slots));
      setText('tg-reconf-lost', integer(rc.lost_communications));
      setText('tg-reconf-unroutable', integer(rc.unroutable_communications));
      byId('tg-reconf-summary').textContent = reconfigurationSummary(rc);
    }

    const sim = r.simulation;
    show(byId('tg-sim'), Boolean(sim));
    if (sim) {
      setText('tg-sim-message', `${integer(sim.message_bytes)} bytes`);
      setText('tg-sim-cs-round', micros(sim.cs_round_ns));
      setText('tg-sim-ps-round', micros(sim.ps_round_ns));
      setText('tg-sim-cs-mean', micros(sim.cs_mean_ns));
      setText('tg-sim-ps-mean', micros(sim.ps_mean_ns));
      setText('tg-sim-speedup', Number.isFinite(sim.cs_speedup) ? `${sim.cs_speedup.toFixed(2)}×` : '—');
      // CS: every circuit sends on its own 25 Gbps slot; PS: the busiest 400 Gbps channel is
      // shared by N flows (N = its load), so the slower of the two decides the round.
      byId('tg-sim-verdict').textContent = !Number.isFinite(sim.cs_speedup)
        ? ''
        : sim.cs_speedup >= 1
          ? `Circuits finish the round ${sim.cs_speedup.toFixed(2)}× sooner: each keeps its own 25 Gbps slot, while packets share the busiest 400 Gbps channel ${r.max_slots} ways.`
          : `Packets finish the round ${(1 / sim.cs_speedup).toFixed(2)}× sooner: 400 Gbps shared at most ${r.max_slots} ways beats one 25 Gbps slot per circuit.`;
    }

    this.steps = steps;
    this.chart.setSteps(steps, index);
    this.showStep(index);
  }

  /** The current step's switches, links and N (N only once routes exist). */
  showStep(index) {
    const has = index !== null && index !== undefined && index < this.steps.length;
    const m = has ? stepMetrics(this.steps[index]) : new Map();
    // N stays what the last step that routed said, like the figure's caption.
    let n = null;
    if (has) {
      for (let i = index; i >= 0; i--) {
        const mi = stepMetrics(this.steps[i]);
        if (mi.has('N')) {
          n = mi.get('N');
          break;
        }
      }
    }
    byId('tg-step-number').textContent = has ? `${index + 1} / ${this.steps.length}` : '—';
    byId('tg-step-switches').textContent = m.has('switches') ? integer(m.get('switches')) : '—';
    byId('tg-step-links').textContent = m.has('links') ? integer(m.get('links')) : '—';
    byId('tg-step-n').textContent = n === null ? '—' : integer(n);
    byId('tg-step-n').title = n === null ? 'No routes yet: N is known once the partition is done' : '';
    this.chart.setStep(has ? index : null);
  }
}

// ---------------------------------------------------------------- comparison and trade-off

/** What the comparison and the trade-off depend on: the shown nodes, pattern and seed. */
function analysisKey(scenario) {
  return scenario ? `${scenario.topogen.nodes}|${scenario.topogen.pattern}|${scenario.seed}` : null;
}

function describe(scenario) {
  return `${scenario.topogen.nodes} end nodes · ${readable(scenario.topogen.pattern)} · seed ${scenario.seed}`;
}

export class TopoGenAnalysis extends StudyPanels {
  /** `context`: what StudyPanels takes (the study runner, the shown run, notices, file names). */
  constructor(context) {
    super('tg-', { compare: ['comparison', 'Comparing…'], tradeoff: ['trade-off', 'Sweeping…'] }, context);
    this.chart = new TradeoffChart(byId('tg-tradeoff-chart'));
    byId('tg-compare').addEventListener('click', () => this.compare());
    byId('tg-tradeoff').addEventListener('click', () => this.tradeoff());
    byId('tg-tradeoff-png').addEventListener('click', () =>
      this.chart.downloadPng(`${this.fileStem()}-tradeoff.png`).catch((err) => this.jobs.error('tradeoff', err.message)),
    );
  }

  /** A new run is shown: results for other nodes, pattern or seed no longer apply. */
  shownChanged(scenario) {
    const key = analysisKey(scenario);
    if (key === this.key) return;
    this.key = key;
    this.#clearCompare();
    this.#clearTradeoff();
    const text = scenario ? `For ${describe(scenario)}.` : '';
    byId('tg-compare-status').textContent = text;
    byId('tg-tradeoff-status').textContent = text;
  }

  /** Fig. 12: each row appears as it is computed, with progress and Cancel (the rows done stay). */
  async compare() {
    const now = this.current();
    if (!now) return this.notify('Run the TopoGen lab first.');
    const key = analysisKey(now.scenario);
    const rows = [];
    await this.jobs.run(
      'compare',
      `Comparing (${describe(now.scenario)})…`,
      async (onProgress) => {
        this.#clearCompare();
        await this.study('compare', now, {}, (fraction, row) => {
          onProgress(fraction);
          if (!row || this.key !== key) return;
          rows.push(row);
          this.#showCompare(rows);
        });
        if (this.key !== key) return null;
        return () => {
          this.#showCompare(rows);
          byId('tg-compare-status').textContent = `For ${describe(now.scenario)}: the same pattern on each topology, shortest-path routes; generated rows use TOPOGEN_REV with the torus's N.`;
        };
      },
      { cancelled: () => (rows.length && this.key === key ? `Cancelled after ${rows.length} row${rows.length === 1 ? '' : 's'}: they are kept.` : null) },
    );
  }

  /** Fig. 13: the points, the table and the chart grow as each target N is reached. */
  async tradeoff() {
    const now = this.current();
    if (!now) return this.notify('Run the TopoGen lab first.');
    const input = byId('tg-tradeoff-lowest');
    const lowest = /^\d{1,9}$/.test(input.value.trim()) ? Number(input.value.trim()) : null;
    if (lowest === null || lowest < 1) {
      this.jobs.error('tradeoff', `lowest N '${input.value}': a whole number ≥ 1`);
      input.setAttribute('aria-invalid', '');
      return;
    }
    input.removeAttribute('aria-invalid');
    const key = analysisKey(now.scenario);
    const points = [];
    const status = `Sweeping target N down to ${lowest} (${describe(now.scenario)})…`;
    await this.jobs.run(
      'tradeoff',
      status,
      async (onProgress) => {
        this.#clearTradeoff();
        const pattern = byId('tg-tradeoff-pattern').value;
        this.tradeoffPattern = pattern;
        const out = await this.study('tradeoff', now, pattern ? { lowest, pattern } : { lowest }, (fraction, point) => {
          onProgress(fraction);
          if (!point || this.key !== key) return;
          points.push(point);
          this.#showTradeoff(null, points, now.scenario);
          byId('tg-tradeoff-status').textContent = `${status} ${points.length} of ${points[0].target_slots - lowest + 1} targets so far.`;
        });
        return this.key === key ? () => this.#showTradeoff(out.mesh, out.points, now.scenario, out.baselines) : null;
      },
      { cancelled: () => (points.length && this.key === key ? `Cancelled after ${points.length} target${points.length === 1 ? '' : 's'} (N ${points[0].target_slots} → ${points[points.length - 1].target_slots}): the points computed are kept.` : null) },
    );
  }

  #clearCompare() {
    for (const body of byId('tg-compare-table').querySelectorAll('tbody')) body.remove();
    show(byId('tg-compare-table'), false);
    this.jobs.error('compare', null);
  }

  #clearTradeoff() {
    this.chart.clear();
    byId('tg-tradeoff-body').replaceChildren();
    byId('tg-tradeoff-baselines').replaceChildren();
    show(byId('tg-tradeoff-table'), false);
    show(byId('tg-tradeoff-png'), false);
    this.jobs.error('tradeoff', null);
  }

  /**
   * Rows in pairs as Fig. 12 compares them: the minimal generated network with the 2-D mesh,
   * then each torus with the network generated for its degree and its N.
   */
  #showCompare(rows) {
    const groups = [];
    for (const row of rows) {
      if (groups.length === 0 || /torus/.test(row.name)) groups.push([]);
      groups[groups.length - 1].push(row);
    }
    const bodies = groups.map((group, g) => {
      const torus = group.find((r) => /torus/.test(r.name));
      const label = torus ? `degree ${torus.max_degree}, same N = ${torus.max_slots}` : 'minimal network vs mesh';
      // In each pair the better value (fewer switches, links, hops, slots) is marked.
      const best = (key) => Math.min(...group.map((r) => r[key]));
      return el(
        'tbody',
        { class: `pair ${g % 2 ? 'odd' : 'even'}`, 'data-group': String(g) },
        group.map((r, i) =>
          el(
            'tr',
            { class: /^generated/.test(r.name) ? 'generated' : 'reference' },
            i === 0 ? el('th', { scope: 'rowgroup', rowSpan: group.length, class: 'group', text: label }) : null,
            el('th', { scope: 'row', class: 'name' }, el('span', { text: r.name }), el('code', { text: r.topology })),
            ...['switches', 'links', 'avg_hops', 'max_slots'].map((key) =>
              el('td', { class: group.length > 1 && r[key] === best(key) ? 'best' : null, text: key === 'avg_hops' ? hops(r[key]) : integer(r[key]) }),
            ),
            el('td', { text: integer(r.max_degree) }),
          ),
        ),
      );
    });
    const table = byId('tg-compare-table');
    for (const old of table.querySelectorAll('tbody')) old.remove();
    table.append(...bodies);
    show(table, true);
  }

  /** The points so far (`mesh` null while they stream in) or the whole curve. */
  #showTradeoff(mesh, points, scenario, baselines = []) {
    this.chart.setData(mesh, points, baselines);
    byId('tg-tradeoff-baselines').replaceChildren(
      ...baselines.map((b) =>
        el(
          'tr',
          { class: 'reference' },
          el('th', { scope: 'row' }, el('span', { text: `${b.name} (degree ${b.max_degree}) ` }), el('code', { text: b.topology })),
          el('td', { text: integer(b.max_slots) }),
          el('td', { text: integer(b.switches) }),
          el('td', { text: integer(b.links) }),
          el('td', { text: b.switches_vs_mesh.toFixed(2) }),
          el('td', { text: b.links_vs_mesh.toFixed(2) }),
          el('td', { text: hops(b.avg_hops) }),
        ),
      ),
    );
    show(byId('tg-tradeoff-png'), points.length > 0);
    byId('tg-tradeoff-body').replaceChildren(
      ...points.map((p) =>
        el(
          'tr',
          {},
          el('th', { scope: 'row', text: String(p.target_slots) }),
          el('td', { text: integer(p.max_slots) }),
          el('td', { text: integer(p.switches) }),
          el('td', { text: integer(p.links) }),
          el('td', { text: p.switches_vs_mesh.toFixed(2) }),
          el('td', { text: p.links_vs_mesh.toFixed(2) }),
          el('td', { text: hops(p.avg_hops) }),
        ),
      ),
    );
    show(byId('tg-tradeoff-table'), points.length > 0);
    const patternNote = this.tradeoffPattern ? `, ${this.tradeoffPattern} traffic` : '';
    if (mesh) {
      byId('tg-tradeoff-status').textContent =
        `For ${describe(scenario)}${patternNote}. Reference: ${mesh.topology} needs N = ${mesh.max_slots} with ${mesh.switches} switches and ${mesh.links} links (= 1.0).`;
    }
  }
}
