//! One compiled sort for every call site that sorts by a key or a comparison of its own.
//!
//! `slice::sort_by_key` is compiled anew for every element type and closure: 6–8 KB of WebAssembly
//! each (the standard library's driftsort and its small-sort networks), about 150 KB over the
//! crate's call sites. Here the standard sort runs once, on positions, with the comparison behind a
//! `dyn` call, and the items are then moved into the sorted order; each call site adds only its
//! closure and the permutation. Natively the cost is one `Vec<usize>` and an indirect call per
//! comparison — not for hot loops; plain `sort_unstable()` of numbers stays the standard library's.
//!
//! Both sorts here are stable: items that compare equal keep their order, so the result does not
//! depend on the algorithm, on the platform or on a later change of the standard library.

use std::cmp::Ordering;

/// Sorts `items` by `key`, ascending and stable (as `slice::sort_by_key`).
pub fn by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` by `compare`, stable (as `slice::sort_by`).
pub fn by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    sort_positions(&mut order, &mut |a, b| compare(&items[a], &items[b]));
    permute(items, order);
}

/// The one instantiation of the standard sort.
#[inline(never)]
fn sort_positions(order: &mut [usize], compare: &mut dyn FnMut(usize, usize) -> Ordering) {
    order.sort_by(|&a, &b| compare(a, b));
}

/// Moves `items` so that position `i` holds what was at `order[i]`, in place, cycle by cycle
/// (`order` is a permutation; it is used up as the record of positions already placed).
fn permute<T>(items: &mut [T], mut order: Vec<usize>) {
    for start in 0..items.len() {
        let mut at = start;
        loop {
            let from = order[at];
            order[at] = at;
            if from == start || from == at {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn agrees_with_the_standard_stable_sort() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for len in [0usize, 1, 2, 3, 10, 33, 1000] {
            let items: Vec<(u8, u32)> = (0..len)
                .map(|i| (rng.random_range(0..5), i as u32))
                .collect();
            let (mut ours, mut std) = (items.clone(), items.clone());
            by_key(&mut ours, |p| p.0);
            std.sort_by_key(|p| p.0);
            assert_eq!(ours, std, "len {len}");
            let (mut ours, mut std) = (items.clone(), items);
            by(&mut ours, |a, b| b.0.cmp(&a.0));
            std.sort_by_key(|p| std::cmp::Reverse(p.0));
            assert_eq!(ours, std, "len {len}, descending");
        }
    }

    #[test]
    fn moves_items_that_are_not_copy() {
        let mut words: Vec<String> = ["delta", "alpha", "charlie", "bravo"]
            .map(String::from)
            .to_vec();
        by_key(&mut words, |w| w.clone());
        assert_eq!(words, ["alpha", "bravo", "charlie", "delta"]);
    }
}
