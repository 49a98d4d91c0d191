//! Topolab: an interconnection-network playground. One Rust core serves the web page (through
//! `wasm`) and the CLI (`bin/topolab.rs`); modules are listed in dependency order and none
//! reaches upward (see DESIGN.md, "The rule of the rooms").

pub mod analysis; // channel loads, N (max_slots), hop counts, all-to-all circuits
pub mod circuit; // paper 000: slot-utilization policies (§3.3), TOPOGEN (§4–5)
pub mod error; // the one error type every fallible core function returns
pub mod export;
pub mod layout; // positions for drawing
pub mod model; // Topology, Traffic, Path and their ids: knows nothing of the others
pub mod render; // SVG of a topology state
pub mod routing; // dimension-order, shortest path, up/down; the Router trait
pub mod scenario; // Scenario (the whole configuration), permalink codec, lab runners
pub mod sim; // simulators: TDM circuit switching vs packet switching
pub mod topology; // generators and spec strings: mesh, torus, hypercube, fat-tree, full
pub mod trace; // Step / Trace: what an algorithm did, step by step, for the page
pub mod traffic; // communication patterns (BookSim names + the papers' extras) // BookSim anynet, CSV of loads

#[cfg(target_arch = "wasm32")]
pub mod wasm; // wasm-bindgen surface: parse → call core → serialize

pub use error::{Error, Result};
