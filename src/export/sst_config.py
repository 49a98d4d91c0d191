# Topolab → SST/Merlin: the SST configuration `topolab export sst` writes as DIR/topolab.py
# (embedded from src/export/sst_config.py). It runs the experiment of `topolab sim` (same
# network, same routes, same offered load, same per-hop delays) in SST's Merlin, so that the
# two latencies can be compared (scripts/sst-check.mjs). scenario.json's "model" says how the
# network is built:
#   merlin.mesh, merlin.torus, merlin.hyperx, merlin.fattree — Merlin's own topology from the
#     parameters in "merlin" (its pymerlin class in "merlin_class", why in "mapping"), with the
#     routing Merlin builds in for it; every MPI rank builds its own routers, nothing per pair;
#   anytopo — the network as GraphML and every pair's Topolab route as a source route (below).
#
#   sst DIR/topolab.py
#   mpirun -np 2 sst DIR/topolab.py          (as root: mpirun --allow-run-as-root --oversubscribe …)
#
# An anytopo model reads three files from its own directory (or from the directory given as `sst
# DIR/topolab.py -- OTHER_DIR`, or in TOPOLAB_SST_DIR) — unless they are embedded below in
# EMBEDDED, as in the one-file model the page's Export menu downloads:
#   network.graphml  routers 0..n−1 in SST order, int attribute `endpoints` (≥ 1 each)
#   routes.json      {"format": "topolab-sst-routes/1", "routers": n,
#                     "routes": [[src, dst, [hop1, …, dst]], …]}  (source excluded, dst included)
#   scenario.json    {"format": "topolab-sst/1", "model", rate, packet_flits, flit_bytes, stages,
#                     link_latency, vcs_per_vn, buffer_flits, endpoints, hosts, stand_ins,
#                     warmup_cycles, cycles, drain_cycles, …}
# (a model of Merlin's own topology, scenario.json alone).
# and prints, at the end of the run, Merlin's OfferedLoad summary (endpoint 0):
#     Offered   Average
#       Load    Latency
#        0.02       31.389 ns          ('*' after it: the sources fell behind their schedule)
# 1 Topolab cycle = 1 ns, so the latency in ns is the latency in cycles.
#
# What maps to what (Topolab → Merlin), each with its reason:
#   switch, link           → hr_router, anytopo link (topoAny.import_graph of network.graphml)
#   Topolab's routes       → anytopo source routes (routing_mode "source_routing"), one path per
#                            router pair, weight 1, picked by the endpoints' sourceRoutingPlugin
#   VCs                    → one VN with vcs_per_vn = longest route + 1: anytopo puts a packet on
#                            the VC numbered by its hop count (notes, trap 3); Topolab's VC
#                            layers are not carried, so deadlock freedom comes from that instead
#   1 flit per cycle       → link_bw = flit_bytes·8 Gb/s with flit_size = flit_bytes: a flit
#                            crosses a link in 1 ns; xbar_bw = link_bw: the crossbar moves one
#                            flit per port per 1 ns clock, like Topolab's switch (no speed-up)
#   router pipeline        → input_latency + output_latency = stages − 2 ns; hr_router adds
#                            two crossbar clocks per hop (the wait for the clock edge, then one
#                            flit time in the output port), so a hop costs stages + link_latency
#                            ns as in Topolab (notes, trap 4). Measured, mesh 8×8 DOR
#                            bit-complement (no contention): SST 5H + 5 ns, Topolab 5H + 4; the
#                            same +1 at stages 2, 3, 5, 6 and link 2, 3: Merlin's LinkControl
#                            sends one flit time after a packet reaches an idle NIC
#   channel delay          → link_latency ns on every router link; host links 1 ps (Topolab's
#                            injection/ejection ports have no channel; SST links need a delay > 0)
#   buffers                → input_buf_size = buffer_flits·flit_bytes: hr_router sizes buffers PER
#                            VC (credits = size / flit_size for each VC), like Topolab's `--buf`.
#                            Output buffers (Topolab has none) get the same size, so they never
#                            limit a packet; the NIC's buffers likewise
#   offered load           → OfferedLoadJob.offered_load = rate: OfferedLoad sends one packet every
#                            (message_size / link_bw) / offered_load, i.e. offered_load is the
#                            fraction of the endpoint link, and with one flit per ns that is
#                            flits per endpoint per cycle, Topolab's rate. message_size =
#                            packet_flits·flit_bytes
#   traffic                → "uniform": UniformTarget (other endpoints, uniform, like Topolab);
#                            "bitcomp": BitComplementTarget (dest = E − 1 − id, Topolab's ¬s for
#                            E a power of two)
#   endpoints              → the traffic job on endpoints 0..E−1 ("linear" allocation, so logical
#                            id = physical id); routers without endpoints in Topolab come last
#                            with one stand-in endpoint each on an EmptyJob with its own
#                            EndpointNIC (notes, trap 2)
#   warm-up, measured      → warmup_time = warmup_cycles ns, collect_time = cycles ns, drain_time
#                            = drain_cycles ns (Merlin uses drain only between loads of a sweep)
#
# Model differences that remain (named, not tuned away):
#   * injection: OfferedLoad sends periodically, every endpoint at the same instants
#     (0, T, 2T, … with T = packet_flits / rate ns; it has no phase or random-gap option);
#     Topolab draws Bernoulli (geometric gaps). With one endpoint per router this lowers the
#     queueing a little; with several per router their packets meet at the same ns on the same
#     up-links at ANY load (fattree:4:3, 4 per leaf, one shortest path per pair: +6.6 ns over
#     the contention-free 22.1 ns at 0.001 and at 0.05 alike)
#   * latency: Merlin counts from the scheduled send time (so source queueing is in it) to the
#     packet's arrival at the destination NIC, for packets ARRIVING in the collect window;
#     Topolab counts creation to tail ejection for packets CREATED in the window (and drains
#     them). Merlin moves whole packets (virtual cut-through) and its zero-load latency is not
#     monotone in the packet size (bit-complement, 8 hops: 45 ns for 1–3 flits, 42 for 4, then
#     +3 ns per flit, 54 for 8) where Topolab adds packet − 1: compare 1-flit packets
#   * target RNGs are seeded by endpoint id in Merlin; scenario.json's seed is not carried
#   * one VC per hop count instead of Topolab's VCs and layers; credits come back after the
#     link's delays (output + link + input latency) instead of Topolab's credit delay
import json
import os
import sys
from collections import defaultdict

