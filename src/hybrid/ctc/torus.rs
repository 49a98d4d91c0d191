//! The electronic-only baseline of paper 003 §5: the same LCs mapped one-to-one onto the nodes
//! of a fixed X-D torus (a hierarchical mapping "similar to [14]": cluster, then map), the
//! mapping found by simulated annealing over swaps of two LCs, minimising inter-LC hop-bytes
//! Σ d_st · torus distance. The torus of N nodes is factored as evenly as possible (the
//! largest side smallest, then the next): 16 = 4×2×2, 20 = 5×2×2 (whose "4-D" torus is
//! 5×2×2×1, the same network — Table II's equal 3-D and 4-D cells at 20 nodes), 80 = 5×4×4
//! (§5.2: "fully constructed" from 80 nodes). Routing is minimal with wrap-around; a side of 2
//! is one link, a side of 1 adds nothing. The start is the identity (LC i on node i, in phase
//! 1's spatially coherent numbering).

use super::anneal::{anneal, CurvePoint, Permutation, Schedule};
use super::LcTraffic;
use crate::{Error, Result};

/// The most even factorisation of n into `x` sides, largest first.
pub fn balanced_dims(n: usize, x: usize) -> Vec<usize> {
    fn best(n: usize, x: usize, max: usize) -> Option<Vec<usize>> {
        if x == 1 {
            return (n <= max).then(|| vec![n]);
        }
        // the first (largest) side: the smallest that leaves a product the rest can make
        let mut result: Option<Vec<usize>> = None;
        for f in (1..=max.min(n)).rev() {
            if !n.is_multiple_of(f) {
                continue;
            }
            if let Some(mut rest) = best(n / f, x - 1, f) {
                let mut cand = vec![f];
                cand.append(&mut rest);
                if result.as_ref().is_none_or(|r| cand < *r) {
                    result = Some(cand);
                }
            }
        }
        result
    }
    best(n, x, n).expect("n·1·1… always factors")
}

/// Sides from `torus:X` (balanced, X = 1 … 6) or `torus:AxBxC` (their product must be n).
pub(crate) fn parse_dims(spec: &str, n: usize) -> Result<Vec<usize>> {
    let bad = |why: String| Error::invalid("baseline", why);
    let rest = spec.trim().strip_prefix("torus:").ok_or_else(|| {
        bad(format!(
            "write torus:3 or torus:4x2x2, not '{}'",
            crate::error::shorten(spec)
        ))
    })?;
    if let Ok(x) = rest.parse::<usize>() {
        if !(1..=6).contains(&x) {
            return Err(bad(format!("a torus of 1 to 6 dimensions, not {x}")));
        }
        return Ok(balanced_dims(n, x));
    }
    let dims: Option<Vec<usize>> = rest
        .split(['x', 'X', '×'])
        .map(|d| d.trim().parse().ok())
        .collect();
    match dims {
        Some(d) if !d.is_empty() && d.len() <= 6 && d.iter().all(|&s| s >= 1) => {
            let product = d.iter().try_fold(1usize, |a, &s| a.checked_mul(s));
            if product == Some(n) {
                Ok(d)
            } else {
                Err(bad(format!(
                    "the sides must multiply to the {n} LCs; the most even 3-D torus is {}",
                    balanced_dims(n, 3)
                        .iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                        .join("x")
                )))
            }
        }
        _ => Err(bad(format!(
            "write torus:3 or torus:4x2x2, not '{}'",
            crate::error::shorten(spec)
        ))),
    }
}

/// The torus distance table (minimal routing with wrap-around), node i at coordinates with
/// the first side fastest.
pub fn distances(dims: &[usize]) -> Vec<u16> {
    let n: usize = dims.iter().product();
    let coords = |mut i: usize| -> Vec<usize> {
        dims.iter()
            .map(|&k| {
                let c = i % k;
                i /= k;
                c
            })
            .collect()
    };
    let all: Vec<Vec<usize>> = (0..n).map(coords).collect();
    let mut out = vec![0u16; n * n];
    for a in 0..n {
        for b in 0..n {
            out[a * n + b] = dims
                .iter()
                .enumerate()
                .map(|(d, &k)| {
                    let diff = all[a][d].abs_diff(all[b][d]);
                    diff.min(k - diff) as u16
                })
                .sum();
        }
    }
    out
}

/// Links per node of the torus: 2 per side of 3 or more, 1 per side of 2.
pub fn degree(dims: &[usize]) -> usize {
    dims.iter()
        .map(|&k| match k {
            1 => 0,
            2 => 1,
            _ => 2,
        })
        .sum()
}

/// A mapping of LCs onto torus nodes under annealing.
struct Mapping<'a> {
    n: usize,
    /// w[s·n + t] = d_st + d_ts
    w: &'a [u64],
    dist: &'a [u16],
    node_of: Vec<usize>,
    best: Vec<usize>,
    cost: u64,
}

