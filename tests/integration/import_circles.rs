//! Import circles inside `src/sim` (issue 65): a file imports a module when its code names a
//! path into it (`super::x`, `super::super::x`, `crate::sim::…`, `use child::…` of a module it
//! declares, or `use super::*`, which takes the parent's whole namespace). Two files that reach
//! each other that way are a circle: neither can be read, changed or moved without the other.
//! Files of unit tests are left out, as in `layers.rs`.
//!
//! There are none (`KNOWN` lists any allowed for a while): the test fails when a new one
//! appears, and when a listed one is gone (then it comes off the list).
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The circles allowed: none since the engine's rebuild took the last apart (2026-12-03: the
/// engine's files took the folder's namespace whole, and the simulator's facade held items its
/// own modules used). A circle that must stay for a while is listed here, as its sorted modules.
const KNOWN: &[&[&str]] = &[];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every module file under `src/sim` by its module path (`sim::flit::engine` for
/// `sim/flit/engine/mod.rs`), files of unit tests left out.
fn modules() -> BTreeMap<String, PathBuf> {
    let mut out = BTreeMap::new();
    let mut stack = vec![src().join("sim")];
    out.insert("sim".to_string(), src().join("sim/mod.rs"));
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
            if path.extension().is_none_or(|e| e != "rs")
                || stem == "tests"
                || stem.ends_with("_tests")
            {
                continue;
            }
            let rel = path.parent().unwrap().strip_prefix(src()).unwrap();
            let mut name: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_str().unwrap().to_string())
                .collect();
            if stem != "mod" {
                name.push(stem);
            }
            out.insert(name.join("::"), path);
        }
    }
    out
}

/// The module a path names, read from `from`: the longest prefix of it that is a module file.
fn resolve(from: &str, path: &[&str], known: &BTreeMap<String, PathBuf>) -> Option<String> {
    let mut at: Vec<&str> = from.split("::").collect();
    let mut rest = path;
    match rest.first() {
        Some(&"crate") => {
            at.clear();
            rest = &rest[1..];
        }
        Some(&"super") => {
            while rest.first() == Some(&"super") {
                at.pop();
                rest = &rest[1..];
            }
        }
        _ => {}
    }
    let mut best = None;
    let mut name = at.join("::");
    if known.contains_key(&name) {
        best = Some(name.clone());
    }
    for part in rest {
        if *part == "*" || part.starts_with('{') {
            break;
        }
        name = if name.is_empty() {
            part.to_string()
        } else {
            format!("{name}::{part}")
        };
        if known.contains_key(&name) {
            best = Some(name.clone());
        }
    }
    best.filter(|m| m.starts_with("sim"))
}

/// The modules a file's code imports (its own module and its own `#[cfg(test)]` part left out).
fn imports(module: &str, path: &Path, known: &BTreeMap<String, PathBuf>) -> BTreeSet<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let code = without_tests(&text);
    let code = code.as_str();
    let children: BTreeSet<&str> = code
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            l.strip_prefix("mod ")
                .or_else(|| l.strip_prefix("pub mod "))
                .or_else(|| l.strip_prefix("pub(crate) mod "))
        })
        .map(|l| l.trim_end_matches(';').trim())
        .collect();
    let mut out = BTreeSet::new();
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or("");
        // paths starting at `super`, `crate` or (in a `use`) a child module the file declares
        let words: Vec<&str> = line
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':' || c == '*'))
            .filter(|w| w.contains("::") || *w == "*")
            .collect();
        for word in words {
            let parts: Vec<&str> = word.split("::").filter(|p| !p.is_empty()).collect();
            let Some(first) = parts.first() else { continue };
            let local = children.contains(first) && line.trim_start().contains("use ");
            if *first != "super" && *first != "crate" && !local {
                continue;
            }
            let path: Vec<&str> = if local {
                module.split("::").chain(parts.iter().copied()).collect()
            } else {
                parts.clone()
            };
            let from = if local { "" } else { module };
            let target = if local {
                resolve("", &[&["crate"][..], &path].concat(), known)
            } else {
                resolve(from, &path, known)
            };
            if let Some(target) = target.filter(|t| t != module) {
                out.insert(target);
            }
        }
    }
    out
}

/// `text` without its `#[cfg(test)]` items (a line, or a block to its closing brace).
fn without_tests(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "#[cfg(test)]" {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let mut depth = 0i32;
        for item in lines.by_ref() {
            depth += item.matches('{').count() as i32 - item.matches('}').count() as i32;
            if depth <= 0 && (item.trim_end().ends_with(';') || item.trim_end().ends_with('}')) {
                break;
            }
        }
    }
    out
}

/// The circles of a graph: its strongly connected parts of more than one module.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // (reachability by search from each module: a few dozen files)
    let reach = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(m) = stack.pop() {
            for next in graph.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|m| (m, reach(m))).collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    for m in graph.keys() {
        let part: Vec<String> = graph
            .keys()
            .filter(|o| *o == m || (reaches[m].contains(*o) && reaches[*o].contains(m)))
            .cloned()
            .collect();
        if part.len() > 1 && !out.contains(&part) {
            out.push(part);
        }
    }
    out
}

#[test]
fn no_new_import_circle_in_the_simulators() {
    let known = modules();
    let graph: BTreeMap<String, BTreeSet<String>> = known
        .iter()
        .map(|(m, path)| (m.clone(), imports(m, path, &known)))
        .collect();
    let found = circles(&graph);
    let listed: Vec<Vec<String>> = KNOWN
        .iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect();
    let new: Vec<&Vec<String>> = found.iter().filter(|c| !listed.contains(c)).collect();
    let gone: Vec<&Vec<String>> = listed.iter().filter(|c| !found.contains(c)).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "import circles in src/sim changed:\nnew: {new:#?}\ngone (take them off KNOWN): {gone:#?}\nthe graph: {graph:#?}"
    );
}

#[test]
fn the_circle_finder_finds_a_circle() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(m, to)| (m.to_string(), to.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(
        circles(&graph),
        vec![vec!["a".to_string(), "b".to_string(), "c".to_string()]]
    );
}
