//! ACRO, "Assignment of Channels in Reverse Order to Make Arbitrary Routing Deadlock-free"
//! (R. Kawano, H. Nakahara, S. Tade, I. Fujiwara, H. Matsutani, M. Koibuchi, H. Amano, IEEE/ACIS
//! ICIS 2016, pp. 565–570; journal version "A Novel Channel Assignment Method to Ensure
//! Deadlock-Freedom for Deterministic Routing", IEICE Trans. Inf. & Syst. E100-D(8):1798–1806,
//! 2017): the VC assignment paper 002 uses for LOREN and Cowen in §VI-C ([25], "based on the
//! assignment technique used in LASH-TOR [26]"), here as an alternative to our LASH-TOR layering
//! (`layering::Layering`) for the per-pair route table.
//!
//! Only the two abstracts were available to us: ACRO makes arbitrary deterministic routes
//! deadlock-free with VCs, needs up to 63% fewer VCs on average than "the conventional algorithm
//! that has the same time complexity", as few as another that is slower by a factor of
//! O(|N|·log|N|), and (journal) cuts VCs with "a hash table". The rest is our reading of the
//! title and of paper 002, not the authors' text:
//!
//! - VCs are assigned along each route from its last hop backward ("in reverse order"): the last
//!   hop is in layer 0; a hop in front of an assigned suffix takes the suffix's first layer when
//!   the turn between them fits that layer's channel dependency graph (CDG) without closing a
//!   cycle, else one layer more. Layers never rise along a route — a packet moves down a layer
//!   where its forward LASH-TOR twin would move up — every turn inside a layer is an edge of that
//!   layer's acyclic CDG, and every other turn goes down a layer, so the dependency graph over
//!   (channel, class, layer) has no cycle (a cycle could not come back up, so it would lie in one
//!   layer, and none does).
//! - Routes that end alike share their layers there: a suffix (the hops from one hop to the
//!   destination) is assigned once, keyed by (the suffix after it, its first hop) — our guess at
//!   the journal's hash table, kept here as a trie of suffixes. For a router that forwards by
//!   destination (LOREN, Cowen, shortest), a hop's suffix is fixed by its switch and destination,
//!   so its VC is a function of (switch, destination) and can sit in the router's table beside
//!   the next hop: the reason, we think, to assign from the destination side for compact routing.
//! - The order of the suffixes is not known. `AcroOrder::ByDepth` reads "reverse order" as one
//!   sweep over all routes: every last hop, then every second-to-last hop, and so on; within one
//!   depth, the suffixes more routes share first, so a turn refused in a layer lifts few routes.
//!   `AcroOrder::LongestFirst` takes route after route, longest first, as our LASH-TOR does, each
//!   from its end backward.
//!
//! Measured on the routes of paper 002's four networks (LRT(64,4,2) #20 and LRT(256,4,4) #0 of
//! seed 1, t_max 18/32 and 42/128): `ByDepth` needs as many layers as LASH-TOR for Cowen and
//! one fewer for LOREN at 64/32, 256/42 and 256/128 (2, 3, 3 instead of 3, 4, 4), so both
//! schemes need the same layers there. Over 72 route sets (LOREN, Cowen and shortest on LRTs of
//! 64–529 routers and a torus, 8 seeds each) it needed fewer layers than LASH-TOR 21 times, more
//! twice (LOREN at t_max 18 on two LRT(64,4,2) draws: 3 instead of 2), as many otherwise.
//!
//! The routes are given as CDG nodes (channel × the router's classes + class, as
//! `RouteTable::new` numbers them) in the table's flat layout, `nodes[offsets[i]..offsets[i+1]]`
//! for route i; each hop gets a layer, and `RouteTable` makes its VC group class + layer ×
//! classes, as for LASH-TOR.

use super::cdg::{Cdg, MAX_LAYERING_STEPS};
use serde::{Deserialize, Serialize};

