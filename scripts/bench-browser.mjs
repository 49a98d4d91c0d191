// `npm run bench:browser`: timings in real Chromium (Debian's), printed, never asserted.
// - every lab: one representative run per lab (Slots, TopoGen, Routing, Simulate, Dual-plane,
//   OCS relay, CTC) through the worker, the median of several repetitions;
// - first render: navigation start → N and the figure on screen (default scenario, localhost);
// - N for every pattern on mesh:64x64, mesh:16x16x16, fattree:16:3 through the worker (WASM);
// - the Dual-plane lab: a DI-HC n = 12 run and the n = 8 search study through the worker;
// - the OCS relay lab: a run (allocation, routes, five simulations) per application at 256 nodes;
// - the WASM module's size.
// `npm run bench:browser -- --limits` times each lab at the page's documented limits instead
// (LIMIT_CASES: the set-up work — tables, layering, link search, an SST model — and runs at the
// page's work limit), each in a fresh worker, with the WASM memory it grew to; `--only TEXT`
// keeps the cases whose lab or description holds TEXT.
// `npm run bench:browser -- --estimates [--only TEXT]` runs long jobs (ESTIMATE_CASES) and holds
// every time left their progress line would show to the time the run then took.
// `npm run bench:browser -- --labs [--reps 7] [--pkg DIR]...` times only the labs; with several
// --pkg (wasm-bindgen output folders, e.g. www/pkg and a copy of an older build) it loads each in
// its own worker and interleaves their repetitions, so load from other work on the machine falls
// on all of them alike, and prints each lab's median per folder and the change against the first.
import { chromium } from 'playwright-core';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { serve } from './serve.mjs';

export const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const patterns = ['uniform', 'randperm', 'bitrev', 'transpose', 'neighbor', 'shuffle', 'butterfly', 'bitcomp', 'tornado', 'hotspot:0.2', 'local:1.0'];
const topologies = ['mesh:64x64', 'mesh:16x16x16', 'fattree:16:3'];

// One representative run per lab (the page's presets, sized to take 0.1–2 s): what `run` does
// when a lecturer presses Run — the computation, the trace, the result and the first figure
// (an entry with `study` runs that named study of its Scenario instead).
export const LAB_CASES = [
  ['Slots', 'N of fattree:16:3 uniform, mesh:64x64 transpose, mesh:16x16x16 uniform', [
    { lab: 'slots', seed: 1, slots: { topology: 'fattree:16:3', pattern: 'uniform' } },
    { lab: 'slots', seed: 1, slots: { topology: 'mesh:64x64', pattern: 'transpose' } },
    { lab: 'slots', seed: 1, slots: { topology: 'mesh:16x16x16', pattern: 'uniform' } },
  ]],
  ['TopoGen', '2,048 nodes, degree 5, uniform', [{ lab: 'topogen', seed: 1, topogen: { nodes: 2048, degree: 5, pattern: 'uniform' } }]],
  ['Routing', 'LOREN on LRT(1024,4,8), t_max 64', [{ lab: 'routing', seed: 1, routing: { topology: 'lrt:1024:4:8', scheme: 'loren', tmax: 64 } }]],
  ['Simulate', 'mesh:8x8 DOR uniform 0.3 + lrt:64 LOREN transpose 0.1, 10,000 cycles each', [
    { lab: 'sim', seed: 1, sim: { topology: 'mesh:8x8', routing: 'dor', traffic: 'uniform', rate: 0.3, warmup: 1000, cycles: 10000 } },
    { lab: 'sim', seed: 2, sim: { topology: 'lrt:64:4:2', routing: 'loren', tmax: 16, traffic: 'transpose', rate: 0.1, warmup: 1000, cycles: 10000 } },
  ]],
  ['Dual-plane', 'two 12-cubes and two folded 10-cubes, routes 0 → last; the search study at n = 8, effort 0.3', [
    { lab: 'dualplane', seed: 1, dualplane: { kind: 'hc', n: 12, generators: '', source: 0, destination: 4095 } },
    { lab: 'dualplane', seed: 1, dualplane: { kind: 'fhc', n: 10, generators: '', source: 0, destination: 1023 } },
    { study: 'search', lab: 'dualplane', seed: 1, dualplane: { kind: 'hc', n: 8, generators: '', effort: 0.3 } },
  ]],
  ['OCS relay', '8x32 / 64 OCS nodes, cg (allocation, routes, 5 simulations)', [{ lab: 'ocs-relay', seed: 1, 'ocs-relay': { edge: '8x32', ocs_nodes: 64, app: 'cg' } }]],
  ['CTC', 'random:32:0.5 SA 1000 + stencil:32x32 in LCs of 16, SA 1000', [
    { lab: 'ctc', seed: 1, ctc: { traffic: 'random:32:0.5', iterations: 1000 } },
    { lab: 'ctc', seed: 1, ctc: { traffic: 'stencil:32x32', cluster_size: 16, iterations: 1000 } },
  ]],
];

