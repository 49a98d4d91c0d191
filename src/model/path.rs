//! The route of one communication, and a compact set of many routes.

use super::{ChannelId, SwitchId, Topology};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// A route through the network: the switches visited and the channels used between them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Path {
    /// Switches in visiting order, source switch first. Never empty.
    pub switches: Vec<SwitchId>,
    /// Channels between consecutive switches (`switches.len() - 1` of them).
    pub channels: Vec<ChannelId>,
}

impl Path {
    /// The path through `switches`, each linked to the next; `routing` names the router in the
    /// error when two are not linked.
    pub fn through(topo: &Topology, switches: Vec<SwitchId>, routing: &str) -> Result<Path> {
        let channels = switches
            .windows(2)
            .map(|w| {
                topo.channel_between(w[0], w[1]).ok_or_else(|| {
                    Error::routing(
                        routing,
                        format!("switches {} and {} are not linked", w[0].0, w[1].0),
                    )
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Path { switches, channels })
    }

    /// Number of inter-switch hops (channels traversed).
    pub fn hops(&self) -> usize {
        self.channels.len()
    }
}

/// Many circuits stored flat (CSR): circuit `i` uses `channels[offsets[i]..offsets[i+1]]`.
/// A circuit is a path, or a tree whose channels are listed once each. Used for thousands of
/// communications without one allocation each.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PathSet {
    offsets: Vec<u32>,
    channels: Vec<ChannelId>,
    /// Switches visited (a path's hop count + 1; a tree's switch count), per circuit.
    switch_counts: Vec<u32>,
}

impl PathSet {
    /// An empty set.
    pub fn new() -> Self {
        PathSet {
            offsets: vec![0],
            channels: Vec::new(),
            switch_counts: Vec::new(),
        }
    }
    /// Append a circuit given by its channels and the number of switches it visits.
    pub fn push(&mut self, channels: &[ChannelId], switch_count: usize) {
        self.channels.extend_from_slice(channels);
        self.offsets.push(self.channels.len() as u32);
        self.switch_counts.push(switch_count as u32);
    }
    /// Append a path.
    pub fn push_path(&mut self, path: &Path) {
        self.push(&path.channels, path.switches.len());
    }
    /// Number of circuits.
    pub fn len(&self) -> usize {
        self.switch_counts.len()
    }
    /// True when there are no circuits.
    pub fn is_empty(&self) -> bool {
        self.switch_counts.is_empty()
    }
    /// Channels of circuit `i`.
    pub fn channels(&self, i: usize) -> &[ChannelId] {
        &self.channels[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }
    /// Switches circuit `i` goes through (the paper's hop count, 000 §3.3).
    pub fn switch_count(&self, i: usize) -> usize {
        self.switch_counts[i] as usize
    }
    /// Channels used by all circuits together (with repetition).
    pub fn total_channel_uses(&self) -> usize {
        self.channels.len()
    }
}
