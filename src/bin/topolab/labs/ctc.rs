//! `topolab ctc`: the CTC lab's flags (paper 003) into its configuration — clustering, the OCS
//! configured by HDF, annealing or the ILP, against a torus mapping and the cost of both — run
//! as `topolab run` runs it; `--table1` is the lab's `table-1` study (§5.1's Table I).

use crate::cli::{flags, run_and_report, run_study, LabCommand, Output};
use clap::Args;
use topolab::hybrid::ctc::cost::CostParams;
use topolab::hybrid::ctc::{Accept, MultiHop, PlaneRule, Readings, Tie};
use topolab::labs::ctc::{CtcConfig, OrderKind, SolverKind};
use topolab::scenario::Scenario;

pub const COMMAND: LabCommand = LabCommand {
    name: "ctc",
    about: "Paper 003's CTC: cluster tasks into logical clusters, configure K optical planes of P ports by serving demands (HDF, simulated annealing) or the ILP, against a torus mapping",
    args: <CtcArgs as Args>::augment_args,
    execute: |matches| execute(flags(matches)?),
};

fn defaults() -> CtcConfig {
    CtcConfig::default()
}

#[derive(Args)]
struct CtcArgs {
    /// The task matrix: random:N:p, stencil:AxB[:periodic][:BYTES], fft:Z[:BYTES][:pencil],
    /// superlu:PRxPC[:BYTES][:density], or csv:FILE (rows src,dst,bytes[,count]).
    #[arg(long, default_value_t = defaults().traffic)]
    traffic: String,
    /// T: tasks per logical cluster (1: the matrix is between LCs, §5.1).
    #[arg(long, default_value_t = defaults().cluster_size)]
    cluster_size: usize,
    /// K: optical planes.
    #[arg(long, default_value_t = defaults().planes)]
    planes: usize,
    /// P: ports per LC per plane.
    #[arg(long, default_value_t = defaults().ports)]
    ports: usize,
    /// How the demands are ordered.
    #[arg(long, value_enum, default_value_t = defaults().order)]
    order: OrderKind,
    /// Annealing iterations.
    #[arg(long, default_value_t = defaults().iterations)]
    iterations: u32,
    /// Which solver configures the OCS (the ILP: up to 32 LCs, warm-started from the heuristic).
    #[arg(long, value_enum, default_value_t = defaults().solver)]
    solver: SolverKind,
    /// The ILP's wall-clock limit in seconds (it reports its best solution and bound).
    #[arg(value_parser = crate::cli::finite, long, default_value_t = defaults().time_limit_s)]
    time_limit: f64,
    /// The electronic-only baseline: torus:X, torus:AxBxC, or none.
    #[arg(long, default_value_t = defaults().baseline)]
    baseline: String,
    /// The torus mapping's annealing iterations (default: the same as --iterations).
    #[arg(long)]
    torus_iterations: Option<u32>,
    /// HDF's tie-break.
    #[arg(long, value_enum, default_value_t = defaults().readings.tie)]
    tie: Tie,
    /// Which plane a direct link takes.
    #[arg(long, value_enum, default_value_t = defaults().readings.planes)]
    plane_rule: PlaneRule,
    /// The passes after the first.
    #[arg(long, value_enum, default_value_t = defaults().readings.multi_hop)]
    multi_hop: MultiHop,
    /// The deepest multi-hop pass (§4.2.3: 4).
    #[arg(long, default_value_t = defaults().readings.depth)]
    depth: u8,
    /// Annealing acceptance of a worse order.
    #[arg(long, value_enum, default_value_t = defaults().readings.accept)]
    accept: Accept,
    /// Initial temperature (hop-bytes) and cooling factor per iteration (Matlab: 100, 0.95).
    #[arg(value_parser = crate::cli::finite, long, default_value_t = defaults().readings.t0)]
    t0: f64,
    #[arg(value_parser = crate::cli::finite, long, default_value_t = defaults().readings.cooling)]
    cooling: f64,
    /// Optical/electronic port price ratio (§5.2.1: 0.4–0.6).
    #[arg(value_parser = crate::cli::finite, long, default_value_t = defaults().cost.port_ratio)]
    port_ratio: f64,
    /// Transceiver price in electronic ports.
    #[arg(value_parser = crate::cli::finite, long, default_value_t = defaults().cost.txrx_cost)]
    txrx_cost: f64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Instead of one run: §5.1's Table I (10 matrices of 16 and 32 LCs), the lab's `table-1`.
    #[arg(long)]
    table1: bool,
    /// Table I's ILP limit per matrix (seconds).
    #[arg(value_parser = crate::cli::finite, long, default_value_t = 60.0)]
    ilp_time_limit: f64,
    #[command(flatten)]
    output: Output,
}

fn execute(a: CtcArgs) -> Result<(), String> {
    let (traffic, matrix) = match a.traffic.split_once(':') {
        Some(("csv", file)) => (
            "csv".to_string(),
            crate::files::read_input(file, "--traffic csv:FILE", crate::files::MAX_MATRIX_BYTES)?,
        ),
        _ => (a.traffic, String::new()),
    };
    let config = CtcConfig {
        traffic,
        matrix,
        cluster_size: a.cluster_size,
        planes: a.planes,
        ports: a.ports,
        order: a.order,
        iterations: a.iterations,
        solver: a.solver,
        time_limit_s: a.time_limit,
        baseline: a.baseline,
        torus_iterations: a.torus_iterations,
        readings: Readings {
            tie: a.tie,
            planes: a.plane_rule,
            multi_hop: a.multi_hop,
            depth: a.depth,
            accept: a.accept,
            t0: a.t0,
            cooling: a.cooling,
            ..Readings::default()
        },
        cost: CostParams {
            port_ratio: a.port_ratio,
            txrx_cost: a.txrx_cost,
            ..CostParams::default()
        },
    };
    let scenario = Scenario::for_lab("ctc", a.seed, &config).map_err(|e| e.to_string())?;
    if a.table1 {
        let args = serde_json::json!({ "ilp_time_limit_s": a.ilp_time_limit });
        return run_study(&scenario, "table-1", args, |v| v, a.output.json);
    }
    run_and_report(&scenario, &a.output)
}