// Each lab at the page's limits (issue 53: "the set-up costs measured at each limit"): a run
// whose cycles are `atLimit` takes the most cycles the page's work check allows (asked for with
// too many, then run at the number the refusal names); `then` is a request after the run (an
// export). A refusal is an answer too, printed as such.
export const LIMIT_CASES = [
  ['Slots', '65,536 switches (mesh:256x256, uniform)', { lab: 'slots', seed: 1, slots: { topology: 'mesh:256x256', pattern: 'uniform' } }],
  ['TopoGen', '16,384 end nodes, degree 5, uniform (link search at its work limit)', { lab: 'topogen', seed: 1, topogen: { nodes: 16384, degree: 5, pattern: 'uniform' } }],
  ['Routing', 'LOREN on LRT(4096,4,16): 4,096 switches, tables', { lab: 'routing', seed: 1, routing: { topology: 'lrt:4096:4:16', scheme: 'loren' } }],
  ['Routing', 'Cowen on LRT(4096,4,16)', { lab: 'routing', seed: 1, routing: { topology: 'lrt:4096:4:16', scheme: 'cowen' } }],
  ['Simulate', 'LOREN on LRT(4096,4,16), 8 VCs: layering 4,096 destinations, 2,000 cycles at 0.01', { lab: 'sim', seed: 1, sim: { topology: 'lrt:4096:4:16', routing: 'loren', vcs: 8, rate: 0.01, warmup: 500, cycles: 1000, drain: 500 } }],
  ['Simulate', 'shortest on full:576 at rate 1 (575 ports a router), at the work limit', { lab: 'sim', seed: 1, sim: { topology: 'full:576', routing: 'shortest', rate: 1 } }, { atLimit: true }],
  ['Simulate', 'dual:hc:8:x16 at rate 1 (4,096 end nodes on 512 routers), at the work limit', { lab: 'sim', seed: 1, sim: { topology: 'dual:hc:8:x16', routing: 'dual-plane', rate: 1 } }, { atLimit: true }],
  ['Simulate', 'tree2:2x2048 at rate 1 (4,096 end nodes on 3 routers), at the work limit', { lab: 'sim', seed: 1, sim: { topology: 'tree2:2x2048', routing: 'shortest', rate: 1 } }, { atLimit: true }],
  ['Simulate', 'hc:12 DOR at rate 1 (4,096 routers), at the work limit', { lab: 'sim', seed: 1, sim: { topology: 'hc:12', routing: 'dor', rate: 1 } }, { atLimit: true }],
  ['Simulate', 'mesh:64x64 DOR at rate 1 (4,096 routers), at the work limit', { lab: 'sim', seed: 1, sim: { topology: 'mesh:64x64', routing: 'dor', rate: 1 } }, { atLimit: true }],
  ['Simulate', 'SST model of mesh:24x24 DOR (every pair\'s route)', { lab: 'sim', seed: 1, sim: { topology: 'mesh:24x24', routing: 'dor', rate: 0.1, warmup: 100, cycles: 100, drain: 100 } }, { then: 'sst' }],
  ['Simulate', 'SST model of mesh:32x32 DOR (above the page\'s route bytes)', { lab: 'sim', seed: 1, sim: { topology: 'mesh:32x32', routing: 'dor', rate: 0.1, warmup: 100, cycles: 100, drain: 100 } }, { then: 'sst' }],
  ['Dual-plane', 'DI-HC n = 12 (the floor model at its largest)', { lab: 'dualplane', seed: 1, dualplane: { kind: 'hc', n: 12, generators: '', source: 0, destination: 4095 } }],
  ['OCS relay', '4,096 nodes (4096x1, 4,096 OCS nodes)', { lab: 'ocs-relay', seed: 1, 'ocs-relay': { edge: '4096x1', ocs_nodes: 4096 } }],
  ['CTC', '4,096 tasks in 1,024 LCs, random:4096:0.01, SA at its work limit (177 iterations)', { lab: 'ctc', seed: 1, ctc: { traffic: 'random:4096:0.01', cluster_size: 4, iterations: 177 } }],
];

