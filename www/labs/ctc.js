// The CTC lab (paper 003): tasks with a traffic matrix are clustered into logical clusters (LCs)
// of T tasks (§4.2.1); the OCS of K planes × P ports per LC is configured by serving the inter-LC
// demands in HDF order (§4.2.2–4.2.3, a step per decision: a direct link on a plane, a refusal
// with the planes' ports, a multi-hop pass), the order improved by simulated annealing; the ILP
// (§4.1) solves small instances; the same LCs mapped onto a torus are the electronic-only
// baseline (§5), with both networks' cost (§5.2.1). Panels: www/labs/ctc-panels.js.
import { el, byId } from '../dom.js';
import { choicesControl } from '../fields.js';
import { CtcResults, CtcStudies, drawHeatmap } from './ctc-panels.js';

/** The readings of what §4.2 leaves open: the core's choices under `readings` and its numbers, in its words. */
const readingsControl = choicesControl({ className: 'ctc-readings', rowClass: 'ctc-reading', numbersClass: 'ctc-numbers' });

/** The cost model's prices as one field (`cost` in the Scenario): the core's numbers, words and defaults. */
const costControl = choicesControl({ className: 'ctc-numbers', rowClass: 'ctc-reading' });

/** The CSV matrix (traffic = csv). */
function matrixControl({ id, changed, field }) {
  const area = el('textarea', { id, name: id, rows: '5', spellcheck: 'false', placeholder: 'src,dst,bytes\n0,1,4096\n1,0,4096', 'aria-describedby': `${id}-help ${id}-error` });
  area.addEventListener('input', () => changed());
  return {
    element: el('div', { class: 'ctc-matrix' }, Object.assign(el('label', { for: id }), { innerHTML: field.label }), area),
    get: () => area.value,
    set: (value) => (area.value = value ?? ''),
    setInvalid: (on) => area.toggleAttribute('aria-invalid', on),
  };
}

const isCsv = (values) => String(values.traffic ?? '').trim() === 'csv';

/** How the fields look and behave beyond their kinds (their words: src/labs/ctc/mod.rs). */
/** @type {Record<string, import('../types/page').FieldLook>} */
const looks = {
  matrix: { control: matrixControl, visible: isCsv },
  planes: { pair: true },
  time_limit_s: { visible: (values) => values.solver === 'ilp', attrs: { min: '0.1' } },
  readings: { control: readingsControl, closed: true },
  cost: { control: costControl, closed: true },
  seed: { endsGroup: true },
};

/** Same serving (everything but the shown step): keep the step. */
const servingKey = (s) => (s?.ctc ? JSON.stringify([s.seed, s.ctc]) : null);

