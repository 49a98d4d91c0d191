//! The flit simulator's shape (issue 65): no file of `src/sim/flit` over 600 lines and no
//! function over 80, tests included, so that each module keeps one job and each function can
//! be read in one screen. Files are rustfmt's: a function ends at the first line after its
//! `fn` that is its own indentation and `}` alone.
use std::path::{Path, PathBuf};

const MOST_FILE_LINES: usize = 600;
const MOST_FUNCTION_LINES: usize = 80;

/// Every `.rs` file under `src/sim/flit`.
fn files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src/sim/flit")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The functions of `text` with a body, as (name, lines from `fn` to its closing brace).
fn function_lengths(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        let after = ["pub(crate) ", "pub(super) ", "pub ", "const ", "unsafe "]
            .iter()
            .fold(body, |rest, prefix| {
                rest.strip_prefix(prefix).unwrap_or(rest)
            });
        let Some(rest) = after.strip_prefix("fn ") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // a declaration without a body (a trait's) ends on its own line
        if line.trim_end().ends_with(';') {
            continue;
        }
        let closing = format!("{indent}}}");
        if let Some(end) = lines[i + 1..].iter().position(|l| *l == closing) {
            out.push((name, end + 2));
        }
    }
    out
}

#[test]
fn the_measure_finds_a_long_function() {
    let body = "    let x = 1;\n".repeat(90);
    let text =
        format!("fn short() {{\n}}\n\nimpl A {{\n    pub(super) fn long() {{\n{body}    }}\n}}\n");
    assert_eq!(
        function_lengths(&text),
        vec![("short".to_string(), 2), ("long".to_string(), 92)]
    );
}

#[test]
fn no_file_or_function_of_the_flit_simulator_is_too_long() {
    let mut over = Vec::new();
    let files = files();
    assert!(files.len() > 20, "the simulator's files: {files:?}");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap()
            .display()
            .to_string();
        let lines = text.lines().count();
        if lines > MOST_FILE_LINES {
            over.push(format!("{name}: {lines} lines (at most {MOST_FILE_LINES})"));
        }
        for (function, lines) in function_lengths(&text) {
            if lines > MOST_FUNCTION_LINES {
                over.push(format!(
                    "{name}: fn {function} is {lines} lines (at most {MOST_FUNCTION_LINES})"
                ));
            }
        }
    }
    assert!(over.is_empty(), "{}", over.join("\n"));
}
