//! The `topolab` command line: the same Scenario types as the page, one JSON object per run
//! with `--json`. Each lab brings its subcommand (`LAB_COMMANDS`: flags → the lab's
//! configuration); `run`, `study` and `permalink` work for every lab through the registry.
//! Errors print one line on stderr and exit with code 2.

use crate::labs::LAB_COMMANDS;
use crate::progress::LongRun;
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;
use topolab::error::bounded;
use topolab::export::graph::NetworkFormat;
use topolab::labs::LabRun;
use topolab::scenario::{self, decode_permalink, encode_permalink, Scenario};

/// `println!` that ends quietly when stdout is closed (`topolab … | head`): a closed pipe is
/// the reader's choice, not an error to panic over.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
        }
    }};
}
pub(crate) use out;

/// A lab's subcommand: its flags (a clap `Args` type) and what it does with them.
pub struct LabCommand {
    pub name: &'static str,
    pub about: &'static str,
    pub args: fn(clap::Command) -> clap::Command,
    pub execute: fn(&ArgMatches) -> Result<(), String>,
}

/// Typed flags of a lab's subcommand from its matches.
pub fn flags<A: FromArgMatches>(matches: &ArgMatches) -> Result<A, String> {
    A::from_arg_matches(matches).map_err(|e| e.to_string())
}

#[derive(Parser)]
#[command(
    name = "topolab",
    version,
    about = "Interconnection-network playground: the labs of the Topolab page on the command line"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Check the command as its run would (flags, files, sizes, the work against its budget)
    /// and stop before its work begins: "check passed" or the refusal the run would give.
    #[arg(long, global = true)]
    check: bool,
    /// Print a progress line per finished point on standard error even when it is not a
    /// terminal (a log); on a terminal a long run shows a live line anyway.
    #[arg(long, global = true)]
    progress: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Run a saved Scenario: a JSON file or a permalink (URL or `v1.…` hash).
    Run {
        scenario: String,
        #[command(flatten)]
        output: Output,
    },
    /// Run a study of a saved Scenario's lab (e.g. `tradeoff`, `table-study`), printing JSON.
    Study {
        /// The study's name (`topolab study list SCENARIO` lists them).
        name: String,
        scenario: String,
        /// The study's arguments as JSON, e.g. '{"count": 100}'.
        #[arg(long, default_value = "{}")]
        args: String,
    },
    /// Print the permalink hash of a Scenario JSON file.
    Permalink { scenario: String },
}

