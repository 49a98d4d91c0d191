//! A lab's flags made from its form (`Lab::fields`, the fields the page shows): each field is
//! one flag, with the field's words as its help and the lab's default as its default, so a
//! field, its flag, its help and its default are written once, beside the configuration type
//! (src/labs/*). A lab's subcommand adds only its studies' flags.
//!
//! A flag is the field's last path segment with dashes (`link_latency` → `--link-latency`,
//! `readings.tie` → `--tie`), or its whole path where two fields end alike (`planes` and
//! `readings.planes` → `--planes`, `--readings-planes`). The text given is read as the field's
//! kind says (a whole number, a finite number, a name), or as its `Reads` says (a network or a
//! matrix from a file, a list of switches); a flag left out keeps the lab's default, and the
//! whole section is then checked as the page's and a Scenario file's are.

use crate::files;
use clap::{Arg, ArgMatches, Command};
use serde_json::{Map, Value};
use topolab::labs::{self, plain, ChoiceList, Field, FieldKind, Lab, Reads};
use topolab::scenario::Scenario;

/// The seed when `--seed` is not given (a Scenario's own default).
const DEFAULT_SEED: u64 = 1;

/// A lab's fields with the flag each one is given.
pub struct LabFlags {
    lab: &'static Lab,
    fields: Vec<(String, Field)>,
}

impl LabFlags {
    /// Every field of lab `name` that takes a value from the command line (a group's own field,
    /// which only gathers others, has none).
    pub fn of(name: &str) -> LabFlags {
        let lab = labs::lab(name).expect("a registered lab");
        let all = (lab.fields)();
        let is_group = |f: &Field| {
            all.iter()
                .any(|g| g.path.starts_with(&format!("{}.", f.path)))
        };
        let last = |f: &Field| f.path.rsplit('.').next().unwrap_or(f.path).to_string();
        let fields = all
            .iter()
            .filter(|f| !is_group(f))
            .map(|f| {
                let shared = all.iter().filter(|g| last(g) == last(f)).count() > 1;
                let flag = if shared && f.path.contains('.') {
                    f.path.to_string()
                } else {
                    last(f)
                };
                (flag.replace(['_', '.'], "-"), f.clone())
            })
            .collect();
        LabFlags { lab, fields }
    }

    /// Only the fields at `paths` (a network's flags for `export graphml`).
    pub fn only(mut self, paths: &[&str]) -> LabFlags {
        self.fields.retain(|(_, f)| paths.contains(&f.path));
        self
    }

    /// `command` with a flag per field.
    pub fn add_to(&self, mut command: Command) -> Command {
        let defaults = (self.lab.default_config)();
        let choices = (self.lab.choices)();
        for (flag, field) in &self.fields {
            let default = if field.path == "seed" {
                Some(Value::from(DEFAULT_SEED))
            } else {
                at(&defaults, field.path).cloned()
            };
            command = command.arg(
                Arg::new(flag.clone())
                    .long(flag.clone())
                    .value_name(flag.to_uppercase().replace('-', "_"))
                    // (a negative number reaches our check, which names the flag and what it
                    // takes, instead of clap's "unexpected argument '-1'")
                    .allow_hyphen_values(
                        matches!(field.kind, FieldKind::Number | FieldKind::Whole { .. })
                            || field.reads == Reads::List,
                    )
                    .help(help(field, default.as_ref(), &choices)),
            );
        }
        command
    }

    /// The seed and the section the flags in `matches` give (the lab's defaults where a flag is
    /// left out), checked, as a Scenario of the lab.
    pub fn scenario(&self, matches: &ArgMatches) -> Result<Scenario, String> {
        let (seed, section) = self.section(matches)?;
        Scenario::of_section(self.lab.name, seed, section).map_err(|e| self.name_flag(&e))
    }

    /// The seed and the section (unchecked) the flags in `matches` give.
    pub fn section(&self, matches: &ArgMatches) -> Result<(u64, Value), String> {
        let mut section = (self.lab.default_config)();
        let mut seed = DEFAULT_SEED;
        let mut later = Vec::new();
        for (flag, field) in &self.fields {
            let Some(text) = matches.get_one::<String>(flag) else {
                continue;
            };
            let flag = format!("--{flag}");
            if field.path == "seed" {
                seed = whole(text, &flag)?;
                continue;
            }
            if field.reads == Reads::Generators {
                // read once the section's kind and n are known
                later.push((flag, field, text));
                continue;
            }
            let value = read(field, text, &flag, at(&section, field.path))?;
            set(&mut section, field.path, value);
        }
        for (flag, field, text) in later {
            let value = generators(&section, text, &flag)?;
            set(&mut section, field.path, value);
        }
        Ok((seed, section))
    }

