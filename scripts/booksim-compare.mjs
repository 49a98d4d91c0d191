// BookSim2 side by side (issue 10): the same experiment in `topolab sim` and in BookSim2 —
// mesh 8×8, DOR, 4 VCs × 8 flits, 1-flit packets, uniform at 0.1, 0.3, 0.4 and 0.5 (past
// saturation) — with latency, accepted throughput and simulated cycles per second for both,
// and the same experiment in Chromium (the Simulate lab in the page's worker, WASM) for the
// WASM/native speed ratio. BookSim's config comes from `topolab export booksim`, so both run
// the same settings.
//
//   node scripts/booksim-compare.mjs [BOOKSIM_BINARY] [--topology mesh:24x24] [--rates 0.1,0.3]
//   (or BOOKSIM=… in the environment)
//
// Builds nothing: it needs target/release/topolab (cargo build --release) and a BookSim2
// binary. Not part of `npm test`.

import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { booksimRun, run } from "./booksim-run.mjs";
import { serve } from "./serve.mjs";

const CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"];

// `--topology mesh:KxK` and `--rates a,b,…` change the network and the loads (BookSim's own
// mesh is used for any k×k mesh under dor, so e.g. 576 routers: --topology mesh:24x24)
const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const RATES = option("rates", "0.1,0.3,0.4,0.5").split(",").map(Number);
const TOPOLOGY = option("topology", "mesh:8x8");
const EXPERIMENT = ["--topology", TOPOLOGY, "--routing", "dor", "--traffic", "uniform",
  "--vcs", "4", "--buf", "8", "--packet", "1", "--stages", "4", "--warmup", "2000",
  "--cycles", "10000", "--seed", "1"];
// BookSim counts the injection and ejection channels and one cycle from creation to injection
// in its packet latency; ours has none of them (measured at zero load, see booksim.cfg).
const BOOKSIM_EXTRA_CYCLES = 3;

const booksim = (process.argv[2]?.startsWith("--") ? undefined : process.argv[2]) ?? process.env.BOOKSIM;
if (!booksim || !existsSync(booksim)) {
  console.log(`BookSim2 binary ${booksim ? `'${booksim}' not found` : "not given"}. To get one:
  (fetch or clone booksim/booksim2 into /tmp/booksim2)
  apt-get install -y g++ flex bison
  cd /tmp/booksim2/src && make -j1
  node scripts/booksim-compare.mjs /tmp/booksim2/src/booksim   (or BOOKSIM=…)`);
  process.exit(0);
}
const topolab = resolve("target/release/topolab");
if (!existsSync(topolab)) {
  console.log("target/release/topolab is missing: run `cargo build --release` first.");
  process.exit(0);
}

const rows = [];
for (const rate of RATES) {
  const bs = booksimRun(topolab, booksim, [...EXPERIMENT, "--rate", String(rate)]);
  // (the median of three runs by their own wall time, as for WASM below: one run of a few
  // hundredths of a second is at the mercy of the machine)
  const three = [0, 1, 2].map(() => JSON.parse(run(topolab, ["sim", ...EXPERIMENT, "--rate", String(rate), "--json"]).stdout));
  const ours = three.sort((a, b) => a.wall_seconds - b.wall_seconds)[1];
  rows.push({ rate, bs, ours });
  process.stderr.write(`rate ${rate} done\n`);
}

