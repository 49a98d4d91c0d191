//! The limits table of docs/limits.md says what the code enforces: every row's value equals the
//! constant it names, every constant listed here has its row, and no row names a constant
//! this test does not know (so a new limit is added to both, or the test fails).

use topolab::*;

/// Every documented limit: the name docs/limits.md gives it and its value.
fn enforced() -> Vec<(&'static str, f64)> {
    vec![
        ("topology::MAX_SWITCHES", topology::MAX_SWITCHES as f64),
        ("topology::MAX_LINKS", topology::MAX_LINKS as f64),
        ("topology::MAX_ENDPOINTS", topology::MAX_ENDPOINTS as f64),
        ("spec::MAX_SPEC_BYTES", spec::MAX_SPEC_BYTES as f64),
        (
            "topology::MAX_GRAPH_SPEC_BYTES",
            topology::MAX_GRAPH_SPEC_BYTES as f64,
        ),
        (
            "topology::import::MAX_NETWORK_FILE_BYTES",
            topology::import::MAX_NETWORK_FILE_BYTES as f64,
        ),
        (
            "traffic::demand::MAX_MATRIX_SPEC_BYTES",
            traffic::demand::MAX_MATRIX_SPEC_BYTES as f64,
        ),
        (
            "render::MAX_DRAW_SWITCHES",
            render::MAX_DRAW_SWITCHES as f64,
        ),
        (
            "scenario::MAX_SCENARIO_FILE_BYTES",
            scenario::MAX_SCENARIO_FILE_BYTES as f64,
        ),
        (
            "scenario::MAX_MATRIX_FILE_BYTES",
            scenario::MAX_MATRIX_FILE_BYTES as f64,
        ),
        (
            "scenario::MAX_PERMALINK_JSON_BYTES",
            scenario::MAX_PERMALINK_JSON_BYTES as f64,
        ),
        ("scenario::MAX_TOUR_STOPS", scenario::MAX_TOUR_STOPS as f64),
        (
            "scenario::MAX_TOUR_TITLE_CHARS",
            scenario::MAX_TOUR_TITLE_CHARS as f64,
        ),
        (
            "scenario::MAX_TOUR_NOTE_CHARS",
            scenario::MAX_TOUR_NOTE_CHARS as f64,
        ),
        (
            "scenario::MAX_TOUR_JSON_BYTES",
            scenario::MAX_TOUR_JSON_BYTES as f64,
        ),
        (
            "scenario::MAX_TOUR_LINK_CHARS",
            scenario::MAX_TOUR_LINK_CHARS as f64,
        ),
        (
            "circuit::topogen::MAX_TOPOGEN_NODES",
            circuit::topogen::MAX_TOPOGEN_NODES as f64,
        ),
        (
            "circuit::topogen::MAX_LINK_SEARCH_WORK",
            circuit::topogen::MAX_LINK_SEARCH_WORK as f64,
        ),
        (
            "circuit::topogen::MAX_TOPOGEN_REV_NODES",
            circuit::topogen::MAX_TOPOGEN_REV_NODES as f64,
        ),
        (
            "labs::routing::MAX_ROUTING_SWITCHES",
            labs::routing::MAX_ROUTING_SWITCHES as f64,
        ),
        (
            "routing::MAX_COWEN_SWITCHES",
            routing::MAX_COWEN_SWITCHES as f64,
        ),
        (
            "sim::flit::MAX_SIM_SWITCHES",
            sim::flit::MAX_SIM_SWITCHES as f64,
        ),
        (
            "sim::flit::MAX_BY_DESTINATION",
            sim::flit::MAX_BY_DESTINATION as f64,
        ),
        (
            "export::sst::MAX_SST_ROUTERS",
            topolab::export::sst::MAX_SST_ROUTERS as f64,
        ),
        (
            "sim::flit::MAX_SIM_ROUTERS",
            sim::flit::MAX_SIM_ROUTERS as f64,
        ),
        (
            "labs::sim::MAX_ROUTER_CYCLES_HOP_BY_HOP",
            labs::sim::MAX_ROUTER_CYCLES_HOP_BY_HOP as f64,
        ),
        (
            "labs::sim::MAX_LONG_RUN_SAMPLES",
            labs::sim::MAX_LONG_RUN_SAMPLES as f64,
        ),
        ("labs::sim::MAX_RUN_WORK", labs::sim::MAX_RUN_WORK as f64),
        (
            "export::sst::MAX_SST_ROUTE_BYTES",
            topolab::export::sst::MAX_SST_ROUTE_BYTES as f64,
        ),
        (
            "sim::flit::MAX_LAYERING_STEPS",
            topolab::sim::flit::MAX_LAYERING_STEPS as f64,
        ),
        (
            "labs::sim::MAX_ROUTER_CYCLES",
            labs::sim::MAX_ROUTER_CYCLES as f64,
        ),
        ("labs::sim::REQUEST_RUNS", labs::sim::REQUEST_RUNS as f64),
        (
            "sim::flit::MAX_SIM_CYCLES",
            sim::flit::MAX_SIM_CYCLES as f64,
        ),
        (
            "sim::flit::MAX_SIM_MEMORY_BYTES",
            sim::flit::MAX_SIM_MEMORY_BYTES as f64,
        ),
        (
            "sim::flit::MAX_SOURCE_PACKETS",
            sim::flit::MAX_SOURCE_PACKETS as f64,
        ),
        (
            "sim::flit::MAX_SWEEP_POINTS",
            sim::flit::MAX_SWEEP_POINTS as f64,
        ),
        (
            "sim::flit::MAX_SWEEP_SEEDS",
            sim::flit::MAX_SWEEP_SEEDS as f64,
        ),
        (
            "topology::dualplane::floor::MAX_FLOOR_N",
            f64::from(topology::dualplane::floor::MAX_FLOOR_N),
        ),
        (
            "dualplane::search::MAX_SEARCH_UNITS",
            dualplane::search::MAX_SEARCH_UNITS,
        ),
        (
            "labs::ocs_relay::MAX_LAB_NODES",
            labs::ocs_relay::MAX_LAB_NODES as f64,
        ),
        (
            "sim::message::MAX_MESSAGES",
            sim::message::MAX_MESSAGES as f64,
        ),
        (
            "sim::message::MAX_PACKET_HOPS",
            sim::message::MAX_PACKET_HOPS as f64,
        ),
        ("hybrid::ctc::MAX_TASKS", hybrid::ctc::MAX_TASKS as f64),
        ("hybrid::ctc::MAX_LCS", hybrid::ctc::MAX_LCS as f64),
        (
            "hybrid::ctc::ilp::MAX_ILP_LCS",
            hybrid::ctc::ilp::MAX_ILP_LCS as f64,
        ),
        ("labs::ctc::MAX_SA_WORK", labs::ctc::MAX_SA_WORK as f64),
        (
            "papers::p003::MAX_TABLE_1_WORK",
            papers::p003::MAX_TABLE_1_WORK as f64,
        ),
        (
            "papers::p003::MAX_TABLE_1_ILP_S",
            papers::p003::MAX_TABLE_1_ILP_S,
        ),
        (
            "papers::p003::MAX_TABLE_1_ILP_NODES",
            papers::p003::MAX_TABLE_1_ILP_NODES as f64,
        ),
    ]
}

