//! The rule of the rooms: `src/lib.rs` lists the modules in dependency order, and no module
//! uses one listed below it (read from the sources: every `crate::NAME` path, including those in
//! `use crate::{…}` groups; unit tests are left out, as they may reach anywhere).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The modules of `src/lib.rs`, in the order listed.
fn listed() -> Vec<String> {
    let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
    lib.lines()
        .map(str::trim)
        .filter_map(|l| {
            l.strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("mod "))
        })
        .map(|l| l.split(';').next().unwrap().trim().to_string())
        .collect()
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file of module `name` (its file, or its folder).
fn files(name: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let file = src().join(format!("{name}.rs"));
    if file.exists() {
        out.push(file);
    }
    let mut stack = vec![src().join(name)];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") && !unit_tests(&path) {
                out.push(path);
            }
        }
    }
    out
}

/// A file of unit tests only (`tests.rs`, `…_tests.rs`, declared under `#[cfg(test)]`): left out
/// as the `#[cfg(test)]` part of any other file is.
fn unit_tests(path: &Path) -> bool {
    path.file_stem()
        .and_then(|s| s.to_str())
        .is_some_and(|s| s == "tests" || s.ends_with("_tests"))
}

/// The crate's top-level names a source text uses: `crate::NAME…`, and the first segment of
/// each item of a `crate::{…}` group. `Error`/`Result` are the error module's.
fn uses(text: &str) -> BTreeSet<String> {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut names = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let (mut depth, mut item) = (0, String::new());
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        names.insert(item.trim().split("::").next().unwrap().to_string());
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                if depth == 0 {
                    item.push(c);
                }
            }
            names.insert(item.trim().split("::").next().unwrap().to_string());
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            names.insert(name);
        }
    }
    names
        .into_iter()
        .map(|n| {
            if n == "Error" || n == "Result" {
                "error".to_string()
            } else {
                n
            }
        })
        .collect()
}

#[test]
fn no_module_reaches_one_listed_below_it() {
    let order = listed();
    assert!(order.len() >= 20, "{order:?}");
    let mut wrong = Vec::new();
    for (i, module) in order.iter().enumerate() {
        for file in files(module) {
            let text = std::fs::read_to_string(&file).unwrap();
            for used in uses(&text) {
                if let Some(j) = order.iter().position(|m| *m == used) {
                    if j > i {
                        wrong.push(format!("{} uses crate::{used}", file.display()));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "upward imports:\n{}", wrong.join("\n"));
}

#[test]
fn the_reader_sees_groups_and_paths() {
    let text = "use crate::model::{A, B};\nuse crate::{graph::x, rng, Error};\nfn f() { crate::labs::json(1) }";
    let names: Vec<String> = uses(text).into_iter().collect();
    assert_eq!(names, ["error", "graph", "labs", "model", "rng"]);
}
