//! Every `topolab …` command the docs show is a promise (issue 62). Two tests keep it:
//!
//! - `every_documented_command_passes_its_check`: each `topolab …` line of a fenced block that
//!   is not run whole (```text, ```bash, …: slow runs, outside tools) and each inline
//!   `` `topolab … --flag …` `` is run with `--check` — the CLI's own checks (flags, files,
//!   sizes, work budgets, long runs) stopping before the work — in a folder holding the input
//!   files the docs name (`FIXTURES`). A synopsis (`topolab LAB [flags]`, `NAME`, `a|b`) and a
//!   bare mention (`topolab sim`) are left out. ```sh blocks run whole in `docs_examples`.
//! - `shown_outputs_match`: every ```console block's session, its outputs compared with the
//!   lines shown (`tests/common/docs.rs`; ```console release blocks run in the release suite).

use crate::common::docs::{bash, console_blocks, documents, fresh_folder, matches, sessions_match};
use std::path::{Path, PathBuf};

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

#[test]
fn shown_outputs_match() {
    sessions_match("```console", 15);
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
    let blocks = console_blocks(session, "```console");
    assert_eq!(blocks.len(), 1);
    assert_eq!(blocks[0].1[0].shown, vec!["N 3", "..."]);
    assert_eq!(blocks[0].1[1].command, "ls");
    let shown = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&shown(&["a", "...", "z"]), &["a", "b", "c", "z"]));
    assert!(!matches(&shown(&["a", "z"]), &["a", "b", "z"]));
    assert!(matches(&shown(&["took [..] s"]), &["took 1.5 s"]));
    assert!(!matches(&shown(&["took [..] s"]), &["made 1.5 s"]));
}

/// docs/formats.md's list of patterns is `PATTERNS`: a pattern added to the registry without
/// a word in the docs (or a name the docs keep after it went) fails here. `matrix:…` has its
/// own section ("Your own traffic").
#[test]
fn the_formats_pattern_list_is_the_registry() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("docs/formats.md")).unwrap();
    let start = text.find("\n- Patterns (").expect("the Patterns bullet");
    let bullet = &text[start + 1..];
    let bullet = &bullet[..bullet.find("\n- ").unwrap_or(bullet.len())];
    let base = |name: &str| name.split(':').next().unwrap().to_string();
    let mut listed: Vec<String> = bullet
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| !span.contains('/') && !span.contains(' '))
        .map(base)
        .collect();
    listed.sort();
    listed.dedup();
    let mut registry: Vec<String> = topolab::traffic::PATTERNS
        .iter()
        .map(|p| base(p.syntax))
        .filter(|name| name != "matrix")
        .collect();
    registry.sort();
    assert_eq!(
        listed, registry,
        "docs/formats.md's Patterns bullet against PATTERNS"
    );
    assert!(text.contains("`matrix:PATH`"));
}

/// GitHub's anchor of a heading (as scripts/docs-html.mjs gives it): lower case, letters,
/// digits, `_`, `-` and spaces kept, spaces as `-`.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '_' || *c == '-' || *c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Every field's glossary link (`Field::glossary`, beside the field in the page) lands on an
/// entry of docs/glossary.md.
#[test]
fn field_glossary_links_land_on_an_entry() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let glossary = std::fs::read_to_string(root.join("docs/glossary.md")).unwrap();
    let anchors: Vec<String> = glossary
        .lines()
        .filter_map(|l| l.strip_prefix("### ").or_else(|| l.strip_prefix("## ")))
        .map(slug)
        .collect();
    let mut linked = 0;
    for lab in topolab::labs::LABS {
        for field in (lab.fields)() {
            if let Some(anchor) = field.glossary {
                assert!(
                    anchors.iter().any(|a| a == anchor),
                    "{}.{}: no glossary entry #{anchor}",
                    lab.name,
                    field.path
                );
                linked += 1;
            }
        }
    }
    assert!(linked >= 8, "only {linked} fields link the glossary");
}
