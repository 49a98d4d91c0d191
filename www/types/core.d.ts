// Generated from the Rust types by `cargo test` (src/labs/typescript.rs, src/catalog.rs); do not edit.
// After changing a type: TOPOLAB_WRITE_TYPES=1 cargo test --lib typescript

/**
 * A round-robin turn whose candidate is blocked.
 */
export type Blocked = "next" | "lose";

/**
 * How a switch–switch cable inside one rack counts (§3.1.2: "the run between switches in a rack
 * is 100 cm, since they are adjacent"; a cable is then chosen from Table 2, whose shortest is
 * 2.0 m). Between racks every reading takes the Table 2 cable the run needs.
 */
export type CableReading = "in-rack-run" | "catalogue";

/**
 * Everything the page's controls offer, and the limits.
 */
export type Catalog = { version: string, labs: Array<LabEntry>, 
/**
 * Topology generators: (name, syntax).
 */
generators: Array<[string, string]>, 
/**
 * Traffic patterns: (syntax, definition).
 */
patterns: Array<[string, string]>, routings: Array<string>, 
/**
 * Routers: (name, definition).
 */
routing_definitions: Array<[string, string]>, 
/**
 * Slot policies: (name, definition).
 */
policies: Array<[string, string]>, 
/**
 * All-to-all methods: (name, definition).
 */
all2all: Array<[string, string]>, max_switches: number, max_network_file_bytes: number, max_matrix_file_bytes: number, max_draw_switches: number, max_all_to_all_endpoints: number, 
/**
 * The Simulate lab's presets: paper 002's Fig. 7–10 curves (label, section).
 */
sim_presets: Array<[string, JsonValue]>, max_sim_switches: number, max_by_destination: number, max_sim_routers: number, animation_max_switches: number, };

/**
 * A busy channel, named by the switches it joins.
 */
export type ChannelLoad = { channel: number, from: number, to: number, load: number, };

/**
 * A field of a lab's section that takes one of a closed set of values.
 */
export type Choice = { 
/**
 * The field, a dotted path into the section (`readings.tie`).
 */
field: string, decides: string, options: Array<Opt>, };

/**
 * Where a choice's options come from.
 */
export type ChoiceList = "lab" | "routers" | "policies" | "all-to-all";

/**
 * A circuit with what it carries.
 */
export type CircuitLoad = { a: number, b: number, step: number, switches: [number, number], bytes: number, };

/**
 * How the two improvement rates make one score (§2.4 and §3.2.2 only say "the largest
 * improvement rates of the all-to-all maximum traffic and the average shortest distance
 * (delay)").
 */
export type Combine = "sum" | "product" | "latency-first" | "a2a-first";

/**
 * Parts and the total of one network.
 */
export type Cost = { eps_ports: number, ocs_ports: number, transceivers: number, total: number, };

/**
 * Both networks' cost.
 */
export type CostOut = { hybrid: Cost, torus: Cost | null, 
/**
 * Hybrid over torus.
 */
ratio: number | null, };

/**
 * Prices and the parts of the network that are the same in both.
 */
export type CostParams = { 
/**
 * OCS port price / EPS port price.
 */
port_ratio: number, 
/**
 * Transceiver price / EPS port price.
 */
txrx_cost: number, 
/**
 * M: ports per LC to the EPS core.
 */
eps_core_ports: number, 
/**
 * R: compute nodes per rack (edge ports).
 */
nodes_per_rack: number, };

/**
 * The cost per node by part (US$, Table 3).
 */
export type CostPerNode = { nic: number, switches: number, node_cables: number, switch_cables: number, };

/**
 * How the communications are counted (§3.2.2 does not say).
 */
export type Counting = "undirected" | "directed";

/**
 * Configuration of the CTC lab.
 */
export type CtcConfig = { 
/**
 * The task matrix: random:N:p, stencil:AxB[:periodic][:BYTES], fft:Z[:BYTES][:pencil],
 * superlu:PRxPC[:BYTES][:density] or csv (the `matrix` text).
 */
traffic: string, 
/**
 * CSV rows src,dst,bytes[,count] when `traffic` is csv.
 */
matrix: string, 
/**
 * T: tasks per logical cluster (1: the matrix is the inter-LC traffic, §5.1).
 */
cluster_size: number, 
/**
 * K optical planes and P ports per LC per plane.
 */
planes: number, ports: number, order: OrderKind, 
/**
 * Annealing iterations (one neighbour and one serving each).
 */
iterations: number, solver: SolverKind, 
/**
 * The ILP's wall-clock limit (seconds).
 */
time_limit_s: number, 
/**
 * The electronic-only baseline: torus:X (the most even X-D torus), torus:AxBxC, or none.
 */
baseline: string, 
/**
 * The torus mapping's annealing iterations (None: the same as the hybrid's, §5.2).
 */
torus_iterations: number | null, readings: Readings, cost: CostParams, };

