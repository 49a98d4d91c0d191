//! Relay routing, paper 001 §3.2.3: forwarding tables from a distance-vector exchange whose
//! link metric is 1 / bandwidth over both networks, the optical route preferred when an
//! EPS-only route is as short. A distance vector's fixed point is the single-destination
//! shortest paths, so we compute those (Dijkstra per destination) and apply the tie rules when
//! the next hops are read off. Each large communication gets one of Fig. 3's route kinds:
//! direct over its own circuit, relayed through OCS nodes (E ⇒ D ⇒ F ⇒ G, possibly through
//! several circuits), or EPS only. A node that is not an OCS node holding a circuit has one
//! link, so it is never a relay.
//!
//! Uplink cost (the caveat): costing the oversubscribed uplink literally at 1/6.4 Gbps
//! makes a plain EPS path (2.31) cheaper than a relay (4.25), so 8×32 with 64 OCS nodes would
//! not relay everything, and the low-bisection EPS would slow ours, against §4.2. We cost an
//! uplink by what one of its P nodes gets of it, P / up Gbps (`UplinkCost::Share`); `Literal`
//! and `SwitchLevel` (circuits between switches, node legs free) are the alternatives.
//!
//! Ties between equally short routes: fewer uplink hops first (so a relay beats an EPS route of
//! the same cost: "optical preferred"), then, among OCS nodes leading to equally good circuits,
//! the circuit with the fewest bytes so far (relayed traffic spread over a switch pair's
//! circuits, not piled on the lowest id), then the lowest vertex.

use super::alloc::Allocation;
use super::OcsPlacement;
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// How an oversubscribed uplink is costed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum UplinkCost {
    /// P / up Gbps: what one node gets of the uplink.
    #[default]
    Share,
    /// 1 / up Gbps per physical link.
    Literal,
    /// Between switches: circuits and uplinks at 1 / Gbps, node legs (almost) free.
    SwitchLevel,
}

impl crate::choice::Choices for UplinkCost {
    const DECIDES: &'static str = "When a relay beats the EPS";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (
            UplinkCost::Share,
            "share",
            "an uplink costs P / up Gbps, the share one node gets",
        ),
        (
            UplinkCost::Literal,
            "literal",
            "an uplink costs 1 / up Gbps, as one physical link",
        ),
        (
            UplinkCost::SwitchLevel,
            "switch level",
            "circuits and uplinks at 1 / Gbps between switches, node legs almost free",
        ),
    ];
}

/// Bandwidths of the hybrid network (Table 1: 1 Gbps node links, 4 Gbps OCS).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Bandwidths {
    pub down_gbps: f64,
    pub up_gbps: f64,
    pub ocs_gbps: f64,
}

/// What kind of route a communication takes (Fig. 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Kind {
    /// Over the circuit joining its own two nodes.
    Direct,
    /// Through one or more circuits held by other OCS nodes.
    Relay,
    /// Only over the EPS tree, uplinks included.
    Eps,
    /// Both under one edge switch: EPS inside it.
    Local,
}

/// A vertex of the hybrid network: a node (rank), an edge switch or the upper switch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Vertex {
    Node(u32),
    Edge(u32),
    Upper,
}

/// The route of one directed communication.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Route {
    pub src: u32,
    pub dst: u32,
    pub kind: Kind,
    pub path: Vec<Vertex>,
    /// The circuits crossed (indices into the allocation), in order.
    pub circuits: Vec<usize>,
    /// Σ 1/Gbps over its links under the cost reading.
    pub cost: f64,
}

impl Route {
    /// The nodes it passes, as the paper writes it: 17 ⇒ 1 ⇒ 34 ⇒ 33.
    pub fn nodes(&self) -> Vec<u32> {
        self.path
            .iter()
            .filter_map(|v| match v {
                Vertex::Node(r) => Some(*r),
                _ => None,
            })
            .collect()
    }
}

