//! A cycle-level virtual-channel flit simulator (papers 002 §VI-C and 004 §3.4 evaluate with
//! BookSim; this is ours): any topology of `topology`, any router of the registry followed hop
//! by hop with its VC classes, any pattern of the pattern registry with a fresh destination per
//! packet, Bernoulli injection at an offered load. `engine` is the cycle engine, `routes` the
//! per-pair routes and their deadlock-free VC groups (LASH-TOR's layers, or `acro`'s). A run is warm-up, measurement window and
//! drain; `Simulation::step` advances it a number of cycles at a time (progress, animation,
//! Cancel); `sweep` runs offered loads until saturation, every point on its own core.

mod engine;
mod routes;
mod sweep;

pub use engine::{SimParams, DEADLOCK_CYCLES, MAX_SOURCE_PACKETS};
pub use routes::{
    check_assignment, DestinationRoutes, RouteHop, RouteTable, Routes, VcAssignment,
    MAX_BY_DESTINATION, MAX_LAYERING_STEPS, MAX_SIM_ROUTERS, MAX_SIM_SWITCHES,
};
pub use sweep::{is_saturated, loads, point, sweep, Sweep, MAX_SWEEP_POINTS, MAX_SWEEP_SEEDS};

use crate::model::Topology;
use crate::rng::{stream, Purpose};
use crate::routing::Router;
use crate::traffic::{Pattern, Placed};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// Most cycles of one run (warm-up + window + drain).
pub const MAX_SIM_CYCLES: u64 = 10_000_000;
/// Most network ports of one endpoint (a node on both planes of a dual-plane network).
pub(crate) const MAX_PORTS: usize = 2;
/// Most cycles on one channel (its link latency plus its cable).
pub(crate) const MAX_CHANNEL_LATENCY: u32 = 4096;
/// Most bytes one run may hold (`engine::memory_bytes`): the page's worker and a 32-bit WASM
/// module have 4 GiB in all, and a sweep runs several at once natively.
pub const MAX_SIM_MEMORY_BYTES: u64 = 1 << 30;
/// Most VCs per port and flits per VC buffer and per packet.
pub(crate) const MAX_VCS: usize = 64;
/// Most router pipeline stages.
pub(crate) const MAX_STAGES: u32 = 64;
/// Most cycles of a channel's latency or a credit's delay (besides the cable's).
pub(crate) const MAX_HOP_CYCLES: u32 = 1000;
/// Most cycles per metre of cable.
pub(crate) const MAX_LATENCY_PER_M: f64 = 100.0;
pub(crate) const MAX_BUFFER: usize = 1024;
pub(crate) const MAX_PACKET: usize = 1024;

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

