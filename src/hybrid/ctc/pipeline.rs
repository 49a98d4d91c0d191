//! Paper 003 §4.2 end to end on one set of LCs: the demands ordered by HDF and (optionally)
//! annealed (`order_and_anneal`), the best order served once more with its decisions recorded,
//! optionally §4.1's ILP warm-started from it, the configuration measured (hop-bytes, bytes per
//! hop count, unserved demands, bytes per link), and the §5 torus baseline mapped by the same
//! annealing. The CTC lab, its studies, the CLI, the benches and the tests call this; the lab
//! adds only its result's shape, its steps and its figure.

use super::anneal::{anneal, CurvePoint, Permutation, Schedule};
use super::apsp::{Apsp, UNREACHABLE};
use super::ilp::{self, IlpLimits, IlpOutcome};
use super::serve::{path_in, Event, Server};
use super::torus::{self, TorusMapping};
use super::{bound, order, planes, LcTraffic, Ocs, PlaneRule, Readings};
use crate::rng::{stream, Purpose};
use crate::Result;
use serde::{Deserialize, Serialize};

/// A demand ordering under annealing: the fitness is the serving's cost.
pub(crate) struct OrderSearch<'a> {
    pub traffic: &'a LcTraffic,
    pub server: Server,
    pub order: Vec<u32>,
    pub best: Vec<u32>,
}

impl OrderSearch<'_> {
    pub fn cost(&mut self) -> u64 {
        self.server
            .serve(self.traffic, &self.order, None)
            .cost(self.traffic.lcs)
    }
}

impl Permutation for OrderSearch<'_> {
    fn len(&self) -> usize {
        self.order.len()
    }
    fn swap_cost(&mut self, i: usize, j: usize) -> u64 {
        self.order.swap(i, j);
        self.cost()
    }
    fn undo(&mut self, i: usize, j: usize) {
        self.order.swap(i, j);
    }
    fn keep_best(&mut self) {
        self.best.clone_from(&self.order);
    }
}

/// HDF then (if asked) annealing: the best order, its cost, the HDF cost and the curve.
pub struct Ordered {
    pub hdf_order: Vec<u32>,
    pub hdf_cost: u64,
    pub order: Vec<u32>,
    pub cost: u64,
    pub curve: Vec<CurvePoint>,
}

/// The annealing schedule of the hybrid: `iterations` at the readings' temperature, cooling
/// and acceptance.
pub fn schedule(readings: &Readings, iterations: u32) -> Schedule {
    Schedule {
        iterations,
        t0: readings.t0,
        cooling: readings.cooling,
        accept: readings.accept,
    }
}

/// Order `t`'s demands by HDF (ties by the readings, random ones from chain `chain` of the
/// seed) and anneal the order for `iterations`; `each` sees every annealing point.
pub fn order_and_anneal(
    t: &LcTraffic,
    ocs: Ocs,
    readings: &Readings,
    seed: u64,
    chain: u32,
    iterations: u32,
    each: impl FnMut(CurvePoint),
) -> Ordered {
    let mut rng = stream(seed, Purpose::Search, chain);
    let hdf_order = order::hdf(t, readings.tie, &mut rng);
    let mut search = OrderSearch {
        traffic: t,
        server: Server::new(t.lcs, ocs, *readings),
        order: hdf_order.clone(),
        best: hdf_order.clone(),
    };
    let hdf_cost = search.cost();
    let (cost, curve) = anneal(
        &mut search,
        hdf_cost,
        schedule(readings, iterations),
        &mut rng,
        each,
    );
    Ordered {
        hdf_order,
        hdf_cost,
        order: search.best,
        cost,
        curve,
    }
}

/// What configures the OCS besides the traffic.
#[derive(Debug, Clone)]
pub struct Plan {
    pub ocs: Ocs,
    pub readings: Readings,
    /// Annealing iterations (0: HDF alone).
    pub iterations: u32,
    /// §4.1's ILP with this wall-clock limit (seconds), warm-started from the heuristic.
    pub ilp_time_limit_s: Option<f64>,
    /// The torus baseline: its dimensions and annealing iterations.
    pub torus: Option<(Vec<usize>, u32)>,
}

/// A demand with no path.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Unserved {
    pub src: u32,
    pub dst: u32,
    pub bytes: u64,
}

