//! Paper 002 (LOREN against Cowen on layout-conscious random topologies), studies of the
//! Routing lab (§VI-A, §VI-B, §VI-D: `routing`) and of the Simulate lab (§VI-C, Fig. 7–10:
//! `simulation`).

pub(crate) mod routing;
pub(crate) mod simulation;

pub use routing::*;
pub use simulation::*;
