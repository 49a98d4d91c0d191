// The Routing lab's panels (paper 002): the results, and for the packet walk the current
// switch's routing table and each scheme's path; under the figure the t_max sweep (Fig. 5, LOREN
// beside Cowen) and the table-size study (Fig. 6), which run as studies in the studies' worker and
// stream their points as they are computed. "Cowen" is Cowen 1999 as paper 002 counts it
// (`cowen`); the cluster reading (`cowen-cluster`) is offered as a scheme of its own.
import { byId, setText, el, show, integer, percent, perFrame, wholeIn } from '../dom.js';
import { SweepChart } from './routing-charts.js';
import { StudyPanels } from '../jobs.js';
import { readable } from '../run-label.js';

const SCHEMES = ['loren', 'cowen', 'cowen-cluster', 'shortest'];
const SCHEME_NAMES = { loren: 'LOREN', cowen: 'Cowen', 'cowen-cluster': 'Cowen (cluster)', shortest: 'Shortest' };
/** The scheme as the results name it: which reading of Cowen's scheme, with its α. */
const SCHEME_TITLES = { cowen: 'Cowen 1999 (paper 002 reading)', 'cowen-cluster': 'Cowen, cluster reading' };

/** A router's name as the scheme field's option reads it (the registry's title), else its id. */
function optionName(scheme) {
  const option = [...document.querySelectorAll('#rt-scheme option')].find((o) => o instanceof HTMLOptionElement && o.value === scheme);
  return option?.textContent.trim() || scheme;
}

// ---------------------------------------------------------------- results

function fixed(value, digits = 2) {
  return Number.isFinite(value) ? value.toFixed(digits) : '—';
}

export class RoutingResults {
  /**
   * `walk(json, src, dst)` asks the main worker for a packet walk (quick, so it never waits
   * behind a study); `jsonFor(scenario)` is a Scenario's JSON (no view).
   */
  constructor({ walk, jsonFor }) {
    this.walk = walk;
    this.jsonFor = jsonFor;
    this.walks = null; // {loren, cowen, shortest} for the shown source and destination
    this.step = null;
    this.seq = 0;
  }

  showLoading() {
    for (const node of byId('rt-results').querySelectorAll('dd')) node.textContent = '…';
  }