// Long runs whose progress line tells a time left (`--estimates`): each run's progress reports
// are recorded with their times and replayed through the page's own Estimate (www/dom.js), so
// every line the page would have shown is held against the time the run then took.
/** The scenario of the LIMIT_CASES row whose lab and description begin so (not its place in the list). */
const limitCase = (lab, about) => LIMIT_CASES.find(([l, a]) => l === lab && a.startsWith(about))[2];
export const ESTIMATE_CASES = [
  ['Simulate', 'mesh:16x16 DOR uniform 0.3, 33,000 cycles', { lab: 'sim', seed: 1, sim: { topology: 'mesh:16x16', routing: 'dor', traffic: 'uniform', rate: 0.3, warmup: 2000, cycles: 28000, drain: 3000 } }],
  ['Simulate', 'LOREN on LRT(4096,4,16), 8 VCs, 2,000 cycles at 0.01 (layering first)', limitCase('Simulate', 'LOREN on LRT(4096,4,16)')],
  ['TopoGen', '8,192 end nodes, degree 5, uniform', { lab: 'topogen', seed: 1, topogen: { nodes: 8192, degree: 5, pattern: 'uniform' } }],
  ['TopoGen', '16,384 end nodes, degree 5, uniform (link search at its work limit)', limitCase('TopoGen', '16,384 end nodes')],
  ['Routing', 'LOREN on LRT(4096,4,16)', limitCase('Routing', 'LOREN on LRT(4096,4,16)')],
  ['Slots', 'mesh:256x256 uniform', limitCase('Slots', '65,536 switches')],
  ['CTC', '4,096 tasks, SA at its work limit', limitCase('CTC', '4,096 tasks')],
];

/**
 * Runs ESTIMATE_CASES in Chromium and prints, per run, when the first time left was shown, how
 * many lines showed one and how many of those were within 2× of the truth, and the worst ratio.
 */
