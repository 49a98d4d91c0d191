//! Analyses over routed traffic: per-channel loads and N (paper 000 §3.2), hop counts, and
//! the all-to-all circuit methods of paper 000 Table 2. Every lab computes a link load with
//! `channel_loads`; nothing else counts loads.

mod alltoall;
mod loads;
mod path_metrics;
pub mod routes;

pub use alltoall::{all_to_all_circuits, AllToAllMethod, ALL_TO_ALL_METHODS};
pub use loads::{average_hops, busiest_channels, channel_loads, circuits_on_channel, max_slots};
pub use path_metrics::{average_efficiency, effective_bandwidth};
