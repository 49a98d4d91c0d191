//! Every `topolab …` command the docs show is a promise (issue 62). Two tests keep it:
//!
//! - `every_documented_command_passes_its_check`: each `topolab …` line of a fenced block that
//!   is not run whole (```text, ```bash, …: slow runs, outside tools) and each inline
//!   `` `topolab … --flag …` `` is run with `--check` — the CLI's own checks (flags, files,
//!   sizes, work budgets, long runs) stopping before the work — in a folder holding the input
//!   files the docs name (`FIXTURES`). A synopsis (`topolab LAB [flags]`, `NAME`, `a|b`) and a
//!   bare mention (`topolab sim`) are left out. ```sh blocks run whole in `docs_examples`.
//! - `shown_outputs_match`: a ```console block is a session — `$ command` lines, each followed
//!   by its standard output — run in a fresh folder with this build's `topolab` first on PATH,
//!   and each command's output compared with the lines shown. In the shown lines a line `...`
//!   matches any number of lines and `[..]` any text within a line. `TOPOLAB_WRITE_DOCS=1`
//!   writes the real outputs into the docs instead (keeping `...` where it was, not `[..]`).

use super::docs_examples::documents;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Input files the docs' checked commands name, made before they are checked: a name and the
/// shell that makes it (with the real `topolab` where a command makes it).
const FIXTURES: &[(&str, &str)] = &[
    ("ring.edges", "printf '0 1\\n1 2\\n2 3\\n3 0\\n' > ring.edges"),
    // a plane of generators 3, 5, 7, 8 (hc, n = 4): x joined to x ⊕ h
    (
        "plane1.edges",
        "for x in $(seq 0 15); do for h in 3 5 7 8; do y=$((x ^ h)); if [ $x -lt $y ]; then echo \"$x $y\"; fi; done; done > plane1.edges",
    ),
    ("g.graphml", "topolab export graphml --topology mesh:4x4 --out g.graphml"),
    ("S.json", "printf '{\"version\": 1, \"lab\": \"topogen\", \"topogen\": {\"nodes\": 16}}\\n' > S.json"),
    ("compare.json", "printf '{\"version\": 1, \"lab\": \"routing\", \"routing\": {\"topology\": \"lrt:64:4:2\", \"scheme\": \"loren\"}, \"compare\": {\"seed\": 1, \"section\": {\"topology\": \"lrt:64:4:2\", \"scheme\": \"cowen\"}}}\\n' > compare.json"),
];

/// Words that mark a synopsis rather than a command.
const PLACEHOLDERS: &[&str] = &[
    "LAB", "NAME", "COMMAND", "FILE", "DIR", "SCENARIO", "PATH", "--flags",
];

/// PATH with this build's `topolab` first.
fn path_with_topolab() -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_topolab"));
    format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// A fresh empty folder for `what`.
fn fresh_folder(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("topolab-{what}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn bash(script: &str, dir: &Path) -> std::process::Output {
    Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .env("PATH", path_with_topolab())
        .output()
        .unwrap()
}

/// A documented command: where it is and what it says.
#[derive(Debug, PartialEq)]
struct Documented {
    file: PathBuf,
    line: usize,
    command: String,
}

/// The `topolab …` commands of a Markdown text to check: lines of fenced blocks other than
/// sh and console (those run whole) and not code of another language (js, json, xml), and
/// inline spans with a flag or a file.
fn commands_to_check(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut fence: Option<String> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix("```") {
            fence = match fence {
                None => Some(rest.trim().to_string()),
                Some(_) => None,
            };
            continue;
        }
        match fence.as_deref() {
            Some("sh" | "console" | "js" | "json" | "xml") => {}
            Some(_) => {
                let command = trimmed.strip_prefix("$ ").unwrap_or(trimmed);
                if command.starts_with("topolab ") && !is_synopsis(command) {
                    found.push((i + 1, command.to_string()));
                }
            }
            None => {
                for (k, span) in line.split('`').enumerate() {
                    let concrete = span.contains(" --") || span.contains(".json");
                    if k % 2 == 1 && span.starts_with("topolab ") && concrete && !is_synopsis(span)
                    {
                        found.push((i + 1, span.to_string()));
                    }
                }
            }
        }
    }
    found
}

