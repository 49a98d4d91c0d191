//! A long run on the command line (issue 62): progress on standard error, and Ctrl-C (SIGINT)
//! stopping it with the points it finished printed. Nothing here waits for a time: the test
//! reads the progress lines and interrupts after the second point, whatever the machine's speed.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

/// A sweep of 50 loads (steps of 0.02) on an 8×8 mesh, long enough that the second point is
/// never its last (it stops at saturation, about 0.41, the 21st load).
const SWEEP: &[&str] = &[
    "sim",
    "--topology",
    "mesh:8x8",
    "--sweep",
    "--sweep-step",
    "0.02",
    "--cycles",
    "100000",
    "--long-run",
    "--progress",
];

#[test]
fn ctrl_c_keeps_the_finished_points_of_a_sweep() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_topolab"))
        .args(SWEEP)
        .arg("--json")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut progress = Vec::new();
    let mut line = String::new();
    // progress comes before the end: a line per finished point, with the time left
    while stderr.read_line(&mut line).unwrap() > 0 {
        progress.push(line.trim().to_string());
        if line.contains("· 2 points ·") {
            break;
        }
        line.clear();
    }
    assert!(
        progress
            .iter()
            .any(|l| l.starts_with("sweep: ") && l.contains("left")),
        "no progress line with the time left: {progress:?}"
    );
    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "stderr: {rest}");
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    let points = value["points"].as_array().unwrap();
    // the two it had reported at least, in load order, and not the whole sweep
    assert!(
        points.len() >= 2 && points.len() < 21,
        "{} points",
        points.len()
    );
    assert_eq!(points[0]["offered_flits_per_node_cycle"], 0.02);
    assert!(value["stopped"]
        .as_str()
        .unwrap()
        .contains("stopped by Ctrl-C"));
    assert!(rest.contains("sweep stopped by Ctrl-C"), "{rest}");
}

#[test]
fn progress_is_off_for_a_script() {
    // standard error not a terminal and no --progress: nothing but the result
    let out = Command::new(env!("CARGO_BIN_EXE_topolab"))
        .args([
            "sim",
            "--topology",
            "mesh:4x4",
            "--sweep",
            "--sweep-step",
            "0.25",
        ])
        .args(["--cycles", "500", "--warmup", "100", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}
