//! `topolab export booksim` (issue 10, "Interoperability"): the BookSim2 files say what the flit
//! simulator runs — native mesh + dim_order for a grid with DOR, anynet + min otherwise, the
//! same buffers, traffic, pipeline and measurement periods. BookSim itself is not needed.

use std::process::Command;
use topolab::export::booksim::booksim;
use topolab::routing::RouterSpec;
use topolab::sim::flit::SimParams;
use topolab::topology::build;

fn config(spec: &str, routing: &str, traffic: &str, params: &SimParams) -> (String, bool) {
    let topo = build(spec).unwrap();
    let files = booksim(
        &topo,
        &RouterSpec::parse(routing).unwrap(),
        traffic,
        params,
        1,
        "anynet",
    )
    .unwrap();
    assert_eq!(files.anynet, topolab::export::anynet(&topo).unwrap());
    (files.config, files.native)
}

/// The `key = value;` lines of a config, comments left out.
fn settings(config: &str) -> Vec<&str> {
    config
        .lines()
        .filter(|l| !l.starts_with("//") && !l.is_empty())
        .collect()
}

fn has(config: &str, line: &str) {
    assert!(
        settings(config).contains(&line),
        "no line '{line}' in:\n{config}"
    );
}

#[test]
fn mesh_with_dor_uses_booksims_own_mesh() {
    let (cfg, native) = config("mesh:8x8", "dor", "uniform", &SimParams::default());
    assert!(native);
    for line in [
        "topology = mesh;",
        "k = 8;",
        "n = 2;",
        "routing_function = dim_order;",
        "num_vcs = 4;",
        "vc_buf_size = 8;",
        "packet_size = 1;",
        "traffic = uniform;",
        "injection_rate_uses_flits = 1;",
        "injection_rate = 0.1;",
        "router = iq;",
        "wait_for_tail_credit = 0;",
        "vc_allocator = separable_input_first;",
        "sw_allocator = separable_input_first;",
        // 4 stages: 1 + 1 + 1 + 0 + 1, then the 1-cycle link
        "routing_delay = 1;",
        "vc_alloc_delay = 1;",
        "sw_alloc_delay = 1;",
        "st_prepare_delay = 0;",
        "st_final_delay = 1;",
        "credit_delay = 0;",
        // 2000 warm-up + 10,000 window cycles
        "sim_type = latency;",
        "sample_period = 2000;",
        "warmup_periods = 1;",
        "max_samples = 6;",
        "stopping_thres = 0.0;",
    ] {
        has(&cfg, line);
    }
    assert!(!settings(&cfg).iter().any(|l| l.starts_with("network_file")));
    assert!(cfg.contains("// Network: BookSim's native mesh"));
    // every setting is a key = value; line, every other line a comment
    for line in settings(&cfg) {
        assert!(line.contains(" = ") && line.ends_with(';'), "{line}");
    }
}

#[test]
fn a_torus_keeps_one_cycle_links_and_other_routers_go_to_anynet() {
    let (cfg, native) = config("torus:4x4", "dor", "transpose", &SimParams::default());
    assert!(native);
    has(&cfg, "topology = torus;");
    has(&cfg, "use_noc_latency = 0;");
    has(&cfg, "traffic = transpose;");
    // issue 61: the comments never offer anynet with min as the same experiment (it has no
    // dateline classes: a different one)
    for (spec, routing) in [
        ("torus:4x4", "dor"),
        ("mesh:4x4", "dor"),
        ("hypercube:4", "dor"),
    ] {
        let (cfg, native) = config(spec, routing, "uniform", &SimParams::default());
        assert!(native, "{spec}");
        let comments: Vec<&str> = cfg.lines().filter(|l| l.starts_with("//")).collect();
        assert!(
            comments
                .iter()
                .all(|l| !l.contains("routing_function = min")),
            "{spec}: {comments:?}"
        );
    }

    let (cfg, native) = config("lrt:64:4:2", "loren", "bitrev", &SimParams::default());
    assert!(!native);
    has(&cfg, "topology = anynet;");
    has(&cfg, "network_file = anynet;");
    has(&cfg, "routing_function = min;");
    has(&cfg, "traffic = bitrev;");
    assert!(cfg.contains("routes by loren"), "{cfg}");

    // unequal sides: no k-ary n-cube
    let (cfg, native) = config("mesh:8x4", "dor", "uniform", &SimParams::default());
    assert!(!native && cfg.contains("unequal sides"));
}

