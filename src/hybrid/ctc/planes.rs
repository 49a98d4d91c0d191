//! A set of links with out- and in-degree ≤ K·P per LC split into K planes of ≤ P out- and
//! in-ports per LC (paper 003 §4.1 with the planes merged, and the `merged` reading of
//! §4.2.3). The links are the edges of a bipartite graph (an out-side and an in-side copy of
//! every LC) of maximum degree ≤ K·P, so by König's theorem K·P colours suffice; colour c
//! goes to plane ⌊c/P⌋. Colouring by alternating paths: an edge u → v takes a colour free at
//! both ends, or, with a free at u and b free at v, the a/b path from v is swapped first.
//! petgraph has no edge colouring, hence this module.

const NONE: u32 = u32::MAX;

/// The plane of every link (same order), or None when some LC has more than `planes · ports`
/// links out or in.
pub fn split(lcs: usize, links: &[(u32, u32)], planes: usize, ports: usize) -> Option<Vec<u8>> {
    let colours = planes * ports;
    // at_out[u·C + c]: the in-side LC joined to u's out side by colour c; at_in likewise
    let mut at_out = vec![NONE; lcs * colours];
    let mut at_in = vec![NONE; lcs * colours];
    let free = |table: &[u32], x: usize| (0..colours).find(|&c| table[x * colours + c] == NONE);
    for &(u, v) in links {
        let (u, v) = (u as usize, v as usize);
        let a = free(&at_out, u)?;
        let b = free(&at_in, v)?;
        if at_in[v * colours + a] != NONE {
            // the path from v's in side: colour a to an out side, colour b to an in side, …
            // it cannot reach u's out side (a is free there), so swapping a and b on it frees a
            // at v
            let mut path: Vec<(usize, usize)> = Vec::new(); // (out side, in side) edges
            let (mut x, mut on_in, mut c) = (v, true, a);
            loop {
                let next = if on_in {
                    at_in[x * colours + c]
                } else {
                    at_out[x * colours + c]
                };
                if next == NONE {
                    break;
                }
                let y = next as usize;
                path.push(if on_in { (y, x) } else { (x, y) });
                x = y;
                on_in = !on_in;
                c = if c == a { b } else { a };
            }
            for &(o, i) in &path {
                for c in [a, b] {
                    if at_out[o * colours + c] == i as u32 {
                        at_out[o * colours + c] = NONE;
                    }
                    if at_in[i * colours + c] == o as u32 {
                        at_in[i * colours + c] = NONE;
                    }
                }
            }
            // re-add with swapped colours: the path alternates a, b, a, …
            for (step, &(o, i)) in path.iter().enumerate() {
                let c = if step % 2 == 0 { b } else { a };
                at_out[o * colours + c] = i as u32;
                at_in[i * colours + c] = o as u32;
            }
        }
        at_out[u * colours + a] = v as u32;
        at_in[v * colours + a] = u as u32;
    }
    Some(
        links
            .iter()
            .map(|&(u, v)| {
                let c = (0..colours)
                    .find(|&c| at_out[u as usize * colours + c] == v)
                    .expect("every link is coloured");
                (c / ports) as u8
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid(lcs: usize, links: &[(u32, u32)], planes: &[u8], k: usize, p: usize) -> bool {
        let mut out = vec![0usize; lcs * k];
        let mut inn = vec![0usize; lcs * k];
        for (&(u, v), &pl) in links.iter().zip(planes) {
            out[u as usize * k + pl as usize] += 1;
            inn[v as usize * k + pl as usize] += 1;
        }
        planes.iter().all(|&pl| (pl as usize) < k) && out.iter().chain(&inn).all(|&x| x <= p)
    }

    #[test]
    fn the_worked_example_and_random_regular_sets_split() {
        // the brief's §3.5: first-fit refuses 3→2, the merged set splits into two planes
        let links = [(2, 1), (1, 0), (3, 1), (0, 2), (2, 3), (3, 2)];
        let planes = split(4, &links, 2, 1).unwrap();
        assert!(valid(4, &links, &planes, 2, 1));
        use rand::{seq::SliceRandom, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for (n, k, p) in [
            (10usize, 3usize, 1usize),
            (16, 6, 1),
            (12, 2, 3),
            (30, 4, 2),
        ] {
            // a union of k·p random permutations: every degree exactly k·p
            let mut links = Vec::new();
            let mut tries = 0;
            while links.len() < n * k * p && tries < 1000 {
                tries += 1;
                let mut perm: Vec<u32> = (0..n as u32).collect();
                perm.shuffle(&mut rng);
                let new: Vec<(u32, u32)> = (0..n as u32).map(|u| (u, perm[u as usize])).collect();
                if new.iter().all(|&(u, v)| u != v && !links.contains(&(u, v))) {
                    links.extend(new);
                }
            }
            let planes = split(n, &links, k, p).unwrap();
            assert!(valid(n, &links, &planes, k, p), "n {n} k {k} p {p}");
        }
        assert_eq!(split(3, &[(0, 1), (0, 2)], 1, 1), None);
    }
}
