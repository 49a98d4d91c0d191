//! `topolab topogen`: the TopoGen lab (paper 000 §4–5) — its fields' flags, and its studies
//! (`--compare`: Fig. 12, `--sweep`: Fig. 13).

use crate::cli::{flags, merged, run_and_report, run_study, LabCommand, Output};
use crate::lab_flags::LabFlags;
use clap::Args;
use serde_json::json;
use topolab::scenario::Scenario;

pub const COMMAND: LabCommand = LabCommand {
    name: "topogen",
    about:
        "TOPOGEN of paper 000 §4: a circuit-switched topology for a pattern and a maximum degree",
    args: |command| TopoGenArgs::augment_args(LabFlags::of("topogen").add_to(command)),
    execute: |matches| execute(LabFlags::of("topogen").scenario(matches)?, flags(matches)?),
};

/// What the subcommand adds to the lab's fields: its studies.
#[derive(Args)]
struct TopoGenArgs {
    /// Compare with the 2-D mesh and 2-D/3-D/4-D tori at the same degree (§5.2, Fig. 12).
    #[arg(long)]
    compare: bool,
    /// Sweep the target N from the mesh's N down to this (Fig. 13).
    #[arg(long, value_name = "LOWEST_N", conflicts_with = "compare")]
    sweep: Option<u32>,
    #[command(flatten)]
    output: Output,
}

fn execute(scenario: Scenario, args: TopoGenArgs) -> Result<(), String> {
    let section = scenario.section("topogen").map_err(|e| e.to_string())?;
    let about =
        json!({ "nodes": section["nodes"], "pattern": section["pattern"], "seed": scenario.seed });
    if args.compare {
        let shape = |rows| merged(about, json!({ "rows": rows }));
        return run_study(&scenario, "compare", json!({}), shape, args.output.json);
    }
    if let Some(lowest) = args.sweep {
        let shape = |curve| merged(about, curve);
        return run_study(
            &scenario,
            "tradeoff",
            json!({ "lowest": lowest }),
            shape,
            args.output.json,
        );
    }
    run_and_report(&scenario, &args.output)
}
