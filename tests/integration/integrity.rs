//! The integrity promises on the CLI (issue 23): no output overwrites an input (every output
//! flag, through symbolic and hard links), exports do not replace files without --force,
//! file inputs are size-capped, rates are honoured exactly or refused with their range,
//! specs are parsed whole, undefined metrics are null, documented model limits hold on every
//! path, exports are valid for their reader, and a request's work is bounded as a whole.

use crate::common::cli::{json, refused};
use std::path::{Path, PathBuf};

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("topolab-integrity-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `topolab ARGS` refused with exit code 2: what it said.
fn refusal(args: &[&str]) -> String {
    let (code, message) = refused(args);
    assert_eq!(code, Some(2), "topolab {}: {message}", args.join(" "));
    message
}

const SCENARIO: &str = r#"{"version":1,"lab":"slots","seed":1,"slots":{"topology":"mesh:4x4"}}"#;

#[test]
fn no_output_flag_overwrites_the_scenario_it_reads() {
    let dir = scratch("outputs");
    let input = dir.join("S.json");
    std::fs::write(&input, SCENARIO).unwrap();
    let symlink = dir.join("link.json");
    std::os::unix::fs::symlink(&input, &symlink).unwrap();
    let hardlink = dir.join("hard.json");
    std::fs::hard_link(&input, &hardlink).unwrap();
    let dotted = dir.join(".").join("S.json");
    for flag in ["--svg", "--csv", "--anynet", "--overview-svg"] {
        for target in [&input, &symlink, &hardlink, &dotted] {
            let message = refusal(&["run", text(&input), flag, text(target)]);
            assert!(
                message.contains(flag) && message.contains("never replaces an input"),
                "{flag}: {message}"
            );
        }
    }
    assert_eq!(
        std::fs::read_to_string(&input).unwrap(),
        SCENARIO,
        "the input is intact"
    );
    // two outputs to one file: refused before running, nothing written
    let out = dir.join("out.csv");
    let message = refusal(&[
        "run",
        text(&input),
        "--csv",
        text(&out),
        "--svg",
        text(&out),
    ]);
    assert!(
        message.contains("give each output its own file"),
        "{message}"
    );
    assert!(!out.exists());
    // a separate output works
    json(&["run", text(&input), "--csv", text(&out), "--json"]);
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .starts_with("channel"));
}

#[test]
fn export_refuses_to_replace_files_without_force() {
    let dir = scratch("export");
    let args = [
        "export",
        "booksim",
        "--topology",
        "mesh:4x4",
        "--routing",
        "dor",
        "--out",
        text(&dir),
        "--json",
    ];
    let first = json(&args);
    assert_eq!(first["network"], "native");
    std::fs::write(dir.join("booksim.cfg"), "mine").unwrap();
    let message = refusal(&args);
    assert!(message.contains("exists; give --force"), "{message}");
    assert_eq!(
        std::fs::read_to_string(dir.join("booksim.cfg")).unwrap(),
        "mine"
    );
    let mut forced = args.to_vec();
    forced.push("--force");
    json(&forced);
    assert_ne!(
        std::fs::read_to_string(dir.join("booksim.cfg")).unwrap(),
        "mine"
    );
}

/// An endless input never reaches memory: a device is refused before it is opened (issue 53:
/// only regular files are read), and a regular file above its cap before it is read.
#[test]
fn file_inputs_are_capped_before_they_are_read() {
    for args in [
        vec!["ocs-relay", "--app", "matrix", "--matrix", "/dev/zero"],
        vec!["ctc", "--traffic", "csv", "--matrix", "/dev/zero"],
        vec!["run", "/dev/zero"],
    ] {
        let message = refusal(&args);
        assert!(
            message.contains("is a device, not a file to read"),
            "{args:?}: {message}"
        );
    }
    let big = std::env::temp_dir().join(format!("topolab-capped-{}.json", std::process::id()));
    std::fs::File::create(&big)
        .unwrap()
        .set_len(topolab::scenario::MAX_SCENARIO_FILE_BYTES + 1)
        .unwrap();
    let message = refusal(&["run", big.to_str().unwrap()]);
    let _ = std::fs::remove_file(&big);
    assert!(message.contains("larger than"), "{message}");
}

