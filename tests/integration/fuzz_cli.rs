//! Bounded fuzzing of the CLI's flags: seeded random command lines built from every subcommand,
//! every flag and hostile values (zero, negatives, NaN, 2^64 and beyond, counts past each limit,
//! long and odd strings, unreadable files, broken permalinks), run against the real binary.
//! Every case must end with exit 0 or 2 — never a panic (101), a signal or an abort — within a
//! time bound, and must not echo kilobytes of its input. Sizes that would be valid but slow in
//! a debug build stay out of the pool; tests/integration/limits.rs and tests/release/at_limits.rs cover those.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const CASES: usize = 300;
/// The memory a case may hold (the bound for any request).
const MEMORY_BYTES: u64 = 4 << 30;
/// Far above any case's honest run time in a debug build; a case past it hangs.
const PATIENCE: Duration = Duration::from_secs(60);

const TOPOLOGIES: &[&str] = &[
    "mesh:4x4",
    "torus:3x3x3",
    "hypercube:4",
    "fattree:4:2",
    "full:8",
    "lrt:16:4:2",
    "lrt:fig4",
    "mesh:8x0",
    "mesh:512x512",
    "full:1025",
    "lrt:65536:4:2",
    "lrt:64:1:2",
    "lrt:64:4:0",
    "hypercube:99",
    "fattree:1:3",
    "fattree:99999999999:99",
    "torus:",
    "",
    ":::",
    "mesh:4x4\u{7f}",
    "é:é",
];
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "16",
    "-1",
    "0.5",
    "NaN",
    "inf",
    "1e309",
    "10001",
    "16385",
    "100000007",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "",
    "x",
];
const WORDS: &[&str] = &[
    "uniform",
    "transpose",
    "bitcomp",
    "hotspot:0.3",
    "hotspot:NaN",
    "local:2",
    "all-to-all",
    "randperm",
    "dor",
    "shortest",
    "updown",
    "nca",
    "loren",
    "loren:0",
    "loren:99999999999999999999",
    "cowen:0.5",
    "cowen:NaN",
    "src_greedy",
    "hcLtoS_polling",
    "path-scatter",
    "nonsense",
    "",
];
const FILES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/nonexistent/dir/file",
    "/proc/self/status",
    "v1.",
    "v1.!!!!",
    "v2.eJyrVg",
    "v1.eJyrVg",
    "https://example.org/topolab/#v1.AAAA",
    "#",
];

/// The surfaces added since the first hardening: small plausible networks first, then specs
/// with trailing parts, no endpoints, or sizes at and past the limits.
const NEW_TOPOLOGIES: &[&str] = &[
    "mesh:4x4",
    "tree2:2x4",
    "dual:hc:3",
    "hypercube:3",
    "tree2:8x32:full:extra",
    "tree2:8x0",
    "dual:hc:8:x16",
    "dual:fhc:99",
    "full:64",
    "torus:4x4:junk",
];
/// Rates, loads, time limits and factors: in range, at its ends, just past them, non-finite.
const FLOATS: &[&str] = &[
    "0.1", "0.5", "1", "1e-17", "1.5", "2", "0", "-0.1", "1e308", "NaN", "inf", "-inf", "",
];
const CTC_TRAFFIC: &[&str] = &[
    "random:8:0.5",
    "stencil:4x4",
    "random:8:0",
    "random:99999:0.5",
    "csv:/dev/zero",
    "csv:/nonexistent",
    "fft:3",
    "random:8:0.5:extra",
];
const OCS_APPS: &[&str] = &[
    "neighbor",
    "cg",
    "matrix:/dev/zero",
    "matrix:/dev/null",
    "matrix:/nonexistent",
    "lu",
    "nope",
];

fn pick<'a>(rng: &mut ChaCha8Rng, from: &[&'a str]) -> &'a str {
    from[rng.random_range(0..from.len())]
}

/// Mostly a plausible value (the first `plausible` of `pool`), now and then a long or
/// strange one, else anything from `pool`.
fn value(rng: &mut ChaCha8Rng, pool: &[&str], plausible: usize) -> String {
    match rng.random_range(0..20) {
        0 => "9".repeat(rng.random_range(30..5000)),
        1 => "mesh:".to_string() + &"4x".repeat(rng.random_range(10..3000)) + "4",
        2..=16 if plausible > 0 => pick(rng, &pool[..plausible.min(pool.len())]).to_string(),
        _ => pick(rng, pool).to_string(),
    }
}

