// The OCS relay lab (paper 001): a two-level electrical tree whose edge switches each have a few
// OCS nodes on one optical circuit switch. The core places the application, allocates the
// circuits (§3.2.2, a step per decision), routes every large message directly, relayed through
// other OCS nodes or over the EPS (§3.2.3) and simulates the messages for ours and the
// baselines (§4.1). The page: the core's fields (www/fields.js), the hybrid view stepped with the
// allocation (www/labs/ocs-relay-view.js), the results and studies (www/labs/ocs-relay-panels.js,
// Fig. 4–5's chart in www/labs/ocs-relay-charts.js).
import { el, byId } from '../dom.js';
import { choicesControl } from '../fields.js';
import { download, svgBlob } from '../exporting.js';
import { HybridView } from './ocs-relay-view.js';
import { OcsResults, OcsLoads, OcsStudies, appName, pathNodes } from './ocs-relay-panels.js';

const isNpb = (app) => app === 'cg' || app === 'lu' || app === 'mg';

/** The readings of what §3.2.2–3.2.3 leave open: the core's choices under `readings`, in its words. */
const readingsControl = choicesControl({ className: 'ocs-readings', rowClass: 'ocs-reading' });

/** The communication matrix (app = matrix): a textarea, a line per message. */
function matrixControl({ id, changed, field }) {
  const area = el('textarea', { id, name: id, rows: '5', spellcheck: 'false', placeholder: '0,40,4194304,1\n40,0,4194304,1', 'aria-describedby': `${id}-help ${id}-error` });
  area.addEventListener('input', () => changed());
  const label = el('label', { for: id });
  label.innerHTML = field.label;
  return {
    element: el('div', { class: 'ocs-matrix' }, label, area),
    get: () => area.value,
    set: (value) => (area.value = value ?? ''),
    setInvalid: (on) => area.toggleAttribute('aria-invalid', on),
  };
}

/** How the fields look and behave beyond their kinds (their words: src/labs/ocs_relay/mod.rs). */
/** @type {Record<string, import('../types/page').FieldLook>} */
const looks = {
  class: { visible: (values) => isNpb(values.app) },
  message_bytes: { visible: (values) => values.app === 'neighbor' },
  matrix: { control: matrixControl, visible: (values) => values.app === 'matrix' },
  iterations: { pair: true },
  source: { pair: true, groupHelp: 'Or click two nodes in the hybrid view.' },
  ratio: { pair: true, closed: true },
  readings: { control: readingsControl },
};

/** Same allocation (all but the pair shown and the simulation's own settings): keep the step. */
function allocationKey(s) {
  const c = s?.['ocs-relay'];
  if (!c) return null;
  return JSON.stringify([c.edge, c.ocs_nodes, c.app, c.class, c.matrix, c.message_bytes, c.threshold, c.readings, c.counting]);
}

