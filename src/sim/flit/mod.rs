//! A cycle-level virtual-channel flit simulator (papers 002 §VI-C and 004 §3.4 evaluate with
//! BookSim; this is ours): any topology of `topology`, any router of the registry followed hop
//! by hop with its VC classes, any pattern of the pattern registry with a fresh destination per
//! packet, Bernoulli injection at an offered load. `engine` is the cycle engine, `routes` the
//! per-pair routes and their deadlock-free VC groups (LASH-TOR's layers, or `acro`'s). A run is warm-up, measurement window and
//! drain; `Simulation::step` advances it a number of cycles at a time (progress, animation,
//! Cancel); `sweep` runs offered loads until saturation, every point on its own core.

mod checks;
mod engine;
mod network;
mod prefetch;
mod result;
mod routes;
mod simulation;
mod sweep;

pub use checks::{check, MAX_SIM_CYCLES, MAX_SIM_MEMORY_BYTES};
pub(crate) use checks::{
    MAX_BUFFER, MAX_HOP_CYCLES, MAX_LATENCY_PER_M, MAX_PACKET, MAX_PORTS, MAX_STAGES, MAX_VCS,
};
pub use engine::{SimParams, DEADLOCK_CYCLES, MAX_SOURCE_PACKETS};
pub(crate) use network::average_hops;
pub use network::Network;
pub use result::{SimResult, Spread};
pub use routes::{
    check_assignment, DestinationRoutes, RouteHop, RouteTable, Routes, VcAssignment,
    MAX_BY_DESTINATION, MAX_LAYERING_STEPS, MAX_SIM_ROUTERS, MAX_SIM_SWITCHES,
};
pub use simulation::{simulate, Simulation};
pub use sweep::{is_saturated, loads, point, sweep, Sweep, MAX_SWEEP_POINTS, MAX_SWEEP_SEEDS};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod variant_tests;
