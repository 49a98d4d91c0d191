//! `topolab ocs-relay`: paper 001's OCS relay on a two-level tree — the circuits allocated
//! (§3.2.2), the route kinds (§3.2.3) and the message-level times of ours against EPS only,
//! the full-bisection EPS and the low-bisection (1:20) EPS (§4.1–4.2).

use crate::cli::{flags, print_value, run_study, LabCommand};
use clap::{Args, ValueEnum};
use topolab::hybrid::relay::alloc::{Blocked, NodeChoice, Readings, Step3};
use topolab::hybrid::relay::route::UplinkCost;
use topolab::hybrid::relay::Counting;
use topolab::labs::ocs_relay::{OcsRelayConfig, OcsRelayRun};
use topolab::scenario::Scenario;

pub const COMMAND: LabCommand = LabCommand {
    name: "ocs-relay",
    about: "Paper 001's OCS relay: circuit allocation, route kinds (counts of directed communications with large messages: direct, relay, eps, local) and message-level times against EPS only",
    args: <RelayArgs as Args>::augment_args,
    execute: |matches| execute(flags(matches)?),
};

#[derive(Args)]
struct RelayArgs {
    /// Edge switches × nodes per switch: 8x32 or 16x16 (the paper), any ExP up to 4,096 nodes.
    #[arg(long, default_value = "8x32")]
    edge: String,
    /// OCS nodes in all, the same number under every edge switch (64 or 128 in the paper).
    #[arg(long, default_value_t = 64)]
    ocs_nodes: usize,
    /// The application: neighbor (§4.1's neighbour exchange), cg, lu, mg (NPB's communication
    /// structures), or matrix:FILE (CSV rows rank,rank,bytes,count).
    #[arg(long, default_value = "neighbor")]
    app: String,
    /// The NPB class (A, B, C or D; the paper does not say; class A's CG stays below the
    /// threshold).
    #[arg(long, default_value = "B")]
    class: String,
    /// NPB iterations (§4.1: 5).
    #[arg(long, default_value_t = 5)]
    iterations: u32,
    /// Computation per iteration in µs (not printed in the paper: 0, communication only).
    #[arg(value_parser = crate::cli::finite, long, default_value_t = 0.0)]
    compute_us: f64,
    /// Uplink oversubscription, 1:R (1:5 in the paper, 1:20 for its low bisection).
    #[arg(long, default_value = "1:5")]
    ratio: String,
    /// Messages of at least this many bytes may use the OCS.
    #[arg(long, default_value_t = 8192)]
    threshold: u64,
    /// EPS packet size in bytes (Table 1: 4096).
    #[arg(long, default_value_t = 4096)]
    mtu: u64,
    /// A blocked round-robin turn: go on to the next candidate, or lose the turn.
    #[arg(long, value_enum, default_value = "next")]
    blocked: BlockedArg,
    /// Step 3: recompute the differences after every circuit, fill pairs in turn, or passes.
    #[arg(long, value_enum, default_value = "recompute")]
    step3: Step3Arg,
    /// Which free OCS node a step 2/3 circuit uses.
    #[arg(long, value_enum, default_value = "lowest")]
    node_choice: NodeChoiceArg,
    /// Count communications as unordered pairs or per direction.
    #[arg(long, value_enum, default_value = "undirected")]
    counting: CountingArg,
    /// How an oversubscribed uplink is costed in routing.
    #[arg(long, value_enum, default_value = "share")]
    uplink_cost: UplinkCostArg,
    /// The communication whose route is shown.
    #[arg(long, default_value_t = 17)]
    source: u32,
    #[arg(long, default_value_t = 33)]
    destination: u32,
    /// Instead of one run: Fig. 4–5's bars for this tree and application (EPS only, full
    /// bisection, ours at a quarter and a half of the nodes, and the 1:20 trio), relative to EPS
    /// only.
    #[arg(long, conflicts_with = "table2")]
    figure: bool,
    /// Instead of one run: Table 2, the OCS nodes used by each application in the paper's four
    /// configurations (allocation and routing only).
    #[arg(long)]
    table2: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum BlockedArg {
    Next,
    Lose,
}
#[derive(Clone, Copy, ValueEnum)]
enum Step3Arg {
    Recompute,
    Fill,
    Passes,
}
#[derive(Clone, Copy, ValueEnum)]
enum NodeChoiceArg {
    Lowest,
    Endpoint,
}
#[derive(Clone, Copy, ValueEnum)]
enum CountingArg {
    Undirected,
    Directed,
}
#[derive(Clone, Copy, ValueEnum)]
enum UplinkCostArg {
    Share,
    Literal,
    SwitchLevel,
}

fn execute(a: RelayArgs) -> Result<(), String> {
    let ratio = match a.ratio.trim().split_once(':') {
        Some(("1", r)) => r
            .trim()
            .parse::<f64>()
            .map_err(|_| format!("--ratio: write 1:R, e.g. 1:5, not '{}'", a.ratio))?,
        _ => return Err(format!("--ratio: write 1:R, e.g. 1:5, not '{}'", a.ratio)),
    };
    let (app, matrix) = match a.app.split_once(':') {
        Some(("matrix", file)) => (
            "matrix".to_string(),
            crate::files::read_input(file, "--app matrix:FILE", crate::files::MAX_MATRIX_BYTES)?,
        ),
        _ => (a.app, String::new()),
    };
    let config = OcsRelayConfig {
        edge: a.edge,
        ocs_nodes: a.ocs_nodes,
        app,
        matrix,
        class: a.class,
        iterations: a.iterations,
        compute_us: a.compute_us,
        ratio,
        threshold: a.threshold,
        mtu: a.mtu,
        readings: Readings {
            blocked: match a.blocked {
                BlockedArg::Next => Blocked::Next,
                BlockedArg::Lose => Blocked::Lose,
            },
            step3: match a.step3 {
                Step3Arg::Recompute => Step3::Recompute,
                Step3Arg::Fill => Step3::Fill,
                Step3Arg::Passes => Step3::Passes,
            },
            node_choice: match a.node_choice {
                NodeChoiceArg::Lowest => NodeChoice::Lowest,
                NodeChoiceArg::Endpoint => NodeChoice::Endpoint,
            },
        },
        counting: match a.counting {
            CountingArg::Undirected => Counting::Undirected,
            CountingArg::Directed => Counting::Directed,
        },
        uplink_cost: match a.uplink_cost {
            UplinkCostArg::Share => UplinkCost::Share,
            UplinkCostArg::Literal => UplinkCost::Literal,
            UplinkCostArg::SwitchLevel => UplinkCost::SwitchLevel,
        },
        source: a.source,
        destination: a.destination,
        ..OcsRelayConfig::default()
    };
    if a.figure || a.table2 {
        let section = serde_json::to_value(&config).map_err(|e| e.to_string())?;
        let scenario = Scenario::for_lab("ocs-relay", 1, &section).map_err(|e| e.to_string())?;
        let name = if a.figure { "figure" } else { "table-2" };
        return run_study(&scenario, name, serde_json::json!({}), |v| v, a.json);
    }
    let run = OcsRelayRun::run(&config, &mut |_| {}).map_err(|e| e.to_string())?;
    let value = serde_json::to_value(run.result()).map_err(|e| e.to_string())?;
    print_value(&value, a.json);
    Ok(())
}
