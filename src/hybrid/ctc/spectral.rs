//! Phase 1 of the CTC heuristic (paper 003 §4.2.1): recursive 2-way spectral clustering of the
//! tasks into LCs of T. A part's weights are W = D + Dᵀ restricted to it (a Laplacian needs
//! symmetric weights); the eigenvector of the normalised Laplacian I − Δ^(−1/2) W Δ^(−1/2) for
//! its smallest non-zero eigenvalue (the Fiedler vector; or Shi–Malik's y = Δ^(−1/2) z) is
//! ordered and split "in the middle". The middle is read as ⌈c/2⌉·T tasks on the left when c
//! LCs remain to be made, so any Z and T reach clusters of T (240 tasks by halves never reach
//! 12); for powers of two it is the middle. Ours where the paper is silent: a part whose
//! weights are disconnected is ordered by its connected components (by smallest task, tasks
//! without traffic last), the component that straddles the split ordered by its own Fiedler
//! vector; the vector's sign makes the part's lowest task lie left; ties in the vector go by
//! task id. LCs are numbered left to right. Eigenvectors: nalgebra's dense symmetric solver
//! up to `DENSE_MAX` tasks, Lanczos with full reorthogonalisation on the sparse matrix above.

use super::{Laplacian, TaskMatrix};
use nalgebra::{DMatrix, DVector, SymmetricEigen};
use serde::{Deserialize, Serialize};

/// Largest part solved densely.
pub(crate) const DENSE_MAX: usize = 256;
/// Lanczos steps per restart.
const LANCZOS_STEPS: usize = 120;

/// The LCs: members of each (ascending), the LC of every task, and the splits made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Clustering {
    pub lc_of_task: Vec<u32>,
    pub members: Vec<Vec<u32>>,
    pub splits: Vec<Split>,
}

/// One 2-way split: the part's size, the sizes it was cut into, λ₂ (None when the part was
/// split by components) and the weight cut (W counts both directions).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Split {
    pub size: usize,
    pub left: usize,
    pub lambda2: Option<f64>,
    pub cut: u64,
}

/// Symmetric weights as adjacency lists: for every task, (neighbour, weight) ascending.
struct Weights {
    adj: Vec<Vec<(u32, f64)>>,
}

impl Weights {
    fn new(m: &TaskMatrix) -> Weights {
        let mut adj: Vec<Vec<(u32, f64)>> = vec![Vec::new(); m.tasks];
        for &(s, d, b) in &m.entries {
            adj[s as usize].push((d, b as f64));
            adj[d as usize].push((s, b as f64));
        }
        for row in &mut adj {
            crate::sort::by_key(row, |e| e.0);
            let mut merged: Vec<(u32, f64)> = Vec::with_capacity(row.len());
            for &(t, w) in row.iter() {
                match merged.last_mut() {
                    Some(last) if last.0 == t => last.1 += w,
                    _ => merged.push((t, w)),
                }
            }
            *row = merged;
        }
        Weights { adj }
    }
}

/// Phase 1 for any T: with T = 1 every task is its own LC (nothing is split), else `cluster`.
pub(crate) fn cluster_tasks(m: &TaskMatrix, t: usize, laplacian: Laplacian) -> Clustering {
    if t == 1 {
        Clustering {
            lc_of_task: (0..m.tasks as u32).collect(),
            members: (0..m.tasks as u32).map(|i| vec![i]).collect(),
            splits: Vec::new(),
        }
    } else {
        cluster(m, t, laplacian)
    }
}

/// Cluster the tasks of `m` into LCs of `t` tasks.
pub fn cluster(m: &TaskMatrix, t: usize, laplacian: Laplacian) -> Clustering {
    let w = Weights::new(m);
    let mut out = Clustering {
        lc_of_task: vec![0; m.tasks],
        members: Vec::new(),
        splits: Vec::new(),
    };
    let all: Vec<u32> = (0..m.tasks as u32).collect();
    split(&w, all, t.max(1), laplacian, &mut out);
    out
}