// The same runs in Chromium: the Simulate lab's run in a worker (WASM), three times each, after
// one run left untimed: V8 first runs a module from its baseline compiler and swaps in the
// optimised code while it runs, so the first runs in a fresh browser measured the swap (mesh
// 8×8 at 0.1, the first rate: 0.42–0.67 of native, against 0.83–0.86 at 0.3 in the same
// browser). `cold` keeps that first run's speed.
async function wasmRuns(rates) {
  const flag = (name) => EXPERIMENT[EXPERIMENT.indexOf(`--${name}`) + 1];
  const section = {
    topology: flag("topology"), routing: flag("routing"), traffic: flag("traffic"),
    vcs: Number(flag("vcs")), buf: Number(flag("buf")), packet: Number(flag("packet")),
    stages: Number(flag("stages")), warmup: Number(flag("warmup")), cycles: Number(flag("cycles")),
  };
  const { server, url } = await serve(0, { quiet: true });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    return await page.evaluate(async ({ section, rates, seed }) => {
      const { Engine } = await import("/www/engine.js");
      const engine = new Engine(new URL("/www/", location.href));
      await engine.start();
      const out = {};
      const first = JSON.stringify({ version: 1, lab: "sim", seed, sim: { ...section, rate: rates[0] } });
      out.cold = (await engine.request("run", { json: first })).result;
      for (const rate of rates) {
        const json = JSON.stringify({ version: 1, lab: "sim", seed, sim: { ...section, rate } });
        const runs = [];
        for (let i = 0; i < 3; i++) runs.push((await engine.request("run", { json })).result);
        runs.sort((a, b) => a.wall_seconds - b.wall_seconds);
        out[rate] = runs[1];
      }
      return out;
    }, { section, rates, seed: Number(flag("seed")) });
  } finally {
    await browser.close();
    server.close();
  }
}
const wasm = await wasmRuns(RATES);

const fmt = (x, digits = 1) => (x == null ? "—" : x.toFixed(digits));
const pct = (a, b) => (a == null || b == null ? "—" : `${((100 * (a - b)) / b).toFixed(1)}%`);
console.log(`${TOPOLOGY}, dor, uniform, 4 VCs x 8 flits, 1-flit packets, 4 stages, warm-up 2000 + window 10000 cycles`);
console.log("latency in cycles; BookSim-3 = BookSim minus its 3 injection/ejection cycles; Δ = ours vs BookSim-3");
console.log("cycles/s = simulated cycles (warm-up + window + drain, each its own) / wall seconds of the run\n");
const header = ["offered", "lat ours", "lat BookSim", "lat BookSim-3", "Δ lat", "acc ours", "acc BookSim",
  "Δ acc", "cycles ours", "cycles BookSim", "cyc/s ours", "cyc/s BookSim", "speed-up", "cyc/s WASM", "WASM/native"];
console.log(`| ${header.join(" | ")} |`);
console.log(`|${header.map(() => "---").join("|")}|`);
for (const { rate, bs, ours } of rows) {
  const lat = ours.avg_latency_cycles;
  const adjusted = bs.latency - BOOKSIM_EXTRA_CYCLES;
  const oursRate = ours.simulated_cycles / ours.wall_seconds;
  const bsRate = bs.cycles / bs.seconds;
  console.log(`| ${[rate, fmt(lat), fmt(bs.latency), fmt(adjusted), pct(lat, adjusted),
    fmt(ours.accepted_flits_per_node_cycle, 3), fmt(bs.accepted, 3),
    pct(ours.accepted_flits_per_node_cycle, bs.accepted), ours.simulated_cycles, bs.cycles,
    Math.round(oursRate), Math.round(bsRate), `${fmt(oursRate / bsRate)}×`,
    Math.round(wasmRate(rate)), fmt(wasmRate(rate) / oursRate, 2)].join(" | ")} |`);
  if (wasm[rate].accepted_flits_per_node_cycle !== ours.accepted_flits_per_node_cycle) {
    console.log(`  (!) WASM and native differ at ${rate}: accepted ${wasm[rate].accepted_flits_per_node_cycle} vs ${ours.accepted_flits_per_node_cycle}`);
  }
}

{
  const cold = wasm.cold.simulated_cycles / wasm.cold.wall_seconds;
  const native = rows[0].ours.simulated_cycles / rows[0].ours.wall_seconds;
  console.log(`\nWASM's first run in the fresh browser (at ${rows[0].rate}, untimed above): ${Math.round(cold)} cycles/s, ${fmt(cold / native, 2)} of native`);
}

function wasmRate(rate) {
  return wasm[rate].simulated_cycles / wasm[rate].wall_seconds;
}
