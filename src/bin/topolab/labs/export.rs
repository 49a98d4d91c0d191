//! `topolab export booksim`: the experiment `topolab sim` would run, written as BookSim2 files
//! (`anynet` and `booksim.cfg`, `topolab::export::booksim`) so it can be re-run in BookSim.

use super::sim::ExperimentArgs;
use crate::cli::{flags, print_value, LabCommand};
use clap::Args;
use std::path::PathBuf;

/// The config's name in DIR.
const CONFIG_FILE: &str = "booksim.cfg";
use topolab::export::booksim::{booksim, ANYNET_FILE};
use topolab::export::Simulator;
use topolab::topology::TopologySpec;

pub const COMMAND: LabCommand = LabCommand {
    name: "export",
    about: "Write an experiment for another simulator: `export booksim` writes BookSim2's anynet file and a booksim.cfg with the same network, routing, traffic, buffers and per-hop latency as `topolab sim`",
    args: <ExportArgs as Args>::augment_args,
    execute: |matches| execute(flags(matches)?),
};

#[derive(Args)]
struct ExportArgs {
    /// The simulator to write for.
    #[arg(value_enum)]
    format: Simulator,
    #[command(flatten)]
    experiment: ExperimentArgs,
    /// Directory to write into (created if missing).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Replace files of the same names already in DIR (refused without it).
    #[arg(long)]
    force: bool,
    /// Print one JSON object (the files written).
    #[arg(long)]
    json: bool,
}

fn execute(a: ExportArgs) -> Result<(), String> {
    let Simulator::Booksim = a.format;
    let err = |e: topolab::Error| e.to_string();
    let x = a.experiment.check()?;
    let topo = TopologySpec::parse(&x.config.topology)
        .and_then(|t| t.build_nth(x.seed, x.config.topology_index))
        .map_err(|e| err(e.at("topology")))?;
    // the routing must work on the topology even where BookSim routes by its own function
    x.routing.build(&topo).map_err(|e| err(e.at("routing")))?;
    let files = booksim(
        &topo,
        &x.routing,
        &x.config.traffic,
        &x.config.params(),
        x.seed,
    )
    .map_err(err)?;
    let dir = &a.out;
    let (anynet_path, config_path) = (dir.join(ANYNET_FILE), dir.join(CONFIG_FILE));
    crate::files::check_outputs(&[("--out", &anynet_path), ("--out", &config_path)], a.force)?;
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("--out: cannot create '{}': {e}", dir.display()))?;
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        crate::files::write_output(&path, "--out", text, a.force)
            .map(|()| path.display().to_string())
    };
    let anynet = write(ANYNET_FILE, &files.anynet)?;
    let config = write(CONFIG_FILE, &files.config)?;
    let value = serde_json::json!({
        "anynet": anynet,
        "config": config,
        "network": if files.native { "native" } else { "anynet" },
        "run": format!("cd {} && booksim booksim.cfg", dir.display()),
    });
    print_value(&value, a.json);
    Ok(())
}
