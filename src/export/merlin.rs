//! SST/Merlin's own topologies (issue 54): a Topolab network that is one of them, under the
//! routing Merlin builds in for it, is written as that topology's few parameters. Each MPI rank
//! of SST expands them for its own routers, so the model is a few hundred bytes at any size and
//! nothing holds a table per router pair (anytopo's limit, `export::sst`). What maps:
//! - `mesh:AxB…` and `torus:AxB…` (a torus's sides are 3 or more) under `dor` → `merlin.mesh` /
//!   `merlin.torus` with `shape` "AxB…", `width` "1x1…" (one link per neighbour pair) and
//!   `local_ports` the end nodes per switch: Merlin numbers routers with dimension 0 fastest,
//!   corrects dimension 0 first and gives a torus two dateline VCs, as ours does;
//! - `hypercube:D` under `dor` → `merlin.hyperx` of shape 2×…×2 (a HyperX links every router to
//!   every other of its row in each dimension: one link at side 2) with `algorithm` "DOR";
//! - `fattree:K:L` (a K-ary L-tree, K end nodes per leaf) under `updown` → `merlin.fattree`
//!   with `shape` "K,K:…:K" (each level from the hosts up as "down,up", the top "down" only) and
//!   `routing_alg` "deterministic": one minimal up-then-down route per destination, as ours.
//!
//! Facts from sst-elements f782290d (`merlin/topology/pymerlin-topo-*.py`, `mesh.cc`,
//! `hyperx.cc`), noted in `shared/notes/sst-merlin-anytopo.md`.

use crate::model::{EndpointId, Shape, Topology};
use serde_json::{json, Value};

/// A network as one of Merlin's own topologies.
#[derive(Debug, Clone, PartialEq)]
pub struct Native {
    /// Merlin's topology: "merlin.mesh", "merlin.torus", "merlin.hyperx" or "merlin.fattree".
    pub topology: &'static str,
    /// The pymerlin class the configuration builds it with (`topoMesh`, …).
    pub class: &'static str,
    /// Its parameters, as pymerlin's class takes them.
    pub params: Value,
    /// Why it is this topology and these parameters, for the model's record.
    pub mapping: String,
}

/// `topo` under the router named `routing` as one of Merlin's own topologies, or why not (the
/// model then goes through anytopo with every route written out).
pub fn native(topo: &Topology, routing: &str) -> Result<Native, String> {
    let per_switch = topo.endpoints_per_switch();
    // Merlin numbers end nodes router by router: ours must be numbered so too
    let switch_of = |e: usize| topo.endpoint_switch(EndpointId::new(e)).index();
    if (1..topo.endpoint_count()).any(|e| switch_of(e) < switch_of(e - 1)) {
        return Err(
            "its end nodes are not numbered switch by switch, as Merlin numbers them".into(),
        );
    }
    match topo.shape() {
        Shape::Grid { dims, wrap } => {
            if routing != "dor" {
                return Err(format!(
                    "Merlin's grids route by dimension order, and this model routes by {routing}"
                ));
            }
            let local = per_switch[0];
            if local == 0 || per_switch.iter().any(|&c| c != local) {
                return Err("its switches carry different numbers of end nodes, and Merlin's grids give every router the same".into());
            }
            let hypercube = !wrap && dims.iter().all(|&k| k == 2);
            let shape = join(dims, "x");
            let width = join(&vec![1; dims.len()], "x");
            let (topology, class) = match (hypercube, wrap) {
                (true, _) => ("merlin.hyperx", "topoHyperX"),
                (false, true) => ("merlin.torus", "topoTorus"),
                (false, false) => ("merlin.mesh", "topoMesh"),
            };
            let mut params = json!({ "shape": shape, "width": width, "local_ports": local });
            if hypercube {
                params["algorithm"] = json!("DOR");
            }
            let mapping = if hypercube {
                format!("{}: a HyperX of shape {shape} (one link per dimension at side 2) with DOR, dimension 0 first as ours; {local} end node(s) per router", topo.spec())
            } else {
                format!("{}: {topology} of shape {shape}, one link per neighbour pair, {local} end node(s) per router; dimension order, dimension 0 first and numbered fastest as ours{}", topo.spec(), if *wrap { ", two dateline VCs" } else { "" })
            };
            Ok(Native {
                topology,
                class,
                params,
                mapping,
            })
        }
        Shape::FatTree { k, levels } => {
            if routing != "updown" {
                return Err(format!(
                    "Merlin's fat-tree routes up then down, and this model routes by {routing}"
                ));
            }
            let (k, levels) = (*k, *levels);
            // (our leaves are the last layer, Merlin's hosts hang off its first level)
            let leaves = topo.switch_count() - topo.switch_count() / levels.max(1);
            let hosts_ok = per_switch[leaves..].iter().all(|&c| c as usize == k)
                && per_switch[..leaves].iter().all(|&c| c == 0);
            if levels < 2 {
                return Err(format!(
                    "a one-level fat-tree is one switch with its {k} end nodes, not a tree of Merlin's fat-tree model"
                ));
            }
            if !hosts_ok {
                return Err(format!(
                    "its end nodes are not {k} on each leaf of a {levels}-level tree"
                ));
            }
            let level = format!("{k},{k}");
            let shape = std::iter::repeat_n(level.as_str(), levels - 1)
                .chain(std::iter::once(k.to_string().as_str()))
                .collect::<Vec<_>>()
                .join(":");
            let mapping = format!(
                "{}: merlin.fattree of shape {shape} ({levels} levels from the hosts up, {k} down and {k} up each, the top {k} down), deterministic up*/down* routing (one minimal route per destination)",
                topo.spec()
            );
            Ok(Native {
                topology: "merlin.fattree",
                class: "topoFatTree",
                params: json!({ "shape": shape, "routing_alg": "deterministic" }),
                mapping,
            })
        }
        _ => Err(format!(
            "{} is none of Merlin's own topologies (mesh, torus, hypercube, fat-tree)",
            topo.spec()
        )),
    }
}

