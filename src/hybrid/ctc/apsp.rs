//! All-pairs hop counts on the directed LC graph of established optical links (paper 003
//! §4.2.3 runs Johnson's algorithm; the graph is unweighted, so a BFS from every LC gives the
//! same distances). Ours is written here rather than taken from petgraph or `graph::distances`
//! because the serving heuristic runs it thousands of times per annealing chain: the BFS works
//! on bitset rows (a level is an OR of ⌈N/64⌉-word rows), every buffer is reused, and a link
//! added during the multi-hop passes updates the table in O(N²) instead of recomputing it.
//! Tests check it against petgraph's BFS.

/// The distance of a pair with no path.
pub const UNREACHABLE: u16 = u16::MAX;

/// The links as bitset rows and the N×N hop table.
#[derive(Debug, Clone)]
pub struct Apsp {
    n: usize,
    words: usize,
    /// out[u·words..]: the LCs u has a link to.
    out: Vec<u64>,
    /// dist[a·n + b]: hops from a to b.
    dist: Vec<u16>,
    seen: Vec<u64>,
    frontier: Vec<u64>,
    next: Vec<u64>,
    /// Scratch of `insert`.
    targets: Vec<(u32, u16)>,
}

impl Apsp {
    pub fn new(n: usize) -> Apsp {
        let words = n.div_ceil(64).max(1);
        Apsp {
            n,
            words,
            out: vec![0; n * words],
            dist: vec![UNREACHABLE; n * n],
            seen: vec![0; words],
            frontier: vec![0; words],
            next: vec![0; words],
            targets: Vec::new(),
        }
    }

    pub fn lcs(&self) -> usize {
        self.n
    }

    /// Forget every link.
    pub fn clear(&mut self) {
        self.out.fill(0);
    }

    pub(crate) fn has_link(&self, u: usize, v: usize) -> bool {
        self.out[u * self.words + v / 64] >> (v % 64) & 1 == 1
    }

    /// Add the link u → v (the table is not updated: `recompute` or `insert`).
    pub(crate) fn add_link(&mut self, u: usize, v: usize) {
        self.out[u * self.words + v / 64] |= 1 << (v % 64);
    }

    /// The LCs u links to.
    pub(crate) fn successors(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        let row = &self.out[u * self.words..(u + 1) * self.words];
        row.iter().enumerate().flat_map(|(w, &bits)| {
            let mut b = bits;
            std::iter::from_fn(move || {
                (b != 0).then(|| {
                    let i = b.trailing_zeros() as usize;
                    b &= b - 1;
                    w * 64 + i
                })
            })
        })
    }

    pub fn dist(&self, a: usize, b: usize) -> u16 {
        self.dist[a * self.n + b]
    }

    /// The row of distances from a.
    pub fn row(&self, a: usize) -> &[u16] {
        &self.dist[a * self.n..(a + 1) * self.n]
    }

    /// Every distance from scratch: a level-synchronous BFS from each LC.
    pub fn recompute(&mut self) {
        let (n, words) = (self.n, self.words);
        self.dist.fill(UNREACHABLE);
        for s in 0..n {
            self.seen.fill(0);
            self.frontier.fill(0);
            self.seen[s / 64] |= 1 << (s % 64);
            self.frontier[s / 64] |= 1 << (s % 64);
            self.dist[s * n + s] = 0;
            let mut level = 0u16;
            loop {
                self.next.fill(0);
                for w in 0..words {
                    let mut bits = self.frontier[w];
                    while bits != 0 {
                        let u = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let row = &self.out[u * words..(u + 1) * words];
                        for (x, r) in self.next.iter_mut().zip(row) {
                            *x |= r;
                        }
                    }
                }
                let mut any = false;
                for w in 0..words {
                    self.next[w] &= !self.seen[w];
                    self.seen[w] |= self.next[w];
                    any |= self.next[w] != 0;
                }
                if !any {
                    break;
                }
                level += 1;
                for w in 0..words {
                    let mut bits = self.next[w];
                    while bits != 0 {
                        let v = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        self.dist[s * n + v] = level;
                    }
                }
                std::mem::swap(&mut self.frontier, &mut self.next);
            }
        }
    }

    /// Add the link u → v and update the table: a path may now go a ⇝ u → v ⇝ b. Exact for
    /// insertions, O(N²).
    pub fn insert(&mut self, u: usize, v: usize) {
        self.add_link(u, v);
        let n = self.n;
        // a row a can only gain if a reaches u and u → v beats its way to v:
        // dist(a, u) + 1 < dist(a, v), since dist(a, b) ≤ dist(a, v) + dist(v, b)
        let mut targets = std::mem::take(&mut self.targets);
        targets.clear();
        targets.extend(
            self.row(v)
                .iter()
                .enumerate()
                .filter(|&(_, &d)| d != UNREACHABLE)
                .map(|(b, &d)| (b as u32, d)),
        );
        for a in 0..n {
            let to_u = self.dist[a * n + u];
            if to_u == UNREACHABLE || to_u + 1 >= self.dist[a * n + v] {
                continue;
            }
            let row = &mut self.dist[a * n..(a + 1) * n];
            for &(b, d) in &targets {
                let via = to_u + 1 + d;
                if via < row[b as usize] {
                    row[b as usize] = via;
                }
            }
        }
        self.targets = targets;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use petgraph::graph::DiGraph;

    fn petgraph_dist(n: usize, links: &[(usize, usize)]) -> Vec<u16> {
        let mut g = DiGraph::<(), ()>::new();
        let nodes: Vec<_> = (0..n).map(|_| g.add_node(())).collect();
        for &(u, v) in links {
            g.add_edge(nodes[u], nodes[v], ());
        }
        let mut out = vec![UNREACHABLE; n * n];
        for s in 0..n {
            let mut bfs = petgraph::visit::Bfs::new(&g, nodes[s]);
            let mut depth = vec![UNREACHABLE; n];
            depth[s] = 0;
            while let Some(x) = bfs.next(&g) {
                for y in g.neighbors(x) {
                    if depth[y.index()] == UNREACHABLE {
                        depth[y.index()] = depth[x.index()] + 1;
                    }
                }
            }
            out[s * n..(s + 1) * n].copy_from_slice(&depth);
        }
        out
    }

    #[test]
    fn bitset_bfs_and_insertions_agree_with_petgraph() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for n in [2usize, 5, 63, 64, 65, 130] {
            let mut links = Vec::new();
            let mut a = Apsp::new(n);
            for _ in 0..(2 * n) {
                let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
                if u != v && !a.has_link(u, v) {
                    links.push((u, v));
                    a.add_link(u, v);
                }
            }
            a.recompute();
            assert_eq!(a.dist, petgraph_dist(n, &links), "n = {n}");
            for _ in 0..n {
                let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
                if u != v && !a.has_link(u, v) {
                    links.push((u, v));
                    a.insert(u, v);
                    assert_eq!(a.dist, petgraph_dist(n, &links), "n = {n} after {u}→{v}");
                }
            }
            let succ: Vec<usize> = a.successors(0).collect();
            let mut want: Vec<usize> = links.iter().filter(|l| l.0 == 0).map(|l| l.1).collect();
            want.sort();
            assert_eq!(succ, want);
        }
    }
}