/**
 * The result of a run.
 */
export type CtcResult = { traffic: string, traffic_about: string, tasks: number, lcs: number, cluster_size: number, planes: number, ports: number, demands: number, total_bytes: number, intra_lc_bytes: number, 
/**
 * The configuration shown (the ILP's when it found one, else the heuristic's): Σ bytes ×
 * hops over the demands with a path; the demands without one are `unserved`, not counted.
 */
hop_bytes: number, 
/**
 * Hop-bytes over the bytes between LCs; null when a demand is unserved (its hops are
 * undefined) or no bytes cross between LCs.
 */
avg_hops: number | null, 
/**
 * Bytes at 1, 2, 3, … hops.
 */
by_hops: Array<number>, direct_demands: number, links: Array<LinkOut>, unserved: Array<Unserved>, hdf_hop_bytes: number, heuristic_hop_bytes: number, sa_curve: Array<CurvePoint>, iterations: number, 
/**
 * 2·V − M* (None above the bound's size limit).
 */
lower_bound: number | null, 
/**
 * (hop_bytes − bound) / bound; None without a bound or with a demand unserved (the bound
 * counts every demand, hop_bytes only those with a path).
 */
gap_to_bound: number | null, 
/**
 * The ILP: proven optimal, its best bound, and the solve.
 */
optimal: boolean | null, bound: number | null, ilp: IlpOutcome | null, torus_hop_bytes: number | null, torus: TorusOut | null, cost: CostOut, 
/**
 * Demands in id order (s, d, bytes) and the order served (indices), when there are at
 * most `MAX_LISTED_DEMANDS` (the page's steps and details have them all).
 */
demand_list: Array<Demand>, order: Array<number>, 
/**
 * Members of each LC (when T > 1) and the splits that made them.
 */
clusters: Array<Array<number>> | null, splits: Array<Split>, task_heatmap: Heatmap, lc_heatmap: Heatmap, readings: Readings, seed: number, runtime_ms: number, };

/**
 * A point of the convergence curve: after `iteration` neighbours, the current and best cost.
 */
export type CurvePoint = { iteration: number, current: number, best: number, };

/**
 * One allocation decision, for the page's player (titles come with the steps).
 */
export type DecisionRef = { step: number, circuit: number | null, switches: [number, number] | null, };

/**
 * An inter-LC demand: bytes from LC `s` to LC `d` (s ≠ d).
 */
export type Demand = { s: number, d: number, bytes: number, };

/**
 * Configuration of the Dual-plane lab.
 */
export type DualPlaneConfig = { 
/**
 * Hypercube or folded-hypercube planes.
 */
kind: Kind, 
/**
 * Dimensions: 2ⁿ switches per plane.
 */
n: number, 
/**
 * Plane 1's generator set, comma-separated; empty for two identical planes.
 */
generators: string, 
/**
 * The node pair whose routes are shown.
 */
source: number, destination: number, 
/**
 * What the search improves besides the all-to-all traffic (delay: the -r variants).
 */
objective: Objective, 
/**
 * Multiplies the search's annealing evaluations.
 */
effort: number, 
/**
 * How a cable between the switches of one rack counts (§3.1.2).
 */
cables: CableReading, 
/**
 * How the search combines its two improvement rates.
 */
combine: Combine, };

/**
 * The result of a run.
 */
export type DualPlaneResult = { kind: Kind, n: number, 
/**
 * D-HC, DI-HC, D-FHC or DI-FHC.
 */
variant: string, 
/**
 * Plane 0's and plane 1's generators (FHC: the folded one last).
 */
generators: [Array<number>, Array<number>], baseline: Scores, 
/**
 * Packets per directed link of each generator in the all-to-all exchange, per plane.
 */
loads: [Array<number>, Array<number>], 
/**
 * Table 1: every row (up to n = `TABLE_MAX_N`).
 */
table: Array<TableRow>, route: PairRoute, 
/**
 * Racks along the width and rows of racks.
 */
racks: [number, number], rack_cables: RackCables, 
/**
 * Switches and directed channels of the drawn network (ids of a clicked channel).
 */
switches: number, channels: number, 
/**
 * Odd-n folded cubes: how a tie inside a plane is routed.
 */
tie_rule: string | null, 
/**
 * "Simulate this": the Simulate lab's section for this network (§3.4).
 */
simulate: Handoff, avg_distance: number, 
/**
 * The §2 scale (one node per switch): 2·2ⁿ over the busiest link.
 */
a2a_max_traffic: number, 
/**
 * The §3 scale, 4 nodes per switch (a quarter, Fig. 5(b)).
 */
a2a_max_traffic_per_node: number, max_link_load: number, 
/**
 * Mean commercial length of the switch–switch cables of both planes (m).
 */
avg_cable_m: number, 
/**
 * (avg cable × 5 ns/m + 90 ns) × avg shortest distance + 131 ns.
 */
avg_delay_ns: number, 
/**
 * NIC, switch ports, node cables and switch cables per node (US$).
 */
cost_per_node_usd: number, 
/**
 * Its parts (Fig. 8).
 */
cost: CostPerNode, };

