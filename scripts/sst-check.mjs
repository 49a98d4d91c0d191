// SST/Merlin side by side (issues 26, 54): the same experiment in `topolab sim` and in a real
// SST — Topolab's network, offered load and per-hop delays written by `topolab export sst` as
// Merlin's own topology (mesh, torus, hypercube as HyperX, fat-tree) or through anytopo with
// Topolab's routes (DIR/topolab.py, from src/export/sst_config.py), run on one MPI rank and on
// two — with the average packet latency of each, the difference, the wall times and the peak
// memory (of the process; per rank under MPI). Exits 1 when a difference exceeds --max-diff
// percent, 2 when a run fails.
//
//   node scripts/sst-check.mjs [--rates 0.02,0.05] [--models mesh:8x8/dor,lrt:256:4:4/loren:42]
//        [--traffic uniform] [--window WARMUP,CYCLES,DRAIN] [--vcs N] [--sst PATH] [--mpirun PATH]
//        [--np 2] [--topolab PATH] [--max-diff 15] [--from-json] [--keep]
//
// --from-json writes each model as SST JSON first (`sst --output-json=model.json --run-mode=init
// topolab.py`, timed as the export's second part) and runs that on one rank and under MPI
// (`--partitioner=sst.linear`), so that the Python configuration's build and the JSON's can be
// compared in time and memory per rank.
//
// --window sets the cycles of both runs (default: the export's, 2,000 + 10,000 + 10,000); the
// Topolab run is a long run (--long-run), since research sizes are what this is for.
//
// A model is TOPOLOGY/ROUTING[/TRAFFIC]. --sst defaults to `sst` on PATH, else /opt/sst/bin/sst
// (SST from scripts/sst-build.sh); --np 0 skips the MPI run. --keep leaves the directories in
// /tmp.
// Builds nothing: it needs target/release/topolab (cargo build --release). Not part of `npm test`.
//
// Latency: SST's is Merlin OfferedLoad's average (endpoint 0's summary at the end of the run),
// in ns = cycles. The difference compares it, less SST_NIC_START_NS, with Topolab's
// avg_latency_cycles: Merlin's LinkControl sends a packet one flit time after it reaches an idle
// NIC (linkControl.cc: `output_timing->send(1,…)`), a cycle Topolab's injection does not have —
// measured on mesh 8×8 DOR bit-complement (no contention in either): SST 5H + 5 ns for H hops
// against Topolab's 5H + 4 cycles, at every load and stage count tried.

import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const SST_NIC_START_NS = 1;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
};
const flag = (name) => process.argv.includes(`--${name}`);

if (flag("help") || flag("h")) {
  const text = readFileSync(fileURLToPath(import.meta.url), "utf8");
  console.log(text.slice(0, text.indexOf("\nimport ")).replace(/^\/\/ ?/gm, ""));
  process.exit(0);
}

// An executable on PATH, or null.
function onPath(name) {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not there or not executable: the next place
    }
  }
  return null;
}

const RATES = option("rates", "0.02").split(",").map(Number);
const TRAFFIC = option("traffic", "uniform");
const WINDOW = option("window", null)?.split(",").map(Number);
const VCS = option("vcs", null);
if (WINDOW && (WINDOW.length !== 3 || WINDOW.some((c) => !(c >= 0)))) throw new Error("--window: WARMUP,CYCLES,DRAIN");
const MODELS = option("models", "mesh:8x8/dor,lrt:256:4:4/loren:42").split(",").map((m) => {
  const [topology, routing, traffic = TRAFFIC] = m.split("/");
  if (!topology || !routing) throw new Error(`--models: '${m}' is not TOPOLOGY/ROUTING[/TRAFFIC]`);
  return { topology, routing, traffic };
});
const SST = option("sst", onPath("sst") ?? "/opt/sst/bin/sst");
const MPIRUN = option("mpirun", onPath("mpirun") ?? "mpirun");
const NP = Number(option("np", "2"));
const TOPOLAB = resolve(option("topolab", join(ROOT, "target/release/topolab")));
const MAX_DIFF = Number(option("max-diff", "15"));
const KEEP = flag("keep");
const FROM_JSON = flag("from-json");

if (RATES.some((r) => !(r > 0 && r <= 1))) throw new Error(`--rates: each in (0, 1], got ${RATES}`);
if (!existsSync(TOPOLAB)) {
  console.log(`${TOPOLAB} is missing: run \`cargo build --release\` first (or give --topolab).`);
  process.exit(2);
}
if (!existsSync(SST)) {
  console.log(`SST '${SST}' not found: build it with scripts/sst-build.sh, or give --sst PATH.`);
  process.exit(2);
}

