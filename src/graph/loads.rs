//! The per-channel load counter: how many circuits (or paths) use each directed channel. The
//! two directions of a full-duplex link are separate channels (paper 000 §3.2), so c(s,d) and
//! c(d,s) never conflict. N (max_slots), Γ's τ(e) and TOPOGEN's congestion all count here.

use crate::model::{ChannelId, PathSet, Topology};

/// Load of every directed channel, indexed by `ChannelId`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ChannelLoads {
    loads: Vec<u32>,
}

impl ChannelLoads {
    /// `channels` channels, all unloaded.
    pub fn new(channels: usize) -> Self {
        ChannelLoads {
            loads: vec![0; channels],
        }
    }
    /// The loads of every circuit of `circuits` on `topo`'s channels.
    pub fn of(topo: &Topology, circuits: &PathSet) -> Self {
        let mut loads = ChannelLoads::new(topo.channel_count());
        for i in 0..circuits.len() {
            loads.add(circuits.channels(i));
        }
        loads
    }
    /// One more circuit over `channels`.
    pub(crate) fn add(&mut self, channels: &[ChannelId]) {
        for c in channels {
            self.loads[c.index()] += 1;
        }
    }
    /// One circuit less over `channels` (each must carry one).
    pub fn remove(&mut self, channels: &[ChannelId]) {
        for c in channels {
            self.loads[c.index()] -= 1;
        }
    }
    /// Room for `more` new channels (links appended to a growing network), unloaded.
    pub(crate) fn grow(&mut self, more: usize) {
        self.loads.resize(self.loads.len() + more, 0);
    }
    /// Load of `c`.
    #[inline]
    pub fn get(&self, c: ChannelId) -> u32 {
        self.loads[c.index()]
    }
    /// Every channel's load.
    pub fn as_slice(&self) -> &[u32] {
        &self.loads
    }
    /// The loads as a vector.
    pub(crate) fn into_vec(self) -> Vec<u32> {
        self.loads
    }
    /// The largest load (N).
    pub fn max(&self) -> u32 {
        max_load(&self.loads)
    }
    /// The channels at the largest load.
    pub fn busiest(&self) -> Vec<ChannelId> {
        busiest(&self.loads)
    }
    /// (N, number of channels at N).
    pub fn congestion(&self) -> (u32, usize) {
        congestion(&self.loads)
    }
}

/// The largest load (0 when nothing crosses a channel).
pub fn max_load(loads: &[u32]) -> u32 {
    loads.iter().copied().max().unwrap_or(0)
}

/// The channels whose load equals the largest (none when it is 0).
pub fn busiest(loads: &[u32]) -> Vec<ChannelId> {
    let n = max_load(loads);
    if n == 0 {
        return Vec::new();
    }
    loads
        .iter()
        .enumerate()
        .filter(|(_, &l)| l == n)
        .map(|(c, _)| ChannelId::new(c))
        .collect()
}

/// (N, number of channels at N): what TOPOGEN's link optimization lowers, in this order.
pub fn congestion(loads: &[u32]) -> (u32, usize) {
    // one pass: the running maximum and how many channels are at it
    let (mut n, mut count) = (0, 0);
    for &l in loads {
        if l > n {
            (n, count) = (l, 1);
        } else if l == n {
            count += 1;
        }
    }
    (n, count)
}
