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
// Each artefact is built once: the crate in debug for `cargo test`; in release (Cargo's bench
// profile, which `cargo test --release` uses) for the release-only runs and the CLI that the
// Node tests call (target/release/topolab, built for those runs); the WASM module by `npm run
// build`, which the Node tests (bindings, WASM against native, hostile input) and the browser
// tests load, and which build:single inlines.
run('cargo test');
// the page's checks: its types against the core's (www/types/core.d.ts, which `cargo test` has
// just compared with the Rust types), then eslint
run('npx tsc -p tsconfig.json');
run('npx eslint .');
// runs at every documented size limit and paper 003's Table I (20 matrices, the ILP at N = 16):
// seconds each in release, minutes in a debug build (there they are marked ignored)
run('cargo test --release --test release');
run('npm run build');
run('npm run build:single');
run('node --test tests/node/');
run('node --test --test-concurrency=1 tests/e2e/');
console.log('all tests passed');
