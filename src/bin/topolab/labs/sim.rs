//! `topolab sim`: the Simulate lab's flags into its configuration, run as `topolab run` runs
//! it (the cycle-level flit simulator on any topology, router and pattern); `--sweep` is the
//! lab's `sweep` study (the latency–load curve up to saturation), `--paper002` its `paper002`
//! study (paper 002's Fig. 7–10).

use crate::cli::{flags, out, print_value, run_and_report, run_study, LabCommand, Output};
use clap::Args;
use serde_json::{json, Value};
use topolab::labs::sim::SimConfig;
use topolab::routing::RouterSpec;
use topolab::scenario::{self, Scenario};
use topolab::sim::flit::{SimParams, VcAssignment};

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
    /// Sweep offered loads step, 2·step, … up to saturation instead of one rate (the lab's
    /// `sweep` study).
    #[arg(value_parser = crate::cli::finite, long, value_name = "STEP", num_args = 0..=1, default_missing_value = "0.05")]
    sweep: Option<f64>,
    /// Seeds per sweep point, merged with their spread (error bars): seed, seed + 1, …
    #[arg(long, default_value_t = SimConfig::default().seed_count)]
    seeds: usize,
    /// A research run that may take minutes: held to a work limit ten times the usual one
    /// (`labs::sim::MAX_LONG_RUN_WORK`) instead of one that keeps a run within seconds.
    #[arg(long)]
    long_run: bool,
    /// Paper 002 §VI-C: the 32 curves of Fig. 7–10 (LOREN and Cowen, LRT(64,4,2) and
    /// LRT(256,4,4), two t_max each, four traffics, Table II's router), each with both VC
    /// assignments (LASH-TOR and ACRO) unless --vc-assignment names one, and the saturation
    /// throughputs beside the paper's statements (the lab's `paper002` study); the other flags
    /// are ignored except --json.
    #[arg(long)]
    paper002: bool,
    /// With --paper002: only the curves whose label contains this text (e.g. "Fig. 7a").
    #[arg(long, requires = "paper002")]
    only: Option<String>,
    /// How the per-pair routes' hops get their deadlock-free VC layers [default: lash-tor];
    /// ACRO needs every pair's route kept (networks of up to 576 switches). With --paper002:
    /// only this assignment (without: both, LASH-TOR and ACRO).
    #[arg(long, value_enum)]
    vc_assignment: Option<VcAssignment>,
    #[command(flatten)]
    output: Output,
}

/// One experiment's flags (`topolab sim` and `topolab export booksim`).
#[derive(Args)]
pub(crate) struct ExperimentArgs {
    /// Topology spec: mesh:8x8, torus:8x8, lrt:64:4:2, fattree:4:3, … (required, except with
    /// `sim --paper002`)
    /// Or file:PATH, a network in an edge list, BookSim anynet or GraphML file.
    #[arg(long, default_value = "", value_parser = crate::files::topology_arg)]
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
    /// tornado, neighbor, randperm, hotspot:β, local:γ, …, or matrix:PATH, a CSV traffic matrix
    /// (src,dst,bytes[,count]): destinations in proportion to the bytes, each node's injection
    /// to its row's total (the rate is the mean over nodes).
    #[arg(long, default_value = "uniform", value_parser = crate::files::traffic_arg)]
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
    /// Cycles per metre of cable added to each channel (its link's length: dual-plane networks
    /// carry paper 004's rack floor; 1.953125 is its 5 ns/m at 2.56 ns per cycle); 0: none.
    #[arg(value_parser = crate::cli::finite, long, default_value_t = SimParams::default().latency_per_m)]
    latency_per_m: f64,
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
            latency_per_m: self.latency_per_m,
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
        return paper002(a.only.as_deref(), a.vc_assignment, a.output.json);
    }
    let Experiment {
        mut config, seed, ..
    } = a.experiment.check()?;
    config.seed_count = a.seeds;
    config.long_run = a.long_run;
    if let Some(assignment) = a.vc_assignment {
        config.vc_assignment = assignment;
    }
    if let Some(step) = a.sweep {
        config.sweep_step = step;
    }
    let scenario = Scenario::for_lab("sim", seed, &config).map_err(|e| e.to_string())?;
    match a.sweep {
        Some(_) => run_study(&scenario, "sweep", json!({}), |v| v, a.output.json),
        None => run_and_report(&scenario, &a.output),
    }
}