/// A synopsis: a placeholder word, alternatives (`a|b`) or optional parts.
fn is_synopsis(command: &str) -> bool {
    command.split_whitespace().any(|w| {
        PLACEHOLDERS
            .iter()
            .any(|p| w == *p || w.ends_with(&format!(":{p}")))
            || (w.contains('|') && w != "|")
            || w.contains('[')
            || w.contains('…')
    })
}

fn documented_commands() -> Vec<Documented> {
    documents()
        .into_iter()
        .flat_map(|file| {
            let text = std::fs::read_to_string(&file).unwrap();
            commands_to_check(&text)
                .into_iter()
                .map(move |(line, command)| Documented {
                    file: file.clone(),
                    line,
                    command,
                })
        })
        .collect()
}

#[test]
fn every_documented_command_passes_its_check() {
    let dir = fresh_folder("docs-check");
    for (name, make) in FIXTURES {
        let out = bash(make, &dir);
        assert!(out.status.success(), "fixture {name}: {out:?}");
    }
    let commands = documented_commands();
    let mut failures = Vec::new();
    for d in &commands {
        // `topolab` as the documented line calls it, with --check before its subcommand
        let script = format!(
            "topolab() {{ command topolab --check \"$@\"; }}\n{}",
            d.command
        );
        let out = bash(&script, &dir);
        let stdout = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() || !stdout.contains("check passed") {
            failures.push(format!(
                "{}:{}: {}\n    {}",
                d.file.display(),
                d.line,
                d.command,
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        failures.is_empty(),
        "{} of {} documented commands fail their check:\n{}",
        failures.len(),
        commands.len(),
        failures.join("\n")
    );
    // the labs' pages alone show dozens outside ```sh (a parser that finds none must fail)
    assert!(
        commands.len() >= 30,
        "only {} commands found",
        commands.len()
    );
}

/// A session of a ```console block: its commands and the lines shown after each.
#[derive(Debug, PartialEq)]
struct Step {
    command: String,
    shown: Vec<String>,
}

/// The ```console blocks of a text: (line of the fence, the block's steps, the block's body
/// line range).
fn console_blocks(text: &str) -> Vec<(usize, Vec<Step>, std::ops::Range<usize>)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() == "```console" {
            let start = i + 1;
            let mut end = start;
            while end < lines.len() && !lines[end].trim_start().starts_with("```") {
                end += 1;
            }
            let mut steps: Vec<Step> = Vec::new();
            for line in &lines[start..end] {
                match line.strip_prefix("$ ") {
                    Some(command) => steps.push(Step {
                        command: command.to_string(),
                        shown: Vec::new(),
                    }),
                    None => steps
                        .last_mut()
                        .unwrap_or_else(|| panic!("line {start}: a console block starts with `$ `"))
                        .shown
                        .push(line.to_string()),
                }
            }
            blocks.push((i + 1, steps, start..end));
            i = end;
        }
        i += 1;
    }
    blocks
}

/// Whether `actual` lines match `shown` (`...` any lines, `[..]` any text in a line).
fn matches(shown: &[String], actual: &[&str]) -> bool {
    match shown.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, more)| line_matches(first, line) && matches(rest, more)),
    }
}

fn line_matches(shown: &str, actual: &str) -> bool {
    let parts: Vec<&str> = shown.split("[..]").collect();
    if parts.len() == 1 {
        return shown.trim_end() == actual.trim_end();
    }
    let actual = actual.trim_end();
    let (first, last) = (parts[0], parts[parts.len() - 1].trim_end());
    if !actual.starts_with(first) || !actual[first.len()..].ends_with(last) {
        return false;
    }
    let mut at = first.len();
    let end = actual.len() - last.len();
    for middle in &parts[1..parts.len() - 1] {
        match actual[at..end].find(middle) {
            Some(k) => at += k + middle.len(),
            None => return false,
        }
    }
    at <= end
}

