//! Communication patterns with the Dally & Towles / BookSim names (uniform, randperm, bitrev,
//! transpose, neighbor, shuffle, butterfly, bitcomp, tornado) and the papers' extras
//! (all-to-all; hotspot(β) and local(γ) from paper 002 §VI-D). A node never sends to itself:
//! pairs a pattern maps onto themselves are left out of the traffic. A pattern placed on a
//! topology draws one destination at a time (`Placed::destination`), per packet in a simulator.

pub mod demand;
pub mod matrix;
mod patterns;

pub use patterns::{
    check_placement, generate, generate_nth, Local, Pattern, PatternDef, Placed,
    MAX_ALL_TO_ALL_ENDPOINTS, PATTERNS,
};
