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
