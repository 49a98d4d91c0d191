//! Hop distances over the switch graph: one BFS per switch into a flat n×n table, and the tie
//! rule of every shortest-path choice in Topolab — "the lowest-id neighbour one hop closer"
//! (paper 000's routes, paper 002's shortest-path trees) — written once, in `next_hop`.
//!
//! The BFS is written out rather than taken from petgraph: petgraph's `Bfs` yields the visiting
//! order but not the depth, so each switch's distance would need a second scan of its
//! neighbours; a level-synchronous BFS over a sorted flat adjacency does both in one pass and is
//! what the all-pairs table at thousands of switches is made of (n BFS runs).

use crate::model::{Path, SwitchId, Topology};
use crate::{Error, Result};

/// Distance of a switch that cannot be reached.
pub const UNREACHABLE: u32 = u32::MAX;

/// Most switches an all-pairs table is built for (n² distances of 2 bytes: 512 MiB here).
pub const MAX_TABLE_SWITCHES: usize = 16_384;

/// Neighbours of every switch, ascending and without repeats (parallel links count once), in
/// one flat array: `neighbors(s)` is a slice.
#[derive(Debug, Clone)]
pub struct Adjacency {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Adjacency {
    /// The adjacency of `topo`'s switch graph.
    pub fn new(topo: &Topology) -> Self {
        let n = topo.switch_count();
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (s, list) in lists.iter_mut().enumerate() {
            list.extend(topo.neighbors(SwitchId::new(s)).map(|w| w.0));
            list.sort_unstable();
            list.dedup();
        }
        let mut offsets = Vec::with_capacity(n + 1);
        offsets.push(0u32);
        let mut targets = Vec::new();
        for list in lists {
            targets.extend(list);
            offsets.push(targets.len() as u32);
        }
        Adjacency { offsets, targets }
    }
    /// Number of switches.
    pub fn len(&self) -> usize {
        self.offsets.len() - 1
    }
    /// True without switches.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The distinct neighbours of `s`, ascending.
    #[inline]
    pub(crate) fn neighbors(&self, s: usize) -> &[u32] {
        &self.targets[self.offsets[s] as usize..self.offsets[s + 1] as usize]
    }

    /// Hops from `from` to every switch (`UNREACHABLE` where there is no path), into `out`;
    /// `queue` is scratch space of at least n entries.
    fn bfs_into<T: Copy + TryFrom<u32> + Into<u32>>(
        &self,
        from: usize,
        out: &mut [T],
        unreachable: T,
        queue: &mut [u32],
    ) {
        out.fill(unreachable);
        let Ok(zero) = T::try_from(0) else { return };
        out[from] = zero;
        queue[0] = from as u32;
        let (mut head, mut tail) = (0, 1);
        while head < tail {
            let u = queue[head] as usize;
            head += 1;
            let next: u32 = out[u].into() + 1;
            let Ok(next) = T::try_from(next) else {
                continue;
            };
            for &w in self.neighbors(u) {
                if out[w as usize].into() == unreachable.into() {
                    out[w as usize] = next;
                    queue[tail] = w;
                    tail += 1;
                }
            }
        }
    }

    /// Hops from `from` to every switch (`UNREACHABLE` where there is no path).
    pub(crate) fn distances_from(&self, from: SwitchId) -> Vec<u32> {
        let mut out = vec![UNREACHABLE; self.len()];
        let mut queue = vec![0u32; self.len()];
        self.bfs_into(from.index(), &mut out, UNREACHABLE, &mut queue);
        out
    }

    /// The average hop distance from `sources` switches to every switch they reach (0 without
    /// pairs): an estimate of the average path length for work budgets, at `sources`
    /// breadth-first searches instead of |N|. The sources are spread by Fibonacci hashing of
    /// their rank, so they do not all fall in one row or column of a grid.
    pub fn average_distance_sampled(&self, sources: usize) -> f64 {
        let n = self.len();
        if n == 0 {
            return 0.0;
        }
        let (mut sum, mut pairs) = (0u64, 0u64);
        for k in 0..sources.min(n) as u64 {
            let from = ((k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) % n as u64) as usize;
            for d in self.distances_from(SwitchId::new(from)) {
                if d != UNREACHABLE && d > 0 {
                    sum += u64::from(d);
                    pairs += 1;
                }
            }
        }
        if pairs == 0 {
            0.0
        } else {
            sum as f64 / pairs as f64
        }
    }