export default /** @satisfies {import('../types/page').LabView<'ctc'>} */ ({
  name: 'ctc',
  label: 'CTC',
  about: 'CTC: clustering tasks into logical clusters and configuring the optical planes of a hybrid EPS/OCS network for them (paper 003)',
  section: 'ctc',
  prefix: 'ctc-',
  heading: 'CTC lab',
  intro:
    'Tasks are clustered into <em>logical clusters</em> (LCs) of T by recursive spectral bisection; each LC has K optical planes of P ports. Demands between LCs are served one by one in HDF order — a direct link on the first plane with both ports free, else a path built in the multi-hop passes — and simulated annealing searches better orders. Hop-bytes = Σ bytes × hops, against the same LCs mapped onto a torus (paper 003). Readings we chose: HDF ties by demand id (§5.1); the ILP merges the planes (exact) and, with T > 1, configures the topology for phase 1’s clusters; unserved demands are listed and cost N hops per byte in annealing.',
  looks,
  /** The form's groups fold (www/fields.js). */
  foldGroups: 'ctc-group',
  exports: ['svg', 'png', 'json', 'csv', 'graphml', 'dot'],
  noSteps: 'No serving steps recorded.',
  channels: false,
  figureLabel: 'The LC graph: logical clusters on a circle, the OCS links between them coloured by the bytes they carry; at a step only the links made so far, the step’s demand and new links marked',
  openStep: 0,
  wantStep: (scenario, step) => step ?? 'last',
  keepView: (scenario, shown) => ({ step: shown.scenario && servingKey(shown.scenario) === servingKey(scenario) ? shown.step : null, channel: null }),
  resultsLabel: 'CTC results',
  analysisLabel: 'Traffic matrices, the annealing curve and Table I',
  documentTitle: (r) => `Topolab — CTC · ${r.traffic} · ${r.lcs} LCs · K = ${r.planes} · hop-bytes ${r.hop_bytes}`,
  runLabel: (s) => `${s.ctc.traffic}, T = ${s.ctc.cluster_size}, K = ${s.ctc.planes}, P = ${s.ctc.ports}`,
  fileParts: (s) => ['ctc', s.ctc.traffic.replaceAll(':', '-'), `t${s.ctc.cluster_size}`, `k${s.ctc.planes}`, `p${s.ctc.ports}`],
  create(ctx) {
    const results = new CtcResults(ctx);
    const studies = new CtcStudies(ctx);
    let asked = 0; // the newest detail asked for (older answers are dropped)
    const detail = async (query) => {
      const mine = ++asked;
      try {
        const answer = await ctx.detail(query);
        return mine === asked ? answer : null;
      } catch (err) {
        if (mine === asked) ctx.notify(err.message);
        return null;
      }
    };
    /** The step's demand, from the shown run's step title's "s→d". */
    const stepShown = async (index) => {
      const now = ctx.current();
      if (!now || index === null) return results.showDemand(null);
      const title = now.steps[index]?.title ?? '';
      const m = title.match(/(\d+)→(\d+)/);
      if (!m) return results.showDemand(null);
      const d = await detail({ pair: [Number(m[1]), Number(m[2])] });
      if (d) results.showDemand(d);
    };
    return {
      showLoading: () => results.showLoading(),
      showResult(result, steps, step) {
        results.showResult(result);
        studies.showRun(result);
        drawHeatmap(byId('ctc-heat-tasks'), result.task_heatmap, 'Task matrix in LC order');
        drawHeatmap(byId('ctc-heat-lcs'), result.lc_heatmap, 'LC matrix');
        byId('ctc-heat-note').textContent = `${result.tasks} tasks${result.cluster_size > 1 ? ` in ${result.lcs} LCs of ${result.cluster_size} (blue lines: LC boundaries)` : ''}; ${result.intra_lc_bytes} bytes stay inside LCs, ${result.total_bytes} cross between them. Log colour scale.`;
        stepShown(step);
      },
      showStep: (index) => stepShown(index),
      shownChanged: () => {},
      populate: (catalog) => studies.populate(catalog),
      switchClicked(id) {
        if (!ctx.current()) return null;
        detail({ lc: id }).then((d) => d && results.showLc(d));
        return null;
      },
    };
  },
  css: `
    .ctc-group > summary { font-weight: 650; font-size: 1rem; margin: 0.2rem 0 0.35rem; }
    .ctc-group { display: grid; gap: 0.6rem; }
    #ctc-controls .field input[type='number'] { width: 100%; min-width: 0; }
    .ctc-readings { display: grid; gap: 0.5rem; }
    .ctc-reading > label { display: block; font-weight: 600; font-size: 0.9rem; }
    .ctc-reading select, .ctc-reading input { width: 100%; }
    .ctc-numbers { display: grid; grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr)); gap: 0.5rem; }
    .ctc-matrix > label { display: block; font-weight: 600; }
    .ctc-matrix textarea { width: 100%; font-family: ui-monospace, monospace; font-size: 0.85rem; }
    .ctc-heatmaps { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
    .ctc-heatmaps figure { margin: 0; }
    .ctc-heatmaps canvas { width: min(16rem, 40vw); height: auto; image-rendering: pixelated; border: 1px solid var(--chart-grid, #d9dee6); }
    .ctc-heatmaps figcaption { font-size: 0.85rem; color: var(--muted); }
    .ctc-scroll { max-height: 16rem; overflow-y: auto; }
    .ctc-list { margin: 0; padding-left: 1.1rem; font-size: 0.85rem; max-height: 10rem; overflow-y: auto; }
    .ctc-paper { color: var(--muted); }
    .ctc-table1 th:first-child { text-align: left; white-space: nowrap; }
    #ctc-demand-text { font-size: 1.05rem; }
    #ctc-metric-ilp { font-size: 0.95rem; }
    /* projector widths: the right column's tables and Table I fit without scrolling */
    @media (max-width: 1180px) {
      .ctc-fit .data { font-size: 0.8rem; }
      .ctc-fit .data th, .ctc-fit .data td { padding: 0.2rem 0.25rem; }
      .ctc-fit .data thead th { white-space: normal; }
    }
  `,
  resultsHtml: `
    <section id="ctc-demand-box" class="detail" aria-labelledby="ctc-demand-heading">
      <h2 id="ctc-demand-heading">Demand <span id="ctc-demand-title"></span></h2>
      <p class="help" id="ctc-demand-text">Step through the serving, or click an LC in the figure.</p>
    </section>
    <section id="ctc-results-box" aria-labelledby="ctc-results-heading">
      <h2 id="ctc-results-heading">Results</h2>
      <dl class="metrics">
        <div class="metric key"><dt title="Σ bytes × hops over the OCS links (the ILP's configuration when the ILP ran)">Hop-bytes, hybrid</dt><dd id="ctc-metric-hop">…</dd></div>
        <div class="metric key"><dt title="The same LCs mapped onto the torus by annealing">Hop-bytes, torus</dt><dd id="ctc-metric-torus">…</dd></div>
        <div class="metric"><dt title="(torus − hybrid) ÷ torus">Hybrid better by</dt><dd id="ctc-metric-gain">…</dd></div>
        <div class="metric"><dt title="Hop-bytes ÷ bytes between LCs">Hops per byte</dt><dd id="ctc-metric-avg">…</dd></div>
        <div class="metric"><dt title="Demands with their own direct link">Direct demands</dt><dd id="ctc-metric-direct">…</dd></div>
        <div class="metric"><dt title="HDF's hop-bytes, then the best order annealing found (unserved bytes cost N hops here)">HDF → annealed</dt><dd id="ctc-metric-sa">…</dd></div>
        <div class="metric"><dt title="2V − M*: no configuration of K planes of P ports does better">Lower bound</dt><dd id="ctc-metric-bound">…</dd></div>
        <div class="metric"><dt title="Logical clusters and tasks">LCs</dt><dd id="ctc-metric-lcs">…</dd></div>
        <div class="metric"><dt title="Bytes between tasks of one LC (not counted in hop-bytes)">Bytes inside LCs</dt><dd id="ctc-metric-intra">…</dd></div>
        <div class="metric wide" id="ctc-ilp-row" hidden><dt title="The ILP of §4.1">ILP</dt><dd id="ctc-metric-ilp">…</dd></div>
      </dl>
      <p class="help">Bytes by hops: <span id="ctc-by-hops"></span></p>
      <p class="help" id="ctc-traffic-about"></p>
    </section>
    <section aria-labelledby="ctc-cost-heading">
      <h2 id="ctc-cost-heading">Cost (§5.2.1)</h2>
      <div class="table-wrap ctc-fit">
        <table class="data">
          <thead><tr><th scope="col">Part</th><th scope="col">Hybrid</th><th scope="col" id="ctc-cost-head-torus">Torus</th></tr></thead>
          <tbody id="ctc-cost-body"></tbody>
        </table>
      </div>
      <p class="help" id="ctc-cost-ratio"></p>
    </section>
    <section aria-labelledby="ctc-unserved-heading">
      <h2 id="ctc-unserved-heading">Unserved demands <span id="ctc-unserved-count"></span></h2>
      <p class="help" id="ctc-unserved-note"></p>
      <ul id="ctc-unserved" class="ctc-list"></ul>
    </section>
    <section aria-labelledby="ctc-links-heading">
      <div class="card-head"><h2 id="ctc-links-heading">OCS links <span id="ctc-links-count"></span></h2><button type="button" id="ctc-links-csv">CSV</button></div>
      <div class="ctc-scroll table-wrap ctc-fit">
        <table class="data"><thead><tr><th scope="col">Plane</th><th scope="col">Link</th><th scope="col" title="1: direct (pass 1); 2–4: multi-hop passes">Pass</th><th scope="col" title="Bytes over the link on shortest paths">Bytes</th></tr></thead><tbody id="ctc-links-body"></tbody></table>
      </div>
      <p class="help" id="ctc-links-more"></p>
    </section>
  `,
  analysisHtml: `
    <div class="card" id="ctc-heat-card">
      <div class="card-head"><h2 id="ctc-heat-heading">Traffic matrices</h2></div>
      <div class="ctc-heatmaps">
        <figure><canvas id="ctc-heat-tasks" role="img" width="256" height="256"></canvas><figcaption>Tasks, in LC order</figcaption></figure>
        <figure><canvas id="ctc-heat-lcs" role="img" width="256" height="256"></canvas><figcaption>Between LCs (d)</figcaption></figure>
      </div>
      <p class="help" id="ctc-heat-note"></p>
    </div>
    <div class="card" id="ctc-curve-card">
      <div class="card-head"><h2 id="ctc-curve-heading">Simulated annealing</h2><span class="row"><button type="button" id="ctc-anneal">Run live</button><button type="button" id="ctc-curve-png">PNG</button></span></div>
      <p class="help" id="ctc-anneal-status"></p>
      <p class="error" id="ctc-anneal-error" hidden></p>
      <div class="chart" id="ctc-curve-chart" role="img" aria-label="Hop-bytes of the current and the best order per iteration"></div>
    </div>
    <div class="card" id="ctc-table1-card">
      <div class="card-head"><h2 id="ctc-table1-heading">Table I: heuristic, ILP and torus</h2><span class="row"><button type="button" id="ctc-table1">Run</button><button type="button" id="ctc-table1-csv">CSV</button><button type="button" id="ctc-table1-json">JSON</button></span></div>
      <p class="help" id="ctc-table1-status"></p>
      <p class="error" id="ctc-table1-error" hidden></p>
      <div class="table-wrap ctc-fit">
        <table class="data ctc-table1">
          <thead><tr><th scope="col">Mean hop-bytes</th><th scope="col" title="16 LCs, hybrid K = 6">16: hybrid</th><th scope="col" title="16 LCs on a 3-D torus">16: torus</th><th scope="col" title="32 LCs, hybrid K = 6">32: hybrid</th><th scope="col" title="32 LCs on a 3-D torus">32: torus</th><th scope="col" title="The paper's run time of the hybrid row, N = 16 / 32 (its hop-bytes are withheld)">Paper (s)</th></tr></thead>
          <tbody id="ctc-table1-body"></tbody>
        </table>
      </div>
      <p class="help" id="ctc-table1-note"></p>
    </div>
  `,
});