/// What every lab subcommand can write besides its summary.
#[derive(Args)]
pub struct Output {
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Write the figure (the page's SVG) to FILE; above the drawing limit, the overview.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<String>,
    /// Write the overview the page opens large networks on (a cell per switch, a histogram of
    /// channel values) to FILE; for any network with more than 256 switches.
    #[arg(long, value_name = "FILE")]
    pub overview_svg: Option<String>,
    /// Write per-channel loads as CSV to FILE.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<String>,
    /// Write the topology in BookSim2 anynet format to FILE.
    #[arg(long, value_name = "FILE")]
    pub anynet: Option<String>,
    /// Write the network as GraphML to FILE (positions as drawn, the run's channel loads).
    #[arg(long, value_name = "FILE")]
    pub graphml: Option<String>,
    /// Write the network as Graphviz DOT to FILE (positions as drawn, the run's channel loads).
    #[arg(long, value_name = "FILE")]
    pub dot: Option<String>,
    /// Include the trace's steps in the JSON.
    #[arg(long)]
    pub trace: bool,
    /// Replace output files that exist (without it a command that would replace one is
    /// refused before it runs, as `export … --out` is).
    #[arg(long)]
    pub force: bool,
}

pub fn main() -> ExitCode {
    let mut command = Cli::command();
    for lab in LAB_COMMANDS {
        // `about` after the flags: a derived Args (and what it flattens) brings its own doc text.
        command = command.subcommand((lab.args)(clap::Command::new(lab.name)).about(lab.about));
    }
    let matches = match command.clone().try_get_matches() {
        Ok(matches) => matches,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            if let Some(hint) = renamed_flag_hint(&e, &command) {
                eprintln!("{}", bounded(&shorten_words(&escaped(&hint))));
                return ExitCode::from(2);
            }
            // clap's message up to its usage lines, on one line: what is wrong and which flag
            let text = e.to_string();
            let what: Vec<&str> = text
                .lines()
                .map(str::trim)
                .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .filter(|l| !l.is_empty())
                .collect();
            let what = if what.is_empty() {
                "error: invalid arguments".to_string()
            } else {
                what.join(" ")
            };
            eprintln!(
                "{} (see topolab --help)",
                bounded(&shorten_words(&escaped(&what)))
            );
            return ExitCode::from(2);
        }
    };
    // the flags of the subcommand that ran, however deep (`export graphml`); --check given at
    // any depth
    let (mut ran, mut ran_matches) = (None, &matches);
    let given = |m: &ArgMatches, flag| matches!(m.try_get_one::<bool>(flag), Ok(Some(true)));
    let (mut check, mut progress) = (given(&matches, "check"), given(&matches, "progress"));
    while let Some((name, sub)) = ran_matches.subcommand() {
        match ran.unwrap_or(&command).find_subcommand(name) {
            Some(found) => (ran, ran_matches) = (Some(found), sub),
            None => break,
        }
        check |= given(sub, "check");
        progress |= given(sub, "progress");
    }
    crate::check::set(check);
    crate::progress::force(progress);
    let flags_of: Vec<String> = ran
        .map(|sub| {
            sub.get_arguments()
                .filter_map(|a| a.get_long().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let outcome = match matches.subcommand() {
        Some((name, sub)) if LAB_COMMANDS.iter().any(|l| l.name == name) => {
            let lab = LAB_COMMANDS.iter().find(|l| l.name == name).expect("found");
            (lab.execute)(sub)
        }
        _ => Cli::from_arg_matches(&matches)
            .map_err(|e| e.to_string())
            .and_then(|cli| execute(cli.command)),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            let line = message.lines().next().unwrap_or("failed");
            eprintln!(
                "error: {}",
                bounded(&shorten_words(&escaped(&name_the_flag(line, &flags_of))))
            );
            ExitCode::from(2)
        }
    }
}

/// Flags a user may bring from another lab, an older spelling or another simulator, each with
/// the flags meant in its place, in order: the first the subcommand has is suggested (clap's own
/// tip goes by spelling alone: `--seeds` got `--seed`, `--pattern` in sim got `--rate`).
const FLAG_HINTS: &[(&str, &[&str])] = &[
    ("--seeds", &["--seed-count", "--seed"]),
    ("--pattern", &["--traffic"]),
    ("--traffic", &["--pattern"]),
    ("--router", &["--routing", "--scheme"]),
    ("--routing", &["--scheme"]),
    ("--scheme", &["--routing"]),
    ("--seed-count", &["--seeds"]),
    ("--load", &["--rate"]),
    ("--injection-rate", &["--rate"]),
    ("--buffer", &["--buf"]),
    ("--buffers", &["--buf"]),
    ("--step", &["--sweep-step"]),
    ("--t-max", &["--tmax"]),
    ("--t-maxes", &["--tmaxes"]),
    ("--network", &["--topology"]),
    ("--topo", &["--topology"]),
    ("--sweep-step", &["--step"]),
];

/// For an unknown flag the subcommand has under another name (`FLAG_HINTS`, or with `_` for
/// `-`), the line that names it; None leaves clap's message.
fn renamed_flag_hint(e: &clap::Error, top: &clap::Command) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(given)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    let given = given.split('=').next().unwrap_or(given);
    // the subcommand the flag was given to: the deepest one named on the command line
    let mut sub = top;
    let mut path = vec!["topolab".to_string()];
    for arg in std::env::args().skip(1) {
        if let Some(found) = sub.find_subcommand(&arg) {
            path.push(found.get_name().to_string());
            sub = found;
        }
    }
    let has = |flag: &str| {
        sub.get_arguments()
            .any(|a| a.get_long().is_some_and(|l| format!("--{l}") == flag))
    };
    let underscored = given.replace('_', "-");
    let meant = FLAG_HINTS
        .iter()
        .filter(|(old, _)| *old == given)
        .flat_map(|(_, new)| new.iter().map(|n| n.to_string()))
        .chain((underscored != given).then_some(underscored))
        .find(|flag| has(flag))?;
    let path = path.join(" ");
    Some(format!(
        "error: {path} has no {given}; its flag for that is {meant} (see {path} --help)"
    ))
}

fn execute(command: Command) -> Result<(), String> {
    match command {
        Command::Run { scenario, output } => run_and_report(&load_scenario(&scenario)?, &output),
        Command::Study {
            name,
            scenario,
            args,
        } => {
            let scenario = load_scenario(&scenario)?;
            let args: serde_json::Value = serde_json::from_str(&args)
                .map_err(|e| format!("--args: {}", topolab::labs::plain::syntax(&e)))?;
            if crate::check::only() {
                return crate::check::study(&scenario, &name, &args);
            }
            let value = scenario::study(&scenario, &name, &args, &mut |_, _| {})
                .map_err(|e| e.to_string())?;
            out!("{value}");
            Ok(())
        }
        Command::Permalink { scenario } => {
            if crate::check::only() {
                encode_permalink(&load_scenario(&scenario)?).map_err(|e| e.to_string())?;
                return crate::check::passed("the Scenario's permalink");
            }
            out!(
                "{}",
                encode_permalink(&load_scenario(&scenario)?).map_err(|e| e.to_string())?
            );
            Ok(())
        }
    }
}

/// A Scenario from a JSON file, a permalink URL or a bare `v1.…` hash.
fn load_scenario(source: &str) -> Result<Scenario, String> {
    // `v1.…`, `v2.…`: a permalink hash of some version (an unknown one is explained, not
    // looked for as a file)
    let versioned = source
        .strip_prefix('v')
        .and_then(|rest| rest.split_once('.'))
        .is_some_and(|(digits, _)| {
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        });
    let looks_like_link = source.contains('#') || versioned || source.starts_with("http");
    if looks_like_link && !std::path::Path::new(source).exists() {
        return decode_permalink(source).map_err(|e| e.to_string());
    }
    let text = crate::files::read_input(source, "SCENARIO", crate::files::MAX_SCENARIO_BYTES)?;
    Scenario::from_json(&text).map_err(|e| format!("'{source}': {e}"))
}

/// Run a Scenario, write the files `output` asks for, print the result.
pub fn run_and_report(scenario: &Scenario, output: &Output) -> Result<(), String> {
    crate::files::check_outputs(&output.files(), output.force)?;
    check_exports(scenario, output)?;
    // compare mode: both sides read and checked whole first (their networks built, each run's
    // work within its budget, so together within a request's), and the compared side (A) run
    // before the Scenario's own (B), whose files are written only once both have run — a bad A
    // is found before B's work, and no output is left of a comparison that failed
    let other = scenario.compared().map_err(|e| format!("compare: {e}"))?;
    // the compared side (A) first, named as such (a refusal of its pattern or size names no
    // field of the Scenario's own section)
    if let Some(a) = &other {
        scenario::precheck(a).map_err(|e| format!("compare: {e}"))?;
        // then its own section (A is checked: not again)
        let mut own = scenario.clone();
        own.compare = None;
        scenario::precheck(&own).map_err(|e| fielded(&e))?;
    }
    if crate::check::only() {
        return match other {
            Some(_) => crate::check::passed(&format!("a comparison in the {} lab", scenario.lab)),
            None => crate::check::run(scenario),
        };
    }
    let a = match &other {
        Some(a) => Some(
            scenario::run(a, false, &mut |_| {})
                .map_err(|e| format!("compare: {e}"))?
                .result(),
        ),
        None => None,
    };
    let mut long = LongRun::start(&scenario.lab, output.json);
    let run = scenario::run(
        scenario,
        output.trace || scenario.view.step.is_some(),
        &mut |fraction| long.step(fraction, None),
    );
    long.finish();
    let run = run.map_err(|e| fielded(&e))?;
    write_files(run.as_ref(), scenario, output)?;
    let mut value = run.result();
    if output.trace {
        value["trace"] = serde_json::to_value(run.steps()).map_err(|e| e.to_string())?;
    }
    if let Some(a) = a {
        return print_comparison(a, value, output.json);
    }
    print_value(&value, output.json);
    Ok(())
}

/// Compare mode (`compare` in the Scenario): the other configuration's result `a` and this
/// one's `b` in one table with the difference (`labs::compare`); with --json `{a, b, rows}`.
fn print_comparison(a: serde_json::Value, b: serde_json::Value, json: bool) -> Result<(), String> {
    let rows = topolab::labs::compare::rows(&a, &b);
    if json {
        out!("{}", serde_json::json!({ "a": a, "b": b, "rows": rows }));
    } else {
        out!("A: the Scenario's compare; B: its own section\n");
        print_text(&topolab::labs::compare::table(&rows));
    }
    Ok(())
}

impl Output {
    /// The files asked for, with their flags.
    fn files(&self) -> Vec<(&'static str, &std::path::Path)> {
        [
            ("--svg", &self.svg),
            ("--overview-svg", &self.overview_svg),
            ("--csv", &self.csv),
            ("--anynet", &self.anynet),
            ("--graphml", &self.graphml),
            ("--dot", &self.dot),
        ]
        .into_iter()
        .filter_map(|(flag, path)| path.as_deref().map(|p| (flag, std::path::Path::new(p))))
        .collect()
    }
}

/// `--anynet` of a dual-plane network and `--overview-svg` on a network of a spec too small for
/// an overview, refused before the run (they were refused after it, and --check passed them);
/// the size of a network a lab makes from other fields (TopoGen, Dual-plane, the OCS relay,
/// CTC) is known after the run.
fn check_exports(scenario: &Scenario, output: &Output) -> Result<(), String> {
    // a dual-plane network has no anynet (a node on two switches): the Dual-plane lab's always,
    // another lab's when its spec is one (refused after the run, and --check passed it)
    let spec = scenario.section(&scenario.lab).ok().and_then(|s| {
        s.get("topology")
            .and_then(|t| t.as_str())
            .map(str::to_string)
    });
    // (a spec that does not parse is left to the run's own check, which names the topology)
    let parsed = spec
        .as_deref()
        .and_then(|spec| topolab::topology::TopologySpec::parse(spec).ok());
    let dual = scenario.lab == "dualplane" || parsed.as_ref().is_some_and(|t| t.kind() == "dual");
    if output.anynet.is_some() && dual {
        return Err("--anynet: a dual-plane network's nodes attach to two switches (one per plane), and a BookSim2 anynet node has one router: export one plane (e.g. hypercube:N) instead".into());
    }
    let (Some(spec), Some(parsed)) = (spec, parsed) else {
        return Ok(());
    };
    if output.overview_svg.is_none() {
        return Ok(());
    }
    let min = topolab::render::OVERVIEW_MIN_SWITCHES;
    if parsed.switch_count() <= min {
        return Err(format!(
            "--overview-svg: '{}' has {} switches; an overview is drawn above {min}",
            escaped(&spec),
            parsed.switch_count()
        ));
    }
    Ok(())
}

fn write_files(run: &dyn LabRun, scenario: &Scenario, output: &Output) -> Result<(), String> {
    let write = |flag: &str, path: &str, text: String| {
        crate::files::write_output(std::path::Path::new(path), flag, &text, output.force)
    };
    if let Some(path) = &output.svg {
        let figure = run.figure(&scenario.view).map_err(|e| e.to_string())?;
        write("--svg", path, figure.into_svg().map_err(|e| e.to_string())?)?;
    }
    if let Some(path) = &output.overview_svg {
        let figure = run.figure(&scenario.view).map_err(|e| e.to_string())?;
        let overview = figure.overview.ok_or_else(|| {
            format!(
                "--overview-svg: '{}' has {} switches; an overview is drawn above {}",
                run.topology().spec(),
                run.topology().switch_count(),
                topolab::render::OVERVIEW_MIN_SWITCHES
            )
        })?;
        write("--overview-svg", path, overview)?;
    }
    if let Some(path) = &output.csv {
        write("--csv", path, run.csv())?;
    }
    if let Some(path) = &output.anynet {
        write("--anynet", path, run.anynet().map_err(|e| e.to_string())?)?;
    }
    if let Some(path) = &output.graphml {
        let text = run.network(NetworkFormat::Graphml);
        crate::files::note_graphml_size("--graphml", &text);
        write("--graphml", path, text)?;
    }
    if let Some(path) = &output.dot {
        write("--dot", path, run.network(NetworkFormat::Dot))?;
    }
    Ok(())
}

/// A float flag's value: a finite number (clap names the flag when this refuses).
pub fn finite(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    if value.is_finite() {
        Ok(value)
    } else {
        Err(format!("'{text}' is not a finite number"))
    }
}

/// Print a value: as one JSON line, or as text a person reads (`topolab::text::summary`).
pub fn print_value(value: &serde_json::Value, json: bool) {
    if json {
        out!("{value}");
    } else {
        out!("{}", topolab::text::summary(value));
    }
}

/// Print text as it is (a table a lab formatted).
pub fn print_text(text: &str) {
    out!("{}", text.trim_end());
}

/// Run study `name` of a Scenario and print its result, shaped by `shape`.
pub fn run_study(
    scenario: &Scenario,
    name: &str,
    args: serde_json::Value,
    shape: impl FnOnce(serde_json::Value) -> serde_json::Value,
    json: bool,
) -> Result<(), String> {
    if crate::check::only() {
        return crate::check::study(scenario, name, &args);
    }
    // progress on stderr and Ctrl-C keeping the finished points (a study can take minutes)
    let mut long = LongRun::start(name, json);
    let value = scenario::study(scenario, name, &args, &mut |fraction, point| {
        long.step(fraction, point.as_ref())
    });
    long.finish();
    let value = value.map_err(|e| fielded(&e))?;
    print_value(&shape(value), json);
    Ok(())
}

/// An error as "field: reason" under the field it is about (`Error::field`), so that
/// `name_the_flag` names the flag set: an error kept in a field reads as the error it wraps
/// (LOREN's "tmax: …" for the imbalance study's `tmaxes`, "pattern '…': …" for a traffic).
pub fn fielded(e: &topolab::Error) -> String {
    let message = e.to_string();
    let Some(field) = e.field() else {
        return message;
    };
    let last = field.rsplit('.').next().unwrap_or(&field);
    match message.split_once(": ") {
        Some((head, rest)) if is_field_path(head) => format!("{field}: {rest}"),
        // a spec's error names itself ("topology 'x': …"): under its own field, as it is
        _ if message.starts_with(&format!("{last} '")) => message,
        _ => format!("{field}: {message}"),
    }
}

/// `extra`'s fields followed by `value`'s (an object).
pub fn merged(extra: serde_json::Value, value: serde_json::Value) -> serde_json::Value {
    let mut out = extra.as_object().cloned().unwrap_or_default();
    if let Some(fields) = value.as_object() {
        out.extend(fields.clone());
    }
    serde_json::Value::Object(out)
}

/// A core error names a configuration field (`time_limit_s: …`, `sim.rate: …`); on the command
/// line the user gave a flag, so the message names it (`--time-limit: …`) when the
/// subcommand has one for that field (its name with dashes, with or without a unit suffix).
fn name_the_flag(message: &str, flags: &[String]) -> String {
    let Some((head, rest)) = message.split_once(": ") else {
        return message.to_string();
    };
    if !is_field_path(head) || head.starts_with('-') {
        return message.to_string();
    }
    let field = head.rsplit('.').next().unwrap_or(head).replace('_', "-");
    let bare = ["-s", "-us", "-ns", "-m", "-bytes", "-cycles", "-count"]
        .iter()
        .find_map(|unit| field.strip_suffix(unit))
        .map(str::to_string);
    let plural = bare.as_ref().map(|b| format!("{b}s"));
    [Some(field.clone()), plural, bare]
        .into_iter()
        .flatten()
        .find(|f| flags.iter().any(|known| known == f))
        .map_or_else(|| message.to_string(), |f| format!("--{f}: {rest}"))
}

/// Whether a message's head is a field's path (`sim.cycles`), not words.
fn is_field_path(head: &str) -> bool {
    head.chars()
        .all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c))
}

/// `text` with its control characters written as escapes (`\x1b`, `\n`): a file name or value
/// echoed in an error cannot move the cursor, clear the terminal or start a line of its own.
pub fn escaped(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' => "\\n".to_string(),
            '\r' => "\\r".to_string(),
            '\t' => "\\t".to_string(),
            c if c.is_control() => format!("\\x{:02x}", c as u32),
            c => c.to_string(),
        })
        .collect()
}

/// `text` with every word longer than 60 characters cut to its head and end (a value echoed in
/// an error: a flag given a megabyte of digits must not come back twice on the terminal).
fn shorten_words(text: &str) -> String {
    const LONGEST: usize = 60;
    text.split(' ')
        .map(|word| {
            let count = word.chars().count();
            if count > LONGEST {
                // its head and its end (a path keeps its file name)
                let head: String = word.chars().take(28).collect();
                let tail: String = word.chars().skip(count - 20).collect();
                format!("{head}…{tail} ({count} characters)")
            } else {
                word.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
