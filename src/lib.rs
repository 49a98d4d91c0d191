//! Topolab: an interconnection-network playground. One Rust core serves the web page (through
//! `wasm`) and the CLI (`bin/topolab`). Modules are listed in dependency order — each uses only
//! those above it (see DESIGN.md, "The rule of the rooms").

pub mod analysis; // channel loads, N (max_slots), hop counts, all-to-all circuits, path metrics
pub mod circuit; // paper 000: slot-utilization policies (§3.3), TOPOGEN (§4–5)
pub mod clock; // wall-clock seconds for the time a long run reports
pub mod dualplane; // paper 004: dual-plane (isomorphic, folded) hypercubes, their routing and metrics
pub mod error; // the one error type every fallible core function returns
pub mod export; // BookSim anynet, CSV of loads
pub mod graph; // shared primitives: all-pairs hop distances and next hops, channel-load counter
pub mod hybrid; // papers 001 (OCS relay) and 003 (CTC): electrical packet and optical circuit networks together
pub mod labs; // the lab registry: one module per lab (config, run, figure, steps, studies)
pub mod layout; // positions for drawing
pub mod model; // Topology, Traffic, Path, grid coordinates and ids: knows nothing of the others
pub mod parallel; // independent runs on every core natively, in turn in WASM
pub mod render; // SVG of a topology state
pub mod rng; // seeded random streams by purpose and index
pub mod routing; // the Router trait (per hop and whole path) and the router registry
pub mod scenario;
pub mod sim; // simulators: TDM circuit switching vs packet switching
pub mod spec; // spec strings: split once, numbers parsed, names looked up with suggestions
pub mod topology; // generators and their typed specs: mesh, torus, hypercube, fat-tree, full, lrt
pub mod trace; // Step / Trace: what an algorithm did, step by step, for the page
pub mod traffic; // communication patterns (BookSim names + the papers' extras), one draw at a time // Scenario (the whole configuration, one section per lab) and permalinks

#[cfg(target_arch = "wasm32")]
pub mod wasm; // wasm-bindgen surface: parse → call core → serialize

pub use error::{Error, Result};