/// The output to write for a step when its shown lines no longer match: the real lines, with
/// a shown `...` kept as the tail (a long output shown in part stays in part) and a shown line
/// with `[..]` kept where it still matches the real line in its place.
fn rewritten(step: &Step, actual: &[&str]) -> Vec<String> {
    let keep = |i: usize, line: &str| match step.shown.get(i) {
        Some(shown) if shown.contains("[..]") && line_matches(shown, line) => shown.clone(),
        _ => line.to_string(),
    };
    match step.shown.iter().position(|l| l == "...") {
        Some(k) => {
            let mut lines: Vec<String> = actual
                .iter()
                .take(k)
                .enumerate()
                .map(|(i, l)| keep(i, l))
                .collect();
            lines.push("...".into());
            lines
        }
        None => actual.iter().enumerate().map(|(i, l)| keep(i, l)).collect(),
    }
}

#[test]
fn shown_outputs_match() {
    let write = std::env::var_os("TOPOLAB_WRITE_DOCS").is_some();
    let mut compared = 0;
    let mut failures = Vec::new();
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        // blocks from the last, so a rewrite keeps the earlier blocks' line numbers
        let mut blocks = console_blocks(&text);
        blocks.reverse();
        for (fence_line, steps, body) in blocks {
            let dir = fresh_folder(&format!("console-{compared}"));
            let mut body_lines = Vec::new();
            for step in &steps {
                let out = bash(&step.command, &dir);
                let stdout = String::from_utf8_lossy(&out.stdout).to_string();
                let actual: Vec<&str> = stdout.lines().collect();
                if !out.status.success() {
                    failures.push(format!(
                        "{}:{fence_line}: `{}` failed: {}",
                        file.display(),
                        step.command,
                        String::from_utf8_lossy(&out.stderr).trim()
                    ));
                } else if !matches(&step.shown, &actual) {
                    failures.push(format!(
                        "{}:{fence_line}: `{}` printed\n{}\nwhere the docs show\n{}",
                        file.display(),
                        step.command,
                        actual.join("\n"),
                        step.shown.join("\n")
                    ));
                }
                body_lines.push(format!("$ {}", step.command));
                if matches(&step.shown, &actual) {
                    body_lines.extend(step.shown.iter().cloned());
                } else {
                    body_lines.extend(rewritten(step, &actual));
                }
                compared += 1;
            }
            std::fs::remove_dir_all(&dir).ok();
            lines.splice(body, body_lines);
        }
        if write {
            let mut new_text = lines.join("\n");
            new_text.push('\n');
            if new_text != text {
                std::fs::write(&file, new_text).unwrap();
            }
        }
    }
    if write {
        return;
    }
    assert!(
        failures.is_empty(),
        "{} shown outputs differ (TOPOLAB_WRITE_DOCS=1 writes the real ones):\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(compared >= 1, "no console block found");
}

/// The parsers themselves: what is checked, what a session is, how shown lines match.
#[test]
fn the_docs_parsers_find_what_they_should() {
    let text = "Run `topolab sim --rate 0.1` or `topolab sim`; `topolab LAB [flags]`.\n```text\n$ topolab slots --json\ntopolab export booksim|sst\nnot a command\n```\n```sh\ntopolab slots\n```\n";
    assert_eq!(
        commands_to_check(text),
        vec![
            (1, "topolab sim --rate 0.1".to_string()),
            (3, "topolab slots --json".to_string())
        ]
    );
    let session = "```console\n$ topolab slots\nN 3\n...\n$ ls\n```\n";
    let blocks = console_blocks(session);
    assert_eq!(blocks.len(), 1);
    assert_eq!(blocks[0].1[0].shown, vec!["N 3", "..."]);
    assert_eq!(blocks[0].1[1].command, "ls");
    let shown = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&shown(&["a", "...", "z"]), &["a", "b", "c", "z"]));
    assert!(!matches(&shown(&["a", "z"]), &["a", "b", "z"]));
    assert!(matches(&shown(&["took [..] s"]), &["took 1.5 s"]));
    assert!(!matches(&shown(&["took [..] s"]), &["made 1.5 s"]));
}