impl Mapping<'_> {
    fn total(&self) -> u64 {
        let mut sum = 0u64;
        for s in 0..self.n {
            for t in s + 1..self.n {
                let w = self.w[s * self.n + t];
                if w > 0 {
                    sum += w * u64::from(self.dist[self.node_of[s] * self.n + self.node_of[t]]);
                }
            }
        }
        sum
    }

    /// The change of swapping LCs a and b, in O(N).
    fn delta(&self, a: usize, b: usize) -> i64 {
        let (pa, pb) = (self.node_of[a], self.node_of[b]);
        let mut delta = 0i64;
        for c in 0..self.n {
            if c == a || c == b {
                continue;
            }
            let pc = self.node_of[c];
            let (wa, wb) = (self.w[a * self.n + c] as i64, self.w[b * self.n + c] as i64);
            if wa == wb {
                continue;
            }
            let (da, db) = (
                i64::from(self.dist[pa * self.n + pc]),
                i64::from(self.dist[pb * self.n + pc]),
            );
            delta += (wa - wb) * (db - da);
        }
        delta
    }
}

impl Permutation for Mapping<'_> {
    fn len(&self) -> usize {
        self.n
    }
    fn swap_cost(&mut self, i: usize, j: usize) -> u64 {
        let delta = self.delta(i, j);
        self.node_of.swap(i, j);
        self.cost = (self.cost as i64 + delta) as u64;
        self.cost
    }
    fn undo(&mut self, i: usize, j: usize) {
        let delta = self.delta(i, j);
        self.node_of.swap(i, j);
        self.cost = (self.cost as i64 + delta) as u64;
    }
    fn keep_best(&mut self) {
        self.best.clone_from(&self.node_of);
    }
}

/// The baseline's outcome.
#[derive(Debug, Clone, PartialEq)]
pub struct TorusMapping {
    pub dims: Vec<usize>,
    pub degree: usize,
    /// Node of every LC.
    pub node_of: Vec<usize>,
    pub start_hop_bytes: u64,
    pub hop_bytes: u64,
    pub curve: Vec<CurvePoint>,
}

/// Map the LCs of `t` onto the torus `dims` by annealing from the identity.
pub fn map(
    t: &LcTraffic,
    dims: &[usize],
    schedule: Schedule,
    rng: &mut impl rand::Rng,
    each: impl FnMut(CurvePoint),
) -> TorusMapping {
    let n = t.lcs;
    debug_assert_eq!(dims.iter().product::<usize>(), n);
    let mut w = vec![0u64; n * n];
    for d in &t.demands {
        let (s, e) = (d.s as usize, d.d as usize);
        w[s * n + e] += d.bytes;
        w[e * n + s] += d.bytes;
    }
    let dist = distances(dims);
    let mut m = Mapping {
        n,
        w: &w,
        dist: &dist,
        node_of: (0..n).collect(),
        best: (0..n).collect(),
        cost: 0,
    };
    m.cost = m.total();
    let start = m.cost;
    let (best, curve) = anneal(&mut m, start, schedule, rng, each);
    debug_assert_eq!(
        {
            let mut check = Mapping {
                node_of: m.best.clone(),
                best: vec![],
                ..m
            };
            check.cost = 0;
            check.total()
        },
        best
    );
    TorusMapping {
        dims: dims.to_vec(),
        degree: degree(dims),
        node_of: m.best,
        start_hop_bytes: start,
        hop_bytes: best,
        curve,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balanced_sides_match_table_ii() {
        assert_eq!(balanced_dims(16, 3), vec![4, 2, 2]);
        assert_eq!(balanced_dims(16, 4), vec![2, 2, 2, 2]);
        assert_eq!(balanced_dims(20, 3), vec![5, 2, 2]);
        assert_eq!(balanced_dims(20, 4), vec![5, 2, 2, 1]);
        assert_eq!(balanced_dims(32, 3), vec![4, 4, 2]);
        assert_eq!(balanced_dims(80, 3), vec![5, 4, 4]);
        assert_eq!(balanced_dims(160, 4), vec![5, 4, 4, 2]);
        assert_eq!(balanced_dims(40, 2), vec![8, 5]);
        assert_eq!(balanced_dims(7, 3), vec![7, 1, 1]);
        assert_eq!(degree(&[4, 2, 2]), 4);
        assert_eq!(parse_dims("torus:4x4", 16).unwrap(), vec![4, 4]);
        assert_eq!(
            parse_dims("torus:4x4", 15).unwrap_err().field().as_deref(),
            Some("baseline")
        );
        assert!(parse_dims("ring", 4).is_err());
        let d = distances(&[4, 2]);
        assert_eq!(d[3], 1); // 0 and 3 wrap around
        assert_eq!(d[4], 1); // a side of 2 is one hop
        assert_eq!(d[2 * 8], 2);
    }
}
