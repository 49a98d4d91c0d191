//! The flit simulator against BookSim2 (issue 61), without BookSim installed: the curves
//! `node scripts/booksim-agree.mjs BOOKSIM --record` measured in a real BookSim2 (its commit in
//! the file) are in tests/data/booksim-reference.json, and every shared family's run of ours,
//! the same flags, is held to them: below 80% of BookSim's saturation the latency (ours plus
//! the 3 cycles of terminal channels BookSim counts and ours does not model) against BookSim's
//! over its packets between two nodes (its uniform also sends to the source itself) within
//! `LATENCY_TOLERANCE`, the accepted load within 2% (each side samples Bernoulli arrivals:
//! 4-flit packets at 0.15 are 24,000 a run, ±0.65%), and at the load where BookSim accepted
//! most, ours within 5% of it (saturation throughput). The script says how the conventions
//! differ; docs/simulator.md has the table.

use crate::common::cli;
use serde::Deserialize;

/// Latency agreement below 80% of saturation, the 3%.
const LATENCY_TOLERANCE: f64 = 0.03;

#[derive(Deserialize)]
struct Reference {
    booksim_commit: String,
    booksim_extra_cycles: f64,
    families: Vec<Family>,
}

#[derive(Deserialize)]
struct Family {
    /// Where a topology is recorded twice (with longer packets), the second's name.
    name: Option<String>,
    topology: String,
    routing: String,
    traffic: String,
    cycles: u64,
    #[serde(default = "one_flit")]
    packet: u64,
    saturation: f64,
    points: Vec<Point>,
}

#[derive(Deserialize)]
struct Point {
    rate: f64,
    // (the file's `latency`, over all BookSim's measured packets, self-packets included, is
    // shown in docs/simulator.md's table and not compared here)
    /// Over its packets between two different nodes (from its `pair_stats`): what ours
    /// measures, whose uniform never sends to the source.
    latency_others: f64,
    accepted: f64,
}

fn one_flit() -> u64 {
    1
}

impl Family {
    fn name(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.topology)
    }
}

fn reference() -> Reference {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/booksim-reference.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Ours on `family` at `rate`, the experiment the script ran: (latency, accepted).
fn ours(family: &Family, rate: f64) -> (f64, f64) {
    let (rate, cycles, packet) = (
        rate.to_string(),
        family.cycles.to_string(),
        family.packet.to_string(),
    );
    let out = cli::json(&[
        "sim",
        "--topology",
        &family.topology,
        "--routing",
        &family.routing,
        "--traffic",
        &family.traffic,
        "--vcs",
        "4",
        "--buf",
        "8",
        "--packet",
        &packet,
        "--stages",
        "4",
        "--warmup",
        "2000",
        "--cycles",
        &cycles,
        "--seed",
        "1",
        "--rate",
        &rate,
        "--long-run",
        "--json",
    ]);
    let number = |key: &str| out[key].as_f64().unwrap_or(f64::NAN);
    (
        number("avg_latency_cycles"),
        number("accepted_flits_per_node_cycle"),
    )
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "seconds in release, minutes in debug: cargo test --release --test release"
)]
fn every_shared_family_agrees_with_booksim_below_saturation() {
    let r = reference();
    assert_eq!(r.booksim_commit.len(), 40, "a BookSim2 commit is recorded");
    let families: Vec<&str> = r.families.iter().map(|f| f.topology.as_str()).collect();
    for needed in ["mesh:8x8", "torus:8x8", "fattree:4:3"] {
        assert!(
            families.contains(&needed),
            "{needed} is recorded: {families:?}"
        );
    }
    for family in &r.families {
        let below: Vec<&Point> = family
            .points
            .iter()
            .filter(|p| p.rate <= 0.8 * family.saturation)
            .collect();
        assert!(
            below.len() >= 2,
            "{}: points below saturation",
            family.name()
        );
        for p in below {
            let (latency, accepted) = ours(family, p.rate);
            let shifted = latency + r.booksim_extra_cycles;
            let gap = (shifted - p.latency_others) / p.latency_others;
            assert!(
                gap.abs() <= LATENCY_TOLERANCE,
                "{} at {}: ours {shifted:.2} (+{}) against BookSim's {:.2} between two nodes: {:+.1}%",
                family.name(),
                p.rate,
                r.booksim_extra_cycles,
                p.latency_others,
                100.0 * gap
            );
            accepts_within(0.02, family, p, accepted);
        }
        // saturation throughput: at the load where BookSim accepted most
        let top = family
            .points
            .iter()
            .max_by(|a, b| a.accepted.total_cmp(&b.accepted))
            .unwrap();
        let (_, accepted) = ours(family, top.rate);
        accepts_within(0.05, family, top, accepted);
    }
}

/// Ours `accepted` at `p`'s load within `share` of what BookSim accepted there.
fn accepts_within(share: f64, family: &Family, p: &Point, accepted: f64) {
    assert!(
        (accepted - p.accepted).abs() <= share * p.accepted,
        "{} at {}: ours accepts {accepted}, BookSim {}",
        family.name(),
        p.rate,
        p.accepted
    );
}
