//! `topolab export FORMAT`: files for other tools. `export booksim` writes the experiment
//! `topolab sim` would run as BookSim2 files (`anynet` and `booksim.cfg`,
//! `topolab::export::booksim`); `export graphml` and `export dot` write any network as a graph
//! file (`topolab::export::graph`) with the positions the page draws it at. A lab's own run,
//! with its channel loads, is written by that lab's `--graphml`/`--dot` flags. `export sst`
//! writes the experiment as an SST/Merlin model with Topolab's routes
//! (`topolab::export::sst`).

use super::sim::{experiment, Experiment};
use crate::cli::{flags, print_value, LabCommand};
use crate::lab_flags::LabFlags;
use clap::{ArgMatches, Args, Command};
use std::path::{Path, PathBuf};
use topolab::export::booksim::{booksim, ANYNET_FILE};
use topolab::export::graph::{NetworkExtras, NetworkFormat};
use topolab::topology::TopologySpec;

/// The config's name in DIR.
const CONFIG_FILE: &str = "booksim.cfg";

pub const COMMAND: LabCommand = LabCommand {
    name: "export",
    about: "Write files for other tools: `export booksim` writes BookSim2's anynet file and a booksim.cfg with the same network, routing, traffic, buffers and per-hop latency as `topolab sim`; `export sst` writes the same experiment as an SST/Merlin model (Merlin's own mesh, torus, hypercube or fat-tree where the network is one, else anytopo with Topolab's routes); `export graphml` and `export dot` write a network for networkx, Gephi or Graphviz",
    args: |command| {
        // booksim and sst take the Simulate lab's flags; graphml and dot a network's
        let experiment = |name: &'static str, about: &'static str| {
            ExperimentFiles::augment_args(LabFlags::of("sim").add_to(Command::new(name)))
                .about(about)
        };
        let network = |name: &'static str, about: &'static str| {
            NetworkFiles::augment_args(network_flags().add_to(Command::new(name)))
                .mut_arg("topology", |arg| arg.required(true))
                .about(about)
        };
        command
            .subcommand_required(true)
            .subcommand(experiment("booksim", "BookSim2: DIR/anynet and DIR/booksim.cfg, the experiment `topolab sim` would run. A mesh, torus or hypercube with equal sides under dor and a fat-tree under nca are BookSim's own topology and routing; any other network is BookSim's anynet, which it routes by min (shortest paths)"))
            .subcommand(experiment("sst", "SST/Merlin: DIR/scenario.json and DIR/topolab.py (run: sst DIR/topolab.py, or under mpirun). A mesh, torus or hypercube under dor and a fat-tree under updown are Merlin's own topology from its parameters, at any size; any other network adds DIR/network.graphml and DIR/routes.json (Topolab's route for every pair) for Merlin's anytopo"))
            .subcommand(network("graphml", "GraphML (networkx, Gephi, SST/Merlin's anytopo): a node per switch with its end nodes and drawn position, an edge per link"))
            .subcommand(network("dot", "Graphviz DOT: switches pinned where the page draws them (`dot -Tsvg` lays it out with neato), an edge per link"))
    },
    execute,
};

/// A network's flags: the Slots lab's topology and seed.
fn network_flags() -> LabFlags {
    LabFlags::of("slots").only(&["topology", "seed"])
}

/// What `export booksim` and `export sst` add to the Simulate lab's flags.
#[derive(Args)]
struct ExperimentFiles {
    /// Directory to write into (created if missing).
    #[arg(long, value_name = "DIR", required = true)]
    out: PathBuf,
    /// Replace files of the same names already in DIR (refused without it).
    #[arg(long)]
    force: bool,
    /// Print one JSON object (the files written).
    #[arg(long)]
    json: bool,
}

/// What `export graphml` and `export dot` add to a network's flags.
#[derive(Args)]
struct NetworkFiles {
    /// File to write.
    #[arg(long, value_name = "FILE", required = true)]
    out: PathBuf,
    /// Replace FILE if it exists (refused without it).
    #[arg(long)]
    force: bool,
    /// Print one JSON object (the file written and the network's size).
    #[arg(long)]
    json: bool,
}

fn execute(matches: &ArgMatches) -> Result<(), String> {
    match matches.subcommand() {
        Some(("booksim", m)) => write_booksim(experiment(m)?, flags(m)?),
        Some(("sst", m)) => write_sst(experiment(m)?, flags(m)?),
        Some((name @ ("graphml" | "dot"), m)) => {
            let format = if name == "dot" {
                NetworkFormat::Dot
            } else {
                NetworkFormat::Graphml
            };
            let (seed, section) = network_flags().section(m)?;
            let topology = section["topology"].as_str().unwrap_or_default().to_string();
            write_network(&topology, seed, flags(m)?, format)
        }
        _ => Err("export: name a format (booksim, sst, graphml, dot)".into()),
    }
}

