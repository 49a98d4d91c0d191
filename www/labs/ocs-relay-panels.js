// The OCS relay lab's panels (paper 001): the selected communication (its kind and path) or
// node (its circuit, relayed bytes, or why it is unused); the results (OCS nodes used, route
// kinds, times against the baselines, bound, uplink bytes); the unused OCS nodes with their
// case of §3.2.2; the application; the circuits' loads and the uplinks per edge switch. Under
// the figure, Fig. 4–5 and Table 2 run as studies in the studies' worker. Every number is the
// core's.
import { byId, el, show, integer, plural } from '../dom.js';
import { StudyPanels } from '../jobs.js';
import { FigureChart, boundRelative } from './ocs-relay-charts.js';

const MIB = 2 ** 20;
const mib = (bytes) => (Number.isFinite(bytes) ? (bytes / MIB).toFixed(1) : '—');
/** Seconds as milliseconds (the times are tens to hundreds of ms) or seconds beyond 10 s. */
function duration(s) {
  if (!Number.isFinite(s)) return '—';
  return s >= 10 ? `${s.toFixed(2)} s` : `${(s * 1000).toFixed(1)} ms`;
}
/** Seconds as milliseconds, the unit in the column's head. */
const milliseconds = (s) => (Number.isFinite(s) ? (s * 1000).toFixed(1) : '—');
const times = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '—');
/** A route's nodes as the paper writes them: 17 ⇒ 1 ⇒ 34 ⇒ 33. */
export const pathText = (nodes) => nodes.join(' ⇒ ');
/** The nodes of a route's path ({node}, {edge}, "upper"). */
export const pathNodes = (path) => path.filter((v) => typeof v === 'object' && v !== null && 'node' in v).map((v) => v.node);

const KIND_TEXT = {
  direct: 'direct: over the circuit between its own two OCS nodes',
  relay: 'relay: through other OCS nodes’ circuits, rebuilt whole at each relay (§3.2.3)',
  eps: 'EPS only: over the electrical tree, uplinks included',
  local: 'local: both nodes under one edge switch',
};
const kindName = (kind) => String(kind ?? '').toLowerCase();

/** The applications' names for headings and titles. */
/** The applications' labels: the core's choice of `app` (set from the catalog). */
const appLabels = new Map();

/** An application's label inside a sentence ("neighbour exchange", "NPB CG"; its name before the catalog arrives). */
export function appName(app) {
  const label = appLabels.get(app) ?? app;
  return /^[A-Z][a-z]/.test(label) ? label[0].toLowerCase() + label.slice(1) : label;
}

// ---------------------------------------------------------------- results

export class OcsResults {
  showLoading() {
    for (const dd of byId('ocs-results-box').querySelectorAll('dd')) dd.textContent = '…';
  }

  /** The shown run's result, written into the panel (nothing of it is kept here). @param {import('../types/core').OcsRelayResult} r */
  showResult(r) {
    byId('ocs-metric-relative').textContent = times(r.relative_time);
    byId('ocs-metric-used').textContent = `${integer(r.ocs_nodes_used)} of ${integer(r.ocs_nodes)}`;
    byId('ocs-metric-steps').textContent = (r.circuits_by_step ?? []).join(' / ');
    for (const kind of ['direct', 'relay', 'eps', 'local']) byId(`ocs-metric-${kind}`).textContent = integer(r.routes?.[kind]);
    byId('ocs-metric-uplink').textContent = `${mib(r.uplink_bytes)} MiB`;
    byId('ocs-metric-uplink-eps').textContent = `${mib(r.uplink_bytes_eps_only)} MiB`;
    const eps = r.time_eps_only_s;
    const row = (key, name, title, time) =>
      el(
        'tr',
        { 'data-key': key },
        el('th', { scope: 'row', title, text: name }),
        el('td', { class: 'time', 'data-value': String(time), text: milliseconds(time) }),
        el('td', { class: 'rel', text: times(time / eps) }),
      );
    byId('ocs-times-body').replaceChildren(
      row('ours', 'Ours', 'EPS tree at the lab’s 1:R uplinks plus the OCS plane', r.time_s),
      row('eps', 'EPS only', 'The same tree without OCS nodes', r.time_eps_only_s),
      row('full', 'Full bisection', 'The EPS tree with uplinks as fast as their nodes (1:1)', r.time_full_bisection_s),
      row('low-eps', 'EPS only 1:20', 'The low-bisection EPS of §4.1, no OCS nodes', r.time_low_bisection_eps_only_s),
      row('low', 'Ours 1:20', 'The low-bisection EPS with the OCS plane', r.time_low_bisection_s),
    );
    byId('ocs-bounds').textContent = `Link-load bound (the busiest link’s bytes at its rate): ours ${duration(r.bound_s)} (${times(r.bound_s / eps)}), EPS only ${duration(r.bound_eps_only_s)}.`;
    byId('ocs-app-definition').textContent = r.app_definition ?? '';
    byId('ocs-app-name').textContent = appName(r.app);
    this.#unused(r.unused_ocs_nodes ?? []);
  }

