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
use std::sync::OnceLock;

/// The largest network LOREN builds tables for (its slot and next-hop matrices are |N|²).
pub(crate) const MAX_LOREN_SWITCHES: usize = 4096;

/// No entry for this destination (in `Loren::new`'s slot matrix).
const NO_ENTRY: u16 = u16::MAX;

pub(super) const LOREN: RouterDef = RouterDef {
    name: "loren",
    aliases: &[],
    definition: "LOREN (paper 002): at most t_max table entries per switch; forward to the entry whose destination is nearest (Manhattan) to the packet's, ties by table order (hops, then id); loren:T sets t_max (default |N|/2)",
    param: Some(("t_max", check_tmax)),
    check_size: Some(Loren::check_size),
    needs: Some(|topo| Loren::floor_side(topo).map(drop)),
    words: &[],
    tables_decide: true,
    forwarding: super::Forwarding::ByDestination,
    build: |topo, tmax, _| {
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
    /// The floor's side (switch i sits at (i mod side, i div side)).
    side: usize,
    /// `next[dst·n + u]`: u's next hop towards dst, for every pair, built on first use by
    /// `next_matrix` (a multi-source BFS over the floor per table instead of a scan of up to
    /// t_max entries per decision: at 4,096 switches and t_max = 2,048 the scans were 34 billion
    /// distance computations).
    next: OnceLock<Vec<u16>>,
    pub tables: Vec<Vec<Entry>>,
    /// max |T[u]| after phases (1) and (2): the smallest t_max that works (§VI-B).
    pub min_required_entries: usize,
}

impl<'t> Loren<'t> {
    /// Build the tables with at most `t_max` entries per switch (phases (1) and (2) are always
    /// kept; `t_max` below them is an error naming the minimum).
    pub fn new(topo: &'t Topology, t_max: usize) -> Result<Self> {
        // `build` checks the size too, but before the distance table here is built
        Self::check_size(topo.switch_count())?;
        Self::with_distances(topo, t_max, &DistanceTable::new(topo)?)
    }

    /// LOREN refuses networks above `MAX_LOREN_SWITCHES` before building anything.
    pub(crate) fn check_size(n: usize) -> Result<()> {
        if n > MAX_LOREN_SWITCHES {
            return Err(Error::TooLarge {
                what: "LOREN's switch count".into(),
                value: n,
                limit: MAX_LOREN_SWITCHES,
                hint: "its tables and next-hop matrix grow as |N|² (LRT(4096,4,16) takes about 3 s and 300 MB)".into(),
            });
        }
        Ok(())
    }

    /// `new` on the hop distances of `topo` computed already (the Routing lab has them).
    pub(crate) fn with_distances(
        topo: &'t Topology,
        t_max: usize,
        table: &DistanceTable,
    ) -> Result<Self> {
        Self::build(topo, t_max, table, &mut |_| {})
    }

    /// The side of the square floor `topo`'s switches stand on (LRT's floor, a square mesh's
    /// grid): LOREN's entries are chosen by Manhattan distance on it.
    pub(crate) fn floor_side(topo: &Topology) -> Result<usize> {
        match topo.shape() {
            Shape::Floor { side } => Ok(*side),
            Shape::Grid { dims, wrap: false } if dims.len() == 2 && dims[0] == dims[1] => {
                Ok(dims[0])
            }
            _ => Err(Error::routing(
                "loren",
                format!(
                    "needs switches on a square floor (lrt:N:d:r or a square mesh), not '{}'",
                    topo.spec()
                ),
            )),
        }
    }

    /// `with_distances`, telling `progress(fraction)` how far phase (3) got (one report per BFS
    /// level; at 4,096 switches the tables take a second or more).
    pub fn build(
        topo: &'t Topology,
        t_max: usize,
        table: &DistanceTable,
        progress: &mut dyn FnMut(f64),
    ) -> Result<Self> {
        Self::check_size(topo.switch_count())?;
        let side = Self::floor_side(topo)?;
        let n = topo.switch_count();
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
        // room for every table's final size at once (no regrowth while phase (3) fills them)
        let mut tables: Vec<Vec<Entry>> =
            (0..n).map(|_| Vec::with_capacity(t_max.min(n))).collect();
        // slot[v·n + u] (by destination, as phase (3) walks one tree at a time within a level):
        // the next hop of u's entry for destination v, if it has one — a table
        // has at most one entry per destination, and scanning a table of up to |N|/2 entries
        // for each of the |N|² BFS steps of phase (3) would take minutes at 4,096 switches
        let mut slot: Vec<u16> = vec![NO_ENTRY; n * n];
        // (1) adjacent switches
        let links: Vec<(usize, usize)> = (0..topo.link_count())
            .map(|l| topo.link_ends(crate::model::LinkId::new(l)))
            .map(|(a, b)| (a.index(), b.index()))
            .collect();
        for &(a, b) in &links {
            for (u, v) in [(a, b), (b, a)] {
                if slot[v * n + u] == NO_ENTRY {
                    slot[v * n + u] = v as u16;
                    tables[u].push(Entry {
                        dst: v as u32,
                        next: v as u32,
                        hops: 1,
                    });
                }
            }
        }
        // (2) grid neighbours that are not linked: entries along a shortest path (j in
        // increasing id order among i's floor neighbours, as a scan over all j would meet them)
        for i in 0..n {
            let (x, y) = (i % side, i / side);
            let mut neighbours = [usize::MAX; 4];
            if y > 0 {
                neighbours[0] = i - side;
            }
            if x > 0 {
                neighbours[1] = i - 1;
            }
            if x + 1 < side {
                neighbours[2] = i + 1;
            }
            if y + 1 < side {
                neighbours[3] = i + side;
            }
            for j in neighbours.into_iter().filter(|&j| j != usize::MAX) {
                debug_assert_eq!(md(i, j), 1);
                if dist(i, j) == 1 {
                    continue;
                }
                let mut m = i;
                while dist(m, j) > 1 {
                    let next = succ(m, j) as usize;
                    if slot[j * n + m] == NO_ENTRY {
                        slot[j * n + m] = next as u16;
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
        // Within a level the queue stays ordered by destination (children follow their
        // parents), so a switch meets its pairs by (hops, destination) and the order of the
        // children inside one destination's level changes no table: each level is one list,
        // children by ascending id (the shared tie rule's adjacency).
        let mut pairs: Vec<(u32, u32)> = links
            .iter()
            .flat_map(|&(a, b)| [(a as u32, b as u32), (b as u32, a as u32)])
            .collect();
        crate::sort::by_key(&mut pairs, |&(u, v)| (v, u));
        pairs.dedup();
        let adjacency = table.adjacency();
        // the lowest-id neighbour of `at` at distance `want` from the destination of `row`
        let closer = |row: &[u16], at: usize, want: u16| {
            let mut found = None;
            for &q in adjacency.neighbors(at) {
                if row[q as usize] == want {
                    found = Some(q);
                    break;
                }
            }
            found
        };
        let mut level = pairs;
        let mut depth = 0usize;
        let mut next_level: Vec<(u32, u32)> = Vec::new();
        while !level.is_empty() {
            for &(u, v) in &level {
                let (u, v) = (u as usize, v as usize);
                let row = table.row(v);
                let du = row[u];
                let w = closer(row, u, du - 1).expect("connected");
                let present = slot[v * n + u] == w as u16;
                if !present {
                    if tables[u].len() >= t_max || slot[v * n + u] != NO_ENTRY {
                        continue;
                    }
                    slot[v * n + u] = w as u16;
                    tables[u].push(Entry {
                        dst: v as u32,
                        next: w,
                        hops: u32::from(du),
                    });
                }
                for &p in adjacency.neighbors(u) {
                    if row[p as usize] == du + 1 && closer(row, p as usize, du) == Some(u as u32) {
                        next_level.push((p, v as u32));
                    }
                }
            }
            std::mem::swap(&mut level, &mut next_level);
            next_level.clear();
            depth += 1;
            progress(depth as f64 / (depth as f64 + 2.0));
        }
        for t in &mut tables {
            crate::sort::by_key(t, |e| (e.hops, e.dst));
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
            side,
            next: OnceLock::new(),
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
    /// without building the decision (from the next-hop matrix once it is built).
    #[inline]
    pub(crate) fn next_hop(&self, at: u32, destination: u32) -> u32 {
        if let Some(next) = self.next.get() {
            return u32::from(next[destination as usize * self.tables.len() + at as usize]);
        }
        self.scan_next_hop(at, destination)
    }

    /// `next_hop` by scanning `at`'s table: the definition the matrix is checked against.
    pub fn scan_next_hop(&self, at: u32, destination: u32) -> u32 {
        let mut best = (u32::MAX, at);
        for e in &self.tables[at as usize] {
            let d = self.md(e.dst, destination);
            if d < best.0 {
                best = (d, e.next);
            }
        }
        best.1
    }

    /// Hops of the LOREN route from every switch to `dst` (`None` where it would loop): each
    /// switch's next hop is computed once, then lengths follow the chains with memoisation.
    pub fn hops_to(&self, dst: u32) -> Vec<Option<usize>> {
        let n = self.tables.len();
        let column = &self.next_matrix()[dst as usize * n..(dst as usize + 1) * n];
        let next: Vec<u32> = (0..n as u32)
            .map(|u| {
                if u == dst {
                    u
                } else {
                    u32::from(column[u as usize])
                }
            })
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

    /// Every switch's next hop towards every destination (`[dst·n + u]`), built once. For a
    /// table, the entry chosen for destination D is the one whose destination is nearest to D
    /// on the floor, the first in table order on a tie. Manhattan distance on a full grid is the
    /// hop distance of its 4-neighbour graph, so a BFS from all of the table's destinations at
    /// once gives every D its nearest entries; a cell's lowest entry index is the lowest over its
    /// neighbours one level nearer (each nearest entry of D is nearest to such a neighbour, and
    /// back), so the tie rule of `decide` carries over exactly.
    pub fn next_matrix(&self) -> &[u16] {
        self.next.get_or_init(|| {
            let n = self.tables.len();
            let side = self.side;
            let mut next = vec![0u16; n * n];
            let mut level = vec![u32::MAX; n];
            let mut label = vec![u32::MAX; n];
            let mut queue: Vec<u32> = Vec::with_capacity(n);
            // the next hops of a block of tables, written out destination by destination so
            // the writes into `next` are runs of BLOCK neighbours rather than single scattered ones
            const BLOCK: usize = 32;
            let mut block = vec![0u16; BLOCK * n];
            // the floor's 4-neighbour grid, once (u32::MAX: off the floor)
            let floor: Vec<[u32; 4]> = (0..n)
                .map(|c| {
                    let (x, y) = (c % side, c / side);
                    let at = |ok: bool, d: usize| if ok { d as u32 } else { u32::MAX };
                    [
                        at(y > 0, c.wrapping_sub(side)),
                        at(x > 0, c.wrapping_sub(1)),
                        at(x + 1 < side, c + 1),
                        at(y + 1 < side, c + side),
                    ]
                })
                .collect();
            for (u, table) in self.tables.iter().enumerate() {
                if u % BLOCK == 0 && u > 0 {
                    flush(&mut next, &block, u - BLOCK, BLOCK, n);
                }
                if table.is_empty() {
                    // no entries (a switch without links): it forwards nowhere but to itself
                    block[(u % BLOCK) * n..(u % BLOCK + 1) * n].fill(u as u16);
                    continue;
                }
                level.fill(u32::MAX);
                queue.clear();
                for (k, e) in table.iter().enumerate() {
                    level[e.dst as usize] = 0;
                    label[e.dst as usize] = k as u32;
                    queue.push(e.dst);
                }
                let mut head = 0;
                while head < queue.len() {
                    let c = queue[head] as usize;
                    head += 1;
                    for &d in &floor[c] {
                        if d == u32::MAX {
                            continue;
                        }
                        let d = d as usize;
                        if level[d] == u32::MAX {
                            level[d] = level[c] + 1;
                            label[d] = label[c];
                            queue.push(d as u32);
                        } else if level[d] == level[c] + 1 && label[c] < label[d] {
                            label[d] = label[c];
                        }
                    }
                }
                let row = &mut block[(u % BLOCK) * n..(u % BLOCK + 1) * n];
                for (d, hop) in row.iter_mut().enumerate() {
                    *hop = table[label[d] as usize].next as u16;
                }
            }
            if n > 0 {
                let last = (n - 1) / BLOCK * BLOCK;
                flush(&mut next, &block, last, n - last, n);
            }
            next
        })
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

/// Write the next hops of tables `first..first + count` (rows of `block`) into `next[d·n + u]`.
fn flush(next: &mut [u16], block: &[u16], first: usize, count: usize, n: usize) {
    for d in 0..n {
        for k in 0..count {
            next[d * n + first + k] = block[k * n + d];
        }
    }
}

impl Router for Loren<'_> {
    fn next(&self, at: SwitchId, header: &mut Header) -> Result<Hop> {
        Ok(Hop {
            next: SwitchId(self.next_hop(at.0, header.dst.0)),
            vc_class: 0,
        })
    }

    fn path_lengths_to(&self, dst: SwitchId) -> Option<Vec<Option<usize>>> {
        Some(self.hops_to(dst.0))
    }

    /// The walk through `decide` (an independent form of `next_hop`, with the decisions).
    fn path(&self, src: SwitchId, dst: SwitchId) -> Result<Path> {
        Ok(self.route(src, dst)?.0)
    }

    /// Many pairs (a traffic pattern) through the next-hop matrix, built once: a pattern on
    /// LRT(4096,4,16) then takes milliseconds instead of a table scan per hop (0.24 s).
    fn paths(&self, pairs: &[(SwitchId, SwitchId)]) -> Result<Vec<Path>> {
        let next = self.next_matrix();
        let n = self.tables.len();
        pairs
            .iter()
            .map(|&(src, dst)| {
                let mut switches = vec![src];
                let mut at = src.0;
                while at != dst.0 {
                    at = u32::from(next[dst.0 as usize * n + at as usize]);
                    switches.push(SwitchId(at));
                    if switches.len() > n {
                        return Err(Error::routing(
                            "loren",
                            format!(
                                "the packet from switch {} to switch {} does not arrive (livelock)",
                                src.0, dst.0
                            ),
                        ));
                    }
                }
                Path::through(self.topo, switches, "loren")
            })
            .collect()
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
