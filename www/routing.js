// The Routing lab's page parts (paper 002: LOREN vs Cowen compact routing on layout-conscious
// random topologies): its controls (read into and written from a Scenario's `routing` + `seed`,
// with the Fig. 4 preset and source/destination picked by clicking switches), its results, and,
// for the packet walk, the current switch's routing table and the three schemes' paths; under the
// figure, the t_max sweep (Fig. 5) and the table-size study (Fig. 6), each with progress and Cancel.
import { byId, el, show, debounce, integer, percent } from './dom.js';
import { SweepChart } from './charts.js';
import { JobPanel } from './jobs.js';

const FIELDS = ['topology', 'scheme', 'tmax', 'alpha', 'source', 'destination', 'seed'];
const SCHEMES = ['loren', 'cowen', 'shortest'];
const SCHEME_NAMES = { loren: 'LOREN', cowen: 'Cowen', shortest: 'Shortest' };

/** Which Routing control an error message from the core is about (by its prefix), or null. */
export function routingFieldOfError(message) {
  const m = String(message);
  if (/^(topology|lrt)\b/.test(m)) return 'topology';
  if (/^(routing|scheme)\b/.test(m)) return 'scheme';
  if (/^(tmax|t_max)\b/.test(m)) return 'tmax';
  if (/^alpha\b/.test(m)) return 'alpha';
  if (/^destination\b/.test(m)) return 'destination';
  if (/^(source|switch)\b/.test(m)) return 'source';
  if (/^seed/.test(m)) return 'seed';
  return null;
}

/** A whole number from a field, or null when it is not one. */
function whole(text) {
  const t = String(text).trim();
  if (!/^\d+$/.test(t) || t.length > 16 || Number(t) > Number.MAX_SAFE_INTEGER) return null;
  return Number(t);
}