#[test]
fn a_rate_is_honoured_exactly_or_refused_with_its_range() {
    let tiny = json(&[
        "sim",
        "--topology",
        "mesh:4x4",
        "--routing",
        "dor",
        "--rate",
        "1e-17",
        "--json",
    ]);
    assert_eq!(tiny["offered_flits_per_node_cycle"], 1e-17);
    assert_eq!(
        tiny["measured_packets"], 0,
        "1e-17 packets per cycle is no packet in 12,000 cycles"
    );
    for (rate, packet) in [
        ("1.5", "1"),
        ("2", "1"),
        ("3", "4"),
        ("0", "4"),
        ("-1", "4"),
    ] {
        let rate = format!("--rate={rate}");
        let message = refusal(&[
            "sim",
            "--topology",
            "dual:hc:3",
            "--routing",
            "dual-plane",
            &rate,
            "--packet",
            packet,
        ]);
        assert!(message.starts_with("error: --rate:"), "{message}");
    }
    let message = refusal(&[
        "sim",
        "--topology",
        "mesh:4x4",
        "--routing",
        "dor",
        "--rate",
        "NaN",
    ]);
    assert!(
        message.contains("--rate") && message.contains("not a finite number"),
        "{message}"
    );
}

#[test]
fn specs_are_parsed_whole_and_need_endpoints() {
    for (topology, says) in [
        ("tree2:8x32:full:extra", "':extra' is not part of it"),
        ("tree2:8x0", "at least 1 node"),
        ("mesh:4x4:3", "':3' is not part of it"),
        ("dual:hc:3:1,2,4:x1:x2", "write dual"),
    ] {
        let message = refusal(&["sim", "--topology", topology, "--routing", "shortest"]);
        assert!(message.contains(says), "{topology}: {message}");
        refusal(&["slots", "--topology", topology]);
    }
    let message = refusal(&[
        "slots",
        "--topology",
        "mesh:4x4",
        "--pattern",
        "transpose:1",
    ]);
    assert!(message.contains("':1' is not part of it"), "{message}");
}

#[test]
fn undefined_metrics_are_null_or_refused() {
    // one plane of one port for 32 LCs: most demands cannot be served
    let v = json(&[
        "ctc",
        "--traffic",
        "random:32:0.9",
        "--planes",
        "1",
        "--ports",
        "1",
        "--order",
        "hdf",
        "--json",
    ]);
    assert!(!v["unserved"].as_array().unwrap().is_empty());
    assert!(
        v["avg_hops"].is_null(),
        "avg_hops with unserved demands: {}",
        v["avg_hops"]
    );
    // hop-bytes counts the served demands, the bound every demand: no gap between the two
    // (it was −99%: hop_bytes 64 beside a bound of 8,000)
    assert!(v["lower_bound"].as_u64().is_some());
    assert!(
        v["gap_to_bound"].is_null(),
        "gap_to_bound with unserved demands: {}",
        v["gap_to_bound"]
    );
    // a matrix whose messages are all empty is no traffic
    let dir = scratch("empty");
    let matrix = dir.join("zero.csv");
    std::fs::write(&matrix, "0,1,100,0\n1,0,5,0\n").unwrap();
    let file = matrix.display().to_string();
    let args = [
        "ocs-relay",
        "--edge",
        "2x4",
        "--ocs-nodes",
        "2",
        "--source",
        "0",
        "--destination",
        "5",
        "--app",
        "matrix",
        "--matrix",
        &file,
        "--json",
    ];
    let message = refusal(&args);
    assert!(message.contains("no traffic"), "{message}");
    // a rank sending only to itself: nothing crosses the network, so no ratio of times
    std::fs::write(&matrix, "0,0,100,1\n").unwrap();
    let v = json(&args);
    assert_eq!(v["time_eps_only_s"], 0.0);
    assert!(v["relative_time"].is_null(), "{}", v["relative_time"]);
}

#[test]
fn documented_model_limits_hold_on_every_path() {
    for kind in ["hc", "fhc"] {
        let message = refusal(&["dualplane", "--kind", kind, "--n", "13"]);
        assert!(
            message.contains("floor model of §3 ends at 12"),
            "{kind}: {message}"
        );
    }
    refusal(&["dualplane", "--kind", "hc", "--n", "15"]);
}

