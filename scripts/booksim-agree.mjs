// Does `topolab sim` agree with BookSim2 (issue 61)? For every network both simulators run with
// their own routing — mesh and torus under dimension order, the hypercube as BookSim's k = 2
// mesh, the k-ary n-tree as BookSim's fattree under nca — and networks BookSim takes as anynet, both run the same experiment (the config `topolab
// export booksim` writes) at loads from 0.05 up, step 0.05, until both have saturated. It prints
// one markdown table (docs/simulator.md, "BookSim2 side by side") and, with --record, writes the
// curves with BookSim's commit to tests/data/booksim-reference.json, which
// tests/integration/booksim_agreement.rs holds ours to without BookSim installed.
//
//   node scripts/booksim-agree.mjs BOOKSIM_BINARY [--record] [--only torus:8x8] [--jobs 2]
//   node scripts/booksim-agree.mjs --recorded [--only torus:8x8]
//
// --recorded takes BookSim's side from tests/data/booksim-reference.json (at the loads recorded
// there) and runs ours alone: the table again after a change of ours, without BookSim.
//
// Conventions, so that the two columns mean the same: BookSim's packet latency counts the
// injection and ejection channels and one cycle from creation to injection, which ours does not
// model (3 cycles at any load, measured at zero load), so ours is shown + 3; BookSim's hops count
// routers traversed (ours + 1) and its uniform traffic sends 1/N of its packets to the source
// itself (through one router), which ours never does: BookSim runs with pair_stats, and its
// latency and hops over the packets between two different nodes are what ours is held to
// (its all-packet average is shown beside them). Saturation throughput: the most either accepted over
// the loads run. Needs target/release/topolab (cargo build --release) and a BookSim2 binary
// (fetch booksim/booksim2, then make -C src). Not part of `npm test`.

import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseBooksim } from "./booksim-run.mjs";

/** The networks compared: spec, routing, traffic. */
export const FAMILIES = [
  { topology: "mesh:8x8", routing: "dor" },
  { topology: "mesh:16x16", routing: "dor", cycles: 5000 },
  { topology: "torus:8x8", routing: "dor" },
  { topology: "torus:4x4x4", routing: "dor" },
  { topology: "hypercube:6", routing: "dor" },
  // BookSim's fattree with its nca routing (random up-ports), ours with nca
  { topology: "fattree:4:3", routing: "nca" },
  // body flits (issue 61: they skip routing and VC allocation, as BookSim's do)
  { topology: "mesh:8x8", routing: "dor", packet: 4, name: "mesh:8x8 4-flit" },
];

/** A family's name in the table and the record (its topology unless it says otherwise). */
const nameOf = (family) => family.name ?? family.topology;

/** BookSim's extra cycles in its packet latency (see the header). */
export const BOOKSIM_EXTRA_CYCLES = 3;

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const booksim = args[0] && !args[0].startsWith("--") ? resolve(args[0]) : process.env.BOOKSIM;
const REFERENCE = resolve("tests/data/booksim-reference.json");
const recordedRun = args.includes("--recorded") ? JSON.parse(readFileSync(REFERENCE, "utf8")) : null;
if (!recordedRun && (!booksim || !existsSync(booksim))) {
  console.log(`BookSim2 binary ${booksim ? `'${booksim}' not found` : "not given"}: fetch or clone
booksim/booksim2, apt-get install -y g++ flex bison, make -C src, then
  node scripts/booksim-agree.mjs path/to/booksim2/src/booksim [--record]`);
  process.exit(0);
}
const topolab = resolve("target/release/topolab");
if (!existsSync(topolab)) {
  console.log("target/release/topolab is missing: run `cargo build --release` first.");
  process.exit(0);
}
const JOBS = Number(option("jobs") ?? 2);
const only = option("only");
const families = FAMILIES.filter((f) => !only || nameOf(f) === only);

/** The flags of one experiment (the same for both simulators). */
function experiment(family, rate) {
  return ["--topology", family.topology, "--routing", family.routing, "--traffic", family.traffic ?? "uniform",
    "--vcs", "4", "--buf", "8", "--packet", String(family.packet ?? 1), "--stages", "4", "--warmup", "2000",
    "--cycles", String(family.cycles ?? 10000), "--seed", "1", "--rate", String(rate)];
}