/// A configuration measured on its shortest paths.
pub struct Measured {
    /// Σ bytes × hops over the demands with a path.
    pub hop_bytes: u64,
    /// Bytes at 1, 2, 3, … hops.
    pub by_hops: Vec<u64>,
    pub unserved: Vec<Unserved>,
    /// Demands served by a direct link.
    pub direct_demands: usize,
    /// Bytes over each link (in the links' order) along the lowest-id shortest paths.
    pub link_bytes: Vec<u64>,
}

/// The configuration whose distances are `apsp` and links `links` (src, dst, plane, pass),
/// measured on `t`'s demands.
pub fn measure(t: &LcTraffic, apsp: &Apsp, links: &[(u32, u32, u8, u8)]) -> Measured {
    let mut by_hops: Vec<u64> = Vec::new();
    let mut unserved = Vec::new();
    let (mut hop_bytes, mut direct_demands) = (0u64, 0usize);
    let mut per_pair = std::collections::HashMap::<(u32, u32), u64>::new();
    for dem in &t.demands {
        let (s, d) = (dem.s as usize, dem.d as usize);
        let h = match apsp.dist(s, d) {
            UNREACHABLE => {
                unserved.push(Unserved {
                    src: dem.s,
                    dst: dem.d,
                    bytes: dem.bytes,
                });
                continue;
            }
            h => h as usize,
        };
        if by_hops.len() < h {
            by_hops.resize(h, 0);
        }
        by_hops[h - 1] += dem.bytes;
        hop_bytes += dem.bytes * h as u64;
        direct_demands += usize::from(h == 1);
        for w in path_in(apsp, s, d).windows(2) {
            *per_pair.entry((w[0] as u32, w[1] as u32)).or_insert(0) += dem.bytes;
        }
    }
    let link_bytes = links
        .iter()
        .map(|&(u, v, _, _)| per_pair.get(&(u, v)).copied().unwrap_or(0))
        .collect();
    Measured {
        hop_bytes,
        by_hops,
        unserved,
        direct_demands,
        link_bytes,
    }
}

/// The whole configuration of one set of LCs.
pub struct Configured {
    pub ordered: Ordered,
    /// The serving of the best order, decision by decision (when recorded), and how many
    /// decisions were not recorded (beyond `serve::MAX_EVENTS`).
    pub events: Vec<Event>,
    pub events_dropped: usize,
    /// The serving's cost with an unserved byte charged N hops (annealing's fitness).
    pub heuristic_hop_bytes: u64,
    /// Out and in ports used per LC and plane by the serving.
    pub ports_used: (Vec<u8>, Vec<u8>),
    /// The configuration shown (the ILP's when it found one, else the serving's): links
    /// (src, dst, plane, pass) and their distances.
    pub links: Vec<(u32, u32, u8, u8)>,
    pub apsp: Apsp,
    pub measured: Measured,
    /// 2·V − M* (None above the bound's size limit).
    pub lower_bound: Option<u64>,
    pub ilp: Option<IlpOutcome>,
    pub torus: Option<TorusMapping>,
}

