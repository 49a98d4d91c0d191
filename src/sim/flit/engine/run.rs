//! The engine (`Engine`): the parts, the packets and the sources of one run, what it answers
//! (counts, VC lengths, channel loads) and its cycle loop (injection, each part's phase, the
//! end of a cycle) on one thread; a split run's threads are in `threads`.

use super::ids::{IdVec, InPortId, InVcId, OutPortId, RouterId};
use super::inject::Sources;
use super::params::{SimParams, DEADLOCK_CYCLES};
use super::part::{part_of, Part};
use super::shared::Shared;
use super::state::Packets;
use super::tally::Tally;

/// One simulation, advanced a number of cycles at a time.
pub(crate) struct Engine<'a> {
    pub(super) sh: Shared<'a>,
    /// The parts of the switches (`Part`): one, or one per thread on large networks natively.
    pub(super) parts: Vec<Part>,
    pub(super) packets: Packets,
    pub(super) src: Sources<'a>,
    /// Per part its first input port (ip) and its first output channel (op).
    pub(super) part_ports: Vec<usize>,
    pub(super) part_ops: Vec<usize>,
    /// Per output channel (op) its channel id.
    pub(super) channel_of_op: IdVec<OutPortId, u32>,
    /// Per input port id (channel, then C + terminal: the simulator's numbering outside the
    /// engine), its position ip (`in_ports` inverted).
    pub(super) ip_of_port: Vec<InPortId>,
    /// Input ports of each switch (channel ids, then C + terminal), flat: `in_ports[ip]`.
    pub(super) in_ports: IdVec<InPortId, u32>,
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
    /// order, then the endpoints' injection ports. Only those that have arrived: a flit written
    /// as it was sent (`Shared::arrive_at_send`) is on its channel until then.
    pub(crate) fn vc_lengths(&self) -> Vec<u16> {
        let v = self.sh.p.vcs;
        self.ip_of_port
            .iter()
            .flat_map(|&ip| {
                let part = &self.parts[self.part_at(&self.part_ports, ip.index())];
                (0..v).map(move |k| self.arrived(part, InVcId::of(ip, k, v)))
            })
            .collect()
    }

    /// The flits of input VC `vc` (of `part`) that have arrived by the end of the last cycle.
    /// A flit on its way is the VC's front or behind it (`Part::push`), its `ready` its arrival
    /// and its pipeline (`stages`, a 1-flit packet's flit being a head); one that has arrived
    /// keeps `ready` − `stages` before `now` when its allocation moves `ready` on (a cycle on
    /// from the grant, or from the tail before it).
    fn arrived(&self, part: &Part, vc: InVcId) -> u16 {
        let q = &part.ivcs[vc];
        if !self.sh.arrive_at_send {
            return q.len;
        }
        let (b, stages) = (self.sh.p.buffer, u64::from(self.sh.p.stages));
        let ring = &part.ring[vc.ring_base(b)..vc.ring_base(b) + b];
        let behind = (1..usize::from(q.len)).map(|i| ring[(usize::from(q.head) + i - 1) % b]);
        let flits = (q.len > 0).then_some(q.front).into_iter().chain(behind);
        flits
            .filter(|f| u64::from(f.ready) < self.now + stages)
            .count() as u16
    }

    /// Flits each channel carried in the measurement window so far, by channel id.
    pub(crate) fn channel_flits(&self) -> Vec<u64> {
        let mut flits = vec![0; self.sh.channels];
        for (op, &ch) in self.channel_of_op.iter_ids() {
            let part = &self.parts[self.part_at(&self.part_ops, op.index())];
            flits[ch as usize] = part.outs[op].flits;
        }
        flits
    }

    /// The input ports of switch `s`: channel ids, and channel count + endpoint for injection.
    pub(crate) fn input_ports(&self, s: usize) -> &[u32] {
        let s = RouterId::new(s);
        let (lo, hi) = (self.sh.in_offsets[s], self.sh.in_offsets[s.next()]);
        &self.in_ports.as_slice()[lo.index()..hi.index()]
    }

    /// Whether the run reads its routes from the packed per-destination table (`next_local`).
    #[cfg(test)]
    pub(crate) fn packs_routes(&self) -> bool {
        !self.sh.next_local.is_empty()
    }

    /// Whether the loops ask for memory ahead (`Shared::prefetching`).
    #[cfg(test)]
    pub(crate) fn prefetches(&self) -> bool {
        self.sh.prefetching()
    }

    /// The run without asking for memory ahead, in switch allocation, delivery and VC
    /// allocation alike (a test's baseline: asking changes no result).
    #[cfg(test)]
    pub(crate) fn stop_prefetching(&mut self) {
        self.sh.prefetching = false;
        self.sh.prefetching_routes = false;
    }

    /// The run with every flit through the arrival wheel, none written as it is sent (a test's
    /// baseline: writing at the send changes no result, `Shared::arrive_at_send`).
    #[cfg(test)]
    pub(crate) fn keep_arrival_wheel(&mut self) {
        self.sh.arrive_at_send = false;
    }

    /// Whether a flit sent within its part is written as it is sent (`Shared::arrive_at_send`).
    #[cfg(test)]
    pub(crate) fn arrives_at_send(&self) -> bool {
        self.sh.arrive_at_send
    }

    /// The run on the engine for any shape (`Shape`), not the one made for its own: a test's
    /// baseline (the shapes change no result).
    #[cfg(test)]
    pub(crate) fn take_any_shape(&mut self) {
        self.sh.any_shape = true;
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
    pub(super) fn part_at(&self, starts: &[usize], x: usize) -> usize {
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
    pub(super) fn cycle(&mut self) {
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
    pub(super) fn end_cycle(&mut self) {
        self.deadlock |= deadlocked(&self.src, self.tally(), self.now);
        self.now += 1;
    }
}

/// Whether flits are waiting at the end of cycle `now` and none has moved for more than
/// `DEADLOCK_CYCLES` (by the run's counts, `tally`).
pub(super) fn deadlocked(src: &Sources, tally: &Tally, now: u64) -> bool {
    in_flight(src, tally) > 0 && now.saturating_sub(tally.last_move) > DEADLOCK_CYCLES
}

/// Flits injected by `src` and not yet ejected by the run's counts, `tally` (`Engine::in_flight`;
/// a function of the two for `run_threads`, which holds them apart).
pub(super) fn in_flight(src: &Sources, tally: &Tally) -> u64 {
    src.injected_flits - tally.ejected_flits
}
