//! LOREN (paper 002 §IV–V): compact routing tables for layout-conscious random topologies.
//! Tables (Alg. 1): (1) an entry ⟨j, j⟩ for every neighbour j; (2) for every grid neighbour j
//! (Manhattan distance 1) that is not linked, entries along a shortest path to j; (3) with the
//! room left up to t_max, a simultaneous BFS over every destination's shortest-path tree, so
//! nearer destinations get entries first. Entries are sorted by hop distance (ties: lower
//! destination id, which reproduces the tables of Fig. 4). Forwarding (§V): take the entry whose
//! destination is nearest (Manhattan) to the packet's destination, the first such entry on a tie.
//! Shortest-path trees and "the" shortest path use the lowest-id neighbour one hop closer.

use super::{Header, Hop, Router, RouterDef, TableSizes};
use crate::graph::DistanceTable;
use crate::model::{GridShape, Path, Shape, SwitchId, Topology};
use crate::spec::Spec;
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

pub(super) const LOREN: RouterDef = RouterDef {
    name: "loren",
    aliases: &[],
    definition: "LOREN (paper 002): at most t_max table entries per switch; forward to the entry whose destination is nearest (Manhattan) to the packet's, ties by table order (hops, then id); loren:T sets t_max (default |N|/2)",
    param: Some(("t_max", check_tmax)),
    build: |topo, tmax| {
        let tmax = tmax.map_or(topo.switch_count() / 2, |t| t as usize);
        Ok(Box::new(Loren::new(topo, tmax)?))
    },
};

fn check_tmax(spec: &Spec<'_>) -> Result<f64> {
    let t = spec.whole(0, "t_max")?;
    if t < 1 {
        return Err(spec.error("t_max must be at least 1"));
    }
    Ok(t as f64)
}

/// One routing-table entry ⟨dst, next⟩ with the hop distance h(u, dst).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub dst: u32,
    pub next: u32,
    pub hops: u32,
}

/// Why a switch forwarded a packet where it did (for the page's step view).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    pub at: u32,
    pub destination: u32,
    /// Manhattan distance from each entry's destination to the packet's destination, in table order.
    pub distances: Vec<u32>,
    /// Index of the chosen entry (the first with the smallest distance).
    pub chosen: usize,
    /// Entries tied with the chosen one (same distance), excluding it.
    pub tied: Vec<usize>,
}

/// LOREN tables of one topology.
#[derive(Debug, Clone)]
pub struct Loren<'t> {
    topo: &'t Topology,
    /// Each switch's (x, y) on the floor, computed once from its `GridShape`: the forwarding
    /// decision measures Manhattan distances |N|²·t_max times over a whole topology, where a
    /// division per coordinate per call would double the time.
    xy: Vec<(u32, u32)>,
    pub tables: Vec<Vec<Entry>>,
    /// max |T[u]| after phases (1) and (2): the smallest t_max that works (§VI-B).
    pub min_required_entries: usize,
}

