// Paper 004 §3.4 at n = 12 (issue 27): the six variants — D-HC, DI-HC, DI-HC-r, D-FHC, DI-FHC,
// DI-FHC-r — as 8,192-router networks in `topolab sim`, with §3.4's router and cables (the
// Dual-plane lab's `--simulate` parameters: 2.56 ns cycles, 8-flit packets, 35 stages, 5 ns per
// metre of cable as 1.953125 cycles per metre, 4 VCs), the DI sets from the lab's default
// search (`topolab dualplane --search`, seed 1). The lab's own study stops at n = 8 (its seven
// loads would take an hour here); this runs fewer loads, each run on its own core.
//
// Buffers: 4 VCs × 32 flits, the most that fits a run's memory limit at this size (64 as at
// n = 8 would need 1.1 GiB); 128 flits per port cover a 30 m cable's credit round trip (about
// 2 × 59 cycles) when the VCs share it. Throughput: the most accepted over the loads (2,000
// cycles to a steady state, 2,000 measured); latency at 0.05 flits per node per cycle.
// Prints a table; asserts nothing; not part of `npm test`. About 20 minutes on 2 cores.
//
//   node scripts/dualplane-n12.mjs [--loads 0.6,0.8,1.0,1.2] [--buf 32] [--jobs 2]
//   (needs target/release/topolab: cargo build --release)

import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus } from "node:os";
import { resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const topolab = resolve("target/release/topolab");
if (!existsSync(topolab)) {
  console.log("target/release/topolab is missing: run `cargo build --release` first.");
  process.exit(0);
}
const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const LOADS = option("loads", "0.6,0.8,1.0,1.2").split(",").map(Number);
const BUF = option("buf", "32");
const JOBS = Number(option("jobs", String(cpus().length)));
const N = 12;
const CYCLE_NS = 2.56;
const ROUTER = ["--routing", "dual-plane", "--traffic", "uniform", "--latency-per-m", "1.953125",
  "--packet", "8", "--stages", "35", "--vcs", "4", "--buf", BUF, "--seed", "1", "--long-run"];

async function json(args) {
  const { stdout } = await run(topolab, [...args, "--json"], { maxBuffer: 1 << 30 });
  return JSON.parse(stdout);
}

// the networks: identical planes, and the default search's DI sets for both objectives
const variants = [];
for (const kind of ["hc", "fhc"]) {
  const base = await json(["dualplane", "--kind", kind, "--n", String(N)]);
  variants.push({ name: `D-${kind.toUpperCase()}`, spec: `dual:${kind}:${N}:x4`, scores: base });
  for (const [objective, suffix] of [["distance", ""], ["delay", "-r"]]) {
    const found = await json(["dualplane", "--kind", kind, "--n", String(N), "--search", "--objective", objective, "--seed", "1"]);
    const set = found.best.generators;
    variants.push({ name: `DI-${kind.toUpperCase()}${suffix}`, spec: `dual:${kind}:${N}:${set.join(",")}:x4`, scores: found.best });
  }
}

// every run, longest first, JOBS at a time
const runs = [];
for (const v of variants) {
  v.accepted = [];
  runs.push({ v, rate: 0.05, low: true, flags: ["--warmup", "2000", "--cycles", "4000", "--drain", "4000"] });
  for (const rate of LOADS) runs.push({ v, rate, flags: ["--warmup", "2000", "--cycles", "2000", "--drain", "0"] });
}
runs.sort((a, b) => b.rate - a.rate);
let next = 0;
const started = Date.now();
async function worker() {
  while (next < runs.length) {
    const r = runs[next++];
    const out = await json(["sim", "--topology", r.v.spec, ...ROUTER, "--rate", String(r.rate), ...r.flags]);
    if (r.low) r.v.latencyNs = out.avg_latency_cycles * CYCLE_NS;
    else r.v.accepted.push([r.rate, out.accepted_flits_per_node_cycle]);
    process.stderr.write(`${r.v.name} at ${r.rate}: accepted ${out.accepted_flits_per_node_cycle.toFixed(3)}, ${out.wall_seconds.toFixed(0)} s (${((Date.now() - started) / 60000).toFixed(1)} min)\n`);
  }
}
await Promise.all(Array.from({ length: Math.max(1, JOBS) }, worker));

const a2a = (v) => (v.scores.a2a_max_traffic / 4).toFixed(3); // 4 nodes per switch
console.log(`§3.4 at n = ${N}: ${variants.length} variants, 4 VCs × ${BUF} flits, loads ${LOADS.join(", ")}\n`);
console.log("| variant | a2a / 4 (bound) | throughput (flits/node/cycle) | accepted per load | delay model (ns) | latency at 0.05 (ns) |");
console.log("|---|---|---|---|---|---|");
for (const v of variants) {
  v.accepted.sort((a, b) => a[0] - b[0]);
  const throughput = Math.max(...v.accepted.map((p) => p[1]));
  const perLoad = v.accepted.map(([o, a]) => `${o}: ${a.toFixed(3)}`).join(", ");
  const model = v.scores.avg_delay_ns;
  console.log(`| ${v.name} | ${a2a(v) ?? "—"} | ${throughput.toFixed(3)} | ${perLoad} | ${model == null ? "—" : model.toFixed(0)} | ${v.latencyNs == null ? "—" : v.latencyNs.toFixed(0)} |`);
}
