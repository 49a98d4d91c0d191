//! `topolab export sst` (issue 26): the model's format checked without SST — the GraphML's
//! routers and endpoints (stand-ins last), every pair's route a walk along the GraphML's edges
//! that ends at its destination and is Topolab's own route, the VCs anytopo needs, the
//! scenario's fields — and the refusals (traffic SST cannot draw, end nodes on two planes, too
//! many routers). The real run in SST is `scripts/sst-check.mjs` (README, "SST/Merlin").

use crate::common::cli;
use serde_json::Value;
use std::collections::HashSet;
use topolab::export::sst::{self, SstFiles};
use topolab::model::SwitchId;
use topolab::routing::RouterSpec;
use topolab::sim::flit::SimParams;
use topolab::topology::build_seeded;

/// A GraphML's nodes as (endpoints, Topolab id) in file order, and its edges.
type GraphmlNodesEdges = (Vec<(u32, usize)>, HashSet<(u32, u32)>);

/// The GraphML's nodes and edges (`GraphmlNodesEdges`).
fn read_graphml(text: &str) -> GraphmlNodesEdges {
    let mut nodes = Vec::new();
    let mut edges = HashSet::new();
    let number = |line: &str, before: &str, after: &str| -> u32 {
        let start = line.find(before).unwrap() + before.len();
        let end = start + line[start..].find(after).unwrap();
        line[start..end].parse().unwrap()
    };
    for line in text.lines().map(str::trim) {
        if line.starts_with("<node ") {
            assert_eq!(
                number(line, "<node id=\"", "\"") as usize,
                nodes.len(),
                "{line}"
            );
            nodes.push((
                number(line, "<data key=\"endpoints\">", "<"),
                number(line, "<data key=\"topolab\">", "<") as usize,
            ));
        } else if line.starts_with("<edge ") {
            let (a, b) = (
                number(line, "source=\"", "\""),
                number(line, "target=\"", "\""),
            );
            edges.insert((a, b));
            edges.insert((b, a));
        }
    }
    (nodes, edges)
}

/// The model of `traffic` at 0.05 on `topology` routed by `routing`.
fn model(topology: &str, routing: &str, traffic: &str) -> topolab::Result<SstFiles> {
    let topo = build_seeded(topology, 1).unwrap();
    let router = RouterSpec::parse(routing).unwrap().build(&topo).unwrap();
    let params = SimParams {
        rate: 0.05,
        ..SimParams::default()
    };
    sst::sst(router.as_ref(), routing, traffic, &params, 1)
}

