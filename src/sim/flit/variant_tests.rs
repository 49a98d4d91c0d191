//! The engine's variants give one result (issue 65): the engines made for a run's shape against
//! the one for any shape, asking for memory ahead against not asking, and a flit written into
//! its VC as it is sent against one written when it arrives.

use super::tests::{network, run_to_end};
use super::*;

/// The engines made for a shape (`engine::shape`: paper 002's Table II's router, 4 VCs with
/// 1-flit packets, 4 VCs with any) give the results of the engine for any shape, flit for flit.
#[test]
fn shapes_change_no_result() {
    let table_ii = SimParams {
        rate: 0.35,
        warmup: 300,
        cycles: 1500,
        drain: 1500,
        ..SimParams::default()
    };
    let cases = [
        ("mesh:8x8", "dor", table_ii.clone()),
        (
            "torus:6x6",
            "dor",
            SimParams {
                buffer: 4,
                stages: 3,
                ..table_ii.clone()
            },
        ),
        (
            "fattree:4:3",
            "nca",
            SimParams {
                credit_delay: 2,
                ..table_ii.clone()
            },
        ),
        (
            "mesh:8x8",
            "dor",
            SimParams {
                packet: 4,
                rate: 0.3,
                ..table_ii.clone()
            },
        ),
    ];
    for (topo, routing, p) in cases {
        let net = network(topo, routing, "uniform", p.vcs, 9);
        let runs: Vec<_> = [false, true]
            .into_iter()
            .map(|any| {
                let mut sim = Simulation::with_parts(&net, p.clone(), 9, 1).unwrap();
                if any {
                    sim.engine.take_any_shape();
                }
                run_to_end(&mut sim, 101)
            })
            .collect();
        assert!(runs[0].0.delivered_packets > 100, "{topo}: {:?}", runs[0].0);
        assert_eq!(runs[0], runs[1], "{topo} {p:?}");
    }
}

/// Asking for memory ahead (on networks whose input VCs outgrow the caches: `PREFETCH_ABOVE`)
/// changes no result: switch allocation then visits the busy switches from a list
/// (`Part::traverse_listed`), where smaller runs take them straight from the busy-port bits.
/// Natively only: WebAssembly has no prefetch.
#[cfg(target_arch = "x86_64")]
#[test]
fn prefetching_changes_no_result() {
    let p = SimParams {
        rate: 0.05,
        packet: 2,
        warmup: 200,
        cycles: 600,
        drain: 2000,
        ..SimParams::default()
    };
    let net = network("mesh:46x46", "dor", "uniform", p.vcs, 3);
    let runs: Vec<_> = [true, false]
        .into_iter()
        .map(|asking| {
            let mut sim = Simulation::with_parts(&net, p.clone(), 3, 1).unwrap();
            assert!(
                sim.engine.prefetches(),
                "mesh 46×46 is above the prefetch threshold"
            );
            if !asking {
                sim.engine.stop_prefetching();
            }
            run_to_end(&mut sim, 97)
        })
        .collect();
    assert!(runs[0].0.delivered_packets > 1000, "{:?}", runs[0].0);
    assert_eq!(runs[0], runs[1]);
}

/// A flit written into its input VC as it is sent (`Shared::arrive_at_send`: 1-flit packets)
/// gives the run the arrival wheel gives, flit for flit, and the VCs' lengths (the page's
/// animation) after every cycle: cables of several cycles (the dual plane's), a torus past
/// saturation with 2-flit buffers and 5 stages, and one part against two.
#[test]
fn writing_at_the_send_changes_no_result() {
    let p = SimParams {
        rate: 0.3,
        warmup: 200,
        cycles: 800,
        drain: 1500,
        ..SimParams::default()
    };
    let cases = [
        (
            "dual:hc:5",
            "dual-plane",
            SimParams {
                latency_per_m: 1.95,
                rate: 0.5,
                ..p.clone()
            },
        ),
        (
            "torus:6x6",
            "dor",
            SimParams {
                buffer: 2,
                stages: 5,
                rate: 0.9,
                ..p.clone()
            },
        ),
        ("mesh:8x8", "dor", p.clone()),
    ];
    for (topo, routing, p) in cases {
        let net = network(topo, routing, "uniform", p.vcs, 4);
        let runs: Vec<_> = [(true, 1), (false, 1), (true, 2)]
            .into_iter()
            .map(|(at_send, parts)| {
                let mut sim = Simulation::with_parts(&net, p.clone(), 4, parts).unwrap();
                assert!(sim.engine.arrives_at_send(), "{topo}");
                assert_eq!(sim.engine.part_count(), parts, "{topo}");
                if !at_send {
                    sim.engine.keep_arrival_wheel();
                }
                let mut lengths = Vec::new();
                while !sim.step(1) {
                    lengths.push(sim.vc_lengths());
                }
                (run_to_end(&mut sim, 1), lengths)
            })
            .collect();
        let ((first, _, _), _) = &runs[0];
        assert!(first.delivered_packets > 100, "{topo}: {first:?}");
        let (_, wheel_lengths) = &runs[1];
        assert!(
            wheel_lengths.iter().any(|l| l.iter().any(|&n| n > 1)),
            "{topo}: some VC holds two flits"
        );
        assert_eq!(
            runs[0], runs[1],
            "{topo}: written at the send against on arrival"
        );
        assert_eq!(runs[0], runs[2], "{topo}: one part against two");
    }
}
