//! `topolab slots`: the Slots lab (paper 000 §3) — its fields' flags, and `--seeds`, N over
//! several seeds.

use crate::cli::{flags, print_value, run_and_report, LabCommand, Output};
use crate::lab_flags::LabFlags;
use clap::Args;
use topolab::scenario::{self, Scenario};

pub const COMMAND: LabCommand = LabCommand {
    name: "slots",
    about: "Slot analysis of paper 000 §3: N, hop counts, slot-utilization policies",
    args: |command| SlotsArgs::augment_args(LabFlags::of("slots").add_to(command)),
    execute: |matches| execute(LabFlags::of("slots").scenario(matches)?, flags(matches)?),
};

/// What the subcommand adds to the lab's fields.
#[derive(Args)]
struct SlotsArgs {
    /// Repeat over seeds seed … seed+K−1 and report N as mean/min/max (for random patterns).
    #[arg(long)]
    seeds: Option<u64>,
    #[command(flatten)]
    output: Output,
}

fn execute(scenario: Scenario, args: SlotsArgs) -> Result<(), String> {
    match args.seeds {
        Some(k) => seed_sweep(&scenario, k, args.output.json),
        None => run_and_report(&scenario, &args.output),
    }
}

/// N over seeds seed … seed+k−1, the runs on every core.
fn seed_sweep(base: &Scenario, count: u64, json: bool) -> Result<(), String> {
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
    if crate::check::only() {
        return crate::check::run(base);
    }
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
    let section = base.section("slots").map_err(|e| e.to_string())?;
    let summary = serde_json::json!({
        "topology": section["topology"], "pattern": section["pattern"],
        "seeds": ns.len(), "first_seed": base.seed,
        "max_slots_mean": mean, "max_slots_min": ns.iter().min(), "max_slots_max": ns.iter().max(), "max_slots": ns,
    });
    print_value(&summary, json);
    Ok(())
}
