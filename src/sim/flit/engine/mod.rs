//! The cycle engine: input-queued virtual-channel routers (BookSim's IQ router as the
//! reference), wormhole, credit flow control, one flit per channel per cycle.
//!
//! Per router: an input port per incoming channel and per attached endpoint (injection), an
//! output port per outgoing channel and per endpoint (ejection); every input port has `vcs`
//! VCs of `buffer` flits. A head written into an input VC at cycle t may cross the switch at
//! t + `stages` (routing, VC and switch allocation, traversal), a body flit at t + `stages` − 2
//! (no routing, no VC allocation: `Shared::pipeline`), then spends `link_latency` cycles on the
//! channel; a head queued behind another packet in its VC starts its pipeline when it reaches
//! the front (the cycle after that packet's tail leaves, its traversal overlapping the tail's),
//! as BookSim's does. A head asks for an output VC of its route's VC group on the next channel
//! the cycle before it may cross (round robin over the group's VCs) and crosses no earlier
//! than the cycle after its grant, as BookSim's switch allocation follows its VC allocation;
//! the VC is held until the tail crosses. Switch allocation is separable, input first: each
//! input port requests for one VC, each output port grants one input, both by round robin
//! (BookSim's `separable_input_first`, one iteration); a flit needs a credit of the downstream
//! VC, which comes back `credit_delay` cycles after the flit leaves that buffer. Zero-load
//! packet latency, from creation to the tail's ejection, is therefore
//! (H + 1)·stages + H·link_latency + (P − 1) cycles for H channel hops.
//!
//! VC allocation is separable and input first too: each waiting head picks one free VC of its
//! group (round robin from its own pointer), each output VC grants one of the heads that picked
//! it (round robin over input VCs).
//!
//! Where it departs from BookSim (`iq` router, separable allocators): there is no speculation;
//! output VCs are released when the tail leaves (BookSim `wait_for_tail_credit = 0`); ejection
//! takes one flit per endpoint per cycle with no buffer limit; no injection or ejection channel
//! (BookSim's latency has 3 cycles more at any load, docs/simulator.md).
//!
//! One job per file: `params` (a run's parameters and the limits they set), `state` (the
//! records: flit, packet, input and output VCs, channels, requests), `shared` (what a cycle
//! reads and none writes), `build` (`Engine::new`: ports, channels, buffers and parts from a
//! topology and its routes), `inject` (the endpoints' sources), `router` (a part's cycle:
//! arrivals, VC and switch allocation, traversal), `channels` (buffers, the send onto a
//! channel, credits), `tally` (what a run counts), `threads` (parts and their threads). Here:
//! the engine, what it answers, and its cycle loop.

mod build;
mod channels;
mod inject;
mod params;
mod part;
mod router;
mod shared;
mod state;
mod tally;
mod threads;

use inject::*;
use part::*;
use shared::*;
use state::*;
use tally::*;
use threads::*;

use super::routes::{RouteHop, RoutePos, Routes};
use super::{prefetch, PREFETCH_ABOVE};
use crate::model::{EndpointId, Topology};
use crate::routing::Header;
use crate::traffic::Placed;
pub(crate) use params::channel_latency;
pub(crate) use params::memory_bytes;
#[cfg(test)]
pub(crate) use params::packet_records_bound;
pub use params::{SimParams, DEADLOCK_CYCLES, MAX_SOURCE_PACKETS};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, Ordering};
pub(crate) use tally::Tally;
pub(crate) use threads::parts_for;

/// One simulation, advanced a number of cycles at a time.
pub(crate) struct Engine<'a> {
    sh: Shared<'a>,
    /// The parts of the switches (`Part`): one, or one per thread on large networks natively.
    parts: Vec<Part>,
    packets: Vec<Packet>,
    src: Sources<'a>,
    /// Per part its first input port (ip) and its first output channel (op).
    part_ports: Vec<usize>,
    part_ops: Vec<usize>,
    /// Per output channel (op) its channel id.
    channel_of_op: Vec<u32>,
    /// Per input port id (channel, then C + terminal), its position ip (`in_ports` inverted).
    ip_of_port: Vec<u32>,
    /// Input ports of each switch (channel ids, then C + terminal), flat: `in_ports[ip]`.
    in_ports: Vec<u32>,
    pub now: u64,
    pub deadlock: bool,
}

impl<'a> Engine<'a> {
    /// The run's parameters.
    pub fn params(&self) -> &SimParams {
        &self.sh.p
    }

    /// The run's counts so far (the first part's: the others' are added into it every cycle).
    pub fn tally(&self) -> &Tally {
        &self.parts[0].tally
    }

    /// Flits injected so far.
    pub fn injected_flits(&self) -> u64 {
        self.src.injected_flits
    }

