// The Dual-plane lab (paper 004): two hypercube (or folded-hypercube) planes, the second either
// the same (D-HC, D-FHC) or an isomorphic copy from a generator set (DI-HC, DI-FHC). The core
// gives both metrics of §2.3 beside the identical planes, Table 1, a node pair's routes in both
// planes (picked by clicking two switches), the racks and cables of §3; the search for plane 1
// the six variants against n and in the flit simulator (§3.4) run as studies; "Simulate this"
// hands the network to the Simulate lab. Its form is the core's fields (www/fields.js); its panels are in
// www/labs/dualplane-panels.js, the rack floor in www/labs/dualplane-floor.js.
import { el, byId } from '../dom.js';
import { DualPlaneResults, DualPlaneAnalysis } from './dualplane-panels.js';
import { FloorView } from './dualplane-floor.js';

/** Plane 1's set as typed, with an "Identical planes" button that clears it and runs. */
function generatorsControl({ id, runNow, changed, field }) {
  const input = el('input', { id, name: id, type: 'text', spellcheck: 'false', autocomplete: 'off', inputmode: 'numeric', placeholder: field.empty ? `empty: ${field.empty}` : '', 'aria-describedby': `${id}-help ${id}-error` });
  const identical = el('button', { type: 'button', id: `${id}-identical`, class: 'small', title: 'Clear the set: plane 1 is plane 0 (D-HC, D-FHC)', text: 'Identical planes' });
  input.addEventListener('input', () => changed());
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    runNow();
  });
  identical.addEventListener('click', () => {
    input.value = '';
    runNow();
  });
  const label = el('label', { for: id });
  label.innerHTML = field.label;
  return {
    element: el('div', { class: 'dp-generators' }, label, el('div', { class: 'row' }, input, identical)),
    get: () => input.value,
    parse: (text) => String(text).trim(),
    set: (value) => (input.value = value ?? ''),
    setInvalid: (on) => input.toggleAttribute('aria-invalid', on),
  };
}

/** How the fields look and behave beyond their kinds (their words: src/labs/dualplane/mod.rs). */
/** @type {Record<string, import('../types/page').FieldLook>} */
const looks = {
  n: { attrs: { class: 'short' } },
  generators: { control: generatorsControl },
  source: { pair: true, groupHelp: 'Or click two switches in the figure, first the source (either plane).' },
  effort: { pair: true, attrs: { step: '0.5' } },
};

/** "{3,5,7}", or "identical" for two identical planes. */
const setName = (generators) => (generators.trim() === '' ? 'identical' : generators.trim().split(/[\s,]+/).join('-'));

const percent = (value, base, lowerIsBetter) => {
  const gain = lowerIsBetter ? (base - value) / base : (value - base) / base;
  return `${gain >= 0 ? '+' : '−'}${Math.abs(gain * 100).toFixed(0)}%`;
};

