//! What a run measured (`SimResult`): latency, accepted load, hops, channel utilisation,
//! counts and saturation; several seeds' runs merged into one with their spread (`Spread`).

use serde::{Deserialize, Serialize};

/// What one run measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SimResult {
    pub offered_flits_per_node_cycle: f64,
    pub accepted_flits_per_node_cycle: f64,
    /// Mean and 99th percentile latency of the measured packets (creation to tail ejection,
    /// source queueing included); null when none arrived.
    pub avg_latency_cycles: Option<f64>,
    pub p99_latency_cycles: Option<f64>,
    /// Mean channel hops of the measured packets that arrived.
    pub avg_hops: Option<f64>,
    /// Packets created in the window, and how many of them arrived.
    pub measured_packets: u64,
    pub delivered_packets: u64,
    pub simulated_cycles: u64,
    pub wall_seconds: f64,
    pub deadlock: bool,
    /// Packets the nodes could not queue because their source queues were full
    /// (`engine::MAX_SOURCE_PACKETS` each): offered but never accepted.
    #[serde(default)]
    pub refused_packets: u64,
    /// Measured packets still missing when the drain ran out, a deadlock, or packets refused
    /// at a full source queue: past saturation.
    pub saturated: bool,
    /// Flits per cycle on each channel in the window (0–1).
    pub channel_utilisation: Vec<f64>,
    /// VC groups the routes need (deadlock-free layers × router classes) and the layers.
    pub vc_groups: usize,
    pub vc_layers: usize,
    /// Past saturation by the sweep's rule: saturated, a deadlock, or less than 90% of the
    /// offered load accepted.
    pub past_saturation: bool,
    /// The network's channel-load bound (`Network::channel_load_bound`).
    pub channel_load_bound: Option<f64>,
    /// Measured packets addressed to their own source node: a permutation's fixed points
    /// (transpose's diagonal), a hotspot's or matrix's own draws. They cross no channel (0 hops)
    /// and are counted in the accepted throughput and the latency, as BookSim counts them; the
    /// one-shot traffic of the analyses leaves such pairs out.
    #[serde(default)]
    pub self_packets: u64,
    /// Switch crossings of the whole run (warm-up and drain included): the flits of every
    /// packet delivered, each × its packet's hops + 1. The simulator's unit of work
    /// (`scripts/sim-instructions.mjs` divides the instructions of a run by it).
    #[serde(default)]
    pub switch_crossings: u64,
    /// For a result merged from several seeds: their number and the spread (min, max) of their
    /// mean latency and accepted throughput (error bars); none for one run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spread: Option<Spread>,
}

/// The spread of a point over seeds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Spread {
    pub seeds: usize,
    pub avg_latency_cycles: Option<[f64; 2]>,
    pub accepted_flits_per_node_cycle: [f64; 2],
}

impl SimResult {
    /// Several seeds' runs of one configuration as one result: means (latency over the runs
    /// that delivered), sums of packet counts, any deadlock or saturation, and the spread.
    pub fn merged(runs: &[SimResult]) -> SimResult {
        assert!(!runs.is_empty(), "a merge of no runs");
        if runs.len() == 1 {
            return runs[0].clone();
        }
        let n = runs.len() as f64;
        let mean = |f: &dyn Fn(&SimResult) -> f64| runs.iter().map(f).sum::<f64>() / n;
        let some_mean = |f: &dyn Fn(&SimResult) -> Option<f64>| {
            let v: Vec<f64> = runs.iter().filter_map(f).collect();
            (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
        };
        let range = |v: &mut dyn Iterator<Item = f64>| {
            v.fold(None, |r: Option<[f64; 2]>, x| {
                Some(r.map_or([x, x], |[a, b]| [a.min(x), b.max(x)]))
            })
        };
        let first = &runs[0];
        let channels = first.channel_utilisation.len();
        SimResult {
            offered_flits_per_node_cycle: first.offered_flits_per_node_cycle,
            accepted_flits_per_node_cycle: mean(&|r| r.accepted_flits_per_node_cycle),
            avg_latency_cycles: some_mean(&|r| r.avg_latency_cycles),
            p99_latency_cycles: some_mean(&|r| r.p99_latency_cycles),
            avg_hops: some_mean(&|r| r.avg_hops),
            measured_packets: runs.iter().map(|r| r.measured_packets).sum(),
            delivered_packets: runs.iter().map(|r| r.delivered_packets).sum(),
            simulated_cycles: runs.iter().map(|r| r.simulated_cycles).max().unwrap_or(0),
            wall_seconds: runs.iter().map(|r| r.wall_seconds).sum(),
            deadlock: runs.iter().any(|r| r.deadlock),
            refused_packets: runs.iter().map(|r| r.refused_packets).sum(),
            saturated: runs.iter().any(|r| r.saturated),
            channel_utilisation: (0..channels)
                .map(|c| mean(&|r| r.channel_utilisation[c]))
                .collect(),
            vc_groups: first.vc_groups,
            vc_layers: first.vc_layers,
            past_saturation: runs.iter().any(|r| r.past_saturation),
            channel_load_bound: first.channel_load_bound,
            self_packets: runs.iter().map(|r| r.self_packets).sum(),
            switch_crossings: runs.iter().map(|r| r.switch_crossings).sum(),
            spread: Some(Spread {
                seeds: runs.len(),
                avg_latency_cycles: range(&mut runs.iter().filter_map(|r| r.avg_latency_cycles)),
                accepted_flits_per_node_cycle: range(
                    &mut runs.iter().map(|r| r.accepted_flits_per_node_cycle),
                )
                .unwrap_or([0.0, 0.0]),
            }),
        }
    }
}