#[test]
fn every_route_is_topolabs_walk_along_the_graphml_to_its_destination() {
    // (networks that are none of Merlin's own topologies under their routing: through anytopo)
    for (topology, routing) in [
        ("mesh:4x4", "shortest"),
        ("lrt:64:4:2", "loren"),
        ("lrt:64:4:2", "cowen"),
        ("fattree:4:3", "shortest"),
    ] {
        let what = format!("{topology} {routing}");
        let topo = build_seeded(topology, 1).unwrap();
        let router = RouterSpec::parse(routing).unwrap().build(&topo).unwrap();
        let files = model(topology, routing, "uniform").unwrap();
        let (graphml, routes) = (files.graphml.as_deref(), files.routes.as_deref());
        let (nodes, edges) = read_graphml(graphml.expect("an anytopo model's network"));
        let scenario: Value = serde_json::from_str(&files.scenario).unwrap();
        assert_eq!(scenario["model"], "anytopo", "{what}");
        let routes: Value = serde_json::from_str(routes.expect("its routes")).unwrap();
        // routers: every switch once; those with end nodes first with their counts, the others
        // after them with one stand-in endpoint each (anytopo aborts on a router without)
        let n = topo.switch_count();
        assert_eq!(nodes.len(), n, "{what}");
        let ids: HashSet<usize> = nodes.iter().map(|n| n.1).collect();
        assert_eq!(ids.len(), n, "{what}");
        let real = topo.endpoints_per_switch();
        let hosts = scenario["hosts"].as_u64().unwrap() as usize;
        let stand_ins = scenario["stand_ins"].as_u64().unwrap() as usize;
        assert_eq!(hosts + stand_ins, n, "{what}");
        assert_eq!(hosts, real.iter().filter(|&&e| e > 0).count(), "{what}");
        for (i, &(endpoints, s)) in nodes.iter().enumerate() {
            if i < hosts {
                assert_eq!(endpoints, real[s], "{what}: router {i}");
            } else {
                assert_eq!((endpoints, real[s]), (1, 0), "{what}: router {i}");
            }
        }
        assert_eq!(
            scenario["endpoints"].as_u64().unwrap() as usize,
            topo.endpoint_count(),
            "{what}"
        );
        assert_eq!(edges.len(), topo.channel_count(), "{what}");
        // routes: every ordered pair of hosts once, each a walk along edges to its destination,
        // the route Topolab's router takes, shorter than anytopo's VCs per VN
        let vcs = scenario["vcs_per_vn"].as_u64().unwrap() as usize;
        assert_eq!(routes["format"], "topolab-sst-routes/1");
        assert_eq!(routes["routers"].as_u64().unwrap() as usize, n);
        let list = routes["routes"].as_array().unwrap();
        assert_eq!(list.len(), hosts * (hosts - 1), "{what}");
        let mut pairs = HashSet::new();
        let mut longest = 0;
        for route in list {
            let (src, dst) = (
                route[0].as_u64().unwrap() as u32,
                route[1].as_u64().unwrap() as u32,
            );
            assert!(
                src != dst && (src as usize) < hosts && (dst as usize) < hosts,
                "{what}: {route}"
            );
            assert!(pairs.insert((src, dst)), "{what}: {src} → {dst} twice");
            let hops: Vec<u32> = route[2]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| h.as_u64().unwrap() as u32)
                .collect();
            assert_eq!(hops.last(), Some(&dst), "{what}: {route}");
            let mut at = src;
            for &h in &hops {
                assert!(
                    edges.contains(&(at, h)),
                    "{what}: {at} and {h} are not linked ({route})"
                );
                at = h;
            }
            assert!(hops.len() < vcs, "{what}: {} hops, {vcs} VCs", hops.len());
            longest = longest.max(hops.len());
            let (s, d) = (nodes[src as usize].1, nodes[dst as usize].1);
            let ours: Vec<usize> = router
                .path(SwitchId::new(s), SwitchId::new(d))
                .unwrap()
                .switches[1..]
                .iter()
                .map(|s| s.index())
                .collect();
            let theirs: Vec<usize> = hops.iter().map(|&h| nodes[h as usize].1).collect();
            assert_eq!(theirs, ours, "{what}: {s} → {d}");
        }
        assert_eq!(vcs, longest + 1, "{what}");
        for key in [
            "rate",
            "packet_flits",
            "flit_bytes",
            "stages",
            "link_latency",
            "vcs",
            "buffer_flits",
            "warmup_cycles",
            "cycles",
            "drain_cycles",
            "seed",
        ] {
            assert!(scenario[key].is_number(), "{what}: {key}");
        }
        assert_eq!(scenario["traffic"], "uniform");
        // the one-file form holds the three files
        let single = files.single();
        assert!(!single.contains("EMBEDDED = None"), "{what}");
        assert!(
            single.contains(files.routes.as_deref().unwrap())
                && single.contains(files.graphml.as_deref().unwrap()),
            "{what}"
        );
    }
}