import sst
from sst.merlin.base import *
from sst.merlin.endpoint import *
from sst.merlin.interface import *
from sst.merlin.topology import *
from sst.merlin.targetgen import *


def _model_dir():
    """The directory of network.graphml, routes.json and scenario.json: TOPOLAB_SST_DIR, or
    `sst topolab.py -- DIR`, or this file's own directory (`__file__` is set by sst, on one rank
    and under mpirun, where only rank 0 runs the configuration; sst's `sdl-file` as a fallback)."""
    if os.environ.get("TOPOLAB_SST_DIR"):
        return os.environ["TOPOLAB_SST_DIR"]
    if len(sys.argv) > 1 and os.path.isdir(sys.argv[1]):
        return sys.argv[1]
    path = globals().get("__file__") or sst.getProgramOptions().get("sdl-file", "")
    return os.path.dirname(os.path.abspath(path))


# The three files' texts when this configuration carries them ({"graphml", "routes",
# "scenario"}); None: read them from DIR.
EMBEDDED = None

DIR = _model_dir() if EMBEDDED is None else None


def _read_json(name, fmt):
    if EMBEDDED is not None:
        data = json.loads(EMBEDDED[name.split(".")[0]])
    else:
        with open(os.path.join(DIR, name)) as f:
            data = json.load(f)
    if data.get("format") != fmt:
        raise SystemExit(f"{name}: format {data.get('format')!r}, expected {fmt!r}")
    return data


S = _read_json("scenario.json", "topolab-sst/1")
MODEL = S.get("model", "anytopo")
NATIVE = {"topoMesh": topoMesh, "topoTorus": topoTorus, "topoHyperX": topoHyperX, "topoFatTree": topoFatTree}

