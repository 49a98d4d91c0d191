//! `docs/cli.md`, the CLI reference, is the CLI's own help (issue 55): every subcommand's
//! `--help` as clap prints it, so a flag, its help and its default are written once, in the code.
//! This test fails when the file is stale; `TOPOLAB_WRITE_DOCS=1 cargo test --test integration
//! cli_reference` writes it again.

use crate::common::cli::run;

/// The subcommands a help text lists under "Commands:" (without `help`).
fn commands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect()
}

/// `topolab ARGS --help`, as a user sees it.
fn help(args: &[&str]) -> String {
    let mut all = args.to_vec();
    all.push("--help");
    let out = run(&all);
    assert!(out.status.success(), "topolab {} --help", args.join(" "));
    String::from_utf8(out.stdout).unwrap()
}

/// The reference: the top-level help, then each subcommand's (and each of theirs) in order.
fn reference() -> String {
    let mut out = String::from(
        "# The `topolab` command line\n\nGenerated from the CLI's own help (`topolab COMMAND --help`), so it says what the code \
         does; `tests/integration/cli_reference.rs` fails when it is stale, and \
         `TOPOLAB_WRITE_DOCS=1 cargo test --test integration cli_reference` writes it again.\n",
    );
    let mut section = |path: &[&str], text: &str| {
        let title = if path.is_empty() {
            "topolab".to_string()
        } else {
            format!("topolab {}", path.join(" "))
        };
        out.push_str(&format!(
            "\n## `{title}`\n\n```text\n{}\n```\n",
            text.trim_end()
        ));
    };
    let top = help(&[]);
    section(&[], &top);
    for command in commands(&top) {
        let text = help(&[&command]);
        section(&[&command], &text);
        for sub in commands(&text) {
            section(&[&command, &sub], &help(&[&command, &sub]));
        }
    }
    out
}

#[test]
fn the_cli_reference_is_the_clis_own_help() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cli.md");
    let now = reference();
    assert!(now.contains("## `topolab sim`") && now.contains("## `topolab export sst`"));
    if std::env::var_os("TOPOLAB_WRITE_DOCS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &now).unwrap();
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        written == now,
        "docs/cli.md is not the CLI's help: run TOPOLAB_WRITE_DOCS=1 cargo test --test integration cli_reference"
    );
}