/**
 * What becomes of the end nodes of a failed switch.
 */
export type FailedNodes = "drop" | "reattach";

/**
 * One field of a lab's form.
 */
export type Field = { 
/**
 * Its place in the section, dotted for a nested one (`readings.tie`); `seed` is the
 * Scenario's seed.
 */
path: string, 
/**
 * Its name on the page (its input's id after the lab's prefix, `link-latency`).
 */
name: string, 
/**
 * The label (may hold `<sub>`, `<var>`).
 */
label: string, 
/**
 * What it sets, in a sentence or two, shown under it (may be empty).
 */
help: string, 
/**
 * Longer words for the control's tooltip (may be empty); for a choice with `empty`, what
 * its empty option does.
 */
about: string, kind: FieldKind, 
/**
 * What is expected, said after a value that is not (`a whole number of cycles, at
 * least 1`).
 */
hint: string, 
/**
 * What an empty input means, in a word or two (`|N|/2`, `none`: an input's placeholder,
 * a choice's first option); None: a value is needed. The section then holds null (an
 * optional field), or its default where `empty_is_default`.
 */
empty: string | null, 
/**
 * An empty input stands for the field's default (a number the core never leaves unset).
 */
empty_is_default: boolean, 
/**
 * Values to pick from as one types (topology specs).
 */
examples: Array<string>, 
/**
 * The heading of the group this field starts, if it starts one.
 */
group: string | null, 
/**
 * The entry of docs/glossary.md that explains its term (its anchor, `t_max`): the page
 * links it beside the field.
 */
glossary: string | null, };

/**
 * What a field holds, which decides its control and how its text is read.
 */
export type FieldKind = { "type": "text", required: boolean, } | { "type": "whole", min: number, } | { "type": "number" } | { "type": "choice", from: ChoiceList, } | { "type": "pattern" } | { "type": "custom" };

/**
 * A set-up one lab hands to another (the Dual-plane lab's "Simulate this"): the lab that
 * takes it and the section it runs (the page keeps its seed).
 */
export type Handoff = { lab: string, section: JsonValue, };

/**
 * A matrix drawn as a heatmap: `size`×`size` cells (bins of `per_cell` rows), row-major
 * bytes, with the LC boundaries (cell positions where an LC starts).
 */
export type Heatmap = { rows: number, size: number, per_cell: number, cells: Array<number>, lc_starts: Array<number>, };

/**
 * What the solver found.
 */
export type IlpOutcome = { 
/**
 * Proven optimal.
 */
optimal: boolean, 
/**
 * "optimal", "time-limit", "node-limit" or "no-solution".
 */
status: string, 
/**
 * The best solution's hop-bytes (None when no solution was found in time).
 */
hop_bytes: number | null, 
/**
 * The best proven lower bound.
 */
bound: number | null, gap: number | null, nodes: number, elapsed_ms: number, 
/**
 * The best solution's links (src, dst), merged planes.
 */
links: Array<[number, number]>, 
/**
 * Where the best solution came from: "ilp", or "warm-start" when the solver found none
 * better than the configuration it was given (e.g. at N = 32 within the limit).
 */
incumbent: string, variables: number, constraints: number, };

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;

/**
 * Hypercube or folded hypercube.
 */
export type Kind = "hc" | "fhc";

/**
 * A lab as the page lists it: a tab, its presets and what its fields accept.
 */
export type LabEntry = { name: string, title: string, about: string, studies: Array<StudyEntry>, presets: Array<Preset>, limits: Array<Limit>, choices: Array<Choice>, 
/**
 * Its form's fields, in order: the page builds its controls from them.
 */
fields: Array<Field>, 
/**
 * The section with every default filled in (what a field shows when a Scenario leaves it
 * out, what a hidden field sends).
 */
defaults: JsonValue, };

/**
 * Efficiency of one fat-tree layer (channels leaving that layer's switches), Fig. 10 (b)–(d).
 */
export type LayerUtilization = { layer: number, used_slots: number, total_slots: number, efficiency: number, };

/**
 * A number field's range, the same constants the lab's check refuses outside of: the page's
 * input takes its `min` and `max` from here instead of restating them.
 */
