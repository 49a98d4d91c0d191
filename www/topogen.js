// The TopoGen lab's page parts (paper 000 §4–5): its controls (read into and written from a
// Scenario's `topogen` + `seed`, with the Fig. 5 preset and the switch-failure mode), its
// results panel (the generated network, N per phase, the current step, reconfiguration after
// failures, the circuit-vs-packet round), and the comparison (Fig. 12) and trade-off (Fig. 13)
// that run in the worker on request.
import { byId, el, show, debounce, integer, plural } from './dom.js';
import { PatternField } from './pattern-field.js';
import { StepsChart, TradeoffChart } from './charts.js';
import { JobPanel } from './jobs.js';

const FIELDS = ['nodes', 'degree', 'pattern', 'target', 'seed', 'message-bytes', 'fail', 'fail-random'];

/** Which TopoGen control an error message from the core is about (by its prefix), or null. */
export function topogenFieldOfError(message) {
  const m = String(message);
  if (/^nodes\b/.test(m) || /^the end-node count/.test(m)) return 'nodes';
  if (/^degree\b/.test(m) || /^maximum degree/.test(m)) return 'degree';
  if (/^target(-slots)?\b/.test(m)) return 'target';
  if (/^pattern '/.test(m) || /^all-to-all endpoint count/.test(m)) return 'pattern';
  if (/^seed/.test(m)) return 'seed';
  if (/^message/.test(m)) return 'message-bytes';
  if (/^fail(-random)?: cannot fail/.test(m)) return 'fail-random';
  if (/^fail\b/.test(m)) return 'fail';
  return null;
}

const WHOLE = /^\d+$/;

/** A whole number from a field, or null when it is not one (digits only, exact in JS). */
function whole(text) {
  const t = String(text).trim();
  if (!WHOLE.test(t) || t.length > 16 || Number(t) > Number.MAX_SAFE_INTEGER) return null;
  return Number(t);
}

export class TopoGenControls {
  /**
   * `onChange()` (debounced) when a control changes; `onRunNow()` for Run, Enter and switch
   * clicks; `onPreset()` after the Fig. 5 preset filled the controls.
   */
  constructor({ onChange, onRunNow, onPreset }) {
    this.onRunNow = onRunNow;
    this.form = byId('tg-form');
    this.nodes = byId('tg-nodes');
    this.degree = byId('tg-degree');
    this.pattern = new PatternField('tg-');
    this.target = byId('tg-target');
    this.seed = byId('tg-seed');
    this.messageBytes = byId('tg-message-bytes');
    this.failModeButton = byId('tg-fail-mode');
    this.failRandom = byId('tg-fail-random');
    this.failList = byId('tg-fail-list');
    this.failClear = byId('tg-fail-clear');
    this.fail = [];
    this.changed = debounce(() => onChange(), 250);
    this.typed = debounce(() => onChange(), 500);

    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.cancelPending();
      onRunNow();
    });
    for (const input of [this.nodes, this.degree, this.target, this.seed, this.messageBytes, this.failRandom]) {
      input.addEventListener('input', () => this.typed());
    }
    this.pattern.onChange((what) => (what === 'param' ? this.typed() : this.changed()));
    byId('tg-preset-fig5').addEventListener('click', () => {
      this.cancelPending();
      this.nodes.value = '16';
      this.degree.value = '5';
      this.pattern.choose('uniform');
      this.target.value = '';
      this.seed.value = '1';
      this.failRandom.value = '0';
      this.fail = [];
      this.#renderFail();
      onPreset();
    });
    this.failModeButton.addEventListener('click', () => this.setFailMode(!this.failMode));
    this.failClear.addEventListener('click', () => this.clearFail());
    this.setFailMode(false);
    this.#renderFail();
  }

  cancelPending() {
    this.changed.cancel();
    this.typed.cancel();
  }

  get failMode() {
    return this.failModeButton.getAttribute('aria-pressed') === 'true';
  }

  setFailMode(on) {
    this.failModeButton.setAttribute('aria-pressed', String(on));
    this.failModeButton.textContent = on ? 'Fail switches: on' : 'Fail switches: off';
    byId('figure').classList.toggle('fail-mode', on);
    byId('tg-fail-hint').textContent = on
      ? 'Click a switch in the figure to fail it; click it again to bring it back.'
      : 'Turn on, then click switches in the figure to fail them (§5.3).';
  }

  /** Fail switch `id`, or bring it back; runs at once. */
  toggleFail(id) {
    this.fail = this.fail.includes(id) ? this.fail.filter((s) => s !== id) : [...this.fail, id].sort((a, b) => a - b);
    this.#renderFail();
    this.cancelPending();
    this.onRunNow();
  }

  clearFail() {
    if (this.fail.length === 0) return;
    this.fail = [];
    this.#renderFail();
    this.cancelPending();
    this.onRunNow();
  }

  #renderFail() {
    const none = this.fail.length === 0;
    this.failList.replaceChildren(
      none ? el('span', { class: 'help', text: 'none clicked' }) : el('span', {}, ...this.fail.map((s) => el('span', { class: 'chip failed', 'data-sw': String(s), text: `switch ${s}` }))),
    );
    show(this.failClear, !none);
    // Clicked switches win over random ones in the core: say so by disabling the other.
    this.failRandom.disabled = !none;
    this.failRandom.title = none ? 'Fail this many switches chosen at random (seeded)' : 'Clicked switches are failed instead; clear them to fail random ones';
  }

  /** Fill the pattern list from the worker's catalog. */
  populate(catalog) {
    this.pattern.populate(catalog.patterns);
  }

  /** Show a Scenario's TopoGen settings. */
  set(scenario) {
    const t = scenario.topogen;
    this.nodes.value = String(t.nodes);
    this.degree.value = String(t.degree);
    this.pattern.set(t.pattern); // a spelling the controls would not write back stays verbatim
    this.target.value = t.target_slots === null || t.target_slots === undefined ? '' : String(t.target_slots);
    this.seed.value = String(scenario.seed);
    this.messageBytes.value = String(t.message_bytes);
    this.failRandom.value = String(t.fail_random ?? 0);
    this.fail = [...(t.fail ?? [])].sort((a, b) => a - b);
    this.#renderFail();
  }

  /** The controls as {seed, topogen}, or {error: {field, message}}. */
  read() {
    const nodes = whole(this.nodes.value);
    if (nodes === null) return { error: { field: 'nodes', message: `nodes '${this.nodes.value}': a whole number of end nodes, e.g. 16 or 1024` } };
    const degree = whole(this.degree.value);
    if (degree === null) return { error: { field: 'degree', message: `degree '${this.degree.value}': a whole number, the largest switch degree (end nodes + links), e.g. 5` } };
    const pattern = this.pattern.read();
    if (pattern.error) return pattern;
    const targetText = this.target.value.trim();
    const target = targetText === '' ? null : whole(targetText);
    if (targetText !== '' && target === null) return { error: { field: 'target', message: `target N '${this.target.value}': a whole number of slots, or empty for the minimal topology` } };
    const seedText = this.seed.value.trim();
    if (whole(seedText) === null) return { error: { field: 'seed', message: `seed '${this.seed.value}': a whole number from 0 to ${Number.MAX_SAFE_INTEGER}` } };
    const messageBytes = whole(this.messageBytes.value);
    if (messageBytes === null || messageBytes < 1) return { error: { field: 'message-bytes', message: `message size '${this.messageBytes.value}': a whole number of bytes, at least 1` } };
    const failRandom = this.fail.length ? 0 : whole(this.failRandom.value === '' ? '0' : this.failRandom.value);
    if (failRandom === null) return { error: { field: 'fail-random', message: `random failures '${this.failRandom.value}': a whole number of switches (0 = none)` } };
    return {
      seed: seedText.replace(/^0+(?=\d)/, ''),
      topogen: {
        nodes,
        degree,
        pattern: pattern.pattern,
        target_slots: target,
        fail: [...this.fail],
        fail_random: failRandom,
        message_bytes: messageBytes,
      },
    };
  }

  showError(field, message) {
    for (const name of FIELDS) {
      const box = byId(`tg-${name}-error`);
      const mine = name === field;
      box.textContent = mine ? message : '';
      show(box, mine);
      if (name === 'pattern') this.pattern.setInvalid(mine);
      else this.#input(name)?.toggleAttribute('aria-invalid', mine);
    }
  }

  clearErrors() {
    this.showError(null, '');
  }

  #input(name) {
    return { nodes: this.nodes, degree: this.degree, target: this.target, seed: this.seed, 'message-bytes': this.messageBytes, 'fail-random': this.failRandom }[name] ?? null;
  }
}

