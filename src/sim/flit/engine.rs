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

use super::routes::{RouteHop, RoutePos, Routes};
use super::{prefetch, PREFETCH_ABOVE};
use crate::model::{EndpointId, Topology};
use crate::routing::Header;
use crate::traffic::Placed;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, Ordering};

/// Router and traffic parameters of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SimParams {
    /// Virtual channels per port.
    pub vcs: usize,
    /// Flits per VC buffer.
    pub buffer: usize,
    /// Flits per packet.
    pub packet: usize,
    /// Router pipeline stages (cycles from a flit's arrival to its switch traversal).
    pub stages: u32,
    /// Cycles on a channel (plus `latency_per_m` per metre of its cable).
    pub link_latency: u32,
    /// Cycles per metre of cable added to each channel's latency (its link's length): paper
    /// 004's 5 ns/m, in cycles. 0: every channel takes `link_latency`.
    pub latency_per_m: f64,
    /// Cycles for a credit to come back.
    pub credit_delay: u32,
    /// Offered load, flits per endpoint per cycle (0–1; up to its port count for an endpoint
    /// on several planes).
    pub rate: f64,
    /// Cycles before measuring.
    pub warmup: u64,
    /// Cycles measured.
    pub cycles: u64,
    /// Most cycles after the window to wait for the measured packets.
    pub drain: u64,
}

impl Default for SimParams {
    fn default() -> Self {
        // paper 002 Table II: 4 VCs of 8 flits, 1-flit packets, 4 pipeline stages
        SimParams {
            vcs: 4,
            buffer: 8,
            packet: 1,
            stages: 4,
            link_latency: 1,
            latency_per_m: 0.0,
            credit_delay: 1,
            rate: 0.1,
            warmup: 2000,
            cycles: 10_000,
            drain: 10_000,
        }
    }
}

/// A flit in a buffer or on a channel.
#[derive(Debug, Clone, Copy)]
struct Flit {
    packet: u32,
    seq: u16,
    /// A head's VC group on its next channel (`Flit::next`).
    group: u16,
    /// The cycle it may cross the switch (32 bits: a run has at most `MAX_SIM_CYCLES`).
    ready: u32,
    /// A head's next output: the output channel (op) its route takes from the switch it goes
    /// to, or C + terminal at its destination (`NONE` after a router's error). Routed one hop
    /// ahead, when the head leaves the switch before (or is created), while its packet record
    /// is at hand: on large networks reading that record again in VC allocation was a cache
    /// miss per hop. Bodies carry nothing here.
    next: u32,
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
struct Packet {
    created: u64,
    src_switch: u32,
    dst_switch: u32,
    dst: u32,
    measured: bool,
    /// Channels its head has taken.
    hop: AtomicU16,
    /// The switch its head is at, and where it is on its route (`Routes::step`, as
    /// `RoutePos::to_bits`).
    at: AtomicU32,
    route: AtomicU64,
}

impl Packet {
    fn new(
        created: u64,
        src_switch: u32,
        dst_switch: u32,
        dst: u32,
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
            at: AtomicU32::new(src_switch),
            route: AtomicU64::new(route.to_bits()),
        }
    }
}

const NONE: u32 = u32::MAX;

/// An input VC: the output VC held by the packet at its front (a channel VC id, or C·V +
/// endpoint for ejection; `NONE` before VC allocation) and its output port (op, or C +
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
struct InVc {
    out_vc: u32,
    out_port: u32,
    head: u16,
    len: u16,
    rr: u16,
    front: Flit,
}

// one record to a half cache line, as the alignment intends
const _: () = assert!(std::mem::size_of::<InVc>() == 32);

/// An output VC of a channel: its arbiter in VC allocation (its round-robin pointer over the
/// input VCs and the best request it has this cycle: the cycle, so a stale one is ignored, and
/// its rank) and its credits, in one record: one memory access for all a hop needs of it.
#[derive(Debug, Clone, Copy)]
struct OutVc {
    rr: u32,
    cycle: u32,
    rank: u32,
    credits: u16,
}

/// An output channel (op): a bit per VC held by a packet, the input port it leads to (ip),
/// the switch there and that switch's part, its cycles and the flits it carried in the window.
#[derive(Debug, Clone, Copy)]
struct OutChannel {
    held: u64,
    flits: u64,
    into: u32,
    dst: u32,
    latency: u32,
    part: u32,
}

/// An input port's request in switch allocation: its position among its switch's input ports,
/// the VC (k, and its id), the output VC and output port it wants, and its rank at that port's
/// arbiter.
#[derive(Debug, Clone, Copy)]
struct Request {
    at: u32,
    k: u32,
    ivc: u32,
    out: u32,
    out_port: u32,
    rank: u32,
}

/// A head flit at the front of its input VC, waiting for an output VC.
#[derive(Debug, Clone, Copy)]
struct Waiting {
    vc: u32,
    /// The cycle it asks for an output VC: the one before it may cross (`Flit::ready`), as
    /// BookSim allocates the VC a cycle ahead of the switch.
    asks: u32,
    /// Its next output (`Flit::next`; `GRANTED` once it has its output VC) and its group's VCs
    /// (first, count).
    want: u32,
    base: u16,
    count: u16,
    /// Where its round robin over the group's VCs starts (from `InVc::rr`, see `wait`), read
    /// when the head reached the front: the pointer changes only when this head is granted.
    rr: u16,
}

/// How many places ahead a loop over flits or heads asks for the memory it will read.
const PREFETCH_AHEAD: usize = 8;

/// Whether the target has a prefetch (`prefetch` does nothing elsewhere).
const PREFETCH: bool = cfg!(target_arch = "x86_64");

/// `Waiting::want` of a head granted its output VC (or its ejection) this cycle.
const GRANTED: u32 = u32::MAX - 1;

/// `Engine::next_local`'s entry for a switch no route to that destination passes.
const NO_LOCAL: u16 = u16::MAX;

/// Switches from which a run natively splits them into parts, a thread each (`parts_for`), and
/// the flit crossings a cycle is expected to have at least: a part adds a hand-over between
/// threads to every cycle, which only a cycle's work pays for. Measured on 2 cores (2026-11-28,
/// `topolab sim` on meshes under DOR, wall seconds of the process, one thread against two):
/// mesh 64×64 at 0.01 (1,800 crossings a cycle) 0.78 → 0.40 s, at 0.0123 (2,200) 1.04 →
/// 0.51–0.75 s, 128×128 at 0.006 (8,700) 4.4–6.3 → 2.3–2.8 s, 24×24 at 0.033 (320) 0.19 →
/// 0.13–0.20 s. Smaller cycles gained at best and lost at worst: mesh 8×8 at 0.1 (40 a cycle)
/// 0.070 → 0.060 s on most runs but 0.10–0.14 s on others (where the scheduler left the second
/// thread beside the first, which then took turns on one core), and at 0.01 (4 a cycle)
/// 0.011 → 0.016 s.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const SPLIT_FROM_SWITCHES: usize = 64;
#[cfg(not(target_arch = "wasm32"))]
const SPLIT_FROM_CROSSINGS: f64 = 256.0;

/// Most parts (threads) one run is split into, and fewest switches a part has (and at most one
/// part per half of `SPLIT_FROM_CROSSINGS` expected crossings a cycle: only two parts were
/// measured, on the 2 cores here).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const MAX_PARTS: usize = 8;
#[cfg(not(target_arch = "wasm32"))]
const MIN_PART_SWITCHES: usize = 32;

/// The parts a run of `switches` switches is split into, where `crossings` estimates the flits
/// crossing a switch in a cycle (asked only when it matters): one in WebAssembly (the page's
/// worker has one thread), below `SPLIT_FROM_SWITCHES` switches or `SPLIT_FROM_CROSSINGS`
/// crossings, and inside a parallel map (a sweep's loads or a point's seeds, which already keep
/// every core busy); otherwise one per thread of the pool (`RAYON_NUM_THREADS`, or the
/// machine's cores), within `MAX_PARTS`, `MIN_PART_SWITCHES` and the crossings. The parts
/// change nothing in the results (a test runs one, two and three against each other).
pub(crate) fn parts_for(switches: usize, crossings: impl FnOnce() -> f64) -> usize {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = (switches, crossings);
        1
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        if switches < SPLIT_FROM_SWITCHES || rayon::current_thread_index().is_some() {
            return 1;
        }
        // two parts from SPLIT_FROM_CROSSINGS on, a part for every half of it
        let by_work = (2.0 * crossings() / SPLIT_FROM_CROSSINGS) as usize;
        rayon::current_num_threads()
            .min(MAX_PARTS)
            .min(switches / MIN_PART_SWITCHES)
            .min(by_work)
            .max(1)
    }
}

/// What a part counts as it goes. At the end of every cycle the other parts' are added into
/// the first part's, in part order (the order a one-part run meets them in: switches in
/// ascending order), so the first part's is the run's.
#[derive(Debug, Default, Clone)]
pub(crate) struct Tally {
    pub ejected_flits: u64,
    pub window_flits: u64,
    pub measured_done: u64,
    /// Channel hops of the measured packets delivered.
    pub measured_hops: u64,
    /// Switches crossed by the flits of every packet delivered (warm-up and drain included):
    /// each flit crosses its packet's hops + 1 switches.
    pub crossings: u64,
    pub latencies: Vec<u32>,
    /// Packet records free for reuse (the last freed is reused first).
    free: Vec<u32>,
    /// The last cycle a flit moved.
    last_move: u64,
    /// A router's error met during the run (it stops the run).
    pub error: Option<crate::Error>,
}

