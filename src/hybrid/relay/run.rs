//! A relay plan in the message simulator (paper 001 §4.1, Table 1): the tree's channels (node
//! links at 1 Gbps, uplinks at the configuration's rate, 40 ns each, 420 ns per switch), the
//! circuits (4 Gbps, 120 ns), and every message along its route — large ones as routed
//! (direct, relayed, or EPS), small ones over the EPS, phase by phase as the application's
//! program says (`apps`).

use super::alloc::Allocation;
use super::apps::Workload;
use super::route::{Bandwidths, Routes, Vertex};
use super::OcsPlacement;
use crate::sim::message::{
    self, Channel, Gate, Outcome, Posted, Program, Segment, Timing, NO_GATE,
};
use crate::Result;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A map keyed by a (source, destination) pair packed in a u64. std's SipHash took about 100 ns
/// a message when a program of half a million messages is laid out; these keys are our own
/// ranks (nothing adversarial), so one multiply mixes them well enough.
type PairMap<V> = HashMap<u64, V, BuildHasherDefault<PairHasher>>;

#[derive(Default)]
struct PairHasher(u64);

impl Hasher for PairHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Table 1's parameters.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct NetParams {
    pub down_gbps: f64,
    pub up_gbps: f64,
    pub ocs_gbps: f64,
    pub eps_propagation_ns: f64,
    pub ocs_propagation_ns: f64,
    pub switch_ns: f64,
    pub mtu_bytes: u64,
}

impl Default for NetParams {
    fn default() -> Self {
        // Table 1, the 8×32 case at 1:5
        NetParams {
            down_gbps: 1.0,
            up_gbps: 6.4,
            ocs_gbps: 4.0,
            eps_propagation_ns: 40.0,
            ocs_propagation_ns: 120.0,
            switch_ns: 420.0,
            mtu_bytes: 4096,
        }
    }
}

impl NetParams {
    pub fn bandwidths(&self) -> Bandwidths {
        Bandwidths {
            down_gbps: self.down_gbps,
            up_gbps: self.up_gbps,
            ocs_gbps: self.ocs_gbps,
        }
    }
}

/// The channels: node r up 2r and down 2r+1; edge s up 2N+2s and down 2N+2s+1; circuit i
/// a→b 2N+2E+2i and b→a one more.
fn channels(p: &OcsPlacement, alloc: &Allocation, q: &NetParams) -> Vec<Channel> {
    let eps = |gbps: f64, into_switch: bool| Channel {
        gbps,
        propagation_ns: q.eps_propagation_ns,
        into_switch,
    };
    let mut out = Vec::new();
    for _ in 0..p.nodes() {
        out.push(eps(q.down_gbps, true));
        out.push(eps(q.down_gbps, false));
    }
    for _ in 0..p.edges {
        out.push(eps(q.up_gbps, true));
        out.push(eps(q.up_gbps, true));
    }
    for _ in &alloc.circuits {
        for _ in 0..2 {
            out.push(Channel {
                gbps: q.ocs_gbps,
                propagation_ns: q.ocs_propagation_ns,
                into_switch: false,
            });
        }
    }
    out
}

/// A path's segments: runs of EPS channels, and circuits crossed whole.
fn segments(p: &OcsPlacement, alloc: &Allocation, path: &[Vertex]) -> Vec<Segment> {
    let (n, e) = (p.nodes() as u32, p.edges as u32);
    let mut out: Vec<Segment> = Vec::new();
    let mut run: Vec<u32> = Vec::new();
    for w in path.windows(2) {
        let channel = match (w[0], w[1]) {
            (Vertex::Node(a), Vertex::Node(b)) => {
                let i = alloc
                    .circuits
                    .iter()
                    .position(|c| (c.a, c.b) == (a, b) || (c.a, c.b) == (b, a))
                    .expect("a node-to-node hop is a circuit") as u32;
                let forward = alloc.circuits[i as usize].a == a;
                if !run.is_empty() {
                    out.push(Segment::Eps(std::mem::take(&mut run)));
                }
                out.push(Segment::Ocs(2 * n + 2 * e + 2 * i + u32::from(!forward)));
                continue;
            }
            (Vertex::Node(r), Vertex::Edge(_)) => 2 * r,
            (Vertex::Edge(_), Vertex::Node(r)) => 2 * r + 1,
            (Vertex::Edge(s), Vertex::Upper) => 2 * n + 2 * s,
            (Vertex::Upper, Vertex::Edge(s)) => 2 * n + 2 * s + 1,
            other => unreachable!("no link {other:?} in the tree"),
        };
        run.push(channel);
    }
    if !run.is_empty() {
        out.push(Segment::Eps(run));
    }
    out
}

