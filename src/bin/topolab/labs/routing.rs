//! `topolab routing`: the Routing lab (paper 002) — its fields' flags, and its studies
//! (`--sweep-tmax`: Fig. 5, `--table-study`: Fig. 6, `--imbalance-study`: Fig. 11–12,
//! `--walk`: a packet's walk from `--source` to `--destination`, Fig. 4).

use crate::cli::{flags, merged, print_text, run_and_report, run_study, LabCommand, Output};
use crate::lab_flags::LabFlags;
use clap::Args;
use serde_json::json;
use topolab::papers::p002::ImbalanceStudy;
use topolab::scenario::{self, Scenario};

pub const COMMAND: LabCommand = LabCommand {
    name: "routing",
    about: "Compact routing on layout-conscious random topologies (paper 002): LOREN, Cowen, shortest, any router",
    args: |command| RoutingArgs::augment_args(LabFlags::of("routing").add_to(command)),
    execute: |matches| {
        let lab = LabFlags::of("routing");
        let (seed, mut section) = lab.section(matches)?;
        // a scheme the user did not set fits their network (issue 62): `auto`, LOREN on LRT
        // and shortest paths elsewhere (a network from a file), said in `scheme_default`
        if matches.value_source("scheme") != Some(clap::parser::ValueSource::CommandLine) {
            section["scheme"] = serde_json::json!("");
        }
        let scenario = Scenario::of_section("routing", seed, section).map_err(|e| lab.name_flag(&e))?;
        execute(scenario, flags(matches)?)
    },
};

/// What the subcommand adds to the lab's fields: its studies and their arguments.
#[derive(Args)]
struct RoutingArgs {
    /// Print the Fig. 5 series: LOREN's average path length for every t_max, and Cowen's
    /// largest table and average path length for every α of 0.05, 0.10, …, 0.95.
    #[arg(long)]
    sweep_tmax: bool,
    /// §VI-D (Fig. 11–12): Γ and average efficiency of LOREN and Cowen at each --tmaxes
    /// under each --traffics, over --patterns random patterns.
    #[arg(long)]
    imbalance_study: bool,
    /// Table limits of the imbalance study (default: Cowen's smallest on this topology and |N|/2).
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "T,…",
        requires = "imbalance_study"
    )]
    tmaxes: Option<Vec<usize>>,
    /// Traffics of the imbalance study (default: hotspot:0.1,0.3,0.5,0.7 and local:1,2,3).
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "PATTERN,…",
        requires = "imbalance_study"
    )]
    traffics: Option<Vec<String>>,
    /// How the imbalance study picks Cowen's α at each t_max: largest (default: the largest
    /// table within t_max, what cowen:T means) or shortest (the shortest average path within it).
    #[arg(long, value_name = "RULE", requires = "imbalance_study")]
    cowen_rule: Option<String>,
    /// Walk a packet from --source to --destination, printing every decision (Fig. 4).
    #[arg(long, requires_all = ["source", "destination"])]
    walk: bool,
    /// §VI-B: minimum required entries of LOREN and Cowen over this many random topologies
    /// (on every core).
    #[arg(long, value_name = "COUNT")]
    table_study: Option<usize>,
    #[command(flatten)]
    output: Output,
}

fn execute(scenario: Scenario, args: RoutingArgs) -> Result<(), String> {
    let section = scenario
        .section("routing")
        .map_err(|e| e.to_string())?
        .clone();
    let json = args.output.json;
    if args.walk {
        let walk = json!({ "src": section["source"], "dst": section["destination"] });
        return run_study(&scenario, "walk", walk, |w| w, json);
    }
    if let Some(count) = args.table_study {
        // (the study's `count` is this flag's value)
        return run_study(
            &scenario,
            "table-study",
            json!({ "count": count }),
            |s| s,
            json,
        )
        .map_err(|m| match m.split_once(": ") {
            Some((head, rest)) if head.rsplit('.').next() == Some("count") => {
                format!("--table-study: {rest}")
            }
            _ => m,
        });
    }
    if args.imbalance_study {
        let study = json!({
            "tmaxes": args.tmaxes,
            "traffics": args.traffics,
            "cowen_rule": args.cowen_rule,
        });
        if json || crate::check::only() {
            return run_study(&scenario, "imbalance", study, |s| s, json);
        }
        let value = scenario::study(&scenario, "imbalance", &study, &mut |_, _| {})
            .map_err(|e| crate::cli::fielded(&e))?;
        let study: ImbalanceStudy = serde_json::from_value(value).map_err(|e| e.to_string())?;
        print_text(&imbalance_table(&study));
        return Ok(());
    }
    if args.sweep_tmax {
        let about = json!({ "topology": section["topology"], "seed": scenario.seed });
        let shape = |points| merged(about, json!({ "points": points }));
        return run_study(&scenario, "sweep-tmax", json!({}), shape, json);
    }
    run_and_report(&scenario, &args.output)
}

/// The imbalance study as a Markdown table (Γ and efficiency side by side, LOREN's gain).
fn imbalance_table(study: &ImbalanceStudy) -> String {
    let mut out = format!(
        "{} (seed {}), {} patterns per traffic; Cowen at t_max T ({}): {}\n\n",
        study.topology, study.seed, study.patterns, study.cowen_rule, study.cowen_rule_definition
    );
    out += "| t_max | Cowen α (largest table) | avg path LOREN | avg path Cowen | LOREN's path vs Cowen |\n";
    out += "|---:|---:|---:|---:|---:|\n";
    for p in &study.paths {
        out += &format!(
            "| {} | {:.2} ({}) | {:.3} | {:.3} | {:+.1}% |\n",
            p.tmax,
            p.cowen_alpha,
            p.cowen_max_entries,
            p.loren_avg_path_length,
            p.cowen_avg_path_length,
            100.0 * p.path_gain
        );
    }
    out += "\n| traffic | t_max | Cowen α (largest table) | Γ LOREN | Γ Cowen | LOREN's Γ gain | efficiency LOREN | efficiency Cowen | LOREN's efficiency gain |\n";
    out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for r in &study.rows {
        out += &format!(
            "| {} | {} | {:.2} ({}) | {:.4} | {:.4} | {:+.1}% | {:.4} | {:.4} | {:+.1}% |\n",
            r.traffic,
            r.tmax,
            r.cowen_alpha,
            r.cowen_max_entries,
            r.loren.effective_bandwidth,
            r.cowen.effective_bandwidth,
            100.0 * r.bandwidth_gain,
            r.loren.avg_efficiency,
            r.cowen.avg_efficiency,
            100.0 * r.efficiency_gain
        );
    }
    out
}