async function benchEstimates(context, url, only) {
  const { Estimate } = await import('../www/dom.js');
  const page = await context.newPage();
  await page.goto(`${url}?bench-estimates`);
  const saved = []; // the runs' reports, kept in test-results/estimates.json to replay other rules on
  for (const [lab, about, scenario] of ESTIMATE_CASES.filter(([lab, about]) => !only || `${lab} ${about}`.includes(only))) {
    const { reports, end } = await page.evaluate(async (scenario) => {
      const { Engine } = await import('/www/engine.js');
      const engine = new Engine(new URL('/www/', location.href));
      await engine.start();
      const reports = [];
      const t0 = performance.now();
      try {
        await engine.request('run', { json: JSON.stringify({ version: 1, ...scenario }) }, (fraction) => reports.push([performance.now() - t0, Number(fraction)]));
      } finally {
        engine.stop();
      }
      return { reports, end: performance.now() - t0 };
    }, scenario);
    saved.push({ lab, about, end, reports });
    const estimate = new Estimate(0);
    const told = [];
    for (const [t, fraction] of reports) {
      const m = estimate.text('Working…', fraction, t).match(/about (\d+) (s|min) left|under a second left/);
      if (m) told.push([t, fraction, m[1] ? Number(m[1]) * (m[2] === 'min' ? 60 : 1) : 0.5, (end - t) / 1000]);
    }
    const ratio = ([, , said, truth]) => Math.max(said, 0.5) / Math.max(truth, 0.5);
    const within = told.filter((x) => ratio(x) >= 0.5 && ratio(x) <= 2).length;
    const worst = told.reduce((w, x) => (Math.abs(Math.log(ratio(x))) > Math.abs(Math.log(w)) ? ratio(x) : w), 1);
    const first = told[0] ? `first at ${(100 * told[0][1]).toFixed(0)} % (${(told[0][0] / 1000).toFixed(1)} s)` : 'never shown';
    console.log(`  ${lab.padEnd(10)}${`${(end / 1000).toFixed(1)} s`.padStart(8)}  ${about}: ${reports.length} reports, ${first}; ${within} of ${told.length} lines within 2× of the truth, worst ${worst.toFixed(2)}×`);
  }
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/estimates.json', JSON.stringify(saved));
  await page.close();
}

