// The network as GraphML and DOT from the Export menu (issue 26): every lab offers both; the
// files are named after the lab and its set-up like the other exports, parse (the GraphML as
// XML in the page), and hold a node per switch and an edge per link with the figure's positions
// and, where the lab has per-channel loads (Slots), the same loads as its CSV.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBrowser, openPage, waitForResult, afterRun, assertNoProblems } from './harness.mjs';

const env = useBrowser();

/** Download export `kind` through the menu: the file's name and text. */
async function grab(page, kind) {
  await page.click('#export-menu summary');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#export-${kind}`)]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

/** The GraphML parsed by the page's own XML parser: nodes (id, data), edges (source, target, data), declared keys. */
async function parseGraphml(page, text) {
  return page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    if (doc.querySelector('parsererror')) return { error: doc.querySelector('parsererror').textContent };
    const data = (el) => Object.fromEntries([...el.children].filter((c) => c.localName === 'data').map((d) => [d.getAttribute('key'), d.textContent]));
    const all = (name) => [...doc.getElementsByTagNameNS('http://graphml.graphdrawing.org/xmlns', name)];
    return {
      keys: Object.fromEntries(all('key').map((k) => [k.getAttribute('id'), `${k.getAttribute('for')}:${k.getAttribute('attr.type')}`])),
      undirected: all('graph')[0]?.getAttribute('edgedefault') === 'undirected',
      nodes: all('node').map((n) => ({ id: n.getAttribute('id'), ...data(n) })),
      edges: all('edge').map((e) => ({ source: e.getAttribute('source'), target: e.getAttribute('target'), ...data(e) })),
    };
  }, text);
}

