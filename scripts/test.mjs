// `npm test`: install what is missing (wasm target, wasm-bindgen CLI, npm packages, Debian's
// Chromium), then run every test: cargo tests, wasm-bindgen tests (Node), WASM-vs-native, and
// the browser tests in real Chromium via playwright-core.
import { execSync, spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { ensureNodePackages, ensureRustWasm, run } from './toolchain.mjs';

const root = new URL('../', import.meta.url).pathname;
process.chdir(root);

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  run(`${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium`);
}

/** Build every native test target and the CLI; the path of the release suite's test binary. */
function buildNative() {
  const cmd = 'cargo test --profile ci --no-run --message-format=json-render-diagnostics';
  console.log(`$ ${cmd}`);
  const messages = execSync(cmd, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 1 << 28 })
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
  const release = messages.find((m) => m.reason === 'compiler-artifact' && m.target.name === 'release' && m.profile.test)?.executable;
  if (!release) throw new Error('cargo built no test binary for tests/release');
  return release;
}

/**
 * The release suite (tests/release: about 450 CPU-seconds) started in the background at the
 * lowest priority (`nice -n 19`, which its threads inherit), its output to
 * target/release-tests.log; `finish()` waits for it, prints the log and throws if it failed.
 * It runs beside everything after it and takes the CPU they leave: the browser tests keep about
 * a third of the 2 cores idle (measured: 63–87% busy), which is more than the suite needs, and
 * at the lowest priority it takes little from them (at the same priority beside the WebAssembly
 * build and the Node tests it only moved their time, 362 s for the three against 350 s in a row).
 */
function startInBackground(binary, log) {
  const nice = existsSync('/usr/bin/nice') ? ['/usr/bin/nice', '-n', '19'] : [];
  const [cmd, ...args] = [...nice, binary];
  console.log(`$ ${[...nice, binary.slice(root.length)].join(' ')} (in the background, to ${log.slice(root.length)})`);
  const out = openSync(log, 'w');
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', out, out] });
  const ended = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    kill: () => child.exitCode === null && child.kill(),
    async finish() {
      const { code, signal } = await ended;
      console.log(`$ ${binary.slice(root.length)} (ended)`);
      process.stdout.write(readFileSync(log, 'utf8'));
      if (code !== 0) throw new Error(`the release suite failed (${signal ?? `exit ${code}`})`);
    },
  };
}

ensureRustWasm();
ensureNodePackages();
ensureChromium();
// Each artefact is built once: the crate in Cargo.toml's `ci` profile (optimised, overflow checks
// on) for every native test — the unit tests, the integration tests, the runs at every
// documented size limit and paper 003's Table I (tests/release: seconds each optimised, minutes
// in a debug build) — and the CLI the Node tests call (target/ci/topolab, TOPOLAB_CLI); the WASM
// module by `npm run build`, which the Node tests (bindings, WASM against native, hostile input)
// and the browser tests load, and which build:single inlines.
const releaseSuite = buildNative();
run('cargo test --profile ci --lib --bins --test integration');
const release = startInBackground(releaseSuite, `${root}target/release-tests.log`);
try {
  process.env.TOPOLAB_CLI = `${root}target/ci/topolab`;
  // the page's checks: its types against the core's (www/types/core.d.ts, which `cargo test` has
  // just compared with the Rust types), then eslint
  run('npx tsc -p tsconfig.json');
  run('npx eslint .');
  run('npm run build');
  run('npm run build:single');
  run('node --test tests/node/');
  run('node --test --test-concurrency=1 tests/e2e/');
} catch (e) {
  release.kill();
  throw e;
}
await release.finish();
console.log('all tests passed');
