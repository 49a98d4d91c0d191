// The flit simulator's speed against network size, and against BookSim2, in one run (issue 26):
// `topolab sim` on meshes of 64, 576, 4,096 and 16,384 routers under DOR at two loads — equal
// traffic per router (the same offered flit-hops per router and cycle, 0.533, mesh 8×8 at 0.1,
// so the rate falls as the average distance grows) and a low load (0.01 flits/node/cycle) — as
// router-cycles per second over the whole run, set-up included (the process's wall time, the
// median of three runs); with a BookSim2 binary, BookSim's on the same experiments at 64 and
// 576 routers (its config from `topolab export booksim`, its whole process timed the same way,
// once). Natively; prints tables, asserts nothing. Not part of `npm test`.
//
//   node scripts/sim-scale.mjs [--booksim /tmp/booksim2/src/booksim]   (or BOOKSIM=…)
//   (needs target/release/topolab: cargo build --release)

import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { booksimRun, run } from "./booksim-run.mjs";

const topolab = resolve("target/release/topolab");
if (!existsSync(topolab)) {
  console.log("target/release/topolab is missing: run `cargo build --release` first.");
  process.exit(0);
}
const at = process.argv.indexOf("--booksim");
const booksim = (at > 0 ? process.argv[at + 1] : undefined) ?? process.env.BOOKSIM;
if (booksim && !existsSync(booksim)) throw new Error(`BookSim2 binary '${booksim}' not found`);

// side, warm-up, measured and most drain cycles (a run drains only until its measured packets
// are in; the work budget counts all three), and whether BookSim runs it too
const FLIT_HOPS_PER_NODE = (0.1 * (2 * (8 * 8 - 1))) / (3 * 8);
const LOW_RATE = 0.01;
const CASES = [
  [8, 2000, 20000, 10000, true],
  [24, 1000, 5000, 10000, true],
  [64, 1000, 2000, 2000, false],
  [128, 1000, 1000, 2000, false],
];

const rows = [];
for (const [k, warmup, cycles, drain, withBooksim] of CASES) {
  const routers = k * k;
  // the average DOR distance of a k×k mesh: 2(k² − 1)/(3k)
  const distance = (2 * (k * k - 1)) / (3 * k);
  for (const [load, rate] of [["equal per router", FLIT_HOPS_PER_NODE / distance], ["low", LOW_RATE]]) {
    const flags = ["--topology", `mesh:${k}x${k}`, "--routing", "dor", "--traffic", "uniform", "--rate", rate.toFixed(6),
      "--warmup", String(warmup), "--cycles", String(cycles), "--drain", String(drain), "--seed", "1", "--long-run"];
    // (the median of three runs by wall time: a run of a few hundredths of a second is at the
    // mercy of the machine)
    const ours = [0, 1, 2].map(() => run(topolab, ["sim", ...flags, "--json"])).sort((a, b) => a.seconds - b.seconds)[1];
    const r = JSON.parse(ours.stdout);
    const row = { routers, load, rate, cycles: r.simulated_cycles, seconds: ours.seconds, latency: r.avg_latency_cycles };
    row.speed = (routers * r.simulated_cycles) / ours.seconds;
    if (booksim && withBooksim) {
      const bs = booksimRun(topolab, booksim, flags);
      row.booksim = { ...bs, speed: (routers * bs.cycles) / bs.wall };
    }
    rows.push(row);
    process.stderr.write(`${routers} routers, ${load} load: done\n`);
  }
}

const fmt = (x, digits = 1) => (x == null ? "—" : x.toFixed(digits));
const count = (x) => Math.round(x).toLocaleString("en");
console.log("mesh k×k, dor, uniform, 4 VCs × 8 flits, 1-flit packets, 4 stages; router-cycles/s = routers × cycles run / wall seconds of the process\n");
for (const load of ["equal per router", "low"]) {
  const mine = rows.filter((r) => r.load === load);
  const base = mine[0].speed;
  console.log(`${load} load${load === "low" ? ` (${LOW_RATE} flits/node/cycle)` : " (0.533 offered flit-hops per router and cycle)"}:\n`);
  console.log("| routers | rate | cycles run | wall (s) | router-cycles/s | × 64's | latency | BookSim router-cycles/s | ours / BookSim |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of mine) {
    const bs = r.booksim;
    console.log(`| ${r.routers.toLocaleString("en")} | ${r.rate.toFixed(4)} | ${r.cycles.toLocaleString("en")} | ${r.seconds.toFixed(2)} | ${count(r.speed)} | ${(r.speed / base).toFixed(2)} | ${fmt(r.latency)} | ${bs ? count(bs.speed) : "—"} | ${bs ? `${fmt(r.speed / bs.speed)}×` : "—"} |`);
  }
  console.log("");
}
