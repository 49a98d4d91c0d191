//! The `topolab` command line: the same Scenario types as the page, one JSON object per run
//! with `--json`. Errors print one line on stderr and exit with code 2.

use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;
use topolab::scenario::{
    self, decode_permalink, encode_permalink, Lab, LabRun, Scenario, SlotsConfig, TopoGenConfig,
};

#[derive(Parser)]
#[command(
    name = "topolab",
    version,
    about = "Interconnection-network playground: the labs of the Topolab page on the command line"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Slot analysis of paper 000 §3: N, hop counts, slot-utilization policies.
    Slots(SlotsArgs),
    /// TOPOGEN of paper 000 §4: a circuit-switched topology for a pattern and a maximum degree.
    Topogen(TopoGenArgs),
    /// Compact routing on layout-conscious random topologies (paper 002): LOREN, Cowen, shortest.
    Routing(RoutingArgs),
    /// Run a saved Scenario: a JSON file or a permalink (URL or `v1.…` hash).
    Run {
        scenario: String,
        #[command(flatten)]
        output: Output,
    },
    /// Print the permalink hash of a Scenario JSON file.
    Permalink { scenario: String },
}

#[derive(Args)]
struct SlotsArgs {
    /// Topology spec: mesh:8x8, torus:4x4x4, hypercube:6, fattree:16:3, full:16.
    #[arg(long)]
    topology: String,
    /// Pattern: uniform, randperm, bitrev, transpose, neighbor, shuffle, butterfly, bitcomp,
    /// tornado, all-to-all, hotspot:B, local:G.
    #[arg(long)]
    pattern: String,
    /// dor | shortest | updown (default: dor on grids, updown on fat-trees, shortest otherwise).
    #[arg(long, default_value = "")]
    routing: String,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// src_greedy | src_polling | hcLtoS_greedy | hcLtoS_polling | hcStoL_greedy | hcStoL_polling.
    #[arg(long, default_value = "")]
    policy: String,
    /// All-to-all method: destination | path-scatter | path-broadcast | tree-scatter | tree-broadcast.
    #[arg(long, default_value = "")]
    all2all: String,
    /// Repeat over seeds seed … seed+K−1 and report N as mean/min/max (for random patterns).
    #[arg(long)]
    seeds: Option<u64>,
    #[command(flatten)]
    output: Output,
}

#[derive(Args)]
struct TopoGenArgs {
    /// End nodes V.
    #[arg(long)]
    nodes: usize,
    /// Maximum switch degree (end nodes + links).
    #[arg(long)]
    degree: usize,
    /// Communication pattern (as for `slots`).
    #[arg(long)]
    pattern: String,
    /// Grow the topology until N is at most this (TOPOGEN_REV, §4.5).
    #[arg(long)]
    target_slots: Option<u32>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Fail this many switches chosen at random (seeded) and report the reconfiguration (§5.3).
    #[arg(long, default_value_t = 0)]
    fail: usize,
    /// Fail these switches (comma-separated ids) instead.
    #[arg(long, value_delimiter = ',')]
    fail_switches: Vec<u32>,
    /// Message size of the one-round circuit-vs-packet simulation.
    #[arg(long, default_value_t = 65_536)]
    message_bytes: u64,
    /// Compare with the 2-D mesh and 2-D/3-D/4-D tori at the same degree (§5.2, Fig. 12).
    #[arg(long)]
    compare: bool,
    /// Sweep the target N from the mesh's N down to this (Fig. 13).
    #[arg(long, value_name = "LOWEST_N")]
    sweep: Option<u32>,
    #[command(flatten)]
    output: Output,
}

