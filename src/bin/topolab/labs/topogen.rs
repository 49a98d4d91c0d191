//! `topolab topogen`: the TopoGen lab's flags (paper 000 §4–5) into its configuration, and its
//! studies (`--compare`: Fig. 12, `--sweep`: Fig. 13).

use crate::cli::{flags, merged, run_and_report, run_study, LabCommand, Output};
use clap::Args;
use serde_json::json;
use topolab::circuit::topogen::{FailedNodes, Reconfig};
use topolab::labs::topogen::TopoGenConfig;
use topolab::scenario::Scenario;

pub const COMMAND: LabCommand = LabCommand {
    name: "topogen",
    about:
        "TOPOGEN of paper 000 §4: a circuit-switched topology for a pattern and a maximum degree",
    args: <TopoGenArgs as Args>::augment_args,
    execute: |matches| execute(flags(matches)?),
};

#[derive(Args)]
struct TopoGenArgs {
    /// End nodes V (with --start, the starting network's).
    #[arg(long, required_unless_present = "start")]
    nodes: Option<usize>,
    /// Start from this network instead of one giant switch: a topology spec, or file:PATH (an
    /// edge list, anynet or GraphML); its switches, links and end nodes (V) are kept, and the
    /// swaps and link optimization improve it within --degree (our extension).
    #[arg(long, value_parser = crate::files::start_arg, conflicts_with = "nodes")]
    start: Option<String>,
    /// Maximum switch degree (end nodes + links).
    #[arg(long)]
    degree: usize,
    /// Communication pattern (as for `slots`).
    #[arg(long, value_parser = crate::files::traffic_arg)]
    pattern: String,
    /// Grow the topology until N is at most this (TOPOGEN_REV, §4.5).
    #[arg(long)]
    target_slots: Option<u32>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Fail this many switches chosen at random (seeded) and report the reconfiguration (§5.3).
    #[arg(long, default_value_t = 0)]
    fail: usize,
    /// Fail these switches (comma-separated ids) instead.
    #[arg(long, value_delimiter = ',')]
    fail_switches: Vec<u32>,
    /// How the network is reconfigured after the failures (§5.3).
    #[arg(long, value_enum, default_value_t = TopoGenConfig::default().reconfig)]
    reconfig: Reconfig,
    /// What becomes of the end nodes of a failed switch.
    #[arg(long, value_enum, default_value_t = TopoGenConfig::default().failed_nodes)]
    failed_nodes: FailedNodes,
    /// Message size of the one-round circuit-vs-packet simulation.
    #[arg(long, default_value_t = 65_536)]
    message_bytes: u64,
    /// Compare with the 2-D mesh and 2-D/3-D/4-D tori at the same degree (§5.2, Fig. 12).
    #[arg(long)]
    compare: bool,
    /// Sweep the target N from the mesh's N down to this (Fig. 13).
    #[arg(long, value_name = "LOWEST_N")]
    sweep: Option<u32>,
    #[command(flatten)]
    output: Output,
}

fn execute(args: TopoGenArgs) -> Result<(), String> {
    let config = TopoGenConfig {
        nodes: args.nodes.unwrap_or(TopoGenConfig::default().nodes),
        start: args.start.clone().unwrap_or_default(),
        degree: args.degree,
        pattern: args.pattern.clone(),
        target_slots: args.target_slots,
        fail: args.fail_switches,
        fail_random: args.fail,
        reconfig: args.reconfig,
        failed_nodes: args.failed_nodes,
        message_bytes: args.message_bytes,
    };
    let scenario = Scenario::for_lab("topogen", args.seed, &config).map_err(|e| e.to_string())?;
    let about = json!({ "nodes": config.nodes, "pattern": args.pattern, "seed": args.seed });
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
