//! LOREN (paper 002 §IV–V) on random LRTs: every pair is delivered, without loops, along a path
//! no shorter than the shortest; tables stay within t_max; the minimum required entries are the
//! phase (1)+(2) tables. (The Fig. 4 walk-through is not reproduced yet: see the issue notes.)

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
    prop_assert!(Loren::new(&topo, minimum.saturating_sub(1)).is_err() || minimum == 0);
    let sp = ShortestPath::new(&topo);
    for d in 0..n {
        let dist = sp.distances_to(SwitchId::new(d));
        for s in 0..n {
            if s == d {
                continue;
            }
            let (path, _) = loren
                .route(SwitchId::new(s), SwitchId::new(d))
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            let mut seen = path.switches.clone();
            seen.sort();
            seen.dedup();
            prop_assert_eq!(
                seen.len(),
                path.switches.len(),
                "{} seed {}: loop {}→{}",
                spec,
                seed,
                s,
                d
            );
            prop_assert!(path.hops() as u32 >= dist[s]);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]
    #[test]
    fn lrt_64_4_2_delivers_every_pair(seed in 0u64..1_000_000, pick in 0usize..1000) {
        check_all_pairs("lrt:64:4:2", seed, pick)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10))]
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
                assert_eq!(
                    all[s as usize],
                    loren.route_hops(s, d),
                    "seed {seed}: {s}→{d}"
                );
            }
        }
    }
}