impl Tally {
    /// Adds `other`'s counts into this one and empties it.
    #[cfg(not(target_arch = "wasm32"))]
    fn take_from(&mut self, other: &mut Tally) {
        self.ejected_flits += std::mem::take(&mut other.ejected_flits);
        self.window_flits += std::mem::take(&mut other.window_flits);
        self.measured_done += std::mem::take(&mut other.measured_done);
        self.measured_hops += std::mem::take(&mut other.measured_hops);
        self.crossings += std::mem::take(&mut other.crossings);
        self.latencies.append(&mut other.latencies);
        self.free.append(&mut other.free);
        self.last_move = self.last_move.max(other.last_move);
        if let Some(e) = other.error.take() {
            self.error.get_or_insert(e);
        }
    }
}

/// What every part reads and none writes during a cycle: the parameters, the routes and the
/// numbering of ports and channels.
struct Shared<'a> {
    p: SimParams,
    routes: &'a Routes,
    /// Each VC group's VCs (first, count) (`Routes::vc_ranges`).
    vc_ranges: Vec<(u16, u16)>,
    channels: usize,
    // Ports are numbered inside the engine by switch, so what one switch's hop reads of its
    // ports and channels is a few cache lines, not one per port (on 16,384 routers every such
    // read was a miss): input ports by the switch they enter (`ip`: their position in
    // `Engine::in_ports`), output channels by the switch they leave (`op`). An input VC is
    // ip·V + k, an output VC of a channel op·V + k; ejection is C·V + terminal.
    /// Per input port (ip), the output channel feeding it (`NONE` for injection) and the part
    /// of the switch it leaves (where its credits go).
    upstream: Vec<(u32, u32)>,
    /// Input ports of each switch: the first (ip) of each, and one past the last at the end.
    in_offsets: Vec<u32>,
    /// Per input port (ip) its switch.
    port_switch: Vec<u32>,
    /// Per channel id its output channel (op).
    op_of_channel: Vec<u32>,
    /// Where the routes are read per switch and destination (`Routes::destination_hops`), each
    /// hop packed in two bytes (at·n + d): its output channel's place among its switch's
    /// (`first_op`) and its VC group above (`NO_LOCAL`: none; the router's own step is asked).
    /// Empty elsewhere, or where a hop's channel is past its switch's first 255 output
    /// channels or its group above 255. A quarter of the routes' own hops, and no lookup of a
    /// channel's op: at 576 routers the table is 0.66 MB, inside a core's second-level cache,
    /// where the routes' 2.6 MB was a miss at most hops.
    next_local: Vec<u16>,
    /// Per switch its first output channel (op), and one past the last at the end.
    first_op: Vec<u32>,
    /// Whether the loops ask for memory ahead (`prefetch`): only where the input VCs outgrow
    /// the caches (`PREFETCH_ABOVE`); in cache the asking costs more than it saves (mesh 8×8:
    /// 0.08 s a run without, 0.10-0.12 s with).
    prefetching: bool,
    /// Whether VC allocation asks for a granted head's next hop (`Routes::prefetches`): its
    /// switch traversal, later in the cycle, routes it one hop on (`route_ahead`).
    prefetching_routes: bool,
    /// `Routes::splits_ties`, asked once.
    splits_ties: bool,
    /// `Routes::draws_ways`, asked once.
    draws_ways: bool,
}

impl Shared<'_> {
    /// Cycles from a flit's arrival in an input VC to the first it may cross the switch: the
    /// whole pipeline for a head (routing, VC and switch allocation, traversal), two stages
    /// fewer for a body flit, which is neither routed nor given a VC (BookSim's body flits go
    /// straight to switch allocation; waiting the head's stages too, ours queued 10% longer
    /// than BookSim with 4-flit packets on mesh 8×8 at 0.3). Zero-load latency is the same:
    /// a body flit never passes the head before it.
    #[inline]
    fn pipeline(&self, head: bool) -> u64 {
        let stages = if head {
            self.p.stages
        } else {
            self.p.stages.saturating_sub(2).max(1)
        };
        u64::from(stages)
    }

    /// Whether the loops ask for memory ahead (`prefetching`): a constant false on targets
    /// without a prefetch, so their WebAssembly has none of that code.
    #[inline(always)]
    fn prefetching(&self) -> bool {
        PREFETCH && self.prefetching
    }

    fn in_window(&self, t: u64) -> bool {
        t >= self.p.warmup && t < self.p.warmup + self.p.cycles
    }
}

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
struct Part {
    /// Its place among the parts.
    index: usize,
    /// Whether its arrays were made again by the thread that runs it (`run_threads`).
    #[cfg(not(target_arch = "wasm32"))]
    own_memory: bool,
    /// The words of `busy_ports` its switches' input ports are in.
    words: std::ops::Range<usize>,
    now: u64,
    /// Whether `now` is in the measurement window (once a cycle).
    window: bool,
    // input VCs: (C + E) ports × vcs, each a ring of `buffer` slots for the flits behind its
    // front (the front flit is in its `InVc`)
    ring: Vec<Flit>,
    /// Every input VC's state, together: what a flit's hop reads and writes of its VC is one
    /// cache line, not four (`InVc`).
    ivcs: Vec<InVc>,
    /// The channels' output VCs (op·V + k), then one per ejection port (C·V + terminal).
    out_vcs: Vec<OutVc>,
    /// Per input port, the VC its switch request favours next among those for one output.
    in_rr: Vec<u16>,
    /// Per input port, the output port its switch request favours next (one past the last
    /// granted; see `port_request`).
    in_out_rr: Vec<u32>,
    /// Per output port (op, then C + terminal for ejection), the switch input position its
    /// arbiter favours next.
    out_rr: Vec<u16>,
    requests: Vec<Request>,
    /// Per input port, a bit per VC that holds flits and an output VC (switch candidates).
    candidates: Vec<u64>,
    /// Input VCs whose front flit is a head without an output VC, in the order they got there,
    /// with the channel its route takes next and the first VC of its group once looked up
    /// (NONE before; `ejection` for the last hop).
    waiting: Vec<Waiting>,
    /// Heads not yet ready for VC allocation, by the cycle they are (a wheel: modulo its size,
    /// above the pipeline's length); they join `waiting` on that cycle, so a head costs nothing
    /// while it goes down the pipeline (a list of every head, skipped until ready, was a third
    /// of a run at 64 routers).
    pipeline: Vec<Vec<Waiting>>,
    /// VC allocation's requests.
    vc_requests: Vec<(u32, u32, u16, u32)>,
    /// Input VCs whose head was granted its output VC last cycle: switch candidates from this
    /// one (`cross_after`; made candidates at the grant, their switches were visited a cycle
    /// for nothing: 12% more instructions on mesh 8×8 at 0.1).
    granted_last: Vec<u32>,
    /// A bit per input port with a switch candidate: a switch's ports are consecutive, so its
    /// busy ones are a few bits of one or two words (switch allocation visits those alone:
    /// scanning all of a switch's ports for the busy one was a mispredicted branch per port).
    busy_ports: Vec<u64>,
    /// This cycle's switches with a candidate (scratch, `traverse`).
    busy_list: Vec<u32>,
    /// Per output channel (op) its state.
    outs: Vec<OutChannel>,
    // events by arrival cycle (a wheel); a flit is written into its VC when it arrives (written
    // at once when sent, the same results, it made the write a cache miss at 16,384 routers,
    // where delivery asks for it eight flits ahead: 7.0 → 8.0 s)
    flits_due: Vec<Vec<(u32, Flit)>>,
    credits_due: Vec<Vec<u32>>,
    /// Flits and credits sent this cycle to other parts' switches, by part: (wheel slot, input
    /// VC, flit) and (wheel slot, output VC). `merge` swaps each list with the receiving part's
    /// list from this part (`flits_in`, `credits_in`, emptied), and the receiver puts them in
    /// its wheels at the start of its next phase, on its own thread: what a part's thread
    /// writes is its own, allocated in its own thread's memory (`merge` writing them into the
    /// receiver's wheels put the receiver's buffers beside the sender's, and a 64-router run
    /// on two threads took 0.147 s instead of 0.062 s in one memory layout).
    flits_out: Vec<Vec<(u32, u32, Flit)>>,
    credits_out: Vec<Vec<(u32, u32)>>,
    flits_in: Vec<Vec<(u32, u32, Flit)>>,
    credits_in: Vec<Vec<(u32, u32)>>,
    /// The flits fed this cycle into the part's injection ports (input VC, flit), routed and
    /// written into their VCs at the start of its phase, on its own thread: the injection (on
    /// the run's first thread) writes these and nothing else of a part's, and the routing and
    /// writing of new flits is shared out among the threads (mesh 128×128 at 0.0062 on two
    /// threads 2.19–2.41 → 2.12–2.21 s; no change on one). Room for a flit per terminal,
    /// reserved by the part's own thread: the injection never reallocates it.
    injected: Vec<(u32, Flit)>,
    tally: Tally,
}

