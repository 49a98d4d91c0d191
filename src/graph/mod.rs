//! Graph primitives every lab shares, low in the house (they know only `model`): hop distances
//! between all switch pairs with the one tie rule for next hops, and the per-channel load
//! counter behind N (paper 000 §3.2), Γ (paper 002 §VI-D) and TOPOGEN's congestion.

mod distances;
mod loads;

pub use distances::{Adjacency, DistanceTable, MAX_TABLE_SWITCHES, UNREACHABLE};
pub use loads::{busiest, congestion, max_load, ChannelLoads};