export class RoutingControls {
  /** `onChange()` (debounced) when a control changes; `onRunNow()` for Run and Enter; `onPreset()` after the Fig. 4 preset. */
  constructor({ onChange, onRunNow, onPreset }) {
    this.onRunNow = onRunNow;
    this.form = byId('rt-form');
    this.topology = byId('rt-topology');
    this.scheme = byId('rt-scheme');
    this.tmax = byId('rt-tmax');
    this.tmaxSlider = byId('rt-tmax-slider');
    this.alpha = byId('rt-alpha');
    this.source = byId('rt-source');
    this.destination = byId('rt-destination');
    this.seed = byId('rt-seed');
    this.extra = { traffic: null, patterns: 1000 }; // settings this page does not edit pass through
    this.changed = debounce(() => onChange(), 250);
    this.typed = debounce(() => onChange(), 500);

    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.cancelPending();
      onRunNow();
    });
    for (const input of [this.topology, this.tmax, this.alpha, this.source, this.destination, this.seed]) {
      input.addEventListener('input', () => this.typed());
    }
    this.tmax.addEventListener('input', () => {
      if (whole(this.tmax.value) !== null) this.tmaxSlider.value = this.tmax.value;
    });
    this.scheme.addEventListener('change', () => {
      this.#schemeFields();
      this.changed();
    });
    this.tmaxSlider.addEventListener('input', () => {
      this.tmax.value = this.tmaxSlider.value;
      this.changed();
    });
    byId('rt-preset-fig4').addEventListener('click', () => {
      this.cancelPending();
      this.topology.value = 'lrt:fig4';
      this.scheme.value = 'loren';
      this.tmax.value = '7';
      this.source.value = '15';
      this.destination.value = '5';
      this.seed.value = '1';
      this.#schemeFields();
      onPreset();
    });
    this.#schemeFields();
  }

  cancelPending() {
    this.changed.cancel();
    this.typed.cancel();
  }

  #schemeFields() {
    const scheme = this.scheme.value;
    this.tmax.disabled = scheme !== 'loren';
    this.tmaxSlider.disabled = scheme !== 'loren';
    this.alpha.disabled = scheme !== 'cowen';
  }

  /**
   * A switch clicked in the figure: the first click picks the source (no run yet), the second
   * the destination (runs the walk), a third starts over with a new source. Returns a notice.
   */
  clickSwitch(id) {
    this.cancelPending();
    const picking = this.pickedSource !== undefined && this.pickedSource !== null;
    if (!picking) {
      this.pickedSource = id;
      this.source.value = String(id);
      this.destination.value = '';
      return `Source: switch ${id}. Click the destination switch.`;
    }
    this.pickedSource = null;
    this.destination.value = String(id);
    this.onRunNow();
    return `Walking from switch ${this.source.value} to switch ${id}.`;
  }

  /** The source picked by a first click and not yet used, or null. */
  get pending() {
    return this.pickedSource ?? null;
  }

  /** Show a Scenario's Routing settings. */
  set(scenario) {
    const r = scenario.routing ?? {};
    this.topology.value = r.topology ?? 'lrt:64:4:2';
    this.scheme.value = r.scheme ?? 'loren';
    this.tmax.value = r.tmax === null || r.tmax === undefined ? '' : String(r.tmax);
    if (this.tmax.value !== '') this.tmaxSlider.value = this.tmax.value;
    this.alpha.value = String(r.alpha ?? 0.5);
    this.source.value = r.source === null || r.source === undefined ? '' : String(r.source);
    this.destination.value = r.destination === null || r.destination === undefined ? '' : String(r.destination);
    this.seed.value = String(scenario.seed);
    this.extra = { traffic: r.traffic ?? null, patterns: r.patterns ?? 1000 };
    this.pickedSource = null;
    this.#schemeFields();
  }

  /** The t_max slider's range: the result's minimum (LOREN) to |N|; shows the effective t_max when the field is empty. */
  setRange(result) {
    if (result.min_required_entries !== null && result.min_required_entries !== undefined) this.tmaxSlider.min = String(result.min_required_entries);
    this.tmaxSlider.max = String(result.switches);
    if (this.tmax.value.trim() === '' && result.tmax !== null && result.tmax !== undefined) this.tmaxSlider.value = String(result.tmax);
    else if (whole(this.tmax.value) !== null) this.tmaxSlider.value = this.tmax.value;
    this.tmax.placeholder = result.switches ? `|N|/2 = ${Math.floor(result.switches / 2)}` : '|N|/2';
  }

  /** The controls as {seed, routing}, or {error: {field, message}}. */
  read() {
    const topology = this.topology.value.trim();
    if (topology === '') return { error: { field: 'topology', message: 'topology: write lrt:N:d:r (e.g. lrt:64:4:2) or lrt:fig4' } };
    const scheme = this.scheme.value;
    const tmaxText = this.tmax.value.trim();
    const tmax = tmaxText === '' ? null : whole(tmaxText);
    if (tmaxText !== '' && tmax === null) return { error: { field: 'tmax', message: `t_max '${this.tmax.value}': a whole number of table entries, or empty for |N|/2` } };
    const alpha = Number(this.alpha.value);
    if (this.alpha.value.trim() === '' || !Number.isFinite(alpha)) return { error: { field: 'alpha', message: `alpha '${this.alpha.value}': a number between 0 and 1, e.g. 0.5` } };
    const sourceText = this.source.value.trim();
    const source = sourceText === '' ? null : whole(sourceText);
    if (sourceText !== '' && source === null) return { error: { field: 'source', message: `source '${this.source.value}': a switch number, or empty` } };
    const destinationText = this.destination.value.trim();
    const destination = destinationText === '' ? null : whole(destinationText);
    if (destinationText !== '' && destination === null) return { error: { field: 'destination', message: `destination '${this.destination.value}': a switch number, or empty` } };
    const seedText = this.seed.value.trim();
    if (whole(seedText) === null) return { error: { field: 'seed', message: `seed '${this.seed.value}': a whole number from 0 to ${Number.MAX_SAFE_INTEGER}` } };
    return {
      seed: seedText.replace(/^0+(?=\d)/, ''),
      routing: { topology, scheme, tmax, alpha, traffic: this.extra.traffic, patterns: this.extra.patterns, source, destination },
    };
  }

  showError(field, message) {
    for (const name of FIELDS) {
      const box = byId(`rt-${name}-error`);
      const mine = name === field;
      box.textContent = mine ? message : '';
      show(box, mine);
      this[name]?.toggleAttribute?.('aria-invalid', mine);
    }
  }

  clearErrors() {
    this.showError(null, '');
  }
}