  /** The OCS nodes without a circuit, each with its case of §3.2.2. */
  #unused(list) {
    const count = byId('ocs-unused-count');
    count.textContent = list.length ? `(${list.length})` : '(none)';
    byId('ocs-unused').replaceChildren(
      ...list.map((u) => el('li', { 'data-node': String(u.node), 'data-case': String(u.case) }, el('strong', { text: `${u.node}` }), el('span', { class: 'ocs-case', text: ` case ${u.case}: ` }), u.why)),
    );
    show(byId('ocs-unused'), list.length > 0);
  }

  /** No route to show (`pair`: the fields' pair, which sends no large message): say how to pick one. */
  clearPick(pair = null) {
    const how = 'Click a node in the hybrid view for its circuit, then another for the route between them, or type a source and a destination.';
    this.#pick(pair ? `${pair[0]} → ${pair[1]}` : '', null, pair ? `This pair sends no large message in this application. ${how}` : how);
  }

  /** A route ({src, dst, kind, path, …}) as the pair's kind and path. */
  showRoute(route, nodes) {
    const kind = kindName(route.kind);
    this.#pick(`${route.src} → ${route.dst}`, { path: nodes, kind }, `${KIND_TEXT[kind] ?? kind}${route.circuits?.length ? `; circuit${route.circuits.length === 1 ? '' : 's'} ${route.circuits.join(', ')}` : ''}.`);
  }

  /** `detail {"node": r}`: its switch, its circuit, what it relays or why it has none. */
  showNode(d) {
    let text;
    if (!d.ocs) text = `Under edge switch ${d.switch}; not an OCS node: its traffic to other switches goes through an OCS node or the uplink.`;
    else if (d.circuit) {
      const c = d.circuit;
      const other = c.a === d.node ? c.b : c.a;
      text = `OCS node under edge switch ${d.switch}, holding the circuit to node ${other} (switch ${c.switches[c.a === d.node ? 1 : 0]}), made in step ${c.step}, carrying ${mib(c.bytes)} MiB; it relays ${mib(d.relay_bytes)} MiB of other nodes’ traffic.`;
    } else {
      text = `OCS node under edge switch ${d.switch}, left without a circuit${d.unused ? ` (case ${d.unused.case}): ${d.unused.why}` : '.'}`;
    }
    this.#pick(`node ${d.node}`, null, text);
    byId('ocs-pick-box').dataset.node = String(d.node);
  }

  /** A pair the core refused (it sends no large message), or another message. */
  showPickError(title, message) {
    this.#pick(title, null, message, true);
  }

  #pick(title, route, text, error = false) {
    const box = byId('ocs-pick-box');
    delete box.dataset.node;
    byId('ocs-pick-title').textContent = title;
    const path = byId('ocs-pick-path');
    path.textContent = route ? pathText(route.path) : '';
    if (route) {
      path.dataset.path = route.path.join(',');
      path.dataset.kind = route.kind;
    } else {
      delete path.dataset.path;
      delete path.dataset.kind;
    }
    show(path, Boolean(route));
    const why = byId('ocs-pick-text');
    why.textContent = text;
    why.classList.toggle('error', error);
  }
}

