// The Dual-plane lab's panels (paper 004): the pair's routes in both planes and the plane taken
// (§2.2), the routing table (Table 1), the comparison with the identical planes (§2.3, §3), a
// clicked channel's load; under the figure the search for plane 1 (§2.4, §3.2.2: its best set,
// the improvements as it went on, the ties with their cables) and the six variants against n
// (Fig. 3, 5–8) and the six variants in the flit simulator (§3.4), which run as studies in the
// studies' worker. Every number is the core's.
import { byId, el, show, integer, plural, wholeIn } from '../dom.js';
import { StudyPanels } from '../jobs.js';
import { SearchChart, VariantChart, VARIANTS, SWEEP_METRICS } from './dualplane-charts.js';

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : '—');
const setText = (generators) => `{${generators.join(',')}}`;
/** A set as a <code> that may wrap after its commas only (a long set in a narrow column). */
const setCode = (generators) => el('code', {}, '{', ...generators.flatMap((g, i) => (i ? [',', el('wbr'), String(g)] : [String(g)])), '}');
const hops = (count) => `${count} hop${count === 1 ? '' : 's'}`;

/** A gain over the identical planes as a signed percentage: positive is better. */
function gain(value, base, lowerIsBetter) {
  if (!Number.isFinite(value) || !Number.isFinite(base) || base === 0) return '—';
  const g = (lowerIsBetter ? base - value : value - base) / base;
  if (Math.abs(g) < 5e-4) return '0.0%';
  return `${g > 0 ? '+' : '−'}${Math.abs(100 * g).toFixed(1)}%`;
}

/** The comparison's rows: a score key (or a cost part), its name, decimals, and whether lower is better. */
const COMPARE = [
  { key: 'avg_distance', name: 'Avg distance', title: 'Average shortest distance: mean hops over all node pairs, self pairs included (§2.3)', digits: 3, lower: true },
  { key: 'a2a_max_traffic', name: 'A2A max traffic', title: 'All-to-all maximum traffic: 2·2ⁿ packets per node / the busiest directed link, one node per switch (§2.3)', digits: 3, lower: false },
  { key: 'a2a_max_traffic_per_node', name: 'per node (÷4)', title: 'The same at 4 nodes per switch: a quarter (§3.2.2)', digits: 3, lower: false, sub: true },
  { key: 'avg_cable_m', name: 'Avg cable (m)', title: 'Mean Table 2 length of the switch–switch cables of both planes (§3.1.2)', digits: 2, lower: true },
  { key: 'avg_delay_ns', name: 'Avg delay (ns)', title: 'Average shortest delay: (avg cable × 5 ns/m + 90 ns) × avg distance + 131 ns (§3.2.1)', digits: 1, lower: true },
  { key: 'cost_per_node_usd', name: 'Cost/node ($)', title: 'Cost per node in US$: NIC, switches, node cables and switch cables (§3.3, Table 3)', digits: 0, lower: true },
  { cost: 'nic', name: 'NIC', title: 'One 2-port NIC per node: 485 US$', digits: 0, lower: true, sub: true },
  { cost: 'switches', name: 'switches', title: '310.28 US$ per port, (4 + degree) ports, half a switch per node', digits: 0, lower: true, sub: true },
  { cost: 'node_cables', name: 'node cables', title: 'Two 2 m node–switch cables per node', digits: 0, lower: true, sub: true },
  { cost: 'switch_cables', name: 'switch cables', title: 'The switch–switch cables at their Table 2 prices, per node', digits: 0, lower: true, sub: true },
];

// ---------------------------------------------------------------- results

export class DualPlaneResults {
  /** `clearChannel()` drops the channel selection; `pickOffset(destination)` routes the source to another node. */
  constructor({ clearChannel, pickOffset }) {
    byId('dp-channel-clear').addEventListener('click', () => clearChannel());
    byId('dp-table-body').addEventListener('click', (event) => {
      const button = event.target.closest('button[data-destination]');
      if (button) pickOffset(Number(button.dataset.destination));
    });
    this.showChannel(null);
  }