/// How the per-pair routes' hops get their deadlock-free VC layers (`RouteTable`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum VcAssignment {
    /// LASH-TOR (Skeie et al., ICPADS 2004): each route from its first hop, up a layer at a turn
    /// that would close a cycle in its present one, longest routes first.
    #[default]
    LashTor,
    /// ACRO (paper 002's [25]) as one sweep: every route's last hop first, then every
    /// second-to-last hop, …, down a layer at a turn that would close a cycle.
    Acro,
    /// ACRO route by route, longest first, each from its last hop backward.
    AcroByRoute,
}

impl crate::choice::Choices for VcAssignment {
    const DECIDES: &'static str = "How each route's hops get their deadlock-free VC groups";
    const OPTIONS: &'static [(Self, &'static str, &'static str)] = &[
        (
            VcAssignment::LashTor,
            "LASH-TOR",
            "From the source: up a layer where a turn would close a cycle (Skeie et al.)",
        ),
        (
            VcAssignment::Acro,
            "ACRO",
            "From the destination: all last hops first, then the hops before them (paper 002’s [25], our reading)",
        ),
        (
            VcAssignment::AcroByRoute,
            "ACRO, route by route",
            "From the destination, one route after another, longest first (our reading)",
        ),
    ];
}

impl VcAssignment {
    /// How the page and the CLI's tables name it ("LASH-TOR", "ACRO", …).
    pub fn label(self) -> &'static str {
        <Self as crate::choice::Choices>::OPTIONS
            .iter()
            .find(|o| o.0 == self)
            .map_or("?", |o| o.1)
    }

    /// ACRO's order of the suffixes, or None for LASH-TOR.
    pub(super) fn acro_order(self) -> Option<AcroOrder> {
        match self {
            VcAssignment::LashTor => None,
            VcAssignment::Acro => Some(AcroOrder::ByDepth),
            VcAssignment::AcroByRoute => Some(AcroOrder::LongestFirst),
        }
    }
}

/// In which order ACRO assigns the suffixes (see the module header).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum AcroOrder {
    /// All last hops, then all second-to-last hops, …; within a depth, the suffixes shared by
    /// more routes first (ties: the suffix assigned earlier, then the lower CDG node).
    ByDepth,
    /// Route after route, longest first (ties: the lower route index), each from its end.
    LongestFirst,
}

/// The layer of every hop, flat in the layout of the routes given, and how many layers they use
/// (at least 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct AcroLayers {
    pub layer: Vec<u16>,
    pub layers: usize,
}

/// ACRO's layers for the routes `nodes[offsets[i] as usize..offsets[i + 1] as usize]` (CDG nodes
/// below `node_count`; empty routes allowed), or why not: more than `max_layers` layers (the
/// CDGs of the layers are built as they are reached, so this bounds the memory too), or more
/// than `MAX_LAYERING_STEPS` steps of their searches.
pub(super) fn assign(
    offsets: &[u32],
    nodes: &[u32],
    node_count: usize,
    order: AcroOrder,
    max_layers: usize,
) -> Result<AcroLayers, AcroStop> {
    debug_assert_eq!(
        offsets.last().map_or(0, |&e| e as usize),
        nodes.len(),
        "the offsets cover the nodes"
    );
    debug_assert!(nodes.iter().all(|&v| (v as usize) < node_count));
    let mut suffixes = Suffixes {
        cdgs: Vec::new(),
        node_count,
        max_layers: max_layers.min(usize::from(u16::MAX)),
        first: Vec::new(),
        layer: Vec::new(),
        layers: 1,
        stop: AcroStop::Layers,
    };
    let mut layer = vec![0u16; nodes.len()];
    let done = match order {
        AcroOrder::ByDepth => by_depth(offsets, nodes, &mut suffixes, &mut layer),
        AcroOrder::LongestFirst => longest_first(offsets, nodes, &mut suffixes, &mut layer),
    };
    match done {
        Some(()) => Ok(AcroLayers {
            layer,
            layers: suffixes.layers,
        }),
        None => Err(suffixes.stop),
    }
}

/// Why `assign` gave up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum AcroStop {
    /// The routes need more layers than were allowed.
    Layers,
    /// The layers' searches took more than `MAX_LAYERING_STEPS` steps.
    Steps,
}