/// The serial side of a run: the endpoints, their random stream and their source queues.
struct Sources<'a> {
    placed: &'a Placed,
    rng: ChaCha8Rng,
    /// `Engine::ln_miss` of the parameters.
    ln_miss: Option<f64>,
    /// Per endpoint, `Engine::ln_miss` at its own rate where endpoints offer unequal loads (a
    /// matrix: the run's rate × its share, `Placed::shares`); empty when all offer the rate.
    node_ln_miss: Vec<Option<f64>>,
    /// Terminals: an endpoint's attachment to one switch (one per endpoint, two for a node on
    /// two planes), each with an injection and an ejection port.
    terminal_switch: Vec<u32>,
    terminal_node: Vec<u32>,
    /// Each endpoint's terminals (first, one past the last).
    node_terminals: Vec<u32>,
    /// Per endpoint: which of two equal entries its next tied packet takes (they alternate).
    toggle: Vec<bool>,
    /// Per terminal: whether its next packet takes the other way at a tie, where the router
    /// splits ties (`Routes::splits_ties`: they alternate, so each way carries half).
    other_way: Vec<bool>,
    /// Per terminal, the injection VC its last packet took: the next one tries the VCs after
    /// it first, round robin, as BookSim's source does (`_last_vc`). Starting from the switch
    /// allocator's pointer instead put a burst of packets into one VC, where each head waits
    /// for the one before it: mesh 8×8 queued 50% longer than BookSim at 0.3.
    last_vc: Vec<u16>,
    /// Per terminal, its injection port (ip) and its switch's part.
    inject_ip: Vec<u32>,
    inject_part: Vec<u32>,
    /// The cycle each endpoint's next packet is created (geometric gaps: Bernoulli arrivals).
    next_arrival: Vec<u64>,
    // the work of a cycle is the traffic's, not the network's: only endpoints with a packet
    // created this cycle or one to feed, and only switches with a flit to send, are visited
    // (in ascending order, as a scan of all would: the results are the same)
    /// Endpoints by `next_arrival` modulo the wheel's size (a bucket may hold later ones).
    arrivals: Vec<Vec<u32>>,
    /// Per endpoint a bit: a terminal has a packet queued or half written.
    feeding: Vec<u64>,
    /// This cycle's endpoints: arriving or feeding (scratch).
    todo: Vec<u64>,
    /// Packets waiting at each terminal: creation cycle and destination terminal (NONE: drawn
    /// when it reaches the front, as for every single-port endpoint); the front one's flits
    /// written so far and the injection VC it uses.
    source: Vec<VecDeque<(u64, u32)>>,
    front: Vec<(u32, u16, u32)>,
    injected_flits: u64,
    measured_created: u64,
    /// Measured packets addressed to their own source node (a permutation's fixed points, a
    /// hotspot's own draws), counted when their destination is drawn: they cross their source's
    /// router only, and count in the accepted throughput as in BookSim (`SimResult::self_packets`).
    measured_self: u64,
    /// Packets a node could not queue (its source queue was full): the network accepted less
    /// than was offered.
    refused_packets: u64,
}

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

/// Cycles on channel `c`: the link latency plus its cable's length in cycles (rounded).
pub(super) fn channel_latency(topo: &Topology, p: &SimParams, c: crate::model::ChannelId) -> u32 {
    let m = topo.link_info(c.link()).length_m;
    p.link_latency + (p.latency_per_m * m).round() as u32
}

/// Most packets waiting at one terminal. Below saturation a source queue holds a few packets;
/// past it, it would grow by the excess every cycle (a 3-router `tree2:2x2048` at rate 1 grew
/// by ~4,000 packets a cycle), so arrivals beyond this are counted as refused instead.
pub const MAX_SOURCE_PACKETS: usize = 1000;

/// Bytes a run of a network with `switches` switches, `channels` channels and `terminals` node
/// ports split into `parts` parts holds at most, from its parameters: the input VC rings and
/// their state and the output VCs (a part's are the network's full size), the full source
/// queues and the packets they may hold, and the packed per-destination routes. Checked before
/// anything is allocated.
pub(crate) fn memory_bytes(
    switches: usize,
    channels: usize,
    terminals: usize,
    p: &SimParams,
    parts: usize,
) -> u64 {
    let ports = (channels + terminals) as u64;
    let vcs = p.vcs as u64;
    let flit = std::mem::size_of::<Flit>() as u64;
    let rings = ports * vcs * p.buffer as u64 * flit;
    let per_input_vc = ports * vcs * std::mem::size_of::<InVc>() as u64;
    let per_output_vc = channels as u64
        * (vcs * std::mem::size_of::<OutVc>() as u64 + std::mem::size_of::<OutChannel>() as u64)
        + terminals as u64 * std::mem::size_of::<OutVc>() as u64;
    // (`Part::injected`)
    let injected = terminals as u64 * std::mem::size_of::<(u32, Flit)>() as u64;
    let queued = terminals as u64 * MAX_SOURCE_PACKETS as u64;
    let sources = queued * 16;
    let packets =
        packet_records_bound(channels + terminals, p) * std::mem::size_of::<Packet>() as u64;
    // `Shared::next_local`, at most (routes read per destination are kept up to
    // `MAX_SIM_SWITCHES`)
    let routes = if switches <= super::MAX_SIM_SWITCHES {
        (switches * switches * std::mem::size_of::<u16>()) as u64
    } else {
        0
    };
    (rings + per_input_vc + per_output_vc + injected) * parts.max(1) as u64
        + sources
        + packets
        + routes
}

/// Most packet records a run with `ports` input ports holds at once (queued packets have none
/// yet): a packet in the network has a flit in a VC's buffer or on the channel into it (which
/// took one of that VC's credits), and a VC's flits are whole packets but for the first and the
/// last (wormhole: a VC is held by one packet until its tail), so a VC accounts for at most
/// 2 + (buffer − 2) / packet of them. (A test checks it on saturated runs.)
pub(crate) fn packet_records_bound(ports: usize, p: &SimParams) -> u64 {
    let per_vc = (p.buffer as u64).min(2 + (p.buffer as u64).saturating_sub(2) / p.packet as u64);
    ports as u64 * p.vcs as u64 * per_vc
}

/// Buckets of the arrival wheel (a power of two): an endpoint's next packet further ahead
/// waits in its bucket for another turn.
const ARRIVAL_WHEEL: usize = 4096;

/// Cycles without a flit moving, while flits wait, that count as a deadlock.
pub const DEADLOCK_CYCLES: u64 = 10_000;

