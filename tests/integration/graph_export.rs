//! GraphML and DOT export of any network (issue 26): networkx reads the GraphML with the same
//! node and edge counts and the same average shortest path as Topolab reports (the Routing lab's
//! `avg_shortest_path_length`: ordered pairs of switches that hold end nodes, every switch when
//! none does), and Graphviz lays out the DOT with a node per switch and an edge per link. With
//! no python3 + networkx (or no Graphviz) on the machine those checks say they were skipped and
//! the files' structure is still checked here.

use crate::common::{self, cli};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use topolab::export::graph::NetworkFormat;
use topolab::graph::DistanceTable;
use topolab::labs::topogen::TopoGenConfig;
use topolab::labs::LabRun;
use topolab::model::EndpointId;
use topolab::scenario::{self, Scenario};

/// Per file: counts, the average over host pairs as the Routing lab takes it, networkx's own
/// average where it is defined, the end nodes, a position and the loads' total.
const READ_GRAPHML: &str = r#"
import json, sys
import networkx as nx
out = []
for path in sys.argv[1:]:
    g = nx.read_graphml(path)
    hosts = [v for v, e in g.nodes(data="endpoints") if e > 0] or list(g.nodes)
    host_set = set(hosts)
    total = pairs = 0
    for s in hosts:
        for d, hops in nx.single_source_shortest_path_length(g, s).items():
            if d != s and d in host_set:
                total += hops
                pairs += 1
    out.append({
        "nodes": g.number_of_nodes(),
        "edges": g.number_of_edges(),
        "multigraph": g.is_multigraph(),
        "order": list(g.nodes) == [str(i) for i in range(g.number_of_nodes())],
        "pairs": pairs,
        "avg_shortest": total / pairs if pairs else 0.0,
        "nx_average": nx.average_shortest_path_length(g) if nx.is_connected(g) else None,
        "endpoints": sum(e for _, e in g.nodes(data="endpoints")),
        "x_last": g.nodes[str(g.number_of_nodes() - 1)].get("x"),
        "y_last": g.nodes[str(g.number_of_nodes() - 1)].get("y"),
        "load_total": sum(d.get("load_fwd", 0) + d.get("load_rev", 0) for _, _, d in g.edges(data=True)),
    })
print(json.dumps(out))
"#;

/// What Topolab says of one network, and its files.
struct Case {
    name: String,
    switches: usize,
    links: usize,
    endpoints: usize,
    /// Ordered host pairs that reach each other, and their mean shortest path.
    pairs: usize,
    avg_shortest: f64,
    /// Every switch holds an end node (networkx's all-pairs average is then the same figure).
    all_hosts: bool,
    last_position: (f64, f64),
    load_total: f64,
    graphml: String,
    dot: String,
}

impl Case {
    fn of(name: &str, run: &dyn LabRun, pairs: usize, avg_shortest: f64) -> Case {
        let topo = run.topology();
        let hosts: std::collections::BTreeSet<usize> = (0..topo.endpoint_count())
            .map(|e| topo.endpoint_switch(EndpointId::new(e)).index())
            .collect();
        Case {
            name: name.replace(':', "-"),
            switches: topo.switch_count(),
            links: topo.graph().edge_count(),
            endpoints: topo.endpoint_count(),
            pairs,
            avg_shortest,
            all_hosts: hosts.len() == topo.switch_count(),
            last_position: *run.positions().last().unwrap(),
            load_total: run
                .channel_loads()
                .map_or(0.0, |l| l.per_channel.iter().sum()),
            graphml: run.network(NetworkFormat::Graphml),
            dot: run.network(NetworkFormat::Dot),
        }
    }
}

/// The Routing lab's run of `spec` with shortest paths: the figures it reports and its files.
fn routing_case(spec: &str) -> Case {
    let run = scenario::run(&common::routing(spec, "shortest"), false, &mut |_| {}).unwrap();
    let r = run.result();
    let case = Case::of(
        spec,
        run.as_ref(),
        r["delivered_pairs"].as_u64().unwrap() as usize,
        r["avg_shortest_path_length"].as_f64().unwrap(),
    );
    assert_eq!(r["switches"], case.switches, "{spec}");
    assert_eq!(r["links"], case.links, "{spec}");
    case
}