/// Checks the parameters before anything is built.
pub fn check(p: &SimParams) -> Result<()> {
    let bad = |name: &str, reason: String| Err(Error::invalid(name, reason));
    if p.vcs == 0 || p.vcs > MAX_VCS {
        return bad(
            "vcs",
            format!("from 1 to {MAX_VCS} virtual channels, not {}", p.vcs),
        );
    }
    if p.buffer == 0 || p.buffer > MAX_BUFFER {
        return bad(
            "buf",
            format!("from 1 to {MAX_BUFFER} flits per VC, not {}", p.buffer),
        );
    }
    if p.packet == 0 || p.packet > MAX_PACKET {
        return bad(
            "packet",
            format!("from 1 to {MAX_PACKET} flits per packet, not {}", p.packet),
        );
    }
    if p.stages == 0 || p.stages > MAX_STAGES {
        return bad(
            "stages",
            format!("from 1 to {MAX_STAGES} pipeline stages, not {}", p.stages),
        );
    }
    for (name, value, what) in [
        ("link_latency", p.link_latency, "cycles per channel"),
        ("credit_delay", p.credit_delay, "cycles for a credit"),
    ] {
        if value == 0 || value > MAX_HOP_CYCLES {
            return bad(
                name,
                format!("from 1 to {MAX_HOP_CYCLES} {what}, not {value}"),
            );
        }
    }
    if !(p.latency_per_m.is_finite() && (0.0..=MAX_LATENCY_PER_M).contains(&p.latency_per_m)) {
        return bad(
            "latency_per_m",
            format!(
                "from 0 to {MAX_LATENCY_PER_M} cycles per metre of cable, not {}",
                p.latency_per_m
            ),
        );
    }
    if !(p.rate.is_finite() && p.rate > 0.0 && p.rate <= MAX_PORTS as f64) {
        return bad(
            "rate",
            format!(
                "an offered load in (0, 1] flits per node per cycle (up to {MAX_PORTS} for nodes on {MAX_PORTS} planes), not {}",
                p.rate
            ),
        );
    }
    // a node starts at most one packet a cycle (a Bernoulli draw of probability rate / P):
    // a larger rate would be run as rate = P and reported as what was asked
    if p.rate > p.packet as f64 {
        return bad(
            "rate",
            format!(
                "a node starts at most one packet a cycle, so with packets of {} flit(s) the offered load is at most {} flits per node per cycle, not {}",
                p.packet, p.packet, p.rate
            ),
        );
    }
    if p.cycles == 0 {
        return bad("cycles", "at least one measured cycle, not 0".to_string());
    }
    let total = p.warmup.saturating_add(p.cycles).saturating_add(p.drain);
    if total > MAX_SIM_CYCLES {
        // named by the part that is too long alone (a warm-up of 2^32 is the warm-up's), else
        // the window
        let (name, value) = [
            ("warmup", p.warmup),
            ("drain", p.drain),
            ("cycles", p.cycles),
        ]
        .into_iter()
        .find(|&(_, v)| v > MAX_SIM_CYCLES)
        .unwrap_or(("cycles", p.cycles));
        return bad(
            name,
            format!(
                "warm-up + cycles + drain is at most {MAX_SIM_CYCLES} cycles, not {total} ({name} {value})"
            ),
        );
    }
    Ok(())
}

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
const AVERAGE_HOPS_SOURCES: usize = 16;

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
fn load_bound(topo: &Topology, routes: &RouteTable, placed: &Placed) -> Option<f64> {
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

/// `check` of `params`, and against `network`: its routes' VC groups, its endpoints' ports
/// and, for a traffic matrix, the busiest node's share.
fn check_run(network: &Network, params: &SimParams) -> Result<()> {
    check(params)?;
    let topo = &network.topo;
    if params.vcs < network.routes.groups() {
        return Err(Error::invalid(
            "vcs",
            format!(
                "the routes need {} virtual-channel groups for deadlock freedom, but only {} virtual channels are given: use at least {}",
                network.routes.groups(),
                params.vcs,
                network.routes.groups()
            ),
        ));
    }
    let ports = topo.max_endpoint_ports().max(1);
    if params.rate > ports as f64 {
        return Err(Error::invalid(
            "rate",
            format!(
                "an offered load in (0, {ports}] flits per node per cycle: each node has {ports} port(s) of one flit per cycle, not {}",
                params.rate
            ),
        ));
    }
    if let Some(shares) = network.placed.shares() {
        // a matrix: each node offers rate × its share; the busiest must fit its ports
        let (busiest, share) =
            shares
                .iter()
                .copied()
                .enumerate()
                .fold(
                    (0, 0.0f64),
                    |best, (i, s)| if s > best.1 { (i, s) } else { best },
                );
        if params.rate * share > ports as f64 {
            return Err(Error::invalid(
                "rate",
                format!(
                    "with this matrix node {busiest} sends {share:.3} times the mean, so at {} it would offer {:.3} flits per cycle, above its {ports} port(s) of one flit per cycle: use a rate of at most {:.4}",
                    params.rate,
                    params.rate * share,
                    ports as f64 / share
                ),
            ));
        }
    }
    Ok(())
}

/// One run, advanced a number of cycles at a time.
pub struct Simulation<'n> {
    engine: engine::Engine<'n>,
    network: &'n Network,
    started: f64,
}

