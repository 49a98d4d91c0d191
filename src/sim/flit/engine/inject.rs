//! Injection (`Sources`): the endpoints, their one random stream, Bernoulli arrivals on a
//! wheel, the source queues, and the flits fed into the injection ports each cycle.

use super::ids::{IdVec, InPortId, InVcId, OutPortId, PacketId, PartId, RouterId, TerminalId};
use super::params::MAX_SOURCE_PACKETS;
use super::part::{put_back, Part};
use super::shared::Shared;
use super::state::{Flit, Packet, Packets};
use crate::routing::Header;
use crate::traffic::Placed;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Buckets of the arrival wheel (a power of two): an endpoint's next packet further ahead
/// waits in its bucket for another turn.
pub(super) const ARRIVAL_WHEEL: usize = 4096;

/// The serial side of a run: the endpoints, their random stream and their source queues.
pub(super) struct Sources<'a> {
    pub(super) placed: &'a Placed,
    pub(super) rng: ChaCha8Rng,
    /// `Engine::ln_miss` of the parameters.
    pub(super) ln_miss: Option<f64>,
    /// Per endpoint, `Engine::ln_miss` at its own rate where endpoints offer unequal loads (a
    /// matrix: the run's rate × its share, `Placed::shares`); empty when all offer the rate.
    pub(super) node_ln_miss: Vec<Option<f64>>,
    /// Terminals: an endpoint's attachment to one switch (one per endpoint, two for a node on
    /// two planes), each with an injection and an ejection port.
    pub(super) terminal_switch: IdVec<TerminalId, RouterId>,
    /// (the endpoint of each)
    pub(super) terminal_node: IdVec<TerminalId, u32>,
    /// Each endpoint's terminals (first, one past the last).
    pub(super) node_terminals: Vec<TerminalId>,
    /// Per endpoint: which of two equal entries its next tied packet takes (they alternate).
    pub(super) toggle: Vec<bool>,
    /// Per terminal: whether its next packet takes the other way at a tie, where the router
    /// splits ties (`Routes::splits_ties`: they alternate, so each way carries half).
    pub(super) other_way: IdVec<TerminalId, bool>,
    /// Per terminal, the injection VC its last packet took: the next one tries the VCs after
    /// it first, round robin, as BookSim's source does (`_last_vc`). Starting from the switch
    /// allocator's pointer instead put a burst of packets into one VC, where each head waits
    /// for the one before it: mesh 8×8 queued 50% longer than BookSim at 0.3.
    pub(super) last_vc: IdVec<TerminalId, u16>,
    /// Per terminal, its injection port (ip) and its switch's part.
    pub(super) inject_ip: IdVec<TerminalId, InPortId>,
    pub(super) inject_part: IdVec<TerminalId, PartId>,
    /// The cycle each endpoint's next packet is created (geometric gaps: Bernoulli arrivals).
    pub(super) next_arrival: Vec<u64>,
    // the work of a cycle is the traffic's, not the network's: only endpoints with a packet
    // created this cycle or one to feed, and only switches with a flit to send, are visited
    // (in ascending order, as a scan of all would: the results are the same)
    /// Endpoints by `next_arrival` modulo the wheel's size (a bucket may hold later ones).
    pub(super) arrivals: Vec<Vec<u32>>,
    /// Per endpoint a bit: a terminal has a packet queued or half written.
    pub(super) feeding: Vec<u64>,
    /// This cycle's endpoints: arriving or feeding (scratch).
    pub(super) todo: Vec<u64>,
    /// Packets waiting at each terminal: creation cycle and destination terminal
    /// (`TerminalId::NONE`: drawn when it reaches the front, as for every single-port
    /// endpoint); the front one's flits written so far and the injection VC it uses.
    pub(super) source: IdVec<TerminalId, VecDeque<(u64, TerminalId)>>,
    pub(super) front: IdVec<TerminalId, (PacketId, u16, InVcId)>,
    pub(super) injected_flits: u64,
    pub(super) measured_created: u64,
    /// Measured packets addressed to their own source node (a permutation's fixed points, a
    /// hotspot's own draws), counted when their destination is drawn: they cross their source's
    /// router only, and count in the accepted throughput as in BookSim (`SimResult::self_packets`).
    pub(super) measured_self: u64,
    /// Packets a node could not queue (its source queue was full): the network accepted less
    /// than was offered.
    pub(super) refused_packets: u64,
}