export type Limit = { 
/**
 * The field of the lab's section.
 */
field: string, min: number, max: number, 
/**
 * The range leaves out `min` itself ((0, 1] for a load step).
 */
min_open: boolean, 
/**
 * The range leaves out `max` itself ((0, 1) for Cowen's α).
 */
max_open: boolean, };

/**
 * A link in the result: plane (0-based), ends, the pass that made it, bytes routed over it.
 */
export type LinkOut = { plane: number, src: number, dst: number, pass: number, bytes: number, };

/**
 * Table 1's parameters.
 */
export type NetParams = { down_gbps: number, up_gbps: number, ocs_gbps: number, eps_propagation_ns: number, ocs_propagation_ns: number, switch_ns: number, mtu_bytes: number, };

/**
 * Which free OCS nodes a step 2 or 3 circuit joins.
 */
export type NodeChoice = "lowest" | "endpoint";

/**
 * What the search maximises besides the all-to-all maximum traffic.
 */
export type Objective = "distance" | "delay";

/**
 * Configuration of the OCS relay lab.
 */
export type OcsRelayConfig = { 
/**
 * Edge switches × nodes per edge switch: 8x32 or 16x16 in the paper.
 */
edge: string, 
/**
 * OCS nodes in all (the same number under every edge switch).
 */
ocs_nodes: number, 
/**
 * The application: neighbor (§4.1's 4 MB neighbour exchange on a square process grid),
 * cg, lu, mg (NPB's communication structures) or matrix (the `matrix` CSV).
 */
app: string, 
/**
 * The NPB class (A, B, C or D; not printed in the paper, B by default).
 */
class: string, 
/**
 * NPB iterations (§4.1: 5); the neighbour exchange is one exchange.
 */
iterations: number, 
/**
 * Computation per iteration (µs; not printed in the paper, so 0: times are communication
 * only).
 */
compute_us: number, 
/**
 * CSV rows rank,rank,bytes,count when `app` is matrix.
 */
matrix: string, 
/**
 * Bytes per neighbour message.
 */
message_bytes: number, 
/**
 * Uplink oversubscription 1:ratio (5 in the paper; 20 for the low-bisection EPS).
 */
ratio: number, 
/**
 * Messages of at least this many bytes may use the OCS (§4.1: 8192).
 */
threshold: number, readings: Readings, counting: Counting, uplink_cost: UplinkCost, mtu: number, 
/**
 * The communication whose route is shown.
 */
source: number, destination: number, };

/**
 * The result of a run.
 */
export type OcsRelayResult = { edge: string, ocs_nodes: number, app: string, 
/**
 * What the application sends (class, sizes).
 */
app_definition: string, edges: number, nodes_per_edge: number, ocs_per_edge: number, 
/**
 * Messages in the program, and packet-hops in ours.
 */
messages: number, packet_hops: number, ocs_nodes_used: number, decisions: Array<DecisionRef>, route_list: Array<RouteRef>, uplink_per_switch: Array<UplinkLoad>, circuits: Array<CircuitLoad>, circuits_by_step: [number, number, number], routes: RouteKinds, unused_ocs_nodes: Array<Unused>, 
/**
 * Ours; EPS only at the same uplinks; the full-bisection EPS; EPS only and ours at 1:20.
 */
time_s: number, time_eps_only_s: number, time_full_bisection_s: number, time_low_bisection_eps_only_s: number, time_low_bisection_s: number, 
/**
 * Ours over EPS only; null when EPS only takes no time (no traffic crosses the network).
 */
relative_time: number | null, bound_s: number, bound_eps_only_s: number, 
/**
 * Bytes into the upper switch in ours (§4.2's "received from all links").
 */
uplink_bytes: number, uplink_bytes_eps_only: number, 
/**
 * The shown communication's route.
 */
route: Route | null, readings: Readings, counting: Counting, uplink_cost: UplinkCost, params: NetParams, };

/**
 * One option of a choice, as the page shows it.
 */
export type Opt = { 
/**
 * What the section holds when it is chosen.
 */
value: string, label: string, about: string, };

/**
 * How the demands are ordered.
 */
export type OrderKind = "hdf" | "sa";

/**
 * One pair's routes (§2.2).
 */
export type PairRoute = { source: number, destination: number, 
/**
 * The table row used (index src ⊕ dst).
 */
row: TableRow, 
/**
 * The plane taken: the shorter; on a tie either, and we show plane 0.
 */
plane: number, tie: boolean, 
/**
 * Switches visited in each plane (ids within the plane).
 */
paths: [Array<number>, Array<number>], 
/**
 * The generator each hop of each plane uses (index into the plane's generators).
 */
hops: [Array<number>, Array<number>], };

/**
 * A named set-up of a lab: the fields of its section it sets (the others keep what the form
 * holds) and, when it names one, the seed. The page shows it as a button.
 */