impl<'t> Loren<'t> {
    /// Build the tables with at most `t_max` entries per switch (phases (1) and (2) are always
    /// kept; `t_max` below them is an error naming the minimum).
    pub fn new(topo: &'t Topology, t_max: usize) -> Result<Self> {
        let side = match topo.shape() {
            Shape::Floor { side } => *side,
            Shape::Grid { dims, wrap: false } if dims.len() == 2 && dims[0] == dims[1] => dims[0],
            _ => {
                return Err(Error::routing(
                    "loren",
                    format!(
                        "needs switches on a square floor (lrt:N:d:r or a square mesh), not '{}'",
                        topo.spec()
                    ),
                ))
            }
        };
        let n = topo.switch_count();
        let table = DistanceTable::new(topo)?;
        if !table.is_connected() {
            return Err(Error::routing("loren", "the topology is not connected"));
        }
        // h(u, v) and the successor of u towards v (the shared tie rule: lowest id one hop closer)
        let dist = |u: usize, v: usize| table.distance(u, v);
        let succ = |u: usize, v: usize| -> u32 {
            table
                .next_hop(SwitchId::new(u), SwitchId::new(v))
                .expect("connected")
                .0
        };
        let floor = GridShape::square(side);
        let md = |a: usize, b: usize| floor.manhattan(a, b);
        let mut tables: Vec<Vec<Entry>> = vec![Vec::new(); n];
        let has = |t: &Vec<Entry>, dst: usize| t.iter().any(|e| e.dst as usize == dst);
        // (1) adjacent switches
        let links: Vec<(usize, usize)> = (0..topo.link_count())
            .map(|l| topo.link_ends(crate::model::LinkId::new(l)))
            .map(|(a, b)| (a.index(), b.index()))
            .collect();
        for &(a, b) in &links {
            for (u, v) in [(a, b), (b, a)] {
                if !has(&tables[u], v) {
                    tables[u].push(Entry {
                        dst: v as u32,
                        next: v as u32,
                        hops: 1,
                    });
                }
            }
        }
        // (2) grid neighbours that are not linked: entries along a shortest path
        for i in 0..n {
            for j in 0..n {
                if md(i, j) != 1 || dist(i, j) == 1 {
                    continue;
                }
                let mut m = i;
                while dist(m, j) > 1 {
                    let next = succ(m, j) as usize;
                    if !has(&tables[m], j) {
                        tables[m].push(Entry {
                            dst: j as u32,
                            next: next as u32,
                            hops: dist(m, j),
                        });
                    }
                    m = next;
                }
            }
        }
        let min_required_entries = tables.iter().map(Vec::len).max().unwrap_or(0);
        if t_max < min_required_entries {
            return Err(Error::invalid("tmax", format!("t_max = {t_max} is below the {min_required_entries} entries LOREN needs here (adjacent and grid-neighbour entries)")));
        }
        // (3) simultaneous BFS over the destinations' shortest-path trees
        // the queue starts with every linked pair (u, v), tree by tree (destination v first, then
        // u): the BFS runs over all trees at once, level by level, and within a level the lower
        // destinations come first; this reproduces both tables printed in Fig. 4
        let mut pairs: Vec<(usize, usize)> =
            links.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
        pairs.sort_unstable_by_key(|&(u, v)| (v, u));
        let mut queue: VecDeque<(usize, usize)> = pairs.into();
        while let Some((u, v)) = queue.pop_front() {
            let w = succ(u, v);
            let present = tables[u].iter().any(|e| e.dst as usize == v && e.next == w);
            if !present {
                if tables[u].len() >= t_max || has(&tables[u], v) {
                    continue;
                }
                tables[u].push(Entry {
                    dst: v as u32,
                    next: w,
                    hops: dist(u, v),
                });
            }
            for p in topo.neighbors(SwitchId::new(u)) {
                if dist(p.index(), v) == dist(u, v) + 1 && succ(p.index(), v) as usize == u {
                    queue.push_back((p.index(), v));
                }
            }
        }
        for t in &mut tables {
            t.sort_by_key(|e| (e.hops, e.dst));
        }
        let xy = (0..n)
            .map(|i| {
                let c = floor.coords(i);
                (c[0] as u32, c[1] as u32)
            })
            .collect();
        Ok(Loren {
            topo,
            xy,
            tables,
            min_required_entries,
        })
    }

    fn md(&self, a: u32, b: u32) -> u32 {
        let ((ax, ay), (bx, by)) = (self.xy[a as usize], self.xy[b as usize]);
        ax.abs_diff(bx) + ay.abs_diff(by)
    }

    /// The forwarding decision at `at` for a packet to `destination` (≠ `at`).
    pub fn decide(&self, at: u32, destination: u32) -> Decision {
        let table = &self.tables[at as usize];
        let distances: Vec<u32> = table.iter().map(|e| self.md(e.dst, destination)).collect();
        let best = distances.iter().copied().min().unwrap_or(u32::MAX);
        let chosen = distances.iter().position(|&d| d == best).unwrap_or(0);
        let tied = (chosen + 1..distances.len())
            .filter(|&i| distances[i] == best)
            .collect();
        Decision {
            at,
            destination,
            distances,
            chosen,
            tied,
        }
    }

