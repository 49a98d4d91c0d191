//! A message-level network simulator (paper 001 §4.1): a message's time is latency plus size
//! over bandwidth, and messages that meet on a link wait for the earlier ones ("later
//! messages' sending is delayed by the sending time of earlier messages"). Electrical (EPS)
//! segments go as MTU packets through store-and-forward switches: a packet crosses a channel
//! (serialisation + propagation), and a switch sends it on once fully received plus the
//! switching delay. An optical (OCS) segment crosses its circuit as one piece. A message may
//! have several segments (a relay: EPS to an OCS node, the circuit, EPS on); the next starts
//! only when the whole message has arrived, as the relaying OCS node rebuilds the MPI message
//! in software (§3.2.3). Every channel serves packets first come, first served.
//!
//! Times are integer picoseconds, so Table 1's packet times (32,768 ns for 4096 B at 1 Gbps)
//! are exact and two runs of one input give one answer.

use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Most packet-hops one run may simulate (checked before it starts).
pub const MAX_PACKET_HOPS: u64 = 100_000_000;

/// A directed channel: its bandwidth, its propagation delay, and whether it ends in a switch
/// (which adds the switching delay before the packet moves on).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Channel {
    pub gbps: f64,
    pub propagation_ns: f64,
    pub into_switch: bool,
}

/// Part of a message's way: EPS channels crossed as packets, or one circuit crossed whole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Segment {
    Eps(Vec<u32>),
    Ocs(u32),
}

/// A message: posted at `start_ns`, `bytes` long, along its segments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    pub bytes: u64,
    pub start_ns: u64,
    pub segments: Vec<Segment>,
}

/// The network's timing parameters.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    pub mtu_bytes: u64,
    pub switch_ns: f64,
}

/// What a run measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// When the last message arrived (ns).
    pub time_ns: f64,
    /// Each message's arrival (ns).
    pub arrival_ns: Vec<f64>,
    /// Bytes each channel carried.
    pub channel_bytes: Vec<u64>,
    /// The link-load bound: the busiest channel's bytes over its bandwidth (ns).
    pub bound_ns: f64,
    /// Packet-hops simulated.
    pub packet_hops: u64,
}

const PS: f64 = 1000.0;

fn ps_for(bytes: u64, gbps: f64) -> u64 {
    // bits / Gbps = ns; in ps
    (bytes as f64 * 8.0 / gbps * PS).round() as u64
}

/// A packet (or a whole OCS segment) on its way: message, segment, position, size.
#[derive(Debug, Clone, Copy)]
struct Piece {
    message: u32,
    segment: u16,
    /// The channel index within the segment it crosses next.
    hop: u16,
    /// Its number within the segment.
    index: u32,
    bytes: u64,
}