export default /** @satisfies {import('../types/page').LabView<'ocs-relay'>} */ ({
  name: 'ocs-relay',
  label: 'OCS relay',
  about: 'OCS relay: a small optical circuit network beside a low-bisection electrical tree, circuits allocated step by step, messages relayed through OCS nodes (paper 001)',
  section: 'ocs-relay',
  prefix: 'ocs-',
  heading: 'OCS relay lab',
  intro:
    'A two-level electrical tree (EPS) whose edge switches each have a few <em>OCS nodes</em> on one optical circuit switch. Circuits join OCS nodes of different switches (§3.2.2, a step per decision); a large message goes over its own circuit, is <em>relayed</em> through other OCS nodes, or takes the tree (§3.2.3). Times are simulated for ours and the baselines (paper 001).',
  looks,
  /** The form's groups fold (www/fields.js). */
  foldGroups: 'ocs-group',
  /** No per-channel loads to export as CSV (the circuits' and the studies' have their own). */
  exports: ['svg', 'png', 'json', 'anynet', 'graphml', 'dot'],
  noSteps: 'No allocation steps: no two edge switches exchange large messages, or there are no OCS nodes.',
  channels: false,
  figureLabel: 'The EPS tree: the upper switch over the edge switches and their nodes, uplinks coloured by the MiB ours sends over them; the allocation step’s switch pair marked. The OCS plane is drawn in the hybrid view below',
  /** Opening the lab (or a link without a step) starts the allocation at its first decision, to step through with →. */
  openStep: 0,
  /** The asked step, else (another set-up) the finished allocation. */
  wantStep: (scenario, step) => step ?? 'last',
  /** The same allocation keeps its step; anything else opens finished. */
  keepView: (scenario, shown) => ({ step: shown.scenario && allocationKey(shown.scenario) === allocationKey(scenario) ? shown.step : null, channel: null }),
  resultsLabel: 'OCS relay results',
  analysisLabel: 'The hybrid network, the circuits’ loads, Fig. 4–5 and Table 2',
  documentTitle: (r) => `Topolab — OCS relay · ${r.edge} / ${r.ocs_nodes} · ${appName(r.app)} · ours ${Number.isFinite(r.relative_time) ? `${r.relative_time.toFixed(2)}×` : '— (no traffic)'} EPS only`,
  runLabel: (s) => {
    const c = s['ocs-relay'];
    return `${c.edge}, ${c.ocs_nodes} OCS nodes, ${appName(c.app)} · ${c.source} → ${c.destination}`;
  },
  /** ocs-relay-8x32-64-neighbor(-B)-17-33 */
  fileParts: (s) => {
    const c = s['ocs-relay'];
    return ['ocs-relay', c.edge, String(c.ocs_nodes), c.app, isNpb(c.app) ? c.class : null, `${c.source}-${c.destination}`];
  },
  create(ctx) {
    const form = ctx.form;
    const results = new OcsResults();
    const loads = new OcsLoads();
    const studies = new OcsStudies(ctx);
    // the hybrid view is the lab's figure: it leads the stage (shown with the lab's panels)
    const card = byId('ocs-view-card');
    card.hidden = true;
    card.dataset.labPanel = 'ocs-relay';
    document.querySelector('#stage-top > .figure-wrap').before(card);
    byId('ocs-view-svg').addEventListener('click', () => {
      const svg = view.svgText();
      if (!svg) return ctx.notify('Run the lab first.');
      const name = `${ctx.fileStem()}-hybrid.svg`;
      download(name, svgBlob(svg));
      ctx.notify(`Downloaded ${name}`);
    });
    let picked = null; // a node clicked first, waiting for the second
    let asked = 0; // the newest detail asked for (older answers are dropped)
    const view = new HybridView(byId('ocs-view'), { shown: ctx.current, legend: byId('ocs-view-legend'), onNodeClick: (node) => nodeClicked(node) });

    /** The communication of the shown run (its result's route; its Scenario's pair when that sends none), drawn and described. */
    const showShownRoute = () => {
      const now = ctx.current();
      const route = now?.result.route;
      if (route) {
        results.showRoute(route, pathNodes(route.path));
        view.setSelection({ path: route.path, circuits: route.circuits ?? [] });
      } else {
        const c = now?.scenario['ocs-relay'];
        results.clearPick(c ? [c.source, c.destination] : null);
        view.setSelection({});
      }
    };

    const askDetail = async (query) => {
      const mine = ++asked;
      try {
        const answer = await ctx.detail(query);
        return mine === asked ? { answer } : null;
      } catch (err) {
        return mine === asked ? { error: err } : null;
      }
    };

    /** A node: its detail (a first click), or the route from the node picked before (a second). */
    async function nodeClicked(node) {
      if (!ctx.current()) return;
      if (picked === node) {
        picked = null;
        view.setSelection({});
        return showShownRoute();
      }
      if (picked === null) {
        picked = node;
        view.setSelection({ picked: node });
        const got = await askDetail({ node });
        if (!got) return;
        if (got.error) return results.showPickError(`node ${node}`, got.error.message);
        if (got.answer) results.showNode(got.answer);
        return;
      }
      const source = picked;
      picked = null;
      view.setSelection({ picked: null });
      await showPair(source, node);
    }

    /** The route from `source` to `destination` (detail {pair}), also written into the fields. */
    async function showPair(source, destination) {
      const got = await askDetail({ pair: [source, destination] });
      if (!got) return;
      if (got.error || !got.answer) {
        view.setSelection({});
        return results.showPickError(`${source} → ${destination}`, got.error?.message ?? 'no route');
      }
      const d = got.answer;
      results.showRoute({ ...d.route, kind: d.kind }, d.nodes);
      view.setSelection({ path: d.route.path, circuits: d.route.circuits ?? [] });
      form.cancelPending();
      form.setValue('source', source);
      form.setValue('destination', destination);
    }

    // a node by its rank, for the keyboard
    const nodeInput = byId('ocs-node-pick');
    const pickTyped = () => {
      const text = nodeInput.value.trim();
      const r = ctx.current()?.result;
      const total = r ? r.edges * r.nodes_per_edge : 0;
      const ok = /^\d+$/.test(text) && Number(text) < total;
      nodeInput.toggleAttribute('aria-invalid', !ok);
      if (!ok) return results.showPickError('node', `Type a node rank from 0 to ${Math.max(0, total - 1)}.`);
      picked = null;
      nodeClicked(Number(text));
    };
    byId('ocs-node-show').addEventListener('click', pickTyped);
    nodeInput.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      pickTyped();
    });

    /** The shown run at step `index`. */
    const stepShown = (index) => {
      const r = ctx.current()?.result;
      if (!r) return;
      view.setStep(index);
      const current = index === null ? null : r.decisions?.[index]?.circuit ?? null;
      loads.showStep(view.circuitsShown, current);
      byId('ocs-view-status').textContent = viewStatus(r, view.circuitsShown, index);
    };

    return {
      /** The figure menu's SVG and PNG export the hybrid view, the lab's figure on screen (null before a run). */
      figureSvg: () => view.svgText(),
      showLoading: () => results.showLoading(),
      showResult(result, steps, step) {
        picked = null;
        asked++;
        results.showResult(result);
        loads.showResult(result);
        view.show(step);
        stepShown(step);
        showShownRoute();
      },
      showStep: (index) => stepShown(index),
      shownChanged: (scenario) => studies.shownChanged(scenario),
      populate: (catalog) => studies.populate(catalog),
      /** The tree's switches carry nothing to pick here: the nodes are in the hybrid view. */
      switchClicked: () => 'Pick nodes in the hybrid view above the step player.',
      formSet() {
        picked = null;
      },
    };
  },
  css: `
    .ocs-group > summary {
      font-weight: 650;
      font-size: 1rem;
      margin: 0.2rem 0 0.35rem;
    }
    .ocs-group {
      display: grid;
      grid-template-columns: minmax(0, 1fr);
      gap: 0.6rem;
    }
    #ocs-controls .field input[type='number'] {
      width: 100%;
      min-width: 0;
    }
    .ocs-readings {
      display: grid;
      gap: 0.5rem;
    }
    .ocs-reading > label {
      display: block;
      font-weight: 600;
      font-size: 0.9rem;
    }
    .ocs-matrix > label {
      display: block;
      font-weight: 600;
    }
    .ocs-matrix textarea {
      width: 100%;
      font-family: ui-monospace, monospace;
      font-size: 0.85rem;
    }
    /* the hybrid view is this lab's figure and leads the stage; the core's tree (uplinks by
       MiB, the step's switch pair) follows the step player, small */
    body[data-lab='ocs-relay'] .stage-top {
      height: auto;
    }
    body[data-lab='ocs-relay'] .stage-top > #ocs-view-card {
      height: calc(100vh - var(--topbar-h, 3.4rem) - 2 * var(--layout-pad, 0.8rem) - var(--player-h, 14rem) - 0.6rem);
      min-height: 14rem;
      display: flex;
      flex-direction: column;
    }
    body[data-lab='ocs-relay'] .stage-top > .player {
      order: 1;
    }
    body[data-lab='ocs-relay'] .stage-top > .figure-wrap {
      order: 2;
      flex: none;
    }
    body[data-lab='ocs-relay'] .figure {
      height: clamp(9rem, 24vh, 14rem);
    }
    body[data-lab='ocs-relay'] #busy {
      position: fixed;
      top: 4.5rem;
      left: 50%;
      transform: translateX(-50%);
    }
    body.embed[data-lab='ocs-relay'] .figure-wrap > .figure,
    body.embed #ocs-view-card .card-head,
    body.embed #ocs-view-hint {
      display: none;
    }
    body.embed[data-lab='ocs-relay'] .stage-top > #ocs-view-card {
      min-height: 0;
    }
    /* the drawing fits the card (its viewBox scaled, whole): the OCS plane is never cut off */
    .ocs-view {
      flex: 1 1 0;
      min-height: 0;
      width: 100%;
    }
    .ocs-view svg {
      display: block;
      width: 100%;
      height: 100%;
    }
    .ocs-legend {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-wrap: wrap;
      gap: 0.1rem 0.9rem;
      font-size: 0.78rem;
      color: var(--muted);
    }
    /* A phone: the drawing at a size whose node numbers (8.2 units) read at 9.5 px, panned
       within its box (scaled to the screen's width they were 3 px: 64 nodes in 350 px); the
       card as tall as it needs, the hint left to the node field's description. */
    @media (max-width: 600px) {
      body[data-lab='ocs-relay'] .stage-top > #ocs-view-card {
        height: auto;
      }
      .ocs-view {
        flex: none;
        overflow: auto;
        max-height: 55svh;
      }
      .ocs-view svg {
        width: calc(var(--ocs-w, 348) * 1.16px);
        height: auto;
      }
      #ocs-view-hint {
        display: none;
      }
    }
    /* a projector's height: the drawing gets the room (the hint is in the node field's description) */
    @media (max-height: 820px) {
      #ocs-view-hint {
        display: none;
      }
      :root.large .ocs-legend {
        font-size: 13px;
      }
    }
    .ocs-legend li {
      display: flex;
      align-items: center;
      gap: 0.35rem;
    }
    .ocs-swatch {
      display: inline-block;
      width: 1.4rem;
      height: 0.35rem;
      border-radius: 2px;
      flex: none;
    }
    .ocs-swatch-node {
      height: 0.8rem;
      width: 0.8rem;
      border: 1.6px solid var(--fg);
      background: var(--switch-fill);
    }
    .ocs-path {
      font-size: 1.25rem;
      font-weight: 650;
      margin: 0;
      font-variant-numeric: tabular-nums;
    }
    #ocs-pick-text.error {
      color: var(--error);
    }
    #ocs-node-pick {
      width: 4rem;
    }
    .ocs-times th:first-child {
      text-align: left;
    }
    .ocs-unused {
      margin: 0;
      padding-left: 1.1rem;
      font-size: 0.85rem;
      max-height: 14rem;
      overflow-y: auto;
    }
    .ocs-case {
      color: var(--muted);
    }
    .ocs-circuits-wrap {
      max-height: 18rem;
      overflow-y: auto;
    }
    /* circuits of later steps: faint, still legible (opacity took them below 4.5:1) */
    .ocs-circuits tr.later > * {
      color: var(--faint);
    }
    .ocs-circuits tr.current > * {
      background: color-mix(in srgb, var(--focus) 25%, transparent);
      font-weight: 700;
    }
    .ocs-circuits td.ocs-step-cell {
      text-align: center;
    }
    .ocs-uplinks td.ocs-bars {
      width: 50%;
      text-align: left;
    }
    .ocs-bar-row {
      display: flex;
      align-items: center;
      gap: 0.4rem;
    }
    .ocs-meter {
      display: inline-block;
      height: 0.55rem;
      min-width: 1px;
      border-radius: 2px;
    }
    .ocs-meter.up { background: #3b7dd8; }
    .ocs-meter.down { background: #e08a00; }
    .ocs-bar-value {
      font-size: 0.8rem;
      white-space: nowrap;
    }
    .ocs-table2 th:first-child {
      text-align: left;
      white-space: nowrap;
    }
    .ocs-table2 td {
      text-align: center;
      min-width: 3.2rem;
    }
    .ocs-figure-table th:first-child {
      text-align: left;
    }
  `,
  resultsHtml: `
    <section id="ocs-pick-box" class="detail" aria-labelledby="ocs-pick-heading">
      <h2 id="ocs-pick-heading">Communication <span id="ocs-pick-title"></span></h2>
      <p id="ocs-pick-path" class="ocs-path" hidden></p>
      <p class="help" id="ocs-pick-text"></p>
    </section>
    <section id="ocs-results-box" aria-labelledby="ocs-results-heading">
      <h2 id="ocs-results-heading">Results</h2>
      <dl class="metrics">
        <div class="metric key"><dt title="Ours' simulated time divided by EPS only's (same 1:R uplinks); below 1 the OCS plane helps">Ours ÷ EPS only</dt><dd id="ocs-metric-relative">…</dd></div>
        <div class="metric"><dt title="OCS nodes holding a circuit, of all OCS nodes">OCS nodes used</dt><dd id="ocs-metric-used">…</dd></div>
        <div class="metric"><dt title="Circuits made by steps 1, 2 and 3 of §3.2.2">Circuits by step</dt><dd id="ocs-metric-steps">…</dd></div>
        <div class="metric"><dt title="Directed large messages over their own circuit">Direct</dt><dd id="ocs-metric-direct">…</dd></div>
        <div class="metric"><dt title="Directed large messages relayed through other OCS nodes">Relay</dt><dd id="ocs-metric-relay">…</dd></div>
        <div class="metric"><dt title="Directed large messages over the EPS tree only">EPS</dt><dd id="ocs-metric-eps">…</dd></div>
        <div class="metric"><dt title="Directed large messages under one edge switch">Local</dt><dd id="ocs-metric-local">…</dd></div>
        <div class="metric"><dt title="Bytes into the upper switch in ours (§4.2)">Uplink bytes, ours</dt><dd id="ocs-metric-uplink">…</dd></div>
        <div class="metric"><dt title="Bytes into the upper switch with EPS only">Uplink, EPS only</dt><dd id="ocs-metric-uplink-eps">…</dd></div>
      </dl>
      <div class="table-wrap">
        <table class="data ocs-times" id="ocs-times">
          <thead><tr><th scope="col">Network</th><th scope="col" title="Simulated time of the application's messages (communication only)">ms</th><th scope="col" title="Relative to EPS only at the same uplinks">÷ EPS</th></tr></thead>
          <tbody id="ocs-times-body"></tbody>
        </table>
      </div>
      <p class="help" id="ocs-bounds"></p>
    </section>
    <section aria-labelledby="ocs-unused-heading">
      <h2 id="ocs-unused-heading">Unused OCS nodes <span id="ocs-unused-count"></span></h2>
      <p class="help">Case 1: its process talks to other switches, but every partner it could join is taken; case 2: its process talks to no other switch (§3.2.2).</p>
      <ul id="ocs-unused" class="ocs-unused"></ul>
    </section>
    <section aria-labelledby="ocs-app-heading">
      <h2 id="ocs-app-heading">Application: <span id="ocs-app-name"></span></h2>
      <p class="help" id="ocs-app-definition"></p>
    </section>
  `,
  analysisHtml: `
    <div class="card" id="ocs-view-card">
      <div class="card-head">
        <h2 id="ocs-view-heading" title="The EPS tree and the OCS plane (paper 001, Fig. 1 and 3)">Hybrid network</h2>
        <span class="row">
          <label for="ocs-node-pick">Node</label>
          <input id="ocs-node-pick" type="number" min="0" step="1" inputmode="numeric" aria-describedby="ocs-view-hint">
          <button type="button" id="ocs-node-show" class="small">Show</button>
          <button type="button" id="ocs-view-svg" class="small" title="Download the hybrid view as SVG">SVG</button>
        </span>
      </div>
      <p class="help" id="ocs-view-hint">Click a node for its circuit, then another for the route between them.</p>
      <p class="help" id="ocs-view-status"></p>
      <div id="ocs-view" class="ocs-view"></div>
      <ul id="ocs-view-legend" class="ocs-legend" aria-label="Legend"></ul>
    </div>
    <div class="card" id="ocs-circuits-card">
      <div class="card-head"><h2 id="ocs-circuits-heading">Circuits and their load</h2></div>
      <p class="help" id="ocs-circuits-summary"></p>
      <div class="table-wrap ocs-circuits-wrap">
        <table class="data ocs-circuits" id="ocs-circuits" aria-labelledby="ocs-circuits-heading">
          <thead><tr><th scope="col">#</th><th scope="col" title="OCS node at one end">a</th><th scope="col" title="OCS node at the other end">b</th><th scope="col" title="The edge switches of a and b">Switches</th><th scope="col" title="The step of §3.2.2 that made it">Step</th><th scope="col" title="Bytes it carries in ours, both directions, relayed traffic included">MiB</th></tr></thead>
          <tbody id="ocs-circuits-body"></tbody>
        </table>
      </div>
      <h3 id="ocs-uplinks-heading">Uplink bytes per edge switch</h3>
      <p class="help" id="ocs-uplinks-summary"></p>
      <table class="data ocs-uplinks" id="ocs-uplinks-table" aria-labelledby="ocs-uplinks-heading">
        <thead><tr><th scope="col">Switch</th><th scope="col">Up (MiB)</th><th scope="col">Down (MiB)</th></tr></thead>
        <tbody id="ocs-uplinks-body"></tbody>
      </table>
    </div>
    <div class="card" id="ocs-figure-card">
      <div class="card-head">
        <h2 id="ocs-figure-heading">Fig. 4–5: ours against the EPS baselines</h2>
        <span class="row"><button type="button" id="ocs-figure" aria-describedby="ocs-figure-status">Run Fig. 4–5</button></span>
      </div>
      <p class="help" id="ocs-figure-hint">The controls’ edge switches and application on seven networks (§4.1): EPS only and the full-bisection EPS, ours with a quarter and a half of the nodes on the OCS (64 and 128 of 256) at 1:5, and the low-bisection (1:20) EPS with and without them. The paper’s bars are lost in our copy; its text gives +47% / +22% (8×32) and −33% (16×16, 128).</p>
      <p class="help" id="ocs-figure-status"></p>
      <p class="error" id="ocs-figure-error" role="alert" hidden></p>
      <div id="ocs-figure-chart" class="chart" role="img" aria-label="Bars: each network's time relative to EPS only, a line at 1.0, the link-load bounds marked"></div>
      <div class="table-wrap">
        <table class="data ocs-figure-table" id="ocs-figure-table" aria-labelledby="ocs-figure-heading" hidden>
          <thead><tr><th scope="col">Network</th><th scope="col">Time</th><th scope="col" title="Relative to EPS only at 1:5">÷ EPS only</th><th scope="col" title="Link-load lower bound (relative)">Bound</th></tr></thead>
          <tbody id="ocs-figure-body"></tbody>
        </table>
      </div>
      <div class="row"><button type="button" id="ocs-figure-csv" class="small" hidden>Bars as CSV</button><button type="button" id="ocs-figure-json" class="small" hidden>Bars as JSON</button></div>
    </div>
    <div class="card" id="ocs-table2-card">
      <div class="card-head">
        <h2 id="ocs-table2-heading">Table 2: OCS nodes used</h2>
        <span class="row"><button type="button" id="ocs-table2" aria-describedby="ocs-table2-status">Allocate Table 2</button></span>
      </div>
      <p class="help" id="ocs-table2-hint">The allocation alone (no simulation) for the paper’s four set-ups and four applications, with the controls’ readings. The paper’s numbers are withheld in our copy.</p>
      <p class="help" id="ocs-table2-status"></p>
      <p class="error" id="ocs-table2-error" role="alert" hidden></p>
      <div class="table-wrap">
        <table class="data ocs-table2" id="ocs-table2-table" aria-labelledby="ocs-table2-heading">
          <thead><tr><th scope="col"><span class="visually-hidden">Set-up</span></th><th scope="col">neighbour</th><th scope="col">CG</th><th scope="col">LU</th><th scope="col">MG</th></tr></thead>
          <tbody id="ocs-table2-body"></tbody>
        </table>
      </div>
      <div class="row"><button type="button" id="ocs-table2-csv" class="small" hidden>Table as CSV</button><button type="button" id="ocs-table2-json" class="small" hidden>Table as JSON</button></div>
    </div>
  `,
});

/** What the view shows at step `index`: the circuits made so far. */
function viewStatus(r, circuits, index) {
  const decisions = r.decisions?.length ?? 0;
  const at = index === null || index === undefined || index >= decisions - 1 ? 'The finished allocation' : `After step ${index + 1} of ${decisions}`;
  return `${at}: ${circuits} of ${r.circuits.length} circuit${r.circuits.length === 1 ? '' : 's'} (${2 * circuits} of ${r.ocs_nodes} OCS nodes used).`;
}

