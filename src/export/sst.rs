//! A flit-simulator experiment (issue 26, "Out to a distributed engine") as an SST/Merlin model:
//! the traffic, rate, buffers and per-hop delays of `topolab sim` in a ready SST Python
//! configuration (`sst_config.py`, which says how each setting maps), on one of two kinds of
//! network (issue 54):
//! - a network that is one of Merlin's own topologies under the routing Merlin builds in for it
//!   (a mesh, torus or hypercube under DOR, a fat-tree under up*/down*: `export::merlin`) is
//!   written as that topology's parameters, a model of a few hundred bytes at any size that
//!   each MPI rank builds its own part of;
//! - any other (LRT, files, TopoGen's networks; LOREN, Cowen, shortest, …) as GraphML for
//!   Merlin's `anytopo`, with every pair's Topolab route as a source route (so LOREN, Cowen or
//!   shortest paths run in SST as they run here).
//!
//! What anytopo can and cannot express is in `shared/notes/sst-merlin-anytopo.md`; the traps it
//! lists are handled here:
//! - routers without endpoints abort anytopo: they are numbered last and get one stand-in
//!   endpoint each, which sends nothing (trap 2);
//! - a packet's VC in anytopo is its hop count: `vcs_per_vn` is the longest route + 1 (trap 3);
//! - one endpoint belongs to one router: routers that choose where a packet enters (the dual
//!   planes of paper 004) are refused (trap 6);
//! - anytopo keeps a queue per router pair: networks above `MAX_SST_ROUTERS` are refused
//!   (trap 5).

use crate::model::{SwitchId, Topology};
use crate::routing::Router;
use crate::sim::flit::SimParams;
use crate::{Error, Result};
use std::fmt::Write;

/// The SST configuration; it reads the files below from its own directory, or the data
/// embedded in it (`SstFiles::single`).
pub const CONFIG: &str = include_str!("sst_config.py");

/// The files' names in the directory `topolab export sst` writes.
pub const GRAPHML_FILE: &str = "network.graphml";
pub const ROUTES_FILE: &str = "routes.json";
pub const SCENARIO_FILE: &str = "scenario.json";
pub const CONFIG_FILE: &str = "topolab.py";

/// Most routers of a network exported to SST: anytopo and its endpoint plugin each keep a
/// queue per router pair (about 660 bytes each), so 1,024 routers take about 4 GB and 25 s to
/// build in SST, and 4,096 would take about 22 GB (notes, trap 5).
pub const MAX_SST_ROUTERS: usize = 1024;

/// Bytes of one flit in the SST model: any size works, since its links move one flit per
/// nanosecond (one Topolab cycle); 32 bytes is Merlin's own examples' flit.
pub const FLIT_BYTES: u32 = 32;

/// Topolab's traffic patterns SST's `OfferedLoadJob` can draw, with its target's name there.
const TARGETS: &[(&str, &str)] = &[("uniform", "uniform"), ("bitcomp", "bitcomp")];

/// The data of one SST experiment.
#[derive(Debug, Clone, PartialEq)]
pub struct SstFiles {
    /// `network.graphml`: routers in SST order, each with its `endpoints` (anytopo models).
    pub graphml: Option<String>,
    /// `routes.json`: every pair's route in SST router ids (anytopo models).
    pub routes: Option<String>,
    /// `scenario.json`: the model (`merlin.mesh`, …, or `anytopo`) and its parameters, traffic,
    /// rate, delays, buffers, cycles, sizes.
    pub scenario: String,
}

impl SstFiles {
    /// The files to write beside the configuration, by name.
    pub fn files(&self) -> Vec<(&'static str, &str)> {
        [
            (GRAPHML_FILE, self.graphml.as_deref()),
            (ROUTES_FILE, self.routes.as_deref()),
            (SCENARIO_FILE, Some(self.scenario.as_str())),
        ]
        .into_iter()
        .filter_map(|(name, text)| Some((name, text?)))
        .collect()
    }

