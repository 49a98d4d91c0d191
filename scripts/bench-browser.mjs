// `npm run bench:browser`: timings in real Chromium (Debian's), printed, never asserted.
// - first render: navigation start → N and the figure on screen (default scenario, localhost);
// - N for every pattern on mesh:64x64, mesh:16x16x16, fattree:16:3 through the worker (WASM);
// - the WASM module's size.
import { chromium } from 'playwright-core';
import { statSync } from 'node:fs';
import { serve } from './serve.mjs';

export const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const patterns = ['uniform', 'randperm', 'bitrev', 'transpose', 'neighbor', 'shuffle', 'butterfly', 'bitcomp', 'tornado', 'hotspot:0.2', 'local:1.0'];
const topologies = ['mesh:64x64', 'mesh:16x16x16', 'fattree:16:3'];

const { server, url } = await serve(0, { quiet: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  const firstRenders = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`${url}?bench=${i}`);
    firstRenders.push(await page.evaluate(async () => {
      while (!(document.querySelector('#figure svg') && document.querySelector('#metric-max-slots')?.textContent.trim())) {
        await new Promise((r) => setTimeout(r, 5));
      }
      return performance.now();
    }));
  }
  console.log(`first render (navigation → N + figure): ${firstRenders.map((t) => t.toFixed(0)).join(', ')} ms`);

  const rows = await page.evaluate(async ({ topologies, patterns }) => {
    const { Engine } = await import('/www/engine.js');
    const engine = new Engine(new URL('/www/', location.href));
    await engine.start();
    const out = [];
    for (const topology of topologies) {
      for (const pattern of patterns) {
        const json = JSON.stringify({ version: 1, lab: 'slots', seed: 1, slots: { topology, pattern } });
        try {
          await engine.request('run', { json });
          const times = [];
          let n = null;
          for (let i = 0; i < 5; i++) {
            const t0 = performance.now();
            const r = await engine.request('run', { json });
            times.push(performance.now() - t0);
            n = r.result.max_slots;
          }
          times.sort((a, b) => a - b);
          out.push({ topology, pattern, n, median_ms: times[2] });
        } catch (e) {
          out.push({ topology, pattern, error: String(e.message) });
        }
      }
    }
    return out;
  }, { topologies, patterns });
  console.log('N in Chromium (worker round trip incl. figure), median of 5:');
  for (const r of rows) console.log(`  ${r.topology.padEnd(14)} ${r.pattern.padEnd(12)} ${r.error ?? `N=${String(r.n).padEnd(4)} ${r.median_ms.toFixed(1)} ms`}`);
  const generated = await page.evaluate(async () => {
    const { Engine } = await import('/www/engine.js');
    const engine = new Engine(new URL('/www/', location.href));
    await engine.start();
    const out = [];
    for (const [nodes, target] of [[1024, null], [1024, 14], [1024, 5], [4096, null], [4096, 14], [256, null]]) {
      const json = JSON.stringify({ version: 1, lab: 'topogen', seed: 1, topogen: { nodes, degree: 5, pattern: 'uniform', target_slots: target } });
      let updates = 0;
      const t0 = performance.now();
      const r = await engine.request('run', { json }, () => updates++);
      out.push({ nodes, target, ms: performance.now() - t0, updates, switches: r.result.switches, n: r.result.max_slots, drawn: Boolean(r.figure.svg) });
    }
    return out;
  });
  console.log('TopoGen in Chromium (worker, uniform, degree 5, with trace and figure):');
  for (const g of generated) console.log(`  ${String(g.nodes).padEnd(5)} nodes${g.target ? `, N ≤ ${g.target}` : ''}: ${g.ms.toFixed(0)} ms, ${g.switches} switches, N=${g.n}, ${g.updates} progress updates, figure ${g.drawn ? 'drawn' : 'refused'}`);
  const routing = await page.evaluate(async () => {
    const { Engine } = await import('/www/engine.js');
    const engine = new Engine(new URL('/www/', location.href));
    await engine.start();
    const json = JSON.stringify({ version: 1, lab: 'routing', seed: 1, routing: { topology: 'lrt:1024:4:8', scheme: 'loren', tmax: 64 } });
    const t0 = performance.now();
    const r = await engine.request('run', { json });
    return { ms: performance.now() - t0, avg: r.result.avg_path_length };
  });
  console.log(`LOREN in Chromium: LRT(1024,4,8), t_max 64, tables + all-pairs path length: ${routing.ms.toFixed(0)} ms (avg path ${routing.avg.toFixed(3)})`);
  const wasm = statSync(new URL('../www/pkg/topolab_bg.wasm', import.meta.url)).size;
  console.log(`WASM size: ${(wasm / 1024).toFixed(0)} KiB (${wasm} bytes) before gzip`);
} finally {
  await browser.close();
  server.close();
}