/// Run `messages` over `channels`.
pub fn simulate(channels: &[Channel], messages: &[Message], timing: &Timing) -> Result<Outcome> {
    if timing.mtu_bytes == 0 {
        return Err(Error::invalid("mtu", "an MTU of at least 1 byte"));
    }
    let mut hops: u64 = 0;
    for m in messages {
        for s in &m.segments {
            hops = hops.saturating_add(match s {
                Segment::Eps(chs) => m
                    .bytes
                    .div_ceil(timing.mtu_bytes)
                    .saturating_mul(chs.len() as u64),
                Segment::Ocs(_) => 1,
            });
            let bad = match s {
                Segment::Eps(chs) => chs.iter().find(|&&c| c as usize >= channels.len()).copied(),
                Segment::Ocs(c) => (*c as usize >= channels.len()).then_some(*c),
            };
            if let Some(c) = bad {
                return Err(Error::invalid(
                    "route",
                    format!("channel {c} does not exist"),
                ));
            }
        }
    }
    if hops > MAX_PACKET_HOPS {
        return Err(Error::TooLarge {
            what: "the packet-hops of this run".into(),
            value: hops as usize,
            limit: MAX_PACKET_HOPS as usize,
            hint: "a larger MTU or fewer iterations".into(),
        });
    }
    let mut run = Run {
        channels,
        messages,
        timing,
        free_at: vec![0; channels.len()],
        channel_bytes: vec![0; channels.len()],
        pending: vec![0; messages.len()],
        heap: BinaryHeap::new(),
        pieces: Vec::new(),
        spare: Vec::new(),
        block: vec![(0, 0); messages.len()],
        seq: 0,
    };
    let switch_ps = (timing.switch_ns * PS).round() as u64;
    let mut arrival = vec![0u64; messages.len()];
    // messages in posting order (ties in the order given): each one's first segment
    let mut order: Vec<usize> = (0..messages.len()).collect();
    order.sort_by_key(|&i| messages[i].start_ns);
    let mut posted = 0;
    let mut packet_hops = 0u64;
    loop {
        // post the messages due before the next event, so a node's NIC takes them in order
        let next_event = run.heap.peek().map(|Reverse((t, _, _))| *t);
        if posted < order.len() {
            let i = order[posted];
            let t = messages[i].start_ns * 1000;
            if next_event.is_none_or(|e| t <= e) {
                posted += 1;
                if messages[i].segments.is_empty() {
                    arrival[i] = t;
                } else {
                    run.start_segment(i, 0, t);
                }
                continue;
            }
        }
        let Some(Reverse((t, _, p))) = run.heap.pop() else {
            break;
        };
        packet_hops += 1;
        let mut piece = run.pieces[p];
        let (i, k) = (piece.message as usize, piece.segment as usize);
        if piece.hop == 0 {
            // off the first channel: the segment's next packet follows it there
            run.next_packet(i, k, piece.index + 1);
        }
        let segment = &messages[i].segments[k];
        if let Segment::Eps(chs) = segment {
            if piece.hop as usize + 1 < chs.len() {
                // arrived at a switch: on after the switching delay
                let into_switch = channels[chs[piece.hop as usize] as usize].into_switch;
                piece.hop += 1;
                run.pieces[p] = piece;
                let ready = t + if into_switch { switch_ps } else { 0 };
                run.send(ready, p);
                continue;
            }
        }
        run.spare.push(p);
        run.pending[i] -= 1;
        if run.pending[i] > 0 {
            continue;
        }
        // the whole segment is in: the next one (a relay rebuilt the message), or delivered
        if k + 1 < messages[i].segments.len() {
            run.start_segment(i, k + 1, t);
        } else {
            arrival[i] = t;
        }
    }
    let bound_ps = channels
        .iter()
        .zip(&run.channel_bytes)
        .map(|(c, &b)| ps_for(b, c.gbps))
        .max()
        .unwrap_or(0);
    Ok(Outcome {
        time_ns: arrival.iter().copied().max().unwrap_or(0) as f64 / PS,
        arrival_ns: arrival.iter().map(|&a| a as f64 / PS).collect(),
        channel_bytes: run.channel_bytes,
        bound_ns: bound_ps as f64 / PS,
        packet_hops,
    })
}

/// A run's state: when each channel is free, what it carried, the pieces in flight.
struct Run<'a> {
    channels: &'a [Channel],
    messages: &'a [Message],
    timing: &'a Timing,
    free_at: Vec<u64>,
    channel_bytes: Vec<u64>,
    /// Per message: the pieces of its current segment still to arrive.
    pending: Vec<u64>,
    /// Arrivals: (time, order of scheduling, piece).
    heap: BinaryHeap<Reverse<(u64, u64, usize)>>,
    pieces: Vec<Piece>,
    /// Pieces whose packet has arrived, to reuse.
    spare: Vec<usize>,
    /// Per message: when its current segment's packets start on their first channel, and how
    /// many there are. They leave back to back, so each is put in flight only when the one
    /// before it is off that channel: the queue holds a packet per segment there, not all.
    block: Vec<(u64, u32)>,
    seq: u64,
}

