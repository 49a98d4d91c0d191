//! What a run counts as it goes (`Tally`): flits ejected and measured, latencies, the free
//! packet records, the last cycle a flit moved; and the deadlock test read from it.

/// What a part counts as it goes. At the end of every cycle the other parts' are added into
/// the first part's, in part order (the order a one-part run meets them in: switches in
/// ascending order), so the first part's is the run's.
#[derive(Debug, Default, Clone)]
pub(crate) struct Tally {
    pub ejected_flits: u64,
    pub window_flits: u64,
    pub measured_done: u64,
    /// Channel hops of the measured packets delivered.
    pub measured_hops: u64,
    /// Switches crossed by the flits of every packet delivered (warm-up and drain included):
    /// each flit crosses its packet's hops + 1 switches.
    pub crossings: u64,
    pub latencies: Vec<u32>,
    /// Packet records free for reuse (the last freed is reused first).
    pub(super) free: Vec<super::ids::PacketId>,
    /// The last cycle a flit moved.
    pub(super) last_move: u64,
    /// A router's error met during the run (it stops the run).
    pub error: Option<crate::Error>,
}

impl Tally {
    /// Adds `other`'s counts into this one and empties it.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn take_from(&mut self, other: &mut Tally) {
        self.ejected_flits += std::mem::take(&mut other.ejected_flits);
        self.window_flits += std::mem::take(&mut other.window_flits);
        self.measured_done += std::mem::take(&mut other.measured_done);
        self.measured_hops += std::mem::take(&mut other.measured_hops);
        self.crossings += std::mem::take(&mut other.crossings);
        self.latencies.append(&mut other.latencies);
        self.free.append(&mut other.free);
        self.last_move = self.last_move.max(other.last_move);
        if let Some(e) = other.error.take() {
            self.error.get_or_insert(e);
        }
    }
}