test('Slots: GraphML and DOT of the shown network, with positions and the CSV loads', async () => {
  const { page, problems } = await openPage(env, env.url, { acceptDownloads: true });
  await waitForResult(page);
  await afterRun(page, () => page.selectOption('#policy', ''));
  const graphml = await grab(page, 'graphml');
  assert.equal(graphml.name, 'topolab-slots-mesh-8x8-transpose.graphml');
  const g = await parseGraphml(page, graphml.text);
  assert.equal(g.error, undefined, 'well-formed XML');
  assert.ok(g.undirected);
  assert.equal(g.nodes.length, 64);
  assert.deepEqual(g.nodes.map((n) => n.id), Array.from({ length: 64 }, (_, i) => String(i)), 'a node per switch, in switch order');
  assert.equal(g.edges.length, 112);
  for (const [key, spec] of Object.entries({ endpoints: 'node:int', x: 'node:double', y: 'node:double', load_fwd: 'edge:double', load_rev: 'edge:double', length_m: 'edge:double' })) {
    assert.equal(g.keys[key], spec, `key ${key}`);
  }
  assert.ok(g.nodes.every((n) => n.endpoints === '1'));
  assert.deepEqual([g.nodes[9].x, g.nodes[9].y], ['1', '1'], "switch 9 sits where the figure's grid has it");

  // the loads are the CSV's: channel 2·link from the edge's source, 2·link + 1 back
  const csv = (await grab(page, 'csv')).text.trim().split('\n').slice(1).map((row) => row.split(','));
  assert.equal(csv.length, 2 * g.edges.length);
  g.edges.forEach((e, l) => {
    assert.deepEqual([csv[2 * l][2], csv[2 * l][3]], [e.source, e.target], `link ${l}'s first channel runs source → target`);
    assert.deepEqual([e.load_fwd, e.load_rev], [csv[2 * l][4], csv[2 * l + 1][4]], `link ${l}'s loads`);
  });

  const dot = await grab(page, 'dot');
  assert.equal(dot.name, 'topolab-slots-mesh-8x8-transpose.dot');
  assert.match(dot.text, /^\/\/ Topolab network mesh:8x8: 64 switches, 112 links, 64 end nodes\ngraph topolab \{\n/);
  assert.equal(dot.text.match(/^ {2}\d+ \[endpoints=1, pos="[-\d.]+,[-\d.]+!"\];$/gm)?.length, 64);
  assert.equal(dot.text.match(/^ {2}\d+ -- \d+ \[.*penwidth=[\d.]+\];$/gm)?.length, 112);
  assert.ok(dot.text.endsWith('}\n'));
  assertNoProblems(problems);
});

test('Every lab offers the network files; the Routing lab writes its network without loads', async () => {
  const { page, problems } = await openPage(env, env.url, { acceptDownloads: true });
  await waitForResult(page);
  const labs = await page.$$eval('.lab[data-lab]', (tabs) => tabs.map((t) => t.dataset.lab));
  assert.ok(labs.length >= 7, `the labs: ${labs}`);
  for (const lab of labs) {
    if (lab !== 'slots') await afterRun(page, () => page.click(`#lab-${lab}`));
    await page.click('#export-menu summary');
    for (const kind of ['graphml', 'dot']) assert.equal(await page.isVisible(`#export-${kind}`), true, `${lab} offers ${kind}`);
    assert.equal(await page.isVisible('#export-sst'), lab === 'sim', `${lab}: the SST model only where a traffic and a rate are set`);
    await page.click('#export-menu summary');
  }
  await afterRun(page, () => page.click('#lab-routing'));
  const result = JSON.parse((await grab(page, 'json')).text).result;
  const graphml = await grab(page, 'graphml');
  assert.match(graphml.name, /^topolab-routing-.*\.graphml$/);
  const g = await parseGraphml(page, graphml.text);
  assert.equal(g.error, undefined);
  assert.equal(g.nodes.length, result.switches);
  assert.equal(g.edges.length, result.links);
  assert.equal(g.keys.load_fwd, undefined, 'the Routing lab has no per-channel loads');
  assert.ok(g.nodes.every((n) => Number.isFinite(Number(n.x)) && Number.isFinite(Number(n.y))));
  const dot = await grab(page, 'dot');
  assert.equal(dot.text.match(/ -- /g)?.length, result.links);
  assertNoProblems(problems);
});

test("Simulate: the run as one SST/Merlin Python file — Merlin's own mesh for mesh:8x8 under DOR, anytopo with every route under shortest paths (issue 54)", async () => {
  const { page, problems } = await openPage(env, env.url, { acceptDownloads: true });
  await waitForResult(page);
  await afterRun(page, () => page.click('#lab-sim'));
  let sst = await grab(page, 'sst');
  assert.match(sst.name, /^topolab-sim-.*\.py$/);
  const embedded = (key) => sst.text.match(new RegExp(`"${key}": r'''([\\s\\S]*?)'''`))?.[1];
  let scenario = JSON.parse(embedded('scenario'));
  assert.equal(scenario.format, 'topolab-sst/1');
  assert.equal(scenario.topology, 'mesh:8x8');
  assert.equal(scenario.rate, Number(await page.inputValue('#sim-rate')));
  // the default network is one of Merlin's own: its parameters, no graph and no routes
  assert.equal(scenario.model, 'merlin.mesh');
  assert.deepEqual(scenario.merlin, { shape: '8x8', width: '1x1', local_ports: 1 });
  assert.equal(embedded('routes'), undefined, 'no routes: Merlin routes its own mesh');
  assert.equal(embedded('graphml'), undefined);
  assert.ok(sst.text.length < 100_000, `${sst.text.length} bytes`);
  // under shortest paths the same mesh goes through anytopo with every pair's route
  await afterRun(page, () => page.selectOption('#sim-routing', 'shortest'));
  sst = await grab(page, 'sst');
  scenario = JSON.parse(embedded('scenario'));
  assert.equal(scenario.model, 'anytopo');
  assert.match(scenario.mapping, /dimension order/, 'says why not Merlin\'s own mesh');
  const routes = JSON.parse(embedded('routes'));
  assert.equal(routes.routes.length, 64 * 63, 'a route per ordered pair of routers');
  assert.equal(scenario.vcs_per_vn, 15, "anytopo's VCs: the longest route (14 hops) + 1");
  const g = await parseGraphml(page, embedded('graphml'));
  assert.equal(g.error, undefined);
  assert.equal(g.nodes.length, 64);
  assert.equal(g.edges.length, 112);
  assert.ok(sst.text.includes('import sst'), 'an SST configuration');
  assertNoProblems(problems);
});

test('Dual-plane: no anynet of a network whose nodes sit on two planes, said in the core\'s words (issue 53)', async () => {
  const { page, problems } = await openPage(env, env.url, { acceptDownloads: true });
  await waitForResult(page);
  await afterRun(page, () => page.click('#lab-dualplane'));
  let downloaded = false;
  page.on('download', () => { downloaded = true; });
  await page.click('#export-menu summary');
  await page.click('#export-anynet');
  await page.waitForSelector('#error:not([hidden])');
  const message = await page.textContent('#error');
  assert.match(message, /^Export failed: .*the second plane would have no node/, message);
  assert.equal(downloaded, false, 'no anynet file was written');
  // the network files the plane-aware formats carry still download
  const graphml = await grab(page, 'graphml');
  assert.match(graphml.name, /^topolab-dualplane-.*\.graphml$/);
  assertNoProblems(problems);
});

test('Simulate: the BookSim2 experiment — BookSim\'s own torus under dim_order and fattree under nca, or its config with the anynet file it names (issue 61)', async () => {
  const { page, problems } = await openPage(env, env.url, { acceptDownloads: true });
  await waitForResult(page);
  await page.click('#export-menu summary');
  assert.equal(await page.isVisible('#export-booksim'), false, 'an experiment only where a traffic and a rate are set');
  assert.match(await page.textContent('#export-anynet'), /network only/);
  await page.click('#export-menu summary');
  await afterRun(page, () => page.click('#lab-sim'));
  await afterRun(page, async () => {
    await page.fill('#sim-topology', 'torus:8x8');
    await page.press('#sim-topology', 'Enter');
  });
  const config = await grab(page, 'booksim');
  assert.match(config.name, /^topolab-sim-.*\.booksim\.cfg$/);
  const settings = config.text.split('\n').filter((line) => !line.startsWith('//') && line.trim());
  for (const line of ['topology = torus;', 'k = 8;', 'n = 2;', 'routing_function = dim_order;', 'num_vcs = 4;', 'traffic = uniform;']) {
    assert.ok(settings.includes(line), `${line} in:\n${config.text}`);
  }
  assert.ok(settings.includes(`injection_rate = ${Number(await page.inputValue('#sim-rate'))};`), config.text);
  assert.ok(!config.text.includes('routing_function = min'), 'no comment offers anynet with min as the same experiment');
  // shortest paths: BookSim has no network of its own for them, so the anynet file comes too,
  // under the name the config reads
  await afterRun(page, () => page.selectOption('#sim-routing', 'shortest'));
  await page.click('#export-menu summary');
  const files = [];
  page.on('download', (d) => files.push(d));
  await page.click('#export-booksim');
  await page.waitForFunction(() => /Downloaded .* and /.test(document.body.textContent ?? ''));
  await new Promise((resolve) => { const wait = () => (files.length >= 2 ? resolve() : setTimeout(wait, 20)); wait(); });
  const [cfg, anynet] = files;
  const text = readFileSync(await cfg.path(), 'utf8');
  assert.ok(text.includes('topology = anynet;'), text);
  assert.ok(text.includes(`network_file = ${anynet.suggestedFilename()};`), `${anynet.suggestedFilename()} in ${text}`);
  assert.equal(readFileSync(await anynet.path(), 'utf8').trim().split('\n').length, 64, 'a line per router');
  // a fat tree under nca: BookSim's own fattree and nca, no anynet file
  await afterRun(page, async () => {
    await page.fill('#sim-topology', 'fattree:4:3');
    await page.press('#sim-topology', 'Enter');
  });
  await afterRun(page, () => page.selectOption('#sim-routing', 'nca'));
  const tree = await grab(page, 'booksim');
  const treeSettings = tree.text.split('\n').filter((line) => !line.startsWith('//') && line.trim());
  for (const line of ['topology = fattree;', 'k = 4;', 'n = 3;', 'routing_function = nca;']) {
    assert.ok(treeSettings.includes(line), `${line} in:\n${tree.text}`);
  }
  assert.ok(!tree.text.includes('network_file'), tree.text);
  assertNoProblems(problems);
});