/// The EPS tree path between two nodes.
fn tree_path(p: &OcsPlacement, s: u32, d: u32) -> Vec<Vertex> {
    let (x, y) = (p.switch_of(s) as u32, p.switch_of(d) as u32);
    if x == y {
        vec![Vertex::Node(s), Vertex::Edge(x), Vertex::Node(d)]
    } else {
        vec![
            Vertex::Node(s),
            Vertex::Edge(x),
            Vertex::Upper,
            Vertex::Edge(y),
            Vertex::Node(d),
        ]
    }
}

/// Simulate a program over the plan: messages of at least `threshold` bytes along `routes`
/// (one per directed pair), the others over the EPS tree. Each rank's phase is a gate: it
/// opens when the messages sent to the rank in its previous phase have arrived (and that phase
/// was posted), waits the phase's compute time and posts the rank's sends in order.
pub fn simulate(
    p: &OcsPlacement,
    alloc: &Allocation,
    routes: &Routes,
    work: &Workload,
    threshold: u64,
    q: &NetParams,
) -> Result<Outcome> {
    let pair = |s: u32, d: u32| (u64::from(s) << 32) | u64::from(d);
    let by_pair: PairMap<&[Vertex]> = routes
        .routes
        .iter()
        .map(|r| (pair(r.src, r.dst), r.path.as_slice()))
        .collect();
    let ranks = work.ranks;
    let phases = work.phases.len() as u32;
    let gate = |rank: u32, phase: u32| phase * ranks + rank;
    let mut program = Program {
        gates: (0..=phases)
            .flat_map(|k| {
                let delay_ns = work.phases.get(k as usize).map_or(0, |ph| ph.compute_ns);
                (0..ranks).map(move |r| Gate {
                    delay_ns,
                    then: if k < phases { gate(r, k + 1) } else { NO_GATE },
                })
            })
            .collect(),
        ..Program::default()
    };
    // per (pair, large): the route's index
    let mut route_of: [PairMap<u32>; 2] = Default::default();
    for (k, phase) in work.phases.iter().enumerate() {
        for s in phase.sends.iter().filter(|s| s.src != s.dst) {
            let key = pair(s.src, s.dst);
            let large = s.bytes >= threshold && by_pair.contains_key(&key);
            let route = *route_of[usize::from(large)].entry(key).or_insert_with(|| {
                let path = match by_pair.get(&key) {
                    Some(path) if large => segments(p, alloc, path),
                    _ => segments(p, alloc, &tree_path(p, s.src, s.dst)),
                };
                program.routes.push(path);
                program.routes.len() as u32 - 1
            });
            program.messages.push(Posted {
                bytes: s.bytes,
                route,
                gate: gate(s.src, k as u32),
                signals: [gate(s.dst, k as u32 + 1), NO_GATE],
            });
        }
    }
    message::simulate_program(
        &channels(p, alloc, q),
        &program,
        &Timing {
            mtu_bytes: q.mtu_bytes,
            switch_ns: q.switch_ns,
        },
    )
}

/// Bytes into the upper switch (from every uplink) in an outcome.
pub fn uplink_bytes(p: &OcsPlacement, out: &Outcome) -> u64 {
    let n = p.nodes();
    (0..p.edges).map(|s| out.channel_bytes[2 * n + 2 * s]).sum()
}

/// Bytes on each edge switch's uplink channels in an outcome: [up, down] per switch.
pub(crate) fn uplink_channel_bytes(p: &OcsPlacement, out: &Outcome) -> Vec<[u64; 2]> {
    let n = p.nodes();
    (0..p.edges)
        .map(|s| {
            [
                out.channel_bytes[2 * n + 2 * s],
                out.channel_bytes[2 * n + 2 * s + 1],
            ]
        })
        .collect()
}

#[cfg(test)]
mod tests;