    /// A core error that names a field (`LAB.FIELD: …`, `FIELD: …`) naming its flag instead.
    pub fn name_flag(&self, error: &topolab::Error) -> String {
        let message = error.to_string();
        // the field the error is about (a spec's error reads "pattern '…': …" and names its
        // field only in `field()`), else the message's own head
        let field = error
            .field()
            .or_else(|| message.split_once(": ").map(|(head, _)| head.to_string()));
        let Some(field) = field else {
            return message;
        };
        let path = field
            .strip_prefix(self.lab.name)
            .and_then(|p| p.strip_prefix('.'))
            .unwrap_or(&field);
        let Some((flag, _)) = self.fields.iter().find(|(_, f)| f.path == path) else {
            return message;
        };
        // the message without its head when the head is the field ("tmax: …")
        let rest = match message.split_once(": ") {
            Some((head, rest)) if head == field || head == path => rest,
            _ => &message,
        };
        format!("--{flag}: {rest}")
    }
}

/// The value at dotted `path` of a section.
fn at<'a>(section: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(section, |v, key| v.get(key))
}

/// Set the value at dotted `path` of a section (its groups are objects already).
fn set(section: &mut Value, path: &str, value: Value) {
    let mut place = section;
    for key in path.split('.') {
        if !place.is_object() {
            *place = Value::Object(Map::new());
        }
        place = place
            .as_object_mut()
            .expect("an object")
            .entry(key)
            .or_insert(Value::Null);
    }
    *place = value;
}

/// `text` given with `flag` as `field`'s value (`default`: the lab's, for an empty text that
/// stands for it).
fn read(field: &Field, text: &str, flag: &str, default: Option<&Value>) -> Result<Value, String> {
    if text.trim().is_empty() {
        if field.empty_is_default {
            return Ok(default.cloned().unwrap_or(Value::Null));
        }
        if field.empty.is_some() {
            // what "nothing" is for this field: an empty text, an empty list, or none
            return Ok(match default {
                Some(Value::String(_)) => Value::String(String::new()),
                Some(Value::Array(_)) => Value::Array(Vec::new()),
                _ => Value::Null,
            });
        }
    }
    Ok(match (reading(field), field.kind) {
        (Reads::Network, _) => Value::String(files::network_spec(text, flag)?),
        (Reads::Traffic, _) => Value::String(files::traffic_spec(text, flag)?),
        (Reads::List, _) => Value::Array(
            text.split(',')
                .map(|part| whole(part, flag).map(Value::from))
                .collect::<Result<_, _>>()?,
        ),
        (Reads::FileText, _) => {
            Value::String(files::read_input(text, flag, files::MAX_MATRIX_BYTES)?)
        }
        (Reads::Generators, _) => unreachable!("read with the section's kind and n"),
        (Reads::AsKind, FieldKind::Whole { min }) => Value::from(whole_from(text, flag, min)?),
        (Reads::AsKind, FieldKind::Number) => {
            Value::from(crate::cli::finite(text).map_err(|e| format!("{flag}: {e}"))?)
        }
        (Reads::AsKind, FieldKind::Text { .. } | FieldKind::Choice { .. }) => {
            Value::String(text.to_string())
        }
        (Reads::AsKind, FieldKind::Pattern) => unreachable!("a pattern is read as a traffic"),
        (Reads::AsKind, FieldKind::Custom) => {
            unreachable!("every custom field says how it is read (a test checks)")
        }
    })
}

/// How the command line reads a field: as it says, a pattern's field as a traffic.
fn reading(field: &Field) -> Reads {
    match (field.reads, field.kind) {
        (Reads::AsKind, FieldKind::Pattern) => Reads::Traffic,
        (reads, _) => reads,
    }
}

/// A whole number given with `flag`.
fn whole(text: &str, flag: &str) -> Result<u64, String> {
    whole_from(text, flag, 0)
}

