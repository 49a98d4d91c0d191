// The TopoGen lab (paper 000 §4–5): TOPOGEN designs a circuit-switched network for a traffic
// pattern, step by step; switches can be failed by clicking them (§5.3); the comparison with
// mesh and tori (Fig. 12) and the N-versus-cost trade-off (Fig. 13) run as studies. Its form is
// the core's fields (www/fields.js); its panels are in www/labs/topogen-panels.js.
import { byId, el, show } from '../dom.js';
import { NETWORK_FILE } from '../fields.js';
import { TopoGenResults, TopoGenAnalysis } from './topogen-panels.js';

/**
 * The failed switches: clicked in the figure while "Fail switches" is on (a field whose value
 * is the sorted list of switch ids).
 */
function failControl({ id, runNow }) {
  let fail = [];
  const mode = el('button', { type: 'button', id: `${id}-mode`, class: 'toggle', 'aria-pressed': 'false', 'aria-describedby': `${id}-hint` });
  const hint = el('p', { class: 'help', id: `${id}-hint` });
  const list = el('span', { id: `${id}-list`, class: 'fail-list' });
  const clear = el('button', { type: 'button', id: `${id}-clear`, class: 'small', 'aria-label': 'Clear the failed switches', hidden: true, text: 'Clear' });
  const element = el(
    'fieldset',
    { class: 'failures' },
    el('legend', { text: 'Switch failures (§5.3)' }),
    mode,
    hint,
    el('div', { class: 'fail-row' }, el('span', { class: 'fail-label', text: 'Failed:' }), ' ', list, ' ', clear),
  );
  const render = () => {
    const none = fail.length === 0;
    list.replaceChildren(
      none ? el('span', { class: 'help', text: 'none clicked' }) : el('span', {}, ...fail.map((s) => el('span', { class: 'chip failed', 'data-sw': String(s), text: `switch ${s}` }))),
    );
    show(clear, !none);
  };
  const control = {
    element,
    get: () => [...fail],
    set(value) {
      fail = [...(value ?? [])].sort((a, b) => a - b);
      render();
    },
    setInvalid(on) {
      list.toggleAttribute('aria-invalid', on);
    },
    get failMode() {
      return mode.getAttribute('aria-pressed') === 'true';
    },
    setFailMode(on) {
      mode.setAttribute('aria-pressed', String(on));
      mode.textContent = on ? 'Fail switches: on' : 'Fail switches: off';
      document.getElementById('figure')?.classList.toggle('fail-mode', on);
      hint.textContent = on ? 'Click a switch in the figure to fail it; click it again to bring it back.' : 'Turn on, then click switches in the figure to fail them (§5.3).';
    },
    /** Fail switch `id`, or bring it back; runs at once. */
    toggle(sw) {
      fail = fail.includes(sw) ? fail.filter((s) => s !== sw) : [...fail, sw].sort((a, b) => a - b);
      render();
      runNow();
    },
  };
  mode.addEventListener('click', () => control.setFailMode(!control.failMode));
  clear.addEventListener('click', () => {
    if (fail.length === 0) return;
    fail = [];
    render();
    runNow();
  });
  control.setFailMode(false);
  render();
  return control;
}

/**
 * The trade-off study's patterns, from the core's registry: those without a parameter (Fig. 13
 * draws one curve per pattern), all-to-all left out (n(n−1) communications at every target N).
 * @param {import('../types/core').Catalog} catalog
 */
function tradeoffPatterns(catalog) {
  const select = /** @type {HTMLSelectElement} */ (byId('tg-tradeoff-pattern'));
  const names = catalog.patterns.map(([syntax]) => syntax).filter((syntax) => !syntax.includes(':') && syntax !== 'all-to-all');
  select.replaceChildren(select.options[0], ...names.map((name) => el('option', { value: name, text: name })));
}

/** How the fields look and behave beyond their kinds (their words: src/labs/topogen/mod.rs). */
/** @type {Record<string, import('../types/page').FieldLook>} */
const looks = {
  start: { file: { ...NETWORK_FILE, title: 'A network to start from: an edge list (a b per line), BookSim anynet or GraphML (networkx, Gephi, Topolab’s export)' } },
  nodes: { pair: true },
  seed: { pair: true },
  fail: { control: failControl },
  'fail-random': {
    // Clicked switches win over random ones in the core: the field is off while there are any.
    enabled: (values) => !values.fail?.length,
    parse: (text, values, read) => (values.fail.length ? 0 : read(text)),
  },
};