export type Preset = { 
/**
 * The button's id on the page.
 */
id: string, 
/**
 * The button's text (may hold `<var>`, `<sub>`).
 */
label: string, 
/**
 * What it sets up, in words (the button's accessible name).
 */
about: string, seed: number | null, section: JsonValue, };

/**
 * The switch–switch cables grouped by plane, pair of racks (from ≤ to) and length, as
 * columns (at n = 12 there are 12,288 groups: columns keep the result small and quick to
 * hand to the page).
 */
export type RackCables = { plane: Array<number>, from: Array<number>, to: Array<number>, length_m: Array<number>, count: Array<number>, };

/**
 * The readings of what §3.2.2 leaves open.
 */
export type Readings = { blocked: Blocked, step3: Step3, node_choice: NodeChoice, };

/**
 * How the network is reconfigured after switch failures.
 */
export type Reconfig = "reroute-all" | "reroute-affected" | "reconnect" | "reoptimize";

/**
 * What the failures did.
 */
export type Reconfiguration = { failed_switches: Array<number>, avg_hops_before: number, avg_hops_after: number, max_slots_before: number, max_slots_after: number, 
/**
 * max(0, N after − N before): the extra cycles reconfiguration costs.
 */
extra_slots: number, 
/**
 * Communications whose end node sat on a failed switch.
 */
lost_communications: number, 
/**
 * Communications left without any path.
 */
unroutable_communications: number, 
/**
 * The (source, destination) end nodes of the first unroutable communications (at most
 * `LISTED_UNROUTABLE`), so the page can name the pairs the failure disconnects.
 */
unroutable_pairs: Array<[number, number]>, 
/**
 * Links the reconfiguration added between spare ports.
 */
links_added: number, };

/**
 * The route of one directed communication.
 */
export type Route = { src: number, dst: number, kind: Kind, path: Array<Vertex>, 
/**
 * The circuits crossed (indices into the allocation), in order.
 */
circuits: Array<number>, 
/**
 * Σ 1/Gbps over its links under the cost reading.
 */
cost: number, };

/**
 * Directed large communications by route kind.
 */
export type RouteKinds = { direct: number, relay: number, eps: number, local: number, };

/**
 * A large communication and its route kind.
 */
export type RouteRef = { src: number, dst: number, kind: Kind, };

/**
 * Configuration of the Routing lab (paper 002).
 */
export type RoutingConfig = { 
/**
 * Topology spec, e.g. `lrt:64:4:2`.
 */
topology: string, 
/**
 * A router of the registry: `loren`, `cowen`, `cowen-cluster`, `shortest`, … A parameter
 * written in the spec (`cowen:18`, `loren:16`) wins over `tmax` and `alpha`.
 */
scheme: string, 
/**
 * LOREN's table limit; none = |N|/2.
 */
tmax: number | null, 
/**
 * Cowen's ball exponent, 0 < α < 1 (both readings).
 */
alpha: number, 
/**
 * Traffic for effective bandwidth and efficiency (uniform, transpose, shuffle, reverse,
 * hotspot:β, local:γ); none = all-pairs metrics only.
 */
traffic: string | null, 
/**
 * Random patterns averaged for a random traffic.
 */
patterns: number, 
/**
 * Switch a packet is walked from (the step view, Fig. 4); none = no walk.
 */
source: number | null, 
/**
 * Switch the packet is walked to.
 */
destination: number | null, };

/**
 * What the Routing lab computed.
 */
export type RoutingResult = { topology: string, scheme: string, seed: number, switches: number, links: number, tmax: number | null, alpha: number | null, 
/**
 * Mean hops over all ordered pairs that arrive.
 */
avg_path_length: number, 
/**
 * Mean shortest-path hops over all pairs (the reference).
 */
avg_shortest_path_length: number, max_entries: number, 
/**
 * LOREN: the phase (1)+(2) table size (the smallest usable t_max).
 */
min_required_entries: number | null, landmarks: number | null, 
/**
 * Ordered pairs of switches holding end nodes whose packets arrive, out of `total_pairs`.
 */
delivered_pairs: number, total_pairs: number, 
/**
 * Largest path length / shortest length over all pairs.
 */
max_stretch: number, 
/**
 * Why, when the scheme was left to the network's default (`auto`).
 */
scheme_default: string | null, traffic: string | null, patterns: number | null, effective_bandwidth: number | null, avg_efficiency: number | null, 
/**
 * "Simulate this": the Simulate lab's fields for this network and router (the others
 * keep what its form holds).
 */
simulate: Handoff, };

/**
 * What one network scores: both metrics, and the real-system model at 4 nodes per switch.
 */
