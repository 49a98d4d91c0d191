//! `topolab dualplane`: paper 004's dual-plane networks — a hypercube or folded hypercube
//! doubled (D-HC, D-FHC) or with an isomorphic second plane from a generator set (DI-HC,
//! DI-FHC) — with the metrics of §2.3 and the real-system model of §3 beside the identical-
//! plane baseline. (Issue 11 in progress: the search of §2.4 comes next.)

use crate::cli::{flags, print_value, LabCommand};
use clap::{Args, ValueEnum};
use topolab::dualplane::{floor, DualPlane, Kind};

pub const COMMAND: LabCommand = LabCommand {
    name: "dualplane",
    about: "Dual-plane (isomorphic, folded) hypercubes of paper 004: average shortest distance, all-to-all maximum traffic, cables, delay and cost, against two identical planes",
    args: <DualArgs as Args>::augment_args,
    execute: |matches| execute(flags(matches)?),
};

#[derive(Clone, Copy, ValueEnum)]
enum KindArg {
    /// Hypercube planes.
    Hc,
    /// Folded hypercube planes.
    Fhc,
}

#[derive(Args)]
struct DualArgs {
    #[arg(long, value_enum)]
    kind: KindArg,
    /// Dimensions: 2ⁿ switches per plane (the floor model holds up to n = 12).
    #[arg(long)]
    n: u32,
    /// Plane 1's generator set H(1,n) / FH(1,n), comma-separated (default: plane 0's, D-HC).
    #[arg(long, value_delimiter = ',')]
    generators: Option<Vec<u32>>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

fn execute(a: DualArgs) -> Result<(), String> {
    let err = |e: topolab::Error| e.to_string();
    let kind = match a.kind {
        KindArg::Hc => Kind::Hc,
        KindArg::Fhc => Kind::Fhc,
    };
    let baseline = DualPlane::identical(kind, a.n).map_err(err)?;
    let network = match &a.generators {
        Some(g) => DualPlane::isomorphic(kind, a.n, g).map_err(err)?,
        None => baseline.clone(),
    };
    let (m, b) = (network.metrics(), baseline.metrics());
    let (f, bf) = (
        floor::floor(&network, m.avg_distance).map_err(err)?,
        floor::floor(&baseline, b.avg_distance).map_err(err)?,
    );
    let value = serde_json::json!({
        "kind": kind,
        "n": a.n,
        "generators": network.planes[1].generators(),
        "avg_distance": m.avg_distance,
        "a2a_max_traffic": m.a2a_max_traffic,
        "max_link_load": m.max_link_load,
        "avg_cable_m": f.avg_cable_m,
        "avg_delay_ns": f.avg_delay_ns,
        "cost_per_node_usd": f.cost_per_node_usd,
        "baseline_avg_distance": b.avg_distance,
        "baseline_a2a_max_traffic": b.a2a_max_traffic,
        "baseline_avg_cable_m": bf.avg_cable_m,
        "baseline_avg_delay_ns": bf.avg_delay_ns,
        "baseline_cost_per_node_usd": bf.cost_per_node_usd,
    });
    print_value(&value, a.json);
    Ok(())
}
