// BookSim2 runs for the comparison scripts (booksim-compare.mjs, sim-scale.mjs): the experiment
// `topolab export booksim` writes for a set of `topolab sim` flags, run by a BookSim2 binary,
// with its final statistics, its simulated cycles and the run's wall time.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** Runs `command`; its stdout and wall seconds (BookSim2's main returns -1, status 255, on success). */
export function run(command, args, cwd, okStatus = [0]) {
  const started = process.hrtime.bigint();
  const out = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 1 << 28 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (!okStatus.includes(out.status)) {
    throw new Error(`${command} ${args.join(" ")} failed (${out.status}): ${out.stderr}`);
  }
  return { stdout: out.stdout, seconds };
}

/** BookSim's final ("Overall") statistics, its simulated cycles and its own run time. */
export function parseBooksim(text) {
  const overall = text.slice(text.indexOf("====== Overall Traffic Statistics"));
  const number = (source, re, what) => {
    const m = source.match(re);
    if (!m) throw new Error(`BookSim output has no ${what}:\n${text.slice(-2000)}`);
    return Number(m[1]);
  };
  return {
    latency: number(overall, /Packet latency average = ([\d.eE+-]+)/, "packet latency"),
    accepted: number(overall, /Accepted flit rate average = ([\d.eE+-]+)/, "accepted flit rate"),
    cycles: number(text, /Time taken is (\d+) cycles/, "'Time taken'"),
    seconds: number(text, /Total run time ([\d.eE+-]+)/, "'Total run time'"),
  };
}

/**
 * The experiment of `topolab sim` with `simFlags` (no --json) run in BookSim2: its statistics
 * and `wall`, the seconds of the whole BookSim process (set-up included).
 */
export function booksimRun(topolab, booksim, simFlags) {
  const work = mkdtempSync(join(tmpdir(), "booksim-run-"));
  try {
    // (an export does no work, so a run's --long-run is not its flag)
    const exportFlags = simFlags.filter((flag) => flag !== "--long-run");
    run(topolab, ["export", "booksim", ...exportFlags, "--out", work]);
    const out = run(resolve(booksim), ["booksim.cfg"], work, [0, 255]);
    return { ...parseBooksim(out.stdout), wall: out.seconds };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
