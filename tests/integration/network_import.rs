//! Networks from files (issue 28): our own GraphML and anynet exports and an edge list, read
//! back with `--topology file:PATH`, give the same network as the spec they were written from
//! (the Routing lab's counts and path metrics, equal); the labs that take a topology take a
//! file; hostile files are refused with their line named, and the core's reader (the same in
//! the page's WASM, `importNetwork`) says the same.

use crate::common::cli;
use serde_json::Value;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use topolab::export::graph::{graphml, NetworkExtras};
use topolab::topology::{build, graph_spec, import};

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("topolab-import-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The Routing lab's report on `topology` (shortest paths), without what names the network.
fn routing_metrics(topology: &str) -> Value {
    let mut v = cli::json(&[
        "routing",
        "--topology",
        topology,
        "--scheme",
        "shortest",
        "--json",
    ]);
    let o = v.as_object_mut().unwrap();
    o.remove("topology");
    o.remove("simulate");
    o.remove("wall_seconds");
    v
}

fn edge_list(spec: &str) -> String {
    let topo = build(spec).unwrap();
    let mut out = format!("# {spec}\nswitches {}\n", topo.switch_count());
    for (s, &k) in topo.endpoints_per_switch().iter().enumerate() {
        if k != 1 {
            let _ = writeln!(out, "endpoints {s} {k}");
        }
    }
    for e in topo.graph().edge_indices() {
        let (a, b) = topo.graph().edge_endpoints(e).unwrap();
        let _ = writeln!(out, "{} {}", a.index(), b.index());
    }
    out
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    format!("file:{}", path.display())
}

#[test]
fn our_exports_read_back_as_the_same_network() {
    let dir = folder("round-trip");
    for spec in ["mesh:4x4", "fattree:4:2", "lrt:64:4:2", "torus:4x4"] {
        let topo = build(spec).unwrap();
        let want = routing_metrics(spec);
        let files = [
            (
                "graphml",
                write(
                    &dir,
                    "n.graphml",
                    &graphml(&topo, &NetworkExtras::default()),
                ),
            ),
            (
                "anynet",
                write(&dir, "anynet", &topolab::export::anynet(&topo).unwrap()),
            ),
            ("edge list", write(&dir, "n.txt", &edge_list(spec))),
        ];
        for (format, file) in files {
            assert_eq!(routing_metrics(&file), want, "{spec} through its {format}");
        }
    }
}

#[test]
fn every_lab_that_takes_a_topology_takes_a_file() {
    let dir = folder("labs");
    let ring = write(
        &dir,
        "ring.txt",
        "# a ring of 8\n0 1\n1 2\n2 3\n3 4\n4 5\n5 6\n6 7\n7 0\n",
    );
    let slots = cli::json(&[
        "slots",
        "--topology",
        &ring,
        "--pattern",
        "uniform",
        "--json",
    ]);
    assert_eq!(slots["switches"], 8, "{slots}");
    let sim = cli::json(&[
        "sim",
        "--topology",
        &ring,
        "--routing",
        "shortest",
        "--rate",
        "0.05",
        "--warmup",
        "200",
        "--cycles",
        "1000",
        "--json",
    ]);
    assert_eq!(sim["delivered_packets"], sim["measured_packets"], "{sim}");
    assert!(sim["avg_hops"].as_f64().unwrap() > 1.0, "{sim}");
    let out = dir.join("ring.graphml");
    cli::json(&[
        "export",
        "graphml",
        "--topology",
        &ring,
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(
        std::fs::read_to_string(&out)
            .unwrap()
            .matches("<edge ")
            .count(),
        8
    );
    // the Scenario a run reports holds the network itself: it runs again without the file
    let routing = cli::json(&[
        "routing",
        "--topology",
        &ring,
        "--scheme",
        "shortest",
        "--json",
    ]);
    let spec = routing["topology"].as_str().unwrap();
    assert!(spec.starts_with("graph:"), "{spec}");
    assert_eq!(routing_metrics(spec), routing_metrics(&ring));
    // TopoGen starts from it: its 8 switches and 8 end nodes kept, links only added
    let grown = cli::json(&[
        "topogen",
        "--start",
        &ring,
        "--degree",
        "4",
        "--pattern",
        "uniform",
        "--json",
    ]);
    assert_eq!(
        (grown["nodes"].clone(), grown["switches"].clone()),
        (8.into(), 8.into()),
        "{grown}"
    );
    assert!(grown["links"].as_u64().unwrap() >= 8, "{grown}");
    // a file that is not there is named with the flag it came from
    let (code, err) = cli::refused(&[
        "topogen",
        "--start",
        "file:/nonexistent/ring.txt",
        "--degree",
        "4",
        "--pattern",
        "uniform",
    ]);
    assert!(
        code != Some(0) && err.contains("--start: there is no file '/nonexistent/ring.txt'"),
        "{err}"
    );
}

#[test]
fn hostile_files_are_refused_naming_their_line() {
    let dir = folder("hostile");
    let cases = [
        ("loop.txt", "0 1\n1 1\n", "line 2: a link from switch 1 to itself"),
        ("twice.txt", "0 1\n1 2\n# again\n0 1\n", "line 4: the link 0–1 is listed already on line 1"),
        ("apart.txt", "0 1\n2 3\n", "2 separate parts"),
        ("range.txt", "switches 3\n0 1\n1 2\n2 9\n", "line 4: the link 2–9 names switch 9, but line 1 declares 3 switches"),
        ("huge-id.txt", "0 1\n1 99999\n", "line 2: switch 99999 is beyond the limit of 65536"),
        ("words.txt", "0 1\nhello world\n", "line 2: 'hello' is not a switch number"),
        ("bad.graphml", "<graphml><graph>\n<node id=\"a\"/>\n<edge source=\"a\" target=\"b\"/>\n</graph></graphml>", "line 3: the edge names node 'b'"),
        ("anynet", "router 0 node 0 router 1\nrouter 1 node 0\n", "line 2: node 0 is attached already on line 1"),
    ];
    for (name, text, expected) in cases {
        let file = write(&dir, name, text);
        let (code, stderr) =
            cli::refused(&["routing", "--topology", &file, "--scheme", "shortest"]);
        assert_eq!(code, Some(2), "{name}: {stderr}");
        assert!(stderr.contains(expected), "{name}: {stderr}");
        // the core's reader (the page's, through WASM) says the same
        let e = import::read(name, text).unwrap_err().to_string();
        assert!(e.contains(expected), "{name}: {e}");
    }
    // a file beyond the size limit is refused before it is read
    let big = dir.join("big.txt");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(import::MAX_NETWORK_FILE_BYTES + 1)
        .unwrap();
    let (code, stderr) = cli::refused(&[
        "routing",
        "--topology",
        &format!("file:{}", big.display()),
        "--scheme",
        "shortest",
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("is larger than 65536 KiB"), "{stderr}");
    let (_, stderr) = cli::refused(&[
        "routing",
        "--topology",
        "file:/no/such/file",
        "--scheme",
        "shortest",
    ]);
    assert!(
        stderr.contains("there is no file '/no/such/file'"),
        "{stderr}"
    );
}

/// Issue 53: only a regular file is read. A folder, a device and a named pipe are refused before
/// they are opened (a pipe used to wait for a writer until killed; the guard below only stops a
/// run that waits, it times nothing), and a `matrix:NAME` with no such file says so instead of
/// reading NAME as a damaged packed matrix.
#[test]
fn what_is_not_a_regular_file_is_refused_at_once() {
    let dir = folder("not-files");
    let fifo = dir.join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let mut cases = vec![
        (
            format!("file:{}", dir.display()),
            "is a folder, not a file to read",
        ),
        (
            "file:/dev/zero".to_string(),
            "is a device, not a file to read",
        ),
    ];
    if made.is_ok_and(|s| s.success()) {
        cases.push((
            format!("file:{}", fifo.display()),
            "is a named pipe, not a file to read",
        ));
    }
    for (topology, expected) in cases {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_topolab"))
            .args(["routing", "--topology", &topology, "--scheme", "shortest"])
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut waited = 0;
        while child.try_wait().unwrap().is_none() {
            if waited == 600 {
                child.kill().unwrap();
                panic!("{topology}: the run waits on it");
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
            waited += 1;
        }
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{topology}: {stderr}");
        assert!(stderr.contains(expected), "{topology}: {stderr}");
    }
    let (code, stderr) = cli::refused(&[
        "slots",
        "--topology",
        "mesh:4x4",
        "--pattern",
        "matrix:traffic",
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("there is no file 'traffic'"), "{stderr}");
    // a packed matrix (what a Scenario carries) is still taken as one
    let csv = dir.join("m.csv");
    std::fs::write(&csv, "src,dst,bytes\n0,1,100\n").unwrap();
    let packed = cli::json(&[
        "slots",
        "--topology",
        "mesh:4x4",
        "--pattern",
        &format!("matrix:{}", csv.display()),
        "--json",
    ]);
    let spec = packed["pattern"].as_str().unwrap();
    assert!(spec.starts_with("matrix:"), "{spec}");
    let again = cli::json(&[
        "slots",
        "--topology",
        "mesh:4x4",
        "--pattern",
        spec,
        "--json",
    ]);
    assert_eq!(again["max_slots"], packed["max_slots"]);
}

#[test]
fn a_network_too_large_to_carry_says_so() {
    // a random network of 60,000 switches and 200,000 links does not pack into a Scenario
    let mut text = String::from("switches 60000\n");
    let mut seen = std::collections::HashSet::new();
    let mut x: u64 = 1;
    for s in 0..59_999u32 {
        let _ = writeln!(text, "{s} {}", s + 1);
        seen.insert((s, s + 1));
    }
    while seen.len() < 200_000 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let (a, b) = ((x >> 33) as u32 % 60_000, (x >> 13) as u32 % 60_000);
        let (a, b) = (a.min(b), a.max(b));
        if a != b && seen.insert((a, b)) {
            let _ = writeln!(text, "{a} {b}");
        }
    }
    let network = import::read("big.txt", &text).unwrap();
    let e = graph_spec("big.txt", &network).unwrap_err().to_string();
    assert!(
        e.contains("above the limit of 921600") && e.contains("must fit a Scenario file"),
        "{e}"
    );
}

#[test]
fn the_readme_examples_are_one_network_in_three_formats() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/formats.md")).unwrap();
    let at = readme
        .find("- **Your own network**")
        .expect("docs/formats.md documents the formats");
    let section = &readme[at..];
    // the three blocks in order, each up to its closing fence
    let mut blocks = Vec::new();
    let mut rest = section;
    while blocks.len() < 3 {
        let open = rest.find("  ```").unwrap();
        let body = &rest[rest[open..].find('\n').unwrap() + open + 1..];
        let close = body.find("  ```").unwrap();
        blocks.push(
            body[..close]
                .lines()
                .map(str::trim_start)
                .collect::<Vec<_>>()
                .join("\n"),
        );
        rest = &body[close + 5..];
    }
    let formats: Vec<import::Format> = blocks.iter().map(|b| import::detect(b)).collect();
    assert_eq!(
        formats,
        [
            import::Format::EdgeList,
            import::Format::Anynet,
            import::Format::GraphMl
        ]
    );
    let read: Vec<import::Network> = blocks
        .iter()
        .map(|b| import::read("README", b).unwrap())
        .collect();
    assert_eq!(read[0].endpoints, vec![2, 1, 1, 1]);
    assert_eq!(read[0], read[1]);
    assert_eq!(read[0], read[2]);
}

#[test]
fn positions_in_a_graphml_file_are_where_switches_are_drawn() {
    let topo = build("mesh:4x4").unwrap();
    let layout = topolab::layout::layout(&topo);
    let scaled: Vec<(f64, f64)> = layout
        .switches
        .iter()
        .map(|&(x, y)| (100.0 * x + 7.0, 100.0 * y))
        .collect();
    let text = graphml(
        &topo,
        &NetworkExtras {
            positions: Some(&scaled),
            loads: None,
        },
    );
    let network = import::read("m.graphml", &text).unwrap();
    let spec = graph_spec("m.graphml", &network).unwrap();
    let imported = topolab::topology::TopologySpec::parse(&spec)
        .unwrap()
        .build(1)
        .unwrap();
    assert!(matches!(
        imported.shape(),
        topolab::model::Shape::Placed { .. }
    ));
    // drawn as the mesh is: the file's units scaled back to one grid step per link
    let drawn = topolab::layout::layout(&imported).switches;
    for (a, b) in drawn.iter().zip(&layout.switches) {
        assert!(
            (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9,
            "{a:?} against {b:?}"
        );
    }
}

/// A matrix file: node 0 sends most, to 5 and 9; nodes 1–3 a little; the rest nothing.
const MATRIX: &str =
    "src,dst,bytes,count\n# a hot source\n0,5,3000\n0,9,1000,2\n1,2,500\n2,1,500\n3,12,500\n";

#[test]
fn a_traffic_matrix_runs_in_slots_routing_and_sim() {
    let dir = folder("matrix");
    let matrix = dir.join("m.csv");
    std::fs::write(&matrix, MATRIX).unwrap();
    let m = format!("matrix:{}", matrix.display());
    // Slots: one communication per pair with bytes
    let slots = cli::json(&["slots", "--topology", "mesh:4x4", "--pattern", &m, "--json"]);
    assert_eq!(slots["communications"], 5, "{slots}");
    let pattern = slots["pattern"].as_str().unwrap();
    assert!(
        pattern.starts_with("matrix:") && !pattern.contains('/'),
        "the Scenario carries the matrix: {pattern}"
    );
    // Routing: the effective bandwidth of the matrix's pairs
    let routing = cli::json(&[
        "routing",
        "--topology",
        "mesh:4x4",
        "--scheme",
        "shortest",
        "--traffic",
        &m,
        "--json",
    ]);
    assert!(
        routing["effective_bandwidth"].as_f64().unwrap() > 0.0,
        "{routing}"
    );
    // Sim: node 0 offers 16 × 5000 / 6500 of the mean, so the rate may be at most 6500 / 80000
    let sim = |rate: &str| {
        cli::run(&[
            "sim",
            "--topology",
            "mesh:4x4",
            "--routing",
            "dor",
            "--traffic",
            &m,
            "--rate",
            rate,
            "--warmup",
            "500",
            "--cycles",
            "4000",
            "--json",
        ])
    };
    let out = sim("0.05");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["delivered_packets"], r["measured_packets"], "{r}");
    let accepted = r["accepted_flits_per_node_cycle"].as_f64().unwrap();
    assert!(
        (accepted - 0.05).abs() < 0.01,
        "the mean offered load is the rate: {r}"
    );
    // packets by rate: node 0 (0.615 a cycle) to 5 (2 hops) and 9 (3 hops) as 3:2, nodes 1-3
    // (0.0615 each) 1, 1 and 6 hops: 2.46 hops on average
    let hops = r["avg_hops"].as_f64().unwrap();
    assert!((hops - 2.46).abs() < 0.15, "{r}");
    let refused = sim("0.1");
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("node 0 sends 12.308 times the mean") && stderr.contains("at most 0.081"),
        "{stderr}"
    );
    // a matrix naming more nodes than the network has
    std::fs::write(&matrix, "0,40,100\n").unwrap();
    let (code, stderr) = cli::refused(&["slots", "--topology", "mesh:4x4", "--pattern", &m]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("from node 0 to node 40, but this network has 16 endpoints"),
        "{stderr}"
    );
}

/// The Dual-plane lab takes plane 1 from a network file (`--generators file:PATH`): its links
/// give the generator set, so the run equals the one given that set; plane 0 from a file is
/// the plain cube; a wiring that is no plane of the kind and size is refused, saying why.
#[test]
fn a_plane_from_a_file_gives_its_generator_set() {
    let dir = folder("planes");
    let plane = |n: u32, generators: &[u32]| {
        let mut out = String::from("# a plane: x links to x XOR h\n");
        for x in 0..1u32 << n {
            for &h in generators {
                if x < x ^ h {
                    let _ = writeln!(out, "{} {}", x, x ^ h);
                }
            }
        }
        out
    };
    let run = |kind: &str, n: &str, generators: &str| {
        let mut v = cli::json(&[
            "dualplane",
            "--kind",
            kind,
            "--n",
            n,
            "--generators",
            generators,
            "--json",
        ]);
        v.as_object_mut().unwrap().remove("simulate");
        v
    };
    // paper 004's Table 1 set, and an n = 4 set, as edge lists; the order is ascending
    let table1 = write(&dir, "plane1.edges", &plane(3, &[7, 3, 5]));
    assert_eq!(run("hc", "3", &table1), run("hc", "3", "3,5,7"));
    let four = write(&dir, "plane4.edges", &plane(4, &[7, 11, 13, 14]));
    assert_eq!(run("hc", "4", &four), run("hc", "4", "7,11,13,14"));
    // a folded cube's n + 1 generators (the last the XOR of the others)
    // a folded cube's n + 1 generators (read in ascending order: 1,3,5,7, the last the XOR of
    // the others); the order sets the routes, not the network, so its distances are 3,5,7's
    let folded = write(&dir, "folded.edges", &plane(3, &[3, 5, 7, 3 ^ 5 ^ 7]));
    let (from_file, given) = (run("fhc", "3", &folded), run("fhc", "3", "3,5,7"));
    assert_eq!(from_file["generators"][1], serde_json::json!([1, 3, 5, 7]));
    for key in ["avg_distance", "variant", "switches", "channels"] {
        assert_eq!(from_file[key], given[key], "{key}");
    }
    // the hypercube generator's own network, written as an edge list, is plane 0's set
    let cube = write(&dir, "hc4.edges", &edge_list("hc:4"));
    assert_eq!(run("hc", "4", &cube), run("hc", "4", "1,2,4,8"));
    // refused: another size, a wiring of too many XOR classes, a class not linking every switch
    for (file, n, says) in [
        (
            table1.clone(),
            "4",
            "has 8 switches; a plane of n = 4 has 2ⁿ = 16",
        ),
        (
            write(&dir, "full.edges", &edge_list("full:4")),
            "2",
            "for 3 values of h (1, 2, 3)",
        ),
        (
            write(&dir, "partial.edges", "0 1\n2 3\n0 2\n"),
            "2",
            "1 link joins x and x ⊕ 2;",
        ),
    ] {
        let (code, err) =
            cli::refused(&["dualplane", "--kind", "hc", "--n", n, "--generators", &file]);
        assert!(
            code != Some(0) && err.contains("plane 1 from") && err.contains(says),
            "{file}: {err}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 62: a field the user did not set never refuses their network. On a network from a
/// file (our own GraphML export of LRT(64,4,2), which LOREN and DOR cannot route as a file),
/// the Routing lab's scheme, the Simulate lab's routing and the BookSim export's routing are
/// `auto` by default: each runs shortest paths and says which and why; on LRT the Routing lab
/// keeps LOREN and on a mesh the Simulate lab dimension order; a routing the user names is
/// kept and refused with its reason.
#[test]
fn defaults_fit_a_network_from_a_file() {
    let dir = folder("defaults");
    let exported = dir.join("lrt.graphml");
    let topo = build("lrt:64:4:2").unwrap();
    std::fs::write(&exported, graphml(&topo, &NetworkExtras::default())).unwrap();
    let file = format!("file:{}", exported.display());

    let routing = cli::json(&["routing", "--topology", &file, "--json"]);
    assert_eq!(routing["scheme"], "shortest", "{routing}");
    assert!(routing["scheme_default"]
        .as_str()
        .unwrap()
        .contains("LOREN needs"));
    let lrt = cli::json(&["routing", "--json"]);
    assert_eq!(lrt["scheme"], "loren");

    let sim = cli::json(&["sim", "--topology", &file, "--rate", "0.05", "--json"]);
    assert_eq!(sim["routing"], "shortest", "{sim}");
    assert!(sim["routing_default"].as_str().unwrap().contains("a file"));
    assert!(sim["accepted_flits_per_node_cycle"].as_f64().unwrap() > 0.04);
    let mesh = cli::json(&["sim", "--topology", "mesh:4x4", "--rate", "0.05", "--json"]);
    assert_eq!(mesh["routing"], "dor");

    let out = dir.join("booksim");
    let export = cli::run(&[
        "export",
        "booksim",
        "--topology",
        &file,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(export.status.success(), "{export:?}");
    let config = std::fs::read_to_string(out.join("booksim.cfg")).unwrap();
    assert!(config.contains("routing shortest"), "{config}");

    // named by the user: kept, and refused with the reason
    let named = cli::run(&["sim", "--topology", &file, "--routing", "dor", "--json"]);
    assert!(!named.status.success());
    assert!(String::from_utf8_lossy(&named.stderr).contains("routing"));
}
