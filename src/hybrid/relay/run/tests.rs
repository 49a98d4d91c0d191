//! The neighbour exchange of §4.1 in the four configurations, relative to EPS only (MTU 64 KiB
//! here to keep the test quick: it moves the times by under 1%).

use super::*;
use crate::hybrid::relay::alloc::{allocate, Readings};
use crate::hybrid::relay::apps::App;
use crate::hybrid::relay::route::{RelayNet, UplinkCost};
use crate::hybrid::relay::{communications, Counting};

fn time(edges: usize, per: usize, ocs: usize, up: f64) -> (f64, u64, f64) {
    let p = OcsPlacement::new(edges, per, ocs).unwrap();
    let work = App::Neighbor { bytes: 4 << 20 }
        .workload(256, 1, 0)
        .unwrap();
    let demands = work.demands();
    let alloc = allocate(
        &p,
        &communications(&demands, 8192, Counting::Undirected),
        &Readings::default(),
    );
    let q = NetParams {
        up_gbps: up,
        mtu_bytes: 65536,
        ..NetParams::default()
    };
    let large: Vec<(u32, u32, u64)> = demands.iter().map(|d| (d.src, d.dst, d.bytes)).collect();
    let routes = RelayNet::new(&p, &alloc, q.bandwidths(), UplinkCost::Share).route_all(&large);
    let out = simulate(&p, &alloc, &routes, &work, 8192, &q).unwrap();
    (out.time_ns, uplink_bytes(&p, &out), out.bound_ns)
}

#[test]
fn the_neighbour_exchange_in_the_four_configurations() {
    for (edges, per, up, full, low) in [(8, 32, 6.4, 32.0, 1.6), (16, 16, 3.2, 16.0, 0.8)] {
        let (eps, eps_up, eps_bound) = time(edges, per, 0, up);
        // EPS only: the busiest uplink (8×32: 32 × 4 MiB at 6.4 Gbps = 167.8 ms)
        assert!(
            eps >= eps_bound && eps < 1.01 * eps_bound,
            "{edges}×{per}: {eps} vs {eps_bound}"
        );
        assert!(eps_up > 0);
        let fb = time(edges, per, 0, full).0 / eps;
        let low_eps = time(edges, per, 0, low).0 / eps;
        eprintln!(
            "{edges}×{per}: EPS only {:.1} ms, FB {fb:.3}, EPS 1:20 {low_eps:.3}",
            eps / 1e6
        );
        assert!(
            (low_eps - 4.0).abs() < 0.05,
            "low bisection hurts EPS only: {low_eps}"
        );
        let mut ours = Vec::new();
        for ocs in [64, 128] {
            let (t, up_bytes, bound) = time(edges, per, ocs, up);
            let (t_low, _, _) = time(edges, per, ocs, low);
            eprintln!(
                "{edges}×{per}/{ocs}: ours {:.3} (bound {:.3}), at 1:20 {:.3}",
                t / eps,
                bound / eps,
                t_low / eps
            );
            // every inter-switch message goes over the OCS: nothing on the uplinks, and the
            // low-bisection EPS does not change ours (§4.2)
            assert_eq!(up_bytes, 0);
            assert_eq!(t_low, t);
            ours.push(t / eps);
        }
        // 128 OCS nodes relieve the relays (§4.2: 8×32 +47% → +22%; 16×16 −33% at 128)
        assert!(ours[1] < ours[0]);
        if edges == 8 {
            assert!(ours[0] > 1.0 && ours[1] > 1.0);
        } else {
            assert!(ours[1] < 1.0);
        }
    }
}