/** Runs LIMIT_CASES in Chromium, each in a fresh worker; rows {lab, about, ms, memory, outcome}. */
async function benchLimits(context, url, only) {
  const page = await context.newPage();
  await page.goto(`${url}?bench-limits`);
  const rows = [];
  for (const [lab, about, scenario, options = {}] of LIMIT_CASES.filter(([lab, about]) => !only || `${lab} ${about}`.includes(only))) {
    const row = await page.evaluate(async ({ scenario, options }) => {
      const { Engine } = await import('/www/engine.js');
      const engine = new Engine(new URL('/www/', location.href));
      await engine.start();
      let json = JSON.stringify({ version: 1, ...scenario });
      let note = '';
      try {
        if (options.atLimit) {
          // (each limit names the cycles it allows; the next may allow fewer, so ask until one
          // is accepted by the check — a run's first work is the check, so the refused asks cost
          // nothing)
          let most = 10_000_000;
          for (let ask = 0; ask < 4; ask++) {
            const at = JSON.stringify({ version: 1, ...scenario, sim: { ...scenario.sim, warmup: 0, cycles: most, drain: 0 } });
            const refusal = await engine.request('precheck', { json: at }).then(() => null, (e) => String(e.message));
            if (!refusal) break;
            most = Number(refusal.match(/at most (\d+) cycles/)?.[1]);
            if (!most) throw new Error(`no limit named: ${refusal}`);
          }
          json = JSON.stringify({ version: 1, ...scenario, sim: { ...scenario.sim, warmup: 0, cycles: most, drain: 0 } });
          note = `${most} cycles; `;
        }
        let reports = 0;
        const t0 = performance.now();
        const r = await engine.request('run', { json }, () => reports++);
        let ms = performance.now() - t0;
        if (options.then) {
          const t1 = performance.now();
          const out = await engine.request(options.then).then((v) => `${options.then} ${JSON.stringify(v).length} B in ${(performance.now() - t1).toFixed(0)} ms`, (e) => `${options.then} refused: ${e.message}`);
          note += out;
        } else {
          note += `${reports} progress reports; ${Object.entries(r.result).filter(([, v]) => typeof v === 'number').slice(0, 2).map(([k, v]) => `${k} ${Number(v.toFixed?.(3) ?? v)}`).join(', ')}`;
        }
        return { ms, memory: await engine.request('memory'), outcome: note };
      } catch (e) {
        return { ms: null, memory: await engine.request('memory').catch(() => null), outcome: `refused: ${e.message}` };
      } finally {
        engine.stop();
      }
    }, { scenario, options });
    rows.push({ lab, about, ...row });
    console.log(`  ${lab.padEnd(11)}${(row.ms === null ? '—' : `${(row.ms / 1000).toFixed(1)} s`).padStart(9)}${row.memory ? `${(row.memory / 2 ** 20).toFixed(0)} MiB`.padStart(10) : ''.padStart(10)}  ${about}: ${row.outcome}`);
  }
  await page.close();
  return rows;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Times every lab case on each wasm-bindgen output folder in `pkgs` (each in its own worker,
 * served under /bench-pkg-<i>/www/), `reps` repetitions after one warm-up, interleaved.
 * Returns rows {lab, about, ms: [median per pkg]}.
 */
export async function benchLabs(context, url, pkgs, reps) {
  const root = resolve(new URL('..', import.meta.url).pathname);
  for (const [i, dir] of pkgs.entries()) {
    await context.route(new RegExp(`/bench-pkg-${i}/www/`), (route) => {
      const path = new URL(route.request().url()).pathname.replace(`/bench-pkg-${i}/www/`, '');
      const file = path.startsWith('pkg/') ? resolve(dir, path.slice(4)) : resolve(root, 'www', path);
      const type = file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript; charset=utf-8';
      route.fulfill({ status: 200, contentType: type, body: readFileSync(file) });
    });
  }
  const page = await context.newPage();
  await page.goto(`${url}?bench-labs`);
  const cases = LAB_CASES.map(([lab, about, scenarios]) => ({
    lab,
    about,
    requests: scenarios.map(({ study, ...s }) => ({ study: study ?? null, json: JSON.stringify({ version: 1, ...s }) })),
  }));
  const times = await page.evaluate(async ({ cases, count, reps }) => {
    const { Engine } = await import('/www/engine.js');
    const engines = [];
    for (let i = 0; i < count; i++) {
      const engine = new Engine(new URL(`/bench-pkg-${i}/www/`, location.href));
      await engine.start();
      engines.push(engine);
    }
    const runCase = async (engine, requests) => {
      const t0 = performance.now();
      for (const { study, json } of requests) {
        await (study ? engine.request('study', { json, name: study, args: {} }) : engine.request('run', { json }));
      }
      return performance.now() - t0;
    };
    const out = cases.map(() => engines.map(() => []));
    for (const [c, { requests }] of cases.entries()) {
      for (const engine of engines) await runCase(engine, requests); // warm-up (compiles the code on the path)
      for (let r = 0; r < reps; r++) {
        // alternate the order so neither folder always runs first
        const order = engines.map((_, i) => i);
        if (r % 2) order.reverse();
        for (const i of order) out[c][i].push(await runCase(engines[i], requests));
      }
    }
    for (const engine of engines) engine.stop();
    return out;
  }, { cases, count: pkgs.length, reps });
  await page.close();
  return cases.map(({ lab, about }, c) => ({ lab, about, ms: times[c].map(median) }));
}

function printLabs(rows, pkgs, reps) {
  console.log(`Every lab in Chromium (worker round trip of a lab run incl. trace and first figure), median of ${reps}:`);
  const head = pkgs.map((p, i) => (i === 0 ? p : `${p} (Δ)`).slice(-28).padStart(28)).join(' ');
  console.log(`  ${'lab'.padEnd(11)}${head}  case`);
  for (const { lab, about, ms } of rows) {
    const cells = ms.map((m, i) => (i === 0 ? `${m.toFixed(1)} ms` : `${m.toFixed(1)} ms (${(((m - ms[0]) / ms[0]) * 100).toFixed(1).replace(/^(?!-)/, '+')}%)`).padStart(28)).join(' ');
    console.log(`  ${lab.padEnd(11)}${cells}  ${about}`);
  }
  for (const dir of pkgs) {
    const wasm = readFileSync(resolve(dir, 'topolab_bg.wasm'));
    console.log(`  ${dir}: WASM ${wasm.length} B, ${gzipSync(wasm, { level: 9 }).length} B gzipped (level 9)`);
  }
}

/** The older, more detailed timings: first render, N per pattern, TopoGen sizes, per-lab targets. */
async function benchEach(context, url) {
  const page = await context.newPage();
  const firstRenders = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`${url}?bench=${i}`);
    firstRenders.push(await page.evaluate(async () => {
      while (!(document.querySelector('#figure svg') && document.querySelector('#metric-max-slots')?.textContent.trim())) {
        await new Promise((r) => setTimeout(r, 5));
      }
      return performance.now();
    }));
  }
  console.log(`first render (navigation → N + figure): ${firstRenders.map((t) => t.toFixed(0)).join(', ')} ms`);

  const rows = await page.evaluate(async ({ topologies, patterns }) => {
    const { Engine } = await import('/www/engine.js');
    const engine = new Engine(new URL('/www/', location.href));
    await engine.start();
    const out = [];
    for (const topology of topologies) {
      for (const pattern of patterns) {
        const json = JSON.stringify({ version: 1, lab: 'slots', seed: 1, slots: { topology, pattern } });
        try {
          await engine.request('run', { json });
          const times = [];
          let n = null;
          for (let i = 0; i < 5; i++) {
            const t0 = performance.now();
            const r = await engine.request('run', { json });
            times.push(performance.now() - t0);
            n = r.result.max_slots;
          }
          times.sort((a, b) => a - b);
          out.push({ topology, pattern, n, median_ms: times[2] });
        } catch (e) {
          out.push({ topology, pattern, error: String(e.message) });
        }
      }
    }
    return out;
  }, { topologies, patterns });
  console.log('N in Chromium (worker round trip incl. figure), median of 5:');
  for (const r of rows) console.log(`  ${r.topology.padEnd(14)} ${r.pattern.padEnd(12)} ${r.error ?? `N=${String(r.n).padEnd(4)} ${r.median_ms.toFixed(1)} ms`}`);
  const generated = await page.evaluate(async () => {
    const { Engine } = await import('/www/engine.js');
    const engine = new Engine(new URL('/www/', location.href));
    await engine.start();
    const out = [];
    for (const [nodes, target] of [[1024, null], [1024, 14], [1024, 5], [4096, null], [4096, 14], [256, null]]) {
      const json = JSON.stringify({ version: 1, lab: 'topogen', seed: 1, topogen: { nodes, degree: 5, pattern: 'uniform', target_slots: target } });
      let updates = 0;
      const t0 = performance.now();
      const r = await engine.request('run', { json }, () => updates++);
      out.push({ nodes, target, ms: performance.now() - t0, updates, switches: r.result.switches, n: r.result.max_slots, drawn: Boolean(r.figure.drawing) });
    }
    return out;
  });
  console.log('TopoGen in Chromium (worker, uniform, degree 5, with trace and figure):');
  for (const g of generated) console.log(`  ${String(g.nodes).padEnd(5)} nodes${g.target ? `, N ≤ ${g.target}` : ''}: ${g.ms.toFixed(0)} ms, ${g.switches} switches, N=${g.n}, ${g.updates} progress updates, figure ${g.drawn ? 'drawn' : 'refused'}`);
  const routing = await page.evaluate(async () => {
    const { Engine } = await import('/www/engine.js');
    const engine = new Engine(new URL('/www/', location.href));
    await engine.start();
    const json = JSON.stringify({ version: 1, lab: 'routing', seed: 1, routing: { topology: 'lrt:1024:4:8', scheme: 'loren', tmax: 64 } });
    const t0 = performance.now();
    const r = await engine.request('run', { json });
    return { ms: performance.now() - t0, avg: r.result.avg_path_length };
  });
  console.log(`LOREN in Chromium: LRT(1024,4,8), t_max 64, tables + all-pairs path length: ${routing.ms.toFixed(0)} ms (avg path ${routing.avg.toFixed(3)})`);
  const dual = await page.evaluate(async () => {
    const { Engine } = await import('/www/engine.js');
    const engine = new Engine(new URL('/www/', location.href));
    await engine.start();
    const scenario = (dualplane) => JSON.stringify({ version: 1, lab: 'dualplane', seed: 1, dualplane });
    const median = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
    // paper 004 §2.4: the search at n = 8 (annealing), then a DI-HC set at n = 12 from a short search
    let t0 = performance.now();
    const search8 = await engine.request('study', { json: scenario({ kind: 'hc', n: 8, generators: '' }), name: 'search', args: {} });
    const searchMs = performance.now() - t0;
    const set12 = await engine.request('study', { json: scenario({ kind: 'hc', n: 12, generators: '', effort: 0.2 }), name: 'search', args: {} });
    const json = scenario({ kind: 'hc', n: 12, generators: set12.best.generators.join(','), source: 0, destination: 4095 });
    await engine.request('run', { json });
    const times = [];
    let r = null;
    for (let i = 0; i < 5; i++) {
      t0 = performance.now();
      r = await engine.request('run', { json });
      times.push(performance.now() - t0);
    }
    return { searchMs, search8, runMs: median(times), result: r.result, overview: Boolean(r.figure.hasOverview) };
  });
  console.log('Dual-plane in Chromium (paper 004, worker round trip):');
  console.log(`  run DI-HC n = 12 (both metrics, identical planes, Table 1 row, floor: ${dual.result.rack_cables.plane.length} rack-pair cable groups, overview figure ${dual.overview ? 'drawn' : 'none'}), median of 5: ${dual.runMs.toFixed(1)} ms (target < 60 ms); avg distance ${dual.result.avg_distance.toFixed(4)}, a2a ${dual.result.a2a_max_traffic.toFixed(4)}, cable ${dual.result.avg_cable_m.toFixed(2)} m`);
  const b8 = dual.search8.best;
  console.log(`  search study, HC n = 8 (${dual.search8.method}, ${dual.search8.evaluated} sets, core ${dual.search8.seconds.toFixed(2)} s): ${(dual.searchMs / 1000).toFixed(2)} s (target < 5 s); best avg distance ${b8.avg_distance.toFixed(4)} (${b8.distance_gain_pct.toFixed(1)}%), a2a ${b8.a2a_max_traffic.toFixed(4)} (+${b8.a2a_gain_pct.toFixed(1)}%)`);
  const relay = await page.evaluate(async () => {
    const { Engine } = await import('/www/engine.js');
    const engine = new Engine(new URL('/www/', location.href));
    await engine.start();
    const out = [];
    // paper 001: a lab run is the allocation, the routes and five simulations (ours, EPS only,
    // full bisection, and the 1:20 pair); 8×32 with 64 OCS nodes, each application
    for (const app of ['neighbor', 'cg', 'lu', 'mg']) {
      const json = JSON.stringify({ version: 1, lab: 'ocs-relay', seed: 1, 'ocs-relay': { edge: '8x32', ocs_nodes: 64, app } });
      const t0 = performance.now();
      const r = await engine.request('run', { json });
      out.push({ app, ms: performance.now() - t0, relative: r.result.relative_time, hops: r.result.packet_hops });
    }
    return out;
  });
  console.log('OCS relay in Chromium (paper 001, 8×32/64, worker round trip of a lab run = allocation + routes + 5 simulations):');
  for (const r of relay) console.log(`  ${r.app.padEnd(9)} ${r.ms.toFixed(0)} ms (about ${(r.ms / 5).toFixed(0)} ms per simulation; target < 1 s for allocation + one); ours ${r.relative.toFixed(3)}× EPS only, ${r.hops} packet-hops in ours`);
  const ctc = await page.evaluate(async () => {
    const { Engine } = await import('/www/engine.js');
    const engine = new Engine(new URL('/www/', location.href));
    await engine.start();
    const out = [];
    // paper 003: a lab run is HDF, SA (one serving per iteration), the recorded serving of the
    // best order, the 2V − M* bound and the 3-D torus mapping; the ILP at N = 16 separately
    const cases = [
      ['random:32:0.5, HDF + SA 1000', { traffic: 'random:32:0.5', iterations: 1000 }],
      ['random:256:0.5, HDF + SA 1000', { traffic: 'random:256:0.5', iterations: 1000 }],
      ['random:16:0.5, ILP (after SA 1000)', { traffic: 'random:16:0.5', solver: 'ilp', time_limit_s: 60 }],
      ['stencil:64x64 in LCs of 16, SA 1000', { traffic: 'stencil:64x64', cluster_size: 16, iterations: 1000 }],
    ];
    for (const [label, ctc] of cases) {
      const json = JSON.stringify({ version: 1, lab: 'ctc', seed: 1, ctc });
      const t0 = performance.now();
      const r = await engine.request('run', { json });
      out.push({ label, ms: performance.now() - t0, core: r.result.runtime_ms, hop: r.result.hop_bytes, hdf: r.result.hdf_hop_bytes, ilp: r.result.ilp });
    }
    return out;
  });
  console.log('CTC in Chromium (paper 003, worker round trip of a lab run; targets: N = 32 < 300 ms, SA 1000 at N = 256 < 10 s):');
  for (const r of ctc) console.log(`  ${r.label.padEnd(38)} ${r.ms.toFixed(0)} ms (core ${r.core.toFixed(0)} ms); hop-bytes HDF ${r.hdf} → ${r.hop}${r.ilp ? `, ILP ${r.ilp.status} in ${r.ilp.elapsed_ms.toFixed(0)} ms, ${r.ilp.nodes} nodes` : ''}`);
  const wasm = statSync(new URL('../www/pkg/topolab_bg.wasm', import.meta.url)).size;
  console.log(`WASM size: ${(wasm / 1024).toFixed(0)} KiB (${wasm} bytes) before gzip`);
}