// ---------------------------------------------------------------- results

function fixed(value, digits = 2) {
  return Number.isFinite(value) ? value.toFixed(digits) : '—';
}

export class RoutingResults {
  /** `request(type, args)` asks the worker; `jsonFor(scenario)` is a Scenario's JSON (no view). */
  constructor({ request, jsonFor }) {
    this.request = request;
    this.jsonFor = jsonFor;
    this.walks = null; // {loren, cowen, shortest} for the shown source and destination
    this.step = null;
    this.seq = 0;
  }

  showLoading() {
    for (const node of byId('rt-results').querySelectorAll('dd')) node.textContent = '…';
  }

  /** A run's result; `index` is the step shown; `scenario` the shown Scenario. */
  showResult(r, steps, index, scenario) {
    const set = (id, text) => {
      byId(id).textContent = text;
    };
    set('rt-metric-scheme', SCHEME_NAMES[r.scheme] ?? r.scheme);
    set('rt-metric-switches', integer(r.switches));
    set('rt-metric-links', integer(r.links));
    set('rt-metric-avg-path', fixed(r.avg_path_length));
    set('rt-metric-avg-shortest', fixed(r.avg_shortest_path_length));
    set('rt-metric-stretch', fixed(r.max_stretch));
    set('rt-metric-max-entries', integer(r.max_entries));
    set('rt-metric-min-required', r.min_required_entries === null || r.min_required_entries === undefined ? '—' : integer(r.min_required_entries));
    set('rt-metric-tmax', r.tmax === null || r.tmax === undefined ? '—' : integer(r.tmax));
    set('rt-metric-landmarks', r.landmarks === null || r.landmarks === undefined ? '—' : integer(r.landmarks));
    set('rt-metric-delivered', `${integer(r.delivered_pairs)} / ${integer(r.total_pairs)}`);
    this.step = index;
    this.scheme = scenario.routing.scheme;
    this.#loadWalks(scenario);
  }

  /** The current step of the walk: show that hop's table. */
  showStep(index) {
    this.step = index;
    this.#renderTable();
  }

