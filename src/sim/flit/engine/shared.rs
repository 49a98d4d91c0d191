//! What every part reads and none writes during a cycle (`Shared`): the parameters, the
//! routes, the numbering of ports and channels, and whether the loops ask for memory ahead.

use super::super::routes::Routes;
use super::ids::{IdVec, InPortId, OutPortId, PartId, RouterId};
use super::params::SimParams;

/// How many places ahead a loop over flits or heads asks for the memory it will read.
pub(super) const PREFETCH_AHEAD: usize = 8;

/// Whether the target has a prefetch (`prefetch` does nothing elsewhere).
pub(super) const PREFETCH: bool = cfg!(target_arch = "x86_64");

/// What every part reads and none writes during a cycle: the parameters, the routes and the
/// numbering of ports and channels.
pub(super) struct Shared<'a> {
    pub(super) p: SimParams,
    pub(super) routes: &'a Routes,
    /// Each VC group's VCs (first, count) (`Routes::vc_ranges`).
    pub(super) vc_ranges: Vec<(u16, u16)>,
    pub(super) channels: usize,
    // Ports are numbered inside the engine by switch, so what one switch's hop reads of its
    // ports and channels is a few cache lines, not one per port (on 16,384 routers every such
    // read was a miss): input ports by the switch they enter (`ip`: their position in
    // `Engine::in_ports`), output channels by the switch they leave (`op`). An input VC is
    // ip·V + k, an output VC of a channel op·V + k; ejection is C·V + terminal.
    /// Per input port (ip), the output channel feeding it (`OutPortId::NONE` for injection) and the part
    /// of the switch it leaves (where its credits go).
    pub(super) upstream: IdVec<InPortId, (OutPortId, PartId)>,
    /// Input ports of each switch: the first (ip) of each, and one past the last at the end.
    pub(super) in_offsets: IdVec<RouterId, InPortId>,
    /// Per input port (ip) its switch.
    pub(super) port_switch: IdVec<InPortId, RouterId>,
    /// Per channel id (the routes' numbering, `RouteHop::channel`) its output channel (op).
    pub(super) op_of_channel: Vec<OutPortId>,
    /// Where the routes are read per switch and destination (`Routes::destination_hops`), each
    /// hop packed in two bytes (at·n + d): its output channel's place among its switch's
    /// (`first_op`) and its VC group above (`NO_LOCAL`: none; the router's own step is asked).
    /// Empty elsewhere, or where a hop's channel is past its switch's first 255 output
    /// channels or its group above 255. A quarter of the routes' own hops, and no lookup of a
    /// channel's op: at 576 routers the table is 0.66 MB, inside a core's second-level cache,
    /// where the routes' 2.6 MB was a miss at most hops.
    pub(super) next_local: Vec<u16>,
    /// Per switch its first output channel (op), and one past the last at the end.
    pub(super) first_op: IdVec<RouterId, OutPortId>,
    /// Whether the loops ask for memory ahead (`prefetch`): only where the input VCs outgrow
    /// the caches (`PREFETCH_ABOVE`); in cache the asking costs more than it saves (mesh 8×8:
    /// 0.08 s a run without, 0.10-0.12 s with).
    pub(super) prefetching: bool,
    /// Whether VC allocation asks for a granted head's next hop (`Routes::prefetches`): its
    /// switch traversal, later in the cycle, routes it one hop on (`route_ahead`).
    pub(super) prefetching_routes: bool,
    /// Whether a flit sent to a switch of its own part is written into its input VC as it is
    /// sent, not when it arrives (`Part::send`): where every packet is one flit and the input
    /// VCs fit the caches (below `PREFETCH_ABOVE`, in WebAssembly too). The same results: a
    /// 1-flit packet's flit is a head, which no allocator sees before its pipeline ends, and
    /// its wait is the one it would start on arrival (`Part::push`). It saves the arrival
    /// wheel's write and read (mesh 8×8: 737.8 → 711.6 instructions a crossing); where the VCs
    /// outgrow the caches the write at once was a cache miss that delivery's asking ahead hid
    /// (16,384 routers: 7.0 → 8.0 s), so they keep the wheel. A VC's length counts only the
    /// flits that have arrived (`Engine::vc_lengths`).
    pub(super) arrive_at_send: bool,
    /// `Routes::splits_ties`, asked once.
    pub(super) splits_ties: bool,
    /// `Routes::draws_ways`, asked once.
    pub(super) draws_ways: bool,
    /// A test's switch: the run takes the engine for any shape (`Shape`), whatever its own.
    #[cfg(test)]
    pub(super) any_shape: bool,
}

impl Shared<'_> {
    /// Cycles from a flit's arrival in an input VC to the first it may cross the switch
    /// (`pipeline_cycles` of the run's stages).
    #[inline]
    pub(super) fn pipeline(&self, head: bool) -> u64 {
        pipeline_cycles(self.p.stages, head)
    }

    /// Whether the loops ask for memory ahead (`prefetching`): a constant false on targets
    /// without a prefetch, so their WebAssembly has none of that code.
    #[inline(always)]
    pub(super) fn prefetching(&self) -> bool {
        PREFETCH && self.prefetching
    }

    pub(super) fn in_window(&self, t: u64) -> bool {
        t >= self.p.warmup && t < self.p.warmup + self.p.cycles
    }
}

/// Cycles from a flit's arrival in an input VC to the first it may cross the switch, of a
/// router of `stages` stages: the whole pipeline for a head (routing, VC and switch allocation,
/// traversal), two stages fewer for a body flit, which is neither routed nor given a VC
/// (BookSim's body flits go straight to switch allocation; waiting the head's stages too, ours
/// queued 10% longer than BookSim with 4-flit packets on mesh 8×8 at 0.3). Zero-load latency
/// is the same: a body flit never passes the head before it.
#[inline(always)]
pub(super) fn pipeline_cycles(stages: u32, head: bool) -> u64 {
    let stages = if head {
        stages
    } else {
        stages.saturating_sub(2).max(1)
    };
    u64::from(stages)
}