fn split(w: &Weights, part: Vec<u32>, t: usize, laplacian: Laplacian, out: &mut Clustering) {
    if part.len() <= t {
        let lc = out.members.len() as u32;
        for &x in &part {
            out.lc_of_task[x as usize] = lc;
        }
        out.members.push(part);
        return;
    }
    let c = part.len().div_ceil(t);
    let left = c.div_ceil(2) * t;
    let (order, lambda2) = order_part(w, &part, left, laplacian);
    let (mut a, mut b) = (order[..left].to_vec(), order[left..].to_vec());
    let in_b: std::collections::HashSet<u32> = b.iter().copied().collect();
    let cut: f64 = a
        .iter()
        .flat_map(|&x| w.adj[x as usize].iter())
        .filter(|(y, _)| in_b.contains(y))
        .map(|e| e.1)
        .sum();
    a.sort_unstable();
    b.sort_unstable();
    out.splits.push(Split {
        size: part.len(),
        left,
        lambda2,
        cut: cut as u64,
    });
    split(w, a, t, laplacian, out);
    split(w, b, t, laplacian, out);
}

/// The part's tasks in the order to split (ascending `part` in, its Fiedler order out) and λ₂
/// when the part is connected.
fn order_part(
    w: &Weights,
    part: &[u32],
    left: usize,
    laplacian: Laplacian,
) -> (Vec<u32>, Option<f64>) {
    let index: std::collections::HashMap<u32, usize> =
        part.iter().enumerate().map(|(i, &x)| (x, i)).collect();
    let n = part.len();
    // the part's weights, local indices
    let local: Vec<Vec<(usize, f64)>> = part
        .iter()
        .map(|&x| {
            w.adj[x as usize]
                .iter()
                .filter_map(|&(y, wt)| index.get(&y).map(|&j| (j, wt)))
                .collect()
        })
        .collect();
    let comps = components(&local);
    if comps.len() == 1 {
        let (vec, lambda2) = fiedler(&local, laplacian);
        return (sorted_by(part, &vec), Some(lambda2));
    }
    // components by smallest task (isolated tasks last); the one straddling `left` by its own
    // vector
    let (mut connected, isolated): (Vec<Vec<usize>>, Vec<Vec<usize>>) =
        comps.into_iter().partition(|c| c.len() > 1);
    crate::sort::by_key(&mut connected, |c| c[0]);
    let mut order: Vec<u32> = Vec::with_capacity(n);
    for comp in connected.into_iter().chain(isolated) {
        let straddles = order.len() < left && order.len() + comp.len() > left;
        if straddles && comp.len() > 2 {
            let sub_index: std::collections::HashMap<usize, usize> =
                comp.iter().enumerate().map(|(i, &x)| (x, i)).collect();
            let sub: Vec<Vec<(usize, f64)>> = comp
                .iter()
                .map(|&x| {
                    local[x]
                        .iter()
                        .filter_map(|&(y, wt)| sub_index.get(&y).map(|&j| (j, wt)))
                        .collect()
                })
                .collect();
            let (vec, _) = fiedler(&sub, laplacian);
            let tasks: Vec<u32> = comp.iter().map(|&x| part[x]).collect();
            order.extend(sorted_by(&tasks, &vec));
        } else {
            order.extend(comp.iter().map(|&x| part[x]));
        }
    }
    (order, None)
}

/// Tasks sorted by their vector value, then id.
fn sorted_by(tasks: &[u32], vec: &[f64]) -> Vec<u32> {
    let mut idx: Vec<usize> = (0..tasks.len()).collect();
    crate::sort::by(&mut idx, |&a, &b| {
        vec[a].total_cmp(&vec[b]).then(tasks[a].cmp(&tasks[b]))
    });
    idx.into_iter().map(|i| tasks[i]).collect()
}

/// Connected components (each ascending, in order of their smallest member).
fn components(adj: &[Vec<(usize, f64)>]) -> Vec<Vec<usize>> {
    let n = adj.len();
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for s in 0..n {
        if seen[s] {
            continue;
        }
        seen[s] = true;
        let mut comp = vec![s];
        let mut i = 0;
        while i < comp.len() {
            for &(y, _) in &adj[comp[i]] {
                if !seen[y] {
                    seen[y] = true;
                    comp.push(y);
                }
            }
            i += 1;
        }
        comp.sort_unstable();
        out.push(comp);
    }
    out
}

