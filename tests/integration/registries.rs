//! The registries are usable from every lab: each router of `ROUTERS` routes the Slots lab's
//! traffic and the Routing lab's all-pairs metrics on a topology it supports, through the same
//! Scenario path as the page and the CLI.

use topolab::labs::routing::RoutingConfig;
use topolab::labs::slots::SlotsConfig;
use topolab::routing::{RouterSpec, ROUTERS};
use topolab::scenario::{self, Scenario};

/// Topologies to try, in order: the first on which a router builds is the one it is run on.
const TOPOLOGIES: &[&str] = &[
    "lrt:64:4:2",
    "mesh:8x8",
    "fattree:4:3",
    "dual:hc:4:3,5,9,14",
];

/// The first topology of `TOPOLOGIES` the router `name` can route.
fn topology_for(name: &str) -> &'static str {
    TOPOLOGIES
        .iter()
        .copied()
        .find(|spec| {
            let topo = topolab::topology::build_seeded(spec, 1).unwrap();
            let builds = RouterSpec::parse(name).unwrap().build(&topo).is_ok();
            builds
        })
        .unwrap_or_else(|| panic!("router {name} routes none of {TOPOLOGIES:?}"))
}

#[test]
fn every_router_runs_in_the_slots_and_the_routing_lab() {
    assert!(ROUTERS.len() >= 5);
    for router in ROUTERS {
        let topology = topology_for(router.name);

        let slots = SlotsConfig {
            topology: topology.into(),
            pattern: "uniform".into(),
            routing: router.name.into(),
            ..SlotsConfig::default()
        };
        let run = scenario::run(
            &Scenario::for_lab("slots", 1, &slots).unwrap(),
            false,
            &mut |_| {},
        )
        .unwrap_or_else(|e| panic!("slots with {} on {topology}: {e}", router.name));
        let result = run.result();
        assert_eq!(
            result["routing"], router.name,
            "the Slots lab used {}",
            router.name
        );
        assert!(result["max_slots"].as_u64().unwrap() >= 1);

        let routing = RoutingConfig {
            topology: topology.into(),
            scheme: router.name.into(),
            source: None,
            destination: None,
            ..RoutingConfig::default()
        };
        let run = scenario::run(
            &Scenario::for_lab("routing", 1, &routing).unwrap(),
            false,
            &mut |_| {},
        )
        .unwrap_or_else(|e| panic!("routing with {} on {topology}: {e}", router.name));
        let result = run.result();
        assert_eq!(
            result["delivered_pairs"], result["total_pairs"],
            "{} delivers every pair on {topology}",
            router.name
        );
        assert!(
            result["avg_path_length"].as_f64().unwrap()
                >= result["avg_shortest_path_length"].as_f64().unwrap() - 1e-9
        );
    }
}

/// A router that reports its route lengths in bulk (`Router::path_lengths_to`) reports what
/// walking each pair hop by hop gives, for every router of the registry that does so.
#[test]
fn bulk_path_lengths_are_the_walked_ones() {
    use topolab::model::SwitchId;
    let mut answered = Vec::new();
    each_router_built(|router, topo, built| {
        let n = topo.switch_count();
        for d in (0..n).step_by(7) {
            let Some(lengths) = built.path_lengths_to(SwitchId::new(d)) else {
                break;
            };
            assert_eq!(lengths.len(), n, "{}", router.name);
            for (s, &length) in lengths.iter().enumerate() {
                let walked = built
                    .path(SwitchId::new(s), SwitchId::new(d))
                    .ok()
                    .map(|p| p.hops());
                assert_eq!(length, walked, "{}: {s} → {d}", router.name);
            }
            answered.push(router.name);
        }
    });
    for name in ["shortest", "loren"] {
        assert!(
            answered.contains(&name),
            "{name} reports its lengths in bulk"
        );
    }
}

/// `RouterDef::forwarding` (what the simulator's limits read before a router is built) says
/// what the built router does: a compact form exactly when it says `Compact`; a next hop that
/// depends on the switch and the destination alone — not on the source, the header state or an
/// entry choice — when it says `ByDestination`.
#[test]
fn the_forwarding_flag_is_what_the_router_does() {
    use topolab::model::SwitchId;
    use topolab::routing::{Forwarding, Header};
    let mut by_destination = Vec::new();
    each_router_built(|router, topo, built| {
        let compact = router.forwarding == Forwarding::Compact;
        assert_eq!(compact, built.compact().is_some(), "{}", router.name);
        if router.forwarding != Forwarding::ByDestination {
            return;
        }
        by_destination.push(router.name);
        assert_eq!(built.vc_classes(), 1, "{}", router.name);
        let n = topo.switch_count();
        for d in (0..n).map(SwitchId::new) {
            for at in (0..n).map(SwitchId::new).filter(|&at| at != d) {
                assert_eq!(built.entry(at, d, true), (at, d), "{}", router.name);
                let own = built.next(at, &mut Header::new(at, d)).unwrap();
                for src in (0..n).step_by(5).map(SwitchId::new) {
                    let mut header = Header {
                        src,
                        dst: d,
                        state: 7,
                    };
                    let hop = built.next(at, &mut header).unwrap();
                    assert_eq!(
                        hop, own,
                        "{}: at {at:?} for {d:?} from {src:?}",
                        router.name
                    );
                    assert_eq!(header.state, 7, "{}", router.name);
                }
            }
        }
    });
    assert_eq!(by_destination, ["shortest", "loren"]);
}

/// `f` with every router of the registry built on the first of `TOPOLOGIES` it routes.
fn each_router_built(
    mut f: impl FnMut(
        &topolab::routing::RouterDef,
        &topolab::model::Topology,
        &dyn topolab::routing::Router,
    ),
) {
    for router in ROUTERS {
        let topo = topolab::topology::build_seeded(topology_for(router.name), 1).unwrap();
        let built = RouterSpec::parse(router.name)
            .unwrap()
            .build(&topo)
            .unwrap();
        f(router, &topo, built.as_ref());
    }
}