/// The suffix of no hop: a hop in front of it is its route's last.
const END: u32 = u32::MAX;

/// The suffixes assigned so far (ids in the order they were assigned) and the layers' CDGs.
struct Suffixes {
    /// Each layer's CDG, kept acyclic (built when a turn is first tried in the layer).
    cdgs: Vec<Cdg>,
    node_count: usize,
    max_layers: usize,
    /// Per suffix: the CDG node of its first hop, and that hop's layer.
    first: Vec<u32>,
    layer: Vec<u16>,
    /// Layers used (at least 1).
    layers: usize,
    /// Why `push` last said None.
    stop: AcroStop,
}

impl Suffixes {
    /// The suffix of hop `node` followed by the suffix `next` (`END`: `node` is the last hop):
    /// its layer is `next`'s first layer if the turn fits there, else one more. Its id, or None
    /// past `max_layers`.
    fn push(&mut self, node: u32, next: u32) -> Option<u32> {
        let l = if next == END {
            0
        } else {
            let (l, to) = (
                usize::from(self.layer[next as usize]),
                self.first[next as usize] as usize,
            );
            let fits = self.cdg(l).try_add(node as usize, to);
            if self.cdgs.iter().map(Cdg::steps).sum::<u64>() > MAX_LAYERING_STEPS {
                self.stop = AcroStop::Steps;
                return None;
            }
            if fits {
                l
            } else {
                // a turn down from l + 1 to l is an edge of no layer's CDG
                l + 1
            }
        };
        if l >= self.max_layers {
            self.stop = AcroStop::Layers;
            return None;
        }
        self.layers = self.layers.max(l + 1);
        self.first.push(node);
        self.layer.push(l as u16);
        Some((self.first.len() - 1) as u32)
    }

    /// Layer `l`'s CDG, built (with those below it) if it is not yet.
    fn cdg(&mut self, l: usize) -> &mut Cdg {
        while self.cdgs.len() <= l {
            self.cdgs.push(Cdg::new(self.node_count));
        }
        &mut self.cdgs[l]
    }
}

/// `AcroOrder::ByDepth`: at depth k, every route at least k hops long has its k-th hop from
/// the end assigned, the routes that share the (k − 1)-hop suffix and the k-th hop taking one
/// new suffix. The routes are kept in the order of their suffixes' ids, so the routes of one
/// suffix lie side by side and only they are sorted by hop; the new suffixes are ranked by a
/// counting sort on how many routes share them.
fn by_depth(offsets: &[u32], nodes: &[u32], s: &mut Suffixes, out: &mut [u16]) -> Option<()> {
    let routes = offsets.len().saturating_sub(1);
    let end_of = |r: usize| offsets[r + 1] as usize;
    let len = |r: usize| (offsets[r + 1] - offsets[r]) as usize;
    // each route's suffix assigned so far
    let mut at = vec![END; routes];
    // the routes with hops left, in the order of `at` (all `END` at first)
    let mut active: Vec<u32> = (0..routes)
        .filter(|&r| len(r) > 0)
        .map(|r| r as u32)
        .collect();
    // (suffix after, the hop's CDG node, route)
    let mut keys: Vec<(u32, u32, u32)> = Vec::with_capacity(active.len());
    // runs of equal (suffix after, hop) in `keys`, (first, end), and their ranks
    let mut runs: Vec<(u32, u32)> = Vec::new();
    let mut ranked: Vec<u32> = Vec::new();
    let mut bucket: Vec<u32> = Vec::new();
    let mut depth = 1;
    while !active.is_empty() {
        keys.clear();
        keys.extend(active.iter().map(|&r| {
            let r = r as usize;
            (at[r], nodes[end_of(r) - depth], r as u32)
        }));
        sort_runs(&mut keys, &mut runs);
        rank_runs(&runs, &mut bucket, &mut ranked);
        // new suffixes get increasing ids in rank order, and `active` follows them
        active.clear();
        for &k in &ranked {
            let (a, b) = runs[k as usize];
            let (next, node, _) = keys[a as usize];
            let id = s.push(node, next)?;
            let l = s.layer[id as usize];
            for &(_, _, r) in &keys[a as usize..b as usize] {
                let r = r as usize;
                at[r] = id;
                out[end_of(r) - depth] = l;
                if len(r) > depth {
                    active.push(r as u32);
                }
            }
        }
        depth += 1;
    }
    Some(())
}

