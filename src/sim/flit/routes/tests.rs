//! Tests of the routes, their layering and their VC groups.

use super::layering::lash_tor;
use super::walk::walk;
use super::*;
use crate::model::Topology;
use crate::routing::RouterSpec;
use crate::topology::build;

/// Layering is set-up work inside the request's budget: counted, and refused with the
/// network's size once past the limit, while a sparse network of the same switches stays
/// within it (the limit here is a small one, so that the test is quick).
#[test]
fn layering_is_refused_past_its_step_budget() {
    let dense = build("lrt:64:4:12").unwrap();
    let sparse = build("torus:8x6").unwrap();
    let limit = 10_000;
    let steps_of = |topo: &Topology| {
        let r = RouterSpec::parse("shortest").unwrap().build(topo).unwrap();
        match DestinationRoutes::within(r.as_ref(), 64, limit) {
            Ok(_) => None,
            Err(e) => Some(e.to_string()),
        }
    };
    assert_eq!(steps_of(&sparse), None, "a torus's routes are layered");
    let refused = steps_of(&dense).expect("a denser irregular network's routes are refused");
    assert!(
        refused.contains("64 switches, ")
            && refused.contains("search steps a simulation's set-up may take"),
        "{refused}"
    );
}

/// The per-destination trees' flows (`destination_flows`) are what walking every pair's
/// route and adding its weight to each channel gives, switches of no weight included.
#[test]
fn destination_flows_sum_the_routes_of_every_pair() {
    for topo in ["mesh:6x6", "mesh:5x3x2", "hypercube:5"] {
        let t = build(topo).unwrap();
        let r = RouterSpec::parse("dor").unwrap().build(&t).unwrap();
        let table = RouteTable::new(r.as_ref(), 64).unwrap();
        assert!(!table.per_pair, "{topo} is read per destination");
        let n = t.switch_count();
        for weight in [
            vec![1u64; n],
            (0..n as u64).map(|i| i % 3).collect::<Vec<_>>(),
        ] {
            let mut walked = vec![0u64; t.channel_count()];
            for s in 0..n {
                for d in (0..n).filter(|&d| d != s) {
                    for h in table.route(s, d) {
                        walked[h.channel as usize] += weight[s] * weight[d];
                    }
                }
            }
            assert!(walked.iter().any(|&x| x > 0));
            assert_eq!(
                table.destination_flows(&weight),
                walked,
                "{topo} {weight:?}"
            );
        }
    }
}

/// A table's routes walked hop by hop as the simulator walks them (`begin`, `step`) are the
/// table's own, and those take the router's own channels, whether the table reads them per
/// destination or per pair and whether it keeps each pair's route; which it does is as
/// expected.
#[test]
fn stepping_a_table_walks_its_routes() {
    for (topo, routing, per_destination, per_pair) in [
        ("mesh:6x6", "dor", true, false),
        ("mesh:4x4", "shortest", true, true),
        ("torus:6x6", "dor", false, true),
        ("fattree:4:3", "updown", true, true),
        ("lrt:64:4:2", "loren:16", false, true),
    ] {
        let t = build(topo).unwrap();
        let r = RouterSpec::parse(routing).unwrap().build(&t).unwrap();
        let table = RouteTable::new(r.as_ref(), 64).unwrap();
        assert_eq!(
            (!table.by_destination.is_empty(), table.per_pair),
            (per_destination, per_pair),
            "{topo} {routing}"
        );
        let n = t.switch_count() as u32;
        let routes = Routes::Table(table);
        let Routes::Table(table) = &routes else {
            unreachable!()
        };
        let links = OutChannels::new(&t);
        let hosts = t.endpoints_per_switch();
        for s in 0..n {
            for d in 0..n {
                if hosts[s as usize] == 0 || hosts[d as usize] == 0 {
                    continue; // a pair no packet goes between (no endpoints)
                }
                let listed: Vec<RouteHop> = table.route(s as usize, d as usize).collect();
                let mut own = Vec::new();
                walk(
                    r.as_ref(),
                    &t,
                    &links,
                    s as usize,
                    d as usize,
                    false,
                    &mut own,
                )
                .unwrap();
                let channels = |hops: &[RouteHop]| hops.iter().map(|h| h.channel).collect();
                let (listed_channels, own_channels): (Vec<u32>, Vec<u32>) =
                    (channels(&listed), channels(&own));
                assert_eq!(listed_channels, own_channels, "{topo} {routing}: {s} → {d}");
                let (mut at, mut pos, mut walked) = (s, routes.begin(s, d, 0), Vec::new());
                while let Some(hop) = routes.step(s, at, d, &mut pos).unwrap() {
                    walked.push(hop);
                    at = t.channel_ends(crate::model::ChannelId(hop.channel)).1 .0;
                }
                assert_eq!(walked, listed, "{topo} {routing}: {s} → {d}");
            }
        }
    }
}

