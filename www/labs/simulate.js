// The Simulate lab (papers 002 §VI-C and 004 §3.4): the core's cycle-level flit simulator —
// input-queued virtual-channel routers, credits, wormhole — on any topology, router and traffic
// pattern. A run is one offered load (latency, accepted throughput, channel utilisation); small
// networks step through their first measured cycles one cycle at a time, and a clicked router
// shows its buffers. The latency–load sweep runs a load at a time on several workers. Its form
// is the core's fields (www/fields.js); its panels are in www/labs/simulate-panels.js.
import { el, byId } from '../dom.js';
import { MATRIX_FILE, NETWORK_FILE } from '../fields.js';
import { SimResults, SimSweep } from './simulate-panels.js';

/** Routers whose table size is a parameter: LOREN's t_max, Cowen's t_max or α. */
const TABLE_ROUTERS = ['loren', 'cowen', 'cowen-cluster'];
const COWEN = ['cowen', 'cowen-cluster'];

/** A routing written without its own parameter (`loren`, not `loren:16`), whose name is in `names`. */
const bare = (names) => (values) => typeof values.routing === 'string' && !values.routing.includes(':') && names.includes(values.routing);

/** How the fields look and behave beyond their kinds (their words: src/labs/sim/mod.rs). */
/** @type {Record<string, import('../types/page').FieldLook>} */
const looks = {
  topology: { file: NETWORK_FILE },
  'topology-index': { pair: true },
  tmax: { pair: true, visible: bare(TABLE_ROUTERS) },
  alpha: { attrs: { min: '0', max: '1', step: '0.05' }, visible: bare(COWEN) },
  traffic: { file: MATRIX_FILE },
  rate: { attrs: { step: '0.05' } },
  vcs: { pair: true },
  packet: { pair: true },
  'link-latency': { pair: true },
  'latency-per-m': { attrs: { step: '0.05', class: 'short' } },
  warmup: { pair: true },
  'sweep-step': { pair: true, attrs: { step: '0.01' } },
};

/** The "Paper 002 Fig. 7–10 (Table II)" select: a curve's settings into the fields (seed 1, the paper's topologies). */
function presetPicker(ctx) {
  const select = el('select', { id: 'sim-preset', 'aria-describedby': 'sim-preset-help' }, el('option', { value: '', text: 'Choose a curve…' }));
  const help = el('p', { class: 'help', id: 'sim-preset-help', text: 'Table II’s router and 100,000 measured cycles: a run of a 256-switch curve takes many seconds per load. Deadlock freedom here is our LASH-TOR layering, not the paper’s ACRO: LOREN’s routes need 4 layers at 256 nodes (one VC each of 4), Cowen’s 3, which costs LOREN most of the 256-node comparison: with 16 VCs it is −11% instead of −33% (README, “Paper 002”).' });
  let presets = [];
  select.addEventListener('change', () => {
    const preset = presets[Number(select.value)];
    if (select.value === '' || !preset) return;
    ctx.openLab({ lab: 'sim', section: preset[1] }, 1);
    select.value = String(presets.indexOf(preset)); // opening the lab resets the picker (formSet): it names the curve shown
  });
  byId('sim-form').before(el('div', { class: 'field sim-preset' }, el('label', { for: 'sim-preset', text: 'Paper 002 Fig. 7–10 (Table II)' }), select, help));
  return {
    populate(catalog) {
      presets = catalog.sim_presets ?? [];
      select.replaceChildren(select.options[0], ...presets.map(([label], i) => el('option', { value: String(i), text: label })));
    },
    reset: () => (select.value = ''),
  };
}