impl<'a> Sources<'a> {
    /// Cycles to endpoint `ep`'s next packet: geometric with success probability rate / P per
    /// cycle (a Bernoulli process drawn one arrival at a time), at least 1.
    #[inline]
    pub(super) fn gap(&mut self, ep: usize) -> u64 {
        let ln_miss = if self.node_ln_miss.is_empty() {
            self.ln_miss
        } else {
            self.node_ln_miss[ep]
        };
        let Some(ln_miss) = ln_miss else {
            return 1;
        };
        // u in (0, 1], so x ≥ 0
        let u: f64 = 1.0 - self.rng.random::<f64>();
        let x = u.ln() / ln_miss;
        // x rounded up, at least 1, without libm's `ceil` (a call on x86-64, whose baseline has
        // no rounding instruction): the same number for every x ≥ 0; a gap past u64 saturates,
        // and such a node never sends within any run
        let whole = x as u64;
        whole.saturating_add(u64::from((whole as f64) < x)).max(1)
    }

    /// ln(1 − p) for a packet's probability p = rate / `packet` per cycle (none when p ≥ 1: a packet
    /// every cycle), computed once for `gap`. Through ln_1p: for p below 1e-16, 1.0 − p rounds
    /// to 1 and its log to 0, which made every gap 1 (a rate of 1e-17 injected at full rate).
    pub(super) fn ln_miss(rate: f64, packet: usize) -> Option<f64> {
        let chance = (rate / packet as f64).min(1.0);
        (chance < 1.0).then(|| (-chance).ln_1p())
    }

    /// Endpoint `ep`'s next packet is created at cycle `at`.
    #[inline]
    pub(super) fn schedule(&mut self, ep: usize, at: u64) {
        self.next_arrival[ep] = at;
        self.arrivals[(at as usize) & (ARRIVAL_WHEEL - 1)].push(ep as u32);
    }

    /// New packets (Bernoulli, rate / P per cycle, drawn as geometric gaps), and one flit per
    /// endpoint into its injection port (in `parts`, all of the run's).
    pub(super) fn inject(
        &mut self,
        sh: &Shared,
        parts: &mut [&mut Part],
        packets: &mut Packets,
        now: u64,
        window: bool,
    ) {
        // this cycle's endpoints: those whose packet is created now (the rest of the bucket
        // is for later turns of the wheel) and those with a packet to feed, in ascending order
        let slot = (now as usize) & (ARRIVAL_WHEEL - 1);
        let mut bucket = std::mem::take(&mut self.arrivals[slot]);
        self.todo.copy_from_slice(&self.feeding);
        bucket.retain(|&ep| {
            let due = self.next_arrival[ep as usize] == now;
            if due {
                self.todo[ep as usize / 64] |= 1 << (ep % 64);
            }
            !due
        });
        put_back(&mut self.arrivals[slot], bucket);
        for word in 0..self.todo.len() {
            let mut bits = self.todo[word];
            while bits != 0 {
                let ep = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.inject_at(ep, sh, parts, packets, now, window);
            }
        }
    }

    /// A packet created at endpoint `ep` if one is due now, then a flit fed from each of its
    /// terminals (see `inject`).
    pub(super) fn inject_at(
        &mut self,
        ep: usize,
        sh: &Shared,
        parts: &mut [&mut Part],
        packets: &mut Packets,
        now: u64,
        window: bool,
    ) {
        if self.next_arrival[ep] == now {
            if self.node_queue_full(ep) {
                // the network takes less than is offered: the packet is counted, not
                // queued, so a source queue never grows without bound
                self.refused_packets += 1;
            } else {
                self.create(ep, sh, now, window);
            }
            // the gap is drawn after the packet's destination (a node on two planes draws it
            // when the packet is created), as it always was
            let next = now.saturating_add(self.gap(ep));
            self.schedule(ep, next);
        }
        // after the endpoint's arrival, endpoint by endpoint: the random draws keep the
        // order they had before endpoints could have several ports
        let mut feeding = false;
        for t in self.terminals(ep) {
            self.feed(t, sh, parts, packets, now);
            feeding |= !self.source[t].is_empty() || self.front[t].0 != PacketId::NONE;
        }
        let bit = 1u64 << (ep % 64);
        if feeding {
            self.feeding[ep / 64] |= bit;
        } else {
            self.feeding[ep / 64] &= !bit;
        }
    }

    /// The header state a new packet of terminal `t` starts with (`Routes::begin`): a drawn
    /// word where the router draws its ways, else the other way at a tie for every other
    /// packet where it splits ties, else 0.
    pub(super) fn first_state(&mut self, t: TerminalId, sh: &Shared) -> u32 {
        if sh.draws_ways {
            Header::DRAWN | (self.rng.random::<u32>() & !(Header::DRAWN | Header::OTHER_WAY))
        } else if self.other_way[t] {
            Header::OTHER_WAY
        } else {
            0
        }
    }

