//! Every field once (issue 55): a lab's flags are its page fields. `topolab LAB --help` shows
//! each field's label, help and tooltip as the page does, and its default from the lab's
//! defaults; no flag of the subcommand restates a field of the section under another name;
//! and a flag given sets exactly its field in the Scenario the run uses.

use crate::common::cli;
use topolab::labs::{plain, FieldKind, LABS};

/// `topolab LAB --help` as one line of words (clap wraps nothing, but indents each help).
fn help_of(lab: &str) -> String {
    let out = cli::run(&[lab, "--help"]);
    assert!(out.status.success(), "{lab} --help");
    String::from_utf8(out.stdout).unwrap()
}

/// Each long flag a help text lists, with its words (on its line or the lines under it).
fn entries(help: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in help.lines() {
        let line = line.trim_start();
        if let Some(rest) = line.strip_prefix("--") {
            let flag = rest.split([' ', ',']).next().unwrap().to_string();
            // the words after `--flag <VALUE>`
            let words = rest
                .split_once("  ")
                .map_or("", |(_, w)| w.trim_start())
                .to_string();
            out.push((flag, words));
        } else if line.starts_with('-') {
            out.push((String::new(), String::new()));
        } else if let Some((_, words)) = out.last_mut() {
            words.push(' ');
            words.push_str(line);
        }
    }
    out
}

/// The long flags a help text lists.
fn flags_in(help: &str) -> Vec<String> {
    entries(help).into_iter().map(|(flag, _)| flag).collect()
}

#[test]
fn every_lab_flag_carries_its_page_fields_words() {
    for lab in LABS {
        let help = help_of(lab.name);
        let fields = (lab.fields)();
        let groups: Vec<&str> = fields
            .iter()
            .filter(|f| {
                fields
                    .iter()
                    .any(|g| g.path.starts_with(&format!("{}.", f.path)))
            })
            .map(|f| f.path)
            .collect();
        for field in fields.iter().filter(|f| !groups.contains(&f.path)) {
            let names = [
                field.path.replace(['_', '.'], "-"),
                field.path.rsplit('.').next().unwrap().replace('_', "-"),
            ];
            let listed = entries(&help);
            let entry = names
                .iter()
                .find_map(|name| listed.iter().find(|(flag, _)| flag == name))
                .map(|(_, words)| words.clone())
                .unwrap_or_else(|| panic!("{}: no flag for the field '{}'", lab.name, field.path));
            let label = plain(field.label);
            assert!(
                entry.trim_start().starts_with(label.trim_end_matches('.')),
                "{}: --{} does not start with the page's label '{label}': {entry}",
                lab.name,
                field.path
            );
            for words in [&field.help, &field.about] {
                assert!(
                    entry.contains(plain(words).trim_end_matches('.')),
                    "{}: --{}'s help lacks the page's words '{words}': {entry}",
                    lab.name,
                    field.path
                );
            }
            if field.kind == (FieldKind::Whole { min: 0 }) && field.path != "seed" {
                let default = field
                    .path
                    .split('.')
                    .try_fold((lab.default_config)(), |v, k| v.get(k).cloned());
                if let Some(serde_json::Value::Number(n)) = default {
                    assert!(
                        entry.contains(&format!("[default: {n}]")),
                        "{}: --{} does not show the lab's default {n}: {entry}",
                        lab.name,
                        field.path
                    );
                }
            }
        }
    }
}

/// A flag that is not a field is a study's, an output's, or the long run the page refuses:
/// none names a field of the section.
#[test]
fn no_other_flag_restates_a_field() {
    for lab in LABS {
        let help = help_of(lab.name);
        let fields = (lab.fields)();
        let field_flags: Vec<String> = fields
            .iter()
            .flat_map(|f| {
                [
                    f.path.replace(['_', '.'], "-"),
                    f.path.rsplit('.').next().unwrap().replace('_', "-"),
                ]
            })
            .collect();
        let section = (lab.default_config)();
        let keys: Vec<String> = section
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.replace('_', "-"))
            .collect();
        for flag in flags_in(&help) {
            if field_flags.contains(&flag) {
                continue;
            }
            assert!(
                !keys.contains(&flag),
                "{}: --{flag} is a field of the section but not made from its page field",
                lab.name
            );
        }
    }
}

/// A flag sets its field and nothing else: the Scenario of `topolab LAB --FLAG V` run as a
/// file gives the same result, and the defaults fill the rest.
#[test]
fn a_flag_sets_its_field_in_the_scenario() {
    let dir = std::env::temp_dir().join(format!("topolab-cli-fields-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // nested fields (`readings.tie` → --tie, `readings.planes` → --readings-planes)
    let v = cli::json(&[
        "ctc",
        "--iterations",
        "5",
        "--tie",
        "random",
        "--readings-planes",
        "first-fit",
        "--port-ratio",
        "0.4",
        "--json",
    ]);
    let file = dir.join("ctc.json");
    let scenario = serde_json::json!({
        "version": 1, "lab": "ctc", "seed": 1,
        "ctc": { "iterations": 5, "readings": { "tie": "random", "planes": "first-fit" }, "cost": { "port_ratio": 0.4 } }
    });
    std::fs::write(&file, scenario.to_string()).unwrap();
    let from_file = cli::json(&["run", file.to_str().unwrap(), "--json"]);
    let timeless = |mut v: serde_json::Value| {
        v.as_object_mut().unwrap().remove("runtime_ms");
        v
    };
    assert_eq!(timeless(v), timeless(from_file));
    // a field's error names its flag
    let (code, message) = cli::refused(&["ctc", "--readings-planes", "nope"]);
    assert_eq!(code, Some(2));
    assert!(
        message.starts_with("error: --readings-planes:"),
        "{message}"
    );
    let (_, message) = cli::refused(&["sim", "--rate", "7"]);
    assert!(message.starts_with("error: --rate:"), "{message}");
    let (_, message) = cli::refused(&["topogen", "--fail", "1,x"]);
    assert!(message.starts_with("error: --fail:"), "{message}");
    std::fs::remove_dir_all(&dir).ok();
}