    /// The configuration with the files embedded: one file that runs by itself (what the page
    /// downloads).
    pub fn single(&self) -> String {
        let entries: Vec<String> = self
            .files()
            .into_iter()
            .map(|(name, text)| {
                // (the keys topolab.py reads: "graphml", "routes", "scenario")
                let key = match name {
                    GRAPHML_FILE => "graphml",
                    _ => name.split('.').next().unwrap_or(name),
                };
                format!("    \"{key}\": r'''{text}''',\n")
            })
            .collect();
        let embedded = format!("EMBEDDED = {{\n{}}}", entries.concat());
        CONFIG.replacen("EMBEDDED = None", &embedded, 1)
    }
}

/// Whether an SST model of `topo` under the router named `routing` may be written, checked
/// before the router is built: one of Merlin's own topologies at any size the simulator takes,
/// anytopo up to `MAX_SST_ROUTERS` routers.
pub fn check_network(topo: &Topology, routing: &str) -> Result<()> {
    let routers = topo.switch_count();
    match super::merlin::native(topo, routing) {
        Ok(_) => Ok(()),
        Err(why) if routers > MAX_SST_ROUTERS => Err(Error::invalid(
            "topology",
            format!(
                "{routers} switches; an SST model through anytopo takes at most {MAX_SST_ROUTERS} (it keeps a queue per router pair: about 4 GB at 1,024 routers), and this one cannot be one of Merlin's own topologies: {why}"
            ),
        )),
        Err(_) => Ok(()),
    }
}

/// The SST model of running `traffic` at `params` on `router`'s network, with `router`'s
/// routes (`routing` is its spec's text, for the record).
pub fn sst(
    router: &dyn Router,
    routing: &str,
    traffic: &str,
    params: &SimParams,
    seed: u64,
) -> Result<SstFiles> {
    let topo = router.topology();
    let n = topo.switch_count();
    check_network(topo, router.name())?;
    if router.draws_ways() {
        // (a routes file holds one route per pair, and Merlin's fat-tree climbs by the
        // destination or adaptively: neither is the experiment)
        return Err(Error::invalid(
            "routing",
            format!(
                "{} draws each packet's way at random, which neither Merlin's own routing nor a file of one route per pair can do: export it for BookSim2 (its fattree routes by nca), or for SST with --routing updown",
                router.name()
            ),
        ));
    }
    let target = TARGETS
        .iter()
        .find(|(ours, _)| ours.eq_ignore_ascii_case(traffic.trim()))
        .map(|&(_, theirs)| theirs)
        .ok_or_else(|| {
            Error::invalid(
                "traffic",
                format!(
                    "SST's OfferedLoadJob draws uniform or bit-complement targets only: --traffic {}",
                    TARGETS.iter().map(|t| t.0).collect::<Vec<_>>().join(" or ")
                ),
            )
        })?;
    if params.stages < 2 {
        return Err(Error::invalid(
            "stages",
            format!(
                "{} stages: an SST hr_router spends 2 cycles in its crossbar, so the model needs at least 2",
                params.stages
            ),
        ));
    }
    if params.latency_per_m != 0.0 {
        return Err(Error::invalid(
            "latency_per_m",
            "Merlin's topologies give every router link one latency: set the latency per metre of cable to 0",
        ));
    }
    let common = serde_json::json!({
        "format": "topolab-sst/1",
        "topology": topo.spec(),
        "routing": routing,
        "traffic": target,
        "rate": params.rate,
        "packet_flits": params.packet,
        "flit_bytes": FLIT_BYTES,
        "stages": params.stages,
        "link_latency": params.link_latency,
        "vcs": params.vcs,
        "buffer_flits": params.buffer,
        "endpoints": topo.endpoint_count(),
        "warmup_cycles": params.warmup,
        "cycles": params.cycles,
        "drain_cycles": params.drain,
        "seed": seed,
    });
    let with = |mut scenario: serde_json::Value, more: serde_json::Value| {
        for (k, v) in more.as_object().into_iter().flatten() {
            scenario[k] = v.clone();
        }
        serde_json::to_string_pretty(&scenario).expect("a JSON value prints") + "\n"
    };
    let anytopo_because = match super::merlin::native(topo, router.name()) {
        Ok(native) => {
            if target != "uniform" && native.topology == "merlin.fattree" {
                // (Merlin's fat-tree numbers its hosts leaf by leaf as ours; its routers not)
                return Err(Error::invalid(
                    "traffic",
                    "Merlin's fat-tree model is checked with uniform traffic only: --traffic uniform",
                ));
            }
            let scenario = with(
                common,
                serde_json::json!({
                    "model": native.topology,
                    "merlin_class": native.class,
                    "merlin": native.params,
                    "mapping": native.mapping,
                    "hosts": topo.endpoint_count(),
                }),
            );
            return Ok(SstFiles {
                graphml: None,
                routes: None,
                scenario,
            });
        }
        Err(why) => why,
    };
    let endpoints = topo.endpoints_per_switch();
    // SST numbers endpoints router by router: the same end nodes only if Topolab's are too
    // (a pattern of end-node ids, bit complement, needs the same numbering)
    let switch_of = |e: usize| topo.endpoint_switch(crate::model::EndpointId::new(e));
    if target != "uniform" && (1..topo.endpoint_count()).any(|e| switch_of(e) < switch_of(e - 1)) {
        return Err(Error::invalid(
            "traffic",
            "this network's end nodes are not numbered switch by switch, as SST numbers its endpoints: only uniform traffic means the same there",
        ));
    }
    // SST order: routers with endpoints first, in Topolab's order, then the others (trap 2)
    let hosts: Vec<usize> = (0..n).filter(|&s| endpoints[s] > 0).collect();
    let order: Vec<usize> = hosts
        .iter()
        .copied()
        .chain((0..n).filter(|&s| endpoints[s] == 0))
        .collect();
    let mut sst_id = vec![0u32; n];
    for (i, &s) in order.iter().enumerate() {
        sst_id[s] = i as u32;
    }
    check_size(topo, hosts.len())?;
    let (routes, longest) = routes(router, &hosts, &sst_id)?;
    let graphml = graphml(topo, &order, &sst_id, &endpoints);
    let scenario = with(
        common,
        serde_json::json!({
            "model": "anytopo",
            "mapping": format!("anytopo with every pair's route written out, because {anytopo_because}"),
            "vcs_per_vn": longest + 1,
            "hosts": hosts.len(),
            "stand_ins": n - hosts.len(),
        }),
    );
    Ok(SstFiles {
        graphml: Some(graphml),
        routes: Some(routes),
        scenario,
    })
}