#[test]
fn a_fat_tree_under_nca_is_booksims_own_fattree() {
    let (cfg, native) = config("fattree:4:3", "nca", "uniform", &SimParams::default());
    assert!(native);
    has(&cfg, "topology = fattree;");
    has(&cfg, "k = 4;");
    has(&cfg, "n = 3;");
    has(&cfg, "routing_function = nca;");
    assert!(!cfg.contains("network_file"), "{cfg}");
    // up/down's d-mod-k climb is not BookSim's: anynet, and the comment names nca
    let (cfg, native) = config("fattree:4:3", "updown", "uniform", &SimParams::default());
    assert!(!native);
    has(&cfg, "topology = anynet;");
    assert!(cfg.contains("--routing nca"), "{cfg}");
}

#[test]
fn stages_warm_up_and_links_follow_the_parameters() {
    let params = SimParams {
        stages: 6,
        warmup: 3000,
        cycles: 10_000,
        credit_delay: 3,
        rate: 0.35,
        ..SimParams::default()
    };
    let (cfg, _) = config("mesh:4x4", "dor", "uniform", &params);
    has(&cfg, "st_prepare_delay = 2;");
    has(&cfg, "credit_delay = 2;");
    has(&cfg, "injection_rate = 0.35;");
    has(&cfg, "sample_period = 1000;");
    has(&cfg, "warmup_periods = 3;");
    has(&cfg, "max_samples = 13;");
    has(&cfg, "st_final_delay = 1;");

    // 3 stages: lookahead routing
    let (cfg, _) = config(
        "mesh:4x4",
        "dor",
        "uniform",
        &SimParams {
            stages: 3,
            ..SimParams::default()
        },
    );
    has(&cfg, "routing_delay = 0;");

    // a 2-cycle link: anynet with the latency on both directions of every link
    let topo = build("mesh:2x2").unwrap();
    let params = SimParams {
        link_latency: 2,
        ..SimParams::default()
    };
    let files = booksim(
        &topo,
        &RouterSpec::parse("dor").unwrap(),
        "uniform",
        &params,
        1,
        "anynet",
    )
    .unwrap();
    assert!(!files.native);
    assert!(
        files.anynet.starts_with(
            "router 0 node 0 router 1 2 router 2 2\nrouter 1 node 1 router 0 2 router 3 2\n"
        ),
        "{}",
        files.anynet
    );
}

#[test]
fn what_booksim_cannot_run_is_refused() {
    let topo = build("mesh:4x4").unwrap();
    let dor = RouterSpec::parse("dor").unwrap();
    let e = booksim(&topo, &dor, "local:1.5", &SimParams::default(), 1, "anynet").unwrap_err();
    assert!(e.to_string().contains("BookSim2 has no pattern"), "{e}");
    // the page names the anynet file as it downloads it
    let lrt = build("lrt:64:4:2").unwrap();
    let loren = RouterSpec::parse("loren").unwrap();
    let files = booksim(
        &lrt,
        &loren,
        "uniform",
        &SimParams::default(),
        1,
        "x.anynet",
    )
    .unwrap();
    has(&files.config, "network_file = x.anynet;");
    let two = SimParams {
        stages: 2,
        ..SimParams::default()
    };
    let e = booksim(&topo, &dor, "uniform", &two, 1, "anynet").unwrap_err();
    assert!(e.to_string().contains("at least 3"), "{e}");
    // cables as latencies: one latency per channel is all the export writes
    let cabled = SimParams {
        latency_per_m: 1.0,
        ..SimParams::default()
    };
    let e = booksim(&topo, &dor, "uniform", &cabled, 1, "anynet").unwrap_err();
    assert_eq!(e.field().as_deref(), Some("latency_per_m"), "{e}");
}

/// `topolab export booksim ARGS --json --out DIR`.
fn export(args: &[&str], dir: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_topolab"))
        .args(["export", "booksim"])
        .args(args)
        .args(["--json", "--out"])
        .arg(dir)
        .output()
        .unwrap()
}

#[test]
fn the_cli_writes_both_files() {
    let dir = std::env::temp_dir().join(format!("topolab-export-{}", std::process::id()));
    let out = export(
        &[
            "--topology",
            "mesh:8x8",
            "--routing",
            "dor",
            "--rate",
            "0.3",
        ],
        &dir,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["network"], "native");
    let cfg = std::fs::read_to_string(dir.join("booksim.cfg")).unwrap();
    has(&cfg, "injection_rate = 0.3;");
    let anynet = std::fs::read_to_string(dir.join("anynet")).unwrap();
    assert_eq!(anynet.lines().count(), 64);
    assert!(anynet.starts_with("router 0 node 0 router 1 router 8\n"));
    std::fs::remove_dir_all(&dir).unwrap();

    // dor on a random network: the routing's own error, exit 2, nothing written
    let never = std::env::temp_dir().join("topolab-export-never");
    let out = export(&["--topology", "lrt:64:4:2", "--routing", "dor"], &never);
    assert_eq!(out.status.code(), Some(2));
    assert!(!never.exists());
}
