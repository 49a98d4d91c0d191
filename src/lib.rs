//! Topolab: an interconnection-network playground. One Rust core serves the web page (through
//! `wasm`) and the CLI (`bin/topolab`). Modules are listed in dependency order — each uses only
//! those above it (see DESIGN.md, "The rule of the rooms"); `tests/integration/layers.rs`
//! fails when a module reaches one listed below it.

// the floor: no module of the crate below
pub mod clock; // wall-clock seconds for the time a long run reports
pub mod error; // the one error type every fallible core function returns
pub mod parallel; // independent runs on every core natively, in turn in WASM
pub mod rng; // seeded random streams by purpose and index
pub mod trace; // Step / Trace: what an algorithm did, step by step, for the page
pub mod choice; // closed sets of choices (readings, schemes) with the words for each option
pub mod spec; // spec strings: split once, numbers parsed, names looked up with suggestions
pub mod text; // a result as text a person reads (the CLI without --json)
pub mod sort; // one compiled sort shared by the call sites that sort by a key (keeps the page's WASM small)

// the network and its primitives
pub mod model; // Topology, Traffic, Path, grid coordinates and ids: knows nothing of the others
pub mod graph; // shared primitives: all-pairs hop distances and next hops, channel-load counter
pub mod topology; // generators and their specs: mesh, torus, hypercube, fat-tree, full, lrt, dual-plane, tree2
pub mod traffic; // communication patterns (BookSim names + the papers' extras), one draw at a time
pub mod routing; // the Router trait (per hop and whole path) and the router registry

// analyses and the papers' algorithms
pub mod analysis; // channel loads, N (max_slots), hop counts, all-to-all circuits, route metrics
pub mod circuit; // paper 000: slot-utilization policies (§3.3), TOPOGEN (§4–5)
pub mod dualplane; // paper 004: the search for plane 1's generator set (§2.4, §3.2.2)
pub mod sim; // simulators: cycle-level flit (VC routers), TDM circuit vs packet, message-level EPS/OCS
pub mod hybrid; // papers 001 (OCS relay) and 003 (CTC): packet and circuit networks together
pub mod export; // BookSim2 anynet and experiment, GraphML and DOT, CSV of loads

// drawing
pub mod layout; // positions for drawing
pub mod render; // the figure as typed data, its SVG, the overview of large networks

// the labs and their fronts
pub mod labs; // the lab registry: one module per lab (config, run, figure, steps, its own studies)
pub mod papers; // the papers' figures and tables, each a study of the lab that shows it
pub mod scenario; // Scenario (the whole configuration, one section per lab) and permalinks
pub mod catalog; // what the page's controls offer: the labs, the registries' names, the limits

#[cfg(target_arch = "wasm32")]
pub mod wasm; // wasm-bindgen surface: parse → call core → serialize

pub use error::{Error, Result};
