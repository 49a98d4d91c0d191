//! `topolab sim`: the cycle-level flit simulator (`topolab::sim::flit`) on any topology, router
//! and pattern — one run, or with `--sweep` the latency–load curve up to saturation.

use crate::cli::{flags, out, print_value, LabCommand};
use clap::Args;
use topolab::labs::sim::{paper002, SimConfig};
use topolab::routing::RouterSpec;
use topolab::sim::flit::{self, SimParams};

pub const COMMAND: LabCommand = LabCommand {
    name: "sim",
    about: "Cycle-level virtual-channel flit simulation (input-queued VC routers, credits, wormhole): latency and accepted throughput at an offered load, or the curve to saturation",
    args: <SimArgs as Args>::augment_args,
    execute: |matches| execute(flags(matches)?),
};

#[derive(Args)]
struct SimArgs {
    #[command(flatten)]
    experiment: ExperimentArgs,
    /// Sweep offered loads step, 2·step, … up to saturation instead of one rate.
    #[arg(value_parser = crate::cli::finite, long, value_name = "STEP", num_args = 0..=1, default_missing_value = "0.05")]
    sweep: Option<f64>,
    /// Seeds per sweep point, merged with their spread (error bars): seed, seed + 1, …
    #[arg(long, default_value_t = 1)]
    seeds: usize,
    /// Paper 002 §VI-C: the 32 curves of Fig. 7–10 (LOREN and Cowen, LRT(64,4,2) and
    /// LRT(256,4,4), two t_max each, four traffics, Table II's router) and the saturation
    /// throughputs beside the paper's statements; the other flags are ignored except --json.
    #[arg(long)]
    paper002: bool,
    /// With --paper002: only the curves whose label contains this text (e.g. "Fig. 7a").
    #[arg(long, requires = "paper002")]
    only: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// One experiment's flags (`topolab sim` and `topolab export booksim`).
#[derive(Args)]
pub(crate) struct ExperimentArgs {
    /// Topology spec: mesh:8x8, torus:8x8, lrt:64:4:2, fattree:4:3, … (required, except with
    /// `sim --paper002`)
    #[arg(long, default_value = "")]
    topology: String,
    /// Which of the seed's random topologies: the table-size study's numbering (0: the one
    /// the other labs show for the seed).
    #[arg(long, default_value_t = 0)]
    topology_index: u32,
    /// Router: dor | shortest | updown | loren[:T] | cowen[:α or :T] | cowen-cluster[…]
    /// (required, except with `sim --paper002`).
    #[arg(long, default_value = "")]
    routing: String,
    /// LOREN's table limit, or Cowen at t_max T.
    #[arg(long)]
    tmax: Option<usize>,
    /// Cowen's α.
    #[arg(value_parser = crate::cli::finite, long)]
    alpha: Option<f64>,
    /// Pattern, a fresh destination per packet: uniform, transpose, shuffle, bitrev, bitcomp,
    /// tornado, neighbor, randperm, hotspot:β, local:γ, …
    #[arg(long, default_value = "uniform")]
    traffic: String,
    /// Offered load, flits per node per cycle (0–1].
    #[arg(value_parser = crate::cli::finite, long, default_value_t = SimParams::default().rate)]
    rate: f64,
    /// Virtual channels per port.
    #[arg(long, default_value_t = SimParams::default().vcs)]
    vcs: usize,
    /// Flits per VC buffer.
    #[arg(long, default_value_t = SimParams::default().buffer)]
    buf: usize,
    /// Flits per packet.
    #[arg(long, default_value_t = SimParams::default().packet)]
    packet: usize,
    /// Router pipeline stages.
    #[arg(long, default_value_t = SimParams::default().stages)]
    stages: u32,
    /// Cycles per channel.
    #[arg(long, default_value_t = SimParams::default().link_latency)]
    link_latency: u32,
    /// Cycles for a credit to come back.
    #[arg(long, default_value_t = SimParams::default().credit_delay)]
    credit_delay: u32,
    /// Measured cycles.
    #[arg(long, default_value_t = SimParams::default().cycles)]
    cycles: u64,
    /// Warm-up cycles.
    #[arg(long, default_value_t = SimParams::default().warmup)]
    warmup: u64,
    /// Most cycles after the window to wait for the measured packets.
    #[arg(long, default_value_t = SimParams::default().drain)]
    drain: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// A checked experiment: the Simulate lab's configuration (checked as the page checks it),
/// the router's spec and the seed.
pub(crate) struct Experiment {
    pub(crate) config: SimConfig,
    pub(crate) routing: RouterSpec,
    pub(crate) seed: u64,
}

impl ExperimentArgs {
    /// The flags as the Simulate lab's configuration, checked (sizes within the simulator's
    /// limits, router and parameters parsed) before anything is built.
    pub(crate) fn check(self) -> Result<Experiment, String> {
        for (flag, value, example) in [
            ("topology", &self.topology, "mesh:8x8"),
            ("routing", &self.routing, "dor"),
        ] {
            if value.trim().is_empty() {
                return Err(format!("--{flag} is required (e.g. --{flag} {example})"));
            }
        }
        let config = SimConfig {
            topology: self.topology,
            topology_index: self.topology_index,
            routing: self.routing,
            tmax: self.tmax,
            alpha: self.alpha,
            traffic: self.traffic,
            rate: self.rate,
            vcs: self.vcs,
            buf: self.buf,
            packet: self.packet,
            stages: self.stages,
            link_latency: self.link_latency,
            credit_delay: self.credit_delay,
            warmup: self.warmup,
            cycles: self.cycles,
            drain: self.drain,
            ..SimConfig::default()
        };
        let (_, routing) = config.check().map_err(|e| e.to_string())?;
        Ok(Experiment {
            config,
            routing,
            seed: self.seed,
        })
    }
}

fn execute(a: SimArgs) -> Result<(), String> {
    if a.paper002 {
        return paper002(a.only.as_deref(), a.json);
    }
    let err = |e: topolab::Error| e.to_string();
    let Experiment {
        mut config, seed, ..
    } = a.experiment.check()?;
    let value = match a.sweep {
        None => {
            let network = config.network(seed).map_err(err)?;
            serde_json::to_value(flit::simulate(&network, config.params(), seed).map_err(err)?)
        }
        Some(step) => {
            config.sweep_step = step;
            config.seed_count = a.seeds;
            let loads = flit::loads(step);
            config.check_request(loads.len()).map_err(err)?;
            let json = a.json;
            serde_json::to_value(
                config
                    .sweep(seed, &loads, &mut |f, p| {
                        if !json {
                            if let Some(p) = p {
                                eprintln!("{:>3.0}%  {}", 100.0 * f, point_line(&p));
                            }
                        }
                    })
                    .map_err(err)?,
            )
        }
    }
    .map_err(|e| e.to_string())?;
    print_value(&value, a.json);
    Ok(())
}

/// A sweep point in one line (progress on stderr).
fn point_line(p: &serde_json::Value) -> String {
    let num = |k: &str| p.get(k).and_then(serde_json::Value::as_f64);
    format!(
        "offered {:.3}  accepted {:.3}  latency {}",
        num("offered_flits_per_node_cycle").unwrap_or(f64::NAN),
        num("accepted_flits_per_node_cycle").unwrap_or(f64::NAN),
        num("avg_latency_cycles").map_or("—".into(), |l| format!("{l:.1}"))
    )
}

/// Paper 002 §VI-C: every curve's sweep, then the saturation throughputs beside the paper's.
fn paper002(only: Option<&str>, json: bool) -> Result<(), String> {
    let curves: Vec<paper002::Curve> = paper002::curves()
        .into_iter()
        .filter(|c| only.is_none_or(|o| c.label().contains(o)))
        .collect();
    if curves.is_empty() {
        return Err(format!(
            "--only '{}' matches none of the 32 curves (labels like \"Fig. 7a · lrt:64:4:2 · LOREN · t_max 18\")",
            only.unwrap_or_default()
        ));
    }
    let mut rows = Vec::new();
    for (i, curve) in curves.iter().enumerate() {
        let loads = flit::loads(curve.config.sweep_step);
        let started = std::time::Instant::now();
        let sweep = curve
            .config
            .sweep(paper002::SEED, &loads, &mut |_, _| {})
            .map_err(|e| format!("{}: {e}", curve.label()))?;
        eprintln!(
            "[{}/{}] {}: saturation {:.3} ({} points, {:.1} s)",
            i + 1,
            curves.len(),
            curve.label(),
            sweep.saturation_throughput,
            sweep.points.len(),
            started.elapsed().as_secs_f64()
        );
        rows.push((curve.clone(), sweep));
    }
    // the sweep of one curve, if it ran
    let sweep_of = |topo: &str, traffic: &str, scheme: &str, tmax: usize| {
        rows.iter()
            .find(|(c, _)| {
                c.config.topology == topo
                    && c.traffic == traffic
                    && c.scheme == scheme
                    && c.tmax == tmax
            })
            .map(|(_, s)| s)
    };
    let saturation = |topo: &str, traffic: &str, scheme: &str, tmax: usize| {
        sweep_of(topo, traffic, scheme, tmax).map(|s| s.saturation_throughput)
    };
    let statements = paper002::statements(&saturation);
    if json {
        let value = serde_json::json!({
            "curves": rows.iter().map(|(c, s)| serde_json::json!({
                "figure": c.figure, "topology": c.config.topology, "topology_index": c.config.topology_index,
                "scheme": c.scheme, "tmax": c.tmax, "traffic": c.traffic,
                "saturation_throughput": s.saturation_throughput, "saturated_at": s.saturated_at,
                "vc_layers": s.points.first().map(|p| p.vc_layers),
                "vc_groups": s.points.first().map(|p| p.vc_groups),
                "channel_load_bound": s.points.first().and_then(|p| p.channel_load_bound),
                "points": s.points,
            })).collect::<Vec<_>>(),
            "statements": statements,
        });
        print_value(&value, true);
        return Ok(());
    }
    out!("saturation throughput (flits/node/cycle) [channel-load bound] and VC layers");
    out!(
        "{:<9} {:<12} {:<10} {:>5} {:>20} {:>20} {:>12}",
        "figure",
        "topology",
        "traffic",
        "t_max",
        "LOREN",
        "Cowen",
        "LOREN/Cowen"
    );
    let cell = |s: &flit::Sweep| {
        let p = s.points.first();
        format!(
            "{:.3} [{}] {}L",
            s.saturation_throughput,
            p.and_then(|p| p.channel_load_bound)
                .map_or("—".into(), |b| format!("{b:.3}")),
            p.map_or(0, |p| p.vc_layers)
        )
    };
    for (c, s) in rows.iter().filter(|(c, _)| c.scheme == "loren") {
        let cowen = sweep_of(&c.config.topology, &c.traffic, "cowen", c.tmax);
        out!(
            "{:<9} {:<12} {:<10} {:>5} {:>20} {:>20} {:>12}",
            c.figure,
            c.config.topology,
            c.traffic,
            c.tmax,
            cell(s),
            cowen.map_or("—".into(), cell),
            cowen.map_or("—".into(), |o| format!(
                "{:+.0}%",
                100.0 * (s.saturation_throughput / o.saturation_throughput - 1.0)
            ))
        );
    }
    out!("");
    for st in statements {
        out!(
            "{:<52} paper {:+.0}%  ours {}",
            st.statement,
            100.0 * st.paper,
            st.ours
                .map_or("—".into(), |v| format!("{:+.0}%", 100.0 * v))
        );
    }
    Ok(())
}