/** Runs `command` without blocking the others; its stdout. */
function runAsync(command, argv, cwd, okStatus = [0]) {
  return new Promise((done, fail) => {
    const child = spawn(command, argv, { cwd });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("close", (status) => (okStatus.includes(status) ? done(out) : fail(new Error(`${command} ${argv.join(" ")}: ${status} ${err}`))));
  });
}

async function booksimPoint(family, rate) {
  const work = mkdtempSync(join(tmpdir(), "booksim-agree-"));
  try {
    spawnSync(topolab, ["export", "booksim", ...experiment(family, rate), "--out", work]);
    // BookSim's statistics per source and destination, to leave out its self-sends
    appendFileSync(join(work, "booksim.cfg"), "pair_stats = 1;\nstats_out = pairs.m;\n");
    const out = await runAsync(booksim, ["booksim.cfg"], work, [0, 255]);
    const stats = parseBooksim(out);
    const hopsMatch = out.slice(out.indexOf("====== Overall")).match(/Hops average = ([\d.eE+-]+)/);
    const hops = hopsMatch ? Number(hopsMatch[1]) : null;
    const others = withoutSelfSends(readFileSync(join(work, "pairs.m"), "utf8"), hops);
    return { latency: stats.latency, accepted: stats.accepted, hops, ...others };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * BookSim's latency and hops over the packets between two different nodes, from its per-pair
 * statistics (`pair_stats`): what ours measures, since its uniform never sends to the source.
 * A self-send crosses one router (BookSim counts 1 hop), so the hops follow from the average.
 */
function withoutSelfSends(stats, hops) {
  const row = (name) => {
    const m = stats.match(new RegExp(`${name}\\(1,:\\) = \\[([^\\]]*)\\]`));
    if (!m) throw new Error(`BookSim's stats_out has no ${name}`);
    return m[1].trim().split(/\s+/).map(Number);
  };
  const [sent, plat] = [row("pair_sent"), row("pair_plat")];
  const n = Math.round(Math.sqrt(sent.length));
  let [count, sum, self] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const k = i * n + j;
      if (i === j) self += sent[k];
      else if (sent[k] > 0) [count, sum] = [count + sent[k], sum + sent[k] * plat[k]];
    }
  }
  return {
    latency_others: sum / count,
    hops_others: hops == null ? null : (hops * (count + self) - self) / count,
  };
}

async function oursPoint(family, rate) {
  const out = JSON.parse(await runAsync(topolab, ["sim", ...experiment(family, rate), "--long-run", "--json"]));
  return { latency: out.avg_latency_cycles, accepted: out.accepted_flits_per_node_cycle, hops: out.avg_hops };
}

/** A point is past saturation when it accepts under 95% of the offered load. */
const past = (p, rate) => p.accepted < 0.95 * rate;

/** Ours at the loads BookSim's recorded curve has, beside it. */
async function recordedCurve(family) {
  const recorded = recordedRun.families.find((f) => (f.name ?? f.topology) === nameOf(family));
  if (!recorded) throw new Error(`${nameOf(family)} is not recorded in ${REFERENCE}`);
  const points = [];
  for (const p of recorded.points) {
    points.push({ rate: p.rate, booksim: p, ours: await oursPoint(family, p.rate) });
  }
  process.stderr.write(`${nameOf(family)}: done\n`);
  return points;
}

async function curve(family) {
  if (recordedRun) return recordedCurve(family);
  const points = [];
  // loads in pairs (both simulators of one load at once, JOBS at a time), until each has a
  // point past saturation (BookSim drains every measured packet, so each further point past
  // it costs minutes)
  for (let step = 1; step <= 20; step += Math.max(1, JOBS / 2)) {
    const rates = [step, step + 1].slice(0, Math.max(1, JOBS / 2)).map((s) => Number((0.05 * s).toFixed(2)));
    const got = await Promise.all(rates.map(async (rate) => {
      const [bs, ours] = await Promise.all([booksimPoint(family, rate), oursPoint(family, rate)]);
      return { rate, booksim: bs, ours };
    }));
    points.push(...got);
    process.stderr.write(`${nameOf(family)}: ${got.map((p) => p.rate).join(", ")} done\n`);
    const saturated = (who) => points.some((p) => past(p[who], p.rate));
    if (saturated("booksim") && saturated("ours")) break;
  }
  return points;
}