export type Scores = { avg_distance: number, 
/**
 * The §2 scale (one node per switch): 2·2ⁿ over the busiest link.
 */
a2a_max_traffic: number, 
/**
 * The §3 scale, 4 nodes per switch (a quarter, Fig. 5(b)).
 */
a2a_max_traffic_per_node: number, max_link_load: number, 
/**
 * Mean commercial length of the switch–switch cables of both planes (m).
 */
avg_cable_m: number, 
/**
 * (avg cable × 5 ns/m + 90 ns) × avg shortest distance + 131 ns.
 */
avg_delay_ns: number, 
/**
 * NIC, switch ports, node cables and switch cables per node (US$).
 */
cost_per_node_usd: number, 
/**
 * Its parts (Fig. 8).
 */
cost: CostPerNode, };

/**
 * Configuration of the Simulate lab; the router parameters default to paper 002's Table II.
 */
export type SimConfig = { 
/**
 * Topology spec: mesh:8x8, torus:8x8, lrt:64:4:2, fattree:4:3, …
 */
topology: string, 
/**
 * Which of the seed's random topologies (the table-size study's numbering; 0 is the one
 * every lab shows for the seed).
 */
topology_index: number, 
/**
 * A router of the registry: dor, shortest, updown, loren, cowen, cowen-cluster, …
 */
routing: string, 
/**
 * LOREN's table limit, or Cowen at t_max T (the α with the largest table within T).
 */
tmax: number | null, 
/**
 * Cowen's α (when no t_max is given).
 */
alpha: number | null, 
/**
 * Pattern, a fresh destination per packet.
 */
traffic: string, 
/**
 * Offered load, flits per node per cycle.
 */
rate: number, vcs: number, 
/**
 * How the per-pair routes' hops get their deadlock-free VC layers: LASH-TOR, or ACRO
 * (paper 002's [25]); ACRO needs every pair's route kept (`flit::check_assignment`).
 */
vc_assignment: VcAssignment, 
/**
 * Flits per VC buffer.
 */
buf: number, 
/**
 * Flits per packet.
 */
packet: number, 
/**
 * Router pipeline stages.
 */
stages: number, link_latency: number, 
/**
 * Cycles per metre of cable added to each channel (0: none; dual-plane networks carry
 * their cable lengths, paper 004 §3.4).
 */
latency_per_m: number, credit_delay: number, warmup: number, 
/**
 * Measured cycles.
 */
cycles: number, drain: number, 
/**
 * The sweep's load step.
 */
sweep_step: number, 
/**
 * Seeds per sweep point (error bars): the seed, seed + 1, …
 */
seed_count: number, 
/**
 * A research run that may take minutes or hours: no work limit, only what it keeps
 * (`MAX_LONG_RUN_SAMPLES`) instead of `MAX_RUN_WORK` (natively only; the page's runs keep
 * to its limit).
 */
long_run?: boolean, };

/**
 * What a Simulate run hands the page: the simulator's result, the network's size and the
 * loads a sweep of this configuration runs (the page hands them out to its workers).
 */
export type SimOutput = { 
/**
 * The router run (`auto` resolved).
 */
routing: string, 
/**
 * Why, when the routing was left to the topology's default (`auto`).
 */
routing_default: string | null, switches: number, channels: number, sweep_loads: Array<number>, offered_flits_per_node_cycle: number, accepted_flits_per_node_cycle: number, 
/**
 * Mean and 99th percentile latency of the measured packets (creation to tail ejection,
 * source queueing included); null when none arrived.
 */
avg_latency_cycles: number | null, p99_latency_cycles: number | null, 
/**
 * Mean channel hops of the measured packets that arrived.
 */
avg_hops: number | null, 
/**
 * Packets created in the window, and how many of them arrived.
 */
measured_packets: number, delivered_packets: number, simulated_cycles: number, wall_seconds: number, deadlock: boolean, 
/**
 * Packets the nodes could not queue because their source queues were full
 * (`engine::MAX_SOURCE_PACKETS` each): offered but never accepted.
 */
refused_packets: number, 
/**
 * Measured packets still missing when the drain ran out, a deadlock, or packets refused
 * at a full source queue: past saturation.
 */
saturated: boolean, 
/**
 * Flits per cycle on each channel in the window (0–1).
 */
channel_utilisation: Array<number>, 
/**
 * VC groups the routes need (deadlock-free layers × router classes) and the layers.
 */
vc_groups: number, vc_layers: number, 
/**
 * Past saturation by the sweep's rule: saturated, a deadlock, or less than 90% of the
 * offered load accepted.
 */
past_saturation: boolean, 
/**
 * The network's channel-load bound (`Network::channel_load_bound`).
 */
channel_load_bound: number | null, 
/**
 * Measured packets addressed to their own source node: a permutation's fixed points
 * (transpose's diagonal), a hotspot's or matrix's own draws. They cross no channel (0 hops)
 * and are counted in the accepted throughput and the latency, as BookSim counts them; the
 * one-shot traffic of the analyses leaves such pairs out.
 */
self_packets: number, 
/**
 * Switch crossings of the whole run (warm-up and drain included): the flits of every
 * packet delivered, each × its packet's hops + 1. The simulator's unit of work
 * (`scripts/sim-instructions.mjs` divides the instructions of a run by it).
 */
switch_crossings: number, 
/**
 * For a result merged from several seeds: their number and the spread (min, max) of their
 * mean latency and accepted throughput (error bars); none for one run.
 */
spread?: Spread | null, };