impl<'n> Simulation<'n> {
    /// A run of `network` with `params`; injection and destinations draw from the simulation
    /// stream of `seed`.
    pub fn new(network: &'n Network, params: SimParams, seed: u64) -> Result<Self> {
        check_run(network, &params)?;
        // the flits crossing a switch in a cycle: each offered flit crosses its route's
        // switches (the average distance, and one)
        let topo = &network.topo;
        let parts = engine::parts_for(topo.switch_count(), || {
            params.rate * topo.endpoint_count() as f64 * (network.average_hops() + 1.0)
        });
        Self::built(network, params, seed, parts)
    }

    /// `new` with the switches split into `parts` parts, each run by a thread of its own
    /// (`engine::parts_for` chooses for `new`; fewer where a part's copy of the state would
    /// not fit the memory limit). The results are the same with any number (tests compare).
    #[cfg(test)]
    pub(crate) fn with_parts(
        network: &'n Network,
        params: SimParams,
        seed: u64,
        parts: usize,
    ) -> Result<Self> {
        check_run(network, &params)?;
        Self::built(network, params, seed, parts)
    }

    /// The parts (threads) the run is split into.
    #[cfg(test)]
    pub(crate) fn part_count(&self) -> usize {
        self.engine.part_count()
    }

    /// `with_parts` once the parameters are checked against the network (`check_run`): what
    /// depends on the run's memory and cable latencies is checked here.
    fn built(network: &'n Network, params: SimParams, seed: u64, parts: usize) -> Result<Self> {
        let topo = &network.topo;
        let terminals = topo.endpoint_port_count();
        let bytes_for = |parts| {
            engine::memory_bytes(
                topo.switch_count(),
                topo.channel_count(),
                terminals,
                &params,
                parts,
            )
        };
        let parts = if parts > 1 && bytes_for(parts) > MAX_SIM_MEMORY_BYTES {
            1
        } else {
            parts
        };
        let bytes = bytes_for(parts);
        if bytes > MAX_SIM_MEMORY_BYTES {
            return Err(Error::invalid(
                "buf",
                format!(
                    "{} channels and {terminals} node ports × {} VCs × {} flits need {} MiB of buffers and queues, above the {} MiB a run may hold: use fewer VCs, shorter buffers or a smaller network",
                    topo.channel_count(),
                    params.vcs,
                    params.buffer,
                    bytes >> 20,
                    MAX_SIM_MEMORY_BYTES >> 20
                ),
            ));
        }
        let longest = (0..topo.channel_count())
            .map(|c| engine::channel_latency(topo, &params, crate::model::ChannelId::new(c)))
            .max()
            .unwrap_or(0);
        if longest > MAX_CHANNEL_LATENCY {
            return Err(Error::invalid(
                "latency_per_m",
                format!("the longest cable takes {longest} cycles, more than {MAX_CHANNEL_LATENCY}: use fewer cycles per metre"),
            ));
        }
        let rng = stream(seed, Purpose::Simulation, 0);
        Ok(Simulation {
            engine: engine::Engine::new(
                &network.topo,
                &network.routes,
                &network.placed,
                params,
                rng,
                parts,
            ),
            network,
            started: crate::clock::now_seconds(),
        })
    }

    /// Advance at most `cycles` cycles; true when the run is finished.
    pub fn step(&mut self, cycles: u64) -> bool {
        self.engine.run(cycles);
        self.engine.finished()
    }

    /// Runs to the end, calling `report` with the cycle reached after every `every` cycles
    /// (on this thread: a run split into parts keeps its threads for the whole call).
    pub fn finish(&mut self, every: u64, report: &mut dyn FnMut(u64)) {
        self.engine.run_reporting(u64::MAX, every, report);
    }

    pub fn now(&self) -> u64 {
        self.engine.now
    }

    /// The router's error that stopped the run, if one did (routes decided hop by hop).
    pub fn failure(&self) -> Result<()> {
        match &self.engine.tally().error {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        }
    }

    /// The cycles the run takes at most (warm-up + window + drain), for progress.
    pub(crate) fn horizon(&self) -> u64 {
        let p = self.params();
        p.warmup + p.cycles + p.drain
    }

    /// Packet records held at once at most (`engine::packet_records_bound` bounds it).
    #[cfg(test)]
    pub(crate) fn packet_records(&self) -> usize {
        self.engine.packet_records()
    }

