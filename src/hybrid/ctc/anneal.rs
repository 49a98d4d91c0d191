//! Simulated annealing over permutations (paper 003 §4.2.2–4.2.3: over demand orderings, the
//! fitness being phase 3's hop-bytes; §5: over LC-to-torus-node mappings). A neighbour swaps
//! two positions drawn uniformly (a draw of the same position twice is redrawn); the
//! temperature follows Matlab's defaults, T_k = T₀ · 0.95^k with T₀ = 100, as the paper used
//! Matlab's annealing without naming parameters; a worse neighbour is accepted with Matlab's
//! 1/(1 + exp(Δ/T)) (or Metropolis' exp(−Δ/T), or never); the best state seen is kept, so the
//! result is never worse than the start. One iteration is one neighbour and one evaluation;
//! no reannealing.

use super::Accept;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// What is annealed: a permutation whose positions can be swapped.
#[allow(clippy::len_without_is_empty)] // a permutation's length, never asked to be empty
pub(crate) trait Permutation {
    fn len(&self) -> usize;
    /// Swap positions i and j and return the new cost.
    fn swap_cost(&mut self, i: usize, j: usize) -> u64;
    /// Swap back (after a rejected neighbour); the cost returns to what it was.
    fn undo(&mut self, i: usize, j: usize);
    /// The current state is the best so far: remember it.
    fn keep_best(&mut self);
}

/// The schedule.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Schedule {
    pub iterations: u32,
    pub t0: f64,
    pub cooling: f64,
    pub accept: Accept,
}

/// A point of the convergence curve: after `iteration` neighbours, the current and best cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CurvePoint {
    pub iteration: u32,
    pub current: u64,
    pub best: u64,
}

/// Most points kept of a curve (longer runs are sampled evenly, the last point always kept).
pub(crate) const MAX_CURVE_POINTS: usize = 1000;

/// Anneal from the state's current permutation, whose cost is `start`. `each(point)` sees
/// every iteration's point (for progress and live curves). Returns the best cost and the
/// sampled curve.
pub(crate) fn anneal<P: Permutation>(
    state: &mut P,
    start: u64,
    schedule: Schedule,
    rng: &mut impl Rng,
    mut each: impl FnMut(CurvePoint),
) -> (u64, Vec<CurvePoint>) {
    let n = state.len();
    let mut current = start;
    let mut best = start;
    state.keep_best();
    let stride = (schedule.iterations as usize)
        .div_ceil(MAX_CURVE_POINTS)
        .max(1);
    let mut curve = vec![CurvePoint {
        iteration: 0,
        current,
        best,
    }];
    let mut temperature = schedule.t0;
    for k in 1..=schedule.iterations {
        if n >= 2 {
            let i = rng.random_range(0..n);
            let mut j = rng.random_range(0..n - 1);
            if j >= i {
                j += 1;
            }
            let cost = state.swap_cost(i, j);
            let delta = cost as f64 - current as f64;
            let take = delta < 0.0
                || match schedule.accept {
                    Accept::Greedy => delta <= 0.0,
                    Accept::Matlab => {
                        let u: f64 = rng.random();
                        temperature > 0.0 && u < 1.0 / (1.0 + (delta / temperature).exp())
                    }
                    Accept::Metropolis => {
                        let u: f64 = rng.random();
                        temperature > 0.0 && u < (-delta / temperature).exp()
                    }
                };
            if take {
                current = cost;
                if cost < best {
                    best = cost;
                    state.keep_best();
                }
            } else {
                state.undo(i, j);
            }
        }
        temperature *= schedule.cooling;
        let point = CurvePoint {
            iteration: k,
            current,
            best,
        };
        if (k as usize).is_multiple_of(stride) || k == schedule.iterations {
            curve.push(point);
        }
        each(point);
    }
    (best, curve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Sorting by annealing: cost = Σ |value − position|.
    struct Sort {
        v: Vec<u32>,
        best: Vec<u32>,
    }
    impl Permutation for Sort {
        fn len(&self) -> usize {
            self.v.len()
        }
        fn swap_cost(&mut self, i: usize, j: usize) -> u64 {
            self.v.swap(i, j);
            self.cost()
        }
        fn undo(&mut self, i: usize, j: usize) {
            self.v.swap(i, j);
        }
        fn keep_best(&mut self) {
            self.best = self.v.clone();
        }
    }
    impl Sort {
        fn cost(&self) -> u64 {
            self.v
                .iter()
                .enumerate()
                .map(|(i, &x)| (i as i64 - x as i64).unsigned_abs())
                .sum()
        }
    }

    #[test]
    fn never_worse_than_the_start_and_the_best_is_kept() {
        for accept in [Accept::Matlab, Accept::Metropolis, Accept::Greedy] {
            let mut s = Sort {
                v: (0..12).rev().collect(),
                best: vec![],
            };
            let start = s.cost();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
            let schedule = Schedule {
                iterations: 3000,
                t0: 100.0,
                cooling: 0.95,
                accept,
            };
            let (best, curve) = anneal(&mut s, start, schedule, &mut rng, |_| {});
            assert!(best <= start);
            assert_eq!(
                s.best
                    .iter()
                    .enumerate()
                    .map(|(i, &x)| (i as i64 - x as i64).unsigned_abs())
                    .sum::<u64>(),
                best
            );
            assert!(curve.windows(2).all(|w| w[1].best <= w[0].best));
            assert_eq!(curve.last().unwrap().iteration, 3000);
            assert_eq!(best, 0, "{accept:?}");
        }
    }
}
