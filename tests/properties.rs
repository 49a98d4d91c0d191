//! Properties that must hold for every input: routers give valid minimal paths (checked against
//! BFS distances), slot policies never exceed N, recording a trace changes nothing.

use proptest::prelude::*;
use topolab::analysis::{channel_loads, max_slots};
use topolab::model::SwitchId;
use topolab::routing::{RoutingKind, ShortestPath};
use topolab::scenario::{run_slots, SlotsConfig};
use topolab::topology::build;

fn grid_spec() -> impl Strategy<Value = String> {
    (prop::collection::vec(3usize..7, 1..4), any::<bool>()).prop_map(|(dims, wrap)| {
        format!(
            "{}:{}",
            if wrap { "torus" } else { "mesh" },
            dims.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("x")
        )
    })
}

fn any_spec() -> impl Strategy<Value = String> {
    prop_oneof![
        grid_spec(),
        (1usize..7).prop_map(|d| format!("hypercube:{d}")),
        (2usize..5, 1usize..4).prop_map(|(k, n)| format!("fattree:{k}:{n}")),
        (2usize..12).prop_map(|n| format!("full:{n}")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every router's path joins its ends through linked switches and is as short as BFS says.
    #[test]
    fn default_routes_are_valid_and_minimal(spec in any_spec(), picks in prop::collection::vec((any::<u32>(), any::<u32>()), 20)) {
        let topo = build(&spec).unwrap();
        let router = RoutingKind::default_for(&topo).router(&topo).unwrap();
        let bfs = ShortestPath::new(&topo);
        let ends: Vec<SwitchId> = (0..topo.endpoint_count()).map(|e| topo.endpoint_switch(topolab::model::EndpointId::new(e))).collect();
        for (a, b) in picks {
            let (s, d) = (ends[a as usize % ends.len()], ends[b as usize % ends.len()]);
            let path = router.path(s, d).unwrap();
            prop_assert_eq!(path.switches[0], s);
            prop_assert_eq!(*path.switches.last().unwrap(), d);
            for (i, c) in path.channels.iter().enumerate() {
                prop_assert_eq!(topo.channel_ends(*c), (path.switches[i], path.switches[i + 1]));
            }
            prop_assert_eq!(path.hops() as u32, bfs.distances_to(d)[s.index()], "{} {:?}→{:?}", spec, s, d);
        }
    }

    /// Slot policies never push a channel past N, give every circuit at least its one slot, and a
    /// recorded trace leaves the result unchanged.
    #[test]
    fn policies_respect_n_and_trace_changes_nothing(
        spec in any_spec(),
        pattern in prop::sample::select(vec!["uniform", "randperm", "neighbor", "tornado", "hotspot:0.5"]),
        policy in prop::sample::select(topolab::circuit::SLOT_POLICIES.iter().map(|p| p.0).collect::<Vec<_>>()),
        seed in 0u64..1000,
    ) {
        let config = SlotsConfig { topology: spec.clone(), pattern: pattern.into(), policy: policy.into(), ..Default::default() };
        let quiet = run_slots(&config, seed, false, &mut |_| {}).unwrap();
        let traced = run_slots(&config, seed, true, &mut |_| {}).unwrap();
        prop_assert_eq!(&quiet.result.max_slots, &traced.result.max_slots);
        let (a, b) = (quiet.allocation.unwrap(), traced.allocation.unwrap());
        prop_assert_eq!(&a, &b);
        prop_assert!(a.channel_slots.iter().all(|&u| u <= quiet.result.max_slots));
        prop_assert!(a.circuit_slots.iter().all(|&s| s >= 1));
        // loads before the policy sum to the hops of all circuits
        let loads = channel_loads(&quiet.topology, &quiet.circuits);
        prop_assert_eq!(loads.iter().map(|&l| l as usize).sum::<usize>(), quiet.circuits.total_channel_uses());
        prop_assert_eq!(max_slots(&loads), quiet.result.max_slots);
    }
}
