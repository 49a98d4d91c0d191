//! `topolab dualplane`: paper 004's dual-plane networks — a hypercube or folded hypercube
//! doubled (D-HC, D-FHC) or with an isomorphic second plane from a generator set (DI-HC,
//! DI-FHC) — with the metrics of §2.3 and the real-system model of §3 beside the identical-
//! plane baseline; `--search` finds plane 1's set (§2.4; `--objective delay` for the -r
//! variants of §3.2.2) with progress on stderr.

use crate::cli::{flags, print_value, LabCommand};
use clap::{Args, ValueEnum};
use topolab::dualplane::search::{self, Method, Objective, SearchSpec};
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
    /// Search for the best plane-1 set instead (exhaustive up to n = 6, seeded annealing
    /// beyond).
    #[arg(long, conflicts_with = "generators")]
    search: bool,
    /// What the search improves besides the all-to-all maximum traffic: the average shortest
    /// distance (DI-HC, DI-FHC) or delay (the -r variants).
    #[arg(long, value_enum, default_value = "distance")]
    objective: ObjectiveArg,
    /// The annealing's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// auto (exhaustive up to n = 6), exhaustive or annealing.
    #[arg(long, value_enum, default_value = "auto")]
    method: MethodArg,
    /// Multiplies the annealing's evaluations.
    #[arg(value_parser = crate::cli::finite, long, default_value_t = 1.0)]
    effort: f64,
    /// Simulate the six variants (D-HC, DI-HC, DI-HC-r, D-FHC, DI-FHC, DI-FHC-r) at n ≤ 8 in
    /// the flit simulator (§3.4): throughput and latency beside the graph metrics.
    #[arg(long, conflicts_with_all = ["generators", "search"])]
    simulate: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum ObjectiveArg {
    Distance,
    Delay,
}

#[derive(Clone, Copy, ValueEnum)]
enum MethodArg {
    Auto,
    Exhaustive,
    Annealing,
}

fn execute(a: DualArgs) -> Result<(), String> {
    let err = |e: topolab::Error| e.to_string();
    let kind = match a.kind {
        KindArg::Hc => Kind::Hc,
        KindArg::Fhc => Kind::Fhc,
    };
    if a.simulate {
        return simulate(&a);
    }
    let baseline = DualPlane::identical(kind, a.n).map_err(err)?;
    let mut found = None;
    let network = match &a.generators {
        Some(g) => DualPlane::isomorphic(kind, a.n, g).map_err(err)?,
        None if a.search => {
            let spec = SearchSpec {
                kind,
                n: a.n,
                objective: match a.objective {
                    ObjectiveArg::Distance => Objective::Distance,
                    ObjectiveArg::Delay => Objective::Delay,
                },
                seed: a.seed,
                effort: a.effort,
                method: match a.method {
                    MethodArg::Auto => Method::Auto,
                    MethodArg::Exhaustive => Method::Exhaustive,
                    MethodArg::Annealing => Method::Annealing,
                },
            };
            let mut shown = -1.0;
            let r = search::search(&spec, &mut |f, best| {
                if !a.json && f - shown >= 0.1 {
                    shown = f;
                    eprintln!(
                        "{:>3.0}%  best so far {:?}: distance {:.4}, a2a {:.4}, delay {:.1} ns",
                        100.0 * f,
                        best.generators,
                        best.avg_distance,
                        best.a2a_max_traffic,
                        best.avg_delay_ns
                    );
                }
            })
            .map_err(err)?;
            let network = DualPlane::isomorphic(kind, a.n, &r.best.generators).map_err(err)?;
            found = Some(r);
            network
        }
        None => baseline.clone(),
    };
    let (m, b) = (network.metrics(), baseline.metrics());
    let (f, bf) = (
        floor::floor(&network, m.avg_distance).map_err(err)?,
        floor::floor(&baseline, b.avg_distance).map_err(err)?,
    );
    let mut value = serde_json::json!({
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
    if let Some(r) = found {
        value["search"] = serde_json::json!({
            "objective": r.objective,
            "method": r.method,
            "seed": r.seed,
            "evaluated": r.evaluated,
            "seconds": r.seconds,
            "distance_gain_pct": r.best.distance_gain_pct,
            "a2a_gain_pct": r.best.a2a_gain_pct,
            "delay_gain_pct": r.best.delay_gain_pct,
            "ties_seen": r.ties_seen,
            "ties": r.ties,
        });
    }
    print_value(&value, a.json);
    Ok(())
}

/// The six variants in the flit simulator, one line each (progress on stderr).
fn simulate(a: &DualArgs) -> Result<(), String> {
    use topolab::labs::dualplane::simulate::{simulate_variants, six_variants, LOADS};
    let points = simulate_variants(a.n, &six_variants(), &LOADS, a.seed, a.effort, &mut |f, p| {
        if !a.json {
            eprintln!(
                "{:>3.0}%  {:<9} a2a/4 {:.3}  bound {:.3}  throughput {:.3}  delay model {:.0} ns  latency {:.0} ns",
                100.0 * f,
                p.variant,
                p.scores.a2a_max_traffic_per_node,
                p.channel_load_bound,
                p.throughput,
                p.scores.floor.avg_delay_ns,
                p.latency_ns
            );
        }
    })
    .map_err(|e| e.to_string())?;
    print_value(&serde_json::json!({ "n": a.n, "variants": points }), a.json);
    Ok(())
}
