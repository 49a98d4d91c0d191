//! One run of the engine on a network (`Simulation`): its parameters checked against the
//! network (`check_run`), advanced a number of cycles at a time, and what it measured so far;
//! `simulate` runs it to the end.

use super::checks::{check, MAX_CHANNEL_LATENCY, MAX_SIM_MEMORY_BYTES};
use super::engine::{self, SimParams};
use super::network::Network;
use super::result::SimResult;
use crate::rng::{stream, Purpose};
use crate::{Error, Result};

/// `check` of `params`, and against `network`: its routes' VC groups, its endpoints' ports
/// and, for a traffic matrix, the busiest node's share.
pub(super) fn check_run(network: &Network, params: &SimParams) -> Result<()> {
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
    pub(super) engine: engine::Engine<'n>,
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