#[test]
fn exports_are_valid_for_their_reader_or_refused() {
    let dir = scratch("booksim");
    let message = refusal(&[
        "export",
        "booksim",
        "--topology",
        "dual:hc:4",
        "--routing",
        "dual-plane",
        "--out",
        text(&dir),
    ]);
    assert!(
        message.contains("second plane would have no node"),
        "{message}"
    );
    let message = refusal(&[
        "export",
        "booksim",
        "--topology",
        "hypercube:4",
        "--routing",
        "shortest",
        "--rate",
        "1.5",
        "--packet",
        "4",
        "--out",
        text(&dir),
    ]);
    assert!(message.contains("(0, 1]"), "{message}");
    assert!(!dir.join("anynet").exists(), "nothing written when refused");
}

#[test]
fn a_request_is_bounded_as_a_whole() {
    // each run fits, but 200 loads × 32 seeds do not
    let message = refusal(&[
        "sim",
        "--topology",
        "mesh:8x8",
        "--routing",
        "dor",
        "--sweep",
        "--sweep-step",
        "0.005",
        "--seed-count",
        "32",
    ]);
    assert!(
        message.starts_with("error: --seed-count:") && message.contains("router-cycles"),
        "{message}"
    );
    // buffers and queues estimated before anything is allocated
    let message = refusal(&[
        "sim",
        "--topology",
        "full:64",
        "--routing",
        "shortest",
        "--vcs",
        "64",
        "--buf",
        "1024",
    ]);
    assert!(
        message.starts_with("error: --buf:") && message.contains("MiB"),
        "{message}"
    );
    // a search effort whose request would run for minutes
    let message = refusal(&[
        "dualplane",
        "--kind",
        "fhc",
        "--n",
        "12",
        "--search",
        "--objective",
        "delay",
        "--effort",
        "100",
    ]);
    assert!(message.contains("use an effort of at most 55"), "{message}");
    // a float that becomes a duration
    let message = refusal(&[
        "ctc",
        "--traffic",
        "random:16:0.5",
        "--solver",
        "ilp",
        "--time-limit-s",
        "1e308",
    ]);
    assert!(message.starts_with("error: --time-limit-s:"), "{message}");
    let message = refusal(&["ctc", "--table1", "--ilp-time-limit", "1e308"]);
    assert!(message.starts_with("error: --ilp-time-limit:"), "{message}");
}

#[test]
fn a_full_source_queue_counts_what_the_network_refused() {
    // 2,048 nodes under each of two edge switches at full rate: far more than a 3-router
    // tree can carry; the source queues stop at their bound and the excess is counted
    let v = json(&[
        "sim",
        "--topology",
        "tree2:2x2048",
        "--routing",
        "shortest",
        "--rate",
        "1",
        "--packet",
        "1",
        "--warmup",
        "100",
        "--cycles",
        "1500",
        "--drain",
        "100",
        "--json",
    ]);
    assert!(
        v["refused_packets"].as_u64().unwrap() > 0,
        "{}",
        v["refused_packets"]
    );
    assert_eq!(v["saturated"], true);
    assert!(v["accepted_flits_per_node_cycle"].as_f64().unwrap() < 0.01);
}

/// What a cycle costs is counted, not only the routers (issue 53): a router of 575 ports, 4,096
/// end nodes on 3 routers, or 4,096 end nodes on 512 routers at rate 1 are refused before any
/// route is built, naming the part of a cycle that costs and the cycles that fit, and those
/// cycles are accepted.
#[test]
fn a_cycle_is_counted_by_what_it_costs() {
    // (each at the default 22,000 cycles, within the router-cycle limit; the largest part of
    // each cycle's work named)
    for (topology, routing, largest) in [
        ("full:576", "shortest", "47776 for the routers' crosspoints"),
        (
            "tree2:2x2048",
            "shortest",
            "2099 for the routers' crosspoints",
        ),
        ("dual:hc:8:x16", "dual-plane", "4096 expected flit-hops"),
    ] {
        let message = refusal(&[
            "sim",
            "--topology",
            topology,
            "--routing",
            routing,
            "--rate",
            "1",
        ]);
        assert!(
            message.starts_with("error: --cycles: a cycle is about")
                && message.contains(largest)
                && message.contains("one run may take on this network: at most"),
            "{topology}: {message}"
        );
    }
    // one cycle more than it names is refused too (the estimate is the same arithmetic)
    let full = |more: &[&str]| {
        let mut args = vec!["sim", "--topology", "full:576", "--routing", "shortest"];
        args.extend(["--rate", "1"]);
        args.extend(more);
        refusal(&args)
    };
    let message = full(&[]);
    let most: u64 = message
        .split("at most ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{message}"));
    assert!((1000..2000).contains(&most), "{message}");
    let cycles = (most + 1).to_string();
    let over = full(&["--warmup", "0", "--drain", "0", "--cycles", &cycles]);
    assert!(over.contains("at most"), "{over}");
}

