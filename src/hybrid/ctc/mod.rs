//! Paper 003 (Christodoulopoulos et al., "Tailoring the network to the problem: topology
//! configuration in hybrid EPS/OCS interconnects"): the Clustering and Topology Configuration
//! (CTC) problem. Tasks with a task-to-task traffic matrix D are clustered into logical
//! clusters (LCs) of T tasks (§4.2.1, `spectral`); the OCS of K planes with P ports per LC per
//! plane is configured by serving the inter-LC demands one by one in an order (§4.2.2,
//! `order`; §4.2.3, `serve` over `apsp`), the order improved by simulated annealing
//! (`anneal`); hop-bytes = Σ bytes × hops on shortest paths. The ILP of §4.1 (`ilp`) solves
//! small instances exactly, with the 2V − M* lower bound (`bound`) and the split of a merged
//! link set into planes (`planes`); the electronic-only baseline maps the LCs onto a torus by
//! annealing (§5, `torus`); §5.2.1's cost model is `cost`; the inputs are `inputs`.

pub mod anneal;
pub mod apsp;
pub mod bound;
pub mod cost;
pub mod ilp;
pub mod inputs;
pub mod order;
pub mod pipeline;
pub mod planes;
pub mod serve;
pub mod spectral;
pub mod torus;

use serde::{Deserialize, Serialize};

/// Most tasks in a traffic matrix (phase 1 by Lanczos takes about a second at this size).
pub const MAX_TASKS: usize = 4096;
/// Most logical clusters (a row of the bitset APSP is 16 words; ≤ 1 M demands).
pub const MAX_LCS: usize = 1024;
/// Most non-zero entries of a task matrix (memory of the matrix and of phase 1).
pub(crate) const MAX_ENTRIES: usize = 1 << 22;
/// Most bytes in all (hop-bytes stay below 2⁶³ at any path length ≤ MAX_LCS).
pub(crate) const MAX_TOTAL_BYTES: u64 = 1 << 52;
/// Most optical planes and ports per plane (per-plane port counts are u8, plane masks u16).
pub(crate) const MAX_PLANES: usize = 16;
pub(crate) const MAX_PORTS: usize = 8;
/// Deepest multi-hop pass (§4.2.3 uses 4).
pub(crate) const MAX_DEPTH: u8 = 8;

/// A task-to-task traffic matrix: `tasks` tasks and the non-zero off-diagonal entries
/// (src, dst, bytes), sorted by (src, dst), each pair once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskMatrix {
    pub tasks: usize,
    pub entries: Vec<(u32, u32, u64)>,
}

impl TaskMatrix {
    /// A matrix from entries in any order: pairs summed, self-traffic dropped (it never leaves
    /// a task).
    pub fn from_entries(tasks: usize, mut entries: Vec<(u32, u32, u64)>) -> TaskMatrix {
        entries.retain(|&(s, d, b)| s != d && b > 0);
        crate::sort::by_key(&mut entries, |&(s, d, _)| (s, d));
        let mut merged: Vec<(u32, u32, u64)> = Vec::with_capacity(entries.len());
        for (s, d, b) in entries {
            match merged.last_mut() {
                Some(last) if (last.0, last.1) == (s, d) => last.2 = last.2.saturating_add(b),
                _ => merged.push((s, d, b)),
            }
        }
        TaskMatrix {
            tasks,
            entries: merged,
        }
    }

    pub fn total_bytes(&self) -> u64 {
        self.entries
            .iter()
            .map(|e| e.2)
            .fold(0, u64::saturating_add)
    }
}

/// An inter-LC demand: bytes from LC `s` to LC `d` (s ≠ d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Demand {
    pub s: u32,
    pub d: u32,
    pub bytes: u64,
}

/// The inter-LC traffic d of §4.2.1: the demands in id order (row-major: by source, then
/// destination), and the bytes that stay inside an LC (not counted in hop-bytes, §3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LcTraffic {
    pub lcs: usize,
    pub demands: Vec<Demand>,
    pub intra_bytes: u64,
}

impl LcTraffic {
    /// d from D and the LC of every task.
    pub fn new(m: &TaskMatrix, lc_of_task: &[u32], lcs: usize) -> LcTraffic {
        let mut intra = 0u64;
        let mut pairs: Vec<(u32, u32, u64)> = Vec::with_capacity(m.entries.len());
        for &(s, d, b) in &m.entries {
            let (a, c) = (lc_of_task[s as usize], lc_of_task[d as usize]);
            if a == c {
                intra += b;
            } else {
                pairs.push((a, c, b));
            }
        }
        let merged = TaskMatrix::from_entries(lcs, pairs);
        LcTraffic {
            lcs,
            demands: merged
                .entries
                .into_iter()
                .map(|(s, d, bytes)| Demand { s, d, bytes })
                .collect(),
            intra_bytes: intra,
        }
    }

    pub fn total_bytes(&self) -> u64 {
        self.demands.iter().map(|d| d.bytes).sum()
    }
}

