//! Every shell example of the docs runs (issue 55): each block fenced as ```sh in README.md,
//! ARCHITECTURE.md, CONTRIBUTING.md and docs/**/*.md is run by bash with `set -e`, in a fresh
//! folder, with this build's `topolab` first on PATH, and must exit 0. Set-up commands (`npm …`
//! lines, the README's first block) are left out; slow or outside commands belong in ```bash
//! or ```text blocks, which are not run.

use crate::common::docs::documents;
use std::path::Path;
use std::process::Command;

/// The ```sh blocks of a Markdown text: (first line number, script).
fn sh_blocks(text: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start();
        match &mut open {
            None if fence == "```sh" => open = Some((i + 1, String::new())),
            Some(_) if fence.starts_with("```") => blocks.push(open.take().unwrap()),
            Some((_, script)) if !fence.starts_with("npm ") => {
                script.push_str(line);
                script.push('\n');
            }
            _ => {}
        }
    }
    assert!(open.is_none(), "a ```sh block is never closed");
    blocks
}

#[test]
fn every_shell_example_of_the_docs_runs() {
    let bin = Path::new(env!("CARGO_BIN_EXE_topolab"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut ran = 0;
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        for (line, script) in sh_blocks(&text) {
            if script.trim().is_empty() {
                continue;
            }
            let dir =
                std::env::temp_dir().join(format!("topolab-docs-{}-{ran}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let out = Command::new("bash")
                .arg("-c")
                .arg(format!("set -e\n{script}"))
                .current_dir(&dir)
                .env("PATH", &path)
                .output()
                .unwrap();
            std::fs::remove_dir_all(&dir).ok();
            assert!(
                out.status.success(),
                "{}:{line}: the example failed:\n{script}\nstderr: {}",
                file.display(),
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    // the README alone has one per lab
    assert!(ran >= 7, "only {ran} examples ran");
}

/// The parser itself: a block is found, set-up lines are left out, other fences are not run.
#[test]
fn only_sh_blocks_are_taken() {
    let text =
        "intro\n```sh\nnpm start\ntopolab slots\n```\n```bash\ncargo build\n```\n```text\nx\n```\n";
    assert_eq!(sh_blocks(text), vec![(2, "topolab slots\n".to_string())]);
}