const fmt = (x, d = 2) => (x == null ? "—" : x.toFixed(d));
const pct = (a, b) => `${a >= b ? "+" : ""}${((100 * (a - b)) / b).toFixed(1)} %`;

const results = [];
for (const family of families) {
  const points = await curve(family);
  const sat = (who) => Math.max(...points.map((p) => p[who].accepted));
  results.push({ ...family, points, saturation: { booksim: sat("booksim"), ours: sat("ours") } });
}

const commit = recordedRun?.booksim_commit
  ?? (spawnSync("git", ["-C", dirname(dirname(booksim)), "rev-parse", "HEAD"], { encoding: "utf8" }).stdout.trim() || "unknown");
const when = recordedRun ? `BookSim recorded ${recordedRun.recorded}, ours ` : "";
console.log(`BookSim2 ${commit}; ${when}${new Date().toISOString().slice(0, 10)}; uniform, 4 VCs × 8 flits, 1-flit packets unless named, 4 stages, seed 1`);
console.log("latency in cycles, ours + 3 (BookSim's terminal channels and creation cycle); BookSim's latency over all its packets and over those between two nodes (its uniform sends 1/N to the source itself, ours never), Δ against the second; hops as BookSim counts (routers), between two nodes\n");
console.log("| network | load | × sat | latency BookSim, all | BookSim, between two nodes | ours + 3 | Δ | accepted BookSim | accepted ours | hops BookSim | hops ours + 1 |");
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of results) {
  for (const p of r.points) {
    const ours = p.ours.latency + BOOKSIM_EXTRA_CYCLES;
    const theirs = p.booksim.latency_others ?? p.booksim.latency;
    console.log(`| ${nameOf(r)} ${r.routing} | ${p.rate} | ${fmt(p.rate / r.saturation.booksim)} | ${fmt(p.booksim.latency)} | ${fmt(p.booksim.latency_others)} | ${fmt(ours)} | ${pct(ours, theirs)} | ${fmt(p.booksim.accepted, 3)} | ${fmt(p.ours.accepted, 3)} | ${fmt(p.booksim.hops_others ?? p.booksim.hops)} | ${fmt(p.ours.hops + 1)} |`);
  }
}
console.log("\n| network | saturation BookSim | saturation ours | Δ |");
console.log("|---|---|---|---|");
for (const r of results) {
  console.log(`| ${nameOf(r)} ${r.routing} | ${fmt(r.saturation.booksim, 3)} | ${fmt(r.saturation.ours, 3)} | ${pct(r.saturation.ours, r.saturation.booksim)} |`);
}

if (args.includes("--record") && !recordedRun) {
  // the families run replace their entries; the others stay as recorded
  const file = REFERENCE;
  const before = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")).families : [];
  const recorded = {
    booksim_commit: commit,
    recorded: new Date().toISOString().slice(0, 10),
    booksim_extra_cycles: BOOKSIM_EXTRA_CYCLES,
    families: [...before.filter((f) => !results.some((r) => nameOf(r) === (f.name ?? f.topology))), ...results.map((r) => ({
      ...(r.name ? { name: r.name } : {}),
      topology: r.topology, routing: r.routing, traffic: r.traffic ?? "uniform", cycles: r.cycles ?? 10000,
      packet: r.packet ?? 1,
      saturation: r.saturation.booksim,
      points: r.points.map((p) => ({
        rate: p.rate, latency: p.booksim.latency, latency_others: p.booksim.latency_others,
        accepted: p.booksim.accepted, hops: p.booksim.hops, hops_others: p.booksim.hops_others,
      })),
    }))],
  };
  writeFileSync(file, `${JSON.stringify(recorded, null, 1)}\n`);
  console.log(`\nwrote ${file}`);
}