impl<'a> Engine<'a> {
    /// A run of `topo` with `routes`, its endpoints' traffic `placed`, parameters `p` and the
    /// random stream `rng`, its switches split into `parts` parts (`parts_for`).
    pub fn new(
        topo: &Topology,
        routes: &'a Routes,
        placed: &'a Placed,
        p: SimParams,
        rng: ChaCha8Rng,
        parts: usize,
    ) -> Self {
        let c = topo.channel_count();
        let e = topo.endpoint_count();
        let n = topo.switch_count();
        let v = p.vcs;
        // (one in WebAssembly, which has no threads to run more on)
        let parts = if cfg!(target_arch = "wasm32") {
            1
        } else {
            parts.clamp(1, n.max(1))
        };
        // part i has switches i·n/parts up to (i + 1)·n/parts
        let part_first_switch: Vec<usize> = (0..parts).map(|i| i * n / parts).collect();
        let switch_part = |s: u32| part_of(&part_first_switch, s as usize);
        let ends: Vec<(u32, u32)> = (0..c)
            .map(|i| {
                let (a, b) = topo.channel_ends(crate::model::ChannelId::new(i));
                (a.0, b.0)
            })
            .collect();
        let mut terminal_switch: Vec<u32> = Vec::with_capacity(e);
        let mut terminal_node: Vec<u32> = Vec::with_capacity(e);
        let mut node_terminals = vec![0u32];
        for i in 0..e {
            for s in topo.endpoint_switches(EndpointId::new(i)) {
                terminal_switch.push(s.0);
                terminal_node.push(i as u32);
            }
            node_terminals.push(terminal_switch.len() as u32);
        }
        let t = terminal_switch.len();
        // input ports by the switch they enter, each switch's in ascending port id (channels,
        // then C + terminal): the order its arbiters go round, as before the renumbering
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (ch, &(_, d)) in ends.iter().enumerate() {
            lists[d as usize].push(ch as u32);
        }
        for (term, &s) in terminal_switch.iter().enumerate() {
            lists[s as usize].push((c + term) as u32);
        }
        let mut in_offsets = vec![0u32];
        let mut in_ports = Vec::with_capacity(c + t);
        let mut port_switch = Vec::with_capacity(c + t);
        for (sw, l) in lists.into_iter().enumerate() {
            port_switch.extend(std::iter::repeat_n(sw as u32, l.len()));
            in_ports.extend(l);
            in_offsets.push(in_ports.len() as u32);
        }
        let mut ip_of_port = vec![0u32; c + t];
        for (ip, &port) in in_ports.iter().enumerate() {
            ip_of_port[port as usize] = ip as u32;
        }
        // output channels by the switch they leave (a stable sort: ascending id within one)
        let mut channel_of_op: Vec<u32> = (0..c as u32).collect();
        channel_of_op.sort_by_key(|&ch| ends[ch as usize].0);
        let mut op_of_channel = vec![0u32; c];
        for (op, &ch) in channel_of_op.iter().enumerate() {
            op_of_channel[ch as usize] = op as u32;
        }
        let mut upstream = vec![(NONE, 0); c + t];
        for (op, &ch) in channel_of_op.iter().enumerate() {
            let from = ends[ch as usize].0;
            upstream[ip_of_port[ch as usize] as usize] = (op as u32, switch_part(from) as u32);
        }
        let mut first_op = vec![0u32; n + 1];
        for &(a, _) in &ends {
            first_op[a as usize + 1] += 1;
        }
        for s in 0..n {
            first_op[s + 1] += first_op[s];
        }
        let next_local = routes.destination_hops().map_or_else(Vec::new, |hops| {
            packed_hops(hops, n, &op_of_channel, &first_op)
        });
        let outs: Vec<OutChannel> = channel_of_op
            .iter()
            .map(|&ch| OutChannel {
                held: 0,
                flits: 0,
                into: ip_of_port[ch as usize],
                dst: ends[ch as usize].1,
                latency: channel_latency(topo, &p, crate::model::ChannelId::new(ch as usize)),
                part: switch_part(ends[ch as usize].1) as u32,
            })
            .collect();
        let inject_ip: Vec<u32> = (0..t).map(|term| ip_of_port[c + term]).collect();
        let inject_part: Vec<u32> = terminal_switch
            .iter()
            .map(|&s| switch_part(s) as u32)
            .collect();
        // a power of two above the longest delay, so a cycle's bucket is a mask away
        let longest = outs.iter().map(|o| o.latency).max().unwrap_or(1);
        let wheel = (longest.max(p.credit_delay) as usize + 2).next_power_of_two();
        let dummy = Flit {
            packet: 0,
            seq: 0,
            group: 0,
            ready: 0,
            next: NONE,
        };
        let part_ports: Vec<usize> = part_first_switch
            .iter()
            .map(|&s| in_offsets[s] as usize)
            .collect();
        let part_ops: Vec<usize> = part_first_switch
            .iter()
            .map(|&s| first_op[s] as usize)
            .collect();
        let words = |i: usize| {
            let hi = part_ports.get(i + 1).copied().unwrap_or(c + t);
            part_ports[i] / 64..hi.div_ceil(64)
        };
        let first = Part {
            index: 0,
            #[cfg(not(target_arch = "wasm32"))]
            own_memory: false,
            words: words(0),
            now: 0,
            window: false,
            ring: vec![dummy; (c + t) * v * p.buffer],
            ivcs: vec![
                InVc {
                    out_vc: NONE,
                    out_port: NONE,
                    head: 0,
                    len: 0,
                    rr: 0,
                    front: dummy,
                };
                (c + t) * v
            ],
            out_vcs: vec![
                OutVc {
                    rr: 0,
                    cycle: u32::MAX,
                    rank: 0,
                    credits: p.buffer as u16,
                };
                c * v
            ]
            .into_iter()
            // and one per ejection port (C·V + terminal), whose credits never run out: switch
            // allocation reads a request's credits without testing which kind it is
            .chain(std::iter::repeat_n(
                OutVc {
                    rr: 0,
                    cycle: u32::MAX,
                    rank: 0,
                    credits: u16::MAX,
                },
                t,
            ))
            .collect(),
            in_rr: vec![0; c + t],
            in_out_rr: vec![0; c + t],
            out_rr: vec![0; c + t],
            requests: Vec::new(),
            candidates: vec![0; c + t],
            waiting: Vec::new(),
            // above the longest wait, the pipeline
            pipeline: vec![Vec::new(); (p.stages as usize + 2).next_power_of_two()],
            vc_requests: Vec::new(),
            granted_last: Vec::new(),
            // (and a word past the last port: `allocate_switch` reads it)
            busy_ports: vec![0; (c + t).div_ceil(64) + 1],
            busy_list: vec![0; n + 1],
            outs,
            flits_due: vec![Vec::new(); wheel],
            credits_due: vec![Vec::new(); wheel],
            flits_out: vec![Vec::new(); parts],
            credits_out: vec![Vec::new(); parts],
            flits_in: vec![Vec::new(); parts],
            credits_in: vec![Vec::new(); parts],
            injected: Vec::with_capacity(t),
            tally: Tally::default(),
        };
        // (WebAssembly's runs have one part)
        #[cfg_attr(target_arch = "wasm32", allow(unused_mut))]
        let mut all = vec![first];
        #[cfg(not(target_arch = "wasm32"))]
        for i in 1..parts {
            let part = Part {
                index: i,
                words: words(i),
                injected: Vec::with_capacity(t),
                ..all[0].clone()
            };
            all.push(part);
        }
        let sh = Shared {
            vc_ranges: routes.vc_ranges(v),
            routes,
            channels: c,
            upstream,
            in_offsets,
            port_switch,
            op_of_channel,
            // (the WebAssembly target has no prefetch: its loops would read ahead for nothing)
            prefetching: PREFETCH && (c + t) * v * std::mem::size_of::<InVc>() > PREFETCH_ABOVE,
            prefetching_routes: PREFETCH && next_local.is_empty() && routes.prefetches(),
            splits_ties: routes.splits_ties(),
            draws_ways: routes.draws_ways(),
            next_local,
            first_op,
            p,
        };
        let mut src = Sources {
            ln_miss: Sources::ln_miss(sh.p.rate, sh.p.packet),
            node_ln_miss: placed.shares().map_or_else(Vec::new, |shares| {
                shares
                    .iter()
                    .map(|&share| Sources::ln_miss(sh.p.rate * share, sh.p.packet))
                    .collect()
            }),
            placed,
            rng,
            terminal_switch,
            terminal_node,
            node_terminals,
            toggle: vec![false; e],
            other_way: vec![false; t],
            last_vc: vec![(sh.p.vcs - 1) as u16; t],
            inject_ip,
            inject_part,
            next_arrival: vec![0; e],
            arrivals: vec![Vec::new(); ARRIVAL_WHEEL],
            feeding: vec![0; e.div_ceil(64)],
            todo: vec![0; e.div_ceil(64)],
            source: vec![VecDeque::new(); t],
            front: vec![(NONE, 0, NONE); t],
            injected_flits: 0,
            measured_created: 0,
            measured_self: 0,
            refused_packets: 0,
        };
        for ep in 0..e {
            // a node of a matrix that sends nothing is never scheduled
            if placed.shares().is_some_and(|shares| shares[ep] == 0.0) {
                src.next_arrival[ep] = u64::MAX;
                continue;
            }
            let at = src.gap(ep);
            src.schedule(ep, at);
        }
        Engine {
            sh,
            parts: all,
            packets: Vec::new(),
            src,
            part_ports,
            part_ops,
            channel_of_op,
            ip_of_port,
            in_ports,
            now: 0,
            deadlock: false,
        }
    }

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

    /// `run` with each part but the first on a thread of its own (scoped to the call), the
    /// first on this one. Each cycle: the injection on this thread, with every part at hand
    /// (their locks taken, uncontended: the other threads wait); then every part's phase at
    /// once, each under its own lock and all reading the packet records under a read lock;
    /// then the merge on this thread. Threads wait for each other by spinning on a cycle
    /// counter, giving way to the scheduler after a while (a thread started on the core of a
    /// spinning one would otherwise wait for its time slice).
    #[cfg(not(target_arch = "wasm32"))]
    fn run_threads(&mut self, cycles: u64, every: u64, report: &mut dyn FnMut(u64)) {
        use std::sync::atomic::AtomicU64;
        use std::sync::{Mutex, RwLock};
        /// A counter on a cache line of its own.
        #[repr(align(128))]
        struct Line(AtomicU64);
        const STOP: u64 = u64::MAX;
        let others: Vec<Mutex<Part>> = self.parts.drain(1..).map(Mutex::new).collect();
        let packets = RwLock::new(std::mem::take(&mut self.packets));
        let go = Line(AtomicU64::new(0));
        let done: Vec<Line> = others.iter().map(|_| Line(AtomicU64::new(0))).collect();
        /// Tells the parts' threads to stop when dropped: at the end of the run, and on a panic
        /// of this thread, which would otherwise leave them waiting and the scope never ending.
        struct Stop<'a>(&'a AtomicU64);
        impl Drop for Stop<'_> {
            fn drop(&mut self) {
                self.0.store(STOP, Ordering::Release);
            }
        }
        std::thread::scope(|scope| {
            let _stop = Stop(&go.0);
            let sh = &self.sh;
            let workers: Vec<_> = others
                .iter()
                .zip(&done)
                .map(|(part, done)| {
                    let (go, packets) = (&go, &packets);
                    scope.spawn(move || {
                        // the part's arrays made again here, once, in this thread's memory:
                        // made by the first thread beside the first part's, small arrays of
                        // two parts shared cache lines, which the two cores then handed to
                        // each other every cycle (mesh 8×8 on two threads took 0.06 s or
                        // 0.14 s, as the layout fell)
                        {
                            let mut mine = lock(part);
                            if !mine.own_memory {
                                // (with what it holds: the first injection may come first)
                                let mut injected = Vec::with_capacity(mine.injected.capacity());
                                injected.extend_from_slice(&mine.injected);
                                *mine = Part {
                                    own_memory: true,
                                    injected,
                                    ..mine.clone()
                                };
                            }
                        }
                        let mut seen = 0;
                        loop {
                            let mut now = go.0.load(Ordering::Acquire);
                            wait_until(|| {
                                now = go.0.load(Ordering::Acquire);
                                now != seen
                            });
                            if now == STOP {
                                return;
                            }
                            seen = now;
                            {
                                let packets = packets.read().expect("the packets' lock");
                                lock(part).phase(sh, &packets);
                            }
                            done.0.store(now, Ordering::Release);
                        }
                    })
                })
                .collect();
            let mut generation = 0;
            for i in 1..=cycles {
                if self.finished() {
                    break;
                }
                let now = self.now;
                let window = sh.in_window(now);
                with_all(&mut self.parts[0], &others, |parts| {
                    for part in parts.iter_mut() {
                        (part.now, part.window) = (now, window);
                    }
                    let mut packets = packets.write().expect("the packets' lock");
                    self.src.inject(sh, parts, &mut packets, now, window);
                });
                generation += 1;
                go.0.store(generation, Ordering::Release);
                {
                    let packets = packets.read().expect("the packets' lock");
                    self.parts[0].phase(sh, &packets);
                }
                for (done, worker) in done.iter().zip(&workers) {
                    wait_until(|| {
                        // a part's thread that panicked never answers: its panic is the
                        // scope's (below), not a hang here
                        assert!(!worker.is_finished(), "a part's thread stopped");
                        done.0.load(Ordering::Acquire) == generation
                    });
                }
                with_all(&mut self.parts[0], &others, merge);
                self.deadlock |= deadlocked(&self.src, &self.parts[0].tally, now);
                self.now += 1;
                if every > 0 && i % every == 0 {
                    report(self.now);
                }
            }
        });
        self.parts.extend(
            others
                .into_iter()
                .map(|m| m.into_inner().expect("a part's thread panicked")),
        );
        self.packets = packets.into_inner().expect("the packets' lock");
    }
}

