//! Networks too small for their traffic (issue 63, cause 1): every registered pattern on
//! networks of 1 to 5 end nodes, in every lab that places a pattern (Slots, Routing's traffic,
//! Simulate), either runs or is refused in one line of words (exit code 2) — never a panic —
//! and `--check` passes exactly when the run does not refuse.

use std::path::PathBuf;
use std::process::{Command, Output};

/// A network of two switches and one end node (GraphML with its `endpoints` data).
const ONE_ENDPOINT: &str = r#"<graphml><key id="e" for="node" attr.name="endpoints" attr.type="int"><default>1</default></key>
<graph edgedefault="undirected"><node id="a"/><node id="b"><data key="e">0</data></node><edge source="a" target="b"/></graph></graphml>"#;

fn topolab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_topolab"))
        .args(args)
        .output()
        .unwrap()
}

/// Each pattern of the registry with its parameter (a matrix needs a file: left out).
fn patterns() -> Vec<String> {
    topolab::traffic::PATTERNS
        .iter()
        .map(|p| p.syntax.split(' ').next().unwrap())
        .filter(|s| !s.starts_with("matrix"))
        .map(|s| s.replace("β", "0.3").replace("γ", "1"))
        .collect()
}

#[test]
fn every_pattern_on_networks_of_one_to_five_end_nodes_runs_or_is_refused_in_words() {
    let dir = std::env::temp_dir().join(format!("topolab-tiny-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let one: PathBuf = dir.join("one.graphml");
    std::fs::write(&one, ONE_ENDPOINT).unwrap();
    let one = format!("file:{}", one.display());
    let networks = [
        one.as_str(),
        "hypercube:1",
        "full:2",
        "full:3",
        "mesh:2x2",
        "full:5",
    ];
    let mut cases = 0;
    let mut refused = 0;
    for network in networks {
        for pattern in patterns() {
            let runs: [Vec<&str>; 3] = [
                vec![
                    "slots",
                    "--topology",
                    network,
                    "--pattern",
                    &pattern,
                    "--json",
                ],
                vec![
                    "routing",
                    "--topology",
                    network,
                    "--scheme",
                    "shortest",
                    "--traffic",
                    &pattern,
                    "--patterns",
                    "3",
                    "--json",
                ],
                vec![
                    "sim",
                    "--topology",
                    network,
                    "--traffic",
                    &pattern,
                    "--rate",
                    "0.1",
                    "--warmup",
                    "50",
                    "--cycles",
                    "200",
                    "--drain",
                    "200",
                    "--json",
                ],
            ];
            for args in runs {
                let what = args.join(" ");
                let run = topolab(&args);
                let stderr = String::from_utf8_lossy(&run.stderr);
                match run.status.code() {
                    Some(0) => {}
                    Some(2) => {
                        refused += 1;
                        assert_eq!(stderr.lines().count(), 1, "{what}: {stderr}");
                        assert!(stderr.starts_with("error: "), "{what}: {stderr}");
                    }
                    other => panic!("{what}: exit {other:?}: {stderr}"),
                }
                // the precheck refuses what the run refuses, and only that
                let mut checked = vec!["--check"];
                checked.extend(&args);
                let check = topolab(&checked);
                assert_eq!(
                    check.status.success(),
                    run.status.success(),
                    "{what}: --check {} where the run {}: {}",
                    if check.status.success() {
                        "passes"
                    } else {
                        "refuses"
                    },
                    if run.status.success() {
                        "runs"
                    } else {
                        "refuses"
                    },
                    String::from_utf8_lossy(&check.stderr)
                );
                cases += 1;
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    // one end node: every pattern is refused in every lab
    assert!(
        refused >= patterns().len() * 3,
        "{refused} of {cases} refused"
    );
}

/// Issue 63, cause 2: the precheck is as strict as the run. Every router of the registry (with
/// the parameters that can refuse once its tables are known: LOREN's and Cowen's t_max) × a
/// few patterns × small networks of every kind, in the Simulate, Slots and Routing labs: the
/// precheck passes exactly when the run does not refuse, and a refusal is one line of words.
#[test]
fn the_precheck_passes_exactly_when_the_run_does_not_refuse() {
    use topolab::scenario::{self, Scenario};
    let networks = [
        "hypercube:1",
        "full:3",
        "mesh:2x2",
        "mesh:3x3",
        "torus:3x3",
        "hypercube:3",
        "fattree:2:2",
        "tree2:2x2",
        "lrt:16:4:2",
        "lrt:4:2:1",
        "dual:hc:2",
        "dragonfly:1:2:1",
    ];
    let mut routers: Vec<String> = Vec::new();
    for def in topolab::routing::ROUTERS {
        routers.push(def.name.to_string());
        if def.tables_decide {
            // below, at and far above any floor of these networks
            for t in ["1", "3", "64"] {
                routers.push(format!("{}:{t}", def.name));
            }
        }
    }
    let patterns = ["uniform", "transpose", "bitrot", "neighbor", "hotspot:0.3"];
    let (mut agreed, mut refused) = (0, 0);
    for network in networks {
        for router in &routers {
            for pattern in patterns {
                let sections = [
                    serde_json::json!({"lab": "sim", "sim": {"topology": network, "routing": router,
                        "traffic": pattern, "rate": 0.05, "warmup": 20, "cycles": 60, "drain": 60}}),
                    serde_json::json!({"lab": "slots", "slots": {"topology": network,
                        "routing": router, "pattern": pattern}}),
                    serde_json::json!({"lab": "routing", "routing": {"topology": network,
                        "scheme": router, "traffic": pattern, "patterns": 2}}),
                ];
                for json in sections {
                    let text = json.to_string();
                    let Ok(s) = Scenario::from_json(&text) else {
                        continue; // a router the lab's form does not take is refused as a field
                    };
                    let check = scenario::precheck(&s);
                    let run = scenario::run(&s, false, &mut |_| {});
                    if let Err(e) = &run {
                        let message = e.to_string();
                        assert!(!message.contains('\n'), "{text}: {message}");
                        assert!(!message.contains("unreachable"), "{text}: {message}");
                        refused += 1;
                    }
                    assert_eq!(
                        check.is_ok(),
                        run.is_ok(),
                        "{text}: the precheck {} where the run {}",
                        check
                            .as_ref()
                            .map_or_else(|e| format!("refuses ({e})"), |()| "passes".into()),
                        run.as_ref()
                            .map_or_else(|e| format!("refuses ({e})"), |_| "runs".into()),
                    );
                    agreed += 1;
                }
            }
        }
    }
    // both outcomes occur: the test would notice a precheck that refused or passed everything
    assert!(
        refused > 0 && refused < agreed,
        "{refused} of {agreed} refused"
    );
}

/// Issue 63, cause 1: a pattern's fixed points on a network with other pairs (transpose's
/// diagonal: 4 of mesh 4×4's 16 nodes) are simulated as BookSim simulates them, and reported
/// apart: `self_packets` counts the measured packets addressed to their own source, about a
/// quarter here, and none under uniform traffic (which never draws the source).
#[test]
fn packets_to_their_own_source_are_reported_apart() {
    let run = |pattern: &str| -> serde_json::Value {
        let out = topolab(&[
            "sim",
            "--topology",
            "mesh:4x4",
            "--traffic",
            pattern,
            "--rate",
            "0.2",
            "--warmup",
            "200",
            "--cycles",
            "2000",
            "--json",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let transpose = run("transpose");
    let (own, measured) = (
        transpose["self_packets"].as_u64().unwrap() as f64,
        transpose["measured_packets"].as_u64().unwrap() as f64,
    );
    assert!(
        (0.2..0.3).contains(&(own / measured)),
        "{own} of {measured}"
    );
    assert_eq!(run("uniform")["self_packets"], 0);
}
