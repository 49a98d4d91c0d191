//! `topolab ctc`: paper 003's clustering and topology configuration of a hybrid EPS/OCS network
//! — the LCs, the OCS links, hop-bytes (heuristic, annealed, or the ILP) against a torus
//! mapping of the same LCs, and the cost of both; `--table1` for §5.1's Table I.

use crate::cli::{flags, print_value, run_study, LabCommand};
use clap::{Args, ValueEnum};
use topolab::hybrid::ctc::{Accept, MultiHop, PlaneRule, Readings, Tie};
use topolab::labs::ctc::{CtcConfig, CtcRun, OrderKind, SolverKind};
use topolab::scenario::Scenario;

pub const COMMAND: LabCommand = LabCommand {
    name: "ctc",
    about: "Paper 003's CTC: cluster tasks into logical clusters, configure K optical planes of P ports by serving demands (HDF, simulated annealing) or the ILP, against a torus mapping",
    args: <CtcArgs as Args>::augment_args,
    execute: |matches| execute(flags(matches)?),
};

#[derive(Args)]
struct CtcArgs {
    /// The task matrix: random:N:p, stencil:AxB[:periodic][:BYTES], fft:Z[:BYTES][:pencil],
    /// superlu:PRxPC[:BYTES][:density], or csv:FILE (rows src,dst,bytes[,count]).
    #[arg(long, default_value = "random:16:0.5")]
    traffic: String,
    /// T: tasks per logical cluster (1: the matrix is between LCs, §5.1).
    #[arg(long, default_value_t = 1)]
    cluster_size: usize,
    /// K: optical planes.
    #[arg(long, default_value_t = 6)]
    planes: usize,
    /// P: ports per LC per plane.
    #[arg(long, default_value_t = 1)]
    ports: usize,
    /// hdf alone, or sa (annealing from HDF).
    #[arg(long, value_enum, default_value = "sa")]
    order: OrderArg,
    /// Annealing iterations.
    #[arg(long, default_value_t = 1000)]
    iterations: u32,
    /// heuristic, or ilp (§4.1, up to 32 LCs, warm-started from the heuristic).
    #[arg(long, value_enum, default_value = "heuristic")]
    solver: SolverArg,
    /// The ILP's wall-clock limit in seconds (it reports its best solution and bound).
    #[arg(value_parser = crate::cli::finite, long, default_value_t = 10.0)]
    time_limit: f64,
    /// The electronic-only baseline: torus:X, torus:AxBxC, or none.
    #[arg(long, default_value = "torus:3")]
    baseline: String,
    /// The torus mapping's annealing iterations (default: the same as --iterations).
    #[arg(long)]
    torus_iterations: Option<u32>,
    /// HDF's tie-break: id (row-major, §5.1), id-col (column-major), random (seeded).
    #[arg(long, value_enum, default_value = "id")]
    tie: TieArg,
    /// Direct links on the first plane that fits (§4.2.3), or on any free port (merged).
    #[arg(long, value_enum, default_value = "first-fit")]
    plane_rule: PlaneArg,
    /// The passes after the first: chain (paths of new and existing links), one-new, none.
    #[arg(long, value_enum, default_value = "chain")]
    multi_hop: MultiHopArg,
    /// The deepest multi-hop pass (§4.2.3: 4).
    #[arg(long, default_value_t = 4)]
    depth: u8,
    /// Annealing acceptance of a worse order.
    #[arg(long, value_enum, default_value = "matlab")]
    accept: AcceptArg,
    /// Initial temperature (hop-bytes) and cooling factor per iteration (Matlab: 100, 0.95).
    #[arg(value_parser = crate::cli::finite, long, default_value_t = 100.0)]
    t0: f64,
    #[arg(value_parser = crate::cli::finite, long, default_value_t = 0.95)]
    cooling: f64,
    /// Optical/electronic port price ratio (§5.2.1: 0.4–0.6).
    #[arg(value_parser = crate::cli::finite, long, default_value_t = 0.5)]
    port_ratio: f64,
    /// Transceiver price in electronic ports.
    #[arg(value_parser = crate::cli::finite, long, default_value_t = 1.0)]
    txrx_cost: f64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Instead of one run: §5.1's Table I (10 matrices of 16 and 32 LCs).
    #[arg(long)]
    table1: bool,
    /// Table I's ILP limit per matrix (seconds).
    #[arg(value_parser = crate::cli::finite, long, default_value_t = 60.0)]
    ilp_time_limit: f64,
    /// Keep the page's fields (demand list, order, heatmaps) in the output.
    #[arg(long)]
    full: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum OrderArg {
    Hdf,
    Sa,
}
#[derive(Clone, Copy, ValueEnum)]
enum SolverArg {
    Heuristic,
    Ilp,
}
#[derive(Clone, Copy, ValueEnum)]
enum TieArg {
    Id,
    IdCol,
    Random,
}
#[derive(Clone, Copy, ValueEnum)]
enum PlaneArg {
    FirstFit,
    Merged,
}
#[derive(Clone, Copy, ValueEnum)]
enum MultiHopArg {
    Chain,
    OneNew,
    None,
}
#[derive(Clone, Copy, ValueEnum)]
enum AcceptArg {
    Matlab,
    Metropolis,
    Greedy,
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
        order: match a.order {
            OrderArg::Hdf => OrderKind::Hdf,
            OrderArg::Sa => OrderKind::Sa,
        },
        iterations: a.iterations,
        solver: match a.solver {
            SolverArg::Heuristic => SolverKind::Heuristic,
            SolverArg::Ilp => SolverKind::Ilp,
        },
        time_limit_s: a.time_limit,
        baseline: a.baseline,
        torus_iterations: a.torus_iterations,
        readings: Readings {
            tie: match a.tie {
                TieArg::Id => Tie::Id,
                TieArg::IdCol => Tie::IdCol,
                TieArg::Random => Tie::Random,
            },
            planes: match a.plane_rule {
                PlaneArg::FirstFit => PlaneRule::FirstFit,
                PlaneArg::Merged => PlaneRule::Merged,
            },
            multi_hop: match a.multi_hop {
                MultiHopArg::Chain => MultiHop::Chain,
                MultiHopArg::OneNew => MultiHop::OneNew,
                MultiHopArg::None => MultiHop::None,
            },
            depth: a.depth,
            accept: match a.accept {
                AcceptArg::Matlab => Accept::Matlab,
                AcceptArg::Metropolis => Accept::Metropolis,
                AcceptArg::Greedy => Accept::Greedy,
            },
            t0: a.t0,
            cooling: a.cooling,
            ..Readings::default()
        },
        cost: topolab::hybrid::ctc::cost::CostParams {
            port_ratio: a.port_ratio,
            txrx_cost: a.txrx_cost,
            ..Default::default()
        },
    };
    if a.table1 {
        let section = serde_json::to_value(&config).map_err(|e| e.to_string())?;
        let scenario = Scenario::for_lab("ctc", a.seed, &section).map_err(|e| e.to_string())?;
        let args = serde_json::json!({ "ilp_time_limit_s": a.ilp_time_limit });
        return run_study(&scenario, "table-1", args, |v| v, a.json);
    }
    let run = CtcRun::run(&config, a.seed, false, &mut |_| {}).map_err(|e| e.to_string())?;
    let mut value = serde_json::to_value(run.result()).map_err(|e| e.to_string())?;
    if !a.full {
        if let Some(fields) = value.as_object_mut() {
            for page_only in ["demand_list", "order", "task_heatmap", "lc_heatmap"] {
                fields.remove(page_only);
            }
        }
    }
    print_value(&value, a.json);
    Ok(())
}