  showLoading() {
    for (const id of ['dp-variant', 'dp-pair-title']) byId(id).textContent = '…';
  }

  /** The shown run's result, written into the panel (nothing of it is kept here). @param {import('../types/core').DualPlaneResult} r */
  showResult(r) {
    this.#compare(r);
    this.#pair(r.route, r);
    this.#table(r);
  }

  /** This network beside the identical planes, metric by metric. */
  #compare(r) {
    byId('dp-variant').textContent = `${r.variant}, n = ${r.n},`;
    byId('dp-compare-this').textContent = r.variant;
    byId('dp-compare-base').textContent = r.kind === 'fhc' ? 'D-FHC' : 'D-HC';
    const [p0, p1] = r.generators;
    byId('dp-sets').textContent = `Plane 0: ${setText(p0)}; plane 1: ${r.variant.startsWith('D-') ? 'the same' : setText(p1)}${r.kind === 'fhc' ? ' (the folded link last)' : ''}.`;
    const value = (scores, row) => (row.cost ? scores.cost[row.cost] : scores[row.key]);
    byId('dp-compare-body').replaceChildren(
      ...COMPARE.map((row) => {
        const mine = value(r, row);
        const base = value(r.baseline, row);
        return el(
          'tr',
          { class: row.sub ? 'sub' : null, 'data-key': row.key ?? `cost-${row.cost}` },
          el('th', { scope: 'row', title: row.title, text: row.name }),
          el('td', { class: 'this', text: fixed(mine, row.digits) }),
          el('td', { class: 'base', text: fixed(base, row.digits) }),
          el('td', { class: 'gain', text: gain(mine, base, row.lower) }),
        );
      }),
    );
    const tie = byId('dp-tie-rule');
    tie.textContent = r.tie_rule ? `Ties inside a folded plane: ${r.tie_rule}.` : '';
    show(tie, Boolean(r.tie_rule));
  }

  /** Both planes' routes of the pair and the plane taken (§2.2). */
  #pair(route, r) {
    const { source, destination, row } = route;
    byId('dp-pair-title').textContent = `${source} → ${destination}`;
    const box = byId('dp-pair-routes');
    box.dataset.pair = `${source}-${destination}`;
    const taken = (plane) => (source === destination ? false : route.tie ? plane === 0 : route.plane === plane);
    box.replaceChildren(
      ...[0, 1].map((plane) => {
        const path = route.paths[plane];
        const via = route.hops[plane].map((g) => r.generators[plane][g]);
        return el(
          'li',
          { class: `dp-route${taken(plane) ? ' taken' : ''}`, 'data-plane': String(plane) },
          el('span', { class: 'dp-route-name', text: `Plane ${plane}: ` }),
          el('code', { class: 'dp-route-path', text: path.join('-') }),
          el('span', { class: 'dp-route-hops', text: ` · ${hops(path.length - 1)}${via.length ? ` via ${via.join(', ')}` : ''}` }),
          taken(plane) ? el('span', { class: 'dp-route-taken', text: route.tie ? ' (shown)' : ' ← taken' }) : null,
        );
      }),
    );
    const [d0, d1] = row.distance;
    const why = byId('dp-pair-why');
    if (source === destination) why.textContent = 'The same node: nothing to route.';
    else if (route.tie) why.textContent = `Row ${row.offset} (${source} ⊕ ${destination}): ${hops(d0)} in each plane, a tie: either plane; shown: plane 0. The all-to-all count sends one packet each way.`;
    else why.textContent = `Row ${row.offset} (${source} ⊕ ${destination}): ${hops(d0)} in plane 0, ${hops(d1)} in plane 1 (routing value ${row.routing_value}): plane ${route.plane} is shorter, so the packet is sent into it and stays there.`;
    why.dataset.plane = route.tie ? 'either' : String(route.plane);
  }

  /** Table 1: every row up to n = 8 (the pair's marked and scrolled to), beyond only the pair's. */
  #table(r) {
    const chosen = r.route.row.offset;
    const rows = r.table.length ? r.table : [r.route.row];
    const plane = (d) => (d[0] === d[1] ? 'tie' : d[0] < d[1] ? '0' : '1');
    byId('dp-table-body').replaceChildren(
      ...rows.map((row) =>
        el(
          'tr',
          { class: row.offset === chosen ? 'chosen' : null, 'data-offset': String(row.offset) },
          el(
            'th',
            { scope: 'row' },
            el('button', { type: 'button', class: 'linklike', 'data-destination': String(r.route.source ^ row.offset), title: `Route ${r.route.source} → ${r.route.source ^ row.offset}`, text: String(row.offset) }),
          ),
          el('td', { class: 'd0', text: String(row.distance[0]) }),
          el('td', { class: 'd1', text: String(row.distance[1]) }),
          el('td', { class: 'rv', text: String(row.routing_value) }),
          el('td', { class: 'plane', text: row.offset === 0 ? '—' : plane(row.distance) }),
        ),
      ),
    );
    byId('dp-table-note').textContent = r.table.length
      ? `All ${rows.length} rows; the pair's row ${chosen} = ${r.route.source} ⊕ ${r.route.destination} is marked. Distances are popcounts${r.kind === 'fhc' ? ' (w or n + 1 − w through the folded link)' : ''}; click an index to route ${r.route.source} to ${r.route.source} ⊕ index.`
      : `Only the pair's row: beyond n = 8 the table has ${integer(2 ** r.n)} rows.`;
    const wrap = byId('dp-table-wrap');
    const row = wrap.querySelector('tr.chosen');
    if (row && wrap.clientHeight) {
      const top = row.getBoundingClientRect().top - wrap.getBoundingClientRect().top + wrap.scrollTop;
      wrap.scrollTop = Math.max(0, top - (wrap.clientHeight - row.offsetHeight) / 2);
    }
  }

  /** A clicked channel: its plane, generator and all-to-all load (null: none). */
  showChannel(d) {
    const summary = byId('dp-channel-summary');
    show(byId('dp-channel-clear'), Boolean(d));
    if (!d) {
      delete summary.dataset.packets;
      summary.textContent = 'Click a channel in the figure for its generator and its all-to-all load.';
      return;
    }
    summary.dataset.packets = String(d.packets);
    const share = d.busiest ? ` (${Math.round((100 * d.packets) / d.busiest)}% of the busiest, ${d.busiest})` : '';
    summary.textContent = `Plane ${d.plane}, switch ${d.from} → ${d.to}: generator h${d.generator + 1} = ${d.generator_value}. In the all-to-all exchange ${d.packets} packets cross it${share}; every channel of this generator carries the same.`;
  }
}