    /// A packet created at endpoint `ep`, queued at the terminal it leaves from.
    pub(super) fn create(&mut self, ep: usize, sh: &Shared, now: u64, window: bool) {
        let first = self.node_terminals[ep];
        if self.terminals(ep).len() == 1 {
            self.source[first].push_back((now, TerminalId::NONE));
        } else {
            // on several planes the network is chosen now (`Routes::entry`), so
            // each port has its own queue and the planes do not block each other
            let dst = self.placed.destination(ep, &mut self.rng);
            let home = |e: usize| self.terminal_switch[self.node_terminals[e]].raw();
            let (a, z, tie) = sh.routes.entry(home(ep), home(dst), self.toggle[ep]);
            self.toggle[ep] ^= tie;
            let at = |e: usize, s: u32| {
                self.terminals(e)
                    .find(|&t| self.terminal_switch[t] == RouterId::from_raw(s))
                    .expect("an entry is one of the endpoint's switches")
            };
            let (from, to) = (at(ep, a), at(dst, z));
            self.source[from].push_back((now, to));
            self.measured_self += u64::from(window && dst == ep);
        }
        if window {
            self.measured_created += 1;
        }
    }

    /// True when every source queue of node `ep` holds `MAX_SOURCE_PACKETS`.
    pub(super) fn node_queue_full(&self, ep: usize) -> bool {
        self.terminals(ep)
            .any(|t| self.source[t].len() >= MAX_SOURCE_PACKETS)
    }

    /// Endpoint `ep`'s terminals.
    #[inline]
    pub(super) fn terminals(&self, ep: usize) -> impl ExactSizeIterator<Item = TerminalId> {
        (self.node_terminals[ep].index()..self.node_terminals[ep + 1].index()).map(TerminalId::new)
    }

    /// One flit of terminal `t`'s front packet into its injection port, if a VC has room.
    pub(super) fn feed(
        &mut self,
        t: TerminalId,
        sh: &Shared,
        parts: &mut [&mut Part],
        packets: &mut Packets,
        now: u64,
    ) {
        let b = sh.p.buffer;
        // (one part in WebAssembly)
        let owner = if cfg!(target_arch = "wasm32") {
            0
        } else {
            self.inject_part[t].index()
        };
        let (mut pkt, mut written, mut vc) = self.front[t];
        if pkt == PacketId::NONE {
            let Some(started) = self.start_packet(t, sh, parts, owner, packets) else {
                return;
            };
            (pkt, written, vc) = (started.0, 0, started.1);
        }
        let part = &mut *parts[owner];
        if usize::from(part.ivcs[vc].len) >= b {
            self.front[t] = (pkt, written, vc);
            return;
        }
        // (routed and written into its VC by the part, `Part::injected`)
        debug_assert!(part.injected.len() < part.injected.capacity());
        part.injected.push((
            vc,
            Flit {
                packet: pkt,
                seq: written,
                group: 0,
                ready: (now + sh.pipeline(written == 0)) as u32,
                next: OutPortId::NONE,
            },
        ));
        self.injected_flits += 1;
        written += 1;
        self.front[t] = if usize::from(written) == sh.p.packet {
            (PacketId::NONE, 0, InVcId::NONE)
        } else {
            (pkt, written, vc)
        };
    }

    /// Terminal `t`'s next queued packet, if one of its injection port's VCs has room (round
    /// robin after the last one taken): its destination drawn where it was not, its record made
    /// (a freed one reused), the VC it takes. Its record and input VC, or none.
    fn start_packet(
        &mut self,
        t: TerminalId,
        sh: &Shared,
        parts: &mut [&mut Part],
        owner: usize,
        packets: &mut Packets,
    ) -> Option<(PacketId, InVcId)> {
        let (v, b) = (sh.p.vcs, sh.p.buffer);
        let &(created, to) = self.source[t].front()?;
        let port = self.inject_ip[t];
        let part = &parts[owner];
        // (start + i, wrapped without a division: start is at most v)
        let start = usize::from(self.last_vc[t]) + 1;
        let k = (0..v)
            .map(|i| start + i - v * usize::from(start + i >= v))
            .find(|&k| usize::from(part.ivcs[InVcId::of(port, k, v)].len) < b)?;
        self.source[t].pop_front();
        self.last_vc[t] = k as u16;
        let dst = if to == TerminalId::NONE {
            let node = self.terminal_node[t] as usize;
            let d = self.placed.destination(node, &mut self.rng);
            self.measured_self += u64::from(d == node && sh.in_window(created));
            self.node_terminals[d]
        } else {
            to
        };
        let (src_switch, dst_switch) = (self.terminal_switch[t], self.terminal_switch[dst]);
        let packet = Packet::new(
            created,
            src_switch,
            dst_switch,
            dst,
            sh.in_window(created),
            sh.routes
                .begin(src_switch.raw(), dst_switch.raw(), self.first_state(t, sh)),
        );
        self.other_way[t] ^= sh.splits_ties;
        // (freed records are the run's: the first part's tally holds them)
        let pkt = match parts[0].tally.free.pop() {
            Some(i) => {
                packets[i] = packet;
                i
            }
            None => packets.push(packet),
        };
        Some((pkt, InVcId::of(port, k, v)))
    }
}
