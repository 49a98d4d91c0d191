//! `topolab ocs-relay`: the OCS relay lab's flags (paper 001) into its configuration, run as
//! `topolab run` runs it — the circuits allocated (§3.2.2), the route kinds (§3.2.3) and the
//! message-level times of ours against EPS only, the full-bisection EPS and the low-bisection
//! (1:20) EPS (§4.1–4.2); `--figure` and `--table2` are the lab's studies.

use crate::cli::{flags, run_and_report, run_study, LabCommand, Output};
use clap::Args;
use topolab::hybrid::relay::alloc::{Blocked, NodeChoice, Readings, Step3};
use topolab::hybrid::relay::route::UplinkCost;
use topolab::hybrid::relay::Counting;
use topolab::labs::ocs_relay::OcsRelayConfig;
use topolab::scenario::Scenario;

pub const COMMAND: LabCommand = LabCommand {
    name: "ocs-relay",
    about: "Paper 001's OCS relay: circuit allocation, route kinds (counts of directed communications with large messages: direct, relay, eps, local) and message-level times against EPS only",
    args: <RelayArgs as Args>::augment_args,
    execute: |matches| execute(flags(matches)?),
};

fn defaults() -> OcsRelayConfig {
    OcsRelayConfig::default()
}

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
    #[arg(long, value_enum, default_value_t = defaults().readings.blocked)]
    blocked: Blocked,
    /// Step 3: recompute the differences after every circuit, fill pairs in turn, or passes.
    #[arg(long, value_enum, default_value_t = defaults().readings.step3)]
    step3: Step3,
    /// Which free OCS node a step 2/3 circuit uses.
    #[arg(long, value_enum, default_value_t = defaults().readings.node_choice)]
    node_choice: NodeChoice,
    /// Count communications as unordered pairs or per direction.
    #[arg(long, value_enum, default_value_t = defaults().counting)]
    counting: Counting,
    /// How an oversubscribed uplink is costed in routing.
    #[arg(long, value_enum, default_value_t = defaults().uplink_cost)]
    uplink_cost: UplinkCost,
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
    #[command(flatten)]
    output: Output,
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
            blocked: a.blocked,
            step3: a.step3,
            node_choice: a.node_choice,
        },
        counting: a.counting,
        uplink_cost: a.uplink_cost,
        source: a.source,
        destination: a.destination,
        ..OcsRelayConfig::default()
    };
    let scenario = Scenario::for_lab("ocs-relay", 1, &config).map_err(|e| e.to_string())?;
    if a.figure || a.table2 {
        let name = if a.figure { "figure" } else { "table-2" };
        return run_study(&scenario, name, serde_json::json!({}), |v| v, a.output.json);
    }
    run_and_report(&scenario, &a.output)
}