/// A flag, the values it takes (empty: none) and how many of them lead the pool as plausible.
type Flag = (&'static str, &'static [&'static str], usize);

fn command_line(rng: &mut ChaCha8Rng) -> Vec<String> {
    // (command, its required flags, its optional flags)
    let (command, required, optional): (&str, &[Flag], &[Flag]) = match rng.random_range(0..11) {
        6 => (
            "sim",
            &[("--topology", NEW_TOPOLOGIES, 3), ("--routing", WORDS, 0)],
            &[
                ("--rate", FLOATS, 4),
                ("--vcs", NUMBERS, 5),
                ("--buf", NUMBERS, 5),
                ("--packet", NUMBERS, 5),
                ("--warmup", NUMBERS, 3),
                ("--cycles", NUMBERS, 4),
                ("--drain", NUMBERS, 3),
                ("--seed-count", NUMBERS, 3),
                ("--json", &[], 0),
            ],
        ),
        7 => (
            "export",
            &[
                ("", &["booksim", "graphml", "dot", "nope"], 3),
                ("--topology", NEW_TOPOLOGIES, 4),
                ("--routing", WORDS, 0),
                ("--out", FILES, 0),
            ],
            &[
                ("--rate", FLOATS, 4),
                ("--force", &[], 0),
                ("--json", &[], 0),
            ],
        ),
        8 => (
            "dualplane",
            &[("--kind", &["hc", "fhc", "x"], 2), ("--n", NUMBERS, 5)],
            &[
                ("--effort", FLOATS, 3),
                ("--search", &[], 0),
                ("--generators", &["1,2,4", "3,5,6", "1,1,1", "x"], 2),
                ("--json", &[], 0),
            ],
        ),
        9 => (
            "ocs-relay",
            &[],
            &[
                (
                    "--edge",
                    &["4x4", "8x32", "2x0", "8x32x", "99999x99999", "4x4:extra"],
                    2,
                ),
                ("--app", OCS_APPS, 2),
                ("--matrix", FILES, 1),
                ("--compute-us", FLOATS, 4),
                ("--iterations", NUMBERS, 3),
                ("--csv", FILES, 1),
                ("--json", &[], 0),
            ],
        ),
        10 => (
            "ctc",
            &[("--traffic", CTC_TRAFFIC, 2)],
            &[
                ("--iterations", NUMBERS, 5),
                ("--time-limit-s", FLOATS, 3),
                ("--matrix", FILES, 1),
                ("--t0", FLOATS, 4),
                ("--cooling", FLOATS, 4),
                ("--planes", NUMBERS, 5),
                ("--ports", NUMBERS, 5),
                ("--json", &[], 0),
            ],
        ),
        0 | 1 => (
            "slots",
            &[("--topology", TOPOLOGIES, 7)],
            &[
                ("--pattern", WORDS, 7),
                ("--routing", WORDS, 0),
                ("--policy", WORDS, 0),
                ("--all2all", WORDS, 0),
                ("--seed", NUMBERS, 5),
                ("--seeds", NUMBERS, 5),
                ("--svg", FILES, 1),
                ("--overview-svg", FILES, 1),
                ("--csv", FILES, 1),
                ("--graphml", FILES, 1),
                ("--dot", FILES, 1),
                ("--json", &[], 0),
                ("--trace", &[], 0),
            ],
        ),
        2 => (
            "routing",
            &[("--topology", TOPOLOGIES, 7)],
            &[
                ("--scheme", WORDS, 0),
                ("--tmax", NUMBERS, 5),
                ("--alpha", NUMBERS, 0),
                ("--traffic", WORDS, 4),
                ("--patterns", NUMBERS, 5),
                ("--source", NUMBERS, 5),
                ("--destination", NUMBERS, 5),
                ("--walk", &[], 0),
                ("--table-study", NUMBERS, 5),
                ("--seed", NUMBERS, 5),
                ("--json", &[], 0),
            ],
        ),
        3 => (
            "topogen",
            &[
                ("--nodes", NUMBERS, 5),
                ("--degree", NUMBERS, 5),
                ("--pattern", WORDS, 7),
            ],
            &[
                ("--target-slots", NUMBERS, 5),
                ("--fail", NUMBERS, 5),
                ("--fail-random", NUMBERS, 5),
                ("--message-bytes", NUMBERS, 5),
                ("--seed", NUMBERS, 5),
                ("--anynet", FILES, 1),
                ("--json", &[], 0),
            ],
        ),
        4 => (
            "run",
            &[("", FILES, 0)],
            &[("--json", &[], 0), ("--svg", FILES, 1)],
        ),
        _ => (
            "study",
            &[
                ("", FILES, 0),
                ("", &["tradeoff", "compare", "table-study", "nope"], 3),
            ],
            &[(
                "--args",
                &[
                    "{}",
                    "{\"count\": 2}",
                    "{\"count\": 99999999999}",
                    "[",
                    "null",
                ],
                2,
            )],
        ),
    };
    let mut argv = vec![command.to_string()];
    let push = |argv: &mut Vec<String>, rng: &mut ChaCha8Rng, &(flag, pool, plausible): &Flag| {
        if !flag.is_empty() {
            argv.push(flag.to_string());
        }
        if !pool.is_empty() {
            argv.push(value(rng, pool, plausible));
        }
    };
    for flag in required {
        // now and then a required flag is missing
        if rng.random_range(0..10) > 0 {
            push(&mut argv, rng, flag);
        }
    }
    let mut chosen: Vec<usize> = (0..rng.random_range(0..5))
        .map(|_| rng.random_range(0..optional.len()))
        .collect();
    chosen.sort_unstable();
    // a repeated flag now and then (clap refuses it), else each once
    if rng.random_range(0..10) > 0 {
        chosen.dedup();
    }
    for i in chosen {
        push(&mut argv, rng, &optional[i]);
    }
    argv
}

/// Run `argv`, returning the exit code (None: killed by a signal), stderr and the run time.
fn run(argv: &[String]) -> (Option<i32>, String, usize, Duration) {
    let started = Instant::now();
    // files the command line names relatively (`--svg v1.`) land in a scratch directory
    let scratch = std::env::temp_dir().join(format!("topolab-fuzz-cli-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch directory");
    let mut child = Command::new(env!("CARGO_BIN_EXE_topolab"))
        .current_dir(&scratch)
        .args(argv)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the CLI starts");
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = stdout.read_to_end(&mut buf);
        buf.len()
    });
    let err = std::thread::spawn(move || {
        let mut buf = String::new();
        let _ = stderr.read_to_string(&mut buf);
        buf
    });
    let pid = child.id();
    let mut peak = 0u64;
    let status = loop {
        // the child's peak resident memory, read while it runs (its status goes with it)
        if let Some(kb) = std::fs::read_to_string(format!("/proc/{pid}/status"))
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("VmHWM:"))
                    .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
            })
        {
            peak = peak.max(kb * 1024);
        }
        assert!(
            peak < MEMORY_BYTES,
            "`topolab {}` held {peak} bytes",
            shown(argv)
        );
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            panic!("`topolab {}` ran past {PATIENCE:?}", shown(argv));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    (
        status.code(),
        err.join().unwrap(),
        out.join().unwrap(),
        started.elapsed(),
    )
}

