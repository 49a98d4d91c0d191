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
//! Programs (an application's phases, §4.1's NPB runs) post messages at *gates*: a gate opens
//! when every message and gate signalling it has arrived, waits its compute time, then posts
//! its messages in order and signals the gate after it. A rank's step is a gate.
//!
//! Times are integer picoseconds, so Table 1's packet times (32,768 ns for 4096 B at 1 Gbps)
//! are exact and two runs of one input give one answer.
//!
//! The event loop keeps, per channel, the pieces crossing it in arrival order (a channel is
//! FIFO and its propagation fixed, so arrivals leave in the order they entered) and a heap of
//! the channels' next arrivals: the heap holds at most one entry per channel, and the packets
//! of a segment leaving its first channel back to back are one entry (a train) there.

use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// Most packet-hops one run may simulate (checked before it starts).
pub const MAX_PACKET_HOPS: u64 = 100_000_000;
/// Most messages and gates one program may hold (checked before it starts).
pub const MAX_MESSAGES: usize = 12_000_000;

/// No gate.
pub(crate) const NO_GATE: u32 = u32::MAX;

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

/// A message on its own: posted at `start_ns`, `bytes` long, along its segments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    pub bytes: u64,
    pub start_ns: u64,
    pub segments: Vec<Segment>,
}

/// A message of a program: posted when its gate is ready, along a shared route, signalling up
/// to two gates when it arrives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Posted {
    pub bytes: u64,
    pub route: u32,
    pub gate: u32,
    pub signals: [u32; 2],
}

/// A gate: it opens once everything signalling it has arrived (at once if nothing does),
/// waits `delay_ns` (computation), posts its messages and signals `then`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Gate {
    pub delay_ns: u64,
    pub then: u32,
}

/// Messages on shared routes, posted at gates.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Program {
    pub routes: Vec<Vec<Segment>>,
    pub messages: Vec<Posted>,
    pub gates: Vec<Gate>,
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
    /// When the last message arrived or the last gate was ready (ns).
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

const PS: u64 = 1000;

fn ps_for(bytes: u64, gbps: f64) -> u64 {
    // bits / Gbps = ns; in ps, rounded half up (`f64::round` is a library call, and this runs
    // for every packet shorter than the MTU; the values are far below 2^52, where the two agree)
    (bytes as f64 * 8.0 / gbps * PS as f64 + 0.5) as u64
}

/// Run messages posted on their own (each at its `start_ns`, ties in the order given).
pub fn simulate(channels: &[Channel], messages: &[Message], timing: &Timing) -> Result<Outcome> {
    // one gate per distinct start, in time order; each message its own route
    let mut starts: Vec<u64> = messages.iter().map(|m| m.start_ns).collect();
    starts.sort_unstable();
    starts.dedup();
    let program = Program {
        routes: messages.iter().map(|m| m.segments.clone()).collect(),
        messages: messages
            .iter()
            .enumerate()
            .map(|(i, m)| Posted {
                bytes: m.bytes,
                route: i as u32,
                gate: starts.binary_search(&m.start_ns).unwrap_or(0) as u32,
                signals: [NO_GATE; 2],
            })
            .collect(),
        gates: starts
            .iter()
            .map(|&t| Gate {
                delay_ns: t,
                then: NO_GATE,
            })
            .collect(),
    };
    simulate_program(channels, &program, timing)
}

/// A route flattened: its segments' first entry in `Flat::hops` and length (0 for a circuit,
/// whose channel is then the entry itself).
#[derive(Debug, Clone, Copy)]
struct Seg {
    first: u32,
    len: u32,
}

struct Flat {
    /// Per route, its segments' range in `segs`.
    route_segs: Vec<(u32, u32)>,
    segs: Vec<Seg>,
    hops: Vec<u32>,
}

impl Flat {
    fn new(routes: &[Vec<Segment>]) -> Flat {
        let mut f = Flat {
            route_segs: Vec::with_capacity(routes.len()),
            segs: Vec::new(),
            hops: Vec::new(),
        };
        for r in routes {
            let start = f.segs.len() as u32;
            for s in r {
                let first = f.hops.len() as u32;
                match s {
                    Segment::Eps(chs) => {
                        f.hops.extend_from_slice(chs);
                        f.segs.push(Seg {
                            first,
                            len: chs.len() as u32,
                        });
                    }
                    Segment::Ocs(c) => {
                        f.hops.push(*c);
                        f.segs.push(Seg { first, len: 0 });
                    }
                }
            }
            f.route_segs.push((start, f.segs.len() as u32));
        }
        f
    }
}