// ---------------------------------------------------------------- studies

/** What a search depends on: the planes, n, the objective, the effort and the seed (not the set shown). */
function searchKey(s) {
  const d = s?.dualplane;
  return s?.lab === 'dualplane' ? JSON.stringify([s.seed, d.kind, d.n, d.objective, d.effort]) : null;
}

/** What the sweep depends on: the effort and the seed. */
function sweepKey(s) {
  return s?.lab === 'dualplane' ? JSON.stringify([s.seed, s.dualplane.effort]) : null;
}

/** What the simulation depends on: n, the effort and the seed (the DI sets are searched with them). */
function flitKey(s) {
  return s?.lab === 'dualplane' ? JSON.stringify([s.seed, s.dualplane.n, s.dualplane.effort]) : null;
}

/** The simulation table's number columns (td class, a point's value, decimals), in the order of its head. */
const FLIT_COLUMNS = [
  { key: 'a2a', value: (p) => p.a2a_max_traffic_per_node, digits: 3 },
  { key: 'bound', value: (p) => p.channel_load_bound, digits: 3 },
  { key: 'throughput', value: (p) => p.throughput, digits: 3 },
  { key: 'of-bound', value: (p) => p.throughput / p.channel_load_bound, digits: 3 },
  { key: 'model', value: (p) => p.avg_delay_ns, digits: 1 },
  { key: 'latency', value: (p) => p.latency_ns, digits: 1 },
  { key: 'of-model', value: (p) => p.latency_ns / p.avg_delay_ns, digits: 3 },
];