/// A command line as shown in a failure (long values cut).
fn shown(argv: &[String]) -> String {
    argv.iter()
        .map(|a| {
            if a.chars().count() > 40 {
                format!(
                    "{}…({} chars)",
                    a.chars().take(40).collect::<String>(),
                    a.len()
                )
            } else {
                format!("{a:?}")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn hostile_command_lines_end_in_a_result_or_a_plain_error() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x70_70_1a_b0);
    let mut slowest = (Duration::ZERO, String::new());
    let mut refused = 0;
    for _ in 0..CASES {
        let argv = command_line(&mut rng);
        let (code, stderr, stdout_bytes, took) = run(&argv);
        let line = shown(&argv);
        assert!(
            matches!(code, Some(0) | Some(2)),
            "`topolab {line}` ended with {code:?}: {stderr:.2000}"
        );
        assert!(
            !stderr.contains("panicked"),
            "`topolab {line}` panicked: {stderr:.2000}"
        );
        assert!(
            stderr.len() < 4096,
            "`topolab {line}` wrote {} bytes of error",
            stderr.len()
        );
        if code == Some(2) {
            refused += 1;
            assert!(
                stdout_bytes < 1 << 20,
                "`topolab {line}` failed after printing"
            );
        }
        if took > slowest.0 {
            slowest = (took, line);
        }
    }
    eprintln!(
        "{CASES} command lines, {refused} refused; slowest {:?}: topolab {}",
        slowest.0, slowest.1
    );
    assert!(
        refused > CASES / 4 && refused < CASES,
        "the pool reaches both outcomes"
    );
}
