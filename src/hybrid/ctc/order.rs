//! Phase 2 of the CTC heuristic (paper 003 §4.2.2): Highest Demand First, the demands by
//! volume, largest first. Ties (every demand of §5.1's unit matrices ties) go by the demand
//! id (§5.1: "served according to their id ordering, which is the tie-breaking rule in the
//! HDF policy"): row-major s·N + d by default, column-major d·N + s as Matlab's linear
//! indexing would number them, or a seeded random order.

use super::{LcTraffic, Tie};
use rand::seq::SliceRandom;

/// The HDF order: indices into `t.demands` (which are in row-major id order).
pub fn hdf(t: &LcTraffic, tie: Tie, rng: &mut impl rand::Rng) -> Vec<u32> {
    let mut order: Vec<u32> = (0..t.demands.len() as u32).collect();
    match tie {
        Tie::Id => {}
        Tie::IdCol => crate::sort::by_key(&mut order, |&i| {
            let d = t.demands[i as usize];
            (d.d, d.s)
        }),
        Tie::Random => order.shuffle(rng),
    }
    // stable: equal volumes keep the tie order
    crate::sort::by_key(&mut order, |&i| {
        std::cmp::Reverse(t.demands[i as usize].bytes)
    });
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hybrid::ctc::Demand;
    use rand::SeedableRng;

    #[test]
    fn heaviest_first_and_ties_by_the_chosen_id() {
        let dem = |s, d, bytes| Demand { s, d, bytes };
        let t = LcTraffic {
            lcs: 3,
            demands: vec![dem(0, 1, 5), dem(0, 2, 9), dem(1, 0, 5), dem(2, 0, 5)],
            intra_bytes: 0,
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        assert_eq!(hdf(&t, Tie::Id, &mut rng), vec![1, 0, 2, 3]);
        // column-major: (1,0) and (2,0) have destination 0, before (0,1)
        assert_eq!(hdf(&t, Tie::IdCol, &mut rng), vec![1, 2, 3, 0]);
        let r = hdf(&t, Tie::Random, &mut rng);
        assert_eq!(r[0], 1);
        let mut sorted = r.clone();
        sorted.sort();
        assert_eq!(sorted, vec![0, 1, 2, 3]);
    }
}
