//! The `topolab` binary as a user runs it, for the CLI contract tests of every lab: its JSON
//! when it succeeds, its exit code and message when it refuses.

use std::process::{Command, Output};

/// `topolab ARGS`, whatever it answers.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_topolab"))
        .args(args)
        .output()
        .unwrap()
}

/// `topolab ARGS`: the JSON it prints, asserting that it succeeded (its stderr otherwise).
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = run(args);
    assert!(
        out.status.success(),
        "topolab {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `topolab ARGS` refused: its exit code and what it said on stderr.
pub fn refused(args: &[&str]) -> (Option<i32>, String) {
    let out = run(args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
