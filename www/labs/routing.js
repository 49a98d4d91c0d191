// The Routing lab (paper 002): LOREN vs Cowen compact routing on layout-conscious random
// topologies, a packet walked hop by hop with each switch's table; source and destination are
// picked by clicking switches; the t_max sweep (Fig. 5) and the table-size study (Fig. 6) run
// as studies. Cowen is offered in two readings: `cowen`, Cowen 1999 as paper 002 counts it (the
// studies use it), and `cowen-cluster`, the smaller-table cluster reading; "Simulate this"
// hands the shown network and scheme to the Simulate lab. Its form is the core's fields
// (www/fields.js); its panels are in www/labs/routing-panels.js.
import { byId } from '../dom.js';
import { NETWORK_FILE } from '../fields.js';
import { RoutingResults, RoutingAnalysis } from './routing-panels.js';


/** How the fields look and behave beyond their kinds (their words: src/labs/routing/mod.rs). */
/** @type {Record<string, import('../types/page').FieldLook>} */
const looks = {
  topology: { file: NETWORK_FILE },
  // a core error about the router's name is the scheme's
  scheme: { alsoFor: ['routing'] },
  tmax: { slider: true, attrs: { class: 'short' }, enabled: (values) => values.scheme === 'loren' },
  alpha: { attrs: { min: '0', max: '1', step: '0.05' }, enabled: (values) => values.scheme === 'cowen' || values.scheme === 'cowen-cluster' },
  // a core error about a clicked switch is the source's
  source: { pair: true, alsoFor: ['switch'] },
};

