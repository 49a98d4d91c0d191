//! Paper 004 §3.4 (the check of §3.5): the six variants in the cycle-level flit simulator.
//! Uniform traffic, 4 nodes per switch on both planes, the plane chosen per packet by the
//! dual-plane router, 100 Gbps links, 90 ns switches and 5 ns per metre of cable as
//! per-channel latencies. The paper does not give packet or flit sizes, buffers or VCs; ours:
//! one cycle is a 32-byte flit at 100 Gbps (2.56 ns), packets of 8 flits (256 bytes, which
//! α = 131 ns hints at), 35 pipeline stages (90 ns), 4 VCs of 64 flits (enough to cover a
//! long cable's credit round trip). Departures: the paper's crossbar runs at twice the link
//! rate and ours at the link rate; its nodes send at fixed intervals, ours Bernoulli.
//! Throughput is the largest accepted load over the offered loads, latency the mean at the
//! lowest (Duato's definitions, which the paper uses).

use super::{variant, Scores};
use crate::dualplane::search::{self, Objective};
use crate::sim::flit::{self, Network, SimParams, MAX_SIM_SWITCHES};
use crate::topology::dualplane::floor::CableReading;
use crate::topology::dualplane::{DualPlane, Kind};
use crate::{Error, Result};
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

/// `variants` at n (at most 8: 512 routers), each at `LOW_LOAD` and at `loads`; the DI sets
/// from the search with `seed`, `effort` and `combine` (the in-rack cables at the default
/// reading, the one the simulated topology's channel lengths follow). `report` hears the fraction done after each
/// simulated load (the work units: variants × loads, alike in cycles) and each variant, with
/// its point, as it is done.
pub fn simulate_variants(
    n: u32,
    variants: &[Variant],
    loads: &[f64],
    seed: u64,
    (effort, combine): (f64, search::Combine),
    report: &mut dyn FnMut(f64, Option<&SimPoint>),
) -> Result<Vec<SimPoint>> {
    if !(search::MIN_N..=8).contains(&n) || (2usize << n) > MAX_SIM_SWITCHES {
        return Err(Error::invalid(
            "n",
            format!("the simulation runs from n = {} to 8 (six variants at eight loads each, up to 512 routers; a larger network runs one variant at a time in the Simulate lab or with `topolab sim`), not {n}", search::MIN_N),
        ));
    }
    let units = [Kind::Hc, Kind::Fhc]
        .iter()
        .map(|&kind| {
            let objectives: Vec<Objective> = variants
                .iter()
                .filter(|v| v.0 == kind)
                .filter_map(|v| v.1)
                .collect();
            search::variants_work(kind, n, &objectives, effort)
        })
        .sum();
    search::check_work(units, effort)?;
    let mut out = Vec::new();
    let units = (variants.len() * (loads.len() + 1)) as f64;
    let mut searched = search::Searched::new();
    for (i, &(kind, objective)) in variants.iter().enumerate() {
        let (network, _) = search::variant_network(
            kind,
            n,
            objective,
            (seed, effort),
            (CableReading::default(), combine),
            &mut searched,
        )?;
        let before = (i * (loads.len() + 1)) as f64;
        let point = simulate_network(&network, (kind, objective), loads, seed, &mut |runs| {
            report((before + runs as f64) / units, None)
        })?;
        report((i + 1) as f64 / variants.len() as f64, Some(&point));
        out.push(point);
    }
    Ok(out)
}

/// One variant's network in the flit simulator: at `LOW_LOAD` for the latency and at each of
/// `loads` for the throughput; `done(runs)` hears how many loads are simulated so far.
fn simulate_network(
    network: &DualPlane,
    (kind, objective): Variant,
    loads: &[f64],
    seed: u64,
    done: &mut dyn FnMut(usize),
) -> Result<SimPoint> {
    let n = network.n();
    let topo = crate::topology::build(&super::dual_spec(network, ":x4"))?;
    let router = crate::routing::RouterSpec::default_for(&topo).build(&topo)?;
    let p = params();
    let net = Network::new(router.as_ref(), "uniform", p.vcs, seed)?;
    let mut rates = vec![LOW_LOAD];
    rates.extend(loads);
    // a chunk per round of the threads: the page's one thread reports after every load
    let runs = crate::parallel::try_map_chunked(
        &rates,
        crate::parallel::threads(),
        |&rate| flit::point(&net, &p, rate, seed, 1),
        |i, _| done(i + 1),
    )?;
    Ok(SimPoint {
        n,
        variant: variant(kind, objective.is_none(), objective),
        generators: network.planes[1].generators()[..n as usize].to_vec(),
        // the simulated network's cables are the topology's, at the default reading
        scores: super::scores(network, CableReading::default())?.0,
        channel_load_bound: net.channel_load_bound.unwrap_or(f64::NAN),
        throughput: runs
            .iter()
            .map(|r| r.accepted_flits_per_node_cycle)
            .fold(0.0, f64::max),
        latency_ns: runs[0].avg_latency_cycles.unwrap_or(f64::NAN) * CYCLE_NS,
        accepted: runs
            .iter()
            .skip(1)
            .map(|r| {
                [
                    r.offered_flits_per_node_cycle,
                    r.accepted_flits_per_node_cycle,
                ]
            })
            .collect(),
    })
}