/// Paper 002 §VI-C (the lab's `paper002` study), with `assignment` only or both VC
/// assignments: its JSON, or a table of the saturation throughputs (a row per curve pair and
/// assignment) and the statements beside the paper's (a column per assignment).
fn paper002(
    only: Option<&str>,
    assignment: Option<VcAssignment>,
    json: bool,
) -> Result<(), String> {
    let scenario = Scenario::for_lab("sim", 1, &SimConfig::default()).map_err(|e| e.to_string())?;
    let mut done = 0;
    let value = scenario::study(
        &scenario,
        "paper002",
        &json!({ "only": only, "vc_assignment": assignment }),
        &mut |_, point| {
            if let Some(p) = point {
                done += 1;
                eprintln!(
                    "[{done}] {} · {}: saturation {:.3} ({} points)",
                    p["label"].as_str().unwrap_or_default(),
                    p["vc_assignment"].as_str().unwrap_or_default(),
                    p["saturation_throughput"].as_f64().unwrap_or(f64::NAN),
                    p["points"].as_array().map_or(0, Vec::len)
                );
            }
        },
    )
    .map_err(|e| e.to_string())?;
    if json {
        print_value(&value, true);
        return Ok(());
    }
    let curves = value["curves"].as_array().cloned().unwrap_or_default();
    out!("saturation throughput (flits/node/cycle) [channel-load bound] and VC layers");
    out!(
        "{:<9} {:<12} {:<10} {:>5} {:<13} {:>20} {:>20} {:>12}",
        "figure",
        "topology",
        "traffic",
        "t_max",
        "VCs",
        "LOREN",
        "Cowen",
        "LOREN/Cowen"
    );
    let cell = |c: &Value| {
        format!(
            "{:.3} [{}] {}L",
            c["saturation_throughput"].as_f64().unwrap_or(f64::NAN),
            c["channel_load_bound"]
                .as_f64()
                .map_or("—".into(), |b| format!("{b:.3}")),
            c["vc_layers"].as_u64().unwrap_or(0)
        )
    };
    let same = |a: &Value, b: &Value| {
        ["topology", "traffic", "tmax", "vc_assignment"]
            .iter()
            .all(|k| a[k] == b[k])
    };
    let label = |v: &Value| {
        serde_json::from_value::<VcAssignment>(v.clone()).map_or("?", VcAssignment::label)
    };
    for c in curves.iter().filter(|c| c["scheme"] == "loren") {
        let cowen = curves.iter().find(|o| o["scheme"] == "cowen" && same(c, o));
        let ratio = cowen.and_then(|o| {
            Some(c["saturation_throughput"].as_f64()? / o["saturation_throughput"].as_f64()? - 1.0)
        });
        out!(
            "{:<9} {:<12} {:<10} {:>5} {:<13} {:>20} {:>20} {:>12}",
            c["figure"].as_str().unwrap_or_default(),
            c["topology"].as_str().unwrap_or_default(),
            c["traffic"].as_str().unwrap_or_default(),
            c["tmax"],
            label(&c["vc_assignment"]),
            cell(c),
            cowen.map_or("—".into(), cell),
            ratio.map_or("—".into(), |r| format!("{:+.0}%", 100.0 * r))
        );
    }
    out!("");
    let statements = value["statements"].as_array().cloned().unwrap_or_default();
    let mut assignments: Vec<Value> = Vec::new();
    for st in &statements {
        if !assignments.contains(&st["vc_assignment"]) {
            assignments.push(st["vc_assignment"].clone());
        }
    }
    let header: String = assignments
        .iter()
        .map(|a| format!(" {:>13}", label(a)))
        .collect();
    out!("{:<52} {:>6}{header}", "statement", "paper");
    for st in statements
        .iter()
        .filter(|st| Some(&st["vc_assignment"]) == assignments.first())
    {
        let ours: String = assignments
            .iter()
            .map(|a| {
                let of = statements
                    .iter()
                    .find(|o| o["statement"] == st["statement"] && &o["vc_assignment"] == a)
                    .and_then(|o| o["ours"].as_f64());
                format!(
                    " {:>13}",
                    of.map_or("—".into(), |v| format!("{:+.0}%", 100.0 * v))
                )
            })
            .collect();
        out!(
            "{:<52} {:>6}{ours}",
            st["statement"].as_str().unwrap_or_default(),
            format!("{:+.0}%", 100.0 * st["paper"].as_f64().unwrap_or(f64::NAN))
        );
    }
    Ok(())
}