/** Each DI variant beside its identical planes: [DI-HC, D-HC], [DI-HC-r, D-HC], … */
const FLIT_PAIRS = VARIANTS.filter((v) => v.name.startsWith('DI-')).map((v) => [v.name, v.name.replace(/^DI-/, 'D-').replace(/-r$/, '')]);

/** "DI-HC / D-HC: throughput ×1.245, a2a ×1.255" for every pair whose two variants are simulated. */
function flitRatios(points) {
  const byVariant = new Map(points.map((p) => [p.variant, p]));
  return FLIT_PAIRS.filter(([di, d]) => byVariant.has(di) && byVariant.has(d)).map(([di, d]) => {
    const [mine, base] = [byVariant.get(di), byVariant.get(d)];
    return { pair: `${di}/${d}`, text: `${di} / ${d}: throughput ×${fixed(mine.throughput / base.throughput, 3)}, a2a ×${fixed(mine.a2a_max_traffic_per_node / base.a2a_max_traffic_per_node, 3)}` };
  });
}

/** "DI-HC-r n = 8 (effort 1, seed 1)": what a search looks for. */
function searchName(s) {
  const d = s.dualplane;
  return `${d.kind === 'fhc' ? 'DI-FHC' : 'DI-HC'}${d.objective === 'delay' ? '-r' : ''} n = ${d.n} (effort ${d.effort}, seed ${s.seed})`;
}

/** A point's graph metrics (§2.3, §3), the columns every exported point starts with. */
const SCORE_COLUMNS = [
  ['n', (p) => p.n],
  ['variant', (p) => p.variant],
  ['generators', (p) => p.generators.join(' ')],
  ...['avg_distance', 'a2a_max_traffic', 'a2a_max_traffic_per_node', 'avg_cable_m', 'avg_delay_ns', 'cost_per_node_usd'].map((key) => [key, (p) => p[key]]),
  ...['nic', 'switches', 'node_cables', 'switch_cables'].map((part) => [`cost_${part}`, (p) => p.cost[part]]),
];

/** Points as CSV, a row per point: the graph metrics, then `extra` [[name, (point) => value], …]. */
function pointsCsv(points, extra) {
  const columns = [...SCORE_COLUMNS, ...extra];
  const rows = points.map((p) => columns.map(([, value]) => value(p)).join(','));
  return `${[columns.map(([name]) => name).join(','), ...rows].join('\n')}\n`;
}

/** The sweep's columns after the graph metrics: the search's time. */
const SWEEP_COLUMNS = [['seconds', (p) => p.seconds]];

/** A simulated point's columns after the graph metrics: the bound, the simulation, the accepted load at each offered one. */
function flitColumns(points) {
  const offered = points[0].accepted.map(([load]) => load);
  return [
    ...['max_link_load', 'channel_load_bound', 'throughput', 'latency_ns'].map((key) => [key, (p) => p[key]]),
    ...offered.map((load, i) => [`accepted_at_${load}`, (p) => p.accepted[i]?.[1] ?? '']),
  ];
}