#[derive(Args)]
struct RoutingArgs {
    /// Topology spec, e.g. lrt:64:4:2.
    #[arg(long)]
    topology: String,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// loren | cowen | shortest.
    #[arg(long)]
    scheme: String,
    /// LOREN's maximum table entries (default |N|/2).
    #[arg(long)]
    tmax: Option<usize>,
    /// Cowen's ball exponent, 0 < α < 1.
    #[arg(long, default_value_t = 0.5)]
    alpha: f64,
    /// uniform | transpose | shuffle | reverse | hotspot:B | local:G (adds effective_bandwidth, avg_efficiency).
    #[arg(long)]
    traffic: Option<String>,
    /// Random patterns averaged for a random traffic.
    #[arg(long, default_value_t = 1000)]
    patterns: usize,
    /// Print the Fig. 5 series: LOREN's average path length for every t_max.
    #[arg(long)]
    sweep_tmax: bool,
    /// Walk a packet from switch FROM to switch --to, printing every decision (Fig. 4).
    #[arg(long, value_name = "FROM", requires = "to")]
    from: Option<u32>,
    #[arg(long, value_name = "TO")]
    to: Option<u32>,
    /// §VI-B: minimum required entries of LOREN and Cowen over this many random topologies.
    #[arg(long, value_name = "COUNT")]
    table_study: Option<usize>,
    #[command(flatten)]
    output: Output,
}

