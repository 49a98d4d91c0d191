//! Path metrics of paper 002 §VI-D: effective bandwidth Γ(P') = mean over pairs of
//! 1 / max τ(e) on the pair's path (τ = paths through the directed channel e, counted by the
//! shared `channel_loads`), and average efficiency = mean of 1 / path length.

use super::channel_loads;
use crate::model::{PathSet, Topology};

/// Γ(P') of a set of paths (0 for none).
pub fn effective_bandwidth(topo: &Topology, paths: &PathSet) -> f64 {
    if paths.is_empty() {
        return 0.0;
    }
    let tau = channel_loads(topo, paths);
    let sum: f64 = (0..paths.len())
        .map(|i| {
            paths
                .channels(i)
                .iter()
                .map(|c| tau[c.index()])
                .max()
                .map_or(1.0, |m| 1.0 / f64::from(m.max(1)))
        })
        .sum();
    sum / paths.len() as f64
}

/// Mean of 1 / hops over paths with at least one hop (0 for none).
pub fn average_efficiency(paths: &PathSet) -> f64 {
    let hops: Vec<usize> = (0..paths.len())
        .map(|i| paths.channels(i).len())
        .filter(|&h| h > 0)
        .collect();
    if hops.is_empty() {
        return 0.0;
    }
    hops.iter().map(|&h| 1.0 / h as f64).sum::<f64>() / hops.len() as f64
}