// Runs a command under /usr/bin/time (each process's peak resident memory: one line per MPI
// rank); its stdout, wall seconds and the largest peak in MB.
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;
function run(command, args, { cwd, timed = false } = {}) {
  const started = process.hrtime.bigint();
  const [cmd, all] = timed && TIME && command !== MPIRUN ? [TIME, ["-f", "PEAK_KB %M", command, ...args]] : [command, args];
  const out = spawnSync(cmd, all, { cwd, encoding: "utf8", maxBuffer: 1 << 28 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (out.error) throw new Error(`${command}: ${out.error.message}`);
  if (out.status !== 0) {
    const shown = `${command} ${args.join(" ")}`;
    throw new Error(`${shown} failed (status ${out.status}):\n${(out.stdout ?? "").slice(-1500)}\n${(out.stderr ?? "").slice(-1500)}`);
  }
  const peaks = [...(out.stderr ?? "").matchAll(/PEAK_KB (\d+)/g)].map((m) => Number(m[1]) / 1024);
  return { stdout: out.stdout, seconds, peakMB: peaks.length ? Math.max(...peaks) : undefined };
}

const UNIT_NS = { ps: 1e-3, ns: 1, us: 1e3, µs: 1e3, ms: 1e6, s: 1e9 };

// Merlin OfferedLoad's summary, printed by endpoint 0 when the run ends:
//     Offered   Average
//     Load    Latency
//        0.02       31.389 ns        ('*' appended: the sources fell behind their schedule)
// (possibly prefixed by the component's name or an MPI rank tag). The last row wins.
function parseSst(text) {
  const header = text.search(/Load\s+Latency/);
  if (header < 0) throw new Error(`SST output has no OfferedLoad summary:\n${text.slice(-2000)}`);
  const rows = [...text.slice(header).matchAll(/([\d.]+)\s+([\d.]+(?:e[+-]?\d+)?)\s*(ps|ns|us|µs|ms|s)(\*?)\s*$/gm)];
  if (rows.length === 0) throw new Error(`SST's OfferedLoad summary has no latency row:\n${text.slice(header, header + 500)}`);
  const [, , value, unit, star] = rows[rows.length - 1];
  return { latency: Number(value) * UNIT_NS[unit], behind: star === "*" };
}

// Topolab's own run of the exported scenario: every setting from scenario.json.
function simArgs(s) {
  return ["sim", "--topology", s.topology, "--routing", s.routing, "--traffic", s.traffic,
    "--rate", String(s.rate), "--packet", String(s.packet_flits), "--stages", String(s.stages),
    "--link-latency", String(s.link_latency), "--vcs", String(s.vcs), "--buf", String(s.buffer_flits),
    "--warmup", String(s.warmup_cycles), "--cycles", String(s.cycles), "--drain", String(s.drain_cycles),
    "--seed", String(s.seed), "--long-run", "--json"];
}

function exportModel(model, rate, dir) {
  const window = WINDOW ? ["--warmup", String(WINDOW[0]), "--cycles", String(WINDOW[1]), "--drain", String(WINDOW[2])] : [];
  return run(TOPOLAB, ["export", "sst", "--topology", model.topology, "--routing", model.routing,
    "--traffic", model.traffic, "--rate", String(rate), ...window, ...(VCS ? ["--vcs", VCS] : []), "--out", dir, "--force"]).seconds;
}

// The bytes of the files in `dir`.
function bytesIn(dir) {
  return readdirSync(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
}

const pct = (a, b) => (100 * (a - b)) / b;
const fmt = (x, digits = 2) => (x === undefined ? "–" : x.toFixed(digits));
const work = mkdtempSync(join(tmpdir(), "sst-check-"));
const rows = [];
let failed = false;
try {
  for (const model of MODELS) {
    for (const rate of RATES) {
      const label = `${model.topology} ${model.routing} ${model.traffic} @ ${rate}`;
      const dir = join(work, `${model.topology}_${model.routing}_${model.traffic}_${rate}`.replace(/[^\w.-]/g, "_"));
      const row = { model, rate };
      try {
        row.exportSeconds = exportModel(model, rate, dir);
        const config = join(dir, "topolab.py");
        const scenario = JSON.parse(readFileSync(join(dir, "scenario.json"), "utf8"));
        row.scenario = scenario;
        row.modelBytes = bytesIn(dir);
        const ours = run(TOPOLAB, simArgs(scenario), { timed: true });
        row.topolab = { ...JSON.parse(ours.stdout), seconds: ours.seconds, peakMB: ours.peakMB };
        let input = config;
        if (FROM_JSON) {
          const json = join(dir, "model.json");
          row.jsonSeconds = run(SST, [`--output-json=${json}`, "--run-mode=init", config], { cwd: dir }).seconds;
          row.jsonBytes = statSync(json).size;
          input = json;
        }
        const parallel = FROM_JSON ? ["--partitioner=sst.linear"] : [];
        const one = run(SST, [...parallel, input], { cwd: dir, timed: true });
        row.sst1 = { ...parseSst(one.stdout), seconds: one.seconds, peakMB: one.peakMB };
        if (NP > 0) {
          const timedSst = TIME ? [TIME, "-f", "PEAK_KB %M", SST] : [SST];
          const many = run(MPIRUN, ["--allow-run-as-root", "--oversubscribe", "-np", String(NP), ...timedSst, ...parallel, input], { cwd: dir });
          row.sstN = { ...parseSst(many.stdout), seconds: many.seconds, peakMB: many.peakMB };
        }
        const reference = row.topolab.avg_latency_cycles;
        row.diff1 = pct(row.sst1.latency - SST_NIC_START_NS, reference);
        if (row.sstN) row.diffN = pct(row.sstN.latency - SST_NIC_START_NS, reference);
        row.over = [row.diff1, row.diffN].some((d) => d !== undefined && Math.abs(d) > MAX_DIFF);
        failed ||= row.over;
      } catch (error) {
        row.error = error.message;
      }
      rows.push(row);
      process.stderr.write(`${label}: ${row.error ? "FAILED" : "done"}\n`);
    }
  }
} finally {
  if (KEEP) process.stderr.write(`directories kept in ${work}\n`);
  else rmSync(work, { recursive: true, force: true });
}

console.log(`SST ${SST}${NP > 0 ? `, MPI: ${MPIRUN} -np ${NP}` : ""}; latency in cycles (SST: ns, 1 cycle = 1 ns)`);
console.log(`Δ = (SST − ${SST_NIC_START_NS} ns NIC start) vs Topolab, percent; '*': Merlin's sources fell behind (saturation)`);
console.log(`wall seconds: export / topolab sim / SST 1 rank${NP > 0 ? ` / SST ${NP} ranks` : ""}; peak MB: topolab sim / SST 1 rank${NP > 0 ? ` / SST per rank of ${NP}` : ""}\n`);
const mpi = NP > 0;
const header = ["model", "SST model (bytes)", "routers", "rate", "Topolab", "SST 1 rank", ...(mpi ? [`SST ${NP} ranks`] : []), "Δ 1 rank %",
  ...(mpi ? [`Δ ${NP} ranks %`] : []), "hops", "wall s", "peak MB"];
console.log(`| ${header.join(" | ")} |`);
console.log(`|${header.map(() => "---").join("|")}|`);
for (const r of rows) {
  const name = `${r.model.topology} ${r.model.routing} ${r.model.traffic}`;
  if (r.error) {
    console.log(`| ${name} | ${r.rate} | failed (below) |`);
    continue;
  }
  const sst = (s) => (s ? `${fmt(s.latency)}${s.behind ? "*" : ""}` : "–");
  const walls = [r.exportSeconds, r.topolab.seconds, r.sst1.seconds, ...(mpi ? [r.sstN.seconds] : [])]
    .map((s) => fmt(s, 1)).join(" / ");
  const mark = (d) => `${fmt(d, 1)}${Math.abs(d) > MAX_DIFF ? " (!)" : ""}`;
  const peaks = [r.topolab.peakMB, r.sst1.peakMB, ...(mpi ? [r.sstN.peakMB] : [])].map((m) => fmt(m, 0)).join(" / ");
  const kind = `${r.scenario.model ?? "anytopo"} (${r.modelBytes.toLocaleString("en")}${r.jsonBytes ? `; JSON ${r.jsonBytes.toLocaleString("en")} in ${fmt(r.jsonSeconds, 1)} s` : ""})`;
  console.log(`| ${[name, kind, r.topolab.switches ?? "–", r.rate, fmt(r.topolab.avg_latency_cycles), sst(r.sst1), ...(mpi ? [sst(r.sstN)] : []),
    mark(r.diff1), ...(mpi ? [mark(r.diffN)] : []), fmt(r.topolab.avg_hops), walls, peaks].join(" | ")} |`);
}
const errors = rows.filter((r) => r.error);
for (const r of errors) console.error(`\n${r.model.topology} ${r.model.routing} @ ${r.rate}:\n${r.error}`);
if (failed) console.log(`\n(!) a difference exceeds ${MAX_DIFF} %`);
process.exit(errors.length > 0 ? 2 : failed ? 1 : 0);