  async #loadWalks(scenario) {
    const seq = ++this.seq;
    const r = scenario.routing;
    this.walks = null;
    const box = byId('rt-paths');
    delete box.dataset.src;
    if (r.source === null || r.destination === null || r.source === undefined || r.destination === undefined) {
      box.replaceChildren(el('p', { class: 'help', text: 'Set a source and a destination (or click two switches in the figure) to walk a packet.' }));
      delete box.dataset.src;
      this.#renderTable();
      return;
    }
    box.replaceChildren(el('p', { class: 'help', text: 'Walking…' }));
    try {
      const walks = {};
      for (const scheme of SCHEMES) {
        const json = this.jsonFor({ ...scenario, routing: { ...r, scheme } });
        walks[scheme] = await this.request('routeWalk', { json, src: r.source, dst: r.destination });
      }
      if (seq !== this.seq) return;
      this.walks = walks;
      box.replaceChildren(
        ...SCHEMES.map((scheme) => {
          const path = walks[scheme].path;
          return el(
            'p',
            { class: `rt-path${scheme === r.scheme ? ' current' : ''}`, 'data-scheme': scheme },
            el('span', { class: 'rt-path-name', text: `${SCHEME_NAMES[scheme]}: ` }),
            el('span', { class: 'rt-path-hops', text: `${path.length - 1} hops` }),
            el('span', { text: ' · ' }),
            el('code', { class: 'rt-path-seq', text: path.join(' → ') }),
          );
        }),
      );
      box.dataset.src = `${r.source}-${r.destination}`;
    } catch (err) {
      if (seq !== this.seq) return;
      box.replaceChildren(el('p', { class: 'error', text: err.message }));
    }
    this.#renderTable();
  }

  /** The table of the switch the packet is at in the current step (LOREN only). */
  #renderTable() {
    const wrap = byId('rt-table-box');
    const table = byId('rt-table');
    const caption = byId('rt-table-caption');
    const body = byId('rt-table-body');
    const hop = this.walks?.loren?.hops?.[this.step ?? -1];
    const showingLoren = this.walks && this.walks.loren && this.currentScheme() === 'loren';
    if (!hop || !showingLoren) {
      body.replaceChildren();
      show(table, false);
      delete table.dataset.step;
      delete table.dataset.at;
      byId('rt-table-note').textContent = this.walks
        ? 'Routing tables are shown for LOREN walks; Cowen and shortest-path routes are listed below.'
        : 'Walk a packet to see each switch’s LOREN table.';
      show(wrap, true);
      return;
    }
    const dst = this.walks.loren.dst;
    caption.textContent = `Table of switch ${hop.at} (packet for ${dst})`;
    body.replaceChildren(
      ...hop.table.map((entry, i) =>
        el(
          'tr',
          { class: i === hop.chosen ? 'chosen' : hop.tied.includes(i) ? 'tied' : null, 'data-index': String(i) },
          el('td', { class: 'dst', text: String(entry.dst) }),
          el('td', { class: 'next', text: String(entry.next) }),
          el('td', { class: 'hops', text: String(entry.hops) }),
          el('td', { class: 'dist', text: String(hop.distances[i]) }),
        ),
      ),
    );
    byId('rt-table-note').textContent = hop.tied.length
      ? `Chosen: ⟨${hop.table[hop.chosen].dst},${hop.table[hop.chosen].next}⟩; ${hop.tied.length === 1 ? 'one entry ties' : `${hop.tied.length} entries tie`} at the same distance and lose by table order.`
      : `Chosen: ⟨${hop.table[hop.chosen].dst},${hop.table[hop.chosen].next}⟩, the entry nearest to ${dst}.`;
    table.dataset.step = String(this.step);
    table.dataset.at = String(hop.at);
    show(table, true);
  }

  currentScheme() {
    return this.scheme ?? 'loren';
  }
}

// ---------------------------------------------------------------- sweep and study

/** What the sweep and the study depend on: the topology and the seed (not t_max or the scheme). */
function analysisKey(scenario) {
  return scenario?.lab === 'routing' ? JSON.stringify([scenario.seed, scenario.routing.topology.trim()]) : null;
}

function describeRouting(scenario) {
  return `${scenario.routing.topology.trim()} · seed ${scenario.seed}`;
}

export class RoutingAnalysis {
  /**
   * `request(type, args, onProgress)` asks the worker; `cancel(what)` stops whatever it runs;
   * `current()` is the shown Routing Scenario, its JSON and result ({scenario, json, result}) or
   * null; `notify(message)` shows a short notice; `fileStem()` names downloads.
   */
  constructor({ request, cancel, current, notify, fileStem }) {
    this.request = request;
    this.cancelWork = cancel;
    this.current = current;
    this.notify = notify;
    this.fileStem = fileStem;
    this.key = null;
    this.jobs = new JobPanel('rt-', { cancel, labels: { sweep: 't_max sweep', study: 'table-size study' } });
    this.chart = new SweepChart(byId('rt-sweep-chart'));
    byId('rt-sweep').addEventListener('click', () => this.sweep());
    byId('rt-study').addEventListener('click', () => this.study());
    byId('rt-sweep-cancel').addEventListener('click', () => this.jobs.cancel('sweep'));
    byId('rt-study-cancel').addEventListener('click', () => this.jobs.cancel('study'));
    byId('rt-sweep-png').addEventListener('click', () =>
      this.chart.downloadPng(`${this.fileStem()}-tmax-sweep.png`).catch((err) => this.jobs.error('sweep', err.message)),
    );
  }