/// Part `m`, locked (a panic where its thread panicked: that panic is the scope's).
#[cfg(not(target_arch = "wasm32"))]
fn lock(m: &std::sync::Mutex<Part>) -> std::sync::MutexGuard<'_, Part> {
    m.lock().expect("a part's thread panicked")
}

/// `f` of every part: `first` and the others, locked (two parts without a list: this runs
/// twice a cycle).
#[cfg(not(target_arch = "wasm32"))]
fn with_all(first: &mut Part, others: &[std::sync::Mutex<Part>], f: impl FnOnce(&mut [&mut Part])) {
    if let [other] = others {
        return f(&mut [first, &mut lock(other)]);
    }
    let mut guards: Vec<_> = others.iter().map(lock).collect();
    let mut parts: Vec<&mut Part> = std::iter::once(first)
        .chain(guards.iter_mut().map(|g| &mut **g))
        .collect();
    f(&mut parts);
}

/// Spins until `ready` says so, giving the core up after a while.
#[cfg(not(target_arch = "wasm32"))]
fn wait_until(mut ready: impl FnMut() -> bool) {
    let mut spins = 0u32;
    while !ready() {
        spins += 1;
        if spins > 2000 {
            std::thread::yield_now();
        } else {
            std::hint::spin_loop();
        }
    }
}

/// Whether flits are waiting at the end of cycle `now` and none has moved for more than
/// `DEADLOCK_CYCLES` (by the run's counts, `tally`).
fn deadlocked(src: &Sources, tally: &Tally, now: u64) -> bool {
    in_flight(src, tally) > 0 && now.saturating_sub(tally.last_move) > DEADLOCK_CYCLES
}

/// Flits injected by `src` and not yet ejected by the run's counts, `tally` (`Engine::in_flight`;
/// a function of the two for `run_threads`, which holds them apart).
fn in_flight(src: &Sources, tally: &Tally) -> u64 {
    src.injected_flits - tally.ejected_flits
}

/// The part (index into `starts`, each part's first index) that index `x` is in.
fn part_of(starts: &[usize], x: usize) -> usize {
    starts.partition_point(|&s| s <= x) - 1
}

/// The end of a cycle's phases: the flits and credits each part sent into another's switches
/// are handed to that part (its lists from each part, `Part::flits_in`, swapped with the
/// sender's: the receiver puts them in its wheels, after its own, at the start of its next
/// phase; the order of a cycle's arrivals changes nothing, see `Part`), and the parts' counts
/// go into the first's, in part order.
#[cfg(not(target_arch = "wasm32"))]
fn merge(parts: &mut [&mut Part]) {
    for from in 0..parts.len() {
        for to in 0..parts.len() {
            if to != from {
                let flits = std::mem::take(&mut parts[from].flits_out[to]);
                let empty = std::mem::replace(&mut parts[to].flits_in[from], flits);
                parts[from].flits_out[to] = empty;
                let credits = std::mem::take(&mut parts[from].credits_out[to]);
                let empty = std::mem::replace(&mut parts[to].credits_in[from], credits);
                parts[from].credits_out[to] = empty;
            }
        }
    }
    if let [first, rest @ ..] = parts {
        for part in rest {
            first.tally.take_from(&mut part.tally);
        }
    }
}

impl<'a> Sources<'a> {
    /// Cycles to endpoint `ep`'s next packet: geometric with success probability rate / P per
    /// cycle (a Bernoulli process drawn one arrival at a time), at least 1.
    #[inline]
    fn gap(&mut self, ep: usize) -> u64 {
        let ln_miss = if self.node_ln_miss.is_empty() {
            self.ln_miss
        } else {
            self.node_ln_miss[ep]
        };
        let Some(ln_miss) = ln_miss else {
            return 1;
        };
        // u in (0, 1]; a gap past u64 saturates: such a node never sends within any run
        let u: f64 = 1.0 - self.rng.random::<f64>();
        (u.ln() / ln_miss).ceil().max(1.0) as u64
    }

    /// ln(1 − p) for a packet's probability p = rate / `packet` per cycle (none when p ≥ 1: a packet
    /// every cycle), computed once for `gap`. Through ln_1p: for p below 1e-16, 1.0 − p rounds
    /// to 1 and its log to 0, which made every gap 1 (a rate of 1e-17 injected at full rate).
    fn ln_miss(rate: f64, packet: usize) -> Option<f64> {
        let chance = (rate / packet as f64).min(1.0);
        (chance < 1.0).then(|| (-chance).ln_1p())
    }

    /// Endpoint `ep`'s next packet is created at cycle `at`.
    #[inline]
    fn schedule(&mut self, ep: usize, at: u64) {
        self.next_arrival[ep] = at;
        self.arrivals[(at as usize) & (ARRIVAL_WHEEL - 1)].push(ep as u32);
    }

    /// New packets (Bernoulli, rate / P per cycle, drawn as geometric gaps), and one flit per
    /// endpoint into its injection port (in `parts`, all of the run's).
    fn inject(
        &mut self,
        sh: &Shared,
        parts: &mut [&mut Part],
        packets: &mut Vec<Packet>,
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
    fn inject_at(
        &mut self,
        ep: usize,
        sh: &Shared,
        parts: &mut [&mut Part],
        packets: &mut Vec<Packet>,
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
        for t in self.node_terminals[ep] as usize..self.node_terminals[ep + 1] as usize {
            self.feed(t, sh, parts, packets, now);
            feeding |= !self.source[t].is_empty() || self.front[t].0 != NONE;
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
    fn first_state(&mut self, t: usize, sh: &Shared) -> u32 {
        if sh.draws_ways {
            Header::DRAWN | (self.rng.random::<u32>() & !(Header::DRAWN | Header::OTHER_WAY))
        } else if self.other_way[t] {
            Header::OTHER_WAY
        } else {
            0
        }
    }

    /// A packet created at endpoint `ep`, queued at the terminal it leaves from.
    fn create(&mut self, ep: usize, sh: &Shared, now: u64, window: bool) {
        let (first, last) = (
            self.node_terminals[ep] as usize,
            self.node_terminals[ep + 1] as usize,
        );
        if last - first == 1 {
            self.source[first].push_back((now, NONE));
        } else {
            // on several planes the network is chosen now (`Routes::entry`), so
            // each port has its own queue and the planes do not block each other
            let dst = self.placed.destination(ep, &mut self.rng);
            let home = |e: usize| self.terminal_switch[self.node_terminals[e] as usize];
            let (a, z, tie) = sh.routes.entry(home(ep), home(dst), self.toggle[ep]);
            self.toggle[ep] ^= tie;
            let at = |e: usize, s: u32| {
                (self.node_terminals[e]..self.node_terminals[e + 1])
                    .find(|&t| self.terminal_switch[t as usize] == s)
                    .expect("an entry is one of the endpoint's switches")
            };
            let (from, to) = (at(ep, a), at(dst, z));
            self.source[from as usize].push_back((now, to));
            self.measured_self += u64::from(window && dst == ep);
        }
        if window {
            self.measured_created += 1;
        }
    }

    /// True when every source queue of node `ep` holds `MAX_SOURCE_PACKETS`.
    fn node_queue_full(&self, ep: usize) -> bool {
        (self.node_terminals[ep]..self.node_terminals[ep + 1])
            .any(|t| self.source[t as usize].len() >= MAX_SOURCE_PACKETS)
    }

    /// One flit of terminal `t`'s front packet into its injection port, if a VC has room.
    fn feed(
        &mut self,
        t: usize,
        sh: &Shared,
        parts: &mut [&mut Part],
        packets: &mut Vec<Packet>,
        now: u64,
    ) {
        let (v, b) = (sh.p.vcs, sh.p.buffer);
        // (one part in WebAssembly)
        let owner = if cfg!(target_arch = "wasm32") {
            0
        } else {
            self.inject_part[t] as usize
        };
        let (mut pkt, mut written, mut vc) = self.front[t];
        if pkt == NONE {
            let Some(&(created, to)) = self.source[t].front() else {
                return;
            };
            // a VC of the injection port with room, round robin after the last one taken
            let port = self.inject_ip[t] as usize;
            let part = &parts[owner];
            let start = usize::from(self.last_vc[t]) + 1;
            let Some(k) = (0..v)
                .map(|i| (start + i) % v)
                .find(|&k| usize::from(part.ivcs[port * v + k].len) < b)
            else {
                return;
            };
            self.source[t].pop_front();
            self.last_vc[t] = k as u16;
            let dst = if to == NONE {
                let node = self.terminal_node[t] as usize;
                let d = self.placed.destination(node, &mut self.rng);
                self.measured_self += u64::from(d == node && sh.in_window(created));
                self.node_terminals[d]
            } else {
                to
            };
            let (src_switch, dst_switch) =
                (self.terminal_switch[t], self.terminal_switch[dst as usize]);
            let packet = Packet::new(
                created,
                src_switch,
                dst_switch,
                dst,
                sh.in_window(created),
                sh.routes
                    .begin(src_switch, dst_switch, self.first_state(t, sh)),
            );
            self.other_way[t] ^= sh.splits_ties;
            // (freed records are the run's: the first part's tally holds them)
            pkt = match parts[0].tally.free.pop() {
                Some(i) => {
                    packets[i as usize] = packet;
                    i
                }
                None => {
                    packets.push(packet);
                    (packets.len() - 1) as u32
                }
            };
            (written, vc) = (0, (port * v + k) as u32);
        }
        let part = &mut *parts[owner];
        if usize::from(part.ivcs[vc as usize].len) >= b {
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
                next: NONE,
            },
        ));
        self.injected_flits += 1;
        written += 1;
        self.front[t] = if usize::from(written) == sh.p.packet {
            (NONE, 0, NONE)
        } else {
            (pkt, written, vc)
        };
    }
}

impl Part {
    /// The part's share of a cycle: the flits and credits due now, VC allocation, then switch
    /// allocation and traversal.
    fn phase(&mut self, sh: &Shared, packets: &[Packet]) {
        // this cycle's injected flits, a head routed as it is written (once: a router may keep
        // state per hop)
        let mut injected = std::mem::take(&mut self.injected);
        for &(vc, mut flit) in &injected {
            if flit.seq == 0 {
                (flit.next, flit.group) = self.route_ahead(sh, packets, flit.packet);
            }
            self.push(sh, vc as usize, flit);
        }
        injected.clear();
        put_back(&mut self.injected, injected);
        // what other parts sent here last cycle, into the wheels (none on a one-part run, and
        // none in WebAssembly, whose runs have one part)
        let senders = if cfg!(target_arch = "wasm32") {
            0
        } else {
            self.flits_in.len()
        };
        for from in 0..senders {
            let mut flits = std::mem::take(&mut self.flits_in[from]);
            for &(slot, vc, flit) in &flits {
                self.flits_due[slot as usize].push((vc, flit));
            }
            flits.clear();
            put_back(&mut self.flits_in[from], flits);
            let mut credits = std::mem::take(&mut self.credits_in[from]);
            for &(slot, ovc) in &credits {
                self.credits_due[slot as usize].push(ovc);
            }
            credits.clear();
            put_back(&mut self.credits_in[from], credits);
        }
        let slot = (self.now as usize) & (self.flits_due.len() - 1);
        let mut due = std::mem::take(&mut self.flits_due[slot]);
        for i in 0..due.len() {
            if let (true, Some(&(vc, _))) = (sh.prefetching(), due.get(i + PREFETCH_AHEAD)) {
                prefetch(&self.ivcs[vc as usize]);
            }
            let (vc, flit) = due[i];
            self.push(sh, vc as usize, flit);
        }
        due.clear();
        put_back(&mut self.flits_due[slot], due);
        let mut due = std::mem::take(&mut self.credits_due[slot]);
        for &ovc in &due {
            self.out_vcs[ovc as usize].credits += 1;
        }
        due.clear();
        put_back(&mut self.credits_due[slot], due);
        self.allocate_vcs(sh, packets);
        self.traverse(sh, packets);
    }