/// Costs are integers (femtoseconds per bit: 1 Gbps = 10⁶), so ties are exact.
type Cost = u64;

fn cost_of(gbps: f64) -> Cost {
    (1e6 / gbps).round().max(1.0) as Cost
}

/// One side of a link: the neighbour, the cost, whether it is an uplink hop, and the circuit
/// it is (if it is one).
type Arc = (usize, Cost, bool, Option<usize>);

/// The hybrid network as a graph.
pub struct RelayNet<'a> {
    p: &'a OcsPlacement,
    alloc: &'a Allocation,
    /// Adjacency: (neighbour, cost, uplink hop?, circuit index).
    adj: Vec<Vec<Arc>>,
    /// The circuit each node holds.
    holds: Vec<Option<usize>>,
}

impl<'a> RelayNet<'a> {
    pub fn new(
        p: &'a OcsPlacement,
        alloc: &'a Allocation,
        bw: Bandwidths,
        reading: UplinkCost,
    ) -> Self {
        let (n, e) = (p.nodes(), p.edges);
        let upper = n + e;
        let mut adj = vec![Vec::new(); n + e + 1];
        let leg = match reading {
            UplinkCost::SwitchLevel => 1,
            _ => cost_of(bw.down_gbps),
        };
        let up = match reading {
            UplinkCost::Share => cost_of(bw.up_gbps / p.nodes_per_edge as f64),
            _ => cost_of(bw.up_gbps),
        };
        let mut link = |a: usize, b: usize, c: Cost, uplink: bool, circuit: Option<usize>| {
            adj[a].push((b, c, uplink, circuit));
            adj[b].push((a, c, uplink, circuit));
        };
        for r in 0..n {
            link(r, n + p.switch_of(r as u32), leg, false, None);
        }
        for s in 0..e {
            link(n + s, upper, up, true, None);
        }
        let mut holds = vec![None; n];
        for (i, c) in alloc.circuits.iter().enumerate() {
            link(
                c.a as usize,
                c.b as usize,
                cost_of(bw.ocs_gbps),
                false,
                Some(i),
            );
            holds[c.a as usize] = Some(i);
            holds[c.b as usize] = Some(i);
        }
        RelayNet {
            p,
            alloc,
            adj,
            holds,
        }
    }

    fn vertex(&self, v: usize) -> Vertex {
        let n = self.p.nodes();
        if v < n {
            Vertex::Node(v as u32)
        } else if v < n + self.p.edges {
            Vertex::Edge((v - n) as u32)
        } else {
            Vertex::Upper
        }
    }

    /// (cost, uplink hops) from every vertex to `dst`.
    fn towards(&self, dst: usize) -> Vec<(Cost, u32)> {
        let mut best = vec![(Cost::MAX, u32::MAX); self.adj.len()];
        let mut heap = BinaryHeap::new();
        best[dst] = (0, 0);
        heap.push(Reverse(((0, 0), dst)));
        while let Some(Reverse((label, v))) = heap.pop() {
            if label > best[v] {
                continue;
            }
            for &(u, c, uplink, _) in &self.adj[v] {
                let next = (label.0 + c, label.1 + u32::from(uplink));
                if next < best[u] {
                    best[u] = next;
                    heap.push(Reverse((next, u)));
                }
            }
        }
        best
    }