    /// The next switch for a packet at `at` to `destination` (the chosen entry's next hop),
    /// without building the decision.
    pub fn next_hop(&self, at: u32, destination: u32) -> u32 {
        let mut best = (u32::MAX, at);
        for e in &self.tables[at as usize] {
            let d = self.md(e.dst, destination);
            if d < best.0 {
                best = (d, e.next);
            }
        }
        best.1
    }

    /// Hops of the LOREN route from `src` to `dst`, or `None` on a livelock.
    pub fn route_hops(&self, src: u32, dst: u32) -> Option<usize> {
        let (mut at, mut hops) = (src, 0);
        while at != dst {
            at = self.next_hop(at, dst);
            hops += 1;
            if hops > self.tables.len() {
                return None;
            }
        }
        Some(hops)
    }

    /// Hops of the LOREN route from every switch to `dst` (`None` where it would loop): each
    /// switch's next hop is computed once, then lengths follow the chains with memoisation.
    pub fn hops_to(&self, dst: u32) -> Vec<Option<usize>> {
        let n = self.tables.len();
        let next: Vec<u32> = (0..n as u32)
            .map(|u| if u == dst { u } else { self.next_hop(u, dst) })
            .collect();
        // 0 unknown, 1 on the current chain, 2 done
        let mut state = vec![0u8; n];
        let mut hops: Vec<Option<usize>> = vec![None; n];
        state[dst as usize] = 2;
        hops[dst as usize] = Some(0);
        let mut chain = Vec::new();
        for start in 0..n {
            let mut at = start;
            while state[at] == 0 {
                state[at] = 1;
                chain.push(at);
                at = next[at] as usize;
            }
            // `at` is done (its length known, or None) or on this chain (a loop)
            let mut tail = if state[at] == 2 { hops[at] } else { None };
            while let Some(u) = chain.pop() {
                tail = tail.map(|h| h + 1);
                hops[u] = tail;
                state[u] = 2;
            }
        }
        hops
    }

    /// The LOREN route, with the decision at every switch; an error if it does not arrive
    /// within |N|² hops (livelock), naming the pair.
    pub fn route(&self, src: SwitchId, dst: SwitchId) -> Result<(Path, Vec<Decision>)> {
        let mut at = src.0;
        let mut switches = vec![src];
        let mut decisions = Vec::new();
        let limit = self.tables.len() * self.tables.len();
        while at != dst.0 {
            let d = self.decide(at, dst.0);
            at = self.tables[at as usize][d.chosen].next;
            decisions.push(d);
            switches.push(SwitchId(at));
            if switches.len() > limit {
                return Err(Error::routing(
                    "loren",
                    format!(
                        "the packet from switch {} to switch {} does not arrive (livelock)",
                        src.0, dst.0
                    ),
                ));
            }
        }
        Ok((Path::through(self.topo, switches, "loren")?, decisions))
    }

    /// Largest table.
    pub fn max_entries(&self) -> usize {
        self.tables.iter().map(Vec::len).max().unwrap_or(0)
    }
}

impl Router for Loren<'_> {
    fn next(&self, at: SwitchId, header: &mut Header) -> Result<Hop> {
        Ok(Hop {
            next: SwitchId(self.next_hop(at.0, header.dst.0)),
            vc_class: 0,
        })
    }

    /// The walk through `decide` (an independent form of `next_hop`, with the decisions).
    fn path(&self, src: SwitchId, dst: SwitchId) -> Result<Path> {
        Ok(self.route(src, dst)?.0)
    }

    fn tables(&self) -> TableSizes {
        TableSizes {
            max_entries: self.max_entries(),
            min_required_entries: Some(self.min_required_entries),
            landmarks: None,
        }
    }

    fn topology(&self) -> &Topology {
        self.topo
    }

    fn name(&self) -> &'static str {
        "loren"
    }
}
