//! LOREN (paper 002 §IV–V) on 1,000 random LRT(64,4,2) and 200 LRT(256,4,4) with t_max from the
//! minimum to |N|/2: every pair is delivered, without loops, along a path no shorter than the
//! shortest; tables stay within t_max; below the minimum required entries LOREN refuses.

use proptest::prelude::*;
use topolab::model::SwitchId;
use topolab::routing::{Loren, ShortestPath};
use topolab::topology::build_seeded;

fn check_all_pairs(spec: &str, seed: u64, t_max_pick: usize) -> Result<(), TestCaseError> {
    let topo = build_seeded(spec, seed).unwrap();
    let n = topo.switch_count();
    let minimum = Loren::new(&topo, n).unwrap().min_required_entries;
    // t_max from the minimum to |N|/2
    let t_max = minimum + t_max_pick % (n / 2 - minimum + 1).max(1);
    let loren = Loren::new(&topo, t_max).unwrap();
    prop_assert!(loren.max_entries() <= t_max.max(minimum));
    prop_assert!(Loren::new(&topo, minimum - 1).is_err());
    let sp = ShortestPath::new(&topo);
    for d in 0..n {
        let dist = sp.distances_to(SwitchId::new(d));
        // hops_to follows each switch's next hop; a loop leaves None (cross-checked against
        // hop-by-hop routing below)
        for (s, hops) in loren.hops_to(d as u32).into_iter().enumerate() {
            let hops = hops.ok_or_else(|| {
                TestCaseError::fail(format!("{spec} seed {seed} t_max {t_max}: {s}→{d} loops"))
            })?;
            prop_assert!(
                hops as u32 >= dist[s],
                "{} seed {}: {}→{} shorter than shortest",
                spec,
                seed,
                s,
                d
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    #[test]
    fn lrt_64_4_2_delivers_every_pair(seed in 0u64..1_000_000, pick in 0usize..1000) {
        check_all_pairs("lrt:64:4:2", seed, pick)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn lrt_256_4_4_delivers_every_pair(seed in 0u64..1_000_000, pick in 0usize..1000) {
        check_all_pairs("lrt:256:4:4", seed, pick)?;
    }
}

#[test]
fn memoised_lengths_equal_hop_by_hop_routes() {
    for seed in 1..6 {
        let topo = build_seeded("lrt:64:4:2", seed).unwrap();
        let loren = Loren::new(&topo, 20).unwrap();
        for d in 0..64u32 {
            let all = loren.hops_to(d);
            for s in 0..64u32 {
                // `route` decides at every switch by scanning its table (`decide`)
                let walked = loren
                    .route(SwitchId::new(s as usize), SwitchId::new(d as usize))
                    .ok()
                    .map(|(p, _)| p.hops());
                assert_eq!(all[s as usize], walked, "seed {seed}: {s}→{d}");
            }
        }
    }
}

/// The next-hop matrix (a multi-source BFS over the floor per table) chooses exactly the entry
/// a scan of the table chooses: nearest destination, first in table order on a tie.
fn check_matrix(spec: &str, seed: u64, t_max_pick: usize) -> Result<(), TestCaseError> {
    let topo = build_seeded(spec, seed).unwrap();
    let n = topo.switch_count();
    let minimum = Loren::new(&topo, n).unwrap().min_required_entries;
    let t_max = minimum + t_max_pick % (n - minimum + 1);
    let loren = Loren::new(&topo, t_max).unwrap();
    let matrix = loren.next_matrix().to_vec();
    for u in 0..n {
        for d in (0..n).filter(|&d| d != u) {
            prop_assert_eq!(
                u32::from(matrix[d * n + u]),
                loren.scan_next_hop(u as u32, d as u32),
                "{} seed {} t_max {}: {}→{}",
                spec,
                seed,
                t_max,
                u,
                d
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn next_matrix_equals_table_scans(seed in 0u64..1_000_000, pick in 0usize..1000, spec in prop::sample::select(vec!["lrt:16:4:2", "lrt:64:4:2", "lrt:64:3:3", "lrt:256:4:4", "mesh:8x8"])) {
        check_matrix(spec, seed, pick)?;
    }
}