/// Most bytes of routes an SST model may carry (`check_size`, estimated before any route is
/// walked): at 1,024 routers the model was 1.8 GB and took minutes in the page.
pub const MAX_SST_ROUTE_BYTES: u64 = if cfg!(target_arch = "wasm32") {
    64 << 20
} else {
    256 << 20
};

/// The routes' size estimated from the network before they are walked — every ordered pair of
/// `hosts` routers, each `[src, dst, [hop, …]]` with the average distance's hops (sampled by
/// breadth-first search) of as many digits as the largest id — against `MAX_SST_ROUTE_BYTES`.
fn check_size(topo: &Topology, hosts: usize) -> Result<()> {
    let (bytes, pairs, hops) = estimated_route_bytes(topo, hosts);
    if bytes > MAX_SST_ROUTE_BYTES as f64 {
        return Err(Error::invalid(
            "topology",
            format!(
                "an SST model of this network carries every pair's route: about {:.0} MB ({pairs:.0} pairs × {hops:.1} hops on average), above the {} MB one export may write: a smaller network",
                bytes / 1e6,
                MAX_SST_ROUTE_BYTES >> 20
            ),
        ));
    }
    Ok(())
}

/// The bytes of `routes.json` for `hosts` routers with end nodes on `topo`, before any route is
/// walked, with the pairs and the sampled average distance it counts.
fn estimated_route_bytes(topo: &Topology, hosts: usize) -> (f64, f64, f64) {
    let pairs = (hosts as f64) * (hosts.saturating_sub(1) as f64);
    let digits = (topo.switch_count().max(2) as f64).log10().ceil() + 2.0;
    let hops = crate::sim::flit::average_hops(topo);
    (pairs * (2.0 * digits + 8.0 + hops * digits), pairs, hops)
}