    /// Packets created in the measurement window so far.
    pub fn measured_created(&self) -> u64 {
        self.src.measured_created
    }

    /// Measured packets addressed to their own source so far (`Sources::measured_self`).
    pub fn measured_self(&self) -> u64 {
        self.src.measured_self
    }

    /// Packets refused so far (`Sources::refused_packets`).
    pub fn refused_packets(&self) -> u64 {
        self.src.refused_packets
    }

    /// Flits in each input VC, port by port (`vcs` per port): the channels' ports in channel
    /// order, then the endpoints' injection ports.
    pub(crate) fn vc_lengths(&self) -> Vec<u16> {
        let v = self.sh.p.vcs;
        self.ip_of_port
            .iter()
            .flat_map(|&ip| {
                let ip = ip as usize;
                let part = &self.parts[self.part_at(&self.part_ports, ip)];
                part.ivcs[ip * v..(ip + 1) * v].iter().map(|q| q.len)
            })
            .collect()
    }

    /// Flits each channel carried in the measurement window so far, by channel id.
    pub(crate) fn channel_flits(&self) -> Vec<u64> {
        let mut flits = vec![0; self.sh.channels];
        for (op, &ch) in self.channel_of_op.iter().enumerate() {
            flits[ch as usize] = self.parts[self.part_at(&self.part_ops, op)].outs[op].flits;
        }
        flits
    }

    /// The input ports of switch `s`: channel ids, and channel count + endpoint for injection.
    pub(crate) fn input_ports(&self, s: usize) -> &[u32] {
        &self.in_ports[self.sh.in_offsets[s] as usize..self.sh.in_offsets[s + 1] as usize]
    }

    /// Whether the run reads its routes from the packed per-destination table (`next_local`).
    #[cfg(test)]
    pub(crate) fn packs_routes(&self) -> bool {
        !self.sh.next_local.is_empty()
    }

    /// The parts the run's switches are split into.
    #[cfg(test)]
    pub(crate) fn part_count(&self) -> usize {
        self.parts.len()
    }

    /// Packet records the run has held at once at most (the pool never shrinks).
    #[cfg(test)]
    pub(crate) fn packet_records(&self) -> usize {
        self.packets.len()
    }

    /// The part index `x` is in, by `starts` (`part_of`; the only one in WebAssembly).
    fn part_at(&self, starts: &[usize], x: usize) -> usize {
        if cfg!(target_arch = "wasm32") {
            0
        } else {
            part_of(starts, x)
        }
    }

    /// Flits in buffers or on channels (injected and not yet ejected).
    pub fn in_flight(&self) -> u64 {
        in_flight(&self.src, self.tally())
    }

    /// True when the measured packets are all delivered (or the drain ran out, or a deadlock).
    pub(crate) fn finished(&self) -> bool {
        let p = &self.sh.p;
        let end = p.warmup + p.cycles;
        let tally = self.tally();
        self.deadlock
            || tally.error.is_some()
            || (self.now >= end
                && (tally.measured_done == self.src.measured_created || self.now >= end + p.drain))
    }

    /// Advance at most `cycles` cycles (fewer if the run finishes).
    pub fn run(&mut self, cycles: u64) {
        self.run_reporting(cycles, 0, &mut |_| {});
    }

    /// `run`, calling `report` with the cycle reached after every `every` cycles (never for
    /// 0). A run of several parts keeps its threads for the whole call: one long call rather
    /// than many short ones (a thread started on the core of a spinning one waits for the
    /// scheduler to move it, and a 1,024-router run on two threads took up to 0.34 s against
    /// 0.07 s on one when it started them every 128 cycles).
    pub fn run_reporting(&mut self, cycles: u64, every: u64, report: &mut dyn FnMut(u64)) {
        #[cfg(not(target_arch = "wasm32"))]
        if self.parts.len() > 1 {
            return self.run_threads(cycles, every, report);
        }
        for i in 1..=cycles {
            if self.finished() {
                return;
            }
            self.cycle();
            if every > 0 && i % every == 0 {
                report(self.now);
            }
        }
    }

    /// One cycle of a one-part run (`run_threads` runs the others).
    fn cycle(&mut self) {
        let now = self.now;
        let window = self.sh.in_window(now);
        let [one] = &mut self.parts[..] else {
            unreachable!("a run of several parts runs on threads (`run_threads`)");
        };
        (one.now, one.window) = (now, window);
        self.src
            .inject(&self.sh, &mut [one], &mut self.packets, now, window);
        one.phase(&self.sh, &self.packets);
        self.end_cycle();
    }

    /// The deadlock test, and the clock on.
    fn end_cycle(&mut self) {
        self.deadlock |= deadlocked(&self.src, self.tally(), self.now);
        self.now += 1;
    }
}