#[test]
fn what_sst_cannot_express_is_refused_with_the_reason() {
    let err = model("mesh:4x4", "dor", "transpose").unwrap_err();
    assert_eq!(err.field().as_deref(), Some("traffic"), "{err}");
    assert!(err.to_string().contains("uniform or bitcomp"), "{err}");
    assert!(model("mesh:4x4", "dor", "bitcomp").is_ok());
    assert!(model("mesh:4x4", "shortest", "bitcomp").is_ok());
    let err = model("fattree:4:3", "updown", "bitcomp").unwrap_err();
    assert!(err.to_string().contains("uniform traffic only"), "{err}");
    let err = model("dual:hc:3", "dual-plane", "uniform").unwrap_err();
    assert!(err.to_string().contains("one router"), "{err}");
    // anytopo above its limit, refused once the network is built, before any router table,
    // naming why it cannot be one of Merlin's own topologies
    let dir = std::env::temp_dir().join(format!("topolab-sst-{}", std::process::id()));
    let (code, message) = cli::refused(&[
        "export",
        "sst",
        "--topology",
        "mesh:33x32",
        "--routing",
        "shortest",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_ne!(code, Some(0));
    assert!(
        message.contains("at most 1024") && message.contains("dimension order"),
        "{message}"
    );
    assert!(!dir.exists(), "nothing written");
}

/// A network that is one of Merlin's own topologies under its routing is written as that
/// topology's parameters (issue 54): a few hundred bytes at any size — a 128×128 mesh, 16,384
/// routers, well under 100 KB — with no graph and no routes; the written model parses, names
/// its Merlin topology and class, and each family's parameters build the same routers and end
/// nodes (`export::merlin`'s tests check the arithmetic per family).
#[test]
fn merlins_own_topologies_are_written_as_their_parameters() {
    for (topology, routing, merlin, class) in [
        ("mesh:8x8", "dor", "merlin.mesh", "topoMesh"),
        ("mesh:128x128", "dor", "merlin.mesh", "topoMesh"),
        ("torus:8x8", "dor", "merlin.torus", "topoTorus"),
        ("hypercube:12", "dor", "merlin.hyperx", "topoHyperX"),
        ("fattree:4:3", "updown", "merlin.fattree", "topoFatTree"),
    ] {
        let what = format!("{topology} {routing}");
        let files = model(topology, routing, "uniform").unwrap();
        assert_eq!(
            (files.graphml.as_deref(), files.routes.as_deref()),
            (None, None),
            "{what}"
        );
        let scenario: Value = serde_json::from_str(&files.scenario).unwrap();
        assert_eq!(scenario["format"], "topolab-sst/1", "{what}");
        assert_eq!(scenario["model"], merlin, "{what}");
        assert_eq!(scenario["merlin_class"], class, "{what}");
        assert!(
            scenario["merlin"].is_object() && scenario["mapping"].is_string(),
            "{what}"
        );
        let topo = build_seeded(topology, 1).unwrap();
        assert_eq!(
            scenario["endpoints"].as_u64().unwrap() as usize,
            topo.endpoint_count()
        );
        let single = files.single();
        assert!(single.len() < 100_000, "{what}: {} bytes", single.len());
        assert!(
            single.contains("\"scenario\": r") && !single.contains("\"routes\": r"),
            "{what}"
        );
    }
    // the CLI writes the scenario and the configuration only, and says which model it wrote
    let dir = std::env::temp_dir().join(format!("topolab-sst-native-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let value = cli::json(&[
        "export",
        "sst",
        "--topology",
        "mesh:128x128",
        "--routing",
        "dor",
        "--rate",
        "0.01",
        "--out",
        dir.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(value["model"], "merlin.mesh", "{value}");
    assert_eq!(value["files"].as_array().unwrap().len(), 2, "{value}");
    let bytes: u64 = ["scenario.json", "topolab.py"]
        .iter()
        .map(|f| std::fs::metadata(dir.join(f)).unwrap().len())
        .sum();
    assert!(bytes < 100_000, "{bytes} bytes");
    assert!(!dir.join(sst::ROUTES_FILE).exists());
    let _ = std::fs::remove_dir_all(&dir);
    // a fat-tree above the flit simulator's 576 per-pair switches is Merlin's own model too
    // (issue 63: it was refused for a route limit Merlin's fat-tree does not have): fattree:8:4
    // is 2,048 switches
    let value = cli::json(&[
        "export",
        "sst",
        "--topology",
        "fattree:8:4",
        "--routing",
        "updown",
        "--out",
        dir.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(value["model"], "merlin.fattree", "{value}");
    let _ = std::fs::remove_dir_all(&dir);
    // a one-level fat-tree (one switch) goes through anytopo, for the reason it has
    let files = model("fattree:4:1", "updown", "uniform").unwrap();
    let scenario: Value = serde_json::from_str(&files.scenario).unwrap();
    assert_eq!(scenario["model"], "anytopo");
    let mapping = scenario["mapping"].as_str().unwrap();
    assert!(
        mapping.contains("one-level fat-tree is one switch"),
        "{mapping}"
    );
}

#[test]
fn the_cli_writes_the_four_files_and_never_overwrites() {
    let dir = std::env::temp_dir().join(format!("topolab-sst-files-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().unwrap();
    let args = [
        "export",
        "sst",
        "--topology",
        "mesh:4x4",
        "--routing",
        "shortest",
        "--rate",
        "0.05",
        "--out",
        out,
        "--json",
    ];
    let value = cli::json(&args);
    assert_eq!(value["files"].as_array().unwrap().len(), 4, "{value}");
    for name in [
        sst::GRAPHML_FILE,
        sst::ROUTES_FILE,
        sst::SCENARIO_FILE,
        sst::CONFIG_FILE,
    ] {
        assert!(dir.join(name).is_file(), "{name}");
    }
    assert_eq!(
        std::fs::read_to_string(dir.join(sst::CONFIG_FILE)).unwrap(),
        sst::CONFIG
    );
    let (code, message) = cli::refused(&args);
    assert_ne!(code, Some(0));
    assert!(message.contains("--force"), "{message}");
    let mut forced = args.to_vec();
    forced.push("--force");
    cli::json(&forced);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An SST model's size is estimated before any route is walked and refused past its limit
/// (issue 53: a 1,024-router ring wrote 1.6 GB of routes): at once, naming the network's pairs
/// and distance, with nothing written.
#[test]
fn a_model_too_large_to_hand_over_is_refused_before_it_is_built() {
    let dir = std::env::temp_dir().join(format!("topolab-sst-size-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let ring = dir.join("ring.txt");
    let links: String = (0..1024)
        .map(|i| format!("{i} {}\n", (i + 1) % 1024))
        .collect();
    std::fs::write(&ring, links).unwrap();
    let out = dir.join("model");
    let topology = format!("file:{}", ring.display());
    let (code, message) = crate::common::cli::refused(&[
        "export",
        "sst",
        "--topology",
        &topology,
        "--routing",
        "shortest",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(2), "{message}");
    assert!(
        message.contains("1047552 pairs × 256")
            && message.contains("above the 256 MB one export may write"),
        "{message}"
    );
    assert!(!out.exists(), "nothing written");
}
