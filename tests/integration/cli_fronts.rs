//! Every lab's subcommand is a thin front of the lab list: `topolab LAB --flags` and `topolab
//! run S.json` print the same JSON for the same configuration (one case per lab), and the CLI
//! names no lab the core does not have.

use crate::common::cli;
use serde_json::{json, Value};

/// The JSON with the wall-clock fields zeroed (they never repeat).
fn timeless(mut v: Value) -> Value {
    for key in ["wall_seconds", "runtime_ms"] {
        if v.get(key).is_some() {
            v[key] = json!(0);
        }
    }
    if v.pointer("/ilp/elapsed_ms").is_some() {
        v["ilp"]["elapsed_ms"] = json!(0);
    }
    v
}

/// `topolab LAB FLAGS --json` against `topolab run` of the Scenario `{lab, seed, LAB: section}`.
fn same_json(lab: &str, seed: u64, flags: &[&str], section: Value) {
    let from_flags = cli::json(&[&[lab], flags, &["--json"]].concat());
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_fronts");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{lab}.json"));
    let scenario = json!({ "version": 1, "lab": lab, "seed": seed, lab: section });
    std::fs::write(&file, scenario.to_string()).unwrap();
    let from_run = cli::json(&["run", file.to_str().unwrap(), "--json"]);
    assert_eq!(
        timeless(from_flags),
        timeless(from_run),
        "{lab} {}",
        flags.join(" ")
    );
}

#[test]
fn slots_flags_and_run_agree() {
    same_json(
        "slots",
        3,
        &[
            "--topology",
            "torus:4x4",
            "--pattern",
            "randperm",
            "--policy",
            "src_greedy",
            "--seed",
            "3",
        ],
        json!({ "topology": "torus:4x4", "pattern": "randperm", "policy": "src_greedy" }),
    );
}

#[test]
fn topogen_flags_and_run_agree() {
    same_json(
        "topogen",
        2,
        &[
            "--nodes",
            "32",
            "--degree",
            "5",
            "--pattern",
            "uniform",
            "--target-slots",
            "4",
            "--seed",
            "2",
        ],
        json!({ "nodes": 32, "degree": 5, "pattern": "uniform", "target_slots": 4 }),
    );
}

#[test]
fn routing_flags_and_run_agree() {
    same_json(
        "routing",
        2,
        &[
            "--topology",
            "lrt:64:4:2",
            "--scheme",
            "cowen",
            "--alpha",
            "0.4",
            "--traffic",
            "local:1",
            "--patterns",
            "5",
            "--seed",
            "2",
        ],
        json!({ "topology": "lrt:64:4:2", "scheme": "cowen", "alpha": 0.4, "traffic": "local:1", "patterns": 5 }),
    );
}

#[test]
fn sim_flags_and_run_agree() {
    same_json(
        "sim",
        4,
        &[
            "--topology",
            "mesh:4x4",
            "--routing",
            "dor",
            "--traffic",
            "transpose",
            "--rate",
            "0.25",
            "--warmup",
            "200",
            "--cycles",
            "800",
            "--seed",
            "4",
        ],
        json!({ "topology": "mesh:4x4", "routing": "dor", "traffic": "transpose", "rate": 0.25, "warmup": 200, "cycles": 800 }),
    );
}

#[test]
fn dualplane_flags_and_run_agree() {
    same_json(
        "dualplane",
        1,
        &[
            "--kind",
            "fhc",
            "--n",
            "5",
            "--generators",
            "7,15,23,25,26",
            "--source",
            "3",
            "--destination",
            "28",
        ],
        json!({ "kind": "fhc", "n": 5, "generators": "7,15,23,25,26", "source": 3, "destination": 28 }),
    );
}

#[test]
fn ocs_relay_flags_and_run_agree() {
    same_json(
        "ocs-relay",
        1,
        &[
            "--edge",
            "4x16",
            "--ocs-nodes",
            "16",
            "--app",
            "cg",
            "--iterations",
            "1",
            "--mtu",
            "65536",
            "--step3",
            "fill",
        ],
        json!({ "edge": "4x16", "ocs_nodes": 16, "app": "cg", "iterations": 1, "mtu": 65536, "readings": { "step3": "fill" } }),
    );
}

#[test]
fn ctc_flags_and_run_agree() {
    same_json(
        "ctc",
        7,
        &[
            "--traffic",
            "random:12:0.5",
            "--planes",
            "3",
            "--iterations",
            "50",
            "--tie",
            "id-col",
            "--seed",
            "7",
        ],
        json!({ "traffic": "random:12:0.5", "planes": 3, "iterations": 50, "readings": { "tie": "id-col" } }),
    );
}

#[test]
fn every_lab_has_its_subcommand_and_no_other_lab_does() {
    let help = String::from_utf8(cli::run(&["--help"]).stdout).unwrap();
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let labs: Vec<&str> = topolab::labs::LABS.iter().map(|l| l.name).collect();
    // besides the labs: the commands that work for every lab, and the exports
    let general = ["run", "study", "permalink", "export", "help"];
    for lab in &labs {
        assert!(
            commands.contains(lab),
            "no subcommand for lab {lab}: {commands:?}"
        );
    }
    for command in &commands {
        assert!(
            labs.contains(command) || general.contains(command),
            "the CLI names '{command}', which is no lab of the core: {labs:?}"
        );
    }
}

/// Compare mode through `topolab run`: a Scenario with `compare` runs both configurations and
/// prints one table with the difference; each side equals its own run.
#[test]
fn run_compares_two_configurations() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_compare");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("compare.json");
    let section = |scheme: &str| json!({ "topology": "lrt:64:4:2", "scheme": scheme });
    let scenario = json!({ "version": 1, "lab": "routing", "seed": 2, "routing": section("loren"),
                           "compare": { "seed": 2, "section": section("cowen") } });
    std::fs::write(&file, scenario.to_string()).unwrap();
    let both = cli::json(&["run", file.to_str().unwrap(), "--json"]);
    let alone = |scheme: &str| {
        cli::json(&[
            "routing",
            "--topology",
            "lrt:64:4:2",
            "--scheme",
            scheme,
            "--seed",
            "2",
            "--json",
        ])
    };
    assert_eq!(timeless(both["a"].clone()), timeless(alone("cowen")));
    assert_eq!(timeless(both["b"].clone()), timeless(alone("loren")));
    let row = |field: &str| {
        both["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["field"] == field)
            .unwrap_or_else(|| panic!("no row {field}: {}", both["rows"]))
            .clone()
    };
    let (a, b) = (&both["a"]["max_entries"], &both["b"]["max_entries"]);
    assert_eq!(
        row("max_entries")["difference"].as_f64(),
        Some(b.as_f64().unwrap() - a.as_f64().unwrap())
    );
    assert_eq!(row("scheme")["a"], "cowen");
    // as text: a table with both columns
    let out = cli::run(&["run", file.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("B − A") && text.contains("max_entries"),
        "{text}"
    );
    // a broken compare is refused, naming it
    std::fs::write(
        &file,
        json!({ "version": 1, "lab": "routing", "compare": { "section": { "tmax": "x" } } })
            .to_string(),
    )
    .unwrap();
    let (code, err) = cli::refused(&["run", file.to_str().unwrap()]);
    assert!(code != Some(0) && err.contains("compare.tmax"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