/** What designs another network (the failures and the message size leave the trace as it is). */
function generation(s) {
  return s ? JSON.stringify([s.seed, s.topogen.nodes, s.topogen.degree, s.topogen.pattern, s.topogen.target_slots, s.topogen.start]) : null;
}

export default /** @satisfies {import('../types/page').LabView<'topogen'>} */ ({
  name: 'topogen',
  label: 'TopoGen',
  about: 'TopoGen: design a network for a traffic pattern (TOPOGEN), step by step; compare it with mesh and tori',
  section: 'topogen',
  prefix: 'tg-',
  heading: 'TopoGen lab',
  intro: 'TOPOGEN designs a circuit-switched network for a traffic pattern: one giant switch is split until every switch meets the maximum degree, then end nodes are swapped and links added to lower <var>N</var> (paper 000 §4). Links: every pair of switches with a spare port is a candidate (Alg. 4), the most promising tried first, kept if N or the number of channels at N drops. TOPOGEN_REV checks N after each move instead of after a round (our reading, see the README).',
  looks,
  /** What the step player says when a run has no steps. */
  noSteps: 'No steps to play for this design.',
  channels: false,
  figureLabel: 'Generated network: switches as squares, end nodes as dots, links coloured by load at the final step; the step’s switches are marked',
  /** Opened afresh (first load, a tab without a kept view), the lab starts at the giant switch. */
  openStep: 0,
  /**
   * Where a preset's story starts: at the giant switch, or — above lecture size, where 4,096 end
   * nodes round one switch are a smear — at the designed network (shown as its overview).
   */
  presetStep: (section) => (section.nodes > 256 ? 'last' : 0),
  /** The asked step, or the last one: the designed network is what a change changes. */
  wantStep: (scenario, step) => step ?? 'last',
  /** Failures and the message size keep the step; anything else shows the new design's last step. */
  keepView: (scenario, shown) => ({ step: shown.scenario?.lab === 'topogen' && generation(shown.scenario) === generation(scenario) ? shown.step : null, channel: null }),
  resultsLabel: 'TopoGen results',
  analysisLabel: 'Comparison and trade-off',
  documentTitle: (r) => `Topolab — TopoGen · ${r.nodes} nodes · degree ${r.degree_limit} · ${r.pattern} · N = ${r.max_slots}`,
  runLabel: (s) => `${s.topogen.nodes} nodes, degree ${s.topogen.degree}, ${s.topogen.pattern}`,
  /** topogen-16n-d5-uniform(-N12)(-fail-4-7 | -fail3) */
  fileParts(s) {
    const t = s.topogen;
    const parts = ['topogen', `${t.nodes}n`, `d${t.degree}`, t.pattern];
    if (t.target_slots !== null && t.target_slots !== undefined) parts.push(`N${t.target_slots}`);
    if (t.fail?.length) parts.push(`fail-${t.fail.join('-')}`);
    else if (t.fail_random > 0) parts.push(`fail${t.fail_random}`);
    return parts;
  },
  create(ctx) {
    const results = new TopoGenResults({ onPickStep: ctx.goToStep });
    results.onError = (err) => ctx.error(`Export failed: ${err.message}`);
    const analysis = new TopoGenAnalysis(ctx);
    const failures = ctx.form.control('fail');
    return {
      showLoading: () => results.showLoading(),
      showResult: (result, steps, step) => results.showResult(result, steps, step, ctx.fileStem()),
      showStep: (index) => results.showStep(index),
      decorate: (figure, result) => figure.markSwitches(result?.reconfiguration?.failed_switches ?? [], 'failed'),
      shownChanged: (scenario) => analysis.shownChanged(scenario),
      populate: tradeoffPatterns,
      switchClicked(id) {
        if (!failures.failMode) return `Switch ${id}. Turn on "Fail switches" to fail it.`;
        failures.toggle(id);
        return null;
      },
    };
  },
  /** Styles of this lab's panels and of the figure while it is shown. */
  css: `
    #tg-target {
      width: 8rem;
    }

    #tg-fail-random {
      width: 5rem;
    }

    body[data-lab='topogen'] .figure line.ch {
      cursor: default;
    }

    body[data-lab='topogen'] .figure line.ch:hover {
      stroke-width: inherit;
    }

    body[data-lab='topogen'] .figure.fail-mode rect.sw {
      cursor: crosshair;
    }

    body[data-lab='topogen'] .figure.fail-mode rect.sw:hover {
      stroke: var(--failed) !important;
      stroke-width: 3 !important;
    }
    #tg-tradeoff-table thead th {
      white-space: normal;
    }

    /* TopoGen's results are short numbers: two per row even in large type. */
    :root.large #tg-results .metrics {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }

    :root.large #tg-results .metrics.three {
      grid-template-columns: repeat(3, minmax(0, 1fr));
    }
  `,
  resultsHtml: `
    <section aria-labelledby="tg-metrics-heading">
      <h2 id="tg-metrics-heading">Generated network</h2>
      <dl class="metrics">
        <div class="metric key"><dt title="The largest number of communications sharing one directed channel of the generated network: the slots it needs">N (slots needed)</dt><dd id="tg-metric-max-slots">…</dd></div>
        <div class="metric"><dt>Switches</dt><dd id="tg-metric-switches">…</dd></div>
        <div class="metric"><dt title="Bidirectional inter-switch links">Links</dt><dd id="tg-metric-links">…</dd></div>
        <div class="metric"><dt title="Mean inter-switch hops of the communications' routes">Average hops</dt><dd id="tg-metric-avg-hops">…</dd></div>
        <div class="metric"><dt id="tg-metric-max-degree-label" title="Largest switch degree reached (end nodes + links)">Largest degree</dt><dd id="tg-metric-max-degree">…</dd></div>
        <div class="metric"><dt>End nodes</dt><dd id="tg-metric-nodes">…</dd></div>
        <div class="metric"><dt title="Communications c(s,d) with s ≠ d">Communications</dt><dd id="tg-metric-communications">…</dd></div>
      </dl>
      <h3>N after each phase</h3>
      <dl class="metrics phases">
        <div class="metric"><dt title="After the recursive partition (§4.1), shortest-path routes">Partition</dt><dd id="tg-metric-n-partition">…</dd></div>
        <div class="metric"><dt title="After swapping end nodes on the most crowded channels (§4.2)">Node swaps</dt><dd id="tg-metric-n-swaps">…</dd></div>
        <div class="metric"><dt title="After adding links between switches with spare ports (§4.2)">Links</dt><dd id="tg-metric-n-links">…</dd></div>
        <div class="metric"><dt title="Target N of TOPOGEN_REV (§4.3)">Target</dt><dd id="tg-metric-target">…</dd></div>
        <div class="metric"><dt title="Links kept by the link optimization">Links added</dt><dd id="tg-metric-links-added">…</dd></div>
        <div class="metric"><dt title="Swaps that kept N and were left for later rounds">Swaps pending</dt><dd id="tg-metric-swaps-pending">…</dd></div>
      </dl>
    </section>
    <section id="tg-step-box" aria-labelledby="tg-step-heading">
      <h2 id="tg-step-heading">At step <span id="tg-step-number">—</span></h2>
      <dl class="metrics three">
        <div class="metric"><dt>Switches</dt><dd id="tg-step-switches">…</dd></div>
        <div class="metric"><dt>Links</dt><dd id="tg-step-links">…</dd></div>
        <div class="metric"><dt title="N once the routes exist (after the partition)">N</dt><dd id="tg-step-n">…</dd></div>
      </dl>
      <div id="tg-steps-chart" class="chart" role="img" aria-label="N, switches and links over the steps; the dashed line marks the current step; click to go to a step"></div>
      <button type="button" id="tg-steps-chart-png" class="small">Chart as PNG</button>
    </section>
    <section id="tg-reconf" aria-labelledby="tg-reconf-heading" hidden>
      <h2 id="tg-reconf-heading">After the failures</h2>
      <p class="help" id="tg-reconf-summary"></p>
      <dl class="metrics">
        <div class="metric wide"><dt>Failed switches</dt><dd id="tg-reconf-failed">…</dd></div>
        <div class="metric"><dt>Avg hops before</dt><dd id="tg-reconf-hops-before">…</dd></div>
        <div class="metric"><dt>Avg hops after</dt><dd id="tg-reconf-hops-after">…</dd></div>
        <div class="metric"><dt>N before</dt><dd id="tg-reconf-n-before">…</dd></div>
        <div class="metric"><dt>N after</dt><dd id="tg-reconf-n-after">…</dd></div>
        <div class="metric"><dt title="max(0, N after − N before): the extra TDM cycles the reconfiguration costs">Extra slots</dt><dd id="tg-reconf-extra">…</dd></div>
        <div class="metric"><dt title="Communications whose end node sat on a failed switch">Lost</dt><dd id="tg-reconf-lost">…</dd></div>
        <div class="metric"><dt title="Communications left without any path">Unroutable</dt><dd id="tg-reconf-unroutable">…</dd></div>
      </dl>
    </section>
    <section id="tg-sim" aria-labelledby="tg-sim-heading">
      <h2 id="tg-sim-heading">One round: circuits vs packets</h2>
      <p class="help">Every communication sends one <span id="tg-sim-message">…</span> message at once. Circuit switching: one 25 Gbps TDM slot per circuit, 10 ns per switch. Packet switching: 400 Gbps links shared by their flows, 200 ns per switch.</p>
      <dl class="metrics">
        <div class="metric"><dt>Circuit round</dt><dd id="tg-sim-cs-round">…</dd></div>
        <div class="metric"><dt>Packet round</dt><dd id="tg-sim-ps-round">…</dd></div>
        <div class="metric"><dt>Circuit mean</dt><dd id="tg-sim-cs-mean">…</dd></div>
        <div class="metric"><dt>Packet mean</dt><dd id="tg-sim-ps-mean">…</dd></div>
        <div class="metric wide"><dt title="Packet round time / circuit round time: above 1, circuits finish first">Circuit speed-up</dt><dd id="tg-sim-speedup">…</dd></div>
      </dl>
      <p class="help" id="tg-sim-verdict"></p>
    </section>

  `,
  analysisHtml: `
    <div class="card" id="tg-compare-card">
      <div class="card-head">
        <h2 id="tg-compare-heading">Generated network vs mesh and tori (Fig. 12)</h2>
        <button type="button" id="tg-compare" aria-describedby="tg-compare-status">Compare with mesh and tori</button>
      </div>
      <p class="help" id="tg-compare-status" aria-live="polite"></p>
      <p class="error" id="tg-compare-error" role="alert" hidden></p>
      <div class="table-wrap">
        <table id="tg-compare-table" class="data compare" aria-labelledby="tg-compare-heading" hidden>
          <thead><tr><th scope="col">Pair</th><th scope="col">Topology</th><th scope="col">Switches</th><th scope="col">Links</th><th scope="col" title="Average inter-switch hops">Avg hops</th><th scope="col" title="Slots needed">N</th><th scope="col" title="Largest switch degree">Max degree</th></tr></thead>
        </table>
      </div>
    </div>
    <div class="card" id="tg-tradeoff-card">
      <div class="card-head">
        <h2 id="tg-tradeoff-heading">N against network cost (Fig. 13)</h2>
        <span class="row">
          <label for="tg-tradeoff-pattern">pattern</label>
          <select id="tg-tradeoff-pattern" aria-describedby="tg-tradeoff-hint">
            <option value="">the lab’s</option>
          </select>
          <label for="tg-tradeoff-lowest">down to N =</label>
          <input id="tg-tradeoff-lowest" type="number" min="1" step="1" inputmode="numeric" data-study-arg="topogen/tradeoff/lowest" aria-describedby="tg-tradeoff-error">
          <button type="button" id="tg-tradeoff" aria-describedby="tg-tradeoff-status">Compute trade-off (Fig. 13)</button>
        </span>
      </div>
      <p class="help" id="tg-tradeoff-hint">TOPOGEN_REV (degree 5) for every target N from the highest N of the 2-D mesh and the 2-D/3-D/4-D tori down to this one, with those networks drawn at their own N (■ switches, ◆ links; the tori have degree 5, 7 and 9). The paper shows uniform traffic at 1,024 nodes (0.54 of the mesh’s switches and 0.47 of its links at the mesh’s N = 14, comparable to the mesh at N = 5); pick a deterministic pattern to see its curve. Cancel keeps the points so far.</p>
      <p class="help" id="tg-tradeoff-status" aria-live="polite"></p>
      <p class="error" id="tg-tradeoff-error" role="alert" hidden></p>
      <div id="tg-tradeoff-chart" class="chart" role="img" aria-label="Switches and links relative to the mesh against the target N"></div>
      <button type="button" id="tg-tradeoff-png" class="small" hidden>Chart as PNG</button>
      <div class="table-wrap">
        <table id="tg-tradeoff-table" class="data" aria-labelledby="tg-tradeoff-heading" hidden>
          <thead><tr><th scope="col">Target N</th><th scope="col">N reached</th><th scope="col">Switches</th><th scope="col">Links</th><th scope="col">Switches / mesh</th><th scope="col">Links / mesh</th><th scope="col">Avg hops</th></tr></thead>
          <tbody id="tg-tradeoff-body"></tbody>
          <tbody id="tg-tradeoff-baselines" class="baselines"></tbody>
        </table>
      </div>
    </div>

  `,
});
