//! The docs' shell sessions (issue 62), for the docs tests of both suites: every Markdown file
//! of the project, and the ```console blocks in them — `$ command` lines each followed by its
//! standard output — run in a fresh folder with this build's `topolab` first on PATH and
//! compared with the lines shown. In the shown lines a line `...` matches any number of lines
//! and `[..]` any text within a line. A block fenced ```console runs in `cargo test`; one
//! fenced ```console release (a run of minutes: a paper's study) runs in the release suite.
//! `TOPOLAB_WRITE_DOCS=1` writes the real outputs into the docs instead (keeping `...` where it
//! was, and a `[..]` line where it still matches).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The Markdown files of the docs: the repository's README, ARCHITECTURE and CONTRIBUTING and
/// every file under docs/.
pub fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![
        root.join("README.md"),
        root.join("ARCHITECTURE.md"),
        root.join("CONTRIBUTING.md"),
    ];
    let mut folders = vec![root.join("docs")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// PATH with this build's `topolab` first.
pub fn path_with_topolab() -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_topolab"));
    format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// A fresh empty folder for `what`.
pub fn fresh_folder(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("topolab-{what}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn bash(script: &str, dir: &Path) -> std::process::Output {
    Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .env("PATH", path_with_topolab())
        .output()
        .unwrap()
}

/// A session of a ```console block: its commands and the lines shown after each.
#[derive(Debug, PartialEq)]
pub struct Step {
    pub command: String,
    pub shown: Vec<String>,
}

/// The blocks fenced as `fence` (```console, ```console release) of a text: (line of the
/// fence, the block's steps, the block's body line range).
pub fn console_blocks(text: &str, fence: &str) -> Vec<(usize, Vec<Step>, std::ops::Range<usize>)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() == fence {
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
pub fn matches(shown: &[String], actual: &[&str]) -> bool {
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

/// Run the sessions of every block fenced `fence` and compare (or, with `TOPOLAB_WRITE_DOCS`,
/// write) their outputs: the failures, and how many commands ran.
pub fn run_sessions(fence: &str) -> (Vec<String>, usize) {
    let write = std::env::var_os("TOPOLAB_WRITE_DOCS").is_some();
    let mut compared = 0;
    let mut failures = Vec::new();
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        // blocks from the last, so a rewrite keeps the earlier blocks' line numbers
        let mut blocks = console_blocks(&text, fence);
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
    (failures, compared)
}

/// The sessions of every block fenced `fence` give the outputs shown (at least `at_least`
/// commands of them); with `TOPOLAB_WRITE_DOCS` their outputs are written instead.
pub fn sessions_match(fence: &str, at_least: usize) {
    let (failures, compared) = run_sessions(fence);
    if std::env::var_os("TOPOLAB_WRITE_DOCS").is_some() {
        return;
    }
    assert!(
        failures.is_empty(),
        "{} shown outputs differ (TOPOLAB_WRITE_DOCS=1 writes the real ones):\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(
        compared >= at_least,
        "only {compared} commands of {fence} blocks found"
    );
}