flit_bytes = int(S["flit_bytes"])
stages = int(S["stages"])
if stages < 2:
    # hr_router's own two crossbar clocks per hop are the floor (stages = 2: both port
    # latencies 0 ns; measured on mesh 8×8 bit-complement: 2(H+1) + H·link + 1 ns, in step with
    # stages 3 to 6)
    raise SystemExit(f"stages = {stages}: hr_router needs at least 2 (two crossbar clocks per hop)")
ns = lambda cycles: f"{int(cycles)}ns"
LINK_BW = f"{flit_bytes * 8}Gb/s"            # one flit per ns
BUF = f"{int(S['buffer_flits']) * flit_bytes}B"  # per VC, as hr_router counts
port_latency = stages - 2
INPUT_LATENCY = ns(port_latency - port_latency // 2)
OUTPUT_LATENCY = ns(port_latency // 2)

# Trap 1: NICplugin.build writes every keyword argument as a parameter of every endpoint's
# plugin, i.e. the WHOLE routing table (and the topology object's repr) into each endpoint
# (2.4 GB at 256 routers). SourceRoutingPlugin.build takes what it needs from the keywords
# itself (its own router's routes as `routing_entry_string`), so the copy is dropped.
_nicplugin_build = NICplugin.build


def _nicplugin_build_lean(self, comp, endpoint_id, plugin_index, **kwargs):
    lean = {k: v for k, v in kwargs.items() if k not in ("routing_table", "topology")}
    return _nicplugin_build(self, comp, endpoint_id, plugin_index, **lean)


NICplugin.build = _nicplugin_build_lean

# --- the network: Merlin's own topology from its parameters, or anytopo with Topolab's routes


def _native_topology():
    """Merlin's own topology (scenario.json's "merlin_class" with the parameters in "merlin"):
    each rank builds its routers and their routing from these few values."""
    cls = NATIVE.get(S.get("merlin_class"))
    if cls is None:
        raise SystemExit(f"scenario.json: model {MODEL!r} with class {S.get('merlin_class')!r}, which this configuration does not build")
    topo = cls()
    for key, value in S["merlin"].items():
        setattr(topo, key, value)
    if topo.getNumNodes() != int(S["endpoints"]):
        raise SystemExit(f"{MODEL} {S['merlin']} has {topo.getNumNodes()} endpoints; scenario.json says {S['endpoints']}")
    return topo


def _anytopo():
    """anytopo from network.graphml, with every pair's route from routes.json (source routing):
    the topology, the routing table, endpoints, routers with endpoints and stand-ins."""
    R = _read_json("routes.json", "topolab-sst-routes/1")
    topo = topoAny()
    topo.routing_mode = "source_routing"
    topo.topo_name = f"topolab:{S.get('topology', '')}"
    topo.vcs_per_vn = int(S["vcs_per_vn"])  # a packet's VC is its hop count (trap 3)
    if EMBEDDED is None:
        topo.import_graph(os.path.join(DIR, "network.graphml"))
    else:
        import networkx
        topo.import_graph(networkx.parse_graphml(EMBEDDED["graphml"]))
    n_routers = topo.num_routers
    if n_routers != int(R["routers"]):
        raise SystemExit(f"routes.json is for {R['routers']} routers, network.graphml has {n_routers}")
    E, hosts, K = int(S["endpoints"]), int(S["hosts"]), int(S["stand_ins"])
    if topo.getNumNodes() != E + K or hosts + K != n_routers:
        raise SystemExit(f"network.graphml has {topo.getNumNodes()} endpoints on {n_routers} routers; "
                         f"scenario.json says {E} + {K} stand-ins on {hosts} + {K}")
    if any(topo.get_num_endpoints_for_router(r) != 1 for r in range(hosts, n_routers)):
        raise SystemExit("network.graphml: the routers after the first `hosts` must have one (stand-in) endpoint each")

    table = defaultdict(dict)  # table[src][dst] = [(weight, [hop, …, dst])]: anytopo's form
    longest = 0
    for src, dst, hops in R["routes"]:
        if not hops or hops[-1] != dst:
            raise SystemExit(f"route {src}→{dst}: the hop list must end with the destination")
        table[src][dst] = [(1.0, [int(h) for h in hops])]
        longest = max(longest, len(hops))
    if S.get("traffic", "uniform") == "uniform":
        # every ordered pair of routers with real endpoints needs a route, else anytopo stops the
        # run at the first packet for it ("destination endpoint … is not contained within …")
        short = [r for r in range(hosts) if len(table[r]) < hosts - 1]
        if short:
            raise SystemExit(f"routes.json: router {short[0]} has routes to {len(table[short[0]])} of "
                             f"the {hosts - 1} other routers with endpoints (uniform traffic needs all)")
    if longest + 1 > topo.vcs_per_vn:
        raise SystemExit(f"vcs_per_vn = {topo.vcs_per_vn} but the longest route has {longest} hops")

    return topo, table, R, longest, hosts, K


if MODEL == "anytopo":
    topo, table, R, longest, hosts, K = _anytopo()
else:
    topo, table, R, longest, hosts, K = _native_topology(), None, None, None, int(S["endpoints"]), 0
E = int(S["endpoints"])

router = hr_router()
router.link_bw = LINK_BW
router.flit_size = f"{flit_bytes}B"
router.xbar_bw = LINK_BW                     # no crossbar speed-up: 1 flit per port per ns
router.input_latency = INPUT_LATENCY
router.output_latency = OUTPUT_LATENCY
router.input_buf_size = BUF
router.output_buf_size = BUF
router.num_vns = 1
router.xbar_arb = "merlin.xbar_arb_rr"
topo.router = router
topo.link_latency = ns(S["link_latency"]) if int(S["link_latency"]) > 0 else "1ps"  # SST links need > 0
topo.host_link_latency = "1ps"


def _endpoint_nic():
    """An EndpointNIC (with source routing on anytopo). One per job: its LinkControl records the job's id
    and size the first time it is built."""
    nic = EndpointNIC(use_reorderLinkControl=True, topo=topo)
    if table is not None:
        nic.addPlugin("sourceRoutingPlugin", routing_table=table)
    nic.link_bw = LINK_BW
    nic.input_buf_size = BUF
    nic.output_buf_size = BUF
    nic.vn_remap = [0]
    return nic


# --- traffic on the real endpoints 0..E−1
ep = OfferedLoadJob(0, E)
ep.setEndpointNIC(_endpoint_nic())
traffic = S.get("traffic", "uniform")
if traffic == "uniform":
    ep.pattern = UniformTarget()
elif traffic == "bitcomp":
    if E & (E - 1):
        # Merlin's bit complement is E − 1 − id; Topolab's ¬s needs a power of two
        raise SystemExit(f"bitcomp needs a power-of-two number of endpoints, not {E}")
    ep.pattern = BitComplementTarget()
else:
    raise SystemExit(f"traffic {traffic!r}: OfferedLoad has uniform and bitcomp only")
ep.offered_load = float(S["rate"])  # fraction of link_bw = flits per endpoint per ns
ep.link_bw = LINK_BW
ep.message_size = f"{int(S['packet_flits']) * flit_bytes}B"
ep.warmup_time = ns(S["warmup_cycles"])
ep.collect_time = ns(S["cycles"])
ep.drain_time = ns(S["drain_cycles"])

system = System()
system.setTopology(topo)
system.allocateNodes(ep, "linear")  # endpoints 0..E−1 ("indexed" breaks the route look-up)
if K > 0:
    stand_ins = EmptyJob(1, K)       # one endpoint on each router without real ones (trap 2)
    stand_ins.setEndpointNIC(_endpoint_nic())
    system.allocateNodes(stand_ins, "linear")

if table is None:
    network = f"{MODEL} {S['merlin']} ({E} endpoints, Merlin's own routing)"
else:
    network = (f"anytopo, {topo.num_routers} routers ({hosts} with {E} endpoints, {K} stand-ins), "
               f"{len(R['routes'])} routes (longest {longest} hops, {topo.vcs_per_vn} VCs)")
print(f"topolab-sst: {S.get('topology')} {S.get('routing')} {traffic} rate {S['rate']} from {DIR or 'this file'}: "
      f"{network}, link {LINK_BW}, ports {INPUT_LATENCY}+{OUTPUT_LATENCY}, links {topo.link_latency}, buffers {BUF}/VC")
system.build()