/// How HDF breaks ties between demands of equal volume.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Tie {
    /// The demand id, row-major (s·N + d): §5.1's rule.
    #[default]
    Id,
    /// The demand id column-major (d·N + s), as Matlab's linear indexing would give.
    IdCol,
    /// A seeded random order.
    Random,
}

impl crate::choice::Choices for Tie {
    const DECIDES: &'static str = "How HDF orders demands of equal volume";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (Tie::Id, "id", "by demand id, row-major s·N + d (§5.1)"),
        (
            Tie::IdCol,
            "id-col",
            "by demand id, column-major (Matlab’s numbering)",
        ),
        (Tie::Random, "random", "in a seeded random order"),
    ];
}

/// Which ports a direct link may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum PlaneRule {
    /// §4.2.3: planes k = 1…K in turn, the first with a free out-port at s and a free in-port
    /// at d.
    #[default]
    FirstFit,
    /// Any free out-port at s and in-port at d (out/in degree < K·P); the links are split into
    /// planes afterwards (König: always possible).
    Merged,
}

impl crate::choice::Choices for PlaneRule {
    const DECIDES: &'static str = "Which ports a direct link may use";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (
            PlaneRule::FirstFit,
            "first-fit",
            "the first plane with a free out-port at s and in-port at d (§4.2.3)",
        ),
        (
            PlaneRule::Merged,
            "merged",
            "any free ports; planes assigned afterwards (König)",
        ),
    ];
}

/// What the passes after the first do (§4.2.3: "searching to establish two-hop connections
/// this time, and so on until we examine four-hops").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum MultiHop {
    /// Pass h serves a demand more than h hops away by a path of ≤ h hops of existing and new
    /// links, the fewest new links first, then the fewest hops.
    #[default]
    Chain,
    /// Pass h may add one new link only.
    OneNew,
    /// No passes after the first (direct links only).
    None,
}

impl crate::choice::Choices for MultiHop {
    const DECIDES: &'static str = "What pass h does for a demand still more than h hops away";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (
            MultiHop::Chain,
            "chain",
            "a path of ≤ h hops of existing and new links, fewest new links",
        ),
        (MultiHop::OneNew, "one-new", "one new link only"),
        (MultiHop::None, "none", "nothing: direct links only"),
    ];
}

/// Simulated annealing's acceptance of a worse ordering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Accept {
    /// Matlab's `acceptancesa`: 1 / (1 + exp(Δ/T)) (the paper used Matlab's annealing).
    #[default]
    Matlab,
    /// exp(−Δ/T).
    Metropolis,
    /// Never (a descent that keeps equal orderings).
    Greedy,
}

impl crate::choice::Choices for Accept {
    const DECIDES: &'static str = "When annealing takes a worse order";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (
            Accept::Matlab,
            "matlab",
            "with probability 1/(1 + e^(Δ/T)) (Matlab’s default)",
        ),
        (
            Accept::Metropolis,
            "metropolis",
            "with probability e^(−Δ/T)",
        ),
        (Accept::Greedy, "greedy", "never"),
    ];
}

/// Which eigenvector of phase 1 is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Laplacian {
    /// z of the normalised Laplacian I − Δ^(−1/2) W Δ^(−1/2) (§4.2.1 literally).
    #[default]
    Sym,
    /// y = Δ^(−1/2) z, Shi–Malik's generalised eigenvector.
    RandomWalk,
}

impl crate::choice::Choices for Laplacian {
    const DECIDES: &'static str = "Which eigenvector phase 1 orders";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (
            Laplacian::Sym,
            "sym",
            "z of the normalised Laplacian (§4.2.1)",
        ),
        (
            Laplacian::RandomWalk,
            "random-walk",
            "Shi–Malik’s y = Δ^(−1/2) z",
        ),
    ];
}

/// The readings of what the paper leaves open, each a switch.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Readings {
    pub tie: Tie,
    pub planes: PlaneRule,
    pub multi_hop: MultiHop,
    /// The deepest pass (§4.2.3: 4).
    pub depth: u8,
    pub accept: Accept,
    /// Initial temperature in hop-bytes (Matlab's default 100) and cooling per iteration
    /// (Matlab's `temperatureexp`: T₀ · 0.95^k).
    pub t0: f64,
    pub cooling: f64,
    pub laplacian: Laplacian,
}

impl Default for Readings {
    fn default() -> Self {
        Readings {
            tie: Tie::Id,
            planes: PlaneRule::FirstFit,
            multi_hop: MultiHop::Chain,
            depth: 4,
            accept: Accept::Matlab,
            t0: 100.0,
            cooling: 0.95,
            laplacian: Laplacian::Sym,
        }
    }
}

/// The OCS: K planes of P ports per LC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ocs {
    pub planes: usize,
    pub ports: usize,
}

impl Ocs {
    /// Ports of an LC on all planes, each way.
    pub fn degree(&self) -> usize {
        self.planes * self.ports
    }
}
