//! §3.2.3's routes on hand-made cases (Fig. 3's shapes, a two-circuit relay, the cost readings)
//! and the neighbour exchange's route kinds.

use super::*;
use crate::hybrid::relay::alloc::{allocate, Readings};
use crate::hybrid::relay::{communications, neighbor_exchange, Counting, Demand};

const MB: u64 = 1_000_000;

fn bw(up: f64) -> Bandwidths {
    Bandwidths {
        down_gbps: 1.0,
        up_gbps: up,
        ocs_gbps: 4.0,
    }
}

/// Allocate for the undirected pairs, route both directions of each (destinations in order).
fn routes(
    p: &OcsPlacement,
    list: &[(u32, u32, u64)],
    up: f64,
    reading: UplinkCost,
) -> (Allocation, Routes) {
    let demands: Vec<Demand> = list
        .iter()
        .flat_map(|&(a, b, bytes)| {
            [
                Demand {
                    src: a,
                    dst: b,
                    bytes,
                    count: 1,
                },
                Demand {
                    src: b,
                    dst: a,
                    bytes,
                    count: 1,
                },
            ]
        })
        .collect();
    let alloc = allocate(
        p,
        &communications(&demands, 8192, Counting::Undirected),
        &Readings::default(),
    );
    let directed: Vec<(u32, u32, u64)> = demands.iter().map(|d| (d.src, d.dst, d.bytes)).collect();
    let r = RelayNet::new(p, &alloc, bw(up), reading).route_all(&directed);
    (alloc, r)
}

fn path_of(r: &Routes, s: u32, d: u32) -> (Kind, Vec<u32>, f64) {
    let x = r.routes.iter().find(|x| x.src == s && x.dst == d).unwrap();
    (x.kind, x.nodes(), x.cost)
}

#[test]
fn direct_relay_and_half_relay() {
    // 3 × 4, OCS {0,1}, {4,5}, {8,9}: circuits 0↔4 and 1↔8 (step 1); uplinks 0.8 Gbps shared
    // by 4 nodes cost 5 each, so the EPS path costs 12 and a relay 4.25
    let p = OcsPlacement::new(3, 4, 6).unwrap();
    let (_, r) = routes(
        &p,
        &[
            (0, 4, 30 * MB),
            (1, 5, 20 * MB),
            (1, 8, 10 * MB),
            (2, 6, 5 * MB),
        ],
        0.8,
        UplinkCost::Share,
    );
    assert_eq!(path_of(&r, 0, 4), (Kind::Direct, vec![0, 4], 0.25));
    assert_eq!(path_of(&r, 1, 8).0, Kind::Direct);
    // E ⇒ D ⇒ F ⇒ G: 2 → 0 (over the EPS), 0 → 4 (circuit), 4 → 6 (EPS)
    assert_eq!(path_of(&r, 2, 6), (Kind::Relay, vec![2, 0, 4, 6], 4.25));
    // the source is an OCS node whose circuit goes elsewhere: 1 ⇒ 0 ⇒ 4 ⇒ 5
    assert_eq!(path_of(&r, 1, 5), (Kind::Relay, vec![1, 0, 4, 5], 4.25));
    // the EPS path is never a relay through an ordinary node
    for x in &r.routes {
        for &n in &x.nodes()[1..x.nodes().len() - 1] {
            assert!(p.is_ocs(n), "{x:?}");
        }
    }
}

#[test]
fn a_relay_through_two_circuits_and_the_cost_readings() {
    // 4 × 4, OCS {0,1 | 4,5 | 8,9 | 12,13}: a ring of step-1 circuits 0↔4, 1↔12, 5↔8, 9↔13,
    // and 2 ↔ 10 between switches 0 and 2, which no circuit joins directly
    let p = OcsPlacement::new(4, 4, 8).unwrap();
    let list = [
        (0, 4, MB),
        (1, 12, MB),
        (5, 8, MB),
        (9, 13, MB),
        (2, 10, MB),
    ];
    let (alloc, r) = routes(&p, &list, 0.8, UplinkCost::Share);
    assert_eq!(alloc.circuits.len(), 4);
    // two equally cheap ways round the ring (through 0↔4 and 5↔8, or 1↔12 and 13↔9), two
    // circuits each (6.5 < 12 by the EPS). Destinations are routed in order: 10 → 2 first,
    // by the lowest node (8 ⇒ 5 ⇒ 4 ⇒ 0); 2 → 10 then finds 0↔4 loaded and spreads onto the
    // other way
    assert_eq!(
        path_of(&r, 10, 2),
        (Kind::Relay, vec![10, 8, 5, 4, 0, 2], 6.5)
    );
    assert_eq!(
        path_of(&r, 2, 10),
        (Kind::Relay, vec![2, 1, 12, 13, 9, 10], 6.5)
    );
    // costed literally, the 0.8 Gbps uplinks cost 1.25 each: the EPS (4.5) beats the relay
    let (_, r) = routes(&p, &list, 0.8, UplinkCost::Literal);
    assert_eq!(path_of(&r, 2, 10), (Kind::Eps, vec![2, 10], 4.5));
}

#[test]
fn neighbour_exchange_route_kinds() {
    let demands = neighbor_exchange(16, 16, 4 << 20, false);
    let directed: Vec<(u32, u32, u64)> = demands.iter().map(|d| (d.src, d.dst, d.bytes)).collect();
    let comms = communications(&demands, 8192, Counting::Undirected);
    // (edges, per switch, OCS nodes, up Gbps) → [direct, relay, eps, local]
    for (e, per, k, up, kinds) in [
        (8, 32, 64, 6.4, [0, 224, 0, 736]),
        (8, 32, 128, 6.4, [0, 224, 0, 736]),
        (16, 16, 64, 3.2, [60, 420, 0, 480]),
        (16, 16, 128, 3.2, [120, 360, 0, 480]),
    ] {
        let p = OcsPlacement::new(e, per, k).unwrap();
        let alloc = allocate(&p, &comms, &Readings::default());
        let r = RelayNet::new(&p, &alloc, bw(up), UplinkCost::Share).route_all(&directed);
        assert_eq!(r.kinds(), kinds, "{e}×{per}/{k}");
        // relayed traffic spread evenly over every circuit
        let (lo, hi) = (
            r.circuit_bytes.iter().min().unwrap(),
            r.circuit_bytes.iter().max().unwrap(),
        );
        assert_eq!(lo, hi, "{e}×{per}/{k}: {:?}", r.circuit_bytes);
        if (e, k) == (8, 64) {
            // Fig. 3's shape: 17 ⇒ 1 ⇒ 34 ⇒ 33 (E ⇒ D ⇒ F ⇒ G), 16 ⇒ 0 ⇒ 32 a half relay
            assert_eq!(path_of(&r, 17, 33).1, vec![17, 1, 34, 33]);
            assert_eq!(path_of(&r, 33, 17).1, vec![33, 34, 1, 17]);
            assert_eq!(path_of(&r, 16, 32).1, vec![16, 0, 32]);
            assert_eq!(*lo, 8 * (4 << 20), "8 messages per circuit, 4 each way");
        }
        if (e, k) == (16, 64) {
            assert_eq!(path_of(&r, 0, 16).0, Kind::Direct);
        }
    }
}
