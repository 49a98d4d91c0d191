// The guided tours (issue 28): for each paper's headline figure or table, a few stops, each a
// lab set-up shown at a step, with one or two sentences for a lecture. Data only; www/tours.js
// plays them. A stop (issue 55) names a preset and the few settings it changes:
//   { lab, preset, seed, settings, step, text, highlight, paper }
// `lab` is a lab of the core's catalog; `preset` (optional) the id of one of that lab's presets
// (the catalog's, as its buttons show them); `settings` (optional) only the fields of the lab's
// section this stop changes. The section it runs is the lab's defaults (the catalog's `defaults`), overlaid by
// the preset's section when it names one, overlaid by `settings` — an object in them (`readings`,
// `cost`) merges per key, so `{ readings: { tie: 'random' } }` keeps the other readings. A stop
// states nothing the defaults or its preset already give; `seed` is the run's seed, `step` the
// step shown (an index from 0, 'last', or null: no steps). tests/node/tours.test.mjs checks each
// stop against the catalog (its lab, its preset, every key of its settings, the Scenario it
// builds). No number of ours is written here: `ours` names where in a run's output the page
// reads it —
//   'a.b.0.c'                   a field of this stop's result (`.length` counts a list)
//   { step: 'name' }            a metric of the step shown (as the step player lists it)
//   { stop: k, path }           a field of stop k's result (k from 1)
//   { change: [a, b] }          a / b − 1, shown as a signed percentage
//   { ratio: [a, b] }           a / b, shown as a percentage
//   { scale: s, of: x }         x × s
// A `highlight` selects a channel (`channel`: a number or an `ours`) or puts one value of the
// run in the tour's card (`label`, `ours`, optional `unit`). The last stop's `paper` is the
// paper's printed number as text beside ours (a list when there are two); where the paper's
// cell is blank in our copy, `value` says so.

/** Paper 000's Fig. 13 baseline: a 32×32 mesh, uniform traffic, dimension-order routing, no slot policy (the Slots lab has no preset). */
const MESH_32 = { topology: 'mesh:32x32', pattern: 'uniform', routing: 'dor', policy: '' };
/** Paper 002's 64-switch network of §VI-C (the table-size study's index 20) with LOREN, t_max = 18; Table II's router and uniform traffic are the Simulate lab's defaults, and the drain is cut to lecture length. */
const FIG7 = { topology: 'lrt:64:4:2', topology_index: 20, routing: 'loren', tmax: 18, rate: 0.1, drain: 2000 };
/** Plane-1 sets of our search (`topolab dualplane --search`, seed 1): inputs here, as the lab's Table 1 preset gives {3,5,7}. */
const DI_HC_8 = '7,44,74,93,112,148,193,230';
const DI_FHC_8 = '8,21,35,82,126,159,184,196';
const DI_HC_12 = '122,211,875,927,1274,1393,1444,1511,2475,3368,3740,3892';
const DI_HC_R_12 = '1,10,26,36,123,216,269,471,771,1031,2562,3595';

