//! Tests of ACRO's layers (`acro`).

use super::*;
use std::collections::HashMap;

const ORDERS: [AcroOrder; 2] = [AcroOrder::ByDepth, AcroOrder::LongestFirst];

/// The routes in the table's flat layout: (offsets, nodes).
fn flat(routes: &[Vec<u32>]) -> (Vec<u32>, Vec<u32>) {
    let mut offsets = vec![0u32];
    let mut nodes = Vec::new();
    for r in routes {
        nodes.extend_from_slice(r);
        offsets.push(nodes.len() as u32);
    }
    (offsets, nodes)
}

/// The dependency graph over (node, layer) of every route, checked by petgraph: acyclic
/// means no cycle of packets can each hold a VC and wait for the next.
fn acyclic(offsets: &[u32], nodes: &[u32], a: &AcroLayers) -> bool {
    let l = a.layers as u32;
    let id = |i: usize| nodes[i] * l + u32::from(a.layer[i]);
    let mut edges = Vec::new();
    for r in 0..offsets.len() - 1 {
        let (from, to) = (offsets[r] as usize, offsets[r + 1] as usize);
        for i in from..to {
            if i + 1 < to {
                edges.push((id(i), id(i + 1)));
            }
        }
    }
    let g = petgraph::Graph::<(), ()>::from_edges(edges);
    !petgraph::algo::is_cyclic_directed(&g)
}

/// What every assignment must hold: layers below the count, never rising along a route
/// (ACRO's turns between layers go down only), the whole graph acyclic, and routes that
/// end alike alike there (a suffix is assigned once).
fn check(offsets: &[u32], nodes: &[u32], a: &AcroLayers) {
    assert_eq!(a.layer.len(), nodes.len());
    assert!(a.layers >= 1);
    assert!(a.layer.iter().all(|&l| usize::from(l) < a.layers));
    if !nodes.is_empty() {
        let top = a.layer.iter().copied().max().unwrap_or(0);
        assert_eq!(
            usize::from(top) + 1,
            a.layers,
            "every layer counted is used"
        );
    }
    let mut by_suffix: HashMap<&[u32], &[u16]> = HashMap::new();
    for r in 0..offsets.len() - 1 {
        let (from, to) = (offsets[r] as usize, offsets[r + 1] as usize);
        let layers = &a.layer[from..to];
        assert!(
            layers.windows(2).all(|w| w[0] >= w[1]),
            "route {r}: layers {layers:?} rise"
        );
        if let Some(&last) = layers.last() {
            assert_eq!(last, 0, "route {r} ends in layer 0");
        }
        for i in from..to {
            let seen = by_suffix.entry(&nodes[i..to]).or_insert(&a.layer[i..to]);
            assert_eq!(*seen, &a.layer[i..to], "route {r}: a shared suffix differs");
        }
    }
    assert!(
        acyclic(offsets, nodes, a),
        "a cycle in the dependency graph"
    );
}

/// Every pair of a one-way ring of n switches, channel i from switch i to i + 1: the
/// clockwise routes, empty from a switch to itself (the table's n × n layout).
fn ring(n: u32) -> Vec<Vec<u32>> {
    let mut routes = Vec::new();
    for s in 0..n {
        for d in 0..n {
            let hops = (d + n - s) % n;
            routes.push((0..hops).map(|k| (s + k) % n).collect());
        }
    }
    routes
}

#[test]
fn a_ring_needs_two_layers_and_its_routes_go_down_once() {
    for n in [3, 5, 8] {
        let (offsets, nodes) = flat(&ring(n));
        for order in ORDERS {
            let a = assign(&offsets, &nodes, n as usize, order, 64).unwrap();
            check(&offsets, &nodes, &a);
            assert_eq!(a.layers, 2, "ring of {n}, {order:?}");
        }
    }
}

#[test]
fn a_ring_is_refused_with_one_layer() {
    let (offsets, nodes) = flat(&ring(6));
    for order in ORDERS {
        assert_eq!(
            assign(&offsets, &nodes, 6, order, 1),
            Err(AcroStop::Layers),
            "{order:?}"
        );
        assert!(assign(&offsets, &nodes, 6, order, 2).is_ok(), "{order:?}");
    }
}