fn groups(topo: &str, routing: &str) -> Result<(usize, usize)> {
    let t = build(topo).unwrap();
    let r = RouterSpec::parse(routing).unwrap().build(&t)?;
    let table = RouteTable::new(r.as_ref(), 64)?;
    Ok((table.layers, table.groups))
}

#[test]
fn vcs_are_shared_by_use() {
    assert_eq!(share_vcs(&[90, 10], 4), vec![(0, 3), (3, 1)]);
    assert_eq!(share_vcs(&[50, 50], 4), vec![(0, 2), (2, 2)]);
    assert_eq!(
        share_vcs(&[5, 3, 1, 1], 4),
        vec![(0, 1), (1, 1), (2, 1), (3, 1)]
    );
    assert_eq!(share_vcs(&[1], 8), vec![(0, 8)]);
    assert_eq!(share_vcs(&[80, 15, 5], 8), vec![(0, 5), (5, 2), (7, 1)]);
}

#[test]
fn dor_on_a_mesh_and_updown_need_one_layer() {
    assert_eq!(groups("mesh:8x8", "dor").unwrap(), (1, 1));
    assert_eq!(groups("fattree:4:3", "updown").unwrap(), (1, 1));
    // DOR's dateline classes on a torus: one layer of two classes
    assert_eq!(groups("torus:4x4", "dor").unwrap(), (1, 2));
}

/// The table takes one layer for every router with a compact form without searching
/// (`RouteTable::with_assignment`): LASH-TOR over their routes finds one too.
#[test]
fn compact_routers_need_one_layer() {
    let compact: Vec<&str> = ROUTERS
        .iter()
        .filter(|def| def.forwarding == Forwarding::Compact)
        .map(|def| def.name)
        .collect();
    let mut checked = 0;
    for topo in [
        "mesh:6x5",
        "mesh:3x3x3",
        "torus:5x4",
        "torus:4x4x3",
        "torus:8",
        "hypercube:5",
        "dual:hc:5",
        "dual:fhc:5",
    ] {
        let t = build(topo).unwrap();
        for &name in &compact {
            let Ok(r) = RouterSpec::parse(name).unwrap().build(&t) else {
                continue;
            };
            let table = RouteTable::new(r.as_ref(), 64).unwrap();
            assert_eq!(table.layers, 1, "{topo} {name}");
            let classes = usize::from(r.vc_classes().max(1));
            // every pair's route: the table's, or walked here where it keeps none (its
            // routes read per destination)
            let (offsets, mut hops) = if table.per_pair {
                (table.offsets.clone(), table.hops.clone())
            } else {
                let links = OutChannels::new(&t);
                let (mut offsets, mut hops) = (vec![0u32], Vec::new());
                for s in 0..t.switch_count() {
                    for d in 0..t.switch_count() {
                        walk(r.as_ref(), &t, &links, s, d, false, &mut hops).unwrap();
                        offsets.push(hops.len() as u32);
                    }
                }
                (offsets, hops)
            };
            let searched =
                lash_tor(r.as_ref(), &offsets, &mut hops, t.channel_count(), classes).unwrap();
            assert_eq!(
                searched, 1,
                "{topo} {name}: LASH-TOR needs {searched} layers"
            );
            checked += 1;
        }
    }
    assert!(checked >= 8, "only {checked} router-topology pairs built");
}

#[test]
fn shortest_on_a_ring_needs_two_layers_and_too_few_vcs_are_refused() {
    let (layers, _) = groups("torus:8", "shortest").unwrap();
    assert!(layers >= 2, "a ring's shortest paths close a cycle");
    let t = build("torus:8").unwrap();
    let r = RouterSpec::parse("shortest").unwrap().build(&t).unwrap();
    let err = RouteTable::new(r.as_ref(), 1).unwrap_err().to_string();
    assert!(
        err.contains("needs") && err.contains("use at least"),
        "{err}"
    );
}
