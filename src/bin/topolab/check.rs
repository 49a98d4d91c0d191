//! `--check` (issue 62): a command checked as its run checks it — flags, input and output
//! files, sizes, the router's kind of network, the work against its budget — and stopped before
//! its work begins. The docs' tests check every documented `topolab …` line this way, so a
//! flag or budget change that breaks a documented command fails there.

use crate::cli::out;
use std::sync::atomic::{AtomicBool, Ordering};
use topolab::scenario::{self, Scenario};

static CHECK_ONLY: AtomicBool = AtomicBool::new(false);

/// Stop every command after its checks (set once, from the command line).
pub fn set(on: bool) {
    CHECK_ONLY.store(on, Ordering::Relaxed);
}

/// Whether this is a `--check`: the command stops where its work would begin.
pub fn only() -> bool {
    CHECK_ONLY.load(Ordering::Relaxed)
}

/// What a checked command prints in place of its result.
pub fn passed(what: &str) -> Result<(), String> {
    out!("check passed: {what} (--check: not run)");
    Ok(())
}

/// `--check` of a Scenario's run (a comparison's two sides included).
pub fn run(scenario: &Scenario) -> Result<(), String> {
    scenario::precheck(scenario).map_err(|e| crate::cli::fielded(&e))?;
    passed(&format!("a run of the {} lab", scenario.lab))
}

/// `--check` of study `name` of a Scenario with `args`.
pub fn study(scenario: &Scenario, name: &str, args: &serde_json::Value) -> Result<(), String> {
    scenario::precheck_study(scenario, name, args).map_err(|e| crate::cli::fielded(&e))?;
    passed(&format!("study {name} of the {} lab", scenario.lab))
}
