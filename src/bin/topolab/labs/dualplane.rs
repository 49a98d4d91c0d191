//! `topolab dualplane`: the Dual-plane lab's flags (paper 004) into its configuration, run as
//! `topolab run` runs it — both planes' metrics (§2.3) beside the identical planes, Table 1,
//! the route of one pair, the real-system model (§3); `--search` is the lab's `search` study
//! (§2.4, `--objective delay` for the -r variants of §3.2.2), `--sweep-n` its `sweep-n`,
//! `--simulate` its `simulate` (§3.4).

use crate::cli::{flags, run_and_report, run_study, LabCommand, Output};
use clap::Args;
use serde_json::json;
use topolab::dualplane::search::{Combine, Method, Objective};
use topolab::labs::dualplane::DualPlaneConfig;
use topolab::scenario::Scenario;
use topolab::topology::dualplane::floor::CableReading;
use topolab::topology::dualplane::Kind;

pub const COMMAND: LabCommand = LabCommand {
    name: "dualplane",
    about: "Dual-plane (isomorphic, folded) hypercubes of paper 004: average shortest distance, all-to-all maximum traffic, cables, delay and cost, against two identical planes",
    args: <DualArgs as Args>::augment_args,
    execute: |matches| execute(flags(matches)?),
};

fn defaults() -> DualPlaneConfig {
    DualPlaneConfig::default()
}

#[derive(Args)]
struct DualArgs {
    /// The planes.
    #[arg(long, value_enum)]
    kind: Kind,
    /// Dimensions: 2ⁿ switches per plane (the floor model holds up to n = 12).
    #[arg(long)]
    n: u32,
    /// Plane 1's generator set H(1,n) / FH(1,n), comma-separated (default: plane 0's, D-HC);
    /// or file:PATH, plane 1 wired in a network file (edge list, anynet, GraphML), whose links
    /// give the set (in ascending order).
    #[arg(long, default_value = "")]
    generators: String,
    /// The node pair whose routes are shown (default: 0 to the last node).
    #[arg(long, default_value_t = defaults().source)]
    source: u32,
    #[arg(long)]
    destination: Option<u32>,
    /// Instead of one run: search for the best plane-1 set (the lab's `search` study:
    /// exhaustive up to n = 6, seeded annealing beyond).
    #[arg(long, conflicts_with = "generators")]
    search: bool,
    /// What the search improves besides the all-to-all maximum traffic.
    #[arg(long, value_enum, default_value_t = defaults().objective)]
    objective: Objective,
    /// The search's method.
    #[arg(long, value_enum, default_value_t = Method::default())]
    method: Method,
    /// Multiplies the annealing's evaluations.
    #[arg(value_parser = crate::cli::finite, long, default_value_t = defaults().effort)]
    effort: f64,
    /// How a cable between the switches of one rack counts (§3.1.2): at its 100 cm run, or as
    /// the 2.0 m cable of Table 2.
    #[arg(long, value_enum, default_value_t = defaults().cables)]
    cables: CableReading,
    /// How the search combines its two improvement rates (the paper does not say).
    #[arg(long, value_enum, default_value_t = defaults().combine)]
    combine: Combine,
    /// Instead of one run: the six variants (D-HC, DI-HC, DI-HC-r, D-FHC, DI-FHC, DI-FHC-r) at
    /// n ≤ 8 in the flit simulator (the lab's `simulate` study, §3.4).
    #[arg(long, conflicts_with_all = ["generators", "search"])]
    simulate: bool,
    /// Instead of one run: the six variants for n = FROM…--n (the lab's `sweep-n` study).
    #[arg(long, value_name = "FROM", conflicts_with_all = ["generators", "search", "simulate"])]
    sweep_n: Option<u32>,
    /// The seed (the search's annealing, the simulations).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    output: Output,
}

fn execute(a: DualArgs) -> Result<(), String> {
    let config = DualPlaneConfig {
        kind: a.kind,
        n: a.n,
        generators: crate::files::generators_arg(&a.generators, a.kind, a.n)?,
        source: a.source,
        // the last node exists for every n (a fixed default would not, below n = 3)
        destination: a
            .destination
            .unwrap_or_else(|| 1u32.checked_shl(a.n).map_or(0, |v| v - 1)),
        objective: a.objective,
        effort: a.effort,
        cables: a.cables,
        combine: a.combine,
    };
    let scenario = Scenario::for_lab("dualplane", a.seed, &config).map_err(|e| e.to_string())?;
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
        return run_study(
            &scenario,
            "sweep-n",
            json!({ "from": from, "to": a.n }),
            |v| v,
            json,
        );
    }
    run_and_report(&scenario, &a.output)
}
