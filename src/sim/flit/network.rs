//! The network a run simulates (`Network`): the topology, its routes and VC groups, the
//! traffic placed on its end nodes, and the bound its channels set on the load (`load_bound`).

use super::routes::{RouteTable, Routes, VcAssignment};
use crate::model::Topology;
use crate::rng::{stream, Purpose};
use crate::routing::Router;
use crate::traffic::{Pattern, Placed};
use crate::Result;

/// A prepared network: the topology (its own copy, small beside the routes, so a lab run can
/// keep the network), routes with their VC groups and the pattern placed on the endpoints.
pub struct Network {
    pub topo: Topology,
    pub routes: Routes,
    pub placed: Placed,
    pub pattern: String,
    /// The channel-load bound on throughput (flits/node/cycle): 1 / the largest expected load
    /// any channel carries per unit of offered load, for uniform traffic and fixed patterns
    /// (none for the other random patterns, and none for routes decided hop by hop, which are
    /// not walked pair by pair). No router or VC setting can accept more.
    pub channel_load_bound: Option<f64>,
    /// The average hop distance between its switches (`average_hops`) where it was computed
    /// before the network was built (`Network::knowing_average_hops`).
    average_hops: Option<f64>,
}

/// Breadth-first searches behind `average_hops`.
pub(super) const AVERAGE_HOPS_SOURCES: usize = 16;

/// The average hop distance between the switches of `topo`, from `AVERAGE_HOPS_SOURCES`
/// breadth-first searches (`Adjacency::average_distance_sampled`): for work estimates (a lab's
/// flit-hop budget, how a run is split into parts), not for results.
pub(crate) fn average_hops(topo: &Topology) -> f64 {
    crate::graph::Adjacency::new(topo).average_distance_sampled(AVERAGE_HOPS_SOURCES)
}

impl Network {
    /// `average_hops` of its topology: as given (`knowing_average_hops`), or computed now.
    pub fn average_hops(&self) -> f64 {
        self.average_hops
            .unwrap_or_else(|| average_hops(&self.topo))
    }

    /// The network keeping `hops`, `average_hops` of its topology computed before it was built
    /// (the sim lab checks its work budget with it before building the routes), so that a
    /// run does not sample the distances again.
    pub(crate) fn knowing_average_hops(self, hops: Option<f64>) -> Self {
        Network {
            average_hops: hops,
            ..self
        }
    }

    /// Routes of `router` (every pair's, or its compact form above `MAX_SIM_SWITCHES`: see
    /// `Routes`; refused if they need more VC groups than `vcs`) and `pattern` placed with the
    /// traffic stream of `seed`; the per-pair routes layered as LASH-TOR does.
    pub fn new(router: &dyn Router, pattern: &str, vcs: usize, seed: u64) -> Result<Self> {
        Self::with_assignment(router, pattern, vcs, seed, VcAssignment::LashTor)
    }

    /// As `new`, the per-pair routes' VC layers by `assignment` (`Routes::with_assignment`).
    pub fn with_assignment(
        router: &dyn Router,
        pattern: &str,
        vcs: usize,
        seed: u64,
        assignment: VcAssignment,
    ) -> Result<Self> {
        let topo = router.topology();
        let routes = Routes::with_assignment(router, vcs, assignment)?;
        let parsed = Pattern::parse(pattern).map_err(|e| e.at("traffic"))?;
        let mut rng = stream(seed, Purpose::Traffic, 0);
        let placed = parsed
            .place(topo, pattern, &mut rng)
            .map_err(|e| e.at("traffic"))?;
        let channel_load_bound = routes
            .table()
            .and_then(|table| load_bound(topo, table, &placed));
        Ok(Network {
            topo: topo.clone(),
            routes,
            placed,
            pattern: pattern.into(),
            channel_load_bound,
            average_hops: None,
        })
    }
}

/// `Network::channel_load_bound`: each endpoint's unit of offered load spread over its
/// destinations (all others evenly for uniform, its one destination for a fixed pattern) and
/// summed on the channels of the routes.
pub(super) fn load_bound(topo: &Topology, routes: &RouteTable, placed: &Placed) -> Option<f64> {
    let e = topo.endpoint_count();
    let switch = |ep: usize| {
        topo.endpoint_switch(crate::model::EndpointId::new(ep))
            .index()
    };
    let mut load = vec![0.0f64; topo.channel_count()];
    // w packets per unit of offered load from home switch s to home switch d, on every channel
    // of the route (half each way where the router alternates between two entries, or splits
    // ties between a source's packets: the engine gives every other packet the other way)
    let mut add = |s: usize, d: usize, w: f64| {
        for alternate in [false, true] {
            let (a, b, _) = routes.entry(s as u32, d as u32, alternate);
            for h in routes.route_way(a as usize, b as usize, alternate) {
                load[h.channel as usize] += w / 2.0;
            }
        }
    };
    match placed {
        Placed::Uniform { .. } if e > 1 && !routes.per_pair() => {
            // as below, summed in integers per destination's tree (`destination_flows`): the
            // pair (s, d) weighs endpoints at s × endpoints at d, each pair 1/(e − 1)
            let per: Vec<u64> = topo
                .endpoints_per_switch()
                .iter()
                .map(|&k| k as u64)
                .collect();
            let flows = routes.destination_flows(&per);
            let max = flows.iter().copied().max().unwrap_or(0);
            return (max > 0).then(|| (e - 1) as f64 / max as f64);
        }
        Placed::Uniform { .. } if e > 1 => {
            // endpoints at s × endpoints at d, each pair weighted 1/(e − 1)
            let per = topo.endpoints_per_switch();
            for s in 0..topo.switch_count() {
                for d in 0..topo.switch_count() {
                    if s != d && per[s] > 0 && per[d] > 0 {
                        add(s, d, (per[s] * per[d]) as f64 / (e - 1) as f64);
                    }
                }
            }
        }
        Placed::Fixed(dest) => {
            for (s, &d) in dest.iter().enumerate() {
                if s != d {
                    add(switch(s), switch(d), 1.0);
                }
            }
        }
        Placed::Matrix(m) => {
            // a node's share of the load, spread over its row in proportion to the bytes
            for (s, d, fraction) in m.fractions() {
                add(switch(s), switch(d), m.shares[s] * fraction);
            }
        }
        _ => return None,
    }
    let max = load.iter().copied().fold(0.0, f64::max);
    (max > 0.0).then(|| 1.0 / max)
}