    /// Writes `flit` into input VC `vc` (as its front when the VC is empty); the VC's first flit
    /// makes it a switch candidate if it holds an output VC, or, a head, starts its pipeline.
    /// Always inlined, as `route_ahead` is: both out of line were 5% of a 64-router run (mesh
    /// 8×8 at 0.1, 200,000 cycles: 0.60 → 0.57 s inlined).
    #[inline(always)]
    fn push(&mut self, sh: &Shared, vc: usize, flit: Flit) {
        let b = sh.p.buffer;
        let len = usize::from(self.ivcs[vc].len);
        if len == 0 {
            self.ivcs[vc].front = flit;
        } else {
            let mut slot = usize::from(self.ivcs[vc].head) + len - 1;
            if slot >= b {
                slot -= b;
            }
            self.ring[vc * b + slot] = flit;
        }
        self.ivcs[vc].len += 1;
        if self.ivcs[vc].len == 1 {
            if self.ivcs[vc].out_vc != NONE {
                self.mark(sh, vc, true);
            } else if flit.seq == 0 {
                self.wait(sh, vc, flit, self.now);
            }
        }
    }

    /// The head `flit` at the front of input VC `vc` waits for an output VC from the cycle it
    /// is ready on (always after this one: it goes down the pipeline first).
    #[inline]
    fn wait(&mut self, sh: &Shared, vc: usize, flit: Flit, earliest: u64) {
        let asks = (flit.ready - 1).max(earliest as u32);
        let slot = (asks as usize) & (self.pipeline.len() - 1);
        // (a head for ejection has group 0 and no use for its VCs: looked up all the same, as
        // a test of which it is was a mispredicted branch)
        let (base, count) = sh.vc_ranges[usize::from(flit.group)];
        // BookSim's VC allocator keeps one round-robin pointer per input VC over all the
        // router's output VCs, one past the last granted: only a head for the same output
        // (and a VC inside its group) goes on from there; any other starts at its group's
        // first VC, so most packets of a source that sends everywhere take VC 0 first.
        // (Rotating through the group for every head spread packets over the VCs and halved
        // the queueing BookSim measures in a fat-tree, whose heads change output often.)
        let last = &self.ivcs[vc];
        let rr = if last.out_port == flit.next && last.rr > base && last.rr < base + count {
            last.rr - base
        } else {
            0
        };
        self.pipeline[slot].push(Waiting {
            vc: vc as u32,
            asks,
            want: flit.next,
            base,
            count,
            rr,
        });
    }

    /// The next output of packet `pkt`'s head from the switch it is at (`Flit::next`) and its
    /// VC group there.
    #[inline(always)]
    fn route_ahead(&mut self, sh: &Shared, packets: &[Packet], pkt: u32) -> (u32, u16) {
        let pk = &packets[pkt as usize];
        let at = pk.at.load(Ordering::Relaxed);
        if !sh.next_local.is_empty() {
            let (at, dst) = (at as usize, pk.dst_switch as usize);
            if at == dst {
                return (sh.channels as u32 + pk.dst, 0);
            }
            let hop = sh.next_local[at * (sh.first_op.len() - 1) + dst];
            if hop != NO_LOCAL {
                return (sh.first_op[at] + u32::from(hop & 0xff), hop >> 8);
            }
        }
        let mut route = RoutePos::from_bits(pk.route.load(Ordering::Relaxed));
        let step = sh.routes.step(pk.src_switch, at, pk.dst_switch, &mut route);
        pk.route.store(route.to_bits(), Ordering::Relaxed);
        match step {
            Ok(Some(hop)) => (sh.op_of_channel[hop.channel as usize], hop.group),
            Ok(None) => (sh.channels as u32 + pk.dst, 0),
            Err(e) => {
                // a router's own error (none is expected: its routes were checked when it was
                // built): the run stops and reports it
                self.tally.error.get_or_insert(e);
                (NONE, 0)
            }
        }
    }

    /// Set or clear input VC `vc`'s switch-candidate bit (inlined at its four callers: left
    /// out of line it was 8% of a run at 64 routers).
    #[inline(always)]
    fn mark(&mut self, sh: &Shared, vc: usize, on: bool) {
        self.mark_at(vc / sh.p.vcs, vc % sh.p.vcs, on);
    }

    /// `mark` for VC `k` of input port `port`, where the caller knows both (no division).
    #[inline(always)]
    fn mark_at(&mut self, port: usize, k: usize, on: bool) {
        let bit = 1u64 << k;
        let before = self.candidates[port];
        let after = if on { before | bit } else { before & !bit };
        self.candidates[port] = after;
        // the port's busy bit flips when its first candidate comes or its last goes (without a
        // branch: which of the two happens is data, and was often mispredicted)
        let flips = u64::from((before == 0) != (after == 0));
        self.busy_ports[port / 64] ^= flips << (port % 64);
    }

    fn pop(&mut self, sh: &Shared, vc: usize) -> Flit {
        let b = sh.p.buffer;
        let ivc = &mut self.ivcs[vc];
        let f = ivc.front;
        if ivc.len > 1 {
            ivc.front = self.ring[vc * b + usize::from(ivc.head)];
            let next = ivc.head + 1;
            ivc.head = if usize::from(next) == b { 0 } else { next };
        }
        ivc.len -= 1;
        f
    }

    /// A head granted its output VC at cycle `now` crosses the switch no earlier than the next
    /// cycle (BookSim's switch allocation follows its VC allocation; its VC becomes a switch
    /// candidate then, `granted_last`): it keeps the VC a cycle before the switch, so the next
    /// packet to the same output takes another VC instead of queueing behind it downstream.
    #[inline]
    fn cross_after(&mut self, ivc: usize, now: u64) {
        let front = &mut self.ivcs[ivc].front;
        front.ready = front.ready.max(now as u32 + 1);
    }