/**
 * Configuration of the Slots lab (paper 000 §3).
 */
export type SlotsConfig = { 
/**
 * Topology spec, e.g. `mesh:8x8`.
 */
topology: string, 
/**
 * Pattern name, e.g. `transpose`, `hotspot:0.2`.
 */
pattern: string, 
/**
 * A router of the registry (`dor`, `shortest`, `updown`, `loren:T`, `cowen:α`); empty =
 * the topology's default.
 */
routing: string, 
/**
 * One of the six slot policies; empty = none.
 */
policy: string, 
/**
 * All-to-all method (only with pattern all-to-all); empty = destination-based.
 */
all2all: string, };

/**
 * What the Slots lab computed (the CLI's `--json` and the page's metrics).
 */
export type SlotsResult = { topology: string, pattern: string, routing: string, all2all: string | null, policy: string | null, seed: number, switches: number, links: number, channels: number, endpoints: number, 
/**
 * Communications c(s, d) with s ≠ d.
 */
communications: number, 
/**
 * Circuits (= communications, except for path-broadcast and tree all-to-all).
 */
circuits: number, 
/**
 * N: the largest number of circuits on one directed channel.
 */
max_slots: number, 
/**
 * Mean inter-switch hops of the communications' routes.
 */
avg_hops: number, 
/**
 * Channels whose load is N (at most 64 listed).
 */
busiest_channels: Array<ChannelLoad>, busiest_channel_count: number, slot_utilization: number | null, used_slots: number | null, total_slots: number | null, 
/**
 * Per fat-tree layer (0 = roots), with a policy.
 */
layers: Array<LayerUtilization>, 
/**
 * Steps in the trace (0 without a policy).
 */
steps: number, };

/**
 * Which solver configures the OCS.
 */
export type SolverKind = "heuristic" | "ilp";

/**
 * One 2-way split: the part's size, the sizes it was cut into, λ₂ (None when the part was
 * split by components) and the weight cut (W counts both directions).
 */
export type Split = { size: number, left: number, lambda2: number | null, cut: number, };

/**
 * The spread of a point over seeds.
 */
export type Spread = { seeds: number, avg_latency_cycles: [number, number] | null, accepted_flits_per_node_cycle: [number, number], };

/**
 * How step 3 orders its circuits.
 */
export type Step3 = "recompute" | "fill" | "passes";

/**
 * One step as the page lists it (the changes stay in Rust).
 */
export type StepSummary = { title: string, explanation: string, metrics: Array<[string, number]>, };

/**
 * A lab's named study, as the page lists it.
 */
export type StudyEntry = { name: string, title: string, about: string, 
/**
 * Its arguments' defaults (an object by argument name).
 */
args: JsonValue, 
/**
 * The ranges of its number arguments.
 */
limits: Array<Limit>, };

/**
 * One row of the per-node routing table (Table 1), indexed by src ⊕ dst.
 */
export type TableRow = { offset: number, distance: [number, number], 
/**
 * Plane 1's routing value M⁻¹(src ⊕ dst).
 */
routing_value: number, };

/**
 * Completion times of one round.
 */
export type TdmRound = { message_bytes: number, cs_round_ns: number, cs_mean_ns: number, ps_round_ns: number, ps_mean_ns: number, 
/**
 * ps_round / cs_round: above 1, circuit switching finishes first.
 */
cs_speedup: number, };

/**
 * Configuration of the TopoGen lab (paper 000 §4–5).
 */
export type TopoGenConfig = { 
/**
 * End nodes V.
 */
nodes: number, 
/**
 * Maximum switch degree (end nodes + links).
 */
degree: number, pattern: string, 
/**
 * Target N for TOPOGEN_REV; none = the minimal topology.
 */
target_slots: number | null, 
/**
 * Switches to fail (§5.3), by id.
 */
fail: Array<number>, 
/**
 * Or this many switches chosen at random (seeded).
 */
fail_random: number, 
/**
 * How the network is reconfigured after the failures (§5.3).
 */
reconfig: Reconfig, 
/**
 * What becomes of the end nodes of a failed switch.
 */
failed_nodes: FailedNodes, 
/**
 * Message size of the one-round CS-vs-PS simulation.
 */
message_bytes: number, 
/**
 * A network to start from instead of one giant switch (a topology spec; `file:PATH` on
 * the CLI): its switches, links and end nodes, which then set V (`nodes` is not read).
 * Empty: the paper's start.
 */
start: string, };

