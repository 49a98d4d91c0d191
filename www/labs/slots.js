// The Slots lab (paper 000 §3): how many TDM slots N a circuit-switched network needs for a
// traffic pattern, and how the slot policies use them. Its form is the core's fields (the page
// builds, reads and validates them, www/fields.js); its results panel lists N, the
// busiest channels and the communications of a clicked channel (www/labs/slots-metrics.js).
import { Metrics } from './slots-metrics.js';
import { MATRIX_FILE, NETWORK_FILE } from '../fields.js';

/** How the fields look beyond their kinds (their words are the core's: src/labs/slots.rs). */
/** @type {Record<string, import('../types/page').FieldLook>} */
const looks = {
  topology: { file: NETWORK_FILE },
  pattern: { file: MATRIX_FILE },
  all2all: { visible: (values) => values.pattern === 'all-to-all' },
};

export default /** @satisfies {import('../types/page').LabView<'slots'>} */ ({
  name: 'slots',
  label: 'Slots',
  about: 'Slots: how many TDM slots N a traffic pattern needs, and how slot policies use them',
  section: 'slots',
  prefix: '',
  ids: { controls: 'controls', form: 'controls-form', heading: 'controls-heading', run: 'run', results: 'slots-results' },
  heading: 'Slots lab',
  intro: 'How many time slots <var>N</var> must a circuit-switched network have so that every communication gets a slot on each channel it crosses?',
  looks,
  /** What the step player says when a run has no steps. */
  noSteps: 'No steps to play: choose a slot policy to step through its decisions one communication at a time.',
  channels: true,
  figureLabel: 'Topology: channels coloured by slots used out of N',
  /** The step to show: none without a policy, else the asked one or the first. */
  wantStep: (scenario, step) => (scenario.slots.policy ? step ?? 0 : null),
  /** Another setting on the same topology keeps the selected channel. */
  keepView: (scenario, shown) => ({
    step: null,
    channel: shown.scenario?.lab === 'slots' && shown.scenario.slots.topology.trim() === scenario.slots.topology.trim() ? shown.channel : null,
  }),
  resultsLabel: 'Results',
  documentTitle: (r) => `Topolab — ${r.topology} · ${r.pattern} · N = ${r.max_slots}`,
  runLabel: (s) => `${s.slots.topology} · ${s.slots.pattern}`,
  /** topolab-slots-mesh-8x8-transpose(-all2all)(-policy) */
  fileParts: (s) => ['slots', s.slots.topology, s.slots.pattern, s.slots.all2all, s.slots.policy],
  create(ctx) {
    const metrics = new Metrics({ onSelectChannel: ctx.selectChannel, onClear: () => ctx.selectChannel(null) });
    return {
      showLoading: () => metrics.showLoading(),
      showResult(result, steps, step, { channel }) {
        metrics.showResult(result);
        metrics.markSelected(channel);
      },
      markSelected: (channel) => metrics.markSelected(channel),
      showChannel: (detail) => metrics.showChannel(detail),
    };
  },
  resultsHtml: `
    <section id="metrics" aria-labelledby="metrics-heading">
      <h2 id="metrics-heading">Results</h2>
      <dl class="metrics">
        <div class="metric key"><dt title="The largest number of communications sharing one directed channel: the slots every channel needs">N (slots needed)</dt><dd id="metric-max-slots">…</dd></div>
        <div class="metric"><dt title="Mean inter-switch hops of the communications' routes">Average hops</dt><dd id="metric-avg-hops">…</dd></div>
        <div class="metric"><dt>Switches</dt><dd id="metric-switches">…</dd></div>
        <div class="metric"><dt title="Bidirectional links; each is two directed channels">Links</dt><dd id="metric-links">…</dd></div>
        <div class="metric"><dt>Endpoints</dt><dd id="metric-endpoints">…</dd></div>
        <div class="metric"><dt title="Communications c(s,d) with s ≠ d">Communications</dt><dd id="metric-communications">…</dd></div>
        <div class="metric"><dt title="Circuits set up (differs from communications for path-broadcast and tree all-to-all methods)">Circuits</dt><dd id="metric-circuits">…</dd></div>
        <div class="metric"><dt title="Routing used (auto picks the topology's default)">Routing</dt><dd id="metric-routing">…</dd></div>
        <div class="metric"><dt title="Used slots / (N × directed channels) after the slot policy; needs a policy">Slot utilization</dt><dd id="metric-slot-utilization">…</dd></div>
        <div class="metric"><dt>Used / total slots</dt><dd id="metric-used-slots">…</dd></div>
      </dl>
      <div id="layers" hidden>
        <h3>Per fat-tree layer</h3>
        <table class="layers">
          <caption class="visually-hidden">Slot utilization per fat-tree layer (0 = roots)</caption>
          <thead><tr><th scope="col">Layer</th><th scope="col">Used / total</th><th scope="col">Efficiency</th></tr></thead>
          <tbody id="layers-body"></tbody>
        </table>
      </div>
      <h3>Busiest channels</h3>
      <p id="busiest-summary" class="help"></p>
      <ul id="busiest" class="busiest"></ul>
    </section>
    <section id="channel-detail" class="detail" aria-labelledby="channel-heading">
      <h2 id="channel-heading">Channel</h2>
      <p id="channel-summary" class="help">Click a channel in the figure (or a busiest channel above) to list the communications crossing it.</p>
      <ul id="channel-circuits" class="circuits"></ul>
      <p id="channel-more" class="help" hidden></p>
      <button type="button" id="channel-clear" aria-label="Clear selection of the channel" hidden>Clear selection</button>
    </section>

  `,
});