/// Configure the OCS for `t` by `plan` (see the module header); `record` keeps the serving's
/// decisions; `progress` hears the fraction done.
pub fn configure(
    t: &LcTraffic,
    plan: &Plan,
    seed: u64,
    record: bool,
    progress: &mut dyn FnMut(f64),
) -> Result<Configured> {
    // with the ILP (at most 32 LCs, where annealing takes milliseconds) its time limit is the
    // run's time: annealing gets 0.05–0.10 of the bar, the ILP 0.10–0.90
    let ilp_share = if plan.ilp_time_limit_s.is_some() {
        0.75
    } else {
        0.0
    };
    let iterations = plan.iterations;
    let step = (iterations / 100).max(1);
    let ordered = order_and_anneal(t, plan.ocs, &plan.readings, seed, 0, iterations, |pt| {
        if pt.iteration % step == 0 {
            progress(
                0.05 + (0.85 - ilp_share) * f64::from(pt.iteration) / f64::from(iterations.max(1)),
            );
        }
    });
    // the best order served once more, recorded
    let mut server = Server::new(t.lcs, plan.ocs, plan.readings);
    let mut events = Vec::new();
    let served = server.serve(t, &ordered.order, record.then_some(&mut events));
    debug_assert_eq!(served.cost(t.lcs), ordered.cost);
    let mut links: Vec<(u32, u32, u8, u8)> = server
        .links()
        .iter()
        .map(|l| (l.src, l.dst, l.plane, l.pass))
        .collect();
    if plan.readings.planes == PlaneRule::Merged {
        let pairs: Vec<(u32, u32)> = links.iter().map(|l| (l.0, l.1)).collect();
        let split = planes::split(t.lcs, &pairs, plan.ocs.planes, plan.ocs.ports)
            .expect("merged degrees ≤ K·P split into planes");
        for (l, k) in links.iter_mut().zip(split) {
            l.2 = k;
        }
    }
    let degree = plan.ocs.degree();
    let mut apsp = server.apsp().clone();
    let ilp = match plan.ilp_time_limit_s {
        Some(time_limit_s) => {
            let warm = (served.unserved == 0).then_some((&links[..], served.hop_bytes));
            let out = solve_ilp(t, plan.ocs, time_limit_s, warm, progress)?;
            if let Some((ilp_links, ilp_apsp)) = out.1 {
                links = ilp_links;
                apsp = ilp_apsp;
            }
            Some(out.0)
        }
        None => None,
    };
    progress(0.9);
    let measured = measure(t, &apsp, &links);
    let torus = plan.torus.as_ref().map(|(dims, its)| {
        let mut rng = stream(seed, Purpose::Search, 1_000_000);
        torus::map(t, dims, schedule(&plan.readings, *its), &mut rng, |_| {})
    });
    let ports_used = {
        let (o, i) = server.ports_used();
        (o.to_vec(), i.to_vec())
    };
    progress(1.0);
    Ok(Configured {
        ordered,
        events,
        events_dropped: server.events_dropped(),
        heuristic_hop_bytes: served.cost(t.lcs),
        ports_used,
        links,
        apsp,
        measured,
        lower_bound: bound::lower_bound(t, degree),
        ilp,
        torus,
    })
}

/// Table I's ILP (paper 003 §4.1, §5.1) within `limits`, warm-started from the links that
/// serving `order` makes when they serve every demand.
pub(crate) fn ilp_from_order(
    t: &LcTraffic,
    ocs: Ocs,
    readings: Readings,
    order: &[u32],
    limits: IlpLimits,
) -> Result<IlpOutcome> {
    let mut server = Server::new(t.lcs, ocs, readings);
    let served = server.serve(t, order, None);
    let warm: Vec<(u32, u32)> = server.links().iter().map(|l| (l.src, l.dst)).collect();
    ilp::solve(
        t,
        ocs.degree(),
        (served.unserved == 0).then_some((&warm[..], served.hop_bytes)),
        limits,
        &mut |_, _, _| {},
    )
}

/// A configured link: src, dst, plane, the pass that made it.
type Link = (u32, u32, u8, u8);
/// The configured links with their distances.
type Configuration = (Vec<Link>, Apsp);

/// §4.1's ILP warm-started from the serving's links (when it served everything), and the
/// configuration it found split into planes (None when it found nothing better).
fn solve_ilp(
    t: &LcTraffic,
    ocs: Ocs,
    time_limit_s: f64,
    warm: Option<(&[Link], u64)>,
    progress: &mut dyn FnMut(f64),
) -> Result<(IlpOutcome, Option<Configuration>)> {
    let warm_pairs: Option<(Vec<(u32, u32)>, u64)> =
        warm.map(|(links, cost)| (links.iter().map(|l| (l.0, l.1)).collect(), cost));
    let since = crate::clock::now_seconds();
    let out = ilp::solve(
        t,
        ocs.degree(),
        warm_pairs.as_ref().map(|(pairs, cost)| (&pairs[..], *cost)),
        IlpLimits {
            time_limit_s,
            node_limit: None,
        },
        &mut |_, _, _| {
            let f = (crate::clock::now_seconds() - since) / time_limit_s;
            progress(0.1 + 0.8 * f.min(1.0));
        },
    )?;
    if out.links.is_empty() {
        return Ok((out, None));
    }
    let split = planes::split(t.lcs, &out.links, ocs.planes, ocs.ports)
        .expect("the ILP's degrees are ≤ K·P");
    let links: Vec<(u32, u32, u8, u8)> = out
        .links
        .iter()
        .zip(split)
        .map(|(&(u, v), k)| (u, v, k, 0))
        .collect();
    let mut apsp = Apsp::new(t.lcs);
    for l in &links {
        apsp.add_link(l.0 as usize, l.1 as usize);
    }
    apsp.recompute();
    Ok((out, Some((links, apsp))))
}