/// Sorts `keys` (in the order of the suffix after) inside each run of one suffix after, and
/// writes the runs of equal (suffix after, hop) into `runs` as (first, end).
fn sort_runs(keys: &mut [(u32, u32, u32)], runs: &mut Vec<(u32, u32)>) {
    let mut i = 0;
    while i < keys.len() {
        let mut j = i + 1;
        while j < keys.len() && keys[j].0 == keys[i].0 {
            j += 1;
        }
        keys[i..j].sort_unstable();
        i = j;
    }
    runs.clear();
    let mut i = 0;
    while i < keys.len() {
        let mut j = i + 1;
        while j < keys.len() && keys[j].0 == keys[i].0 && keys[j].1 == keys[i].1 {
            j += 1;
        }
        runs.push((i as u32, j as u32));
        i = j;
    }
}

/// The runs' indices into `ranked`, more routes first, ties in key order (the suffix after,
/// then the hop): a counting sort, whose bucket b (in `bucket`) holds the runs of largest − b
/// routes and becomes where its runs start.
fn rank_runs(runs: &[(u32, u32)], bucket: &mut Vec<u32>, ranked: &mut Vec<u32>) {
    let largest = runs
        .iter()
        .map(|&(a, b)| (b - a) as usize)
        .max()
        .unwrap_or(0);
    bucket.clear();
    bucket.resize(largest + 2, 0);
    for &(a, b) in runs {
        bucket[largest - (b - a) as usize + 1] += 1;
    }
    for b in 1..bucket.len() {
        bucket[b] += bucket[b - 1];
    }
    ranked.clear();
    ranked.resize(runs.len(), 0);
    for (k, &(a, b)) in runs.iter().enumerate() {
        let slot = &mut bucket[largest - (b - a) as usize];
        ranked[*slot as usize] = k as u32;
        *slot += 1;
    }
}

/// `AcroOrder::LongestFirst`: route after route, each from its last hop backward; a suffix an
/// earlier route assigned is found (among the suffixes that extend the one after it, kept as
/// first child and next sibling) and kept. Once a route's suffix is new, so is every longer
/// one of it, and the search stops.
fn longest_first(offsets: &[u32], nodes: &[u32], s: &mut Suffixes, out: &mut [u16]) -> Option<()> {
    let routes = offsets.len().saturating_sub(1);
    let mut order: Vec<usize> = (0..routes).collect();
    crate::sort::by_key(&mut order, |&r| {
        std::cmp::Reverse(offsets[r + 1] - offsets[r])
    });
    // the first suffix extending `END` by each node, and per suffix its first extension and
    // the next extension of the suffix it extends (`END`: none)
    let mut root = vec![END; s.node_count];
    let mut child: Vec<u32> = Vec::new();
    let mut sibling: Vec<u32> = Vec::new();
    for r in order {
        let (a, b) = (offsets[r] as usize, offsets[r + 1] as usize);
        let mut next = END;
        let mut shared = true;
        for i in (a..b).rev() {
            let node = nodes[i];
            let head = if next == END {
                root[node as usize]
            } else {
                child[next as usize]
            };
            let mut found = END;
            if shared {
                let mut c = head;
                while c != END && s.first[c as usize] != node {
                    c = sibling[c as usize];
                }
                found = c;
            }
            let id = if found != END {
                found
            } else {
                shared = false;
                let id = s.push(node, next)?;
                child.push(END);
                sibling.push(head);
                if next == END {
                    root[node as usize] = id;
                } else {
                    child[next as usize] = id;
                }
                id
            };
            out[i] = s.layer[id as usize];
            next = id;
        }
    }
    Some(())
}

#[cfg(test)]
#[path = "acro_tests.rs"]
mod tests;