// ---------------------------------------------------------------- circuits and uplinks

export class OcsLoads {
  /** Every circuit with its load; rows after the step's circuits dimmed, the step's own marked. @param {import('../types/core').OcsRelayResult} r */
  showResult(r) {
    byId('ocs-circuits-body').replaceChildren(
      ...r.circuits.map((c, i) =>
        el(
          'tr',
          { 'data-circuit': String(i), 'data-step': String(c.step) },
          el('th', { scope: 'row', text: String(i) }),
          el('td', { text: String(c.a) }),
          el('td', { text: String(c.b) }),
          el('td', { text: `${c.switches[0]} ⇄ ${c.switches[1]}` }),
          el('td', { class: 'ocs-step-cell', text: String(c.step) }),
          el('td', { 'data-value': String(c.bytes), text: mib(c.bytes) }),
        ),
      ),
    );
    byId('ocs-circuits-summary').textContent = r.circuits.length
      ? `${plural(r.circuits.length, 'circuit')} (steps 1 / 2 / 3: ${r.circuits_by_step.join(' / ')}), ${mib(r.circuits.reduce((sum, c) => sum + c.bytes, 0))} MiB in all.`
      : 'No circuits: no two switches exchange large messages, or there are no OCS nodes.';
    this.#uplinks(r.uplink_per_switch ?? []);
  }

  /** Rows of circuits made after step `shown` are dimmed; `current` is the step's circuit. */
  showStep(shown, current) {
    for (const tr of byId('ocs-circuits-body').children) {
      const i = Number(tr.dataset.circuit);
      tr.classList.toggle('later', i >= shown);
      tr.classList.toggle('current', i === current);
    }
  }

  /** Bytes up and down each edge switch's uplink in ours, as bars (none: a sentence says so). */
  #uplinks(list) {
    const most = Math.max(1, ...list.flatMap((u) => [u.up, u.down]));
    const cell = (bytes, cls) =>
      el('td', { class: 'ocs-bars', 'data-value': String(bytes) }, el('span', { class: 'ocs-bar-row' }, el('span', { class: `ocs-meter ${cls}`, style: `width: ${((70 * bytes) / most).toFixed(1)}%` }), el('span', { class: 'ocs-bar-value', text: mib(bytes) })));
    byId('ocs-uplinks-body').replaceChildren(...list.map((u) => el('tr', { 'data-switch': String(u.switch) }, el('th', { scope: 'row', text: String(u.switch) }), cell(u.up, 'up'), cell(u.down, 'down'))));
    const total = list.reduce((sum, u) => sum + u.up + u.down, 0);
    byId('ocs-uplinks-summary').textContent = total
      ? 'MiB sent up (into the upper switch) and down each edge switch’s uplink in ours.'
      : 'Ours sends nothing over the uplinks: every large message goes through the OCS plane or stays under its switch.';
    show(byId('ocs-uplinks-table'), total > 0);
  }
}

// ---------------------------------------------------------------- studies

/** The section without the pair shown (which no study depends on). */
function sectionKey(s, drop = []) {
  if (s?.lab !== 'ocs-relay') return null;
  const copy = { ...s['ocs-relay'] };
  for (const key of ['source', 'destination', ...drop]) delete copy[key];
  return JSON.stringify(copy);
}

const csvOf = (columns, rows) => `${[columns.map(([name]) => name).join(','), ...rows.map((row) => columns.map(([, value]) => value(row)).join(','))].join('\n')}\n`;

const FIGURE_COLUMNS = [['label', (r) => r.label], ...['network', 'ocs_nodes', 'ratio', 'time_s', 'bound_s', 'relative'].map((key) => [key, (r) => r[key]])];
const TABLE2_COLUMNS = [
  ...['edge', 'ocs_nodes', 'app', 'ocs_nodes_used'].map((key) => [key, (r) => r[key]]),
  ...[0, 1, 2].map((i) => [`circuits_step${i + 1}`, (r) => r.circuits_by_step[i]]),
  ...['direct', 'relay', 'eps', 'local'].map((kind) => [`routes_${kind}`, (r) => r.routes[kind]]),
];

