// `npm test`: install what is missing (wasm target, wasm-bindgen CLI, npm packages, Debian's
// Chromium), then run every test: cargo tests, wasm-bindgen tests (Node), WASM-vs-native, and
// the browser tests in real Chromium via playwright-core.
import { existsSync } from 'node:fs';
import { ensureNodePackages, ensureRustWasm, run } from './toolchain.mjs';

const root = new URL('../', import.meta.url).pathname;
process.chdir(root);

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  run(`${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium`);
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
run('cargo test --profile ci');
process.env.TOPOLAB_CLI = `${root}target/ci/topolab`;
// the page's checks: its types against the core's (www/types/core.d.ts, which `cargo test` has
// just compared with the Rust types), then eslint
run('npx tsc -p tsconfig.json');
run('npx eslint .');
run('npm run build');
run('npm run build:single');
run('node --test tests/node/');
run('node --test --test-concurrency=1 tests/e2e/');
console.log('all tests passed');
