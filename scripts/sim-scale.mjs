// The flit simulator's speed against network size (issue 26): `topolab sim` on meshes of 64,
// 576, 4,096 and 16,384 routers under DOR at equal traffic per router — the same offered
// flit-hops per router and cycle (0.533, mesh 8×8 at 0.1), so the rate falls as the average
// distance grows — and router-cycles per second over the whole run, set-up included (the
// process's wall time). Natively; prints a table, asserts nothing. Not part of `npm test`.
//
//   node scripts/sim-scale.mjs            (needs target/release/topolab: cargo build --release)

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const topolab = resolve("target/release/topolab");
if (!existsSync(topolab)) {
  console.log("target/release/topolab is missing: run `cargo build --release` first.");
  process.exit(0);
}

// side, warm-up and measured cycles; the rate is 0.533 flit-hops per node and cycle over the
// mesh's average DOR distance (2(k² − 1)/(3k) for a k×k mesh)
const FLIT_HOPS_PER_NODE = 0.1 * (2 * (8 * 8 - 1)) / (3 * 8);
const CASES = [
  [8, 2000, 20000],
  [24, 1000, 5000],
  [64, 1000, 2000],
  [128, 1000, 1000],
];

const rows = [];
for (const [k, warmup, cycles] of CASES) {
  const distance = (2 * (k * k - 1)) / (3 * k);
  const rate = FLIT_HOPS_PER_NODE / distance;
  const started = process.hrtime.bigint();
  const args = ["sim", "--topology", `mesh:${k}x${k}`, "--routing", "dor", "--rate", rate.toFixed(6), "--warmup", String(warmup), "--cycles", String(cycles), "--json"];
  const out = spawnSync(topolab, args, { encoding: "utf8", maxBuffer: 1 << 28 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (out.status !== 0) throw new Error(`topolab ${args.join(" ")} failed: ${out.stderr}`);
  const r = JSON.parse(out.stdout);
  const routers = k * k;
  rows.push({ routers, rate, cycles: r.simulated_cycles, seconds, speed: (routers * r.simulated_cycles) / seconds, latency: r.avg_latency_cycles, hops: r.avg_hops });
}
const base = rows[0].speed;
console.log("| routers | rate | cycles run | wall (s) | router-cycles/s | × 64's | latency | hops |");
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(`| ${r.routers.toLocaleString("en")} | ${r.rate.toFixed(4)} | ${r.cycles.toLocaleString("en")} | ${r.seconds.toFixed(2)} | ${Math.round(r.speed).toLocaleString("en")} | ${(r.speed / base).toFixed(2)} | ${r.latency.toFixed(1)} | ${r.hops.toFixed(1)} |`);
}