/// A run on 16,384 routers is held to the same work limit as any run, so it ends within
/// seconds; a run that may take minutes is asked for by name (`--long-run`), and the refusal
/// says so with the estimate. A long run has no work limit (issue 62: the project's own studies
/// exceeded the 600 million it had): only the packet latencies one run keeps
/// (`MAX_LONG_RUN_SAMPLES`, 2 GiB), which hc:14 at rate 1 reaches at 32,768 measured cycles.
#[test]
fn a_long_run_is_asked_for_by_name() {
    // hc:14 at rate 1 with a window of `warmup`, `cycles`, `drain` and the `more` flags
    let hc14 = |[warmup, cycles, drain]: [&str; 3], more: &[&str]| {
        let mut args = vec![
            "sim",
            "--topology",
            "hc:14",
            "--routing",
            "dor",
            "--rate",
            "1",
        ];
        args.extend(["--warmup", warmup, "--cycles", cycles, "--drain", drain]);
        args.extend(more);
        refusal(&args)
    };
    let message = hc14(["1000", "3000", "1000"], &[]);
    assert!(
        message.contains("above the 60 million one run may take")
            && message.contains("ask for a long run, --long-run: about"),
        "{message}"
    );
    // with --long-run any work is taken, but not more latencies than it may keep; nothing more
    // is offered
    let message = hc14(["1000", "40000", "1000"], &["--long-run"]);
    assert!(
        message.contains("packet latencies")
            && message.contains("at most 32768 measured cycles")
            && !message.contains("--long-run"),
        "{message}"
    );
}

/// Every output flag of every lab keeps an existing file unless `--force` is given (issue 53:
/// `export … --out` refused while `slots --graphml` replaced), refusing before the run; with
/// `--force` the file is replaced.
#[test]
fn every_lab_output_flag_keeps_an_existing_file_without_force() {
    let dir = scratch("output-flags");
    let labs: [&[&str]; 7] = [
        &["slots", "--topology", "mesh:4x4"],
        &[
            "topogen",
            "--nodes",
            "16",
            "--degree",
            "4",
            "--pattern",
            "uniform",
        ],
        &["routing", "--topology", "mesh:4x4", "--scheme", "shortest"],
        &[
            "sim",
            "--topology",
            "mesh:4x4",
            "--routing",
            "dor",
            "--warmup",
            "10",
            "--cycles",
            "100",
            "--drain",
            "10",
        ],
        &["dualplane", "--kind", "hc", "--n", "3"],
        &["ocs-relay", "--edge", "2x8", "--ocs-nodes", "4"],
        &["ctc"],
    ];
    let kept = dir.join("kept.txt");
    for lab in labs {
        for flag in ["--svg", "--csv", "--anynet", "--graphml", "--dot"] {
            std::fs::write(&kept, "the user's file\n").unwrap();
            let mut args = lab.to_vec();
            args.extend([flag, text(&kept)]);
            let message = refusal(&args);
            assert!(
                message.contains(&format!("{flag}: '"))
                    && message.contains("exists; give --force to replace it"),
                "{lab:?} {flag}: {message}"
            );
            assert_eq!(
                std::fs::read_to_string(&kept).unwrap(),
                "the user's file\n",
                "{lab:?} {flag}"
            );
        }
    }
    // with --force the file is the run's output
    let mut args = labs[0].to_vec();
    args.extend(["--graphml", text(&kept), "--force"]);
    let (code, message) = crate::common::cli::refused(&args);
    assert_eq!(code, Some(0), "{message}");
    assert!(std::fs::read_to_string(&kept).unwrap().contains("<graphml"));
}

