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
//! One job per file: `ids` (the index spaces: ports, VCs, switches, packets, each a type),
//! `params` (a run's parameters and the limits they set), `state` (the
//! records: flit, packet, input and output VCs, channels, requests), `shared` (what a cycle
//! reads and none writes), `build` (`Engine::new`: ports, channels, buffers and parts from a
//! topology and its routes), `inject` (the endpoints' sources), `router` (a part's cycle:
//! arrivals, VC and switch allocation, traversal), `channels` (buffers, the send onto a
//! channel, credits), `tally` (what a run counts), `threads` (parts and their threads), `run`
//! (the engine, what it answers, and its cycle loop), `shape` (the shapes a part's cycle is
//! compiled for). Here: what the rest of the simulator
//! reads of them.

mod build;
mod channels;
mod ids;
mod inject;
mod params;
mod part;
mod router;
mod run;
mod shape;
mod shared;
mod state;
mod tally;
mod threads;

pub(crate) use params::channel_latency;
pub(crate) use params::memory_bytes;
#[cfg(test)]
pub(crate) use params::packet_records_bound;
pub use params::{SimParams, DEADLOCK_CYCLES, MAX_SOURCE_PACKETS};
pub(crate) use run::Engine;
pub(crate) use threads::parts_for;