  /** A run's result; `index` is the step shown; `scenario` the shown Scenario. @param {import('../types/core').RoutingResult} r */
  showResult(r, steps, index, scenario) {
    const title = SCHEME_TITLES[r.scheme];
    setText('rt-metric-scheme', title ? `${title}, α ${r.alpha}` : (SCHEME_NAMES[r.scheme] ?? r.scheme));
    setText('rt-metric-switches', integer(r.switches));
    setText('rt-metric-links', integer(r.links));
    setText('rt-metric-avg-path', fixed(r.avg_path_length));
    setText('rt-metric-avg-shortest', fixed(r.avg_shortest_path_length));
    setText('rt-metric-stretch', fixed(r.max_stretch));
    setText('rt-metric-max-entries', integer(r.max_entries));
    setText('rt-metric-min-required', r.min_required_entries === null || r.min_required_entries === undefined ? '—' : integer(r.min_required_entries));
    setText('rt-metric-tmax', r.tmax === null || r.tmax === undefined ? '—' : integer(r.tmax));
    setText('rt-metric-landmarks', r.landmarks === null || r.landmarks === undefined ? '—' : integer(r.landmarks));
    setText('rt-metric-delivered', `${integer(r.delivered_pairs)} / ${integer(r.total_pairs)}`);
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
    // paper 002's four, and the router walked when it is another one (DOR, up/down, …)
    const schemes = SCHEMES.includes(r.scheme) ? SCHEMES : [...SCHEMES, r.scheme];
    try {
      const walks = {};
      for (const scheme of schemes) {
        const json = this.jsonFor({ ...scenario, routing: { ...r, scheme } });
        walks[scheme] = await this.walk(json, r.source, r.destination);
      }
      if (seq !== this.seq) return;
      this.walks = walks;
      box.replaceChildren(
        ...schemes.map((scheme) => {
          const path = walks[scheme].path;
          return el(
            'p',
            { class: `rt-path${scheme === r.scheme ? ' current' : ''}`, 'data-scheme': scheme },
            el('span', { class: 'rt-path-name', text: `${SCHEME_NAMES[scheme] ?? optionName(scheme)}: ` }),
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
        ? 'Routing tables are shown for LOREN walks; Cowen’s (both readings) and shortest-path routes are listed below.'
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

/** Topology specs that name one fixed network rather than a random family. */
const FIXED_NETWORKS = /^lrt:fig4$/i;

/** What the sweep and the study depend on: the topology and the seed (not t_max or the scheme). */
function analysisKey(scenario) {
  return scenario?.lab === 'routing' ? JSON.stringify([scenario.seed, scenario.routing.topology.trim()]) : null;
}

function describeRouting(scenario) {
  return `${readable(scenario.routing.topology.trim())} · seed ${scenario.seed}`;
}

export class RoutingAnalysis extends StudyPanels {
  /** `context`: what StudyPanels takes (the study runner, the shown run, notices, file names). */
  constructor(context) {
    super('rt-', { sweep: ['t_max sweep', 'Sweeping…'], study: ['table-size study', 'Studying…'] }, context);
    this.chart = new SweepChart(byId('rt-sweep-chart'));
    byId('rt-sweep').addEventListener('click', () => this.sweep());
    byId('rt-study').addEventListener('click', () => this.runStudy());
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
    byId('rt-sweep-cowen-body').replaceChildren();
    show(byId('rt-sweep-cowen-table'), false);
    show(byId('rt-sweep-png'), false);
    byId('rt-study-body').replaceChildren();
    show(byId('rt-study-table'), false);
    this.jobs.error('sweep', null);
    this.jobs.error('study', null);
    const text = scenario?.lab === 'routing' ? `For ${describeRouting(scenario)}.` : '';
    byId('rt-sweep-status').textContent = text;
    byId('rt-study-status').textContent = text;
    // The study draws random topologies like the shown one: a fixed network has no others.
    const fixed = scenario?.lab === 'routing' && FIXED_NETWORKS.test(scenario.routing.topology.trim());
    byId('rt-study').disabled = fixed;
    byId('rt-study-count').disabled = fixed;
    if (fixed) byId('rt-study-status').textContent = `${scenario.routing.topology.trim()} is one fixed network, so every "topology like it" is the same one: the study needs a random family such as lrt:64:4:2.`;
  }

  /** Fig. 5: a point per t_max, the chart and the table growing as they come. */
  async sweep() {
    const now = this.current();
    if (!now) return this.notify('Run the Routing lab first.');
    if (this.jobs.running) return this.notify('Wait for the running computation, or cancel it.');
    const key = this.key;
    const points = [];
    await this.jobs.run(
      'sweep',
      `Sweeping t_max (${describeRouting(now.scenario)})…`,
      async (onProgress) => {
        const all = await this.study('sweep-tmax', now, {}, (fraction, point) => {
          onProgress(fraction);
          if (!point || key !== this.key) return;
          points.push(point);
          this.#showSweep(points, now, false);
        });
        return key === this.key ? () => this.#showSweep(all, now, true) : null;
      },
      { cancelled: () => (points.length && key === this.key ? `Cancelled after ${points.length} values of t_max: they are kept.` : null) },
    );
  }

  /** Fig. 6: the summary over the topologies studied so far, updated as each one is measured. */
  async runStudy() {
    const now = this.current();
    if (!now) return this.notify('Run the Routing lab first.');
    if (this.jobs.running) return this.notify('Wait for the running computation, or cancel it.');
    const input = byId('rt-study-count');
    const { value: count, explain } = wholeIn(input);
    if (count === null) {
      this.jobs.error('study', `topologies '${input.value}': ${explain}`);
      input.setAttribute('aria-invalid', '');
      return;
    }
    input.removeAttribute('aria-invalid');
    const key = this.key;
    let soFar = null;
    // a summary arrives per topology (hundreds a second at 64 switches): redraw once a frame
    const showSoFar = perFrame((summary) => this.#showStudy(summary, now.scenario, count));
    await this.jobs.run(
      'study',
      `Studying ${count} topologies like ${describeRouting(now.scenario)}…`,
      async (onProgress) => {
        try {
          const out = await this.study('table-study', now, { count }, (fraction, summary) => {
            onProgress(fraction);
            if (!summary || key !== this.key) return;
            soFar = summary;
            showSoFar(summary);
          });
          return key === this.key ? () => this.#showStudy(out, now.scenario, null) : null;
        } finally {
          showSoFar.cancel();
        }
      },
      {
        cancelled: () => {
          if (!soFar || key !== this.key) return null;
          this.#showStudy(soFar, now.scenario, count);
          return `Cancelled after ${soFar.topologies} of ${count} topologies: the table shows them.`;
        },
      },
    );
  }

  /** The points so far, or (`done`) all of them with the summary line: LOREN's per t_max, Cowen's per α. */
  #showSweep(all, { scenario, result }, done) {
    const shortest = result?.avg_shortest_path_length ?? null;
    this.chart.setData(all, shortest, result?.tmax ?? null, scenario.routing.topology.trim());
    show(byId('rt-sweep-png'), all.length > 0);
    const points = all.filter((pt) => pt.scheme !== 'cowen');
    const cowen = all.filter((pt) => pt.scheme === 'cowen');
    byId('rt-sweep-cowen-body').replaceChildren(
      ...cowen.map((pt) =>
        el(
          'tr',
          { 'data-alpha': String(pt.alpha) },
          el('th', { scope: 'row', text: String(pt.alpha) }),
          el('td', { class: 'tmax', text: String(pt.tmax) }),
          el('td', { class: 'avg', text: fixed(pt.avg_path_length) }),
        ),
      ),
    );
    show(byId('rt-sweep-cowen-table'), cowen.length > 0);
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
    if (!done) {
      byId('rt-sweep-status').textContent = cowen.length
        ? `Sweeping: LOREN done, Cowen's α ${cowen[0].alpha} → ${cowen[cowen.length - 1].alpha} so far…`
        : `Sweeping t_max: ${first.tmax} → ${last.tmax} so far…`;
      return;
    }
    const smallest = cowen.reduce((best, pt) => (best === null || pt.tmax < best.tmax || (pt.tmax === best.tmax && pt.avg_path_length < best.avg_path_length) ? pt : best), null);
    const atSmallest = smallest && points.find((pt) => pt.tmax === smallest.tmax);
    const cowenLine = smallest
      ? ` Cowen (paper 002 reading) needs at least ${smallest.tmax} entries (α ${smallest.alpha}), with an average path of ${fixed(smallest.avg_path_length)}${atSmallest ? `; LOREN at that t_max: ${fixed(atSmallest.avg_path_length)}` : ''}.`
      : '';
    byId('rt-sweep-status').textContent = points.length
      ? `For ${describeRouting(scenario)}: LOREN t_max ${first.tmax} → ${last.tmax}, average path ${fixed(first.avg_path_length)} → ${fixed(last.avg_path_length)} hops (shortest paths: ${fixed(shortest)}).${cowenLine}`
      : `For ${describeRouting(scenario)}: no t_max to sweep.`;
  }

  /** The summary over `out.topologies` topologies; `of` the number asked while it runs, null once done. */
  #showStudy(out, scenario, of) {
    const row = (name, cls, mean, min) =>
      el('tr', { class: cls }, el('th', { scope: 'row', text: name }), el('td', { class: 'mean', text: mean }), el('td', { class: 'min', text: min }));
    byId('rt-study-body').replaceChildren(
      row('LOREN', 'loren', fixed(out.loren.mean, 1), integer(out.loren.min)),
      row('Cowen 1999 (paper 002)', 'cowen', fixed(out.cowen.mean, 1), integer(out.cowen.min)),
      row('LOREN’s reduction', 'reduction', percent(out.reduction_mean), percent(out.reduction_min)),
    );
    show(byId('rt-study-table'), true);
    byId('rt-study-status').textContent =
      of === null ? `${integer(out.topologies)} topologies like ${out.topology} (seeds ${scenario.seed} on).` : `Studying: ${integer(out.topologies)} of ${integer(of)} topologies like ${out.topology} so far (seeds ${scenario.seed} on)…`;
  }
}