/// A compare Scenario is run whole or not at all (issue 53): a side that cannot run is found
/// before the Scenario's own side runs and before any output is written, and a study of a
/// Scenario that compares is refused instead of dropping the other side without a word.
#[test]
fn a_comparison_runs_whole_or_writes_nothing() {
    let dir = scratch("compare");
    let scenario = dir.join("cmp.json");
    std::fs::write(
        &scenario,
        r#"{"version":1,"lab":"slots","seed":1,"slots":{"topology":"mesh:4x4"},"compare":{"seed":1,"section":{"topology":"mesh:3x5","pattern":"bitrev"}}}"#,
    )
    .unwrap();
    let csv = dir.join("loads.csv");
    let message = refusal(&["run", text(&scenario), "--csv", text(&csv)]);
    assert!(
        message.starts_with("error: compare:") && message.contains("power-of-two"),
        "{message}"
    );
    assert!(!csv.exists(), "no output of a comparison that failed");
    let message = refusal(&["study", "tradeoff", text(&scenario)]);
    assert!(
        message.contains("compares two configurations") && message.contains("was not run"),
        "{message}"
    );
}

/// What a run can be told before its work begins is told before it (issue 53): a router that
/// needs a kind of network (LOREN a floor, DOR a grid) is refused on the built network before any
/// table or distance is computed, and `scenario::precheck` says so without running, while the
/// choices that fit pass it (the page offers those); a comparison is checked whole, both sides'
/// networks and work, before either side runs.
#[test]
fn a_run_is_checked_before_its_work_begins() {
    use topolab::scenario::{precheck, Scenario};
    let scenario = |json: &str| Scenario::from_json(json).unwrap();
    let field = |json: &str| {
        precheck(&scenario(json))
            .err()
            .map(|e| (e.field(), e.to_string()))
    };
    // the Routing lab on a hypercube: LOREN refused by its field, the others fit
    let routing = |scheme: &str| {
        format!(
            r#"{{"version":1,"lab":"routing","seed":1,"routing":{{"topology":"hc:6","scheme":"{scheme}"}}}}"#
        )
    };
    let (at, message) = field(&routing("loren")).expect("LOREN needs a floor");
    assert_eq!(at.as_deref(), Some("routing.scheme"), "{message}");
    assert!(message.contains("square floor"), "{message}");
    for fits in ["cowen", "shortest"] {
        assert_eq!(field(&routing(fits)), None, "{fits}");
    }
    // the Simulate lab: DOR on a random topology, and a run above its work budget
    let sim = |section: &str| format!(r#"{{"version":1,"lab":"sim","seed":1,"sim":{section}}}"#);
    let (at, message) =
        field(&sim(r#"{"topology":"lrt:64:4:2","routing":"dor"}"#)).expect("DOR needs a grid");
    assert_eq!(at.as_deref(), Some("sim.routing"), "{message}");
    let too_much = r#"{"topology":"mesh:24x24","routing":"dor","rate":1,"cycles":1000000}"#;
    let (at, _) = field(&sim(too_much)).expect("above the work budget");
    assert_eq!(at.as_deref(), Some("sim.cycles"));
    assert_eq!(
        field(&sim(r#"{"topology":"mesh:4x4","routing":"dor"}"#)),
        None
    );
    // a comparison: either side above its budget is found before either runs
    let compare = |own: &str, other: &str| {
        format!(
            r#"{{"version":1,"lab":"sim","seed":1,"sim":{own},"compare":{{"seed":1,"section":{other}}}}}"#
        )
    };
    let small = r#"{"topology":"mesh:4x4","routing":"dor"}"#;
    let (at, _) = field(&compare(small, too_much)).expect("the other side");
    assert_eq!(at.as_deref(), Some("compare.sim.cycles"));
    let (at, _) = field(&compare(too_much, small)).expect("its own side");
    assert_eq!(at.as_deref(), Some("sim.cycles"));
    assert_eq!(field(&compare(small, small)), None);
    // and the CLI refuses the comparison whose own side is too large before running the other
    let dir = scratch("precheck");
    let file = dir.join("cmp.json");
    std::fs::write(&file, compare(too_much, small)).unwrap();
    let message = refusal(&["run", text(&file)]);
    assert!(
        // (a Scenario file's field by its path in the file)
        message.starts_with("error: sim.cycles:") && message.contains("at most"),
        "{message}"
    );
}

/// A refusal names what the user set, in words (issue 63, causes 3 and 5): a negative count
/// reaches our check instead of clap's "unexpected argument"; a load step too small for the
/// loads' 6 decimals is refused as the step, not as a rate of 0; a switch failed twice is not
/// reported as two failures; 0 random patterns is refused, not run as one and reported as 0.
#[test]
fn refusals_name_what_the_user_set() {
    for (args, expected) in [
        (
            &["sim", "--vcs", "-1"][..],
            "error: --vcs: a whole number from 1 up, not '-1'",
        ),
        (
            &["slots", "--seed", "-3"][..],
            "error: --seed: a whole number from 0 up, not '-3'",
        ),
        (
            &["sim", "--sweep", "--sweep-step", "1e-12"][..],
            "error: --sweep-step: a load step from 0.000001 to 1, not 0.000000000001",
        ),
        (
            &["topogen", "--fail", "3,3,3"][..],
            "error: --fail: switch 3 is listed 3 times; list each switch once",
        ),
        (
            &["routing", "--traffic", "uniform", "--patterns", "0"][..],
            "error: --patterns: from 1 to 10000 random patterns, not 0",
        ),
    ] {
        let message = refusal(args);
        assert_eq!(message.trim_end(), expected, "{}", args.join(" "));
    }
}

/// What an error echoes is bounded and inert (issue 63, cause 4): a file name's control
/// characters are written as escapes, a long name keeps its end, a message of many words is
/// cut to one readable line; a Scenario file with a byte-order mark is read as the network
/// files are; a random failure count is named as the flag the user set.
#[test]
fn what_an_error_echoes_is_bounded_and_inert() {
    let escape = refusal(&[
        "slots",
        "--topology",
        "file:/nowhere/\x1b[2Jclear\nnext.edges",
    ]);
    assert_eq!(escape.lines().count(), 1, "{escape:?}");
    assert!(!escape.contains('\x1b'), "{escape:?}");
    assert!(escape.contains("\\x1b[2Jclear\\nnext.edges"), "{escape}");
    let long = format!("file:/nowhere/{}/network.edges", "a".repeat(5000));
    let message = refusal(&["slots", "--topology", &long]);
    assert!(message.len() < 600, "{} bytes", message.len());
    assert!(message.contains("network.edges"), "{message}");
    let words = format!("file:/nowhere/{}", "word ".repeat(2000));
    let message = refusal(&["slots", "--topology", &words]);
    assert!(
        message.chars().count() < 500,
        "{} characters",
        message.chars().count()
    );
    assert!(message.contains("characters left out"), "{message}");
    // a byte-order mark before a Scenario's JSON
    let dir = scratch("bom");
    let scenario = dir.join("S.json");
    std::fs::write(&scenario, format!("\u{feff}{SCENARIO}")).unwrap();
    let value = json(&["run", scenario.to_str().unwrap(), "--json"]);
    assert!(value["max_slots"].as_u64().is_some(), "{value}");
    let message = refusal(&["topogen", "--fail-random", "500"]);
    assert!(
        message.starts_with("error: --fail-random: cannot fail 500 of"),
        "{message}"
    );
}

/// Issue 63, cause 5: `--force` onto a named pipe that nothing reads is refused at once (it
/// blocked for ever); with a reader the pipe gets the whole file, as a file would.
#[cfg(unix)]
#[test]
fn a_named_pipe_is_written_only_when_something_reads_it() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let dir = scratch("fifo");
    let fifo = dir.join("net.graphml");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here: nothing to test
    }
    let out = fifo.to_str().unwrap();
    let args = [
        "export",
        "graphml",
        "--topology",
        "mesh:2x2",
        "--out",
        out,
        "--force",
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_topolab"))
        .args(args)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    // (a generous bound on a hang, not a speed limit: the refusal comes without waiting)
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().ok();
            panic!("writing to a named pipe nothing reads still waits after 60 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut message = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut message).unwrap();
    assert_eq!(status.code(), Some(2), "{message}");
    assert!(
        message.contains("named pipe that nothing reads"),
        "{message}"
    );
    // with a reader: the whole GraphML comes through
    let reader = std::thread::spawn({
        let fifo = fifo.clone();
        move || std::fs::read_to_string(fifo).unwrap()
    });
    // (the reader opens first: try until the writer finds it there)
    let mut written = false;
    for _ in 0..500 {
        let run = Command::new(env!("CARGO_BIN_EXE_topolab"))
            .args(args)
            .output()
            .unwrap();
        if run.status.success() {
            written = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(written, "the pipe was never written");
    let text = reader.join().unwrap();
    assert!(
        text.trim_end().ends_with("</graphml>"),
        "{} bytes",
        text.len()
    );
    std::fs::remove_dir_all(&dir).ok();
}
