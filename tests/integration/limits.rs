//! Limits are promises: just above each documented limit a request is refused at once, with a
//! message that names the limit, before anything large is built (these run in milliseconds even
//! in a debug build; a request that started building would take seconds to minutes).

use crate::common::{routing, slots};
use topolab::labs::routing::RoutingConfig;
use topolab::labs::topogen::TopoGenConfig;
use topolab::scenario::{self, Scenario};

/// Run `scenario`, expecting a refusal whose message contains `needle` and whose field is
/// `field`. (That it comes before anything is built is the limit's own code: sizes are counted
/// from the spec; no test here times it, as a slower machine would fail a clock.)
fn refused(scenario: Scenario, needle: &str, field: Option<&str>) {
    let err = match scenario::run(&scenario, false, &mut |_| {}) {
        Ok(_) => panic!("expected a refusal mentioning {needle:?}"),
        Err(e) => e,
    };
    assert!(
        err.to_string().contains(needle),
        "{err} should mention {needle:?}"
    );
    assert_eq!(err.field().as_deref(), field, "{err}");
}

#[test]
fn topologies_above_their_limits_are_refused_at_once() {
    refused(
        slots("mesh:512x512", ""),
        "above the limit of 65536",
        Some("slots.topology"),
    );
    refused(
        slots("full:1025", ""),
        "above the limit of 1024",
        Some("slots.topology"),
    );
    refused(
        slots("lrt:16641:4:2", ""),
        "above the limit of 16384",
        Some("slots.topology"),
    );
    refused(
        slots("lrt:64:1:2", ""),
        "never connected",
        Some("slots.topology"),
    );
    refused(
        slots("mesh:256x256", "shortest"),
        "above the limit of 16384",
        Some("slots.routing"),
    );
}

#[test]
fn routers_above_their_limits_are_refused_at_once() {
    refused(
        routing("lrt:4225:4:2", "loren"),
        "above the limit of 4096",
        Some("routing.scheme"),
    );
    refused(
        routing("lrt:4225:4:2", "cowen"),
        "above the limit of 4096",
        Some("routing.scheme"),
    );
    let mut config = RoutingConfig {
        traffic: Some("uniform".into()),
        patterns: 10_001,
        source: None,
        destination: None,
        ..RoutingConfig::default()
    };
    config.topology = "lrt:64:4:2".into();
    refused(
        Scenario::for_lab("routing", 1, &config).unwrap(),
        "at most 10000",
        Some("routing.patterns"),
    );
}

#[test]
fn topogen_end_nodes_are_checked_before_anything_is_built() {
    for (nodes, needle) in [
        (0, "at least 2"),
        (1, "at least 2"),
        (16_385, "above the limit of 16384"),
        (100_000_007, "above the limit of 16384"),
    ] {
        let config = TopoGenConfig {
            nodes,
            ..TopoGenConfig::default()
        };
        refused(
            Scenario::for_lab("topogen", 1, &config).unwrap(),
            needle,
            Some("topogen.nodes"),
        );
    }
}

#[test]
fn work_limits_are_refused_at_once() {
    // the Routing lab follows all |N|² pairs: 4,096 switches even where shortest tables go further
    refused(
        routing("lrt:16384:4:8", "shortest"),
        "above the limit of 4096: the Routing lab follows every ordered pair",
        Some("routing.topology"),
    );
    // patterns × switches
    let config = RoutingConfig {
        traffic: Some("uniform".into()),
        patterns: 2501,
        ..crate::common::routing_config("lrt:4096:4:16", "loren")
    };
    refused(
        Scenario::for_lab("routing", 1, &config).unwrap(),
        "at most 2500 patterns on this network",
        Some("routing.patterns"),
    );
    // TOPOGEN_REV up to 4,096 end nodes
    let config = TopoGenConfig {
        nodes: 4097,
        target_slots: Some(8),
        ..TopoGenConfig::default()
    };
    refused(
        Scenario::for_lab("topogen", 1, &config).unwrap(),
        "above the limit of 4096",
        Some("topogen.nodes"),
    );
    // the table study: topologies × switches²
    let err = topolab::papers::p002::table_study("lrt:4096:4:16", 66, 1, &mut |_| {})
        .unwrap_err()
        .to_string();
    assert!(err.contains("at most 65"), "{err}");
}