/// Every ordered pair of `hosts`' routes as anytopo's source routes — `[src, dst, [hop, …,
/// dst]]` in SST ids, the source left out — and the longest route's hops.
fn routes(router: &dyn Router, hosts: &[usize], sst_id: &[u32]) -> Result<(String, usize)> {
    let topo = router.topology();
    let mut out = String::with_capacity(hosts.len() * hosts.len() * 24);
    let _ = write!(
        out,
        "{{\"format\": \"topolab-sst-routes/1\", \"routers\": {}, \"routes\": [",
        topo.switch_count()
    );
    let mut longest = 0;
    let mut first = true;
    let mut pairs = Vec::with_capacity(hosts.len());
    for &s in hosts {
        let src = SwitchId::new(s);
        pairs.clear();
        pairs.extend(
            hosts
                .iter()
                .filter(|&&d| d != s)
                .map(|&d| (src, SwitchId::new(d))),
        );
        for &(src, dst) in &pairs {
            if router.entry(src, dst, false) != (src, dst)
                || router.entry(src, dst, true) != (src, dst)
            {
                return Err(Error::routing(
                    router.name(),
                    "it chooses the switch a packet enters at (an end node on two planes), and an SST endpoint belongs to one router: export a network whose end nodes each have one switch",
                ));
            }
        }
        // a source's routes at once: routers that share work between pairs (LOREN's next-hop
        // matrix) answer in milliseconds where a walk per pair through its tables takes seconds
        for ((_, dst), path) in pairs.iter().zip(router.paths(&pairs)?) {
            longest = longest.max(path.hops());
            out.push_str(if first { "\n[" } else { ",\n[" });
            first = false;
            let _ = write!(out, "{}, {}, [", sst_id[s], sst_id[dst.index()]);
            for (i, switch) in path.switches[1..].iter().enumerate() {
                let sep = if i == 0 { "" } else { ", " };
                let _ = write!(out, "{sep}{}", sst_id[switch.index()]);
            }
            out.push_str("]]");
        }
    }
    out.push_str("\n]}\n");
    Ok((out, longest))
}

