//! One part of the network's switches with everything a cycle changes there (`Part`): its
//! input VCs, output VCs and channels, arbiters, lists and event wheels. Its cycle is in
//! `router.rs` (arrivals, VC and switch allocation, traversal) and `channels.rs` (buffers,
//! the send onto a channel, credits).

use super::ids::{IdVec, InPortId, InVcId, OutPortId, OutVcId, PartId, RouterId};
use super::state::{Flit, InVc, OutChannel, OutVc, Request, Waiting};
use super::tally::Tally;

/// One part of the network's switches (a contiguous range of them) with everything a cycle
/// changes there: its input VCs, output channels and arbiters, its lists and event wheels, and
/// what it counts. A run has one part, or on large networks natively one per thread
/// (`parts_for`): in a cycle the injection is made first, on one thread (so its one random
/// stream is drawn in the same order); then each part's phase (`Part::phase`: arrivals, VC
/// and switch allocation, traversal) on its own thread; then, on one thread again, the flits
/// and credits one part sent into another's switches are moved into that part's wheels and the
/// counts added up (`merge`). A part's arrays are the network's full size, indexed as the
/// whole network's (a part touches only its own switches' entries; the rest stay as built), so
/// a one-part run is the engine as it was. Nothing depends on the order the flits of one
/// cycle arrive in (each goes to its own VC, and VC allocation's grants depend on the set of
/// waiting heads alone), so the results are the same flit for flit with any number of parts.
#[derive(Debug, Clone)]
#[repr(align(128))]
pub(super) struct Part {
    /// Its place among the parts.
    pub(super) index: PartId,
    /// Whether its arrays were made again by the thread that runs it (`run_threads`).
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) own_memory: bool,
    /// The words of `busy_ports` its switches' input ports are in.
    pub(super) words: std::ops::Range<usize>,
    pub(super) now: u64,
    /// Whether `now` is in the measurement window (once a cycle).
    pub(super) window: bool,
    // input VCs: (C + E) ports × vcs, each a ring of `buffer` slots for the flits behind its
    // front (the front flit is in its `InVc`)
    pub(super) ring: Vec<Flit>,
    /// Every input VC's state, together: what a flit's hop reads and writes of its VC is one
    /// cache line, not four (`InVc`).
    pub(super) ivcs: IdVec<InVcId, InVc>,
    /// The channels' output VCs (op·V + k), then one per ejection port (C·V + terminal).
    pub(super) out_vcs: IdVec<OutVcId, OutVc>,
    /// Per input port, the VC its switch request favours next among those for one output.
    pub(super) in_rr: IdVec<InPortId, u16>,
    /// Per input port, the output port its switch request favours next (one past the last
    /// granted; see `port_request`).
    pub(super) in_out_rr: IdVec<InPortId, OutPortId>,
    /// Per output port (op, then C + terminal for ejection), the switch input position its
    /// arbiter favours next.
    pub(super) out_rr: IdVec<OutPortId, u16>,
    pub(super) requests: Vec<Request>,
    /// Per input port, a bit per VC that holds flits and an output VC (switch candidates).
    pub(super) candidates: IdVec<InPortId, u64>,
    /// Input VCs whose front flit is a head without an output VC, in the order they got there,
    /// with the channel its route takes next and the first VC of its group once looked up
    /// (`OutPortId::NONE` after a router's error; an ejection port for the last hop).
    pub(super) waiting: Vec<Waiting>,
    /// Heads not yet ready for VC allocation, by the cycle they are (a wheel: modulo its size,
    /// above the pipeline's length); they join `waiting` on that cycle, so a head costs nothing
    /// while it goes down the pipeline (a list of every head, skipped until ready, was a third
    /// of a run at 64 routers).
    pub(super) pipeline: Vec<Vec<Waiting>>,
    /// VC allocation's requests.
    pub(super) vc_requests: Vec<(u32, OutVcId, u16, u32)>,
    /// Input VCs (input port, VC) whose head was granted its output VC last cycle: switch candidates from this
    /// one (`cross_after`; made candidates at the grant, their switches were visited a cycle
    /// for nothing: 12% more instructions on mesh 8×8 at 0.1).
    pub(super) granted_last: Vec<(InPortId, u32)>,
    /// A bit per input port with a switch candidate: a switch's ports are consecutive, so its
    /// busy ones are a few bits of one or two words (switch allocation visits those alone:
    /// scanning all of a switch's ports for the busy one was a mispredicted branch per port).
    pub(super) busy_ports: Vec<u64>,
    /// This cycle's switches with a candidate (scratch, `traverse`).
    pub(super) busy_list: Vec<RouterId>,
    /// Per output channel (op) its state.
    pub(super) outs: IdVec<OutPortId, OutChannel>,
    // events by arrival cycle (a wheel); a flit is written into its VC when it arrives (written
    // at once when sent, the same results, it made the write a cache miss at 16,384 routers,
    // where delivery asks for it eight flits ahead: 7.0 → 8.0 s)
    pub(super) flits_due: Vec<Vec<(InVcId, Flit)>>,
    pub(super) credits_due: Vec<Vec<OutVcId>>,
    /// Flits and credits sent this cycle to other parts' switches, by part: (wheel slot, input
    /// VC, flit) and (wheel slot, output VC). `merge` swaps each list with the receiving part's
    /// list from this part (`flits_in`, `credits_in`, emptied), and the receiver puts them in
    /// its wheels at the start of its next phase, on its own thread: what a part's thread
    /// writes is its own, allocated in its own thread's memory (`merge` writing them into the
    /// receiver's wheels put the receiver's buffers beside the sender's, and a 64-router run
    /// on two threads took 0.147 s instead of 0.062 s in one memory layout).
    pub(super) flits_out: IdVec<PartId, Vec<(u32, InVcId, Flit)>>,
    pub(super) credits_out: IdVec<PartId, Vec<(u32, OutVcId)>>,
    pub(super) flits_in: IdVec<PartId, Vec<(u32, InVcId, Flit)>>,
    pub(super) credits_in: IdVec<PartId, Vec<(u32, OutVcId)>>,
    /// The flits fed this cycle into the part's injection ports (input VC, flit), routed and
    /// written into their VCs at the start of its phase, on its own thread: the injection (on
    /// the run's first thread) writes these and nothing else of a part's, and the routing and
    /// writing of new flits is shared out among the threads (mesh 128×128 at 0.0062 on two
    /// threads 2.19–2.41 → 2.12–2.21 s; no change on one). Room for a flit per terminal,
    /// reserved by the part's own thread: the injection never reallocates it.
    pub(super) injected: Vec<(InVcId, Flit)>,
    pub(super) tally: Tally,
}

/// Puts a scratch vector taken out with `mem::take` back in its field. The stand-in left there
/// is dropped without a call when it owns nothing (a drop is an out-of-line call in the
/// size-optimised WebAssembly, and this runs for every switch in every cycle).
#[inline]
pub(super) fn put_back<T>(field: &mut Vec<T>, v: Vec<T>) {
    let stand_in = std::mem::replace(field, v);
    if stand_in.capacity() == 0 {
        std::mem::forget(stand_in);
    }
}

/// The part (index into `starts`, each part's first index) that index `x` is in.
pub(super) fn part_of(starts: &[usize], x: usize) -> usize {
    starts.partition_point(|&s| s <= x) - 1
}