/// TopoGen's network for all-to-all on 16 nodes of degree 5: it joins two switches twice, and
/// carries the run's channel loads. TopoGen reports no all-pairs average, so the figure is
/// taken from the distance table the Routing lab's figure comes from, over the same pairs.
fn topogen_case() -> Case {
    let config = TopoGenConfig {
        pattern: "all-to-all".into(),
        ..TopoGenConfig::default()
    };
    let scenario = Scenario::for_lab("topogen", 1, &config).unwrap();
    let run = scenario::run(&scenario, false, &mut |_| {}).unwrap();
    let topo = run.topology();
    let table = DistanceTable::new(topo).unwrap();
    let mut hosts: Vec<usize> = (0..topo.endpoint_count())
        .map(|e| topo.endpoint_switch(EndpointId::new(e)).index())
        .collect();
    hosts.sort_unstable();
    hosts.dedup();
    let (mut pairs, mut total) = (0, 0u64);
    for &s in &hosts {
        for &d in hosts.iter().filter(|&&d| d != s) {
            pairs += 1;
            total += u64::from(table.distance(s, d));
        }
    }
    let r = run.result();
    let case = Case::of(
        "topogen-16-5-all-to-all",
        run.as_ref(),
        pairs,
        total as f64 / pairs as f64,
    );
    assert_eq!(r["switches"], case.switches);
    assert_eq!(r["links"], case.links);
    case
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("topolab-graph-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Whether `program ARGS` runs and succeeds here.
fn available(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The structure every GraphML file must have, checked without any reader: a node per switch
/// with ids 0…n−1 in order, an edge per link, every data key declared once with a type.
fn check_graphml_text(case: &Case) {
    let text = &case.graphml;
    let name = &case.name;
    assert!(text.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<graphml "));
    assert!(text.ends_with("</graph>\n</graphml>\n"), "{name}");
    assert!(text.contains("<graph id=\"topolab\" edgedefault=\"undirected\">"));
    let ids: Vec<&str> = text
        .split("<node id=\"")
        .skip(1)
        .map(|n| n.split('"').next().unwrap())
        .collect();
    let expected: Vec<String> = (0..case.switches).map(|i| i.to_string()).collect();
    assert_eq!(ids, expected, "{name}: a node per switch, in switch order");
    assert_eq!(text.matches("<edge id=\"e").count(), case.links, "{name}");
    let declared: Vec<&str> = text
        .split("<key id=\"")
        .skip(1)
        .map(|k| k.split('"').next().unwrap())
        .collect();
    for used in text.split("<data key=\"").skip(1) {
        let key = used.split('"').next().unwrap();
        assert_eq!(
            declared.iter().filter(|&&k| k == key).count(),
            1,
            "{name}: key {key} declared once"
        );
    }
    for k in text.split("<key ").skip(1) {
        let kind = k.split("attr.type=\"").nth(1).unwrap().split('"').next();
        assert!(
            matches!(kind, Some("int" | "double" | "string")),
            "{name}: {k}"
        );
    }
    let endpoints: usize = text
        .split("<data key=\"endpoints\">")
        .skip(1)
        .map(|d| d.split('<').next().unwrap().parse::<usize>().unwrap())
        .sum();
    assert_eq!(
        endpoints, case.endpoints,
        "{name}: every end node counted once"
    );
}

fn check_dot_text(case: &Case) {
    let text = &case.dot;
    assert!(text.contains("\ngraph topolab {\n") && text.ends_with("}\n"));
    assert_eq!(text.matches(" -- ").count(), case.links, "{}", case.name);
    assert_eq!(
        text.matches("pos=\"").count(),
        case.switches,
        "{}: every switch pinned",
        case.name
    );
}

/// `dot -Tplain` of the file: its node and edge lines (Graphviz lays it out with neato, as
/// the file asks).
fn graphviz_counts(path: &Path) -> (usize, usize) {
    let out = Command::new("dot")
        .arg("-Tplain")
        .arg(path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{}: {stderr}", path.display());
    assert!(stderr.trim().is_empty(), "Graphviz warns: {stderr}");
    let plain = String::from_utf8(out.stdout).unwrap();
    (
        plain.lines().filter(|l| l.starts_with("node ")).count(),
        plain.lines().filter(|l| l.starts_with("edge ")).count(),
    )
}

#[test]
fn networkx_and_graphviz_read_what_topolab_reports() {
    let mut cases: Vec<Case> = [
        "mesh:4x4",
        "fattree:4:3",
        "lrt:64:4:2",
        "hypercube:5",
        "torus:4x3",
        "dual:hc:3",
    ]
    .into_iter()
    .map(routing_case)
    .collect();
    cases.push(topogen_case());
    let dir = scratch();
    let mut paths = Vec::new();
    for case in &cases {
        check_graphml_text(case);
        check_dot_text(case);
        let path = dir.join(format!("{}.graphml", case.name));
        std::fs::write(&path, &case.graphml).unwrap();
        std::fs::write(dir.join(format!("{}.dot", case.name)), &case.dot).unwrap();
        paths.push(path);
    }
    let parallel = &cases.last().unwrap();
    let mut ends: Vec<&str> = parallel
        .graphml
        .split(" source=\"")
        .skip(1)
        .map(|e| e.split('>').next().unwrap())
        .collect();
    ends.sort_unstable();
    ends.dedup();
    assert!(
        ends.len() < parallel.links,
        "the TopoGen case has parallel links"
    );
    assert!(parallel.load_total > 0.0, "and loads");

    if available("python3", &["-c", "import networkx"]) {
        let out = Command::new("python3")
            .arg("-c")
            .arg(READ_GRAPHML)
            .args(&paths)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let read: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
        for (case, nx) in cases.iter().zip(&read) {
            let name = &case.name;
            assert_eq!(nx["nodes"], case.switches, "{name}: nodes");
            assert_eq!(nx["edges"], case.links, "{name}: edges");
            assert_eq!(nx["order"], true, "{name}: nodes in switch order");
            assert_eq!(nx["endpoints"], case.endpoints, "{name}: end nodes");
            assert_eq!(nx["pairs"], case.pairs, "{name}: pairs");
            let avg = nx["avg_shortest"].as_f64().unwrap();
            assert!(
                (avg - case.avg_shortest).abs() < 1e-9,
                "{name}: networkx {avg}, Topolab {}",
                case.avg_shortest
            );
            if case.all_hosts {
                let all = nx["nx_average"].as_f64().unwrap();
                assert!(
                    (all - case.avg_shortest).abs() < 1e-9,
                    "{name}: networkx's average_shortest_path_length {all}"
                );
            }
            assert_eq!(
                (nx["x_last"].as_f64(), nx["y_last"].as_f64()),
                (Some(case.last_position.0), Some(case.last_position.1)),
                "{name}: the figure's position"
            );
            assert!(
                (nx["load_total"].as_f64().unwrap() - case.load_total).abs() < 1e-6,
                "{name}: loads"
            );
        }
        assert_eq!(read.last().unwrap()["multigraph"], true);
    } else {
        eprintln!(
            "graph_export: python3 with networkx is not installed here: skipped reading the \
             GraphML with networkx (the structure was checked)"
        );
    }

    if available("dot", &["-V"]) {
        for case in &cases {
            let path = dir.join(format!("{}.dot", case.name));
            assert_eq!(
                graphviz_counts(&path),
                (case.switches, case.links),
                "{}: Graphviz's nodes and edges",
                case.name
            );
        }
    } else {
        eprintln!(
            "graph_export: Graphviz is not installed here: skipped laying out the DOT files \
             (the structure was checked)"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `topolab export graphml|dot` writes what the lab run writes for the same network (the
/// layout the page draws it in, no loads), refuses to replace a file without --force, and
/// refuses a network above the size limit before building it.
#[test]
fn the_cli_writes_the_network_of_a_spec() {
    let dir = scratch().join("cli");
    std::fs::create_dir_all(&dir).unwrap();
    let run = scenario::run(
        &common::routing("lrt:64:4:2", "shortest"),
        false,
        &mut |_| {},
    )
    .unwrap();
    for format in [NetworkFormat::Graphml, NetworkFormat::Dot] {
        let out = dir.join(format!("lrt.{}", format.name()));
        let path = out.to_str().unwrap();
        let args = [
            "export",
            format.name(),
            "--topology",
            "lrt:64:4:2",
            "--out",
            path,
            "--json",
        ];
        let value = cli::json(&args);
        assert_eq!(value["switches"], 64);
        assert_eq!(value["links"], 128);
        assert_eq!(std::fs::read_to_string(&out).unwrap(), run.network(format));
        std::fs::write(&out, "mine").unwrap();
        let (code, message) = cli::refused(&args);
        assert_eq!(code, Some(2));
        assert!(message.contains("exists; give --force"), "{message}");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "mine");
        let mut forced = args.to_vec();
        forced.push("--force");
        cli::json(&forced);
        assert_eq!(std::fs::read_to_string(&out).unwrap(), run.network(format));
    }
    // refused before anything is built or written: a network above the size limit, a flag
    // of another export
    let never = dir.join("never.graphml");
    let never = never.to_str().unwrap();
    for (refused, says) in [
        (
            ["--topology", "mesh:10000x1000"],
            "above the limit of 65536",
        ),
        (["--routing", "dor"], "--routing"),
    ] {
        let mut args = vec!["export", "graphml", "--out", never];
        if refused[0] != "--topology" {
            args.extend(["--topology", "mesh:4x4"]);
        }
        args.extend(refused);
        let (code, message) = cli::refused(&args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(message.contains(says), "{message}");
        assert!(!Path::new(never).exists());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A lab's `--graphml`/`--dot` write its run's network with its channel loads: each edge's
/// `load_fwd` and `load_rev` are the loads `--csv` gives its two channels.
#[test]
fn a_labs_run_writes_its_loads() {
    let dir = scratch().join("lab");
    std::fs::create_dir_all(&dir).unwrap();
    let (graphml, dot, csv) = (dir.join("s.graphml"), dir.join("s.dot"), dir.join("s.csv"));
    cli::json(&[
        "slots",
        "--topology",
        "mesh:4x4",
        "--graphml",
        graphml.to_str().unwrap(),
        "--dot",
        dot.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
        "--json",
    ]);
    // channel,link,from,to,load: the load of channel 2·link + direction
    let loads: Vec<String> = std::fs::read_to_string(&csv)
        .unwrap()
        .lines()
        .skip(1)
        .map(|row| row.split(',').nth(4).unwrap().to_string())
        .collect();
    let text = std::fs::read_to_string(&graphml).unwrap();
    assert!(text.contains("<data key=\"load_measure\">circuits crossing the channel"));
    let edges: Vec<&str> = text.split("<edge id=\"e").skip(1).collect();
    assert_eq!(2 * edges.len(), loads.len());
    let value = |edge: &str, key: &str| {
        let at = format!("<data key=\"{key}\">");
        edge.split(&at)
            .nth(1)
            .unwrap()
            .split('<')
            .next()
            .unwrap()
            .to_string()
    };
    for (l, edge) in edges.iter().enumerate() {
        assert!(edge.starts_with(&format!("{l}\"")));
        assert_eq!(value(edge, "load_fwd"), loads[2 * l], "link {l}");
        assert_eq!(value(edge, "load_rev"), loads[2 * l + 1], "link {l}");
    }
    assert!(loads.iter().any(|l| l != "0"), "some channel is loaded");
    let dot = std::fs::read_to_string(&dot).unwrap();
    assert_eq!(dot.matches("penwidth=").count(), edges.len());
    std::fs::remove_dir_all(&dir).unwrap();
}