/**
 * What the TopoGen lab computed.
 */
export type TopoGenResult = { pattern: string, seed: number, communications: number, 
/**
 * The run started from a given network (`start`), not from one giant switch: the
 * "after partition" N is then the given network's.
 */
from_given_network: boolean, steps: number, reconfiguration: Reconfiguration | null, 
/**
 * Copies of the reconfiguration figures at the top level (CLI contract).
 */
avg_hops_after: number | null, extra_slots: number | null, 
/**
 * One round of the pattern on the generated network: TDM circuits vs packet switching.
 */
simulation: TdmRound, nodes: number, 
/**
 * The maximum switch degree asked for.
 */
degree_limit: number, switches: number, links: number, max_slots: number, avg_hops: number, 
/**
 * Largest switch degree (end nodes + links) in the result; never above `degree_limit`.
 */
max_degree: number, target_slots: number | null, 
/**
 * N after each phase: partition, swaps, links (and the target phase).
 */
max_slots_after_partition: number, max_slots_after_swaps: number, max_slots_after_links: number, 
/**
 * Pending swaps kept when retried after link optimization.
 */
pending_swaps_kept: number, swaps_pending: number, links_added: number, 
/**
 * Whether the link search ran to its end, not stopped by its work budget
 * (`links::MAX_LINK_SEARCH_WORK`: the network is then as improved as the budget allowed).
 */
link_search_complete: boolean, };

/**
 * The torus baseline in the result.
 */
export type TorusOut = { dims: Array<number>, degree: number, node_of_lc: Array<number>, start_hop_bytes: number, hop_bytes: number, iterations: number, curve: Array<CurvePoint>, };

/**
 * A demand with no path.
 */
export type Unserved = { src: number, dst: number, bytes: number, };

/**
 * An OCS node left without a circuit, and why (the two cases at the end of §3.2.2).
 */
export type Unused = { node: number, 
/**
 * 1: its process talks across switches but every partner it could join is taken; 2: its
 * process talks to no other switch.
 */
case: number, why: string, };

/**
 * How an oversubscribed uplink is costed.
 */
export type UplinkCost = "share" | "literal" | "switch-level";

/**
 * An uplink's bytes in ours, each way.
 */
export type UplinkLoad = { switch: number, up: number, down: number, };

/**
 * How the per-pair routes' hops get their deadlock-free VC layers (`RouteTable`).
 */
export type VcAssignment = "lash-tor" | "acro" | "acro-by-route";

/**
 * A vertex of the hybrid network: a node (rank), an edge switch or the upper switch.
 */
export type Vertex = { "node": number } | { "edge": number } | "upper";

/**
 * What the page shows on top of a run: the step, the clicked channel and the figure's zoom.
 * Part of the Scenario so a permalink reopens exactly where it was shared.
 */
export type View = { step: number | null, channel: number | null, 
/**
 * Zoomed into the figure (none: fitted to the panel). Only the page reads it.
 */
zoom: Zoom | null, };

/**
 * The page's zoom into a figure: its scale (screen pixels per drawing unit) and the drawing's
 * point at the middle of the panel (drawing units).
 */
export type Zoom = { scale: number, x: number, y: number, };
/** Each lab's configuration (its Scenario section) and result, by lab name. */
export type Labs = {
  "slots": { config: SlotsConfig; result: SlotsResult };
  "topogen": { config: TopoGenConfig; result: TopoGenResult };
  "routing": { config: RoutingConfig; result: RoutingResult };
  "sim": { config: SimConfig; result: SimOutput };
  "dualplane": { config: DualPlaneConfig; result: DualPlaneResult };
  "ocs-relay": { config: OcsRelayConfig; result: OcsRelayResult };
  "ctc": { config: CtcConfig; result: CtcResult };
};

/** A lab's name (`labs::LABS`). */
export type LabName = keyof Labs;

/** A step as the page lists it. */
export type Step = StepSummary;

/** The whole configuration: the lab shown, its seed (digits: a u64 need not fit a JS
 * number), the other labs' seeds, the view, compare mode's A and one section per lab. */
export type Scenario = {
  version: number;
  lab: LabName;
  seed: string | number;
  seeds?: Partial<Record<LabName, number>>;
  view?: View;
  compare?: { seed: number; section: JsonValue };
  "slots": SlotsConfig;
  "topogen": TopoGenConfig;
  "routing": RoutingConfig;
  "sim": SimConfig;
  "dualplane": DualPlaneConfig;
  "ocs-relay": OcsRelayConfig;
  "ctc": CtcConfig;
};