/// The network as anytopo reads it: a node per router in SST order with an integer
/// `endpoints` (one stand-in for a router without), an edge per link. Not `graph::graphml`:
/// the routers are renumbered and stand-ins added, and anytopo needs nothing else.
fn graphml(topo: &Topology, order: &[usize], sst_id: &[u32], endpoints: &[u32]) -> String {
    let mut out = String::with_capacity(400 + 60 * order.len() + 50 * topo.link_count());
    out.push_str(concat!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n",
        "  <key id=\"endpoints\" for=\"node\" attr.name=\"endpoints\" attr.type=\"int\"/>\n",
        "  <key id=\"topolab\" for=\"node\" attr.name=\"topolab\" attr.type=\"int\"><desc>the switch's id in Topolab</desc></key>\n",
        "  <graph id=\"topolab\" edgedefault=\"undirected\">\n",
    ));
    for (i, &s) in order.iter().enumerate() {
        let _ = writeln!(
            out,
            "    <node id=\"{i}\"><data key=\"endpoints\">{}</data><data key=\"topolab\">{s}</data></node>",
            endpoints[s].max(1)
        );
    }
    for l in 0..topo.link_count() {
        let (a, b) = topo.link_ends(crate::model::LinkId::new(l));
        let _ = writeln!(
            out,
            "    <edge source=\"{}\" target=\"{}\"/>",
            sst_id[a.index()],
            sst_id[b.index()]
        );
    }
    out.push_str("  </graph>\n</graphml>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::RouterSpec;

    /// The size estimated before any route is walked bounds the size written, without
    /// overstating it more than twice (it is what the limit is checked against).
    #[test]
    fn the_size_estimate_bounds_the_written_routes() {
        for (spec, routing) in [
            ("mesh:16x16", "shortest"),
            ("lrt:256:4:4", "loren"),
            ("torus:8x8", "shortest"),
            ("fattree:4:3", "shortest"),
            ("full:32", "shortest"),
        ] {
            let topo = crate::topology::build_seeded(spec, 1).unwrap();
            let router = RouterSpec::parse(routing).unwrap().build(&topo).unwrap();
            let files = sst(
                router.as_ref(),
                routing,
                "uniform",
                &SimParams::default(),
                1,
            )
            .unwrap();
            let written = files.routes.unwrap().len() as f64;
            let hosts = topo
                .endpoints_per_switch()
                .iter()
                .filter(|&&e| e > 0)
                .count();
            let (estimate, _, _) = estimated_route_bytes(&topo, hosts);
            assert!(
                estimate >= written && estimate <= 2.0 * written,
                "{spec} {routing}: estimated {estimate:.0} B, written {written:.0} B"
            );
        }
    }

    /// A network of each family, small enough to export whole.
    fn sample(family: &str) -> String {
        match family {
            "mesh" => "mesh:4x3".into(),
            "torus" => "torus:3x4".into(),
            "hypercube" => "hypercube:4".into(),
            "fattree" => "fattree:2:3".into(),
            "full" => "full:6".into(),
            "dragonfly" => "dragonfly:1:2:1".into(),
            "lrt" => "lrt:16:3:2".into(),
            "dual" => "dual:hc:3".into(),
            "tree2" => "tree2:3x2".into(),
            "graph" => {
                let ring: String = (0..7).map(|i| format!("{i} {}\n", (i + 1) % 7)).collect();
                let network = crate::topology::import::read("ring.txt", &ring).unwrap();
                crate::topology::graph_spec("ring.txt", &network).unwrap()
            }
            other => panic!("no sample network of the family '{other}': add one here"),
        }
    }

    /// Every family the simulator runs, under its default router, exports a model that parses
    /// as what it says it is — Merlin's own topology with its parameters, or anytopo with a
    /// node per router and a route per pair of routers with end nodes — or is refused with the
    /// reason SST cannot take it (end nodes on two planes).
    #[test]
    fn every_family_exports_a_model_that_parses_or_says_why_not() {
        for generator in crate::topology::GENERATORS {
            let spec = sample(generator.name);
            let topo = crate::topology::build_seeded(&spec, 1).unwrap();
            let routing = RouterSpec::default_for(&topo);
            let router = routing.build(&topo).unwrap();
            let params = SimParams::default();
            let what = format!("{} ({spec}, {})", generator.name, routing.name());
            let files = match sst(router.as_ref(), routing.name(), "uniform", &params, 1) {
                Ok(files) => files,
                Err(e) => {
                    assert_eq!(generator.name, "dual", "{what}: {e}");
                    assert!(e.to_string().contains("one router"), "{what}: {e}");
                    continue;
                }
            };
            let scenario: serde_json::Value = serde_json::from_str(&files.scenario).unwrap();
            assert_eq!(scenario["format"], "topolab-sst/1", "{what}");
            assert_eq!(scenario["endpoints"], topo.endpoint_count(), "{what}");
            match scenario["model"].as_str().unwrap() {
                "anytopo" => {
                    let graphml = files.graphml.as_deref().unwrap();
                    let graph = crate::topology::import::read_graphml("network.graphml", graphml)
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_eq!(
                        graph.endpoint_count(),
                        topo.endpoint_count() + scenario["stand_ins"].as_u64().unwrap() as usize,
                        "{what}"
                    );
                    assert_eq!(
                        graphml.matches("<edge ").count(),
                        topo.link_count(),
                        "{what}"
                    );
                    let routes: serde_json::Value =
                        serde_json::from_str(files.routes.as_deref().unwrap()).unwrap();
                    let hosts = scenario["hosts"].as_u64().unwrap() as usize;
                    assert_eq!(
                        routes["routes"].as_array().unwrap().len(),
                        hosts * (hosts - 1),
                        "{what}"
                    );
                }
                merlin => {
                    assert!(merlin.starts_with("merlin."), "{what}: {merlin}");
                    assert!(files.graphml.is_none() && files.routes.is_none(), "{what}");
                    assert!(scenario["merlin"].is_object(), "{what}");
                }
            }
        }
    }
}
