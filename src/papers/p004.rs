//! Paper 004 §3.4 (the check of §3.5), a study of the Dual-plane lab: the six variants in the
//! cycle-level flit simulator under the model of `labs::dualplane::simulate` (uniform traffic,
//! 4 nodes per switch on both planes, the plane chosen per packet, cables as per-channel
//! latencies); throughput is the largest accepted load over the offered loads, latency the
//! mean at the lowest (Duato's definitions, which the paper uses).

use super::Reproduction;
use crate::dualplane::search::{self, Objective};
use crate::labs::dualplane::simulate::{
    params, six_variants, SimPoint, Variant, CYCLE_NS, LOADS, LOW_LOAD,
};
use crate::labs::dualplane::{dual_spec, scores, variant, DualPlaneConfig};
use crate::labs::{config, json, Study};
use crate::sim::flit::{self, Network, MAX_SIM_SWITCHES};
use crate::topology::dualplane::floor::CableReading;
use crate::topology::dualplane::{DualPlane, Kind};
use crate::{Error, Result};

/// The six variants simulated, a study of the Dual-plane lab.
pub(crate) const STUDIES: &[Reproduction] = &[
    Reproduction::of("dualplane", Study {
            name: "simulate",
            title: "The six variants in the flit simulator",
            about: "D-HC, DI-HC, DI-HC-r, D-FHC, DI-FHC and DI-FHC-r at the config's n (at most 8: 512 routers) under uniform traffic, 4 nodes per switch, cables as per-channel latencies (§3.4): throughput and latency beside the graph metrics; one point per variant",
            args: crate::labs::TAKES_NONE,
            run: |section, seed, _args, report| {
                let c: DualPlaneConfig = config(section)?;
                c.check()?;
                let variants = six_variants();
                Ok(json(&simulate_variants(
                    c.n,
                    &variants,
                    &LOADS,
                    seed,
                    (c.effort, c.combine),
                    &mut |f, p| report(f, p.map(json)),
                )?))
            },
            precheck: |section, _seed, _args| {
                let c: DualPlaneConfig = config(section)?;
                c.check()?;
                check_simulation(c.n, &six_variants(), c.effort)
            },
    }),
];

/// What `simulate_variants` refuses before its searches: n's range and the searches' work.
fn check_simulation(n: u32, variants: &[Variant], effort: f64) -> Result<()> {
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
    search::check_work(units, effort)
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
    check_simulation(n, variants, effort)?;
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
    let topo = crate::topology::build(&dual_spec(network, ":x4"))?;
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
        scores: scores(network, CableReading::default())?.0,
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