/// Packets of a segment crossing one channel back to back: `first..end` of the segment's
/// packets, the one at `next` arriving next; they entered the channel from `start`.
#[derive(Debug, Clone, Copy)]
struct Train {
    message: u32,
    /// The segment's index in `Flat::segs`.
    seg: u32,
    hop: u32,
    first: u32,
    next: u32,
    end: u32,
    start: u64,
}

/// Per channel, in ps: a full packet's serialisation, the propagation, the switching delay
/// at its end.
#[derive(Debug, Clone, Copy)]
struct Costs {
    gbps: f64,
    packet_ps: u64,
    propagation_ps: u64,
    switch_ps: u64,
}

/// Run a program over `channels`.
pub(crate) fn simulate_program(
    channels: &[Channel],
    program: &Program,
    timing: &Timing,
) -> Result<Outcome> {
    if timing.mtu_bytes == 0 {
        return Err(Error::invalid("mtu", "an MTU of at least 1 byte"));
    }
    let size = program.messages.len().saturating_add(program.gates.len());
    if size > MAX_MESSAGES {
        return Err(Error::TooLarge {
            what: "the messages and steps of this run".into(),
            value: size,
            limit: MAX_MESSAGES,
            hint: "fewer iterations or ranks".into(),
        });
    }
    for (i, r) in program.routes.iter().enumerate() {
        for s in r {
            let bad = match s {
                Segment::Eps(chs) => chs.iter().find(|&&c| c as usize >= channels.len()).copied(),
                Segment::Ocs(c) => (*c as usize >= channels.len()).then_some(*c),
            };
            if let Some(c) = bad {
                return Err(Error::invalid(
                    "route",
                    format!("route {i}: channel {c} does not exist"),
                ));
            }
            if matches!(s, Segment::Eps(chs) if chs.is_empty()) {
                return Err(Error::invalid(
                    "route",
                    format!("route {i}: an empty segment"),
                ));
            }
        }
    }
    let gates = program.gates.len();
    let valid_gate = |g: u32| g == NO_GATE || (g as usize) < gates;
    if let Some(g) = program.gates.iter().find(|g| !valid_gate(g.then)) {
        return Err(Error::invalid(
            "gate",
            format!("gate {} does not exist", g.then),
        ));
    }
    let mut hops: u64 = 0;
    let flat = Flat::new(&program.routes);
    for m in &program.messages {
        if m.route as usize >= program.routes.len() || m.gate as usize >= gates {
            return Err(Error::invalid(
                "message",
                format!("route {} or gate {} does not exist", m.route, m.gate),
            ));
        }
        if let Some(&g) = m.signals.iter().find(|&&g| !valid_gate(g)) {
            return Err(Error::invalid("gate", format!("gate {g} does not exist")));
        }
        let (a, b) = flat.route_segs[m.route as usize];
        for s in &flat.segs[a as usize..b as usize] {
            hops = hops.saturating_add(if s.len == 0 {
                1
            } else {
                m.bytes
                    .div_ceil(timing.mtu_bytes)
                    .max(1)
                    .saturating_mul(u64::from(s.len))
            });
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
    let switch_ps = (timing.switch_ns * PS as f64).round() as u64;
    let costs: Vec<Costs> = channels
        .iter()
        .map(|c| Costs {
            gbps: c.gbps,
            packet_ps: ps_for(timing.mtu_bytes, c.gbps),
            propagation_ps: (c.propagation_ns * PS as f64).round() as u64,
            switch_ps: if c.into_switch { switch_ps } else { 0 },
        })
        .collect();
    // what signals each gate, and each gate's messages in order
    let mut waits = vec![0u32; gates];
    for g in program.gates.iter().map(|g| g.then) {
        if g != NO_GATE {
            waits[g as usize] += 1;
        }
    }
    let mut posts_at = vec![0u32; gates + 1];
    for m in &program.messages {
        for &g in &m.signals {
            if g != NO_GATE {
                waits[g as usize] += 1;
            }
        }
        posts_at[m.gate as usize + 1] += 1;
    }
    for g in 0..gates {
        posts_at[g + 1] += posts_at[g];
    }
    let mut posts = vec![0u32; program.messages.len()];
    let mut fill = posts_at.clone();
    for (i, m) in program.messages.iter().enumerate() {
        posts[fill[m.gate as usize] as usize] = i as u32;
        fill[m.gate as usize] += 1;
    }
    let mut run = Run {
        program,
        flat,
        costs,
        mtu: timing.mtu_bytes,
        free_at: vec![0; channels.len()],
        channel_bytes: vec![0; channels.len()],
        queues: vec![VecDeque::new(); channels.len()],
        heap: BinaryHeap::new(),
        ready: BinaryHeap::new(),
        now: Vec::new(),
        posts_at,
        posts,
        waits,
        opened: vec![0; gates],
        packets: vec![0; program.messages.len()],
        arrival: vec![u64::MAX; program.messages.len()],
        last: 0,
    };
    for g in 0..gates {
        if run.waits[g] == 0 {
            run.ready
                .push(Reverse((program.gates[g].delay_ns * PS, g as u32)));
        }
    }
    loop {
        // gates that opened with nothing to compute post at once
        while let Some((t, g)) = run.now.pop() {
            run.fire(g, t);
        }
        let next_gate = run.ready.peek().map(|Reverse((t, _))| *t);
        let next_arrival = run.heap.peek().map(|Reverse((t, _))| *t);
        match (next_gate, next_arrival) {
            (None, None) => break,
            (Some(g), a) if a.is_none_or(|a| g <= a) => {
                let Reverse((t, g)) = run.ready.pop().expect("peeked");
                run.fire(g, t);
            }
            _ => run.arrive(),
        }
    }
    if let Some(lost) = run.arrival.iter().position(|&a| a == u64::MAX) {
        return Err(Error::invalid(
            "program",
            format!("message {lost} was never sent: its gate waits on itself"),
        ));
    }
    let bound_ps = channels
        .iter()
        .zip(&run.channel_bytes)
        .map(|(c, &b)| ps_for(b, c.gbps))
        .max()
        .unwrap_or(0);
    let to_ns = |ps: u64| ps as f64 / PS as f64;
    Ok(Outcome {
        time_ns: to_ns(run.last),
        arrival_ns: run.arrival.iter().map(|&a| to_ns(a)).collect(),
        channel_bytes: run.channel_bytes,
        bound_ns: to_ns(bound_ps),
        // every message arrived, so every packet crossed every link of its route
        packet_hops: hops,
    })
}

/// A run's state.
struct Run<'a> {
    program: &'a Program,
    flat: Flat,
    costs: Vec<Costs>,
    mtu: u64,
    free_at: Vec<u64>,
    channel_bytes: Vec<u64>,
    /// Per channel, the trains crossing it in arrival order.
    queues: Vec<VecDeque<Train>>,
    /// Channels by their next arrival (time, channel): at most one entry per channel.
    heap: BinaryHeap<Reverse<(u64, u32)>>,
    /// Gates by when they post (time, gate).
    ready: BinaryHeap<Reverse<(u64, u32)>>,
    /// Gates ready now (no computation after they opened), taken before any later event.
    now: Vec<(u64, u32)>,
    /// Each gate's messages: `posts[posts_at[g]..posts_at[g + 1]]`, in order.
    posts_at: Vec<u32>,
    posts: Vec<u32>,
    /// Per gate: signals still to come; when the last came.
    waits: Vec<u32>,
    opened: Vec<u64>,
    /// Per message: the pieces of its current segment.
    packets: Vec<u32>,
    arrival: Vec<u64>,
    /// The latest arrival or gate.
    last: u64,
}

impl Run<'_> {
    /// Gate `g` is ready at `t`: its messages are posted in order and its successor told.
    fn fire(&mut self, g: u32, t: u64) {
        self.last = self.last.max(t);
        for i in self.posts_at[g as usize]..self.posts_at[g as usize + 1] {
            let m = self.posts[i as usize];
            self.post(m, t);
        }
        self.signal(self.program.gates[g as usize].then, t);
    }

    /// Packet `index` of message `m`'s EPS segments: its serialisation on channel `c`.
    fn packet_ps(&self, m: u32, index: u32, c: usize, eps: bool) -> u64 {
        let bytes = self.program.messages[m as usize].bytes;
        let cost = &self.costs[c];
        if !eps {
            return ps_for(bytes.max(1), cost.gbps);
        }
        let full = bytes / self.mtu;
        if u64::from(index) < full {
            cost.packet_ps
        } else {
            ps_for((bytes % self.mtu).max(1), cost.gbps)
        }
    }

    /// The arrival at the far end of channel `c` of the train's next packet.
    fn arrival_of(&self, tr: &Train, c: usize) -> u64 {
        let eps = self.flat.segs[tr.seg as usize].len > 0;
        tr.start
            + u64::from(tr.next - tr.first) * self.costs[c].packet_ps
            + self.packet_ps(tr.message, tr.next, c, eps)
            + self.costs[c].propagation_ps
    }

    /// Put a train on channel `c`'s queue (it arrives after everything there).
    /// A packet that follows its predecessor of the same segment back to back joins its train
    /// (same times; a slow link's queue then holds a train per message, not a packet).
    fn enqueue(&mut self, c: usize, tr: Train) {
        let packet_ps = self.costs[c].packet_ps;
        if let Some(back) = self.queues[c].back_mut() {
            if (back.message, back.seg, back.hop, back.end)
                == (tr.message, tr.seg, tr.hop, tr.first)
                && tr.start == back.start + u64::from(tr.first - back.first) * packet_ps
            {
                back.end += 1;
                return;
            }
        }
        if self.queues[c].is_empty() {
            let at = self.arrival_of(&tr, c);
            self.heap.push(Reverse((at, c as u32)));
        }
        self.queues[c].push_back(tr);
    }

    /// Post message `m` at `t`: its first segment starts.
    fn post(&mut self, m: u32, t: u64) {
        let (a, b) = self.flat.route_segs[self.program.messages[m as usize].route as usize];
        if a == b {
            self.deliver(m, t);
        } else {
            self.start_segment(m, a, t);
        }
    }

    /// Segment `seg` of message `m` from `t`: its packets take the first channel back to back
    /// (reserved at once, first come first served).
    fn start_segment(&mut self, m: u32, seg: u32, t: u64) {
        let s = self.flat.segs[seg as usize];
        let c = self.flat.hops[s.first as usize] as usize;
        let bytes = self.program.messages[m as usize].bytes;
        let (count, busy) = if s.len > 0 {
            let count = bytes.div_ceil(self.mtu).max(1) as u32;
            let last = self.packet_ps(m, count - 1, c, true);
            (count, u64::from(count - 1) * self.costs[c].packet_ps + last)
        } else {
            (1, ps_for(bytes.max(1), self.costs[c].gbps))
        };
        let start = t.max(self.free_at[c]);
        self.free_at[c] = start + busy;
        self.channel_bytes[c] += bytes;
        self.packets[m as usize] = count;
        self.enqueue(
            c,
            Train {
                message: m,
                seg,
                hop: 0,
                first: 0,
                next: 0,
                end: count,
                start,
            },
        );
    }

    /// The earliest arrival: its packet moves on, or completes its segment.
    fn arrive(&mut self) {
        let Some(&Reverse((t, c))) = self.heap.peek() else {
            return;
        };
        let c = c as usize;
        let queue = &mut self.queues[c];
        let head = queue
            .front_mut()
            .expect("a channel in the heap has a train");
        let (m, seg, hop, index) = (head.message, head.seg, head.hop, head.next);
        head.next += 1;
        if head.next == head.end {
            queue.pop_front();
        }
        let next_at = self.queues[c]
            .front()
            .copied()
            .map(|tr| self.arrival_of(&tr, c));
        {
            let mut top = self.heap.peek_mut().expect("peeked");
            match next_at {
                Some(at) => *top = Reverse((at, c as u32)),
                None => {
                    std::collections::binary_heap::PeekMut::pop(top);
                }
            }
        }
        let s = self.flat.segs[seg as usize];
        if hop + 1 < s.len {
            // into a switch: on after the switching delay, first come first served
            let next = self.flat.hops[(s.first + hop + 1) as usize] as usize;
            let ready = t + self.costs[c].switch_ps;
            let start = ready.max(self.free_at[next]);
            let busy = self.packet_ps(m, index, next, true);
            self.free_at[next] = start + busy;
            let bytes = self.program.messages[m as usize].bytes;
            self.channel_bytes[next] += if u64::from(index) < bytes / self.mtu {
                self.mtu
            } else {
                (bytes % self.mtu).max(1)
            };
            if hop + 2 == s.len && index + 1 < self.packets[m as usize] {
                // onto the segment's last link: only its last packet's arrival matters (the
                // others arrive before it, FIFO on one path), so no event for this one
                return;
            }
            self.enqueue(
                next,
                Train {
                    message: m,
                    seg,
                    hop: hop + 1,
                    first: index,
                    next: index,
                    end: index + 1,
                    start,
                },
            );
            return;
        }
        if index + 1 < self.packets[m as usize] {
            return;
        }
        // the whole segment is in (its last packet, behind all the others): the next one (a relay rebuilt the message), or delivered
        let (_, last) = self.flat.route_segs[self.program.messages[m as usize].route as usize];
        if seg + 1 < last {
            self.start_segment(m, seg + 1, t);
        } else {
            self.deliver(m, t);
        }
    }

    fn deliver(&mut self, m: u32, t: u64) {
        self.arrival[m as usize] = t;
        self.last = self.last.max(t);
        for g in self.program.messages[m as usize].signals {
            self.signal(g, t);
        }
    }

    /// Gate `g` hears one of its signals at `t`.
    fn signal(&mut self, g: u32, t: u64) {
        if g == NO_GATE {
            return;
        }
        let g = g as usize;
        self.opened[g] = self.opened[g].max(t);
        self.waits[g] -= 1;
        if self.waits[g] == 0 {
            let at = self.opened[g] + self.program.gates[g].delay_ns * PS;
            if at == self.opened[g] {
                self.now.push((at, g as u32));
            } else {
                self.ready.push(Reverse((at, g as u32)));
            }
        }
    }
}

#[cfg(test)]
mod tests;
