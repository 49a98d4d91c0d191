//! The channel dependency graph of one VC layer (`Cdg`), kept acyclic as turns are added, and
//! the work budget of building such layers (`MAX_LAYERING_STEPS`): what LASH-TOR's layering
//! (`layering::Layering`) and ACRO's (`acro`) both build on. Deadlock freedom: a route's turn
//! from one channel to the next is an edge, and a layer without a cycle of edges cannot
//! deadlock (Dally and Seitz; paper 002 §VI-C's VC assignment, after LASH-TOR).

/// Most search steps (`Cdg::steps`) layering one network's routes may take: the set-up work
/// of a simulation, counted. A step is a node or an edge a dynamic topological sort visits,
/// about 30 ns natively; what they cost depends on the network's shape more than on its
/// size, so they are counted rather than foreseen — LOREN on LRT(4,096,4,8) takes 253
/// million (12 s of set-up), shortest routes on 4,096 random switches of 16,000 links 849
/// million (33 s), of 32,000 links 3.5 billion (90 s), of 120,000 links more than 10 minutes
/// (times before `Cdg::reorder` sorted by packed keys; at 120,000 links the refusal after
/// 600 million steps came after 17–23 s, now 10–12 s).
pub const MAX_LAYERING_STEPS: u64 = if cfg!(target_arch = "wasm32") {
    400_000_000
} else {
    600_000_000
};

/// A channel dependency graph kept acyclic, with a topological order maintained as turns are
/// added (Pearce and Kelly, "A dynamic topological sort algorithm for directed acyclic graphs",
/// JEA 2004): a turn that agrees with the order is added without a search, and one that does
/// not searches only the nodes between its ends in the order. petgraph's `Acyclic` is the same
/// algorithm, written here again because it keeps its order in a `BTreeMap` and searches with a
/// generic visitor: 78 µs per added turn on LRT(4096,4,16), 13 s of a 23 s run, where plain
/// arrays take a fraction of that.
pub(super) struct Cdg {
    succ: Vec<Vec<u32>>,
    pred: Vec<Vec<u32>>,
    /// Each node's position in the topological order.
    position: Vec<u32>,
    /// Turns found to close a cycle, by first channel: edges are only ever added for good
    /// (an attempt's own edges, taken back, all lead into one channel and cannot lie on a
    /// cycle through another of its turns), so such a turn stays refused and is not searched
    /// again.
    refused: Vec<Vec<u32>>,
    /// Edges in the order they were added (`remove_newest`).
    added: Vec<(u32, u32)>,
    seen: Vec<u32>,
    stamp: u32,
    forward: Vec<u32>,
    backward: Vec<u32>,
    stack: Vec<u32>,
    /// Scratch: (position, node) packed in a u64, sorted to order a set by position.
    keyed: Vec<u64>,
    /// Nodes and edges the searches of `reorder` have visited so far: the work layering has
    /// done, counted (`MAX_LAYERING_STEPS`).
    steps: u64,
}

/// What adding a turn to a `Cdg` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Turn {
    /// It was an edge already.
    Known,
    /// It is a new edge.
    Added,
    /// It would close a cycle (or loop on one channel): not added.
    Cycle,
}

impl Cdg {
    pub(super) fn new(nodes: usize) -> Self {
        Cdg {
            succ: vec![Vec::new(); nodes],
            pred: vec![Vec::new(); nodes],
            position: (0..nodes as u32).collect(),
            refused: vec![Vec::new(); nodes],
            added: Vec::new(),
            seen: vec![0; nodes],
            stamp: 0,
            forward: Vec::new(),
            backward: Vec::new(),
            stack: Vec::new(),
            keyed: Vec::new(),
            steps: 0,
        }
    }

    /// The searches' work so far (`steps`).
    pub(super) fn steps(&self) -> u64 {
        self.steps
    }

    /// Add the turn `a` → `b` unless it closes a cycle.
    pub(super) fn add(&mut self, a: usize, b: usize) -> Turn {
        let b32 = b as u32;
        if self.succ[a].contains(&b32) {
            return Turn::Known;
        }
        if a == b || self.refused[a].contains(&b32) {
            return Turn::Cycle;
        }
        let (low, high) = (self.position[b], self.position[a]);
        if low < high && !self.reorder(a, b, low, high) {
            self.refused[a].push(b32);
            return Turn::Cycle;
        }
        self.succ[a].push(b32);
        self.pred[b].push(a as u32);
        self.added.push((a as u32, b32));
        Turn::Added
    }

    /// Make room for `a` → `b` where `b` comes before `a` in the order (positions `low` <
    /// `high`): the nodes `b` reaches and `a` is reached from, among those between, swap
    /// places, keeping their relative orders. False (nothing changed) when `b` reaches `a`.
    fn reorder(&mut self, a: usize, b: usize, low: u32, high: u32) -> bool {
        self.stamp += 1;
        let stamp = self.stamp;
        // forward from b, within positions up to a's
        self.forward.clear();
        self.stack.clear();
        self.stack.push(b as u32);
        self.seen[b] = stamp;
        while let Some(u) = self.stack.pop() {
            self.forward.push(u);
            self.steps += 1 + self.succ[u as usize].len() as u64;
            for &v in &self.succ[u as usize] {
                if v as usize == a {
                    return false;
                }
                let p = self.position[v as usize];
                if self.seen[v as usize] != stamp && p < high {
                    self.seen[v as usize] = stamp;
                    self.stack.push(v);
                }
            }
        }
        // backward from a, within positions down to b's
        self.backward.clear();
        self.stack.push(a as u32);
        self.seen[a] = stamp;
        while let Some(u) = self.stack.pop() {
            self.backward.push(u);
            self.steps += 1 + self.pred[u as usize].len() as u64;
            for &v in &self.pred[u as usize] {
                let p = self.position[v as usize];
                if self.seen[v as usize] != stamp && p > low {
                    self.seen[v as usize] = stamp;
                    self.stack.push(v);
                }
            }
        }
        // the backward set takes the first of their positions, then the forward set
        let position = &self.position;
        // (each set by position, as (position, node) in a u64 sorted by the standard library:
        // positions are distinct, so the unstable sort gives the one order; the shared sort's
        // indirect call per comparison was 40% of the set-up of a dense network's layering)
        for set in [&mut self.forward, &mut self.backward] {
            self.keyed.clear();
            self.keyed.extend(
                set.iter()
                    .map(|&u| (u64::from(position[u as usize]) << 32) | u64::from(u)),
            );
            self.keyed.sort_unstable();
            set.clear();
            set.extend(self.keyed.iter().map(|&k| k as u32));
        }
        self.stack.clear();
        self.stack.extend(
            self.backward
                .iter()
                .chain(&self.forward)
                .map(|&u| position[u as usize]),
        );
        self.stack.sort_unstable();
        for (&u, &p) in self.backward.iter().chain(&self.forward).zip(&self.stack) {
            self.position[u as usize] = p;
        }
        true
    }

    /// Add the turn `a` → `b` unless it closes a cycle; true when it is (or was) an edge.
    pub(super) fn try_add(&mut self, a: usize, b: usize) -> bool {
        self.add(a, b) != Turn::Cycle
    }

    /// Remove the newest edge (undoing the last `Turn::Added`; the order stays valid).
    pub(super) fn remove_newest(&mut self) {
        if let Some((a, b)) = self.added.pop() {
            self.succ[a as usize].pop();
            self.pred[b as usize].pop();
        }
    }
}
