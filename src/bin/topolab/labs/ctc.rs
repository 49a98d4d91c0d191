//! `topolab ctc`: the CTC lab (paper 003) — its fields' flags (clustering, the OCS configured
//! by HDF, annealing or the ILP, against a torus mapping and the cost of both), run as `topolab
//! run` runs it; `--table1` is the lab's `table-1` study (§5.1's Table I).

use crate::cli::{flags, run_and_report, run_study, LabCommand, Output};
use crate::lab_flags::LabFlags;
use clap::Args;
use topolab::scenario::Scenario;

pub const COMMAND: LabCommand = LabCommand {
    name: "ctc",
    about: "Paper 003's CTC: cluster tasks into logical clusters, configure K optical planes of P ports by serving demands (HDF, simulated annealing) or the ILP, against a torus mapping",
    args: |command| CtcArgs::augment_args(LabFlags::of("ctc").add_to(command)),
    execute: |matches| execute(LabFlags::of("ctc").scenario(matches)?, flags(matches)?),
};

/// What the subcommand adds to the lab's fields: its study.
#[derive(Args)]
struct CtcArgs {
    /// Instead of one run: §5.1's Table I (10 matrices of 16 and 32 LCs), the lab's `table-1`.
    #[arg(long)]
    table1: bool,
    /// Table I's ILP limit per matrix (seconds).
    #[arg(value_parser = crate::cli::finite, long, default_value_t = 60.0, requires = "table1")]
    ilp_time_limit: f64,
    #[command(flatten)]
    output: Output,
}

fn execute(scenario: Scenario, a: CtcArgs) -> Result<(), String> {
    if a.table1 {
        let args = serde_json::json!({ "ilp_time_limit_s": a.ilp_time_limit });
        return run_study(&scenario, "table-1", args, |v| v, a.output.json);
    }
    run_and_report(&scenario, &a.output)
}