export const TOURS = [
  {
    id: '000-fig5',
    paper: '000',
    figure: 'Fig. 5',
    title: 'TOPOGEN partitions a 16-node crossbar',
    stops: [
      {
        lab: 'topogen', preset: 'tg-preset-fig5', seed: 1, step: 0,
        text: 'TOPOGEN starts from one giant switch: all 16 end nodes hang off switch 0, like a crossbar. Its degree, 16, breaks the design limit of 5 ports, so it must be split (Fig. 5a).',
        highlight: { label: 'switches', ours: { step: 'switches' } },
      },
      {
        lab: 'topogen', preset: 'tg-preset-fig5', seed: 1, step: 1,
        text: 'Round 1 halves it: end nodes 8–15 move to a new switch 1, linked to switch 0 (Fig. 5b). Each half still has degree 9, more than 5.',
        highlight: { label: 'switches', ours: { step: 'switches' } },
      },
      {
        lab: 'topogen', preset: 'tg-preset-fig5', seed: 1, step: 3,
        text: 'Round 2 splits both halves. A new switch is linked to the neighbours of the switch it came from only while they have a spare port: switch 1, still of degree 9, gets no link to switch 2, and switch 0 none to switch 3 (Fig. 5c).',
        highlight: { label: 'switches', ours: { step: 'switches' } },
      },
      {
        lab: 'topogen', preset: 'tg-preset-fig5', seed: 1, step: 5,
        text: 'After round 3 every switch meets the limit: switches 0–3 have degree 5, and the leaves 4 and 5 hang off 0 and 1 only (Fig. 5d). The partition ignores the traffic; node swaps and new links come next.',
        paper: { label: 'switches after the partition (Fig. 5d)', value: '6', ours: { step: 'switches' } },
      },
    ],
  },
  {
    id: '000-fig13',
    paper: '000',
    figure: 'Fig. 13',
    title: 'Fewer slots cost more switches: TOPOGEN against a 32×32 mesh',
    stops: [
      {
        lab: 'slots', seed: 48, settings: MESH_32, step: null,
        text: 'The baseline: a 32×32 mesh, 1,024 nodes each sending to one random destination by dimension-order routing. The busiest channel (selected) carries N circuits, so every switch needs N TDM slots; this seed gives the paper\'s 14 (most seeds give a little more, see the README).',
        highlight: { channel: 'busiest_channels.0.channel', label: 'N', ours: 'max_slots' },
      },
      {
        lab: 'topogen', seed: 48, settings: { nodes: 1024, target_slots: 5 }, step: 'last',
        text: 'TOPOGEN_REV designs a 1,024-node network for the same traffic that needs only 5 slots, adding switches and links where the slots are crowded. The paper finds it then uses about as many switches and links as the mesh; ours stays below.',
        highlight: { label: 'switches, share of the mesh\'s', ours: { ratio: ['switches', { stop: 1, path: 'switches' }] } },
      },
      {
        lab: 'topogen', seed: 48, settings: { nodes: 1024 }, step: 'last',
        text: 'Asked for no more slots than the mesh needs, TOPOGEN designs a network with about half the mesh\'s switches and under half its links (degree 5, as a 2-D torus). Ours is a little leaner than the paper\'s.',
        highlight: { label: 'N', ours: 'max_slots' },
        paper: [
          { label: 'switches at the mesh\'s N, share of the mesh\'s', value: '54%', ours: { ratio: ['switches', { stop: 1, path: 'switches' }] } },
          { label: 'links, share of the mesh\'s', value: '47%', ours: { ratio: ['links', { stop: 1, path: 'links' }] } },
        ],
      },
    ],
  },
  {
    id: '001-fig3',
    paper: '001',
    figure: 'Fig. 3',
    title: 'Three kinds of routes beside a small OCS',
    stops: [
      {
        lab: 'ocs-relay', preset: 'ocs-preset-fig5', seed: 1, step: 1,
        text: 'Route (1), direct: when both processes of a large message sit on OCS nodes, a circuit joins them. In the 16×16 tree with 128 OCS nodes, ranks 17 and 33 are grid neighbours on OCS nodes, and step 1 of the allocation links them.',
        highlight: { label: 'route 17 → 33', ours: 'route.kind' },
      },
      {
        lab: 'ocs-relay', preset: 'ocs-preset-fig5', seed: 1, settings: { ocs_nodes: 16 }, step: 'last',
        text: 'Route (3), EPS only: with one OCS node per edge switch there are too few circuits, and the same message climbs the tree through its thin uplinks.',
        highlight: { label: 'route 17 → 33', ours: 'route.kind' },
      },
      {
        lab: 'ocs-relay', preset: 'ocs-preset-fig3', seed: 1, step: 0,
        text: 'Now 8 switches of 32 nodes and 64 OCS nodes, 8 per switch, taken by ranks 0–7, 32–39, … Their grid neighbours on other switches are not on OCS nodes, so step 1 finds no direct pair at all (§4.2).',
        highlight: { label: 'direct routes', ours: 'routes.direct' },
      },
      {
        lab: 'ocs-relay', preset: 'ocs-preset-fig3', seed: 1, step: 8,
        text: 'Route (2), relay: 17 hands its message to OCS node 1 on its own switch, the circuit 1 ⇒ 34 made in this step crosses to the next switch, and 34 passes it to 33 — Fig. 3\'s E ⇒ D ⇒ F ⇒ G. The relay rebuilds the whole MPI message before sending it on.',
        paper: [
          { label: 'direct routes at 8×32 with 64 OCS nodes (§4.2)', value: '0 (none)', ours: 'routes.direct' },
          { label: 'circuits on the relay E ⇒ D ⇒ F ⇒ G', value: '1', ours: 'route.circuits.length' },
        ],
      },
    ],
  },
  {
    id: '001-table2',
    paper: '001',
    figure: 'Table 2',
    title: 'How many OCS nodes each application puts to use',
    stops: [
      {
        lab: 'ocs-relay', preset: 'ocs-preset-fig3', seed: 1, step: 'last',
        text: 'Table 2 counts the OCS nodes that get a circuit. The neighbour exchange on 8 switches of 32 with 64 OCS nodes leaves some idle: ranks 4–7 talk to no other switch, and the last few find every partner taken.',
        highlight: { label: 'OCS nodes used', ours: 'ocs_nodes_used' },
      },
      {
        lab: 'ocs-relay', preset: 'ocs-preset-fig3', seed: 1, settings: { app: 'cg', iterations: 1 }, step: 'last',
        text: 'NPB CG\'s transposes reach across switches from every OCS node, so all 64 get a circuit. (One iteration here to keep it short; five, as in the paper, allocate the same circuits.)',
        highlight: { label: 'OCS nodes used', ours: 'ocs_nodes_used' },
      },
      {
        lab: 'ocs-relay', preset: 'ocs-preset-fig3', seed: 1, settings: { app: 'mg' }, step: 'last',
        text: 'NPB MG swaps the faces of a 3-D grid at every level of its V-cycle; more of its traffic crosses switches than any other application\'s, and it uses every OCS node.',
        highlight: { label: 'OCS nodes used', ours: 'ocs_nodes_used' },
      },
      {
        lab: 'ocs-relay', preset: 'ocs-preset-fig5', seed: 1, settings: { app: 'mg' }, step: 'last',
        text: 'Our copy of the paper withholds Table 2\'s cells but keeps one sentence: MG uses all OCS nodes in every configuration. In the 16×16 tree with 128 OCS nodes ours does too; the README lists our whole table.',
        paper: { label: 'OCS nodes MG uses, 16×16 with 128', value: '128 (all, §4.2)', ours: 'ocs_nodes_used' },
      },
    ],
  },
  {
    id: '002-fig4',
    paper: '002',
    figure: 'Fig. 4',
    title: 'LOREN forwards a packet from 15 to 5',
    stops: [
      {
        lab: 'routing', preset: 'rt-preset-fig4', seed: 1, step: 0,
        text: 'A 16-switch layout-conscious random topology; each switch keeps at most t_max = 7 entries ⟨destination, next hop⟩. At 15 the packet for 5 takes the entry whose destination is nearest to 5 on the floor: ⟨6,10⟩, at Manhattan distance 1, so it goes to 10.',
      },
      {
        lab: 'routing', preset: 'rt-preset-fig4', seed: 1, step: 1,
        text: 'At 10, ⟨6,6⟩ and ⟨9,9⟩ are both at distance 1 from 5. The tie goes to the entry first in the table, which is sorted by hops: ⟨6,6⟩.',
      },
      {
        lab: 'routing', preset: 'rt-preset-fig4', seed: 1, step: 2,
        text: 'At 6 the table has an entry for 5 itself, ⟨5,2⟩, one of the shortest-path entries of Fig. 3; from here the packet follows a shortest path.',
      },
      {
        lab: 'routing', preset: 'rt-preset-fig4', seed: 1, step: 3,
        text: 'It arrives: 15 → 10 → 6 → 2 → 5, one hop more than the shortest path — the price of tables of 7 entries instead of 15.',
        paper: [
          { label: 'hops from 15 to 5 (Fig. 4c: 15 → 10 → 6 → 2 → 5)', value: '4', ours: { step: 'hop' } },
          { label: 'entries per table, t_max', value: '7', ours: 'max_entries' },
        ],
      },
    ],
  },
  {
    id: '002-fig7',
    paper: '002',
    figure: 'Fig. 7',
    title: 'Where uniform traffic saturates LOREN (64 switches)',
    stops: [
      {
        lab: 'sim', seed: 1, settings: FIG7, step: 0,
        text: 'Paper 002\'s 64-switch network, LOREN with t_max = 18, Table II\'s router (1-flit packets, 4 VCs of 8 flits, 4 stages), uniform traffic at 0.10 flits per node per cycle. Every packet is delivered within a few tens of cycles: the flat start of Fig. 7a.',
        highlight: { label: 'mean latency (cycles)', ours: 'avg_latency_cycles' },
      },
      {
        lab: 'sim', seed: 1, settings: { ...FIG7, rate: 0.16 }, step: 0,
        text: 'At 0.16 the same network has saturated: it accepts less than it is offered, and packets wait hundreds of cycles. Fig. 7a\'s curve turns up below this load.',
        highlight: { label: 'accepted (flits/node/cycle)', ours: 'accepted_flits_per_node_cycle' },
      },
      {
        lab: 'sim', seed: 1, settings: { ...FIG7, rate: 0.16, tmax: 32 }, step: 0,
        text: 'With t_max = 32 (|N|/2) LOREN\'s larger tables spread the routes, and 0.16 is still carried at low latency. Ours is the rise of the channel-load bound of the same routes (the most any router could accept): well below the paper\'s rise, and so is our measured saturation (README, paper 002).',
        highlight: { label: 'mean latency (cycles)', ours: 'avg_latency_cycles' },
        paper: { label: 'LOREN, uniform, t_max 18 → 32: saturation throughput (ours: channel-load bound)', value: '+38%', ours: { change: ['channel_load_bound', { stop: 2, path: 'channel_load_bound' }] } },
      },
    ],
  },
  {
    id: '003-table1',
    paper: '003',
    figure: 'Table I',
    title: 'Configuring optical planes: heuristic against the ILP',
    stops: [
      {
        lab: 'ctc', preset: 'ctc-preset-t16', seed: 1, settings: { order: 'hdf', iterations: 0 }, step: 0,
        text: 'Table I\'s setting: 16 logical clusters, each pair exchanging one byte with probability ½, on K = 6 optical planes of P = 1 port. The heuristic serves the demands one by one in HDF order (all equal here, so by id): the first, 0 → 2, gets a direct link.',
        highlight: { label: 'hop-bytes', ours: 'hop_bytes' },
      },
      {
        lab: 'ctc', preset: 'ctc-preset-t16', seed: 1, settings: { iterations: 100 }, step: 'last',
        text: 'Simulated annealing tries other orders of the same demands and keeps the best serving: after 100 orders the hop-bytes fall.',
        highlight: { label: 'hop-bytes', ours: 'hop_bytes' },
      },
      {
        lab: 'ctc', preset: 'ctc-preset-t16', seed: 1, step: 'last',
        text: 'After 1000 orders the configuration is within a few percent of the lower bound 2V − M*.',
        highlight: { label: 'above the lower bound', ours: { change: ['hop_bytes', 'lower_bound'] } },
      },
      {
        lab: 'ctc', preset: 'ctc-preset-t16', seed: 1, settings: { solver: 'ilp' }, step: 'last',
        text: 'The ILP of §4.1 proves the optimum on this matrix. Our copy withholds Table I\'s hop-bytes and prints run times: the paper\'s ILP took seconds with CPLEX on a 2.5 GHz laptop; ours, a pure-Rust solver in this tab, a fraction of one.',
        highlight: { label: 'ILP', ours: 'ilp.status' },
        paper: [
          { label: 'ILP run time at 16 end-points (s)', value: '6.75 (mean of 10)', ours: { scale: 0.001, of: 'ilp.elapsed_ms' } },
          { label: 'SA 1000 above the optimum', value: 'withheld ("very close")', ours: { change: ['heuristic_hop_bytes', 'hop_bytes'] } },
        ],
      },
    ],
  },
  {
    id: '004-fig3',
    paper: '004',
    figure: 'Fig. 3',
    title: 'A second, isomorphic plane shortens a hypercube',
    stops: [
      {
        lab: 'dualplane', preset: 'dp-preset-dhc8', seed: 1, step: 0,
        text: 'D-HC: two identical 8-cubes of 256 switches. A pair is as far apart in both planes — 0 → 255 takes 8 hops in either — so the second plane adds bandwidth but no shortcut.',
        highlight: { label: 'average shortest distance', ours: 'avg_distance' },
      },
      {
        lab: 'dualplane', preset: 'dp-preset-dhc8', seed: 1, settings: { generators: DI_HC_8, destination: 191 }, step: 0,
        text: 'DI-HC: plane 1 is wired by another generator set (ours, from the lab\'s search), isomorphic to plane 0, so it routes by the same dimension order. 0 → 191 takes 7 hops in plane 0 but 3 in plane 1, and the packet takes the shorter plane.',
        highlight: { label: 'distance against D-HC', ours: { change: ['avg_distance', 'baseline.avg_distance'] } },
      },
      {
        lab: 'dualplane', preset: 'dp-preset-dfhc8', seed: 1, step: 0,
        text: 'D-FHC: two identical folded 8-cubes, each switch also linked to its complement; 0 → 255 is one hop.',
        highlight: { label: 'average shortest distance', ours: 'avg_distance' },
      },
      {
        lab: 'dualplane', preset: 'dp-preset-dfhc8', seed: 1, settings: { generators: DI_FHC_8 }, step: 0,
        text: 'DI-FHC shortens the folded cube too and raises its all-to-all traffic. Our copy of the paper leaves the DI values blank; it prints the baselines, which ours meet.',
        highlight: { label: 'distance against D-FHC', ours: { change: ['avg_distance', 'baseline.avg_distance'] } },
        paper: [
          { label: 'D-FHC, n = 8: average shortest distance', value: '3.27', ours: 'baseline.avg_distance' },
          { label: 'D-FHC, n = 8: all-to-all maximum traffic', value: '5.51', ours: 'baseline.a2a_max_traffic' },
        ],
      },
    ],
  },
  {
    id: '004-fig5',
    paper: '004',
    figure: 'Fig. 5',
    title: 'On a real floor, cable length decides',
    stops: [
      {
        lab: 'dualplane', preset: 'dp-preset-dhc8', seed: 1, settings: { generators: DI_HC_8, destination: 191 }, step: 0,
        text: '§3 puts both planes on a floor of racks: 4 nodes per switch, cables cut to commercial lengths, 90 ns per switch and 5 ns per metre. At n = 8 DI-HC\'s shorter paths cut the average shortest delay against D-HC.',
        highlight: { label: 'delay against D-HC', ours: { change: ['avg_delay_ns', 'baseline.avg_delay_ns'] } },
      },
      {
        lab: 'dualplane', preset: 'dp-preset-dhc8', seed: 1, settings: { n: 12, destination: 4095 }, step: 0,
        text: 'At n = 12, 4,096 switches per plane, the floor is large and cable length counts. D-HC, two identical 12-cubes, is the baseline.',
        highlight: { label: 'average shortest delay', ours: 'avg_delay_ns', unit: 'ns' },
      },
      {
        lab: 'dualplane', preset: 'dp-preset-dhc8', seed: 1, settings: { n: 12, generators: DI_HC_12, destination: 4095 }, step: 0,
        text: 'The plane-1 set with the shortest distance wires switches far apart: its cables are more than twice as long, and the delay ends up longer than D-HC\'s — what the paper finds for DI-HC at n = 12.',
        highlight: { label: 'delay against D-HC', ours: { change: ['avg_delay_ns', 'baseline.avg_delay_ns'] } },
      },
      {
        lab: 'dualplane', preset: 'dp-preset-dhc8', seed: 1, settings: { n: 12, generators: DI_HC_R_12, destination: 4095 }, step: 0,
        text: 'Searching for delay instead (DI-HC-r) keeps almost all the shorter distance with short cables, and the delay falls below D-HC\'s. Our copy of the paper leaves these values blank, so only the direction compares.',
        highlight: { label: 'average cable (m)', ours: 'avg_cable_m' },
        paper: [
          { label: 'n = 12, DI-HC\'s delay against D-HC\'s', value: 'longer (blank in our copy)', ours: { change: [{ stop: 3, path: 'avg_delay_ns' }, { stop: 3, path: 'baseline.avg_delay_ns' }] } },
          { label: 'n = 12, DI-HC-r\'s delay against D-HC\'s', value: 'shorter (blank in our copy)', ours: { change: ['avg_delay_ns', 'baseline.avg_delay_ns'] } },
        ],
      },
    ],
  },
];