#[test]
fn routes_without_a_cycle_stay_in_layer_zero() {
    // a line of 6 switches, both ways: channel 2i from i to i + 1, 2i + 1 back
    let n = 6u32;
    let mut routes = Vec::new();
    for s in 0..n {
        for d in 0..n {
            routes.push(if s <= d {
                (s..d).map(|i| 2 * i).collect()
            } else {
                (d..s).rev().map(|i| 2 * i + 1).collect()
            });
        }
    }
    let (offsets, nodes) = flat(&routes);
    for order in ORDERS {
        let a = assign(&offsets, &nodes, 2 * n as usize, order, 64).unwrap();
        check(&offsets, &nodes, &a);
        assert_eq!(a.layers, 1, "{order:?}");
        assert!(a.layer.iter().all(|&l| l == 0));
    }
}

#[test]
fn routes_by_destination_get_a_layer_per_channel_and_destination() {
    // on a ring every route to d ending with channel c has the same suffix from c: its
    // layer is a function of (c, d), what a destination-indexed table can hold
    let n = 7u32;
    let (offsets, nodes) = flat(&ring(n));
    for order in ORDERS {
        let a = assign(&offsets, &nodes, n as usize, order, 64).unwrap();
        let mut of: HashMap<(u32, u32), u16> = HashMap::new();
        for s in 0..n {
            for d in 0..n {
                let r = (s * n + d) as usize;
                let hops = offsets[r] as usize..offsets[r + 1] as usize;
                for (&c, &layer) in nodes[hops.clone()].iter().zip(&a.layer[hops]) {
                    let l = *of.entry((c, d)).or_insert(layer);
                    assert_eq!(l, layer, "{order:?}: channel {c} to {d}");
                }
            }
        }
    }
}

#[test]
fn empty_input_and_empty_routes() {
    for order in ORDERS {
        let a = assign(&[0], &[], 4, order, 8).unwrap();
        assert_eq!((a.layer.len(), a.layers), (0, 1));
        let (offsets, nodes) = flat(&[vec![], vec![2], vec![], vec![1, 2], vec![]]);
        let a = assign(&offsets, &nodes, 4, order, 8).unwrap();
        check(&offsets, &nodes, &a);
        assert_eq!(a.layers, 1);
    }
}

#[test]
fn a_hop_repeated_goes_down_a_layer_at_the_repeat() {
    // the same channel twice in a row (a packet would wait for the VC it holds)
    let (offsets, nodes) = flat(&[vec![0, 1, 1, 2]]);
    for order in ORDERS {
        let a = assign(&offsets, &nodes, 3, order, 8).unwrap();
        check(&offsets, &nodes, &a);
        assert_eq!(a.layer, vec![1, 1, 0, 0], "{order:?}");
    }
}

/// Random routes over few nodes (many cycles, repeated hops, shared suffixes): every
/// property above, for both orders, on many seeds.
#[test]
fn random_routes_are_made_acyclic() {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move |m: u32| {
        // xorshift64*
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        ((x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) % u64::from(m)) as u32
    };
    for _ in 0..40 {
        let node_count = 3 + next(20);
        let mut routes: Vec<Vec<u32>> = (0..1 + next(150))
            .map(|_| (0..next(9)).map(|_| next(node_count)).collect())
            .collect();
        // some routes share the end of others
        for i in 0..routes.len() / 3 {
            let j = next(routes.len() as u32) as usize;
            let tail: Vec<u32> = routes[j].iter().skip(next(3) as usize).copied().collect();
            routes[i].extend(tail);
        }
        let (offsets, nodes) = flat(&routes);
        for order in ORDERS {
            let a = assign(&offsets, &nodes, node_count as usize, order, 64).unwrap();
            check(&offsets, &nodes, &a);
        }
    }
}

#[test]
fn the_assignment_is_named_as_the_scenario_writes_it() {
    assert_eq!(VcAssignment::default(), VcAssignment::LashTor);
    for (v, name) in [
        (VcAssignment::LashTor, "\"lash-tor\""),
        (VcAssignment::Acro, "\"acro\""),
        (VcAssignment::AcroByRoute, "\"acro-by-route\""),
    ] {
        assert_eq!(serde_json::to_string(&v).unwrap(), name);
        assert_eq!(serde_json::from_str::<VcAssignment>(name).unwrap(), v);
    }
    assert_eq!(VcAssignment::LashTor.acro_order(), None);
    assert_eq!(VcAssignment::Acro.acro_order(), Some(AcroOrder::ByDepth));
}