/// The Fiedler vector of a connected part (z of L_sym, or y = Δ^(−1/2) z) with the sign that
/// puts local index 0 at or below zero, and λ₂.
pub(crate) fn fiedler(adj: &[Vec<(usize, f64)>], laplacian: Laplacian) -> (Vec<f64>, f64) {
    let n = adj.len();
    if n < 2 {
        return (vec![0.0; n], 0.0);
    }
    let deg: Vec<f64> = adj.iter().map(|r| r.iter().map(|e| e.1).sum()).collect();
    let inv_sqrt: Vec<f64> = deg.iter().map(|&d| 1.0 / d.sqrt()).collect();
    let (mut z, lambda2) = if n <= DENSE_MAX {
        dense(adj, &inv_sqrt)
    } else {
        lanczos(adj, &deg, &inv_sqrt)
    };
    if laplacian == Laplacian::RandomWalk {
        for (x, s) in z.iter_mut().zip(&inv_sqrt) {
            *x *= s;
        }
    }
    let first = z.iter().copied().find(|x| x.abs() > 1e-12).unwrap_or(0.0);
    if z[0] > 1e-12 || (z[0].abs() <= 1e-12 && first > 0.0) {
        z.iter_mut().for_each(|x| *x = -*x);
    }
    (z, lambda2)
}

/// Dense: every eigenpair of L_sym, the second smallest taken.
fn dense(adj: &[Vec<(usize, f64)>], inv_sqrt: &[f64]) -> (Vec<f64>, f64) {
    let n = adj.len();
    let mut l = DMatrix::<f64>::identity(n, n);
    for (i, row) in adj.iter().enumerate() {
        for &(j, w) in row {
            l[(i, j)] -= w * inv_sqrt[i] * inv_sqrt[j];
        }
    }
    let eig = SymmetricEigen::new(l);
    let mut idx: Vec<usize> = (0..n).collect();
    crate::sort::by(&mut idx, |&a, &b| {
        eig.eigenvalues[a].total_cmp(&eig.eigenvalues[b])
    });
    let k = idx[1];
    (
        eig.eigenvectors.column(k).iter().copied().collect(),
        eig.eigenvalues[k],
    )
}