impl Run<'_> {
    /// Piece `p`, ready at `t` for the channel its hop names, served first come first served;
    /// its arrival at the channel's end is scheduled.
    fn send(&mut self, t: u64, p: usize) {
        let piece = self.pieces[p];
        let c = match &self.messages[piece.message as usize].segments[piece.segment as usize] {
            Segment::Eps(chs) => chs[piece.hop as usize],
            Segment::Ocs(c) => *c,
        } as usize;
        let ch = &self.channels[c];
        let start = t.max(self.free_at[c]);
        let end = start + ps_for(piece.bytes, ch.gbps);
        self.free_at[c] = end;
        self.channel_bytes[c] += piece.bytes;
        let at = end + (ch.propagation_ns * PS).round() as u64;
        self.heap.push(Reverse((at, self.seq, p)));
        self.seq += 1;
    }

    /// Packet `index` of segment `k` of message `i`: its size (MTU packets and a shorter last
    /// one on the EPS; the whole message over a circuit), and the number of packets.
    fn packet(&self, i: usize, k: usize, index: u32) -> (u64, u32) {
        let m = &self.messages[i];
        match &m.segments[k] {
            Segment::Eps(_) => {
                let mtu = self.timing.mtu_bytes;
                let full = (m.bytes / mtu) as u32;
                let count = if m.bytes.is_multiple_of(mtu) {
                    full.max(1)
                } else {
                    full + 1
                };
                let bytes = if index < full {
                    mtu
                } else {
                    (m.bytes % mtu).max(1)
                };
                (bytes, count)
            }
            Segment::Ocs(_) => (m.bytes.max(1), 1),
        }
    }

    /// The first channel of segment `k` of message `i`.
    fn first_channel(&self, i: usize, k: usize) -> usize {
        match &self.messages[i].segments[k] {
            Segment::Eps(chs) => chs[0] as usize,
            Segment::Ocs(c) => *c as usize,
        }
    }

    /// Segment `k` of message `i` from `t`: its packets take the first channel back to back
    /// (reserved at once, first come first served), the first of them put in flight.
    fn start_segment(&mut self, i: usize, k: usize, t: u64) {
        let (_, count) = self.packet(i, k, 0);
        let c = self.first_channel(i, k);
        let gbps = self.channels[c].gbps;
        let start = t.max(self.free_at[c]);
        let bytes = self.messages[i].bytes.max(1);
        let mtu = self.timing.mtu_bytes;
        let full = if matches!(self.messages[i].segments[k], Segment::Eps(_)) {
            u64::from(count) * ps_for(mtu, gbps)
                - if bytes.is_multiple_of(mtu) {
                    0
                } else {
                    ps_for(mtu, gbps) - ps_for(bytes % mtu, gbps)
                }
        } else {
            ps_for(bytes, gbps)
        };
        self.free_at[c] = start + full;
        self.channel_bytes[c] += bytes;
        self.pending[i] = u64::from(count);
        self.block[i] = (start, count);
        self.next_packet(i, k, 0);
    }

    /// Put packet `index` of the segment in flight on its first channel (none past the last).
    fn next_packet(&mut self, i: usize, k: usize, index: u32) {
        let (start, count) = self.block[i];
        if index >= count {
            return;
        }
        let (bytes, _) = self.packet(i, k, index);
        let c = self.first_channel(i, k);
        let ch = &self.channels[c];
        let mtu = self.timing.mtu_bytes;
        // it leaves when the ones before it (full packets) are through
        let end = start + u64::from(index) * ps_for(mtu, ch.gbps) + ps_for(bytes, ch.gbps);
        let piece = Piece {
            message: i as u32,
            segment: k as u16,
            hop: 0,
            index,
            bytes,
        };
        let p = match self.spare.pop() {
            Some(p) => {
                self.pieces[p] = piece;
                p
            }
            None => {
                self.pieces.push(piece);
                self.pieces.len() - 1
            }
        };
        let at = end + (ch.propagation_ns * PS).round() as u64;
        self.heap.push(Reverse((at, self.seq, p)));
        self.seq += 1;
    }
}

#[cfg(test)]
mod tests;
