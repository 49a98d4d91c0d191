//! `topolab routing`: the Routing lab's flags (paper 002) into its configuration, and its
//! studies (`--sweep-tmax`: Fig. 5, `--table-study`: Fig. 6, `--from/--to`: a packet walk).

use crate::cli::{flags, merged, run_and_report, run_study, LabCommand, Output};
use clap::Args;
use serde_json::json;
use topolab::labs::routing::RoutingConfig;
use topolab::scenario::Scenario;

pub const COMMAND: LabCommand = LabCommand {
    name: "routing",
    about: "Compact routing on layout-conscious random topologies (paper 002): LOREN, Cowen, shortest, any router",
    args: <RoutingArgs as Args>::augment_args,
    execute: |matches| execute(flags(matches)?),
};

#[derive(Args)]
struct RoutingArgs {
    /// Topology spec, e.g. lrt:64:4:2.
    #[arg(long)]
    topology: String,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// loren | cowen | shortest (or any router: dor, updown).
    #[arg(long, default_value_t = RoutingConfig::default().scheme)]
    scheme: String,
    /// LOREN's maximum table entries (default |N|/2).
    #[arg(long)]
    tmax: Option<usize>,
    /// Cowen's ball exponent, 0 < α < 1.
    #[arg(long, default_value_t = 0.5)]
    alpha: f64,
    /// uniform | transpose | shuffle | reverse | hotspot:β | local:γ (adds effective_bandwidth, avg_efficiency).
    #[arg(long)]
    traffic: Option<String>,
    /// Random patterns averaged for a random traffic.
    #[arg(long, default_value_t = 1000)]
    patterns: usize,
    /// Print the Fig. 5 series: LOREN's average path length for every t_max.
    #[arg(long)]
    sweep_tmax: bool,
    /// Walk a packet from switch FROM to switch --to, printing every decision (Fig. 4).
    #[arg(long, value_name = "FROM", requires = "to")]
    from: Option<u32>,
    #[arg(long, value_name = "TO")]
    to: Option<u32>,
    /// §VI-B: minimum required entries of LOREN and Cowen over this many random topologies
    /// (on every core).
    #[arg(long, value_name = "COUNT")]
    table_study: Option<usize>,
    #[command(flatten)]
    output: Output,
}

fn execute(args: RoutingArgs) -> Result<(), String> {
    let config = RoutingConfig {
        topology: args.topology.clone(),
        scheme: args.scheme,
        tmax: args.tmax,
        alpha: args.alpha,
        traffic: args.traffic,
        patterns: args.patterns,
        source: args.from,
        destination: args.to,
    };
    let scenario = Scenario::for_lab("routing", args.seed, &config).map_err(|e| e.to_string())?;
    let json = args.output.json;
    if let (Some(src), Some(dst)) = (args.from, args.to) {
        return run_study(
            &scenario,
            "walk",
            json!({ "src": src, "dst": dst }),
            |w| w,
            json,
        );
    }
    if let Some(count) = args.table_study {
        return run_study(
            &scenario,
            "table-study",
            json!({ "count": count }),
            |s| s,
            json,
        );
    }
    if args.sweep_tmax {
        let about = json!({ "topology": args.topology, "seed": args.seed });
        let shape = |points| merged(about, json!({ "points": points }));
        return run_study(&scenario, "sweep-tmax", json!({}), shape, json);
    }
    run_and_report(&scenario, &args.output)
}