fn write_booksim(x: Experiment, a: ExperimentFiles) -> Result<(), String> {
    let err = |e: topolab::Error| crate::cli::fielded(&e);
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
        ANYNET_FILE,
    )
    .map_err(err)?;
    if crate::check::only() {
        check_into(&a.out, [ANYNET_FILE, CONFIG_FILE].into_iter(), a.force)?;
        return crate::check::passed("a BookSim2 experiment");
    }
    let dir = &a.out;
    let written = write_into(
        dir,
        &[(ANYNET_FILE, &files.anynet), (CONFIG_FILE, &files.config)],
        a.force,
    )?;
    let value = serde_json::json!({
        "anynet": written[0],
        "config": written[1],
        "network": if files.native { "native" } else { "anynet" },
        "run": format!("cd {} && booksim booksim.cfg", dir.display()),
    });
    print_value(&value, a.json);
    Ok(())
}

fn write_sst(x: Experiment, a: ExperimentFiles) -> Result<(), String> {
    use topolab::export::sst::{self, CONFIG_FILE};
    let err = |e: topolab::Error| crate::cli::fielded(&e);
    let spec = TopologySpec::parse(&x.config.topology).map_err(|e| err(e.at("topology")))?;
    let topo = spec
        .build_nth(x.seed, x.config.topology_index)
        .map_err(|e| err(e.at("topology")))?;
    // (one of Merlin's own topologies at any size, anytopo's routes up to its limit: known
    // before the router's tables are built)
    sst::check_network(&topo, x.routing.name()).map_err(err)?;
    let router = x.routing.build(&topo).map_err(|e| err(e.at("routing")))?;
    let files = sst::sst(
        router.as_ref(),
        &x.routing.text(),
        &x.config.traffic,
        &x.config.params(),
        x.seed,
    )
    .map_err(err)?;
    let mut named = files.files();
    named.push((CONFIG_FILE, sst::CONFIG));
    if crate::check::only() {
        check_into(&a.out, named.iter().map(|(name, _)| *name), a.force)?;
        return crate::check::passed("an SST/Merlin model");
    }
    let written = write_into(&a.out, &named, a.force)?;
    let config = written.last().expect("the configuration");
    let scenario: serde_json::Value =
        serde_json::from_str(&files.scenario).map_err(|e| e.to_string())?;
    let value = serde_json::json!({
        "model": scenario["model"],
        "mapping": scenario["mapping"],
        "files": written,
        "run": format!("sst {config}"),
        "run_on_two_ranks": format!("mpirun -np 2 sst {config}"),
    });
    print_value(&value, a.json);
    Ok(())
}

/// The paths files `names` would have in `dir`, checked as `write_into` checks them.
fn check_into<'a>(
    dir: &Path,
    names: impl Iterator<Item = &'a str>,
    force: bool,
) -> Result<Vec<PathBuf>, String> {
    let paths: Vec<PathBuf> = names.map(|name| dir.join(name)).collect();
    let outputs: Vec<(&str, &Path)> = paths.iter().map(|p| ("--out", p.as_path())).collect();
    crate::files::check_outputs(&outputs, force)?;
    Ok(paths)
}

/// Write `files` (name, text) into `dir`, created if missing, after checking every one of them
/// (none replaced without `force`, none an input): the paths written.
fn write_into(dir: &Path, files: &[(&str, &str)], force: bool) -> Result<Vec<String>, String> {
    let paths = check_into(dir, files.iter().map(|(name, _)| *name), force)?;
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("--out: cannot create '{}': {e}", dir.display()))?;
    for (path, (_, text)) in paths.iter().zip(files) {
        crate::files::write_output(path, "--out", text, force)?;
    }
    Ok(paths.iter().map(|p| p.display().to_string()).collect())
}

/// The network of `--topology` (sizes checked by the spec before anything is built) in
/// `format`, its switches where the page draws them; no loads, since nothing ran.
fn write_network(
    topology: &str,
    seed: u64,
    a: NetworkFiles,
    format: NetworkFormat,
) -> Result<(), String> {
    if topology.trim().is_empty() {
        return Err("--topology is required (e.g. --topology mesh:8x8)".into());
    }
    crate::files::check_output(&a.out, "--out", a.force)?;
    let topo = TopologySpec::parse(topology)
        .and_then(|t| t.build(seed))
        .map_err(|e| e.at("topology").to_string())?;
    if crate::check::only() {
        return crate::check::passed(&format!("the network as {}", format.name()));
    }
    let positions = topolab::layout::layout(&topo).switches;
    let extras = NetworkExtras {
        positions: Some(&positions),
        loads: None,
    };
    let text = format.write(&topo, &extras);
    if format == NetworkFormat::Graphml {
        crate::files::note_graphml_size("--out", &text);
    }
    crate::files::write_output(&a.out, "--out", &text, a.force)?;
    let value = serde_json::json!({
        "out": a.out.display().to_string(),
        "format": format.name(),
        "topology": topo.spec(),
        "switches": topo.switch_count(),
        "links": topo.graph().edge_count(),
        "endpoints": topo.endpoint_count(),
    });
    print_value(&value, a.json);
    Ok(())
}