    /// Flits in each input VC, port by port (see `engine::Engine::vc_lengths`).
    pub(crate) fn vc_lengths(&self) -> Vec<u16> {
        self.engine.vc_lengths()
    }

    /// The input ports of switch `s` (channel ids, then channel count + endpoint).
    pub(crate) fn input_ports(&self, s: usize) -> &[u32] {
        self.engine.input_ports(s)
    }

    /// Flits each channel carried in the measurement window so far.
    pub(crate) fn channel_flits(&self) -> Vec<u64> {
        self.engine.channel_flits()
    }

    /// (injected, ejected, in flight) flits: injected = ejected + in flight always.
    pub fn flit_counts(&self) -> (u64, u64, u64) {
        (
            self.engine.injected_flits(),
            self.engine.tally().ejected_flits,
            self.engine.in_flight(),
        )
    }

    /// What was measured so far.
    pub fn result(&self) -> SimResult {
        let e = &self.engine;
        let tally = e.tally();
        let p = self.params();
        let nodes = self.network.topo.endpoint_count().max(1) as f64;
        let window = p.cycles.min(e.now.saturating_sub(p.warmup)).max(1) as f64;
        // (a sum of whole numbers, exact in any order; the 99th percentile found in linear
        // time, without sorting every latency: the sort was 0.7% of a 64-router run)
        let mut lat: Vec<u32> = tally.latencies.clone();
        let avg = (!lat.is_empty())
            .then(|| lat.iter().map(|&l| u64::from(l)).sum::<u64>() as f64 / lat.len() as f64);
        let p99 = (!lat.is_empty()).then(|| {
            let i = ((lat.len() as f64 * 0.99).ceil() as usize).clamp(1, lat.len()) - 1;
            f64::from(*lat.select_nth_unstable(i).1)
        });
        let accepted = tally.window_flits as f64 / (nodes * window);
        let saturated = e.deadlock
            || e.refused_packets() > 0
            || (e.finished() && tally.measured_done < e.measured_created());
        SimResult {
            offered_flits_per_node_cycle: p.rate,
            accepted_flits_per_node_cycle: accepted,
            avg_latency_cycles: avg,
            p99_latency_cycles: p99,
            avg_hops: (tally.measured_done > 0)
                .then(|| tally.measured_hops as f64 / tally.measured_done as f64),
            measured_packets: e.measured_created(),
            delivered_packets: tally.measured_done,
            simulated_cycles: e.now,
            wall_seconds: crate::clock::now_seconds() - self.started,
            deadlock: e.deadlock,
            refused_packets: e.refused_packets(),
            saturated,
            channel_utilisation: e
                .channel_flits()
                .iter()
                .map(|&f| f as f64 / window)
                .collect(),
            vc_groups: self.network.routes.groups(),
            vc_layers: self.network.routes.layers(),
            past_saturation: saturated || accepted < 0.9 * p.rate,
            channel_load_bound: self.network.channel_load_bound,
            self_packets: e.measured_self(),
            switch_crossings: tally.crossings,
            spread: None,
        }
    }

    fn params(&self) -> &SimParams {
        self.engine.params()
    }
}

/// Run `params` on `network` to the end.
pub fn simulate(network: &Network, params: SimParams, seed: u64) -> Result<SimResult> {
    let mut sim = Simulation::new(network, params, seed)?;
    sim.finish(0, &mut |_| {});
    sim.failure()?;
    Ok(sim.result())
}

/// Bytes of state above which the engine's loops and the route table ask for memory ahead
/// (`Engine::prefetching`, `RouteTable::prefetch`): a core's share of a second-level cache,
/// about.
pub(crate) const PREFETCH_ABOVE: usize = 1 << 20;

/// Asks for the cache line holding `x` (a hint: nothing on targets without one). Used where a
/// loop's next reads are known a few steps ahead and are misses on large networks.
#[inline(always)]
pub(crate) fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint; it reads nothing and cannot fault
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            (x as *const T).cast::<i8>(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

#[cfg(test)]
mod tests;
