//! The flit simulator (`topolab sim`, issue 10): the CLI's JSON contract, the same numbers for
//! the same seed, and over random layout-conscious topologies, routers and loads: every flit
//! injected is delivered or still in flight, and the VC layering keeps table-driven routing
//! free of deadlock.

use proptest::prelude::*;
use topolab::routing::RouterSpec;
use topolab::sim::flit::{simulate, Network, SimParams, Simulation};
use topolab::topology::build_seeded;

fn cli(args: &[&str]) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_topolab"))
        .arg("sim")
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn cli_contract_and_repeatability() {
    let args = [
        "--topology",
        "mesh:4x4",
        "--routing",
        "dor",
        "--traffic",
        "uniform",
        "--rate",
        "0.2",
        "--cycles",
        "3000",
        "--warmup",
        "500",
    ];
    let a = cli(&args);
    for key in [
        "avg_latency_cycles",
        "p99_latency_cycles",
        "accepted_flits_per_node_cycle",
        "offered_flits_per_node_cycle",
        "simulated_cycles",
        "wall_seconds",
        "deadlock",
    ] {
        assert!(a.get(key).is_some(), "{key} missing: {a}");
    }
    let b = cli(&args);
    let strip = |mut v: serde_json::Value| {
        v.as_object_mut().unwrap().remove("wall_seconds");
        v
    };
    assert_eq!(strip(a), strip(b), "the same seed gives the same numbers");
    let sweep = cli(&[
        "--topology",
        "mesh:4x4",
        "--routing",
        "dor",
        "--sweep",
        "0.1",
        "--cycles",
        "2000",
        "--warmup",
        "300",
        "--drain",
        "2000",
    ]);
    let points = sweep["points"].as_array().unwrap();
    assert!(points.len() >= 3);
    assert!(sweep["saturation_throughput"].as_f64().unwrap() > 0.2);
    // refusals name their field
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_topolab"))
        .args([
            "sim",
            "--topology",
            "torus:8",
            "--routing",
            "shortest",
            "--vcs",
            "1",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("use at least"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn conservation_and_no_deadlock(seed in 0u64..1000, side in prop::sample::select(vec![4usize, 6]), routing in prop::sample::select(vec!["shortest", "loren", "cowen", "cowen-cluster"]), rate in 0.05f64..1.0) {
        let topo = build_seeded(&format!("lrt:{}:4:2", side * side), seed).unwrap();
        let router = RouterSpec::parse(routing).unwrap().build(&topo).unwrap();
        let net = Network::new(router.as_ref(), "uniform", 4, seed).unwrap();
        let p = SimParams { rate, warmup: 200, cycles: 1500, drain: 1500, ..SimParams::default() };
        let mut sim = Simulation::new(&net, p.clone(), seed).unwrap();
        loop {
            let done = sim.step(211);
            let (injected, ejected, in_flight) = sim.flit_counts();
            prop_assert_eq!(injected, ejected + in_flight);
            if done { break; }
        }
        let r = sim.result();
        prop_assert!(!r.deadlock, "{} on lrt seed {}: deadlock", routing, seed);
        prop_assert_eq!(simulate(&net, p, seed).unwrap().accepted_flits_per_node_cycle, r.accepted_flits_per_node_cycle);
    }
}
