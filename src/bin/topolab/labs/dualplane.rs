//! `topolab dualplane`: the Dual-plane lab (paper 004) — its fields' flags, run as `topolab
//! run` runs it (both planes' metrics (§2.3) beside the identical planes, Table 1, the route of
//! one pair, the real-system model (§3)); `--search` is the lab's `search` study (§2.4,
//! `--objective delay` for the -r variants of §3.2.2), `--sweep-n` its `sweep-n`, `--simulate`
//! its `simulate` (§3.4).

use crate::cli::{flags, run_and_report, run_study, LabCommand, Output};
use crate::lab_flags::LabFlags;
use clap::parser::ValueSource;
use clap::{ArgMatches, Args};
use serde_json::json;
use topolab::dualplane::search::Method;
use topolab::scenario::Scenario;

pub const COMMAND: LabCommand = LabCommand {
    name: "dualplane",
    about: "Dual-plane (isomorphic, folded) hypercubes of paper 004: average shortest distance, all-to-all maximum traffic, cables, delay and cost, against two identical planes",
    args: |command| DualArgs::augment_args(LabFlags::of("dualplane").add_to(command)),
    execute: |matches| execute(scenario(matches)?, flags(matches)?),
};

/// The Scenario the flags give. The lab's defaults are Table 1's example (n = 3, plane 1
/// {3,5,7}, nodes 0 → 6); a command line that names another network (`--kind`, `--n`) without
/// `--generators` or `--destination` gets two identical planes and the last node instead, as
/// those defaults fit no other n.
fn scenario(matches: &ArgMatches) -> Result<Scenario, String> {
    let lab = LabFlags::of("dualplane");
    let (seed, mut section) = lab.section(matches)?;
    let given = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
    if given("n") || given("kind") {
        if !given("generators") {
            section["generators"] = json!("");
        }
        if !given("destination") {
            let n = section["n"].as_u64().unwrap_or(0);
            section["destination"] = json!(1u64.checked_shl(n as u32).map_or(0, |v| v - 1));
        }
    }
    Scenario::of_section("dualplane", seed, section).map_err(|e| lab.name_flag(&e))
}

/// What the subcommand adds to the lab's fields: its studies.
#[derive(Args)]
struct DualArgs {
    /// Instead of one run: search for the best plane-1 set (the lab's `search` study:
    /// exhaustive up to n = 6, seeded annealing beyond).
    #[arg(long, conflicts_with = "generators")]
    search: bool,
    /// The search's method.
    #[arg(long, value_enum, default_value_t = Method::default(), requires = "search")]
    method: Method,
    /// Instead of one run: the six variants (D-HC, DI-HC, DI-HC-r, D-FHC, DI-FHC, DI-FHC-r) at
    /// n ≤ 8 in the flit simulator (the lab's `simulate` study, §3.4).
    #[arg(long, conflicts_with_all = ["generators", "search"])]
    simulate: bool,
    /// Instead of one run: the six variants for n = FROM…--n (the lab's `sweep-n` study).
    #[arg(long, value_name = "FROM", conflicts_with_all = ["generators", "search", "simulate"])]
    sweep_n: Option<u32>,
    #[command(flatten)]
    output: Output,
}

fn execute(scenario: Scenario, a: DualArgs) -> Result<(), String> {
    let json = a.output.json;
    if a.search {
        return run_study(
            &scenario,
            "search",
            json!({ "method": a.method }),
            |v| v,
            json,
        );
    }
    if a.simulate {
        return run_study(&scenario, "simulate", json!({}), |v| v, json);
    }
    if let Some(from) = a.sweep_n {
        let to = scenario.section("dualplane").map_err(|e| e.to_string())?["n"].clone();
        return run_study(
            &scenario,
            "sweep-n",
            json!({ "from": from, "to": to }),
            |v| v,
            json,
        );
    }
    run_and_report(&scenario, &a.output)
}