    /// The next switch from `at` towards the switch whose distances are `dist`: the lowest-id
    /// neighbour one hop closer, or `None` when `at` is the destination or cannot reach it.
    #[inline]
    pub(crate) fn next_hop(&self, at: usize, dist: impl Fn(usize) -> u32) -> Option<SwitchId> {
        let here = dist(at);
        if here == 0 || here == UNREACHABLE {
            return None;
        }
        self.neighbors(at)
            .iter()
            .find(|&&w| dist(w as usize) + 1 == here)
            .map(|&w| SwitchId(w))
    }
}

/// Hop distances between every pair of switches (the graph is undirected, so the table is
/// symmetric), with the adjacency they were computed on.
#[derive(Debug, Clone)]
pub struct DistanceTable {
    n: usize,
    /// Row `d` holds the distances of every switch to `d`; `u16::MAX` = unreachable.
    dist: Vec<u16>,
    adjacency: Adjacency,
    connected: bool,
}

impl DistanceTable {
    /// Whether a table for `n` switches is within `MAX_TABLE_SWITCHES` (checked before a
    /// network is built, from its spec's switch count).
    pub(crate) fn check_size(n: usize) -> Result<()> {
        if n > MAX_TABLE_SWITCHES {
            return Err(Error::TooLarge {
                what: "the switch count for all-pairs distances".into(),
                value: n,
                limit: MAX_TABLE_SWITCHES,
                hint: "shortest-path tables grow with the square of the switch count; choose a smaller network or a routing without tables (dor, updown)".into(),
            });
        }
        Ok(())
    }

    /// All-pairs hop distances of `topo` (n BFS runs), or an error above `MAX_TABLE_SWITCHES`.
    pub fn new(topo: &Topology) -> Result<Self> {
        let n = topo.switch_count();
        Self::check_size(n)?;
        let adjacency = Adjacency::new(topo);
        let mut dist = vec![u16::MAX; n * n];
        let mut queue = vec![0u32; n];
        for (d, row) in dist.chunks_mut(n.max(1)).enumerate().take(n) {
            adjacency.bfs_into(d, row, u16::MAX, &mut queue);
        }
        let connected = n == 0 || dist[..n].iter().all(|&h| h != u16::MAX);
        Ok(DistanceTable {
            n,
            dist,
            adjacency,
            connected,
        })
    }

    /// The table of `topo` after it gained `added` links (and any switches appended after the
    /// table's, at first unlinked) since the table was computed: each link relaxes every pair
    /// through it, d(x,y) = min(d(x,y), d(x,a)+1+d(b,y), d(x,b)+1+d(a,y)) — n² work per link
    /// against n BFS runs for a fresh table, which is what lets TOPOGEN grow a network of
    /// thousands of switches one link at a time.
    pub fn extend(&mut self, topo: &Topology, added: &[(u32, u32)]) -> Result<()> {
        let n = topo.switch_count();
        Self::check_size(n)?;
        if n > self.n {
            let mut dist = vec![u16::MAX; n * n];
            for d in 0..self.n {
                dist[d * n..d * n + self.n].copy_from_slice(self.row(d));
            }
            for s in 0..n {
                dist[s * n + s] = 0;
            }
            self.dist = dist;
            self.n = n;
        }
        for &(a, b) in added {
            self.relax(a as usize, b as usize);
        }
        self.adjacency = Adjacency::new(topo);
        self.connected = n == 0 || self.dist[..n].iter().all(|&h| h != u16::MAX);
        Ok(())
    }

    /// Every distance after a new link a–b.
    fn relax(&mut self, a: usize, b: usize) {
        let n = self.n;
        let to_a = self.row(a).to_vec();
        let to_b = self.row(b).to_vec();
        for row in self.dist.chunks_mut(n) {
            let via_b = row[b].saturating_add(1);
            let via_a = row[a].saturating_add(1);
            // a row whose a and b are within a hop of each other gains nothing: a path through
            // the link is then never shorter than one through the nearer end
            if via_a.abs_diff(via_b) <= 1 || (via_a == u16::MAX && via_b == u16::MAX) {
                continue;
            }
            let (to_a, to_b) = (&to_a[..row.len()], &to_b[..row.len()]);
            for x in 0..row.len() {
                row[x] = row[x]
                    .min(to_a[x].saturating_add(via_b))
                    .min(to_b[x].saturating_add(via_a));
            }
        }
    }

    /// Number of switches.
    pub fn len(&self) -> usize {
        self.n
    }
    /// True without switches.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }
    /// True when every switch reaches every other.
    pub(crate) fn is_connected(&self) -> bool {
        self.connected
    }
    /// The adjacency the table was computed on.
    pub(crate) fn adjacency(&self) -> &Adjacency {
        &self.adjacency
    }