export default /** @satisfies {import('../types/page').LabView<'sim'>} */ ({
  name: 'sim',
  label: 'Simulate',
  about: 'Simulate: cycle-level virtual-channel flit simulation, latency and throughput against offered load (papers 002 and 004)',
  section: 'sim',
  prefix: 'sim-',
  heading: 'Simulate lab',
  intro:
    'A cycle-level simulation of input-queued routers with virtual channels, credits and wormhole switching (papers 002 §VI-C and 004 §3.4): packets are injected at the offered load, routed hop by hop, and timed from creation to arrival. Step through the first measured cycles, click a router for its buffers, and sweep the load to saturation.',
  looks,
  /** What the step player says when a run has no steps. */
  noSteps: 'No cycles to step through: only small networks (see the topology help) record their first measured cycles. The figure shows each channel’s utilisation over the whole run.',
  channels: true,
  /** Every export, with the SST/Merlin model of the run (the Simulate lab alone has a traffic and a rate). */
  exports: ['svg', 'png', 'json', 'csv', 'booksim', 'anynet', 'graphml', 'dot', 'sst'],
  figureLabel: 'Topology: at a cycle, channels coloured by the flits buffered at their far end, the ones carrying a flit drawn thick; without cycles, by utilisation',
  /** The asked cycle, or the first recorded one. */
  wantStep: (scenario, step) => step ?? 0,
  /** Another setting keeps the cycle shown (to compare loads at the same cycle); the same network keeps the channel. */
  keepView: (scenario, shown) => ({
    step: shown.scenario?.lab === 'sim' ? shown.step : null,
    channel: shown.scenario?.lab === 'sim' && shown.scenario.sim.topology.trim() === scenario.sim.topology.trim() ? shown.channel : null,
  }),
  resultsLabel: 'Simulation results',
  analysisLabel: 'Latency against offered load',
  documentTitle: (r, s) =>
    `Topolab — Simulate · ${s.sim.topology} · ${r.routing ?? (s.sim.routing || 'auto')} · ${s.sim.traffic} · offered ${r.offered_flits_per_node_cycle.toFixed(2)} · accepted ${r.accepted_flits_per_node_cycle.toFixed(3)}`,
  // (an empty routing is the topology's default, `auto`: issue 62)
  runLabel: (s) => `${s.sim.topology} · ${s.sim.routing || 'auto'} · ${s.sim.traffic} at ${s.sim.rate}`,
  /** sim-mesh-8x8-dor(-t18)-uniform-0.3 */
  fileParts(s) {
    const c = s.sim;
    const parts = ['sim', c.topology];
    if (c.topology_index) parts.push(`i${c.topology_index}`);
    parts.push(c.routing || 'auto');
    if (c.tmax !== null && c.tmax !== undefined) parts.push(`t${c.tmax}`);
    else if (c.alpha !== null && c.alpha !== undefined) parts.push(`a${c.alpha}`);
    parts.push(c.traffic, String(c.rate));
    return parts;
  },
  create(ctx) {
    const picker = presetPicker(ctx);
    const results = new SimResults({ detail: ctx.detail, clearChannel: () => ctx.selectChannel(null) });
    const sweep = new SimSweep(ctx);
    let clicked = null; // the router whose buffers are shown
    return {
      populate: (catalog) => picker.populate(catalog),
      showLoading: () => results.showLoading(),
      showResult: (result) => results.showResult(result),
      showStep: () => results.showStep(),
      shownChanged: (scenario, result) => sweep.shownChanged(scenario, result),
      showChannel: (detail) => results.showChannel(detail),
      decorate: (figure) => figure.markSwitches(clicked === null ? [] : [clicked], 'picked'),
      /** A router clicked: its virtual channels at the shown cycle. */
      switchClicked(id) {
        clicked = id;
        results.selectRouter(id);
        return null;
      },
      formSet: () => picker.reset(),
    };
  },
  /** Styles of this lab's panels and of the figure while it is shown. */
  css: `
    .controls h3.field-group {
      margin: 0.35rem 0 -0.35rem;
      padding-top: 0.4rem;
      border-top: 1px solid var(--border);
      font-size: 0.8rem;
      text-transform: uppercase;
      letter-spacing: 0.04em;
      color: var(--muted);
    }

    .sim-preset {
      margin-top: 0.7rem;
    }

    /* a number input's own width follows its max attribute: without one it outgrew the panel */
    #sim-controls .field input[type='number'] {
      width: 100%;
      min-width: 0;
    }

    .sim-preset select {
      width: 100%;
    }

    .sim-vcs caption {
      text-align: left;
      font-weight: 600;
      padding-bottom: 0.25em;
    }

    .sim-vcs {
      font-size: 0.8rem;
    }

    .sim-vcs th,
    .sim-vcs td {
      padding: 0.15rem 0.25rem;
    }

    .sim-vcs thead th {
      text-align: center;
    }

    .sim-vcs th[scope='row'] {
      font-weight: 500;
      text-align: left;
    }

    .sim-vcs td {
      text-align: center;
      background: color-mix(in srgb, var(--accent, #2563eb) var(--fill, 0%), transparent);
    }

    #sim-sweep-table tr.past td,
    #sim-sweep-table tr.past th,
    #sim-sweep-table tr.past .range {
      color: var(--failed);
    }

    #sim-sweep-table td,
    #sim-sweep-table th {
      text-align: right;
      white-space: nowrap;
    }

    /* large type on a projector: the table still fits the column under the figure */
    :root.large #sim-sweep-table {
      font-size: 0.74rem;
    }

    :root.large #sim-sweep-table th,
    :root.large #sim-sweep-table td {
      padding-left: 0.3em;
      padding-right: 0.3em;
    }

    #sim-sweep-table .range {
      display: block;
      font-size: 0.78em;
      color: var(--muted);
    }

    .sim-exports {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4rem;
    }
  `,
  resultsHtml: `
    <section aria-labelledby="sim-metrics-heading">
      <h2 id="sim-metrics-heading">Simulation results</h2>
      <dl class="metrics">
        <div class="metric key"><dt title="Flits delivered per end node per cycle in the measurement window">Accepted (flits/node/cycle)</dt><dd id="sim-metric-accepted">…</dd></div>
        <div class="metric"><dt title="The offered load: flits injected per end node per cycle">Offered</dt><dd id="sim-metric-offered">…</dd></div>
        <div class="metric"><dt title="Mean latency of the measured packets, creation to arrival of the tail, source queueing included">Avg latency (cycles)</dt><dd id="sim-metric-latency">…</dd></div>
        <div class="metric"><dt title="99th percentile of the measured packets' latency">p99 latency</dt><dd id="sim-metric-p99">…</dd></div>
        <div class="metric"><dt title="Mean channel hops of the measured packets that arrived">Avg hops</dt><dd id="sim-metric-hops">…</dd></div>
        <div class="metric wide"><dt title="Measured packets that arrived / measured packets created">Delivered</dt><dd id="sim-metric-packets">…</dd></div>
        <div class="metric"><dt title="Layers the routes are split into for deadlock freedom">VC layers</dt><dd id="sim-metric-vc-layers">…</dd></div>
        <div class="metric"><dt title="VC groups the routes need (layers × router classes)">VC groups</dt><dd id="sim-metric-vc-groups">…</dd></div>
        <div class="metric"><dt>Deadlock</dt><dd id="sim-metric-deadlock">…</dd></div>
        <div class="metric"><dt title="yes: measured packets left after the drain; past: under 90% of the offered load accepted">Saturated</dt><dd id="sim-metric-saturated">…</dd></div>
        <div class="metric"><dt title="Cycles simulated: warm-up, window and as much drain as needed">Cycles</dt><dd id="sim-metric-cycles">…</dd></div>
        <div class="metric"><dt title="Time the simulation took in this tab">Wall time</dt><dd id="sim-metric-wall">…</dd></div>
        <div class="metric wide"><dt title="1 / the largest load any channel carries per unit of offered load, for uniform traffic and fixed patterns: no router or VC setting accepts more">Channel-load bound (flits/node/cycle)</dt><dd id="sim-metric-bound">…</dd></div>
      </dl>
      <p class="help" id="sim-verdict"></p>
    </section>
    <section id="sim-router-box" class="detail" aria-labelledby="sim-router-heading">
      <h2 id="sim-router-heading">Router buffers</h2>
      <p class="help" id="sim-router-note"></p>
      <div class="table-wrap">
        <table id="sim-router-table" class="data sim-vcs" hidden>
          <caption id="sim-router-caption"></caption>
          <thead><tr id="sim-router-head"></tr></thead>
          <tbody id="sim-router-body"></tbody>
        </table>
      </div>
      <button type="button" id="sim-router-clear" class="small" aria-label="Stop showing the router's buffers" hidden>Clear</button>
    </section>
    <section id="sim-channel-box" aria-labelledby="sim-channel-heading">
      <h2 id="sim-channel-heading">Channel</h2>
      <p class="help" id="sim-channel-summary"></p>
      <button type="button" id="sim-channel-clear" class="small" aria-label="Clear selection of the channel" hidden>Clear selection</button>
    </section>
  `,
  analysisHtml: `
    <div class="card" id="sim-sweep-card">
      <div class="card-head">
        <h2 id="sim-sweep-heading">Latency against offered load</h2>
        <button type="button" id="sim-sweep" aria-describedby="sim-sweep-status">Latency vs load</button>
      </div>
      <p class="help" id="sim-sweep-hint">The run at loads of one step, two steps, … until the network saturates (measured packets left after the drain, a deadlock, or under 90% of the load accepted), a load per worker at a time; the curve ends at the first load past saturation, as a serial sweep does. Several seeds per load draw min–max whiskers; a latency above four times the lowest runs off the top of the chart (the table has it). Paper 002 Fig. 7–10 plot these curves for LOREN and Cowen (pick one above the controls). Cancel keeps the loads computed.</p>
      <p class="help" id="sim-sweep-status"></p>
      <p class="error" id="sim-sweep-error" role="alert" hidden></p>
      <div id="sim-sweep-chart" class="chart" role="img" aria-label="Average latency and accepted throughput against offered load, the saturation throughput marked"></div>
      <div class="sim-exports">
        <button type="button" id="sim-sweep-png" class="small" hidden>Chart as PNG</button>
        <button type="button" id="sim-sweep-csv" class="small" hidden>Points as CSV</button>
        <button type="button" id="sim-sweep-json" class="small" hidden>Points as JSON</button>
      </div>
      <div class="table-wrap">
        <table id="sim-sweep-table" class="data" aria-labelledby="sim-sweep-heading" hidden>
          <thead><tr><th scope="col" title="Offered load (flits/node/cycle)">Offered</th><th scope="col" title="Accepted throughput (flits/node/cycle); the seeds' min–max in brackets">Accepted</th><th scope="col" title="Mean latency (cycles); the seeds' min–max in brackets">Avg latency</th><th scope="col" title="99th percentile latency (cycles)">p99</th><th scope="col" title="Mean channel hops">Hops</th><th scope="col" title="Measured packets delivered, of those created">Delivered</th></tr></thead>
          <tbody id="sim-sweep-body"></tbody>
        </table>
      </div>
    </div>
  `,
});
