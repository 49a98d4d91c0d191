use super::*;
use crate::routing::RouterSpec;
use crate::topology::build;

fn run(topo: &str, routing: &str, pattern: &str, p: SimParams, seed: u64) -> SimResult {
    let t = build(topo).unwrap();
    let r = RouterSpec::parse(routing).unwrap().build(&t).unwrap();
    let net = Network::new(r.as_ref(), pattern, p.vcs, seed).unwrap();
    simulate(&net, p, seed).unwrap()
}

/// Zero-load latency of packets with H channel hops: (H + 1)·stages + H·link + P − 1, at the
/// mean H of the packets the run measured (so sampling does not enter the comparison).
#[test]
fn zero_load_latency_matches_the_analytic_value() {
    for packet in [1, 20] {
        let p = SimParams {
            packet,
            rate: 0.002,
            warmup: 1000,
            cycles: 40_000,
            ..SimParams::default()
        };
        let r = run("mesh:8x8", "dor", "uniform", p.clone(), 3);
        let h = r.avg_hops.unwrap();
        let expect =
            (h + 1.0) * f64::from(p.stages) + h * f64::from(p.link_latency) + (packet - 1) as f64;
        let got = r.avg_latency_cycles.unwrap();
        assert!(
            (got - expect).abs() / expect < 0.02,
            "{packet}-flit packets: {got:.2} cycles, analytic {expect:.2} at {h:.3} hops"
        );
        // and the hops are the mesh's mean distance, about 5.33 for uniform pairs on 8×8
        assert!((h - 16.0 / 3.0).abs() < 0.4, "{h}");
        assert!(!r.saturated && !r.deadlock);
    }
}

#[test]
fn uniform_saturates_near_the_channel_load_bound_and_transpose_lower() {
    // a k×k mesh under uniform traffic: the bisection bound is 4/k = 0.5 flits/node/cycle at k = 8
    let accepted = |pattern: &str, rate: f64| {
        let p = SimParams {
            rate,
            warmup: 1000,
            cycles: 5000,
            drain: 3000,
            ..SimParams::default()
        };
        run("mesh:8x8", "dor", pattern, p, 1).accepted_flits_per_node_cycle
    };
    let uniform = accepted("uniform", 0.9);
    assert!(
        uniform <= 0.5 + 0.02 && uniform > 0.35,
        "uniform saturates at {uniform:.3}"
    );
    let transpose = accepted("transpose", 0.9);
    let bitcomp = accepted("bitcomp", 0.9);
    assert!(
        transpose < uniform,
        "transpose {transpose:.3} < uniform {uniform:.3}"
    );
    assert!(
        bitcomp < uniform,
        "bitcomp {bitcomp:.3} < uniform {uniform:.3}"
    );
    // below saturation what is offered is accepted
    let light = accepted("uniform", 0.2);
    assert!((light - 0.2).abs() < 0.02, "at 0.2 offered: {light:.3}");
}

#[test]
fn flits_are_conserved_at_every_step() {
    let t = build("lrt:64:4:2").unwrap();
    let r = RouterSpec::parse("shortest").unwrap().build(&t).unwrap();
    let net = Network::new(r.as_ref(), "uniform", 4, 5).unwrap();
    let p = SimParams {
        rate: 0.6,
        warmup: 100,
        cycles: 2000,
        drain: 500,
        ..SimParams::default()
    };
    let mut sim = Simulation::new(&net, p, 5).unwrap();
    loop {
        let done = sim.step(97);
        let (injected, ejected, in_flight) = sim.flit_counts();
        assert_eq!(injected, ejected + in_flight);
        if done {
            break;
        }
    }
    assert!(!sim.result().deadlock);
}

#[test]
fn a_ring_without_enough_vcs_is_refused_and_a_deadlock_is_reported() {
    let t = build("torus:8").unwrap();
    let r = RouterSpec::parse("shortest").unwrap().build(&t).unwrap();
    let err = Network::new(r.as_ref(), "uniform", 1, 1)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("use at least"), "{err}");
    // the same routes forced into one VC group deadlock under load, and the run says so
    let mut net = Network::new(r.as_ref(), "tornado", 2, 1).unwrap();
    net.routes.force_single_group();
    let p = SimParams {
        vcs: 1,
        buffer: 2,
        packet: 4,
        rate: 1.0,
        warmup: 0,
        cycles: 30_000,
        drain: 0,
        ..SimParams::default()
    };
    let r = simulate(&net, p, 1).unwrap();
    assert!(r.deadlock, "{r:?}");
    assert!(r.simulated_cycles < 30_000);
}
