# Smoke test of Topolab's GraphML in a real SST (issue 26; not yet the full check, which needs
# `topolab export sst` with Topolab's own routes and delays mapped to ours): SST/Merlin's anytopo
# reads the network written by `topolab export graphml`, routes it with its own shortest-path
# source routes, and runs uniform traffic at a low load.
#
#   topolab export graphml --topology mesh:8x8 --out /tmp/mesh8.graphml
#   sst scripts/sst-graphml-smoke.py -- /tmp/mesh8.graphml 16
#   mpirun -np 2 sst scripts/sst-graphml-smoke.py -- /tmp/mesh8.graphml 16
#
# The second argument is anytopo's VCs per virtual network: a packet's VC is its hop count, so
# it must exceed the longest route (mesh 8×8: 14 hops), else SST crashes (notes, trap 3).
# SST from scripts/sst-build.sh. Measured 2026-11-27: mesh 4×4 and 8×8 load and run, one rank
# and two, the same average latency on both (8×8: 82.1 ns at 0.1 with these unmapped settings).
import os, sys, sst
from sst.merlin.base import *
from sst.merlin.endpoint import *
from sst.merlin.interface import *
from sst.merlin.topology import *
from sst.merlin.targetgen import *

topo = topoAny()
topo.routing_mode = "source_routing"
topo.topo_name = "topolab"
topo.vcs_per_vn = int(sys.argv[2]) if len(sys.argv) > 2 else 16  # anytopo: a packet's VC is its hop count (longest route + 1 at least)
topo.import_graph(sys.argv[1] if len(sys.argv) > 1 else "/tmp/mesh4.graphml")
router = hr_router()
router.link_bw = "32Gb/s"
router.flit_size = "32B"
router.xbar_bw = "64Gb/s"
router.input_latency = "1ns"
router.output_latency = "1ns"
router.input_buf_size = "1kB"
router.output_buf_size = "1kB"
router.num_vns = 1
router.xbar_arb = "merlin.xbar_arb_rr"
topo.router = router
topo.link_latency = "1ns"
topo.host_link_latency = "1ps"
routing_table = topo.calculate_routing_table()
nic = EndpointNIC(use_reorderLinkControl=True, topo=topo)
nic.addPlugin("sourceRoutingPlugin", routing_table=routing_table)
nic.link_bw = "32Gb/s"
nic.input_buf_size = "1kB"
nic.output_buf_size = "1kB"
nic.vn_remap = [0]
ep = OfferedLoadJob(0, topo.getNumNodes())
ep.setEndpointNIC(nic)
ep.pattern = UniformTarget()
ep.offered_load = 0.1
ep.link_bw = "32Gb/s"
ep.message_size = "32B"
ep.collect_time = "20us"
ep.warmup_time = "5us"
ep.drain_time = "50us"
system = System()
system.setTopology(topo)
system.allocateNodes(ep, "linear")
system.build()