/** Table 2's layout: the paper's rows and columns. */
const TABLE2_ROWS = [
  ['8x32', 64, '8x32 64nodes'],
  ['8x32', 128, '8x32 128node'],
  ['16x16', 64, '16x16 64nodes'],
  ['16x16', 128, '16x16 128node'],
];
const TABLE2_APPS = [
  ['neighbor', 'neighbour'],
  ['cg', 'CG'],
  ['lu', 'LU'],
  ['mg', 'MG'],
];

export class OcsStudies extends StudyPanels {
  constructor(context) {
    super('ocs-', { figure: ['Fig. 4–5 study', 'Simulating…'], table2: ['Table 2 study', 'Allocating…'] }, context);
    this.chart = new FigureChart(byId('ocs-figure-chart'));
    this.figureKey = null;
    this.figureRows = [];
    this.table2Key = null;
    this.table2Rows = [];
    this.#table2([]);
    byId('ocs-figure').addEventListener('click', () => this.figure());
    byId('ocs-table2').addEventListener('click', () => this.table2());
    for (const kind of ['csv', 'json']) {
      byId(`ocs-figure-${kind}`).addEventListener('click', () => this.#export(kind, 'figure', FIGURE_COLUMNS, this.figureRows));
      byId(`ocs-table2-${kind}`).addEventListener('click', () => this.#export(kind, 'table-2', TABLE2_COLUMNS, this.table2Rows));
    }
  }

  /** The catalog: a study this WASM does not have yet hides its card. */
  populate(catalog) {
    const lab = catalog.labs?.find((l) => l.name === 'ocs-relay');
    for (const o of lab?.choices?.find((c) => c.field === 'app')?.options ?? []) appLabels.set(o.value, o.label);
    const names = new Set((lab?.studies ?? []).map((s) => s.name));
    show(byId('ocs-figure-card'), names.has('figure'));
    show(byId('ocs-table2-card'), names.has('table-2'));
  }

  /** Another set-up clears the studies that depend on it. */
  shownChanged(scenario) {
    const figure = sectionKey(scenario);
    if (figure !== this.figureKey) {
      this.figureKey = figure;
      this.#showFigure([]);
      this.jobs.error('figure', null);
      const s = scenario?.['ocs-relay'];
      byId('ocs-figure-status').textContent = s ? `For ${s.edge}, ${appName(s.app)}${s.class && s.app !== 'neighbor' && s.app !== 'matrix' ? ` class ${s.class}` : ''}: seven simulations (about 1–3 s each); Cancel keeps the bars done.` : '';
    }
    const table2 = sectionKey(scenario, ['edge', 'ocs_nodes', 'app']);
    if (table2 !== this.table2Key) {
      this.table2Key = table2;
      this.#table2([]);
      this.jobs.error('table2', null);
      byId('ocs-table2-status').textContent = '';
    }
  }

  /**
   * Run study `name` of the shown run as job `which`: rows stream into `draw` as they come,
   * `finish(out, seconds)` shows the end; a Cancel keeps the rows (`what` names one). `keyOf()`
   * says what the shown results belong to: nothing is drawn once it changed.
   */
  async #stream(which, name, keyOf, { status, draw, finish, what }) {
    const now = this.current();
    if (!now) return this.notify('Run the OCS relay lab first.');
    if (this.jobs.running) return this.notify('Wait for the running computation, or cancel it.');
    const key = keyOf();
    const fresh = () => key === keyOf();
    const rows = [];
    const since = performance.now();
    const work = async (onProgress) => {
      draw([]);
      const out = await this.study(name, now, {}, (fraction, point) => {
        onProgress(fraction);
        if (!point || !fresh()) return;
        rows.push(point);
        draw(rows);
      });
      return fresh() ? () => finish(out, (performance.now() - since) / 1000) : null;
    };
    const cancelled = () => (rows.length && fresh() ? `Cancelled after ${plural(rows.length, what)}: ${rows.length === 1 ? 'it is' : 'they are'} kept.` : null);
    await this.jobs.run(which, status(now.scenario['ocs-relay']), work, { cancelled });
  }

  /** Fig. 4–5 for the shown edge and application: a bar per network as it is simulated. */
  figure() {
    return this.#stream('figure', 'figure', () => this.figureKey, {
      what: 'network',
      status: (s) => `Simulating Fig. 4–5 for ${s.edge}, ${appName(s.app)}…`,
      draw: (rows) => this.#showFigure(rows),
      finish: (out, seconds) => {
        const name = `${out.edge}, ${appName(out.app)}`;
        this.#showFigure(out.rows, `Fig. 4–5: ${name}`);
        byId('ocs-figure-status').textContent = `${name}: ${plural(out.rows.length, 'network')} simulated in ${seconds.toFixed(1)} s. Bars: time relative to EPS only at 1:5; ticks: the link-load bound.`;
      },
    });
  }

  #showFigure(rows, title = null) {
    this.figureRows = rows;
    this.chart.setData(rows, title);
    const body = byId('ocs-figure-body');
    body.replaceChildren(
      ...rows.map((r) =>
        el(
          'tr',
          { 'data-label': r.label, 'data-network': r.network },
          el('th', { scope: 'row', text: r.label }),
          el('td', { class: 'time', 'data-value': String(r.time_s), text: duration(r.time_s) }),
          el('td', { class: 'relative', 'data-value': String(r.relative), text: times(r.relative) }),
          el('td', { class: 'bound', 'data-value': String(r.bound_s), text: `${duration(r.bound_s)} (${times(boundRelative(r))})` }),
        ),
      ),
    );
    const table = byId('ocs-figure-table');
    table.dataset.rows = String(rows.length);
    show(table, rows.length > 0);
    for (const id of ['ocs-figure-csv', 'ocs-figure-json']) show(byId(id), rows.length > 0);
  }

  /** Table 2: OCS nodes used for the paper's four set-ups and four applications (allocation only). */
  table2() {
    return this.#stream('table2', 'table-2', () => this.table2Key, {
      what: 'cell',
      status: () => 'Allocating the circuits of the 16 set-ups of Table 2…',
      draw: (rows) => this.#table2(rows),
      finish: (out) => {
        this.#table2(out.rows);
        byId('ocs-table2-status').textContent = `OCS nodes used (of 64 or 128), NPB class ${out.class}; hover a cell for its circuits by step and route kinds.`;
      },
    });
  }

  /** The table in the paper's layout, the cells computed so far filled. */
  #table2(rows) {
    this.table2Rows = rows;
    const find = (edge, ocs, app) => rows.find((r) => r.edge === edge && r.ocs_nodes === ocs && r.app === app);
    byId('ocs-table2-body').replaceChildren(
      ...TABLE2_ROWS.map(([edge, ocs, name]) =>
        el(
          'tr',
          { 'data-edge': edge, 'data-ocs': String(ocs) },
          el('th', { scope: 'row', text: name }),
          ...TABLE2_APPS.map(([app]) => {
            const r = find(edge, ocs, app);
            if (!r) return el('td', { 'data-app': app, text: '' });
            const k = r.routes;
            const title = `${edge}, ${ocs} OCS nodes, ${appName(app)}: ${r.ocs_nodes_used} used; circuits by step ${r.circuits_by_step.join(' / ')}; routes direct ${k.direct}, relay ${k.relay}, EPS ${k.eps}, local ${k.local}`;
            return el('td', { 'data-app': app, 'data-value': String(r.ocs_nodes_used), title, text: String(r.ocs_nodes_used) });
          }),
        ),
      ),
    );
    byId('ocs-table2').closest('.card').querySelector('table').dataset.cells = String(rows.length);
    for (const id of ['ocs-table2-csv', 'ocs-table2-json']) show(byId(id), rows.length > 0);
  }

  /** Study `study`'s rows as CSV, or as JSON with what produced them. */
  #export(kind, study, columns, rows) {
    if (!rows.length) return;
    this.exportStudy(kind, study, { body: { rows }, csv: () => csvOf(columns, rows) });
  }
}

export { TABLE2_APPS };