#[derive(Args)]
struct Output {
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Write the figure (the page's SVG) to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
    /// Write per-channel loads as CSV to FILE.
    #[arg(long, value_name = "FILE")]
    csv: Option<String>,
    /// Write the topology in BookSim2 anynet format to FILE.
    #[arg(long, value_name = "FILE")]
    anynet: Option<String>,
    /// Include the trace's steps in the JSON.
    #[arg(long)]
    trace: bool,
}

pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let text = e.to_string();
            let first = text
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("invalid arguments");
            eprintln!("{} (see topolab --help)", first.trim());
            return ExitCode::from(2);
        }
    };
    match execute(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn execute(command: Command) -> Result<(), String> {
    match command {
        Command::Slots(args) => {
            let mut scenario = Scenario {
                seed: args.seed,
                ..Default::default()
            };
            scenario.slots = SlotsConfig {
                topology: args.topology,
                pattern: args.pattern,
                routing: args.routing,
                policy: args.policy,
                all2all: args.all2all,
            };
            match args.seeds {
                Some(k) => seed_sweep(&scenario, k, &args.output),
                None => run_and_report(&scenario, &args.output),
            }
        }
        Command::Topogen(args) if args.compare => {
            let rows = scenario::compare(args.nodes, &args.pattern, args.seed)
                .map_err(|e| e.to_string())?;
            print_value(
                &serde_json::json!({ "nodes": args.nodes, "pattern": args.pattern, "seed": args.seed, "rows": rows }),
                args.output.json,
            );
            Ok(())
        }
        Command::Topogen(args) if args.sweep.is_some() => {
            let curve = scenario::tradeoff(
                args.nodes,
                &args.pattern,
                args.seed,
                args.sweep.unwrap_or(1),
                &mut |_| {},
            )
            .map_err(|e| e.to_string())?;
            print_value(
                &serde_json::json!({ "nodes": args.nodes, "pattern": args.pattern, "seed": args.seed, "mesh": curve.mesh, "points": curve.points, "stopped": curve.stopped }),
                args.output.json,
            );
            Ok(())
        }
        Command::Topogen(args) => {
            let topogen = TopoGenConfig {
                nodes: args.nodes,
                degree: args.degree,
                pattern: args.pattern,
                target_slots: args.target_slots,
                fail: args.fail_switches,
                fail_random: args.fail,
                message_bytes: args.message_bytes,
            };
            let scenario = Scenario {
                lab: Lab::Topogen,
                seed: args.seed,
                topogen,
                ..Default::default()
            };
            run_and_report(&scenario, &args.output)
        }
        Command::Routing(args) => {
            let routing = scenario::RoutingConfig {
                topology: args.topology,
                scheme: args.scheme,
                tmax: args.tmax,
                alpha: args.alpha,
                traffic: args.traffic,
                patterns: args.patterns,
                source: args.from,
                destination: args.to,
            };
            if let (Some(from), Some(to)) = (args.from, args.to) {
                let walk = scenario::route_walk(&routing, args.seed, from, to)
                    .map_err(|e| e.to_string())?;
                print_value(
                    &serde_json::to_value(walk).map_err(|e| e.to_string())?,
                    args.output.json,
                );
                return Ok(());
            }
            if let Some(count) = args.table_study {
                let study = scenario::table_study(&routing.topology, count, args.seed, &mut |_| {})
                    .map_err(|e| e.to_string())?;
                print_value(
                    &serde_json::to_value(study).map_err(|e| e.to_string())?,
                    args.output.json,
                );
                return Ok(());
            }
            if args.sweep_tmax {
                let points =
                    scenario::sweep_tmax(&routing, args.seed).map_err(|e| e.to_string())?;
                print_value(
                    &serde_json::json!({ "topology": routing.topology, "seed": args.seed, "points": points }),
                    args.output.json,
                );
                return Ok(());
            }
            let scenario = Scenario {
                lab: Lab::Routing,
                seed: args.seed,
                routing,
                ..Default::default()
            };
            run_and_report(&scenario, &args.output)
        }
        Command::Run { scenario, output } => run_and_report(&load_scenario(&scenario)?, &output),
        Command::Permalink { scenario } => {
            println!("{}", encode_permalink(&load_scenario(&scenario)?));
            Ok(())
        }
    }
}

/// A Scenario from a JSON file, a permalink URL or a bare `v1.…` hash.
fn load_scenario(source: &str) -> Result<Scenario, String> {
    let looks_like_link =
        source.contains('#') || source.starts_with("v1.") || source.starts_with("http");
    if looks_like_link && !std::path::Path::new(source).exists() {
        return decode_permalink(source).map_err(|e| e.to_string());
    }
    let text =
        std::fs::read_to_string(source).map_err(|e| format!("cannot read '{source}': {e}"))?;
    Scenario::from_json(&text).map_err(|e| format!("{source}: {e}"))
}

fn run_and_report(scenario: &Scenario, output: &Output) -> Result<(), String> {
    let run = scenario::run(
        scenario,
        output.trace || scenario.view.step.is_some(),
        &mut |_| {},
    )
    .map_err(|e| e.to_string())?;
    write_files(&run, scenario, output)?;
    let mut value = run.result_value();
    if output.trace {
        value["trace"] = serde_json::to_value(run.steps()).map_err(|e| e.to_string())?;
    }
    if output.json {
        println!("{value}");
    } else {
        print_summary(&value);
    }
    Ok(())
}

fn write_files(run: &LabRun, scenario: &Scenario, output: &Output) -> Result<(), String> {
    let write = |path: &str, text: String| {
        std::fs::write(path, text).map_err(|e| format!("cannot write '{path}': {e}"))
    };
    if let Some(path) = &output.svg {
        let step = scenario.view.step.map(|s| s as usize);
        write(
            path,
            run.figure(step, scenario.view.channel)
                .map_err(|e| e.to_string())?,
        )?;
    }
    if let Some(path) = &output.csv {
        write(path, run.csv())?;
    }
    if let Some(path) = &output.anynet {
        write(path, run.anynet())?;
    }
    Ok(())
}

fn print_value(value: &serde_json::Value, json: bool) {
    if json {
        println!("{value}");
    } else {
        print_summary(value);
    }
}

fn print_summary(value: &serde_json::Value) {
    if let Some(map) = value.as_object() {
        for (key, v) in map {
            if v.is_array() && v.as_array().is_some_and(|a| a.len() > 4) {
                println!("{key:>22}: [{} items]", v.as_array().map_or(0, Vec::len));
            } else if !v.is_null() {
                println!("{key:>22}: {v}");
            }
        }
    }
}

fn seed_sweep(base: &Scenario, count: u64, output: &Output) -> Result<(), String> {
    if count == 0 {
        return Err("--seeds must be at least 1".into());
    }
    let mut ns = Vec::new();
    for seed in base.seed..base.seed + count {
        let scenario = Scenario {
            seed,
            ..base.clone()
        };
        let value = scenario::run(&scenario, false, &mut |_| {})
            .map_err(|e| e.to_string())?
            .result_value();
        ns.push(value["max_slots"].as_u64().unwrap_or(0));
    }
    let mean = ns.iter().sum::<u64>() as f64 / ns.len() as f64;
    let summary = serde_json::json!({
        "topology": base.slots.topology, "pattern": base.slots.pattern,
        "seeds": ns.len(), "first_seed": base.seed,
        "max_slots_mean": mean, "max_slots_min": ns.iter().min(), "max_slots_max": ns.iter().max(), "max_slots": ns,
    });
    if output.json {
        println!("{summary}");
    } else {
        print_summary(&summary);
    }
    Ok(())
}