/// Lanczos on M = Δ^(−1/2) W Δ^(−1/2) in the complement of its top eigenvector q ∝ Δ^(1/2)·1:
/// the largest Ritz pair is μ₂ = 1 − λ₂. Full reorthogonalisation; restarted from the Ritz
/// vector until the residual is small. The start vector is fixed (no randomness).
fn lanczos(adj: &[Vec<(usize, f64)>], deg: &[f64], inv_sqrt: &[f64]) -> (Vec<f64>, f64) {
    let n = adj.len();
    let matvec = |x: &[f64], y: &mut [f64]| {
        for (i, row) in adj.iter().enumerate() {
            let mut s = 0.0;
            for &(j, w) in row {
                s += w * inv_sqrt[j] * x[j];
            }
            y[i] = s * inv_sqrt[i];
        }
    };
    let total: f64 = deg.iter().sum();
    let q: Vec<f64> = deg.iter().map(|d| (d / total).sqrt()).collect();
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    let orth = |v: &mut [f64], against: &[f64]| {
        let c = dot(v, against);
        for (x, a) in v.iter_mut().zip(against) {
            *x -= c * a;
        }
    };
    let normalise = |v: &mut [f64]| {
        let norm = dot(v, v).sqrt();
        if norm > 0.0 {
            v.iter_mut().for_each(|x| *x /= norm);
        }
        norm
    };
    let mut start: Vec<f64> = (0..n).map(|i| 1.0 + (i % 7) as f64 / 7.0).collect();
    let mut best = (vec![0.0; n], 0.0);
    let steps = LANCZOS_STEPS.min(n - 1);
    for _restart in 0..6 {
        orth(&mut start, &q);
        normalise(&mut start);
        let mut basis: Vec<Vec<f64>> = vec![start.clone()];
        let (mut alpha, mut beta) = (Vec::new(), Vec::new());
        let mut w = vec![0.0; n];
        for k in 0..steps {
            matvec(&basis[k], &mut w);
            let a = dot(&w, &basis[k]);
            alpha.push(a);
            // full reorthogonalisation, twice
            for _ in 0..2 {
                orth(&mut w, &q);
                for b in &basis {
                    orth(&mut w, b);
                }
            }
            let b = normalise(&mut w);
            if b < 1e-12 || k + 1 == steps {
                break;
            }
            beta.push(b);
            basis.push(w.clone());
        }
        let m = alpha.len();
        let mut t = DMatrix::<f64>::zeros(m, m);
        for i in 0..m {
            t[(i, i)] = alpha[i];
            if i + 1 < m {
                t[(i, i + 1)] = beta[i];
                t[(i + 1, i)] = beta[i];
            }
        }
        let eig = SymmetricEigen::new(t);
        let top = (0..m)
            .max_by(|&a, &b| eig.eigenvalues[a].total_cmp(&eig.eigenvalues[b]))
            .expect("a step");
        let mu = eig.eigenvalues[top];
        let s: DVector<f64> = eig.eigenvectors.column(top).into_owned();
        let mut x = vec![0.0; n];
        for (j, b) in basis.iter().take(m).enumerate() {
            for (xi, bi) in x.iter_mut().zip(b) {
                *xi += s[j] * bi;
            }
        }
        normalise(&mut x);
        matvec(&x, &mut w);
        let residual: f64 = w
            .iter()
            .zip(&x)
            .map(|(a, b)| (a - mu * b) * (a - mu * b))
            .sum::<f64>()
            .sqrt();
        best = (x.clone(), 1.0 - mu);
        if residual < 1e-9 {
            break;
        }
        start = x;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matrix(tasks: usize, pairs: &[(u32, u32, u64)]) -> TaskMatrix {
        TaskMatrix::from_entries(tasks, pairs.to_vec())
    }

    #[test]
    fn the_worked_examples() {
        let m = matrix(4, &[(0, 1, 10), (2, 3, 10), (1, 2, 1)]);
        let c = cluster(&m, 2, Laplacian::Sym);
        assert_eq!(c.members, vec![vec![0, 1], vec![2, 3]]);
        assert!((c.splits[0].lambda2.unwrap() - 1.0 / 11.0).abs() < 1e-9);
        assert_eq!(c.splits[0].cut, 1); // D has 1→2 only
        let tri = matrix(
            6,
            &[
                (0, 1, 5),
                (1, 2, 5),
                (0, 2, 5),
                (3, 4, 5),
                (4, 5, 5),
                (3, 5, 5),
                (2, 3, 1),
            ],
        );
        assert_eq!(
            cluster(&tri, 3, Laplacian::Sym).members,
            vec![vec![0, 1, 2], vec![3, 4, 5]]
        );
        let two = cluster(&tri, 2, Laplacian::Sym);
        assert_eq!(two.members.len(), 3);
        assert_eq!(two.members[0].len() + two.members[1].len(), 4);
        // disconnected: by components, isolated tasks last
        let apart = matrix(6, &[(4, 5, 3), (1, 2, 3)]);
        let c = cluster(&apart, 2, Laplacian::Sym);
        assert_eq!(c.members, vec![vec![1, 2], vec![4, 5], vec![0, 3]]);
    }

    #[test]
    fn lanczos_agrees_with_the_dense_solver() {
        // a 20×16 stencil with heavier rows: a simple λ₂
        let (a, b) = (20usize, 16usize);
        let mut adj: Vec<Vec<(usize, f64)>> = vec![Vec::new(); a * b];
        for y in 0..b {
            for x in 0..a {
                let i = x + a * y;
                if x + 1 < a {
                    adj[i].push((i + 1, 1.0));
                    adj[i + 1].push((i, 1.0));
                }
                if y + 1 < b {
                    adj[i].push((i + a, 3.0));
                    adj[i + a].push((i, 3.0));
                }
            }
        }
        let deg: Vec<f64> = adj.iter().map(|r| r.iter().map(|e| e.1).sum()).collect();
        let inv: Vec<f64> = deg.iter().map(|d| 1.0 / d.sqrt()).collect();
        let (zd, ld) = dense(&adj, &inv);
        let (zl, ll) = lanczos(&adj, &deg, &inv);
        assert!((ld - ll).abs() < 1e-9, "{ld} {ll}");
        let c: f64 = zd.iter().zip(&zl).map(|(x, y)| x * y).sum();
        assert!((c.abs() - 1.0).abs() < 1e-6, "{c}");
    }
}