    /// Routes for directed communications `(src, dst, bytes)`, in the order given; the bytes
    /// spread relayed traffic over parallel circuits as they are assigned.
    pub fn route_all(&self, comms: &[(u32, u32, u64)]) -> Routes {
        let mut circuit_bytes = vec![0u64; self.alloc.circuits.len()];
        let mut by_dst: std::collections::BTreeMap<u32, Vec<(usize, u32, u64)>> =
            Default::default();
        for (i, &(s, d, b)) in comms.iter().enumerate() {
            by_dst.entry(d).or_default().push((i, s, b));
        }
        let mut routes: Vec<Option<Route>> = vec![None; comms.len()];
        // destinations in order, each one shortest-path tree; the spreading follows the order
        // of the communications within a destination and of the destinations
        for (&d, list) in &by_dst {
            let dist = self.towards(d as usize);
            for &(i, s, bytes) in list {
                let r = self.walk(s, d, &dist, &circuit_bytes);
                for &c in &r.circuits {
                    circuit_bytes[c] += bytes;
                }
                routes[i] = Some(r);
            }
        }
        let routes: Vec<Route> = routes
            .into_iter()
            .map(|r| r.expect("every communication routed"))
            .collect();
        Routes {
            routes,
            circuit_bytes,
        }
    }

    fn walk(&self, s: u32, d: u32, dist: &[(Cost, u32)], circuit_bytes: &[u64]) -> Route {
        let (mut v, target) = (s as usize, d as usize);
        let mut path = vec![self.vertex(v)];
        let mut circuits = Vec::new();
        while v != target {
            let here = dist[v];
            let (u, _, _, circuit) = self.adj[v]
                .iter()
                .filter(|&&(u, c, uplink, _)| {
                    dist[u].0.checked_add(c) == Some(here.0)
                        && dist[u].1 + u32::from(uplink) == here.1
                })
                .min_by_key(|&&(u, _, _, circuit)| {
                    // the circuit this hop leads to: its own, or the one of the OCS node it reaches
                    let ahead = circuit.or_else(|| {
                        (u < self.p.nodes() && u as u32 != d)
                            .then(|| self.holds[u])
                            .flatten()
                    });
                    (ahead.map_or(0, |c| circuit_bytes[c]), u)
                })
                .copied()
                .expect("the tree is connected: every vertex reaches the destination");
            if let Some(c) = circuit {
                circuits.push(c);
            }
            v = u;
            path.push(self.vertex(v));
        }
        let (same_switch, direct) = (
            self.p.switch_of(s) == self.p.switch_of(d),
            path.len() == 2 && !circuits.is_empty(),
        );
        let kind = if direct {
            Kind::Direct
        } else if !circuits.is_empty() {
            Kind::Relay
        } else if same_switch {
            Kind::Local
        } else {
            Kind::Eps
        };
        Route {
            src: s,
            dst: d,
            kind,
            path,
            circuits,
            cost: dist[s as usize].0 as f64 / 1e6,
        }
    }
}

/// Every communication's route and the bytes each circuit carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Routes {
    pub routes: Vec<Route>,
    pub circuit_bytes: Vec<u64>,
}

impl Routes {
    /// Directed communications of each kind: [direct, relay, eps, local].
    pub fn kinds(&self) -> [usize; 4] {
        let mut k = [0; 4];
        for r in &self.routes {
            k[match r.kind {
                Kind::Direct => 0,
                Kind::Relay => 1,
                Kind::Eps => 2,
                Kind::Local => 3,
            }] += 1;
        }
        k
    }

    /// Per node of `nodes`, the bytes of the large communications `large` (src, dst, bytes) it
    /// relays for others: every node of a route but its two ends (§3.2.3's relays).
    pub(crate) fn relay_bytes(&self, nodes: usize, large: &[(u32, u32, u64)]) -> Vec<u64> {
        let mut relay_bytes = vec![0u64; nodes];
        let bytes_of: std::collections::HashMap<(u32, u32), u64> =
            large.iter().fold(Default::default(), |mut m, &(s, d, b)| {
                *m.entry((s, d)).or_insert(0) += b;
                m
            });
        for r in &self.routes {
            let nodes = r.nodes();
            for &n in nodes.iter().skip(1).take(nodes.len().saturating_sub(2)) {
                relay_bytes[n as usize] += bytes_of.get(&(r.src, r.dst)).copied().unwrap_or(0);
            }
        }
        relay_bytes
    }
}

#[cfg(test)]
mod tests;