const { values: opts } = parseArgs({
  options: { limits: { type: 'boolean', default: false }, estimates: { type: 'boolean', default: false }, only: { type: 'string' }, labs: { type: 'boolean', default: false }, reps: { type: 'string', default: '7' }, pkg: { type: 'string', multiple: true }, tiering: { type: 'boolean', default: false } },
});
const reps = Number(opts.reps);
const pkgs = opts.pkg?.length ? opts.pkg : ['www/pkg'];

const { server, url } = await serve(0, { quiet: true });
// --labs compares compiled code, so V8 compiles every WASM function with its optimising compiler
// up front (without, a module runs in the baseline compiler until its functions tier up, which
// with several modules in several workers on two cores takes longer than the warm-up run);
// --tiering keeps the browser's default.
const jsFlags = opts.labs && !opts.tiering ? ['--js-flags=--no-wasm-dynamic-tiering'] : [];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...jsFlags] });
try {
  const context = await browser.newContext();
  if (opts.estimates) {
    console.log('Time-left estimates of long runs in Chromium (progress replayed through www/dom.js Estimate):');
    await benchEstimates(context, url, opts.only);
  } else if (opts.limits) {
    console.log('Each lab at the page\'s limits in Chromium (a fresh worker each; wall time of the run, WASM memory after it):');
    await benchLimits(context, url, opts.only);
  } else {
    printLabs(await benchLabs(context, url, pkgs, reps), pkgs, reps);
    if (!opts.labs) await benchEach(context, url);
  }
} finally {
  await browser.close();
  server.close();
}