    /// Head flits at the front of their VC get an output VC of their group (round robin over
    /// the group's VCs), in the order they reached the front.
    fn allocate_vcs(&mut self, sh: &Shared, packets: &[Packet]) {
        let now = self.now;
        let v = sh.p.vcs;
        let mut waiting = std::mem::take(&mut self.waiting);
        // the heads whose pipeline ends now join the waiting ones (the wheel is longer than any
        // wait, so a bucket holds this cycle's heads alone); the order in the list decides
        // nothing (every head's request and every arbiter's grant depend only on the set of
        // heads)
        let slot = (now as usize) & (self.pipeline.len() - 1);
        debug_assert!(self.pipeline[slot].iter().all(|w| u64::from(w.asks) == now));
        if waiting.is_empty() {
            // (the common case at low loads: the bucket's vector is taken, not copied)
            std::mem::swap(&mut waiting, &mut self.pipeline[slot]);
        } else {
            waiting.append(&mut self.pipeline[slot]);
        }
        let mut granted_last = std::mem::take(&mut self.granted_last);
        for &ivc in &granted_last {
            self.mark(sh, ivc as usize, true);
        }
        granted_last.clear();
        let channels = sh.channels as u32;
        let total = self.ivcs.len();
        // separable, input first (BookSim's separable_input_first VC allocator, one iteration):
        // each waiting head picks one free VC of its group, round robin from its own pointer;
        // each output VC grants one of the heads that picked it, round robin over input VCs
        let mut requests = std::mem::take(&mut self.vc_requests);
        requests.clear();
        let mut granted = 0;
        for i in 0..waiting.len() {
            // what a head a few places on will read, on its way from memory meanwhile
            if let (true, Some(ahead)) = (sh.prefetching(), waiting.get(i + PREFETCH_AHEAD)) {
                if ahead.want < channels {
                    let op = ahead.want as usize;
                    prefetch(&self.outs[op]);
                    prefetch(&self.out_vcs[op * v + usize::from(ahead.base)]);
                }
            }
            let w = &mut waiting[i];
            let ivc = w.vc as usize;
            if w.want == NONE {
                // its router failed (`route_ahead`): the run stops at the end of this cycle
                continue;
            }
            if w.want >= channels {
                // at its destination: the ejection port, without allocation
                self.ivcs[ivc].out_vc = (sh.channels * v) as u32 + (w.want - channels);
                self.ivcs[ivc].out_port = w.want;
                self.cross_after(ivc, now);
                w.want = GRANTED;
                granted += 1;
                granted_last.push(ivc as u32);
                continue;
            }
            let (ch, base, per_group) =
                (w.want as usize, usize::from(w.base), usize::from(w.count));
            let group_mask = if per_group >= 64 {
                u64::MAX
            } else {
                (1u64 << per_group) - 1
            };
            let free = !(self.outs[ch].held >> base) & group_mask;
            if free == 0 {
                continue;
            }
            // the pointer is at most the group's size (it wraps here, without a branch: a grant
            // at the group's last VC leaves it there) unless it comes from a larger group of
            // an earlier packet (a division only then: this runs for every head at every hop)
            let rr = usize::from(w.rr);
            let rr = if rr < 2 * per_group {
                rr - per_group * usize::from(rr >= per_group)
            } else {
                rr % per_group
            };
            let wrapped = free.checked_shl((per_group - rr) as u32).unwrap_or(0) & group_mask;
            let rotated = (free >> rr) | wrapped;
            let j = rr + rotated.trailing_zeros() as usize;
            let j = if j < per_group { j } else { j - per_group };
            let ovc = ch * v + base + j;
            let arbiter = &mut self.out_vcs[ovc];
            let from = arbiter.rr as usize;
            // (ivc − from) modulo total, without a branch (which was a mispredicted one)
            let rank = (ivc + total * usize::from(ivc < from) - from) as u32;
            // cycles fit 32 bits (`MAX_SIM_CYCLES`)
            // the best request so far: a stale one (of an earlier cycle) is replaced (chosen
            // without a branch: which wins is data)
            let better = (arbiter.cycle != now as u32) | (rank < arbiter.rank);
            arbiter.rank = if better { rank } else { arbiter.rank };
            arbiter.cycle = now as u32;
            requests.push((i as u32, ovc as u32, j as u16, rank));
        }
        for &(i, ovc, j, rank) in &requests {
            let ovc = ovc as usize;
            let arbiter = &self.out_vcs[ovc];
            if (arbiter.cycle, arbiter.rank) != (now as u32, rank) {
                continue;
            }
            let w = &mut waiting[i as usize];
            let ivc = w.vc as usize;
            let ch = w.want as usize;
            self.outs[ch].held |= 1 << (ovc - ch * v);
            self.ivcs[ivc].out_vc = ovc as u32;
            self.ivcs[ivc].out_port = w.want;
            self.ivcs[ivc].rr = w.base + j + 1;
            self.cross_after(ivc, now);
            self.out_vcs[ovc].rr = if ivc + 1 == total { 0 } else { ivc as u32 + 1 };
            if PREFETCH && sh.prefetching_routes {
                let pk = &packets[self.ivcs[ivc].front.packet as usize];
                let next = self.outs[ch].dst;
                let route = RoutePos::from_bits(pk.route.load(Ordering::Relaxed));
                sh.routes.prefetch_step(next, pk.dst_switch, &route);
            }
            w.want = GRANTED; // leaves the list below
            granted += 1;
            granted_last.push(ivc as u32);
        }
        put_back(&mut self.vc_requests, requests);
        self.granted_last = granted_last;
        // granted heads (and those for ejection) are switch candidates now and leave the list
        if granted == waiting.len() {
            waiting.clear();
        } else {
            waiting.retain(|w| w.want != GRANTED);
        }
        put_back(&mut self.waiting, waiting);
    }

    /// Switch allocation and traversal: per switch, input ports in round-robin order each send
    /// one ready flit whose output port is free this cycle and whose downstream VC has a credit.
    fn traverse(&mut self, sh: &Shared, packets: &[Packet]) {
        let now = self.now;
        // the switches with a candidate, in ascending order (a send clears only its own
        // switch's ports' bits, so the list is the set a loop over the bits would visit)
        let mut busy = std::mem::take(&mut self.busy_list);
        // each busy port's switch is written at the list's end, which moves on only when the
        // switch differs from the last (no branch: whether it does is data); the list has a
        // place for every switch and one more
        let (mut len, mut last) = (0, NONE);
        // (this part's words alone: its switches' ports are a range)
        for word in self.words.clone() {
            let mut bits = self.busy_ports[word];
            while bits != 0 {
                let sw = sh.port_switch[word * 64 + bits.trailing_zeros() as usize];
                bits &= bits - 1;
                busy[len] = sw;
                len += usize::from(sw != last);
                last = sw;
            }
        }
        let busy_now = &busy[..len];
        for i in 0..len {
            // a switch's reads are a chain (its candidates, their VCs, the packets at their
            // fronts): each link is asked for a few switches ahead, the next one switch later
            if sh.prefetching() {
                if let Some(&sw) = busy_now.get(i + 4) {
                    prefetch(&self.candidates[sh.in_offsets[sw as usize] as usize]);
                }
                if let Some(&sw) = busy_now.get(i + 2) {
                    self.prefetch_candidates(sh, packets, sw as usize, false);
                }
                if let Some(&sw) = busy_now.get(i + 1) {
                    self.prefetch_candidates(sh, packets, sw as usize, true);
                }
            }
            self.allocate_switch(sh, packets, busy_now[i] as usize, now);
        }
        put_back(&mut self.busy_list, busy);
    }

    /// Asks for the input VCs of switch `sw`'s switch candidates, or, with `packets`, for the
    /// packet records at their fronts (see `traverse`).
    #[inline]
    fn prefetch_candidates(&self, sh: &Shared, packets: &[Packet], sw: usize, records: bool) {
        let v = sh.p.vcs;
        for ip in sh.in_offsets[sw] as usize..sh.in_offsets[sw + 1] as usize {
            let mut bits = self.candidates[ip];
            while bits != 0 {
                let ivc = ip * v + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if records {
                    prefetch(&packets[self.ivcs[ivc].front.packet as usize]);
                } else {
                    prefetch(&self.ivcs[ivc]);
                }
            }
        }
    }

    /// Switch allocation and traversal at switch `sw` (see `traverse`).
    fn allocate_switch(&mut self, sh: &Shared, packets: &[Packet], sw: usize, now: u64) {
        let (lo, hi) = (sh.in_offsets[sw] as usize, sh.in_offsets[sw + 1] as usize);
        let ports = hi - lo;
        // separable, input first (BookSim's separable_input_first with round-robin arbiters,
        // one iteration): every input port picks one ready VC with a credit, round robin from
        // in_rr; every output port grants one of its requests, round robin over the switch's
        // inputs from out_rr; the losers wait for the next cycle. Only the ports with a
        // candidate are visited: their bits in `busy_ports`, in ascending order
        self.requests.clear();
        if ports <= 64 {
            // the switch's bits, from its first port's on: two words joined (the second
            // shifted twice, so that no shift is by 64; `busy_ports` has a word past the last
            // port for it)
            let (word, shift) = (lo / 64, lo % 64);
            let joined = (self.busy_ports[word] >> shift)
                | ((self.busy_ports[word + 1] << 1) << (63 - shift));
            let mut bits = joined & (u64::MAX >> (64 - ports));
            if bits & bits.wrapping_sub(1) == 0 {
                // one busy port (the common case): its request, if it makes one, wins
                if let Some(r) =
                    self.port_request(sh, lo, bits.trailing_zeros() as usize, ports, now)
                {
                    self.grant(sh, packets, lo, ports, r);
                }
                return;
            }
            while bits != 0 {
                let at = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(r) = self.port_request(sh, lo, at, ports, now) {
                    self.requests.push(r);
                }
            }
        } else {
            for at in 0..ports {
                let port = lo + at;
                if self.busy_ports[port / 64] & (1 << (port % 64)) == 0 {
                    continue;
                }
                if let Some(r) = self.port_request(sh, lo, at, ports, now) {
                    self.requests.push(r);
                }
            }
        }
        // plain loops by index: this runs for every switch and cycle (as iterator chains they
        // were left out of line in the size-optimised WebAssembly), and a send leaves the
        // requests alone; a request loses to one for its output with a lower rank (tested
        // without a branch: it is data)
        let count = self.requests.len();
        for i in 0..count {
            let r = self.requests[i];
            let mut loses = false;
            for q in &self.requests {
                loses |= (q.out_port == r.out_port) & (q.rank < r.rank);
            }
            if !loses {
                self.grant(sh, packets, lo, ports, r);
            }
        }
    }