export class DualPlaneAnalysis extends StudyPanels {
  /** `context`: what StudyPanels takes; `useSet(search, generators)` runs the lab with a found set. */
  constructor(context, { useSet }) {
    super('dp-', { search: ['search', 'Searching…'], sweep: ['sweep over n', 'Sweeping…'], flit: ['simulation', 'Simulating…'] }, context);
    this.useSet = useSet;
    this.searchKey = null;
    this.sweepKey = null;
    this.sweepPoints = [];
    this.flitKey = null;
    this.flitPoints = [];
    this.flitN = null; // the shown n, which the simulator may not hold
    this.maxSimSwitches = null; // from the catalog
    this.searchChart = new SearchChart(byId('dp-search-chart'));
    const grid = byId('dp-sweep-charts');
    this.sweepCharts = SWEEP_METRICS.map((metric) => {
      const box = el('div', { class: 'chart', id: `dp-sweep-${metric.key}`, role: 'img', 'aria-label': `${metric.title} of the six variants against n` });
      grid.append(box);
      return new VariantChart(box, metric);
    });
    byId('dp-sweep-legend').replaceChildren(
      ...VARIANTS.map((v) =>
        el('li', { 'data-variant': v.name }, el('span', { class: `dp-line${v.dash ? (v.dash[0] > 4 ? ' dashed' : ' dotted') : ''}`, style: `border-color: ${v.color}` }), el('span', { text: v.name })),
      ),
    );
    byId('dp-search').addEventListener('click', () => this.search());
    byId('dp-sweep').addEventListener('click', () => this.sweep());
    byId('dp-flit').addEventListener('click', () => this.simulate());
    const sweepExport = (kind) => this.#export(kind, this.sweepPoints, 'sweep-n', () => SWEEP_COLUMNS);
    const flitExport = (kind) => this.#export(kind, this.flitPoints, 'simulate', flitColumns);
    byId('dp-sweep-csv').addEventListener('click', () => sweepExport('csv'));
    byId('dp-sweep-json').addEventListener('click', () => sweepExport('json'));
    byId('dp-flit-csv').addEventListener('click', () => flitExport('csv'));
    byId('dp-flit-json').addEventListener('click', () => flitExport('json'));
  }

  /** The catalog: how many switches the flit simulator holds. */
  populate(catalog) {
    this.maxSimSwitches = catalog.max_sim_switches ?? null;
    this.#flitAvailability();
  }

  /** A new run is shown: another n, planes, objective, effort or seed clears the search; another effort or seed the sweep; another n, effort or seed the simulation. */
  shownChanged(scenario) {
    const search = searchKey(scenario);
    if (search !== this.searchKey) {
      this.searchKey = search;
      this.#clearSearch();
      this.jobs.error('search', null);
      byId('dp-search-status').textContent = scenario?.lab === 'dualplane' ? `For ${searchName(scenario)}.` : '';
    }
    const sweep = sweepKey(scenario);
    if (sweep !== this.sweepKey) {
      this.sweepKey = sweep;
      this.#showSweep([]);
      this.jobs.error('sweep', null);
      byId('dp-sweep-status').textContent = '';
    }
    const flit = flitKey(scenario);
    if (flit !== this.flitKey) {
      this.flitKey = flit;
      this.#showFlit([]);
      this.jobs.error('flit', null);
      this.flitN = scenario?.lab === 'dualplane' ? scenario.dualplane.n : null;
      const refused = this.#flitAvailability();
      byId('dp-flit-status').textContent = this.flitN === null || refused ? '' : `For n = ${this.flitN} (effort ${scenario.dualplane.effort}, seed ${scenario.seed}): a row per variant as it finishes; Cancel keeps the rows.`;
    }
  }