  /** A new run is shown: another topology or seed clears the results; another t_max moves the marker. */
  shownChanged(scenario, result) {
    const key = analysisKey(scenario);
    if (key === this.key) {
      if (result) this.chart.setCurrent(result.tmax ?? null);
      return;
    }
    this.key = key;
    this.chart.clear();
    byId('rt-sweep-body').replaceChildren();
    show(byId('rt-sweep-table'), false);
    show(byId('rt-sweep-png'), false);
    byId('rt-study-body').replaceChildren();
    show(byId('rt-study-table'), false);
    this.jobs.error('sweep', null);
    this.jobs.error('study', null);
    const text = scenario?.lab === 'routing' ? `For ${describeRouting(scenario)}.` : '';
    byId('rt-sweep-status').textContent = text;
    byId('rt-study-status').textContent = text;
  }

  async sweep() {
    const now = this.current();
    if (!now) return this.notify('Run the Routing lab first.');
    if (this.jobs.running) return this.notify('Wait for the running computation, or cancel it.');
    const key = this.key;
    await this.jobs.run(
      'sweep',
      `Sweeping t_max (${describeRouting(now.scenario)})…`,
      async () => {
        const points = await this.request('sweepTmax', { json: now.json });
        return key === this.key ? () => this.#showSweep(points, now) : null;
      },
      { determinate: false },
    );
  }

  async study() {
    const now = this.current();
    if (!now) return this.notify('Run the Routing lab first.');
    if (this.jobs.running) return this.notify('Wait for the running computation, or cancel it.');
    const input = byId('rt-study-count');
    const count = /^\d+$/.test(input.value.trim()) ? Number(input.value.trim()) : null;
    if (count === null || count < 1 || count > 1000) {
      this.jobs.error('study', `topologies '${input.value}': a whole number from 1 to 1000`);
      input.setAttribute('aria-invalid', '');
      return;
    }
    input.removeAttribute('aria-invalid');
    const key = this.key;
    await this.jobs.run('study', `Studying ${count} topologies like ${describeRouting(now.scenario)}…`, async (onProgress) => {
      const out = await this.request('tableStudy', { json: now.json, count }, onProgress);
      return key === this.key ? () => this.#showStudy(out, now.scenario) : null;
    });
  }

  #showSweep(points, { scenario, result }) {
    const shortest = result?.avg_shortest_path_length ?? null;
    this.chart.setData(points, shortest, result?.tmax ?? null, scenario.routing.topology.trim());
    show(byId('rt-sweep-png'), points.length > 0);
    byId('rt-sweep-body').replaceChildren(
      ...points.map((pt) =>
        el(
          'tr',
          { 'data-tmax': String(pt.tmax) },
          el('th', { scope: 'row', text: String(pt.tmax) }),
          el('td', { class: 'avg', text: fixed(pt.avg_path_length) }),
          el('td', { text: Number.isFinite(shortest) && shortest > 0 ? fixed(pt.avg_path_length / shortest) : '—' }),
        ),
      ),
    );
    show(byId('rt-sweep-table'), points.length > 0);
    const first = points[0];
    const last = points[points.length - 1];
    byId('rt-sweep-status').textContent = points.length
      ? `For ${describeRouting(scenario)}: t_max ${first.tmax} → ${last.tmax}, average path ${fixed(first.avg_path_length)} → ${fixed(last.avg_path_length)} hops (shortest paths: ${fixed(shortest)}).`
      : `For ${describeRouting(scenario)}: no t_max to sweep.`;
  }

  #showStudy(out, scenario) {
    const row = (name, cls, mean, min) =>
      el('tr', { class: cls }, el('th', { scope: 'row', text: name }), el('td', { class: 'mean', text: mean }), el('td', { class: 'min', text: min }));
    byId('rt-study-body').replaceChildren(
      row('LOREN', 'loren', fixed(out.loren.mean, 1), integer(out.loren.min)),
      row('Cowen', 'cowen', fixed(out.cowen.mean, 1), integer(out.cowen.min)),
      row('LOREN’s reduction', 'reduction', percent(out.reduction_mean), percent(out.reduction_min)),
    );
    show(byId('rt-study-table'), true);
    byId('rt-study-status').textContent = `${integer(out.topologies)} topologies like ${out.topology} (seeds ${scenario.seed} on).`;
  }
}
