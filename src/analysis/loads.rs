//! Channel loads and the minimum necessary number of slots N (paper 000 §3.2): the largest
//! number of circuits that share one directed inter-switch channel, counted by the shared
//! `graph::ChannelLoads`.

use crate::graph::{self, ChannelLoads};
use crate::model::{ChannelId, PathSet, Topology};

/// Number of circuits using each directed channel, indexed by `ChannelId`.
pub fn channel_loads(topo: &Topology, circuits: &PathSet) -> Vec<u32> {
    ChannelLoads::of(topo, circuits).into_vec()
}

/// N: the largest channel load (0 when nothing crosses a channel).
pub fn max_slots(loads: &[u32]) -> u32 {
    graph::max_load(loads)
}

/// The channels whose load equals N (none when N = 0).
pub fn busiest_channels(loads: &[u32]) -> Vec<ChannelId> {
    graph::busiest(loads)
}

/// Indices of the circuits that use `channel`.
pub fn circuits_on_channel(circuits: &PathSet, channel: ChannelId) -> Vec<usize> {
    (0..circuits.len())
        .filter(|&i| circuits.channels(i).contains(&channel))
        .collect()
}

/// Mean number of inter-switch hops per circuit (0 for no circuits).
pub fn average_hops(circuits: &PathSet) -> f64 {
    if circuits.is_empty() {
        return 0.0;
    }
    circuits.total_channel_uses() as f64 / circuits.len() as f64
}
