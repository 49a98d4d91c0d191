// Installs what the build needs when it is missing: the wasm32 target and the wasm-bindgen CLI
// at exactly the version in Cargo.lock (the generated glue must match the crate).
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export function run(cmd, opts = {}) {
  console.log(`$ ${cmd}`);
  execSync(cmd, { stdio: 'inherit', ...opts });
}

function output(cmd) {
  const r = spawnSync('sh', ['-c', cmd], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

export function lockedWasmBindgenVersion() {
  const lock = readFileSync(new URL('../Cargo.lock', import.meta.url), 'utf8');
  const m = lock.match(/name = "wasm-bindgen"\nversion = "([^"]+)"/);
  if (!m) throw new Error('Cargo.lock does not name a wasm-bindgen version');
  return m[1];
}

export function ensureRustWasm() {
  const targets = output('rustup target list --installed') ?? '';
  if (!targets.split('\n').includes('wasm32-unknown-unknown')) run('rustup target add wasm32-unknown-unknown');
  const want = lockedWasmBindgenVersion();
  const have = output('wasm-bindgen --version');
  if (!have || !have.includes(want)) {
    // --locked first; the registry mirror may lack a locked dependency of the CLI, then resolve anew.
    try {
      run(`cargo install wasm-bindgen-cli --version ${want} --locked --force`);
    } catch {
      run(`cargo install wasm-bindgen-cli --version ${want} --force`);
    }
  }
}

// The page's module: Cargo's `wasm` profile (Cargo.toml); wasm-bindgen drops the function names
// (the `name` section, about 140 KB: only a wasm stack trace in the console would show them) and
// the producers section.
export function buildWasm() {
  ensureRustWasm();
  run('cargo build --lib --profile wasm --target wasm32-unknown-unknown --no-default-features');
  run('wasm-bindgen --target no-modules --no-typescript --remove-name-section --remove-producers-section --out-dir www/pkg target/wasm32-unknown-unknown/wasm/topolab.wasm');
}

if (import.meta.url === `file://${process.argv[1]}`) buildWasm();

/**
 * `npm ci` when a package of package.json (dependencies and devDependencies) is missing from
 * node_modules: the list is package.json's, so a package added there is installed by `npm start`
 * and `npm test` on a checkout that predates it.
 */
export function ensureNodePackages() {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const needed = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  if (needed.some((name) => !existsSync(new URL(`../node_modules/${name}/package.json`, import.meta.url)))) {
    run('npm ci --no-audit --no-fund');
  }
}
