//! The engine's records: a flit, a packet, an input VC, an output VC and channel, a switch
//! request and a head waiting for its output VC, with the packed routes' sentinel (the ids'
//! sentinels are their types' own, `ids`).

use super::super::routes::RoutePos;
use super::ids::{
    IdVec, InPortId, InVcId, OutPortId, OutVcId, PacketId, PartId, RouterId, TerminalId,
};
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, Ordering};

/// A flit in a buffer or on a channel.
#[derive(Debug, Clone, Copy)]
pub(super) struct Flit {
    pub(super) packet: PacketId,
    pub(super) seq: u16,
    /// A head's VC group on its next channel (`Flit::next`).
    pub(super) group: u16,
    /// The cycle it may cross the switch (32 bits: a run has at most `MAX_SIM_CYCLES`).
    pub(super) ready: u32,
    /// A head's next output: the output channel (op) its route takes from the switch it goes
    /// to, or C + terminal at its destination (`OutPortId::NONE` after a router's error). Routed one hop
    /// ahead, when the head leaves the switch before (or is created), while its packet record
    /// is at hand: on large networks reading that record again in VC allocation was a cache
    /// miss per hop. Bodies carry nothing here.
    pub(super) next: OutPortId,
}

/// A packet in the network. What its head changes as it goes (its hop count, the switch it is
/// at, its place on its route) are atomics, read and written relaxed (plain moves on x86 and in
/// WebAssembly): on a run split into parts (`Part`), the part its head is in writes them while
/// the other parts' threads read other records of the same table. A record has a cache line
/// of its own: two records on one line, their heads in two parts, sent the line from core to
/// core at every hop (40 bytes unaligned; mesh 32×32 at 0.023 on two threads 0.23 → 0.12 s
/// aligned, and no slower on one).
#[derive(Debug)]
#[repr(align(64))]
pub(super) struct Packet {
    pub(super) created: u64,
    pub(super) src_switch: RouterId,
    pub(super) dst_switch: RouterId,
    pub(super) dst: TerminalId,
    pub(super) measured: bool,
    /// Channels its head has taken.
    pub(super) hop: AtomicU16,
    /// The switch its head is at (`at`, `move_to`: a `RouterId`'s number), and where it is on
    /// its route (`Routes::step`, as `RoutePos::to_bits`).
    at: AtomicU32,
    pub(super) route: AtomicU64,
}

impl Packet {
    pub(super) fn new(
        created: u64,
        src_switch: RouterId,
        dst_switch: RouterId,
        dst: TerminalId,
        measured: bool,
        route: RoutePos,
    ) -> Self {
        Packet {
            created,
            src_switch,
            dst_switch,
            dst,
            measured,
            hop: AtomicU16::new(0),
            at: AtomicU32::new(src_switch.raw()),
            route: AtomicU64::new(route.to_bits()),
        }
    }

    /// The switch its head is at.
    #[inline(always)]
    pub(super) fn at(&self) -> RouterId {
        RouterId::from_raw(self.at.load(Ordering::Relaxed))
    }

    /// Its head has reached switch `sw`.
    #[inline(always)]
    pub(super) fn move_to(&self, sw: RouterId) {
        self.at.store(sw.raw(), Ordering::Relaxed);
    }
}

/// The packet records of a run, by id (`Engine::packets`).
pub(super) type Packets = IdVec<PacketId, Packet>;

/// An input VC: the output VC held by the packet at its front (a channel VC id, or C·V +
/// endpoint for ejection; `OutVcId::NONE` before VC allocation) and its output port (op, or C +
/// terminal: set with it, so switch allocation needs no division or test to find it), its
/// flit count, the ring slot of the
/// flit behind the front, its round-robin pointer in VC allocation (one past the output port's
/// VC it was last granted, `out_port` that port),
/// and the front flit itself. The front is kept here, beside the rest, because switch and VC
/// allocation read it every cycle a VC is a candidate: read from the ring, it was a cache miss
/// each time on large networks (a third of a 16,384-router run); the ring holds only the flits
/// behind it, and at low loads a VC seldom has any. Aligned to 32 bytes so that no record
/// straddles two cache lines (at 28 bytes one in four did).
#[derive(Debug, Clone, Copy)]
#[repr(align(32))]
pub(super) struct InVc {
    pub(super) out_vc: OutVcId,
    pub(super) out_port: OutPortId,
    pub(super) head: u16,
    pub(super) len: u16,
    pub(super) rr: u16,
    pub(super) front: Flit,
}

// one record to a half cache line, as the alignment intends
const _: () = assert!(std::mem::size_of::<InVc>() == 32);

/// An output VC of a channel: its arbiter in VC allocation (its round-robin pointer over the
/// input VCs and the best request it has this cycle: the cycle, so a stale one is ignored, and
/// its rank) and its credits, in one record: one memory access for all a hop needs of it.
#[derive(Debug, Clone, Copy)]
pub(super) struct OutVc {
    pub(super) rr: InVcId,
    pub(super) cycle: u32,
    pub(super) rank: u32,
    pub(super) credits: u16,
}

/// An output channel (op): a bit per VC held by a packet, the input port it leads to (ip),
/// the switch there and that switch's part, its cycles and the flits it carried in the window.
#[derive(Debug, Clone, Copy)]
pub(super) struct OutChannel {
    pub(super) held: u64,
    pub(super) flits: u64,
    pub(super) into: InPortId,
    pub(super) dst: RouterId,
    pub(super) latency: u32,
    pub(super) part: PartId,
}

/// An input port's request in switch allocation: its position among its switch's input ports,
/// the VC (k, and its id), the output VC and output port it wants, and its rank at that port's
/// arbiter.
#[derive(Debug, Clone, Copy)]
pub(super) struct Request {
    pub(super) at: u32,
    pub(super) k: u32,
    pub(super) ivc: InVcId,
    pub(super) out: OutVcId,
    pub(super) out_port: OutPortId,
    pub(super) rank: u32,
}

/// A head flit at the front of its input VC, waiting for an output VC: first in the pipeline
/// wheel's bucket of the cycle it asks (the one before it may cross, `Flit::ready`, as BookSim
/// allocates the VC a cycle ahead of the switch), then in the waiting list until granted.
/// 16 bytes.
#[derive(Debug, Clone, Copy)]
pub(super) struct Waiting {
    /// Its input VC: VC `k` of input port `port` (ip·V + k, kept apart so that making it a
    /// switch candidate needs no division).
    pub(super) port: InPortId,
    pub(super) k: u16,
    /// Its next output (`Flit::next`; `OutPortId::GRANTED` once it has its output VC) and its
    /// group's VCs (first, count).
    pub(super) want: OutPortId,
    pub(super) base: u16,
    pub(super) count: u16,
    /// Where its round robin over the group's VCs starts (from `InVc::rr`, see `wait`), read
    /// when the head reached the front: the pointer changes only when this head is granted.
    pub(super) rr: u16,
}

/// `Engine::next_local`'s entry for a switch no route to that destination passes.
pub(super) const NO_LOCAL: u16 = u16::MAX;

// (`Waiting`: four to a cache line)
const _: () = assert!(std::mem::size_of::<Waiting>() == 16);
