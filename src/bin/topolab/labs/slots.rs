//! `topolab slots`: the Slots lab's flags (paper 000 §3) into its configuration.

use crate::cli::{flags, print_value, run_and_report, LabCommand, Output};
use clap::Args;
use topolab::labs::slots::SlotsConfig;
use topolab::scenario::{self, Scenario};

pub const COMMAND: LabCommand = LabCommand {
    name: "slots",
    about: "Slot analysis of paper 000 §3: N, hop counts, slot-utilization policies",
    args: <SlotsArgs as Args>::augment_args,
    execute: |matches| execute(flags(matches)?),
};

#[derive(Args)]
struct SlotsArgs {
    /// Topology spec: mesh:8x8, torus:4x4x4, hypercube:6, fattree:16:3, full:16, lrt:64:4:2.
    /// Or file:PATH, a network in an edge list, BookSim anynet or GraphML file.
    #[arg(long, value_parser = crate::files::topology_arg)]
    topology: String,
    /// Pattern: uniform, randperm, bitrev, transpose, neighbor, shuffle, butterfly, bitcomp,
    /// tornado, all-to-all, hotspot:β, local:γ, or matrix:PATH (a CSV src,dst,bytes[,count]:
    /// one communication per pair). Default: the lab's (transpose), as in the page.
    #[arg(long, default_value_t = SlotsConfig::default().pattern, value_parser = crate::files::traffic_arg)]
    pattern: String,
    /// dor | shortest | updown | loren[:T] | cowen[:α] (default: dor on grids, updown on
    /// fat-trees, shortest otherwise).
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

fn execute(args: SlotsArgs) -> Result<(), String> {
    let config = SlotsConfig {
        topology: args.topology,
        pattern: args.pattern,
        routing: args.routing,
        policy: args.policy,
        all2all: args.all2all,
    };
    let scenario = Scenario::for_lab("slots", args.seed, &config).map_err(|e| e.to_string())?;
    match args.seeds {
        Some(k) => seed_sweep(&scenario, &config, k, args.output.json),
        None => run_and_report(&scenario, &args.output),
    }
}

/// N over seeds seed … seed+k−1, the runs on every core.
fn seed_sweep(base: &Scenario, config: &SlotsConfig, count: u64, json: bool) -> Result<(), String> {
    if count == 0 || count > 1_000_000 {
        return Err("--seeds must be from 1 to 1000000".into());
    }
    // seed … seed+count−1 must all exist: a count past 2^64 − 1 is refused, not wrapped or cut
    let last = base.seed.checked_add(count - 1).ok_or_else(|| {
        format!(
            "--seeds {count} from seed {} runs past the largest seed (2^64 − 1); start from a smaller --seed",
            base.seed
        )
    })?;
    let seeds: Vec<u64> = (base.seed..=last).collect();
    let mut failure = None;
    let ns = topolab::parallel::map_chunked(
        &seeds,
        topolab::parallel::chunk_size(),
        |&seed| {
            let mut scenario = base.clone();
            scenario.seed = seed;
            scenario::run(&scenario, false, &mut |_| {})
                .map(|run| run.result()["max_slots"].as_u64().unwrap_or(0))
                .map_err(|e| e.to_string())
        },
        |_, r| {
            if let Err(e) = r {
                failure = Some(e.clone());
            }
            r.is_ok()
        },
    );
    if let Some(e) = failure {
        return Err(e);
    }
    let ns: Vec<u64> = ns.into_iter().flatten().collect();
    let mean = ns.iter().sum::<u64>() as f64 / ns.len() as f64;
    let summary = serde_json::json!({
        "topology": config.topology, "pattern": config.pattern,
        "seeds": ns.len(), "first_seed": base.seed,
        "max_slots_mean": mean, "max_slots_min": ns.iter().min(), "max_slots_max": ns.iter().max(), "max_slots": ns,
    });
    print_value(&summary, json);
    Ok(())
}
