//! Paper 002 §VI's measures of a router: its routes over all ordered pairs of host switches
//! (average path length beside the shortest, pairs delivered, the largest stretch), and a
//! traffic's effective bandwidth Γ and average efficiency averaged over random patterns
//! (§VI-D2–D3). The Routing lab, its studies and the CLI report them.

use super::{average_efficiency, effective_bandwidth};
use crate::graph::DistanceTable;
use crate::model::{EndpointId, PathSet, SwitchId, Topology};
use crate::routing::{route_traffic, Router};
use crate::traffic::{self, Pattern};
use crate::Result;
use serde::{Deserialize, Serialize};

/// A router's routes over all ordered pairs of switches that hold end nodes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct PairStats {
    /// Pairs whose packets arrive, and all the pairs measured.
    pub delivered: usize,
    pub total: usize,
    /// Mean hops of the delivered pairs' routes and of their shortest paths (0 when none).
    pub avg_path_length: f64,
    pub avg_shortest_path_length: f64,
    pub max_stretch: f64,
}

/// Measure `router` on every ordered pair of host switches of `topo` (every switch of an LRT,
/// a mesh or a torus; a fat-tree's leaves; every switch when none holds an end node).
/// `hops_to(d)` may give every source's route length to `d` at once (LOREN's and Cowen's
/// tables do), else each pair's path is walked.
pub(crate) fn pair_stats(
    topo: &Topology,
    table: &DistanceTable,
    router: &dyn Router,
    hops_to: &dyn Fn(usize) -> Option<Vec<Option<usize>>>,
    progress: &mut dyn FnMut(f64),
) -> PairStats {
    let n = topo.switch_count();
    let mut hosts = vec![false; n];
    for e in 0..topo.endpoint_count() {
        hosts[topo.endpoint_switch(EndpointId::new(e)).index()] = true;
    }
    if !hosts.contains(&true) {
        hosts.fill(true);
    }
    let host_count = hosts.iter().filter(|&&h| h).count();
    let (mut delivered, mut hops_sum, mut shortest_sum, mut max_stretch) =
        (0usize, 0usize, 0usize, 0.0f64);
    for d in (0..n).filter(|&d| hosts[d]) {
        let memo = hops_to(d);
        for s in (0..n).filter(|&s| s != d && hosts[s]) {
            // where the pair's packets enter and leave (a dual-plane network picks the plane;
            // ties alternate with the source)
            let (a, b) = router.entry(SwitchId::new(s), SwitchId::new(d), s % 2 == 1);
            let shortest = table.distance(a.index(), b.index());
            let hops = match &memo {
                Some(h) => h[s],
                None => router.path(a, b).ok().map(|p| p.hops()),
            };
            if let Some(h) = hops {
                delivered += 1;
                hops_sum += h;
                shortest_sum += shortest as usize;
                max_stretch = max_stretch.max(h as f64 / f64::from(shortest.max(1)));
            }
        }
        if d % 64 == 0 {
            progress(d as f64 / n as f64);
        }
    }
    let mean = |sum: usize| {
        if delivered == 0 {
            0.0
        } else {
            sum as f64 / delivered as f64
        }
    };
    PairStats {
        delivered,
        total: host_count * host_count.saturating_sub(1),
        avg_path_length: mean(hops_sum),
        avg_shortest_path_length: mean(shortest_sum),
        max_stretch,
    }
}

/// Γ and the average efficiency of one traffic, averaged over its random patterns.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TrafficMetrics {
    /// Γ (paper 002 §VI-D2), per directed channel.
    pub effective_bandwidth: f64,
    /// Mean of 1/hops over the traffic's paths (§VI-D3).
    pub avg_efficiency: f64,
}

/// Route `patterns` draws of the traffic `name` (one for a deterministic pattern), drawn from
/// the traffic streams 0, 1, … of `seed`, and average Γ and the efficiency.
pub(crate) fn traffic_metrics(
    router: &dyn Router,
    name: &str,
    patterns: usize,
    seed: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<TrafficMetrics> {
    let topo = router.topology();
    let pattern = Pattern::parse(name).map_err(|e| e.at("traffic"))?;
    let runs = if pattern.is_random() {
        patterns.max(1)
    } else {
        1
    };
    let (mut gamma, mut eff) = (0.0, 0.0);
    for k in 0..runs {
        let traffic = traffic::generate_nth(&pattern, topo, seed, k as u32, name)
            .map_err(|e| e.at("traffic"))?;
        let paths: PathSet = route_traffic(router, topo, &traffic)?;
        gamma += effective_bandwidth(topo, &paths);
        eff += average_efficiency(&paths);
        if k % 50 == 0 {
            progress(k as f64 / runs as f64);
        }
    }
    Ok(TrafficMetrics {
        effective_bandwidth: gamma / runs as f64,
        avg_efficiency: eff / runs as f64,
    })
}

/// Fig. 5's average path length (paper 002 §VI-A) from every route's hop count: the mean of
/// the positive counts, so a switch to itself (0 hops) is left out, as is a route a router
/// cannot deliver when it is given as 0.
pub(crate) fn mean_positive_hops(hops: impl Iterator<Item = usize>) -> f64 {
    let (mut sum, mut count) = (0usize, 0usize);
    for h in hops.filter(|&h| h > 0) {
        sum += h;
        count += 1;
    }
    sum as f64 / count.max(1) as f64
}

/// The average path length over all n·(n − 1) ordered pairs of `n` switches (paper 002
/// §VI-A), from the hop counts of every pair (an undelivered pair given as 0).
pub(crate) fn mean_hops_over_pairs(n: usize, hops: impl Iterator<Item = usize>) -> f64 {
    hops.sum::<usize>() as f64 / (n * n.saturating_sub(1)).max(1) as f64
}
