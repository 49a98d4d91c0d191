//! A run's parameters (`SimParams`, paper 002 Table II's router by default) and what they
//! bound before anything is built: each channel's latency, the memory a run holds, the packet
//! records it may need, the source queues' and the deadlock detector's limits.

use super::state::{Flit, InVc, OutChannel, OutVc, Packet};
use crate::model::Topology;
use serde::{Deserialize, Serialize};

/// Router and traffic parameters of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SimParams {
    /// Virtual channels per port.
    pub vcs: usize,
    /// Flits per VC buffer.
    pub buffer: usize,
    /// Flits per packet.
    pub packet: usize,
    /// Router pipeline stages (cycles from a flit's arrival to its switch traversal).
    pub stages: u32,
    /// Cycles on a channel (plus `latency_per_m` per metre of its cable).
    pub link_latency: u32,
    /// Cycles per metre of cable added to each channel's latency (its link's length): paper
    /// 004's 5 ns/m, in cycles. 0: every channel takes `link_latency`.
    pub latency_per_m: f64,
    /// Cycles for a credit to come back.
    pub credit_delay: u32,
    /// Offered load, flits per endpoint per cycle (0–1; up to its port count for an endpoint
    /// on several planes).
    pub rate: f64,
    /// Cycles before measuring.
    pub warmup: u64,
    /// Cycles measured.
    pub cycles: u64,
    /// Most cycles after the window to wait for the measured packets.
    pub drain: u64,
}

impl Default for SimParams {
    fn default() -> Self {
        // paper 002 Table II: 4 VCs of 8 flits, 1-flit packets, 4 pipeline stages
        SimParams {
            vcs: 4,
            buffer: 8,
            packet: 1,
            stages: 4,
            link_latency: 1,
            latency_per_m: 0.0,
            credit_delay: 1,
            rate: 0.1,
            warmup: 2000,
            cycles: 10_000,
            drain: 10_000,
        }
    }
}

/// Cycles on channel `c`: the link latency plus its cable's length in cycles (rounded).
pub(crate) fn channel_latency(topo: &Topology, p: &SimParams, c: crate::model::ChannelId) -> u32 {
    let m = topo.link_info(c.link()).length_m;
    p.link_latency + (p.latency_per_m * m).round() as u32
}

/// Most packets waiting at one terminal. Below saturation a source queue holds a few packets;
/// past it, it would grow by the excess every cycle (a 3-router `tree2:2x2048` at rate 1 grew
/// by ~4,000 packets a cycle), so arrivals beyond this are counted as refused instead.
pub const MAX_SOURCE_PACKETS: usize = 1000;

/// Bytes a run of a network with `switches` switches, `channels` channels and `terminals` node
/// ports split into `parts` parts holds at most, from its parameters: the input VC rings and
/// their state and the output VCs (a part's are the network's full size), the full source
/// queues and the packets they may hold, and the packed per-destination routes. Checked before
/// anything is allocated.
pub(crate) fn memory_bytes(
    switches: usize,
    channels: usize,
    terminals: usize,
    p: &SimParams,
    parts: usize,
) -> u64 {
    let ports = (channels + terminals) as u64;
    let vcs = p.vcs as u64;
    let flit = std::mem::size_of::<Flit>() as u64;
    let rings = ports * vcs * p.buffer as u64 * flit;
    let per_input_vc = ports * vcs * std::mem::size_of::<InVc>() as u64;
    let per_output_vc = channels as u64
        * (vcs * std::mem::size_of::<OutVc>() as u64 + std::mem::size_of::<OutChannel>() as u64)
        + terminals as u64 * std::mem::size_of::<OutVc>() as u64;
    // (`Part::injected`)
    let injected = terminals as u64 * std::mem::size_of::<(super::ids::InVcId, Flit)>() as u64;
    let queued = terminals as u64 * MAX_SOURCE_PACKETS as u64;
    let sources = queued * 16;
    let packets =
        packet_records_bound(channels + terminals, p) * std::mem::size_of::<Packet>() as u64;
    // `Shared::next_local`, at most (routes read per destination are kept up to
    // `MAX_SIM_SWITCHES`)
    let routes = if switches <= super::super::routes::MAX_SIM_SWITCHES {
        (switches * switches * std::mem::size_of::<u16>()) as u64
    } else {
        0
    };
    (rings + per_input_vc + per_output_vc + injected) * parts.max(1) as u64
        + sources
        + packets
        + routes
}

/// Most packet records a run with `ports` input ports holds at once (queued packets have none
/// yet): a packet in the network has a flit in a VC's buffer or on the channel into it (which
/// took one of that VC's credits), and a VC's flits are whole packets but for the first and the
/// last (wormhole: a VC is held by one packet until its tail), so a VC accounts for at most
/// 2 + (buffer − 2) / packet of them. (A test checks it on saturated runs.)
pub(crate) fn packet_records_bound(ports: usize, p: &SimParams) -> u64 {
    let per_vc = (p.buffer as u64).min(2 + (p.buffer as u64).saturating_sub(2) / p.packet as u64);
    ports as u64 * p.vcs as u64 * per_vc
}

/// Cycles without a flit moving, while flits wait, that count as a deadlock.
pub const DEADLOCK_CYCLES: u64 = 10_000;