export default /** @satisfies {import('../types/page').LabView<'routing'>} */ ({
  name: 'routing',
  label: 'Routing',
  about: 'Routing: LOREN vs Cowen compact routing on layout-conscious random topologies, hop by hop',
  section: 'routing',
  prefix: 'rt-',
  heading: 'Routing lab',
  intro:
    "Compact routing on a layout-conscious random topology (switches on an <var>n</var>×<var>n</var> floor, short links): LOREN keeps at most <var>t</var><sub>max</sub> entries per switch and forwards to the entry whose destination is nearest (Manhattan) to the packet's; Cowen routes through landmarks — “Cowen 1999 (paper 002)” is the reading the paper compares against and the studies use, the cluster reading keeps smaller tables (paper 002).",
  looks,
  /** No per-channel loads: the lab measures all-pairs routes, not a traffic's channel loads. */
  exports: ['svg', 'png', 'json', 'anynet', 'graphml', 'dot'],
  /** What the step player says when a run has no steps. */
  noSteps: 'No steps to play: set a source and a destination (or click two switches) to walk a packet hop by hop.',
  channels: false,
  figureLabel: 'Floor grid of switches: the packet walk so far (earlier hops, the current hop), the current and destination switches marked',
  /** The asked step, or the first hop of the walk. */
  wantStep: (scenario, step) => step ?? 0,
  /** Any change walks again from the first hop. */
  keepView: () => ({ step: null, channel: null }),
  resultsLabel: 'Routing results',
  analysisLabel: 't_max sweep and table-size study',
  documentTitle: (r) => `Topolab — Routing · ${r.topology} · ${r.scheme}${r.scheme === 'loren' ? ` · t_max ${r.tmax}` : ''}`,
  runLabel: (s) =>
    `${s.routing.topology} · ${s.routing.scheme || 'auto'}${s.routing.source !== null && s.routing.destination !== null ? ` · ${s.routing.source} → ${s.routing.destination}` : ''}`,
  /** routing-lrt-fig4-loren(-t7 | -a0.5)(-15-5) */
  fileParts(s) {
    const r = s.routing;
    const parts = ['routing', r.topology, r.scheme || 'auto'];
    if (r.scheme === 'loren' && r.tmax !== null && r.tmax !== undefined) parts.push(`t${r.tmax}`);
    if (r.scheme === 'cowen' || r.scheme === 'cowen-cluster') parts.push(`a${r.alpha}`);
    if (r.source !== null && r.source !== undefined && r.destination !== null && r.destination !== undefined) parts.push(`${r.source}-${r.destination}`);
    return parts;
  },
  create(ctx) {
    const results = new RoutingResults({ walk: (json, src, dst) => ctx.request('study', { json, name: 'walk', args: { src, dst } }), jsonFor: ctx.jsonFor });
    const analysis = new RoutingAnalysis(ctx);
    const form = ctx.form;
    byId('rt-simulate').addEventListener('click', () => {
      const now = ctx.current();
      if (!now) return ctx.notify('Run the Routing lab first.');
      ctx.openLab(now.result.simulate, now.scenario.seed);
    });
    let picked = null; // a source picked by a first click, not yet used
    /** The t_max slider runs from the result's minimum (LOREN) to |N|; the placeholder says |N|/2. */
    const setRange = (result) => {
      const slider = form.slider('tmax');
      const tmax = form.text('tmax').trim();
      if (result.min_required_entries !== null && result.min_required_entries !== undefined) slider.min = String(result.min_required_entries);
      slider.max = String(result.switches);
      if (tmax === '' && result.tmax !== null && result.tmax !== undefined) slider.value = String(result.tmax);
      else if (/^\d+$/.test(tmax)) slider.value = tmax;
      form.inputs.get('tmax').placeholder = result.switches ? `|N|/2 = ${Math.floor(result.switches / 2)}` : '|N|/2';
    };
    return {
      showLoading: () => results.showLoading(),
      showResult(result, steps, step, { scenario }) {
        setRange(result);
        results.showResult(result, steps, step, scenario);
      },
      showStep: (index) => results.showStep(index),
      decorate: (figure) => figure.markSwitches(picked === null ? [] : [picked], 'picked'),
      shownChanged: (scenario, result) => analysis.shownChanged(scenario, result),
      /** The first click picks the source (no run yet), the second the destination (walks). */
      switchClicked(id) {
        form.cancelPending();
        if (picked === null) {
          picked = id;
          form.setValue('source', id);
          form.setValue('destination', null);
          return `Source: switch ${id}. Click the destination switch.`;
        }
        const source = picked;
        picked = null;
        form.setValue('destination', id);
        ctx.runNow();
        return `Walking from switch ${source} to switch ${id}.`;
      },
      formSet() {
        picked = null;
      },
    };
  },
  /** Styles of this lab's panels and of the figure while it is shown. */
  css: `
    #rt-tmax-slider {
      flex: 1;
      min-width: 3em;
    }

    .rt-table caption {
      text-align: left;
      font-weight: 600;
      padding-bottom: 0.25em;
    }

    .rt-table td {
      text-align: right;
      font-variant-numeric: tabular-nums;
    }

    /* With large type on a projector the table's four columns (dst, next, hops, dist — the
       distance is what the decision is about) must still fit the narrow results column. */
    :root.large .rt-table {
      font-size: 0.85em;
    }

    :root.large .rt-table th,
    :root.large .rt-table td {
      padding-left: 0.3em;
      padding-right: 0.3em;
    }

    .rt-table tr.chosen td {
      background: color-mix(in srgb, var(--accent, #2563eb) 22%, transparent);
      font-weight: 700;
    }

    .rt-table tr.tied td {
      background: color-mix(in srgb, #d97706 18%, transparent);
    }

    .rt-paths .rt-path {
      margin: 0.3em 0;
      line-height: 1.4;
    }

    .rt-paths .rt-path.current .rt-path-name {
      font-weight: 700;
    }

    .rt-paths code {
      word-break: break-word;
    }
  `,
  resultsHtml: `
    <section aria-labelledby="rt-metrics-heading">
      <h2 id="rt-metrics-heading">Routing results</h2>
      <dl class="metrics">
        <div class="metric key"><dt title="Mean hops of the routes over all switch pairs">Average path</dt><dd id="rt-metric-avg-path">…</dd></div>
        <div class="metric"><dt title="Mean shortest-path hops over all switch pairs">Average shortest</dt><dd id="rt-metric-avg-shortest">…</dd></div>
        <div class="metric"><dt title="Largest route length / shortest length over all pairs">Max stretch</dt><dd id="rt-metric-stretch">…</dd></div>
        <div class="metric"><dt title="Largest routing table of any switch">Max entries</dt><dd id="rt-metric-max-entries">…</dd></div>
        <div class="metric"><dt title="Entries LOREN needs at least (adjacent and grid-neighbour entries)">Min required</dt><dd id="rt-metric-min-required">…</dd></div>
        <div class="metric"><dt title="LOREN table limit used">t<sub>max</sub></dt><dd id="rt-metric-tmax">…</dd></div>
        <div class="metric"><dt title="Cowen landmarks">Landmarks</dt><dd id="rt-metric-landmarks">…</dd></div>
        <div class="metric"><dt title="Ordered pairs of switches with end nodes whose packets arrive / all such pairs">Delivered</dt><dd id="rt-metric-delivered">…</dd></div>
        <div class="metric"><dt>Scheme</dt><dd id="rt-metric-scheme">…</dd></div>
        <div class="metric"><dt>Switches</dt><dd id="rt-metric-switches">…</dd></div>
        <div class="metric"><dt>Links</dt><dd id="rt-metric-links">…</dd></div>
      </dl>
      <button type="button" id="rt-simulate" class="small" title="Open the Simulate lab on this topology with this scheme (t_max or α) and seed, and run the flit simulation">Simulate this</button>
    </section>
    <section id="rt-table-box" class="detail" aria-labelledby="rt-table-heading">
      <h2 id="rt-table-heading">Routing table at this hop</h2>
      <p class="help" id="rt-table-note"></p>
      <div class="table-wrap">
        <table id="rt-table" class="data rt-table" hidden>
          <caption id="rt-table-caption"></caption>
          <thead><tr><th scope="col" title="Destination of the entry">dst</th><th scope="col" title="Next switch">next</th><th scope="col" title="Hops to the entry's destination">hops</th><th scope="col" title="Manhattan distance from the entry's destination to the packet's">dist</th></tr></thead>
          <tbody id="rt-table-body"></tbody>
        </table>
      </div>
    </section>
    <section aria-labelledby="rt-paths-heading">
      <h2 id="rt-paths-heading">Paths of the schemes</h2>
      <div id="rt-paths" class="rt-paths"></div>
    </section>

  `,
  analysisHtml: `
    <div class="card" id="rt-sweep-card">
      <div class="card-head">
        <h2 id="rt-sweep-heading">Average path against t<sub>max</sub> (Fig. 5)</h2>
        <button type="button" id="rt-sweep" aria-describedby="rt-sweep-status">Sweep t<sub>max</sub> (Fig. 5)</button>
      </div>
      <p class="help" id="rt-sweep-hint">LOREN on this topology for every t<sub>max</sub> from the entries it needs to |N|/2, and Cowen 1999 as paper 002 counts it for every α of 0.05, 0.10, …, 0.95, placed at its largest table (where several α share one, the chart shows the shortest average); the dotted line is the shortest-path average, the dashed one the t<sub>max</sub> in use.</p>
      <p class="help" id="rt-sweep-status"></p>
      <p class="error" id="rt-sweep-error" role="alert" hidden></p>
      <div id="rt-sweep-chart" class="chart" role="img" aria-label="LOREN's average path length against t_max, with the shortest-path average and the current t_max"></div>
      <button type="button" id="rt-sweep-png" class="small" hidden>Chart as PNG</button>
      <div class="table-wrap">
        <table id="rt-sweep-table" class="data" aria-labelledby="rt-sweep-heading" hidden>
          <thead><tr><th scope="col">t<sub>max</sub></th><th scope="col" title="LOREN's mean route length over all switch pairs">Avg path</th><th scope="col" title="Average path / shortest-path average">vs shortest</th></tr></thead>
          <tbody id="rt-sweep-body"></tbody>
        </table>
        <table id="rt-sweep-cowen-table" class="data" aria-label="Cowen 1999 (paper 002 reading): largest table and average path for every α" hidden>
          <thead><tr><th scope="col" title="Cowen's ball exponent: balls of ⌈|N|^α⌉ switches">α</th><th scope="col" title="Cowen's largest table (entries, the switch's own included)">t<sub>max</sub></th><th scope="col" title="Cowen's mean route length over all switch pairs">Avg path</th></tr></thead>
          <tbody id="rt-sweep-cowen-body"></tbody>
        </table>
      </div>
    </div>
    <div class="card" id="rt-study-card">
      <div class="card-head">
        <h2 id="rt-study-heading">Table entries needed: LOREN vs Cowen (Fig. 6)</h2>
        <span class="row">
          <label for="rt-study-count">topologies</label>
          <input id="rt-study-count" type="number" step="1" inputmode="numeric" data-study-arg="routing/table-study/count" aria-describedby="rt-study-error">
          <button type="button" id="rt-study" aria-describedby="rt-study-status">Table-size study (Fig. 6)</button>
        </span>
      </div>
      <p class="help" id="rt-study-hint">The smallest table each scheme needs on random topologies like this one (seeds from this seed on). Cowen is Cowen 1999 as paper 002 counts it — every landmark and every switch whose ball holds this one, itself included — at the best α of 0.05, 0.10, …, 0.95. Paper 002: at 64 nodes LOREN needs 56% fewer entries than Cowen at the minimum and 52% fewer on average, Cowen’s smallest t<sub>max</sub> being 18; at 256 nodes 67% and 62%, Cowen’s smallest 42. Over 1,000 topologies we measure 56% and 52% with Cowen’s smallest at 18 (64 nodes), and 63% and 59% with Cowen’s smallest at 41 (256 nodes; our LOREN needs 15 there).</p>
      <p class="help" id="rt-study-status"></p>
      <p class="error" id="rt-study-error" role="alert" hidden></p>
      <div class="table-wrap">
        <table id="rt-study-table" class="data" aria-labelledby="rt-study-heading" hidden>
          <thead><tr><th scope="col">Scheme</th><th scope="col" title="Mean over the topologies of the smallest table that delivers every pair">Mean entries</th><th scope="col" title="Smallest over the topologies">Min entries</th></tr></thead>
          <tbody id="rt-study-body"></tbody>
        </table>
      </div>
    </div>

  `,
});