/// A whole number of a flag whose field starts at `min` (said when the text is not one; a
/// number below `min` is refused by the lab's own check).
fn whole_from(text: &str, flag: &str, min: u64) -> Result<u64, String> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        // (the whole line is cut to a readable length where it is printed)
        return Err(format!(
            "{flag}: a whole number from {min} up, not '{text}'"
        ));
    }
    text.parse()
        .map_err(|_| format!("{flag}: {text} is larger than any count this takes"))
}

/// Dual-plane generators as typed, or plane 1 from a network file, for the section's kind and n.
fn generators(section: &Value, text: &str, flag: &str) -> Result<Value, String> {
    if !text.trim().starts_with("file:") {
        return Ok(Value::String(text.to_string()));
    }
    let kind =
        serde_json::from_value(section["kind"].clone()).map_err(|e| format!("--kind: {e}"))?;
    let n = section["n"]
        .as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .ok_or("--n: a whole number of dimensions")?;
    files::generators_arg(text, kind, n, flag).map(Value::String)
}

/// A field's words on the command line: its label, its help and tooltip as the page shows
/// them, what a choice offers, and the default.
fn help(field: &Field, default: Option<&Value>, choices: &[labs::Choice]) -> String {
    let mut words = vec![format!("{}.", plain(field.label).trim_end_matches('.'))];
    for text in [&field.help, &field.about] {
        if !text.is_empty() {
            let text = plain(text);
            words.push(if text.ends_with(['.', '!', '?']) {
                text
            } else {
                format!("{text}.")
            });
        }
    }
    let names: Vec<String> = match field.kind {
        FieldKind::Choice {
            from: ChoiceList::Lab,
        } => choices
            .iter()
            .find(|c| c.field == field.path)
            .map(|c| {
                words.push(format!("{}.", c.decides.trim_end_matches('.')));
                c.options
                    .iter()
                    .map(|o| {
                        // a label that only spells the value adds nothing
                        let label = plain(o.label);
                        let alike = |t: &str| t.to_lowercase().replace(['-', ' ', '_'], "");
                        if alike(&label) == alike(&o.value) {
                            o.value.clone()
                        } else {
                            format!("{} ({label})", o.value)
                        }
                    })
                    .collect()
            })
            .unwrap_or_default(),
        FieldKind::Choice {
            from: ChoiceList::Routers,
        } => topolab::routing::ROUTERS
            .iter()
            .map(|r| match r.param {
                Some((param, _)) => format!("{}[:{param}]", r.name),
                None => r.name.to_string(),
            })
            .collect(),
        FieldKind::Choice {
            from: ChoiceList::Policies,
        } => names_of(topolab::circuit::SLOT_POLICIES),
        FieldKind::Choice {
            from: ChoiceList::AllToAll,
        } => names_of(topolab::analysis::ALL_TO_ALL_METHODS),
        // (a matrix is named below, with how the command line reads one)
        FieldKind::Pattern => topolab::traffic::PATTERNS
            .iter()
            .filter(|p| !p.syntax.ends_with('…'))
            .map(|p| p.syntax.to_string())
            .collect(),
        _ => Vec::new(),
    };
    if !names.is_empty() {
        words.push(format!("One of: {}.", names.join(", ")));
    }
    match reading(field) {
        Reads::Network => words.push(
            "file:PATH reads a network file (an edge list, BookSim anynet or GraphML).".into(),
        ),
        Reads::Traffic => {
            words.push("matrix:PATH reads a CSV traffic matrix (src,dst,bytes[,count]).".into())
        }
        Reads::List => words.push("Comma-separated, e.g. 3,7.".into()),
        Reads::FileText => words.push("The value is the name of a file to read.".into()),
        Reads::Generators => words.push(
            "file:PATH reads plane 1 wired in a network file (edge list, anynet, GraphML).".into(),
        ),
        Reads::AsKind => {}
    }
    let shown = match default {
        Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
        Some(Value::Number(n)) => Some(n.to_string()),
        Some(Value::Bool(b)) => Some(b.to_string()),
        _ => field.empty.map(str::to_string),
    };
    if let Some(shown) = shown {
        words.push(format!("[default: {shown}]"));
    }
    words.join(" ")
}

/// The names of a registry's (name, definition) list.
fn names_of(list: &[(&str, &str)]) -> Vec<String> {
    list.iter().map(|(name, _)| name.to_string()).collect()
}
