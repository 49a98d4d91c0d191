//! `topolab ocs-relay`: the OCS relay lab (paper 001) — its fields' flags, run as `topolab run`
//! runs it (the circuits allocated (§3.2.2), the route kinds (§3.2.3) and the message-level
//! times of ours against EPS only, the full-bisection EPS and the low-bisection (1:20) EPS
//! (§4.1–4.2)); `--figure` and `--table2` are the lab's studies.

use crate::cli::{flags, run_and_report, run_study, LabCommand, Output};
use crate::lab_flags::LabFlags;
use clap::Args;
use topolab::scenario::Scenario;

pub const COMMAND: LabCommand = LabCommand {
    name: "ocs-relay",
    about: "Paper 001's OCS relay: circuit allocation, route kinds (counts of directed communications with large messages: direct, relay, eps, local) and message-level times against EPS only",
    args: |command| RelayArgs::augment_args(LabFlags::of("ocs-relay").add_to(command)),
    execute: |matches| execute(LabFlags::of("ocs-relay").scenario(matches)?, flags(matches)?),
};

/// What the subcommand adds to the lab's fields: its studies.
#[derive(Args)]
struct RelayArgs {
    /// Instead of one run: Fig. 4–5's bars for this tree and application (EPS only, full
    /// bisection, ours at a quarter and a half of the nodes, and the 1:20 trio), relative to EPS
    /// only.
    #[arg(long, conflicts_with = "table2")]
    figure: bool,
    /// Instead of one run: Table 2, the OCS nodes used by each application in the paper's four
    /// configurations (allocation and routing only).
    #[arg(long)]
    table2: bool,
    #[command(flatten)]
    output: Output,
}

fn execute(scenario: Scenario, a: RelayArgs) -> Result<(), String> {
    if a.figure || a.table2 {
        let name = if a.figure { "figure" } else { "table-2" };
        return run_study(&scenario, name, serde_json::json!({}), |v| v, a.output.json);
    }
    run_and_report(&scenario, &a.output)
}