    /// Hops between `a` and `b` (`UNREACHABLE` if disconnected).
    #[inline]
    pub fn distance(&self, a: usize, b: usize) -> u32 {
        match self.dist[b * self.n + a] {
            u16::MAX => UNREACHABLE,
            h => u32::from(h),
        }
    }

    /// Hops of every switch to `dst`.
    pub fn distances_to(&self, dst: SwitchId) -> Vec<u32> {
        (0..self.n).map(|u| self.distance(u, dst.index())).collect()
    }

    /// The hop distances of every switch to `dst` (`u16::MAX` = unreachable), for loops that
    /// work one destination at a time.
    #[inline]
    pub fn row(&self, dst: usize) -> &[u16] {
        &self.dist[dst * self.n..(dst + 1) * self.n]
    }

    /// The next switch from `at` towards `dst` (lowest-id neighbour one hop closer); `None` at
    /// the destination or when `dst` cannot be reached.
    #[inline]
    pub(crate) fn next_hop(&self, at: SwitchId, dst: SwitchId) -> Option<SwitchId> {
        let row = &self.dist[dst.index() * self.n..(dst.index() + 1) * self.n];
        self.adjacency.next_hop(at.index(), |w| match row[w] {
            u16::MAX => UNREACHABLE,
            h => u32::from(h),
        })
    }

    /// The shortest path from `src` to `dst` by `next_hop`, or an error naming the pair.
    pub fn path(
        &self,
        topo: &Topology,
        src: SwitchId,
        dst: SwitchId,
        routing: &str,
    ) -> Result<Path> {
        if self.distance(src.index(), dst.index()) == UNREACHABLE {
            return Err(Error::routing(
                routing,
                format!("no path from switch {} to switch {}", src.0, dst.0),
            ));
        }
        let mut switches = vec![src];
        let mut at = src;
        while let Some(next) = self.next_hop(at, dst) {
            switches.push(next);
            at = next;
        }
        crate::model::Path::through(topo, switches, routing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::build;
    use petgraph::algo::dijkstra;
    use petgraph::graph::NodeIndex;

    #[test]
    fn agrees_with_petgraph_dijkstra() {
        for spec in ["mesh:5x4", "torus:4x4x3", "fattree:3:3", "lrt:64:4:2"] {
            let t = build(spec).unwrap();
            let table = DistanceTable::new(&t).unwrap();
            for s in 0..t.switch_count() {
                let d = dijkstra(t.graph(), NodeIndex::new(s), None, |_| 1u32);
                for (v, h) in d {
                    assert_eq!(table.distance(s, v.index()), h, "{spec} {s}→{}", v.index());
                }
            }
            assert!(table.is_connected());
        }
    }

    #[test]
    fn extending_by_links_and_switches_matches_a_fresh_table() {
        use crate::model::{LinkInfo, Shape, SwitchInfo};
        let mut t = Topology::new("grow", Shape::Irregular, vec![SwitchInfo::default(); 6]);
        for (a, b) in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)] {
            t.add_link(SwitchId(a), SwitchId(b), LinkInfo::default());
        }
        let mut table = DistanceTable::new(&t).unwrap();
        let mut grown = Topology::new("grow", Shape::Irregular, vec![SwitchInfo::default(); 8]);
        let links = [
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 4),
            (4, 5),
            (0, 5),
            (6, 7),
            (7, 2),
            (6, 0),
        ];
        for &(a, b) in &links {
            grown.add_link(SwitchId(a), SwitchId(b), LinkInfo::default());
        }
        table.extend(&grown, &links[5..]).unwrap();
        let fresh = DistanceTable::new(&grown).unwrap();
        assert!(table.is_connected());
        for a in 0..8 {
            for b in 0..8 {
                assert_eq!(table.distance(a, b), fresh.distance(a, b), "{a}→{b}");
            }
        }
        assert_eq!(
            table.next_hop(SwitchId(3), SwitchId(6)),
            fresh.next_hop(SwitchId(3), SwitchId(6))
        );
    }

    #[test]
    fn next_hop_is_the_lowest_closer_neighbour() {
        let t = build("mesh:4x4").unwrap();
        let table = DistanceTable::new(&t).unwrap();
        // from 5 both 6 and 9 are one hop closer to 15; 6 is the lower id
        assert_eq!(table.next_hop(SwitchId(5), SwitchId(15)), Some(SwitchId(6)));
        assert_eq!(table.next_hop(SwitchId(15), SwitchId(15)), None);
        let ids: Vec<u32> = table
            .path(&t, SwitchId(5), SwitchId(15), "shortest")
            .unwrap()
            .switches
            .iter()
            .map(|s| s.0)
            .collect();
        assert_eq!(ids, [5, 6, 7, 11, 15]);
    }
}
