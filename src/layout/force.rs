//! Force-directed layout (Fruchterman & Reingold 1991) for irregular networks such as TOPOGEN's,
//! seeded so the same network always lands the same way. Petgraph has no layout algorithm, so
//! this is ours. Above `MAX_FORCE_SWITCHES` (quadratic cost per iteration) switches are placed in
//! rows by BFS distance from switch 0 instead.

use crate::graph::Adjacency;
use crate::model::{SwitchId, Topology};
use rand::Rng;

/// Largest network laid out by forces.
pub const MAX_FORCE_SWITCHES: usize = 1500;

/// Positions (in grid units, ideal link length ≈ 1.6) for every switch of `topo`.
pub fn force_positions(topo: &Topology, seed: u64) -> Vec<(f64, f64)> {
    let n = topo.switch_count();
    if n == 0 {
        return Vec::new();
    }
    if n > MAX_FORCE_SWITCHES {
        return bfs_rows(topo);
    }
    let mut rng = crate::rng::stream(seed, crate::rng::Purpose::Layout, 0);
    let side = (n as f64).sqrt() * 1.6;
    let mut pos: Vec<(f64, f64)> = (0..n)
        .map(|_| (rng.random::<f64>() * side, rng.random::<f64>() * side))
        .collect();
    let edges: Vec<(usize, usize)> = (0..topo.link_count())
        .map(|l| topo.link_ends(crate::model::LinkId::new(l)))
        .map(|(a, b)| (a.index(), b.index()))
        .collect();
    let k = 1.6f64;
    let iterations = if n <= 256 { 400 } else { 150 };
    let mut temperature = side / 4.0;
    let cooling = temperature / iterations as f64;
    let mut disp = vec![(0.0f64, 0.0f64); n];
    for _ in 0..iterations {
        disp.iter_mut().for_each(|d| *d = (0.0, 0.0));
        // every pair once; switch i's own sum is kept in a local and the others' through zipped
        // slices (no bounds checks), in the same order of additions as indexing both would be
        for i in 0..n {
            let (head, rest) = disp.split_at_mut(i + 1);
            let (pi, mut di) = (pos[i], head[i]);
            for (pj, dj) in pos[i + 1..].iter().zip(rest) {
                let (dx, dy) = (pi.0 - pj.0, pi.1 - pj.1);
                let d2 = at_least(dx * dx + dy * dy, 1e-6);
                let f = k * k / d2; // repulsion k²/d, along the unit vector (dx,dy)/d
                di.0 += dx * f;
                di.1 += dy * f;
                dj.0 -= dx * f;
                dj.1 -= dy * f;
            }
            head[i] = di;
        }
        for &(a, b) in &edges {
            let (dx, dy) = (pos[a].0 - pos[b].0, pos[a].1 - pos[b].1);
            let d = at_least((dx * dx + dy * dy).sqrt(), 1e-6);
            let f = d / k; // attraction d²/k, along the unit vector
            disp[a].0 -= dx * f;
            disp[a].1 -= dy * f;
            disp[b].0 += dx * f;
            disp[b].1 += dy * f;
        }
        for i in 0..n {
            let (dx, dy) = disp[i];
            let len = at_least((dx * dx + dy * dy).sqrt(), 1e-9);
            let step = if len <= temperature { len } else { temperature };
            pos[i].0 += dx / len * step;
            pos[i].1 += dy / len * step;
        }
        temperature = (temperature - cooling).max(0.01);
    }
    normalise(pos)
}

/// `x.max(min)` as a comparison: in WebAssembly `f64::max` is a call (its NaN rule is not the
/// instruction's), and this runs for every pair of switches in every iteration. Same value for
/// every input, NaN included (gives `min`).
#[inline]
fn at_least(x: f64, min: f64) -> f64 {
    if x >= min {
        x
    } else {
        min
    }
}

/// Rows by hop distance from switch 0 (disconnected switches in a last row).
fn bfs_rows(topo: &Topology) -> Vec<(f64, f64)> {
    let dist = Adjacency::new(topo).distances_from(SwitchId(0));
    let mut rows: std::collections::BTreeMap<u32, usize> = std::collections::BTreeMap::new();
    dist.iter()
        .map(|&d| {
            let column = rows.entry(d).or_insert(0);
            *column += 1;
            (
                (*column - 1) as f64 * 1.2,
                if d == u32::MAX {
                    -1.0
                } else {
                    f64::from(d) * 2.0
                },
            )
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|(x, y)| {
            (
                x,
                if y < 0.0 {
                    2.0 * (rows.len() as f64 + 1.0)
                } else {
                    y
                },
            )
        })
        .collect()
}

/// Move to the origin and, when the drawing came out larger than a square of about 2√n units
/// (sparse, tree-like networks spread far), shrink it to that size.
fn normalise(pos: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    let min_x = pos.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let min_y = pos.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let max_x = pos.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let max_y = pos.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    let target = (2.0 * (pos.len() as f64).sqrt()).max(4.0);
    let shrink = (target / (max_x - min_x).max(max_y - min_y).max(1e-9)).min(1.0);
    pos.into_iter()
        .map(|(x, y)| ((x - min_x) * shrink + 0.6, (y - min_y) * shrink + 0.6))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::build;

    #[test]
    fn deterministic_and_spread() {
        let t = build("torus:4x4").unwrap();
        let a = force_positions(&t, 3);
        assert_eq!(a, force_positions(&t, 3));
        for i in 0..a.len() {
            for j in i + 1..a.len() {
                let d = ((a[i].0 - a[j].0).powi(2) + (a[i].1 - a[j].1).powi(2)).sqrt();
                assert!(d > 0.3, "switches {i} and {j} overlap");
            }
        }
    }
}