fn join(values: &[usize], sep: &str) -> String {
    values
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::build;

    fn params(spec: &str, routing: &str) -> (String, Value) {
        let topo = build(spec).unwrap();
        let native = native(&topo, routing).unwrap_or_else(|e| panic!("{spec}: {e}"));
        (native.topology.to_string(), native.params)
    }

    /// Each family's parameters: ports (local_ports), dimension sizes, links per pair.
    #[test]
    fn every_family_maps_to_its_merlin_topology() {
        assert_eq!(
            params("mesh:8x8", "dor"),
            (
                "merlin.mesh".into(),
                json!({ "shape": "8x8", "width": "1x1", "local_ports": 1 })
            )
        );
        assert_eq!(
            params("torus:4x6x3", "dor"),
            (
                "merlin.torus".into(),
                json!({ "shape": "4x6x3", "width": "1x1x1", "local_ports": 1 })
            )
        );
        assert_eq!(
            params("hypercube:4", "dor"),
            (
                "merlin.hyperx".into(),
                json!({ "shape": "2x2x2x2", "width": "1x1x1x1", "local_ports": 1, "algorithm": "DOR" })
            )
        );
        assert_eq!(
            params("fattree:4:3", "updown"),
            (
                "merlin.fattree".into(),
                json!({ "shape": "4,4:4,4:4", "routing_alg": "deterministic" })
            )
        );
    }

    /// The routers and end nodes Merlin builds from the parameters are the network's: a mesh or
    /// torus has Π shape routers with local_ports each, a HyperX as many, and a fat-tree of shape
    /// "K,K:…:K" over L levels has K^L hosts on K^(L−1) routers per level.
    #[test]
    fn the_parameters_build_the_same_network() {
        for (spec, routing) in [
            ("mesh:5x7", "dor"),
            ("torus:3x3", "dor"),
            ("hypercube:6", "dor"),
            ("fattree:2:4", "updown"),
            ("fattree:8:2", "updown"),
        ] {
            let topo = build(spec).unwrap();
            let (_, p) = params(spec, routing);
            let (routers, hosts) = match p["shape"].as_str().unwrap() {
                s if s.contains(',') || !s.contains('x') => {
                    let levels: Vec<Vec<usize>> = s
                        .split(':')
                        .map(|l| l.split(',').map(|x| x.parse().unwrap()).collect())
                        .collect();
                    let hosts: usize = levels.iter().map(|l| l[0]).product();
                    // routers per level: hosts / down at the leaves, then × up / down
                    let mut per = hosts / levels[0][0];
                    let mut routers = per;
                    for w in levels.windows(2) {
                        per = per * w[0][1] / w[1][0];
                        routers += per;
                    }
                    (routers, hosts)
                }
                s => {
                    let routers: usize =
                        s.split('x').map(|x| x.parse::<usize>().unwrap()).product();
                    (
                        routers,
                        routers * p["local_ports"].as_u64().unwrap() as usize,
                    )
                }
            };
            assert_eq!(routers, topo.switch_count(), "{spec}");
            assert_eq!(hosts, topo.endpoint_count(), "{spec}");
        }
    }

    /// What Merlin's own topologies cannot express goes to anytopo, with the reason.
    #[test]
    fn the_rest_is_refused_with_a_reason() {
        let why = |spec: &str, routing: &str| native(&build(spec).unwrap(), routing).unwrap_err();
        assert!(why("mesh:8x8", "shortest").contains("dimension order"));
        assert!(why("lrt:64:4:2", "loren").contains("none of Merlin's own"));
        assert!(why("fattree:4:3", "shortest").contains("up then down"));
    }
}
