//! The flit simulator's golden set (issue 65): the whole result `topolab sim --json` prints —
//! latency, p99, accepted load, hops, every channel's utilisation, packet counts — for the
//! networks paper 002 §VI-C and paper 004 §3.4 simulate and the ones BookSim2 shares with us,
//! recorded in `tests/data/sim-golden.jsonl` before the engine was rebuilt. Every engine must
//! reproduce it exactly: through the lab (the CLI's and the page's path, its own choice of
//! parts) and split into one and two parts (threads). The WASM module is held to the same lines
//! by `tests/node/sim_golden.test.mjs`.
//!
//! A change of the model (say, another arbitration order) re-records the set in a commit of its
//! own that names the change, and measures the agreement with BookSim2 again (docs/simulator.md):
//! `TOPOLAB_WRITE_GOLDEN=1 cargo test --profile ci --lib golden`.
//!
//! A line holds the case's name, the Simulate lab's section it sets (the rest are the lab's
//! defaults: 4 VCs × 8 flits, 4 stages, 2,000 + 10,000 + 10,000 cycles, seed 1) and the output,
//! with `wall_seconds` 0. Lines are compared as text: serde_json's reader may round a float's
//! last bit, its writer is exact.

use crate::labs::sim::SimConfig;
use crate::scenario::{self, Scenario};
use crate::sim::flit::Simulation;
use serde_json::{json, Value};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/sim-golden.jsonl");

/// (name, the Simulate lab's section): the list, and one run of 4-flit packets under
/// transpose traffic, where wormhole flow control and VC allocation are busiest.
fn cases() -> Vec<(&'static str, Value)> {
    let sim = |topology: &str, routing: &str, rate: f64| json!({ "topology": topology, "routing": routing, "traffic": "uniform", "rate": rate });
    vec![
        ("mesh 8×8 DOR at 0.1", sim("mesh:8x8", "dor", 0.1)),
        ("mesh 8×8 DOR at 0.3", sim("mesh:8x8", "dor", 0.3)),
        ("mesh 8×8 DOR at 0.45", sim("mesh:8x8", "dor", 0.45)),
        ("torus 8×8 DOR", sim("torus:8x8", "dor", 0.3)),
        ("hypercube 6 DOR", sim("hypercube:6", "dor", 0.3)),
        ("LRT(64,4,2) LOREN", sim("lrt:64:4:2", "loren", 0.1)),
        ("LRT(64,4,2) Cowen", sim("lrt:64:4:2", "cowen", 0.1)),
        ("fat-tree 4:3 up/down", sim("fattree:4:3", "updown", 0.3)),
        ("dual-plane hc:6", sim("dual:hc:6", "dual-plane", 0.3)),
        (
            "mesh 8×8 DOR, transpose, 4-flit packets",
            json!({ "topology": "mesh:8x8", "routing": "dor", "traffic": "transpose", "rate": 0.3, "packet": 4, "buf": 4 }),
        ),
    ]
}

/// One case's output as `topolab sim --json` prints it (through the lab), with `wall_seconds`
/// 0, and its line.
fn output(name: &str, section: &Value) -> (Value, String) {
    let scenario = Scenario::of_section("sim", 1, section.clone()).unwrap();
    let run = scenario::run(&scenario, false, &mut |_| {}).unwrap();
    let mut output = run.result();
    output["wall_seconds"] = json!(0.0);
    let line = json!({ "name": name, "section": section, "output": output });
    (output, serde_json::to_string(&line).unwrap())
}

/// The case's result (`SimResult`) split into `parts` parts.
fn in_parts(section: &Value, parts: usize) -> Value {
    let scenario = Scenario::of_section("sim", 1, section.clone()).unwrap();
    let config: SimConfig = scenario.config("sim").unwrap();
    let network = config.network(1).unwrap();
    let mut sim = Simulation::with_parts(&network, config.params(), 1, parts).unwrap();
    assert_eq!(sim.part_count(), parts);
    while !sim.step(1024) {}
    let mut result = sim.result();
    result.wall_seconds = 0.0;
    serde_json::to_value(result).unwrap()
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "seconds optimised, minutes in debug: cargo test --profile ci --lib golden"
)]
fn the_engine_reproduces_the_golden_set_in_one_part_and_in_two() {
    let outputs: Vec<(Value, String)> = cases()
        .iter()
        .map(|(name, section)| output(name, section))
        .collect();
    if std::env::var_os("TOPOLAB_WRITE_GOLDEN").is_some() {
        let lines: Vec<&str> = outputs.iter().map(|(_, line)| line.as_str()).collect();
        std::fs::write(FILE, lines.join("\n") + "\n").unwrap();
    }
    let recorded = std::fs::read_to_string(FILE).unwrap();
    let recorded: Vec<&str> = recorded.lines().collect();
    assert_eq!(recorded.len(), outputs.len(), "{FILE}: one line per case");
    for ((name, section), ((output, ours), theirs)) in
        cases().iter().zip(outputs.iter().zip(&recorded))
    {
        assert_eq!(ours, theirs, "{name}: the lab's output moved");
        // (the output is the result's fields with the network's size and the routing's name)
        for parts in [1, 2] {
            let result = in_parts(section, parts);
            for (field, value) in result.as_object().unwrap() {
                assert_eq!(
                    serde_json::to_string(value).unwrap(),
                    serde_json::to_string(&output[field]).unwrap(),
                    "{name}: {field} in {parts} part(s)"
                );
            }
        }
    }
}