#[test]
fn dual_plane_limits_are_refused_at_once() {
    use topolab::labs::dualplane::DualPlaneConfig;
    use topolab::labs::sim::SimConfig;
    // the topology: two planes of 2^15 switches fill the 65,536
    refused(
        slots("dual:hc:16", ""),
        "N is from 1 to 15",
        Some("slots.topology"),
    );
    // the lab: the floor model of §3 ends at n = 12
    let config = DualPlaneConfig {
        n: 13,
        generators: String::new(),
        ..DualPlaneConfig::default()
    };
    refused(
        Scenario::for_lab("dualplane", 1, &config).unwrap(),
        "from 1 to 12 dimensions",
        Some("dualplane.n"),
    );
    // the simulator: n = 13 is 16,384 routers, at its limit with the dual-plane router (which
    // decides each hop itself); n = 9's 1,024 are above the 576 a router with per-pair routes
    // may take (Cowen), n = 13's 16,384 above the 4,096 of a router forwarding by destination
    let config = SimConfig {
        topology: "dual:hc:14".into(),
        routing: "dual-plane".into(),
        ..SimConfig::default()
    };
    refused(
        Scenario::for_lab("sim", 1, &config).unwrap(),
        "16384",
        Some("sim.topology"),
    );
    let config = SimConfig {
        topology: "dual:hc:9:x4".into(),
        routing: "cowen".into(),
        ..SimConfig::default()
    };
    refused(
        Scenario::for_lab("sim", 1, &config).unwrap(),
        "576",
        Some("sim.topology"),
    );
    let config = SimConfig {
        topology: "dual:hc:13".into(),
        routing: "shortest".into(),
        ..SimConfig::default()
    };
    refused(
        Scenario::for_lab("sim", 1, &config).unwrap(),
        "at most 4096 (it keeps a next-hop tree per destination)",
        Some("sim.topology"),
    );
    // the studies: the search to n = 12, the simulation to n = 8
    let section = serde_json::json!({ "n": 9, "generators": "" });
    let scenario = Scenario::for_lab("dualplane", 1, &section).unwrap();
    let err = scenario::study(
        &scenario,
        "simulate",
        &serde_json::Value::Null,
        &mut |_, _| {},
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("to 8"), "{err}");
    let err = scenario::study(
        &scenario,
        "sweep-n",
        &serde_json::json!({ "from": 2, "to": 13 }),
        &mut |_, _| {},
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("2…12"), "{err}");
}

#[test]
fn ocs_relay_limits_are_refused_at_once() {
    for (section, needle, field) in [
        (
            serde_json::json!({ "edge": "128x64" }),
            "at most 4096 nodes",
            "ocs-relay.edge",
        ),
        (
            serde_json::json!({ "edge": "64x64", "ocs_nodes": 1024, "app": "cg" }),
            "at most 2",
            "ocs-relay.iterations",
        ),
        (
            serde_json::json!({ "edge": "64x64", "ocs_nodes": 1024, "app": "lu" }),
            "class D fits",
            "ocs-relay.class",
        ),
        (
            serde_json::json!({ "app": "matrix", "matrix": "0,1,100,99999999999" }),
            "a run may hold",
            "ocs-relay.matrix",
        ),
        (
            serde_json::json!({ "mtu": 1 }),
            "an MTU of 4096 B fits",
            "ocs-relay.mtu",
        ),
        (
            serde_json::json!({ "app": "matrix", "matrix": "0,1,100\n" }),
            "line 1",
            "ocs-relay.matrix",
        ),
        (
            serde_json::json!({ "ocs_nodes": 60 }),
            "the same number of OCS nodes",
            "ocs-relay.ocs_nodes",
        ),
        (
            serde_json::json!({ "mtu": 0 }),
            "from 1 byte",
            "ocs-relay.mtu",
        ),
    ] {
        refused(
            Scenario::for_lab("ocs-relay", 1, &section).unwrap(),
            needle,
            Some(field),
        );
    }
    refused(
        slots("tree2:1000x1000", ""),
        "above the limit",
        Some("slots.topology"),
    );
}

#[test]
fn ctc_limits_are_refused_at_once() {
    for (section, needle, field) in [
        (
            serde_json::json!({ "traffic": "random:99999:0.5" }),
            "from 2 to 4096 tasks",
            "ctc.traffic",
        ),
        (
            serde_json::json!({ "traffic": "fft:4096" }),
            "entries",
            "ctc.traffic",
        ),
        (
            serde_json::json!({ "traffic": "random:2048:0.01" }),
            "above the limit of 1024",
            "ctc.cluster_size",
        ),
        (
            serde_json::json!({ "traffic": "random:1024:0.5" }),
            "at most 114 iterations",
            "ctc.iterations",
        ),
        (
            serde_json::json!({ "traffic": "random:40:0.5", "solver": "ilp" }),
            "use the heuristic",
            "ctc.solver",
        ),
        (serde_json::json!({ "planes": 16 }), "K·P", "ctc.planes"),
        (
            serde_json::json!({ "traffic": "csv", "matrix": "0,1,5\n1,x,2\n" }),
            "line 2",
            "ctc.matrix",
        ),
        (
            serde_json::json!({ "baseline": "torus:5x5" }),
            "multiply",
            "ctc.baseline",
        ),
        (
            serde_json::json!({ "readings": { "t0": 0.0 } }),
            "temperature",
            "ctc.readings.t0",
        ),
        (
            serde_json::json!({ "time_limit_s": 1e9 }),
            "3600",
            "ctc.time_limit_s",
        ),
    ] {
        refused(
            Scenario::for_lab("ctc", 1, &section).unwrap(),
            needle,
            Some(field),
        );
    }
}