  #clearSearch() {
    this.searchChart.clear();
    show(byId('dp-search-best'), false);
    byId('dp-search-best').replaceChildren();
    byId('dp-ties-body').replaceChildren();
    show(byId('dp-ties'), false);
    show(byId('dp-ties-caption'), false);
  }

  /** The search for plane 1: the best so far streams in; the end adds the method, the time and the ties. */
  async search() {
    const now = this.current();
    if (!now) return this.notify('Run the Dual-plane lab first.');
    if (this.jobs.running) return this.notify('Wait for the running computation, or cancel it.');
    const key = this.searchKey;
    const method = byId('dp-search-method').value;
    const what = { kind: now.scenario.dualplane.kind, n: now.scenario.dualplane.n, delay: now.scenario.dualplane.objective === 'delay' };
    const points = [];
    await this.jobs.run(
      'search',
      `Searching plane 1 for ${searchName(now.scenario)}${method === 'auto' ? '' : `, ${method}`}…`,
      async (onProgress) => {
        this.#clearSearch();
        const out = await this.study('search', now, { method }, (fraction, point) => {
          onProgress(fraction);
          if (!point || key !== this.searchKey) return;
          points.push(point);
          this.#showBest(what, point.best, false);
          this.searchChart.setData(points, what);
        });
        return key === this.searchKey ? () => this.#showSearch(out, what) : null;
      },
      {
        cancelled: () => {
          if (!points.length || key !== this.searchKey) return null;
          const pct = Math.round(100 * points[points.length - 1].fraction);
          return `Cancelled: the best set found (by ${pct}% of the search, ${points.length} improvement${points.length === 1 ? '' : 's'}) is kept.`;
        },
      },
    );
  }

  /** The best set (so far, or `done`) with its metrics and gains, and a button that runs the lab with it. */
  #showBest(what, best, done) {
    const box = byId('dp-search-best');
    const item = (id, name, value, note) => el('div', { class: 'metric' }, el('dt', { text: name }), el('dd', { id, text: value }, note ? el('span', { class: 'dp-gain', text: ` ${note}` }) : null));
    const use = el('button', { type: 'button', id: 'dp-search-use', class: 'small', text: 'Use this set', title: `Run the lab with plane 1 = ${setText(best.generators)}` });
    use.addEventListener('click', () => this.useSet(what, best.generators));
    box.replaceChildren(
      el('p', { class: 'dp-best-head' }, el('strong', { text: done ? 'Best set: ' : 'Best so far: ' }), el('code', { id: 'dp-search-best-set', text: setText(best.generators) }), ' ', use),
      el(
        'dl',
        { class: 'metrics' },
        item('dp-search-best-distance', 'Avg shortest distance', fixed(best.avg_distance, 4), `(${fixed(best.distance_gain_pct, 1)}% shorter)`),
        item('dp-search-best-a2a', 'All-to-all max traffic', fixed(best.a2a_max_traffic, 4), `(${fixed(best.a2a_gain_pct, 1)}% more)`),
        item('dp-search-best-delay', 'Avg shortest delay (ns)', fixed(best.avg_delay_ns, 1), `(${fixed(best.delay_gain_pct, 1)}% shorter)`),
        item('dp-search-best-cable', 'Avg cable (m)', fixed(best.avg_cable_m, 2)),
      ),
    );
    box.dataset.done = String(done);
    show(box, true);
  }

  /** The finished search: the best set, how it was found, and its ties with their cables. */
  #showSearch(out, what) {
    this.#showBest(what, out.best, true);
    this.searchChart.setData(out.points, what);
    const how = `${out.method === 'exhaustive' ? 'Exhaustive search' : 'Annealing'}: ${integer(out.evaluated)} sets evaluated in ${fixed(out.seconds, 2)} s (seed ${out.seed}).`;
    const base = out.baseline;
    byId('dp-search-status').textContent = `${how} The identical planes: distance ${fixed(base.avg_distance, 4)}, all-to-all ${fixed(base.a2a_max_traffic, 4)}, delay ${fixed(base.avg_delay_ns, 1)} ns, cable ${fixed(base.avg_cable_m, 2)} m.`;
    const ties = [...out.ties].sort((a, b) => a.avg_cable_m - b.avg_cable_m || a.avg_delay_ns - b.avg_delay_ns);
    const bestKey = setText(out.best.generators);
    byId('dp-ties-body').replaceChildren(
      ...ties.map((t) => {
        const use = el('button', { type: 'button', class: 'small', text: 'Use', 'aria-label': `Use ${setText(t.generators)}` });
        use.addEventListener('click', () => this.useSet(what, t.generators));
        return el(
          'tr',
          { class: setText(t.generators) === bestKey ? 'best' : null },
          el('th', { scope: 'row' }, setCode(t.generators)),
          el('td', { text: fixed(t.avg_distance, 4) }),
          el('td', { text: fixed(t.a2a_max_traffic, 3) }),
          el('td', { class: 'cable', text: fixed(t.avg_cable_m, 2) }),
          el('td', { class: 'delay', text: fixed(t.avg_delay_ns, 1) }),
          el('td', {}, use),
        );
      }),
    );
    const cables = ties.map((t) => t.avg_cable_m);
    const delays = ties.map((t) => t.avg_delay_ns);
    const range = (values, digits) => (Math.min(...values) === Math.max(...values) ? fixed(values[0], digits) : `${fixed(Math.min(...values), digits)}–${fixed(Math.max(...values), digits)}`);
    byId('dp-ties-caption').textContent = ties.length > 1
      ? `${ties.length} sets tie on both metrics${out.ties_seen > ties.length ? ` (${integer(out.ties_seen)} seen)` : ''}, yet their cables differ: average ${range(cables, 2)} m, delay ${range(delays, 1)} ns. The best set is marked.`
      : 'No other set ties with the best on both metrics.';
    show(byId('dp-ties'), ties.length > 0);
    show(byId('dp-ties-caption'), true);
  }

  /** The six variants for n = from…to: a point per n and variant, the charts growing as they come. */
  async sweep() {
    const now = this.current();
    if (!now) return this.notify('Run the Dual-plane lab first.');
    if (this.jobs.running) return this.notify('Wait for the running computation, or cancel it.');
    const [from, to] = ['dp-sweep-from', 'dp-sweep-to'].map((id) => wholeIn(byId(id)).value);
    const ok = from !== null && to !== null && from <= to;
    for (const id of ['dp-sweep-from', 'dp-sweep-to']) byId(id).toggleAttribute('aria-invalid', !ok);
    const [min, max] = [byId('dp-sweep-from').min, byId('dp-sweep-to').max];
    if (!ok) return this.jobs.error('sweep', `n from '${byId('dp-sweep-from').value}' to '${byId('dp-sweep-to').value}': whole numbers with ${min} ≤ from ≤ to ≤ ${max}`);
    const key = this.sweepKey;
    const points = [];
    await this.jobs.run(
      'sweep',
      `Sweeping the six variants for n = ${from}…${to} (effort ${now.scenario.dualplane.effort}, seed ${now.scenario.seed})…`,
      async (onProgress) => {
        this.#showSweep([]);
        const out = await this.study('sweep-n', now, { from, to }, (fraction, point) => {
          onProgress(fraction);
          if (!point || key !== this.sweepKey) return;
          points.push(point);
          this.#showSweep(points);
        });
        return key === this.sweepKey
          ? () => {
              this.#showSweep(out);
              const seconds = out.reduce((sum, p) => sum + p.seconds, 0);
              byId('dp-sweep-status').textContent = `n = ${from}…${to}: ${out.length} points, ${fixed(seconds, 1)} s of search (effort ${now.scenario.dualplane.effort}, seed ${now.scenario.seed}).`;
            }
          : null;
      },
      {
        cancelled: () => {
          if (!points.length || key !== this.sweepKey) return null;
          const last = points[points.length - 1];
          return `Cancelled at n = ${last.n} (${last.variant}): the ${points.length} points computed are kept.`;
        },
      },
    );
  }

  #showSweep(points) {
    this.sweepPoints = points;
    for (const chart of this.sweepCharts) chart.setData(points);
    for (const id of ['dp-sweep-legend', 'dp-sweep-csv', 'dp-sweep-json']) show(byId(id), points.length > 0);
    byId('dp-sweep-charts').dataset.points = String(points.length);
  }

  /** The six variants in the flit simulator at the shown n (§3.4): a row per variant as it finishes. */
  async simulate() {
    const now = this.current();
    if (!now) return this.notify('Run the Dual-plane lab first.');
    if (this.jobs.running) return this.notify('Wait for the running computation, or cancel it.');
    const key = this.flitKey;
    const { n, effort } = now.scenario.dualplane;
    const what = `n = ${n} (effort ${effort}, seed ${now.scenario.seed})`;
    const points = [];
    const since = performance.now();
    await this.jobs.run(
      'flit',
      `Simulating the six variants at ${what}…`,
      async (onProgress) => {
        this.#showFlit([]);
        const out = await this.study('simulate', now, {}, (fraction, point) => {
          onProgress(fraction);
          if (!point || key !== this.flitKey) return;
          points.push(point);
          this.#showFlit(points);
        });
        const seconds = (performance.now() - since) / 1000;
        return key === this.flitKey
          ? () => {
              this.#showFlit(out);
              byId('dp-flit-status').textContent = `${what}: the six variants simulated in ${fixed(seconds, 1)} s.`;
            }
          : null;
      },
      {
        cancelled: () => {
          if (!points.length || key !== this.flitKey) return null;
          return `Cancelled after ${points[points.length - 1].variant}: the ${plural(points.length, 'variant')} simulated ${points.length === 1 ? 'is' : 'are'} kept.`;
        },
      },
    );
    this.#flitAvailability(); // the job's end enables the button, whatever n is shown now
  }

  /** The button, disabled with the reason when the simulator cannot hold the shown n's two planes (then true). */
  #flitAvailability() {
    const n = this.flitN;
    const max = this.maxSimSwitches;
    const routers = n === null ? 0 : 2 * 2 ** n;
    const tooLarge = max !== null && routers > max;
    const reason = byId('dp-flit-limit');
    reason.textContent = tooLarge
      ? `Not at n = ${n}: its two planes have ${routers.toLocaleString('en-US')} routers, more than the simulator’s ${max}; it runs up to n = ${Math.floor(Math.log2(max / 2))}.`
      : '';
    show(reason, tooLarge);
    byId('dp-flit').disabled = tooLarge || this.jobs.running === 'flit';
    return tooLarge;
  }

  /** The simulated variants so far: the table, the ratios to the identical planes, the exports. */
  #showFlit(points) {
    this.flitPoints = points;
    byId('dp-flit-body').replaceChildren(
      ...points.map((p) =>
        el(
          'tr',
          { 'data-variant': p.variant },
          el('th', { scope: 'row', text: p.variant }),
          el('td', { class: 'set' }, setCode(p.generators)),
          ...FLIT_COLUMNS.map((c) => {
            const value = c.value(p);
            return el('td', { class: c.key, 'data-value': String(value), text: fixed(value, c.digits) });
          }),
        ),
      ),
    );
    const table = byId('dp-flit-table');
    table.dataset.points = String(points.length);
    show(table, points.length > 0);
    const ratios = flitRatios(points);
    byId('dp-flit-ratios').replaceChildren(...ratios.map((r) => el('li', { 'data-pair': r.pair, text: r.text })));
    show(byId('dp-flit-ratios'), ratios.length > 0);
    for (const id of ['dp-flit-csv', 'dp-flit-json']) show(byId(id), points.length > 0);
  }

  /** Study `study`'s `points` as CSV (the graph metrics, then `columns(points)`) or as JSON with what produced them. */
  #export(kind, points, study, columns) {
    if (!points.length) return;
    this.exportStudy(kind, study, { body: { points }, csv: () => pointsCsv(points, columns(points)) });
  }
}
