// Instructions per switch crossing of the flit engine, counted by cachegrind (issue 65): a count
// that does not depend on the machine's load, unlike a time. Runs
//   topolab sim --topology mesh:8x8 --routing dor --rate 0.1 --warmup 2000 --cycles 20000
// (or the topolab sim flags given after --) under `valgrind --tool=cachegrind`, reads the run's
// switch crossings from its JSON (`switch_crossings`), and prints the instructions per crossing:
// of the whole run, and of its cycles alone (less a run of the same network with one cycle of
// each kind: the set-up's routes, tables and buffers), with the functions that execute them.
//
//   node scripts/sim-instructions.mjs                 # builds target/release/topolab first
//   node scripts/sim-instructions.mjs --no-build -- --topology torus:8x8 --rate 0.2
//
// Needs Debian's valgrind (apt-get install -y valgrind). Not part of npm test: a measurement.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const args = process.argv.slice(2);
const dash = args.indexOf('--');
const own = dash < 0 ? args : args.slice(0, dash);
const DEFAULT = ['--topology', 'mesh:8x8', '--routing', 'dor', '--rate', '0.1', '--warmup', '2000', '--cycles', '20000'];
const flags = dash < 0 ? DEFAULT : args.slice(dash + 1);
const topolab = join(root, 'target/release/topolab');

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.log('valgrind is missing: apt-get install -y valgrind');
  process.exit(1);
}
if (!own.includes('--no-build')) execFileSync('cargo', ['build', '--release', '--bin', 'topolab'], { cwd: root, stdio: 'inherit' });
if (!existsSync(topolab)) {
  console.log('target/release/topolab is missing: run without --no-build');
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'topolab-cachegrind-'));

/** One run under cachegrind: its JSON output and the file of its counts. */
function counted(name, simFlags) {
  const out = join(dir, `${name}.out`);
  const run = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', `--cachegrind-out-file=${out}`, topolab, 'sim', ...simFlags, '--json'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status !== 0) {
    console.log(`topolab sim ${simFlags.join(' ')} failed:\n${run.stderr.split('\n').filter((l) => !l.startsWith('==')).join('\n')}`);
    process.exit(1);
  }
  return { result: JSON.parse(run.stdout), out };
}

/** Instructions per function of a cachegrind file (cg_annotate's table), and their total. */
function byFunction(file) {
  const text = execFileSync('cg_annotate', ['--show-percs=no', '--context=0', file], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const functions = [];
  let total = 0;
  // the table after the header "Ir  file:function", between its two rules of dashes
  let section = 'before';
  for (const line of text.split('\n')) {
    if (/^Ir\s+file:function/.test(line)) section = 'header';
    else if (/^-{20,}/.test(line)) section = section === 'header' ? 'functions' : section === 'functions' ? 'after' : section;
    const m = line.match(/^\s*([\d,]+)\s+(?:\([\d.]+%\)\s+)?(.*\S)\s*$/);
    if (!m) continue;
    const ir = Number(m[1].replaceAll(',', ''));
    if (/PROGRAM TOTALS/.test(m[2])) total = ir;
    else if (section === 'functions') functions.push({ ir, name: m[2].replace(/^[^:]*:/, '') });
  }
  return { total, functions };
}

const seen = new Map();
const full = counted('run', flags);
const crossings = full.result.switch_crossings;
if (!(crossings > 0)) {
  console.log(`the run reports no switch crossings (${crossings}): is this build older than the counter?`);
  process.exit(1);
}
// the set-up alone: the same network for one cycle of warm-up, window and drain
const WINDOW = ['--warmup', '--cycles', '--drain'];
const withoutWindow = flags.filter((flag, i) => !WINDOW.includes(flag) && !WINDOW.includes(flags[i - 1]));
const setup = counted('setup', [...withoutWindow, '--warmup', '1', '--cycles', '1', '--drain', '1']);
const all = byFunction(full.out);
const before = byFunction(setup.out);
for (const { ir, name } of all.functions) seen.set(name, (seen.get(name) ?? 0) + ir);
for (const { ir, name } of before.functions) seen.set(name, (seen.get(name) ?? 0) - ir);

const per = (ir) => (ir / crossings).toFixed(1);
console.log(`topolab sim ${flags.join(' ')}`);
console.log(`  switch crossings        ${crossings.toLocaleString('en')} (${full.result.simulated_cycles.toLocaleString('en')} cycles)`);
console.log(`  instructions, all       ${all.total.toLocaleString('en')}  = ${per(all.total)} per crossing`);
console.log(`  of which the set-up     ${before.total.toLocaleString('en')}`);
console.log(`  the cycles              ${(all.total - before.total).toLocaleString('en')}  = ${per(all.total - before.total)} per crossing`);
console.log('  the cycles by function (instructions per crossing):');
for (const [name, ir] of [...seen].filter(([, ir]) => ir / crossings >= 1).sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`    ${per(ir).padStart(7)}  ${name.length > 110 ? `${name.slice(0, 107)}…` : name}`);
}
