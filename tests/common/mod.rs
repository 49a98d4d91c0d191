//! What several integration tests share: the scenarios the limit tests (tests/integration/limits.rs,
//! tests/release/at_limits.rs) build — a lab on a given topology, with uniform traffic and no slot
//! policy or walk, so only the size matters — and the CLI run as a user runs it (`cli`).
#![allow(dead_code)] // each test file uses part of this module

pub mod cli;
pub mod docs;

use topolab::labs::routing::RoutingConfig;
use topolab::labs::slots::SlotsConfig;
use topolab::scenario::Scenario;

/// The Slots lab on `topology` with uniform traffic routed by `routing` ("" for the default).
pub fn slots(topology: &str, routing: &str) -> Scenario {
    let config = SlotsConfig {
        topology: topology.into(),
        pattern: "uniform".into(),
        routing: routing.into(),
        policy: String::new(),
        ..SlotsConfig::default()
    };
    Scenario::for_lab("slots", 1, &config).unwrap()
}

/// The Routing lab's configuration for `topology` and `scheme`, without a packet walk.
pub fn routing_config(topology: &str, scheme: &str) -> RoutingConfig {
    RoutingConfig {
        topology: topology.into(),
        scheme: scheme.into(),
        source: None,
        destination: None,
        ..RoutingConfig::default()
    }
}

/// The Routing lab on `topology` with `scheme`.
pub fn routing(topology: &str, scheme: &str) -> Scenario {
    Scenario::for_lab("routing", 1, &routing_config(topology, scheme)).unwrap()
}
