//! `topolab sim`: the Simulate lab — its fields' flags, run as `topolab run` runs it (the
//! cycle-level flit simulator on any topology, router and pattern); `--sweep` is the lab's
//! `sweep` study (the latency–load curve up to saturation, by `--sweep-step`), `--paper002` its
//! `paper002` study (paper 002's Fig. 7–10).

use crate::cli::{flags, out, print_value, run_and_report, run_study, LabCommand, Output};
use crate::lab_flags::LabFlags;
use crate::progress::LongRun;
use clap::parser::ValueSource;
use clap::{ArgMatches, Args};
use serde_json::{json, Value};
use topolab::labs::sim::SimConfig;
use topolab::routing::RouterSpec;
use topolab::scenario::{self, Scenario};
use topolab::sim::flit::VcAssignment;

pub const COMMAND: LabCommand = LabCommand {
    name: "sim",
    about: "Cycle-level virtual-channel flit simulation (input-queued VC routers, credits, wormhole): latency and accepted throughput at an offered load, or the curve to saturation",
    args: |command| SimArgs::augment_args(LabFlags::of("sim").add_to(command)),
    execute,
};

/// What the subcommand adds to the lab's fields: its studies, and the long run the page does
/// not offer.
#[derive(Args)]
struct SimArgs {
    /// Sweep offered loads step, 2·step, … up to saturation instead of one rate (the lab's
    /// `sweep` study; the step is --sweep-step).
    #[arg(long)]
    sweep: bool,
    /// A research run that may take minutes or hours: no work limit, only what it keeps
    /// (`labs::sim::MAX_LONG_RUN_SAMPLES` packet latencies) instead of the limit that keeps a
    /// run within seconds (the section's `long_run`, which only the command line sets).
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
    #[command(flatten)]
    output: Output,
}

/// A checked experiment: the Simulate lab's configuration (checked as the page checks it),
/// the router's spec and the seed (`topolab export booksim|sst`).
pub(crate) struct Experiment {
    pub(crate) config: SimConfig,
    pub(crate) routing: RouterSpec,
    pub(crate) seed: u64,
}

/// The experiment the Simulate lab's flags in `matches` give, for another simulator: checked
/// (router and parameters parsed; not the flit simulator's own size limits, which the export's
/// format checks its own way) before anything is built.
pub(crate) fn experiment(matches: &ArgMatches) -> Result<Experiment, String> {
    let lab = LabFlags::of("sim");
    let scenario = lab.scenario(matches)?;
    let section = scenario.section("sim").map_err(|e| e.to_string())?;
    let config: SimConfig = serde_json::from_value(section.clone()).map_err(|e| e.to_string())?;
    let (_, routing) = config.check_experiment().map_err(|e| lab.name_flag(&e))?;
    Ok(Experiment {
        config,
        routing,
        seed: scenario.seed,
    })
}

fn execute(matches: &ArgMatches) -> Result<(), String> {
    let a: SimArgs = flags(matches)?;
    if a.paper002 {
        // only the assignment given on the command line (none given: both)
        let assignment = match matches.value_source("vc-assignment") {
            Some(ValueSource::CommandLine) => Some(experiment(matches)?.config.vc_assignment),
            _ => None,
        };
        return paper002(a.only.as_deref(), assignment, a.output.json);
    }
    let lab = LabFlags::of("sim");
    let (seed, mut section) = lab.section(matches)?;
    if a.long_run {
        section["long_run"] = Value::Bool(true);
    }
    let scenario = Scenario::of_section("sim", seed, section).map_err(|e| lab.name_flag(&e))?;
    if a.long_run && !crate::check::only() {
        // what the run will take, said before it begins (it has no budget to refuse it)
        let config: SimConfig = scenario.config("sim").map_err(|e| e.to_string())?;
        let units = config
            .work_units(seed, a.sweep)
            .map_err(|e| lab.name_flag(&e))?;
        eprintln!(
            "long run: {}about {:.0} million work units, about {} at 0.2 µs a unit on a machine like ours{}",
            if a.sweep { "at most " } else { "" },
            units / 1e6,
            crate::progress::duration(units * 0.2e-6),
            if a.sweep { " (a sweep stops at saturation, often sooner)" } else { "" }
        );
    }
    if a.sweep {
        return run_study(&scenario, "sweep", json!({}), |v| v, a.output.json);
    }
    run_and_report(&scenario, &a.output)
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
    let args = json!({ "only": only, "vc_assignment": assignment });
    if crate::check::only() {
        return crate::check::study(&scenario, "paper002", &args);
    }
    let mut long = LongRun::start("paper002", json);
    let value = scenario::study(&scenario, "paper002", &args, &mut |fraction, point| {
        if let Some(p) = &point {
            long.note(&format!(
                "{} · {}: saturation {:.3} ({} points)",
                p["label"].as_str().unwrap_or_default(),
                p["vc_assignment"].as_str().unwrap_or_default(),
                p["saturation_throughput"].as_f64().unwrap_or(f64::NAN),
                p["points"].as_array().map_or(0, Vec::len)
            ));
        }
        long.step(fraction, point.as_ref());
    });
    long.finish();
    let value = value.map_err(|e| e.to_string())?;
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
            c["tmax"].to_string(),
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