/// The rows of docs/limits.md's "Limits" table: (constant, value).
fn documented() -> Vec<(String, f64)> {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/limits.md")).unwrap();
    let section = readme
        .split("\n## Limits\n")
        .nth(1)
        .expect("docs/limits.md has a Limits section")
        .split("\n## ")
        .next()
        .unwrap();
    section
        .lines()
        .filter(|l| l.starts_with('|') && l.contains('`'))
        .map(|row| {
            let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
            assert_eq!(cells.len(), 3, "a row has what, limit, constant: {row}");
            let value: f64 = cells[1]
                .replace(',', "")
                .parse()
                .unwrap_or_else(|_| panic!("the limit is a number: {row}"));
            (cells[2].trim_matches('`').to_string(), value)
        })
        .collect()
}

#[test]
fn the_readme_limits_table_is_what_the_code_enforces() {
    let enforced = enforced();
    let documented = documented();
    for (name, value) in &documented {
        let (_, actual) = enforced.iter().find(|(n, _)| n == name).unwrap_or_else(|| {
            panic!("docs/limits.md lists {name}, which this test does not check")
        });
        assert_eq!(
            value, actual,
            "docs/limits.md says {name} = {value}; the code enforces {actual}"
        );
    }
    for (name, _) in &enforced {
        assert!(
            documented.iter().any(|(n, _)| n == name),
            "{name} is enforced but missing from the Limits table of docs/limits.md"
        );
    }
}