export default /** @satisfies {import('../types/page').LabView<'dualplane'>} */ ({
  name: 'dualplane',
  label: 'Dual-plane',
  about: 'Dual-plane: isomorphic and folded dual-plane hypercubes, their routing table, both metrics, racks, cables and the search for plane 1 (paper 004)',
  section: 'dualplane',
  prefix: 'dp-',
  heading: 'Dual-plane lab',
  intro:
    'Every node sits on two planes. Plane 0 is a hypercube (or folded hypercube); plane 1 is either the same (D-HC, D-FHC) or an isomorphic copy whose links follow another generator set (DI-HC, DI-FHC). A packet takes the plane with the shorter route, read from one table row indexed by src ⊕ dst (Table 1), and stays there (paper 004).',
  looks,
  /** The figure's CSV would be per-channel slot loads, which this lab does not compute. */
  /** CSV: every directed channel's all-to-all packets (§2.3). */
  exports: ['svg', 'png', 'json', 'csv', 'anynet', 'graphml', 'dot'],
  noSteps: 'No steps to play: the source and the destination are the same node.',
  channels: true,
  figureLabel: 'Both planes side by side (plane 0 left, plane 1 right), channels coloured by their all-to-all load; the route of the node pair marked',
  /** The asked step, or the table lookup. */
  wantStep: (scenario, step) => step ?? 0,
  /** Any change starts again from the table lookup. */
  keepView: () => ({ step: null, channel: null }),
  resultsLabel: 'Dual-plane results',
  analysisLabel: 'Rack floor, search for plane 1, the six variants against n and in the flit simulator',
  documentTitle: (r) =>
    `Topolab — Dual-plane · ${r.variant} n = ${r.n} · avg distance ${r.avg_distance.toFixed(3)} (${percent(r.avg_distance, r.baseline.avg_distance, true)}) · a2a ${r.a2a_max_traffic.toFixed(2)} (${percent(r.a2a_max_traffic, r.baseline.a2a_max_traffic, false)})`,
  runLabel: (s) => {
    const d = s.dualplane;
    const set = d.generators.trim() === '' ? 'identical planes' : `{${d.generators.trim()}}`;
    return `${d.kind === 'fhc' ? 'folded hypercube' : 'hypercube'} n = ${d.n}, ${set} · ${d.source} → ${d.destination}`;
  },
  /** dualplane-hc-n3-3-5-7-0-6 (identical planes: …-identical-…) */
  fileParts: (s) => {
    const d = s.dualplane;
    return ['dualplane', d.kind, `n${d.n}`, setName(d.generators), `${d.source}-${d.destination}`];
  },
  create(ctx) {
    const form = ctx.form;
    /** Runs with `values` in the fields (a set from the search, a row of Table 1). */
    const runWith = (values) => {
      form.cancelPending();
      for (const [name, value] of Object.entries(values)) form.setValue(name, value);
      form.refresh();
      picked = null;
      ctx.runNow();
    };
    const results = new DualPlaneResults({ clearChannel: () => ctx.selectChannel(null), pickOffset: (destination) => runWith({ destination }) });
    const floor = new FloorView(byId('dp-floor'), { shown: ctx.current, fileStem: ctx.fileStem, notify: ctx.notify });
    const analysis = new DualPlaneAnalysis(ctx, { useSet: (search, set) => runWith({ kind: search.kind, n: search.n, generators: set.join(',') }) });
    byId('dp-simulate').addEventListener('click', () => {
      const now = ctx.current();
      if (!now) return ctx.notify('Run the Dual-plane lab first.');
      ctx.openLab(now.result.simulate, now.scenario.seed);
    });
    let picked = null; // a source switch (figure id) picked by a first click, not yet used
    return {
      showLoading: () => results.showLoading(),
      showResult(result) {
        results.showResult(result);
        floor.show();
      },
      shownChanged: (scenario) => analysis.shownChanged(scenario),
      populate: (catalog) => analysis.populate(catalog),
      showChannel: (detail) => results.showChannel(detail),
      decorate: (figure) => figure.markSwitches(picked === null ? [] : [picked], 'picked'),
      /** The first click picks the source, the second the destination (and runs); plane-1 switch p·2ⁿ + s is node s. */
      switchClicked(id) {
        const shown = ctx.current();
        if (!shown) return null;
        const size = 2 ** shown.result.n;
        const node = id % size;
        const plane = id >= size ? 1 : 0;
        form.cancelPending();
        if (picked === null) {
          picked = id;
          form.setValue('source', node);
          return `Source: node ${node} (switch ${node} of plane ${plane}). Click the destination switch.`;
        }
        picked = null;
        form.setValue('destination', node);
        ctx.runNow();
        return `Routing from node ${form.text('source')} to node ${node}.`;
      },
      formSet() {
        picked = null;
      },
    };
  },
  resultsHtml: `
    <section id="dp-pair-box" class="detail" aria-labelledby="dp-pair-heading">
      <h2 id="dp-pair-heading">Route <span id="dp-pair-title">…</span></h2>
      <ul id="dp-pair-routes" class="dp-routes"></ul>
      <p class="help" id="dp-pair-why"></p>
    </section>
    <section aria-labelledby="dp-metrics-heading">
      <h2 id="dp-metrics-heading"><span id="dp-variant">…</span> against identical planes</h2>
      <p class="help" id="dp-sets"></p>
      <div class="table-wrap key">
        <table id="dp-compare" class="data dp-compare">
          <thead><tr><th scope="col">Metric</th><th scope="col" id="dp-compare-this" title="The network of the controls">This</th><th scope="col" id="dp-compare-base" title="Two identical planes (D-HC or D-FHC)">Identical</th><th scope="col" title="Positive: better than the identical planes (shorter, cheaper, or more traffic)">Gain</th></tr></thead>
          <tbody id="dp-compare-body"></tbody>
        </table>
      </div>
      <p class="help dp-tie-rule" id="dp-tie-rule" hidden></p>
      <details class="dp-notes">
        <summary>Conventions and the paper’s typos</summary>
        <p>Averages run over all 2<sup><var>n</var></sup>·2<sup><var>n</var></sup> node pairs, <strong>self pairs included</strong> (the paper’s printed D-FHC 3.27 at <var>n</var> = 8 needs them). All-to-all maximum traffic (§2.3): every node sends 2 packets to every node, a tie split one per plane; <strong>2·2<sup><var>n</var></sup></strong> over the busiest directed link (D-HC: 4; D-FHC at <var>n</var> = 8: 512/93 = 5.51); per node is a quarter of it, at 4 nodes per switch (§3). Cable: every switch–switch cable of both planes, unweighted, at its Table 2 length, except that a cable between the adjacent switches of one rack counts at its 100 cm run by default (the <em>In-rack cable</em> control; it is priced as Table 2’s 2.0 m cable either way); delay = (cable × 5 ns/m + 90 ns) × distance + 131 ns (§3.2.1). A route tie takes plane 0 here (the paper: either). The search multiplies the two improvement ratios by default (the paper does not say how it combines them; the <em>Rates combined by</em> control; the product reproduces the most of §3.2.2–3.3.2).</p>
        <p>Typos in the paper: §2.1’s “FH(0,3) = {1,2,5,6}” is FH(1,3); §2.4’s “(D-FHC)” is DI-FHC; §3.2.2’s “D-FHC-r” is DI-FHC-r; §3.4.1’s 16,386 nodes are 16,384; the check against simulation is in §3.5.</p>
      </details>
      <button type="button" id="dp-simulate" class="small" title="Open the Simulate lab on this network (4 nodes per switch) with the dual-plane router">Simulate this</button>
    </section>
    <section id="dp-table-box" aria-labelledby="dp-table-heading">
      <h2 id="dp-table-heading">Routing table (Table 1)</h2>
      <p class="help" id="dp-table-note"></p>
      <div class="table-wrap dp-table-wrap" id="dp-table-wrap">
        <table id="dp-table" class="data dp-table">
          <thead><tr><th scope="col" title="The row index: source ID ⊕ destination ID"><span class="dp-long">Src ⊕ Dst</span><span class="dp-short">Index</span></th><th scope="col" title="Distance (hops) in plane 0: the popcount of the index">Dist. @0</th><th scope="col" title="Distance (hops) in plane 1: the popcount of the routing value">Dist. @1</th><th scope="col" title="Routing value @ plane 1, M⁻¹ · index: plane 1's route is plane 0's route of this value, generator by generator"><span class="dp-long">Routing value</span><span class="dp-short">Value</span></th><th scope="col" title="The plane a packet takes: the shorter one; on a tie either (shown: plane 0)">Plane</th></tr></thead>
          <tbody id="dp-table-body"></tbody>
        </table>
      </div>
    </section>
    <section id="dp-channel-box" aria-labelledby="dp-channel-heading">
      <h2 id="dp-channel-heading">Channel</h2>
      <p class="help" id="dp-channel-summary"></p>
      <button type="button" id="dp-channel-clear" class="small" aria-label="Clear selection of the channel" hidden>Clear selection</button>
    </section>
  `,
  analysisHtml: `
    <div class="card" id="dp-floor-card">
      <div class="card-head">
        <h2 id="dp-floor-heading">Racks and cables (§3.1)</h2>
        <span class="row" role="group" aria-label="Planes drawn">
          <button type="button" class="toggle dp-plane" data-plane="0" aria-pressed="false">Plane 0</button>
          <button type="button" class="toggle dp-plane" data-plane="1" aria-pressed="false">Plane 1</button>
          <button type="button" class="toggle dp-plane" data-plane="both" aria-pressed="true">Both</button>
        </span>
      </div>
      <p class="help" id="dp-floor-summary"></p>
      <div id="dp-floor" class="dp-floor"></div>
      <ul id="dp-floor-legend" class="dp-legend" aria-label="Cable lengths (Table 2)"></ul>
      <button type="button" id="dp-floor-svg" class="small">Floor as SVG</button>
    </div>
    <div class="card" id="dp-search-card">
      <div class="card-head">
        <h2 id="dp-search-heading">Search for plane 1 (§2.4, §3.2.2)</h2>
        <span class="row">
          <label for="dp-search-method">method</label>
          <select id="dp-search-method" aria-describedby="dp-search-hint">
            <option value="auto">auto</option>
            <option value="exhaustive">exhaustive (n ≤ 6)</option>
            <option value="annealing">annealing</option>
          </select>
          <button type="button" id="dp-search" aria-describedby="dp-search-status">Search</button>
        </span>
      </div>
      <p class="help" id="dp-search-hint">The generator set that improves most on the identical planes, for the controls’ planes, <var>n</var>, objective, effort and seed: exhaustive over one set per symmetry class up to <var>n</var> = 6, seeded annealing beyond (the paper searched exhaustively to <var>n</var> = 8). Sets that tie on both metrics are kept with their cables: equal metrics, different cable lengths and delays. Cancel keeps the best so far.</p>
      <p class="help" id="dp-search-status"></p>
      <p class="error" id="dp-search-error" role="alert" hidden></p>
      <div id="dp-search-best" class="dp-best" hidden></div>
      <div id="dp-search-chart" class="chart" role="img" aria-label="The best set's gains over the identical planes as the search went on"></div>
      <p id="dp-ties-caption" class="dp-ties-caption" hidden></p>
      <div class="table-wrap dp-ties-wrap">
        <table id="dp-ties" class="data dp-ties" aria-describedby="dp-ties-caption" hidden>
          <thead><tr><th scope="col">Plane 1 set</th><th scope="col" title="Average shortest distance (hops)">Avg dist.</th><th scope="col" title="All-to-all maximum traffic (§2 scale)">A2A</th><th scope="col" title="Average switch–switch cable (m)">Avg cable (m)</th><th scope="col" title="Average shortest delay (ns)">Avg delay (ns)</th><th scope="col"><span class="visually-hidden">Use</span></th></tr></thead>
          <tbody id="dp-ties-body"></tbody>
        </table>
      </div>
    </div>
    <div class="card" id="dp-sweep-card">
      <div class="card-head">
        <h2 id="dp-sweep-heading">The six variants against <var>n</var> (Fig. 3, 5–8)</h2>
        <span class="row">
          <label for="dp-sweep-from"><var>n</var> from</label>
          <input id="dp-sweep-from" type="number" step="1" inputmode="numeric" data-study-arg="dualplane/sweep-n/from" aria-describedby="dp-sweep-error">
          <label for="dp-sweep-to">to</label>
          <input id="dp-sweep-to" type="number" step="1" inputmode="numeric" data-study-arg="dualplane/sweep-n/to" aria-describedby="dp-sweep-error">
          <button type="button" id="dp-sweep" aria-describedby="dp-sweep-status">Sweep n</button>
        </span>
      </div>
      <p class="help" id="dp-sweep-hint">D-HC, DI-HC, DI-HC-r, D-FHC, DI-FHC and DI-FHC-r at every <var>n</var>, the DI sets searched at the controls’ effort and seed (about a minute for 2…12). Cancel keeps the points computed.</p>
      <p class="help" id="dp-sweep-status"></p>
      <p class="error" id="dp-sweep-error" role="alert" hidden></p>
      <ul id="dp-sweep-legend" class="dp-legend dp-variants" aria-label="Variants" hidden></ul>
      <div id="dp-sweep-charts" class="dp-charts"></div>
      <div class="row dp-exports">
        <button type="button" id="dp-sweep-csv" class="small" hidden>Points as CSV</button>
        <button type="button" id="dp-sweep-json" class="small" hidden>Points as JSON</button>
      </div>
    </div>
    <div class="card" id="dp-flit-card">
      <div class="card-head">
        <h2 id="dp-flit-heading">Cycle-level check (§3.4)</h2>
        <span class="row">
          <button type="button" id="dp-flit" aria-describedby="dp-flit-limit dp-flit-status">Simulate the six variants</button>
        </span>
      </div>
      <p class="help" id="dp-flit-hint">The six variants at the controls’ <var>n</var> (the DI sets searched at their effort and seed) in the flit simulator: uniform traffic from 4 nodes per switch on both planes, the plane chosen per packet, 2.56 ns cycles (a 32-byte flit at 100 Gbps), 8-flit packets, 35-stage switches (90 ns) and cables at 5 ns/m as per-channel latencies. Unlike the paper, the crossbar runs at the link rate (the paper’s at 2×, which is why the throughput is about half the bound) and nodes inject Bernoulli, not at fixed intervals. The paper’s <var>n</var> = 12 (8,192 routers) is beyond the simulator’s 576 routers: here <var>n</var> = 2…8.</p>
      <p class="help dp-flit-limit" id="dp-flit-limit" hidden></p>
      <p class="help" id="dp-flit-status"></p>
      <p class="error" id="dp-flit-error" role="alert" hidden></p>
      <div class="table-wrap dp-flit-wrap">
        <table id="dp-flit-table" class="data dp-flit" aria-labelledby="dp-flit-heading" hidden>
          <thead><tr><th scope="col">Variant</th><th scope="col" title="Plane 1’s generators (folded planes: the n basis elements, the folded link being their XOR); D-HC and D-FHC: plane 0’s">Plane 1 set</th><th scope="col" title="All-to-all maximum traffic per node at 4 nodes per switch (§3 scale): a quarter of the §2.3 figure">A2A per node</th><th scope="col" title="The simulator’s channel-load bound (flits per node per cycle): A2A per node · (e − 1)/e for e nodes, since a node sends nothing to itself">Bound</th><th scope="col" title="Simulated throughput: the largest accepted load (flits per node per cycle; a node has two ports) over offered loads 0.4…1.6">Through­put</th><th scope="col" title="Simulated throughput / the channel-load bound">÷ bound</th><th scope="col" title="Average shortest delay of the model (§3.2.1): (avg cable × 5 ns/m + 90 ns) × avg distance + 131 ns">Model delay (ns)</th><th scope="col" title="Simulated mean packet latency at a low load (0.05 flits per node per cycle)">Latency (ns)</th><th scope="col" title="Simulated latency / the model’s delay">÷ model</th></tr></thead>
          <tbody id="dp-flit-body"></tbody>
        </table>
      </div>
      <ul id="dp-flit-ratios" class="dp-flit-ratios" aria-label="Each DI variant against its identical planes, simulated throughput beside all-to-all traffic" hidden></ul>
      <div class="row dp-exports">
        <button type="button" id="dp-flit-csv" class="small" hidden>Variants as CSV</button>
        <button type="button" id="dp-flit-json" class="small" hidden>Variants as JSON</button>
      </div>
    </div>
  `,
});