// ---------------------------------------------------------------- results

const MICRO = '\u00b5s';

function micros(ns) {
  return Number.isFinite(ns) ? `${(ns / 1000).toFixed(2)} ${MICRO}` : '—';
}

function hops(value) {
  return Number.isFinite(value) ? value.toFixed(2) : '—';
}

/** The metrics of a step as a Map (name → value). */
function stepMetrics(step) {
  return new Map(step?.metrics ?? []);
}

export class TopoGenResults {
  /** `onPickStep(index)` when a step is picked on the chart. */
  constructor({ onPickStep }) {
    this.steps = [];
    this.chart = new StepsChart(byId('tg-steps-chart'), { onPick: onPickStep });
    byId('tg-steps-chart-png').addEventListener('click', () => this.chart.downloadPng(`${this.fileStem ?? 'topolab-topogen'}-steps.png`).catch((err) => this.onError?.(err)));
  }

  showLoading() {
    for (const node of byId('tg-results').querySelectorAll('dd')) node.textContent = '…';
  }

  /** A run's result and steps; `index` is the step shown. */
  showResult(r, steps, index, fileStem) {
    this.fileStem = fileStem;
    const set = (id, text) => {
      byId(id).textContent = text;
    };
    set('tg-metric-max-slots', integer(r.max_slots));
    set('tg-metric-switches', integer(r.switches));
    set('tg-metric-links', integer(r.links));
    set('tg-metric-avg-hops', hops(r.avg_hops));
    set('tg-metric-max-degree', integer(r.max_degree));
    byId('tg-metric-max-degree-label').textContent = `Largest degree (limit ${r.degree_limit})`;
    set('tg-metric-nodes', integer(r.nodes));
    set('tg-metric-communications', integer(r.communications));
    set('tg-metric-n-partition', integer(r.max_slots_after_partition));
    set('tg-metric-n-swaps', integer(r.max_slots_after_swaps));
    set('tg-metric-n-links', integer(r.max_slots_after_links));
    set('tg-metric-target', r.target_slots === null || r.target_slots === undefined ? 'none' : `≤ ${r.target_slots}`);
    set('tg-metric-links-added', integer(r.links_added));
    set('tg-metric-swaps-pending', integer(r.swaps_pending));

    const rc = r.reconfiguration;
    show(byId('tg-reconf'), Boolean(rc));
    if (rc) {
      set('tg-reconf-failed', rc.failed_switches.length ? rc.failed_switches.join(', ') : 'none');
      set('tg-reconf-hops-before', hops(rc.avg_hops_before));
      set('tg-reconf-hops-after', hops(rc.avg_hops_after));
      set('tg-reconf-n-before', integer(rc.max_slots_before));
      set('tg-reconf-n-after', integer(rc.max_slots_after));
      set('tg-reconf-extra', integer(rc.extra_slots));
      set('tg-reconf-lost', integer(rc.lost_communications));
      set('tg-reconf-unroutable', integer(rc.unroutable_communications));
      byId('tg-reconf-summary').textContent =
        `${plural(rc.failed_switches.length, 'failed switch', 'failed switches')} ${rc.failed_switches.length === 1 ? 'takes its' : 'take their'} links down; ` +
        `${plural(rc.lost_communications, 'communication')} lose an end node, the rest are rerouted by shortest path` +
        (rc.extra_slots > 0 ? `, which needs ${plural(rc.extra_slots, 'extra slot')}.` : ' without extra slots.');
    }

    const sim = r.simulation;
    show(byId('tg-sim'), Boolean(sim));
    if (sim) {
      set('tg-sim-message', `${integer(sim.message_bytes)} bytes`);
      set('tg-sim-cs-round', micros(sim.cs_round_ns));
      set('tg-sim-ps-round', micros(sim.ps_round_ns));
      set('tg-sim-cs-mean', micros(sim.cs_mean_ns));
      set('tg-sim-ps-mean', micros(sim.ps_mean_ns));
      set('tg-sim-speedup', Number.isFinite(sim.cs_speedup) ? `${sim.cs_speedup.toFixed(2)}×` : '—');
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
  return `${scenario.topogen.nodes} end nodes · ${scenario.topogen.pattern} · seed ${scenario.seed}`;
}

export class TopoGenAnalysis {
  /**
   * `request(type, args, onProgress)` asks the worker; `cancel()` stops whatever it runs;
   * `current()` is the shown TopoGen Scenario and its JSON ({scenario, json}) or null;
   * `notify(message)` shows a short notice; `fileStem()` names downloads.
   */
  constructor({ request, cancel, current, notify, fileStem }) {
    this.request = request;
    this.cancelWork = cancel;
    this.current = current;
    this.notify = notify;
    this.fileStem = fileStem;
    this.key = null;
    this.jobs = new JobPanel('tg-', { cancel: () => cancel(), labels: { tradeoff: 'trade-off' } });
    this.chart = new TradeoffChart(byId('tg-tradeoff-chart'));
    byId('tg-compare').addEventListener('click', () => this.compare());
    byId('tg-tradeoff').addEventListener('click', () => this.tradeoff());
    byId('tg-tradeoff-cancel').addEventListener('click', () => this.jobs.cancel('tradeoff'));
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

  async compare() {
    const now = this.current();
    if (!now) return this.notify('Run the TopoGen lab first.');
    const button = byId('tg-compare');
    button.disabled = true;
    this.jobs.error('compare', null);
    byId('tg-compare-status').textContent = `Comparing (${describe(now.scenario)})…`;
    try {
      const rows = await this.request('compare', { json: now.json });
      if (analysisKey(this.current()?.scenario) !== analysisKey(now.scenario)) return;
      this.#showCompare(rows);
      byId('tg-compare-status').textContent = `For ${describe(now.scenario)}: the same pattern on each topology, shortest-path routes; generated rows use TOPOGEN_REV with the torus's N.`;
    } catch (err) {
      if (err?.cancelled) {
        byId('tg-compare-status').textContent = 'Cancelled.';
        return;
      }
      byId('tg-compare-status').textContent = '';
      this.jobs.error('compare', err.message);
    } finally {
      button.disabled = false;
    }
  }

  async tradeoff() {
    const now = this.current();
    if (!now) return this.notify('Run the TopoGen lab first.');
    const lowest = whole(byId('tg-tradeoff-lowest').value);
    if (lowest === null || lowest < 1) {
      this.jobs.error('tradeoff', `lowest N '${byId('tg-tradeoff-lowest').value}': a whole number ≥ 1`);
      byId('tg-tradeoff-lowest').setAttribute('aria-invalid', '');
      return;
    }
    byId('tg-tradeoff-lowest').removeAttribute('aria-invalid');
    await this.jobs.run('tradeoff', `Sweeping target N down to ${lowest} (${describe(now.scenario)})…`, async (onProgress) => {
      const out = await this.request('tradeoff', { json: now.json, lowest }, onProgress);
      const stillShown = analysisKey(this.current()?.scenario) === analysisKey(now.scenario);
      return stillShown ? () => this.#showTradeoff(out, now.scenario) : null;
    });
  }

  #clearCompare() {
    for (const body of byId('tg-compare-table').querySelectorAll('tbody')) body.remove();
    show(byId('tg-compare-table'), false);
    this.jobs.error('compare', null);
  }

  #clearTradeoff() {
    this.chart.clear();
    byId('tg-tradeoff-body').replaceChildren();
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

  #showTradeoff({ mesh, points }, scenario) {
    this.chart.setData(mesh, points);
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
    byId('tg-tradeoff-status').textContent =
      `For ${describe(scenario)}. Reference: ${mesh.topology} needs N = ${mesh.max_slots} with ${mesh.switches} switches and ${mesh.links} links (= 1.0).`;
  }
}
