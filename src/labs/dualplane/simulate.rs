//! Paper 004 §3.4 (the check of §3.5): the model the six variants are simulated under (the
//! study itself, `simulate`, is in `papers::p004`; the lab hands this model to Simulate).
//! Uniform traffic, 4 nodes per switch on both planes, the plane chosen per packet by the
//! dual-plane router, 100 Gbps links, 90 ns switches and 5 ns per metre of cable as
//! per-channel latencies. The paper does not give packet or flit sizes, buffers or VCs; ours:
//! one cycle is a 32-byte flit at 100 Gbps (2.56 ns), packets of 8 flits (256 bytes, which
//! α = 131 ns hints at), 35 pipeline stages (90 ns), 4 VCs of 64 flits (enough to cover a
//! long cable's credit round trip). Departures: the paper's crossbar runs at twice the link
//! rate and ours at the link rate; its nodes send at fixed intervals, ours Bernoulli.
//! Throughput is the largest accepted load over the offered loads, latency the mean at the
//! lowest (Duato's definitions, which the paper uses).

use super::Scores;
use crate::dualplane::search::Objective;
use crate::sim::flit::SimParams;
use crate::topology::dualplane::{DualPlane, Kind};
use serde::{Deserialize, Serialize};

/// Nanoseconds per cycle: a 32-byte flit at 100 Gbps.
pub(crate) const CYCLE_NS: f64 = 2.56;

/// The router and link parameters of §3.4.1 in cycles (see the module header).
pub fn params() -> SimParams {
    SimParams {
        vcs: 4,
        buffer: 64,
        packet: 8,
        stages: (crate::topology::dualplane::floor::SWITCH_NS / CYCLE_NS).round() as u32,
        link_latency: 1,
        latency_per_m: crate::topology::dualplane::floor::CABLE_NS_PER_M / CYCLE_NS,
        credit_delay: 1,
        rate: 0.1,
        warmup: 2000,
        cycles: 4000,
        drain: 4000,
    }
}

/// The offered load the "Simulate this" hand-off opens the Simulate lab at (flits per node
/// per cycle), below every variant's saturation at n ≤ 8.
pub(crate) const HANDOFF_LOAD: f64 = 0.5;

/// The Simulate lab's section for `network` as §3.4 simulates it (4 nodes per switch, the
/// dual-plane router, [`params`], uniform traffic at [`HANDOFF_LOAD`]); identical planes are
/// written without a set.
pub(crate) fn handoff(network: &DualPlane, identical: bool) -> crate::labs::Handoff {
    let topology = if identical {
        format!(
            "dual:{}:{}:x4",
            network.planes[0].kind().name(),
            network.n()
        )
    } else {
        super::dual_spec(network, ":x4")
    };
    let p = SimParams {
        rate: HANDOFF_LOAD,
        ..params()
    };
    let section = crate::labs::sim::SimConfig::with_params(&topology, "dual-plane", &p);
    crate::labs::Handoff {
        lab: crate::labs::sim::LAB.name.into(),
        section: crate::labs::section(&section),
    }
}

/// Offered loads (flits per node per cycle; a node has two ports) for the throughput.
pub(crate) const LOADS: [f64; 7] = [0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6];
/// The load at which latency is measured.
pub(crate) const LOW_LOAD: f64 = 0.05;

/// One variant simulated beside its graph metrics.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SimPoint {
    pub n: u32,
    pub variant: String,
    pub generators: Vec<u32>,
    #[serde(flatten)]
    pub scores: Scores,
    /// The simulator's channel-load bound (flits per node per cycle): a2a / 4 · (e − 1)/e.
    pub channel_load_bound: f64,
    /// The largest accepted load (flits per node per cycle, a flit per cycle being a link's
    /// 100 Gbps) over `accepted`.
    pub throughput: f64,
    /// Mean latency at `LOW_LOAD`, in ns.
    pub latency_ns: f64,
    /// (offered, accepted) per load.
    pub accepted: Vec<[f64; 2]>,
}

/// A variant: the kind, and None for identical planes or the objective its set was searched for.
pub(crate) type Variant = (Kind, Option<Objective>);

/// The six variants of Fig. 3–9: D-HC, DI-HC, DI-HC-r, D-FHC, DI-FHC, DI-FHC-r.
pub(crate) fn six_variants() -> Vec<Variant> {
    [Kind::Hc, Kind::Fhc]
        .into_iter()
        .flat_map(|k| [None, Some(Objective::Distance), Some(Objective::Delay)].map(|o| (k, o)))
        .collect()
}
