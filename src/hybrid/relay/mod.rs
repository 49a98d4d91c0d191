//! Paper 001: a small optical circuit-switched network (OCS) beside a low-bisection electrical
//! packet-switched tree (EPS). A few nodes under every edge switch, the OCS nodes, also attach
//! to one full-Clos OCS and each holds at most one circuit; the circuits are chosen once from
//! the application's communication pattern (§3.2.2, `alloc`), and OCS nodes relay other nodes'
//! large messages between the two networks (§3.2.3).
//!
//! Placement (§4.1): ranks sit contiguously under the edge switches, P per switch, and the k
//! lowest ranks of every switch run on its OCS nodes. Only messages of at least `threshold`
//! bytes (8192, §4.1; "at least" as §3.2.1 says) are "large" and may use the OCS.

pub mod alloc;
pub mod apps;
pub mod route;
pub mod run;

use crate::{Error, Result};
use serde::{Deserialize, Serialize};

/// Most nodes (the research size is 4,096).
pub(crate) const MAX_NODES: usize = 16_384;

/// Edge switches, nodes per edge switch and OCS nodes per edge switch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct OcsPlacement {
    pub edges: usize,
    pub nodes_per_edge: usize,
    pub ocs_per_edge: usize,
}

impl OcsPlacement {
    /// A placement with `ocs_nodes` OCS nodes in all, the same number under every switch.
    pub fn new(edges: usize, nodes_per_edge: usize, ocs_nodes: usize) -> Result<Self> {
        if edges < 2 || nodes_per_edge == 0 {
            return Err(Error::invalid(
                "edge",
                format!(
                    "at least 2 edge switches of at least 1 node, not {edges}×{nodes_per_edge}"
                ),
            ));
        }
        let nodes = edges.saturating_mul(nodes_per_edge);
        if nodes > MAX_NODES {
            return Err(Error::TooLarge {
                what: "the node count".into(),
                value: nodes,
                limit: MAX_NODES,
                hint: "fewer edge switches or nodes per switch".into(),
            });
        }
        if !ocs_nodes.is_multiple_of(edges) || ocs_nodes / edges > nodes_per_edge {
            return Err(Error::invalid(
                "ocs_nodes",
                format!(
                    "the same number of OCS nodes under each of the {edges} edge switches (a multiple of {edges}, at most {nodes}), not {ocs_nodes}"
                ),
            ));
        }
        Ok(OcsPlacement {
            edges,
            nodes_per_edge,
            ocs_per_edge: ocs_nodes / edges,
        })
    }

    pub fn nodes(&self) -> usize {
        self.edges * self.nodes_per_edge
    }

    /// The edge switch rank `r` runs under.
    pub fn switch_of(&self, r: u32) -> usize {
        r as usize / self.nodes_per_edge
    }

    /// Whether rank `r` runs on an OCS node (the k lowest ranks of its switch).
    pub fn is_ocs(&self, r: u32) -> bool {
        (r as usize % self.nodes_per_edge) < self.ocs_per_edge
    }

    /// The OCS nodes under switch `s`, lowest first.
    pub fn ocs_nodes(&self, s: usize) -> std::ops::Range<u32> {
        let first = (s * self.nodes_per_edge) as u32;
        first..first + self.ocs_per_edge as u32
    }
}

/// One communication between two processes: its large messages (both ways for an undirected
/// count), their bytes and number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Comm {
    pub a: u32,
    pub b: u32,
    pub bytes: u64,
    pub messages: u64,
}

/// A message demand: `count` messages of `bytes` from `src` to `dst`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Demand {
    pub src: u32,
    pub dst: u32,
    pub bytes: u64,
    pub count: u64,
}

/// How the communications are counted (§3.2.2 does not say).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Counting {
    /// A communication is an unordered process pair (a circuit is full duplex); its volume is
    /// the bytes both ways.
    #[default]
    Undirected,
    /// Each direction is a communication of its own.
    Directed,
}

impl crate::choice::Choices for Counting {
    const DECIDES: &'static str = "What steps 1–3 count";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (
            Counting::Undirected,
            "undirected",
            "a process pair, both directions together (a circuit is full duplex)",
        ),
        (
            Counting::Directed,
            "directed",
            "each direction as a communication of its own",
        ),
    ];
}

/// The communications whose messages are at least `threshold` bytes (§3.2.1), sorted by
/// (a, b); self messages are left out.
pub fn communications(demands: &[Demand], threshold: u64, counting: Counting) -> Vec<Comm> {
    let mut by: std::collections::BTreeMap<(u32, u32), Comm> = Default::default();
    for d in demands
        .iter()
        .filter(|d| d.bytes >= threshold && d.src != d.dst && d.count > 0)
    {
        let (a, b) = match counting {
            Counting::Undirected => (d.src.min(d.dst), d.src.max(d.dst)),
            Counting::Directed => (d.src, d.dst),
        };
        let c = by.entry((a, b)).or_insert(Comm {
            a,
            b,
            bytes: 0,
            messages: 0,
        });
        c.bytes += d.bytes * d.count;
        c.messages += d.count;
    }
    by.into_values().collect()
}

/// §4.1's neighbour exchange: ranks row by row on a rows × cols grid, each sending `bytes` to
/// each existing neighbour (up, down, left, right; wrapping round when `periodic`).
pub fn neighbor_exchange(rows: u32, cols: u32, bytes: u64, periodic: bool) -> Vec<Demand> {
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let me = r * cols + c;
            let moves: [(i64, i64); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
            for (dr, dc) in moves {
                let (mut nr, mut nc) = (i64::from(r) + dr, i64::from(c) + dc);
                if periodic {
                    nr = nr.rem_euclid(i64::from(rows));
                    nc = nc.rem_euclid(i64::from(cols));
                } else if nr < 0 || nc < 0 || nr >= i64::from(rows) || nc >= i64::from(cols) {
                    continue;
                }
                let dst = (nr * i64::from(cols) + nc) as u32;
                if dst != me {
                    out.push(Demand {
                        src: me,
                        dst,
                        bytes,
                        count: 1,
                    });
                }
            }
        }
    }
    out
}