    /// The request of input port `lo + at` of a switch with `ports` input ports whose first is
    /// `lo`, as BookSim's separable input-first switch allocator makes it: of the VCs whose
    /// front flit is ready and has a credit, per output port the first from in_rr on (wrapping;
    /// BookSim's `_sw_rr_offset`), and of those outputs the first from the port's own output
    /// pointer on (`in_out_rr`: its input arbiter is a round robin over outputs, not VCs).
    /// Choosing the VC first (the first ready one from in_rr) made the outputs' choice random,
    /// which on an 8-port crossbar with 8 VCs saturated at 0.625 where BookSim reaches 0.695.
    #[inline(always)]
    fn port_request(
        &self,
        sh: &Shared,
        lo: usize,
        at: usize,
        ports: usize,
        now: u64,
    ) -> Option<Request> {
        let v = sh.p.vcs;
        let port = lo + at;
        let mask = self.candidates[port];
        // the VCs from in_rr on: the mask rotated right by it in v bits
        let start = usize::from(self.in_rr[port]);
        let mut vcs = ((mask >> start) | mask.checked_shl((v - start) as u32).unwrap_or(0))
            & (u64::MAX >> (64 - v));
        // outputs in the cyclic order from the pointer on: their ids less the pointer, wrapping
        // in 32 bits (a switch's outputs keep their order, the pointer's at 0)
        let from_out = self.in_out_rr[port];
        let (mut best, mut best_key) = (None, u32::MAX);
        while vcs != 0 {
            let k = start + vcs.trailing_zeros() as usize;
            let k = k - v * usize::from(k >= v);
            vcs &= vcs - 1;
            let ivc = port * v + k;
            if u64::from(self.ivcs[ivc].front.ready) > now {
                continue;
            }
            let out = self.ivcs[ivc].out_vc as usize;
            if self.out_vcs[out].credits == 0 {
                continue;
            }
            let out_port = self.ivcs[ivc].out_port;
            let key = out_port.wrapping_sub(from_out);
            // (an output's first VC from in_rr on keeps it: later ones tie and lose)
            if best.is_some() && key >= best_key {
                continue;
            }
            best_key = key;
            // its rank at the output's arbiter, on the pointer as it was at the start of the
            // cycle: the first requesting input at or after out_rr wins (updating a pointer
            // while deciding let a second input win the same output in one cycle)
            let from = usize::from(self.out_rr[out_port as usize]);
            let rank = at + ports * usize::from(at < from) - from;
            best = Some(Request {
                at: at as u32,
                k: k as u32,
                ivc: ivc as u32,
                out: out as u32,
                out_port,
                rank: rank as u32,
            });
            if key == 0 {
                break;
            }
        }
        best
    }

    /// Request `r` of a switch with `ports` input ports from `lo` on won: both arbiters move
    /// past it and its flit crosses.
    #[inline(always)]
    fn grant(&mut self, sh: &Shared, packets: &[Packet], lo: usize, ports: usize, r: Request) {
        let v = sh.p.vcs;
        let (at, k) = (r.at as usize, r.k as usize);
        let port = lo + at;
        self.in_rr[port] = if k + 1 == v { 0 } else { (k + 1) as u16 };
        self.in_out_rr[port] = r.out_port + 1;
        self.out_rr[r.out_port as usize] = if at + 1 == ports { 0 } else { (at + 1) as u16 };
        self.send(sh, packets, port, r);
    }

    /// Move the front flit of request `r`'s input VC (`r.ivc`, VC `r.k` of input `port`) to
    /// its output VC `r.out` (of output port `r.out_port`).
    fn send(&mut self, sh: &Shared, packets: &[Packet], port: usize, r: Request) {
        let (k, ivc, out, out_port) = (
            r.k as usize,
            r.ivc as usize,
            r.out as usize,
            r.out_port as usize,
        );
        let now = self.now;
        let v = sh.p.vcs;
        let cv = sh.channels * v;
        let mut flit = self.pop(sh, ivc);
        self.tally.last_move = now;
        // the freed buffer slot: a credit back upstream (injection ports have none)
        let (upstream, upstream_part) = sh.upstream[port];
        if upstream != NONE {
            let due =
                ((now + u64::from(sh.p.credit_delay)) as usize) & (self.credits_due.len() - 1);
            let ovc = upstream * v as u32 + k as u32;
            // (always in WebAssembly, whose runs have one part)
            if cfg!(target_arch = "wasm32") || upstream_part as usize == self.index {
                self.credits_due[due].push(ovc);
            } else {
                self.credits_out[upstream_part as usize].push((due as u32, ovc));
            }
        }
        let tail = usize::from(flit.seq) + 1 == sh.p.packet;
        let head = flit.seq == 0;
        if tail {
            self.ivcs[ivc].out_vc = NONE;
            self.mark_at(port, k, false);
            if self.ivcs[ivc].len > 0 {
                // the next packet's head is at the front now, and its routing and VC
                // allocation start only here, in the next cycle (as in BookSim); its traversal
                // stage overlaps the one of the tail that just left, so it may cross the switch
                // `stages` − 1 cycles from now
                let ready = u64::from(self.ivcs[ivc].front.ready)
                    .max(now + u64::from(sh.p.stages.saturating_sub(1)).max(1));
                self.ivcs[ivc].front.ready = ready as u32;
                self.wait(sh, ivc, self.ivcs[ivc].front, now + 1);
            }
        } else if self.ivcs[ivc].len == 0 {
            self.mark_at(port, k, false);
        }
        if out >= cv {
            self.tally.ejected_flits += 1;
            self.tally.window_flits += u64::from(self.window);
            if tail {
                let pk = &packets[flit.packet as usize];
                let hops = u64::from(pk.hop.load(Ordering::Relaxed));
                self.tally.crossings += (hops + 1) * sh.p.packet as u64;
                if pk.measured {
                    self.tally.measured_done += 1;
                    self.tally.measured_hops += hops;
                    self.tally.latencies.push((now - pk.created) as u32);
                }
                self.tally.free.push(flit.packet);
            }
            return;
        }
        let (ch, out_k) = (out_port, out - out_port * v);
        self.out_vcs[out].credits -= 1;
        let link = &mut self.outs[ch];
        if tail {
            link.held &= !(1u64 << out_k);
        }
        link.flits += u64::from(self.window);
        let (into, latency, dst, part) = (link.into, link.latency, link.dst, link.part);
        if head {
            let pk = &packets[flit.packet as usize];
            pk.hop
                .store(pk.hop.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
            pk.at.store(dst, Ordering::Relaxed);
            (flit.next, flit.group) = self.route_ahead(sh, packets, flit.packet);
        }
        let arrive = now + u64::from(latency);
        flit.ready = (arrive + sh.pipeline(head)) as u32;
        let due = (arrive as usize) & (self.flits_due.len() - 1);
        let into = into as usize * v + out_k;
        if cfg!(target_arch = "wasm32") || part as usize == self.index {
            self.flits_due[due].push((into as u32, flit));
        } else {
            self.flits_out[part as usize].push((due as u32, into as u32, flit));
        }
    }
}

/// A per-destination route table's hops (at·n + d, `Routes::destination_hops`) packed for
/// `Engine::next_local`, or nothing where one does not fit two bytes (a hop's channel not among
/// its switch's first 255 output channels, or a group above 255).
fn packed_hops(hops: &[RouteHop], n: usize, op_of_channel: &[u32], first_op: &[u32]) -> Vec<u16> {
    let mut packed = Vec::with_capacity(hops.len());
    for (i, hop) in hops.iter().enumerate() {
        let Some(&op) = op_of_channel.get(hop.channel as usize) else {
            packed.push(NO_LOCAL);
            continue;
        };
        let at = i / n;
        let place = op.wrapping_sub(first_op[at]);
        if place >= first_op[at + 1] - first_op[at] || place >= 0xff || hop.group > 0xff {
            return Vec::new();
        }
        packed.push(place as u16 | hop.group << 8);
    }
    packed
}

/// Puts a scratch vector taken out with `mem::take` back in its field. The stand-in left there
/// is dropped without a call when it owns nothing (a drop is an out-of-line call in the
/// size-optimised WebAssembly, and this runs for every switch in every cycle).
#[inline]
fn put_back<T>(field: &mut Vec<T>, v: Vec<T>) {
    let stand_in = std::mem::replace(field, v);
    if stand_in.capacity() == 0 {
        std::mem::forget(stand_in);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hop packs as its channel's place among its switch's output channels and its group; a
    /// table with one hop that does not fit two bytes is not packed at all (the routes' own
    /// step is read instead).
    #[test]
    fn hops_pack_in_two_bytes_or_not_at_all() {
        // switch 0 leaves by channels 2 and 0 (ops 0 and 1), switch 1 by channel 1 (op 2)
        let (op_of_channel, first_op) = ([1, 2, 0], [0, 2, 3]);
        let hop = |channel, group| RouteHop { channel, group };
        let none = hop(u32::MAX, 0);
        let pack = |hops: &[RouteHop]| packed_hops(hops, 2, &op_of_channel, &first_op);
        assert_eq!(
            pack(&[none, hop(0, 3), hop(1, 0), none]),
            vec![NO_LOCAL, 1 | 3 << 8, 0, NO_LOCAL]
        );
        // a group above a byte; a channel that does not leave the switch
        assert!(pack(&[none, hop(0, 256), hop(1, 0), none]).is_empty());
        assert!(pack(&[none, hop(1, 0), hop(1, 0), none]).is_empty());
    }
}
