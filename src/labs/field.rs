//! A lab's fields as the page's form shows them: for each field of the lab's section (and the
//! seed), its label, its help, what it holds and what an empty input means. The catalog sends
//! them and the page builds its controls from them (www/fields.js); a lab's page code adds only
//! how a control looks (a slider, a file button, two fields on one row). Written once, beside
//! the configuration type they describe; a test checks that every field of a section has one
//! and that each names a field that exists.

use serde::Serialize;
use std::borrow::Cow;

/// What a field holds, which decides its control and how its text is read.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum FieldKind {
    /// Text as typed (a spec string); `required`: not empty.
    Text { required: bool },
    /// A whole number from `min` (digits only).
    Whole { min: u64 },
    /// A finite number.
    Number,
    /// One of a closed set: the lab's choice of that path, or a registry's list (`from`).
    Choice { from: ChoiceList },
    /// A traffic pattern of the registry (a select and its parameter).
    Pattern,
    /// A value the page's own control edits (a list of switches, a group of readings, a
    /// matrix), read as the control gives it.
    Custom,
}

/// Where a choice's options come from.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum ChoiceList {
    /// The lab's own `Choice` of the field's path (`Lab::choices`).
    Lab,
    /// The routers of the registry (`routing::ROUTERS`).
    Routers,
    /// The slot policies (`circuit::SLOT_POLICIES`).
    Policies,
    /// The all-to-all methods (`analysis::ALL_TO_ALL_METHODS`).
    AllToAll,
}

/// How the command line reads the text given for a field, where the page's control gives the
/// value itself (`topolab LAB --FLAG TEXT`, the flags made from the fields).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reads {
    /// By its kind: text as typed, a whole number, a finite number, a name.
    #[default]
    AsKind,
    /// A network: a spec as typed, or `file:PATH`, the network in that file (an edge list,
    /// BookSim anynet or GraphML) as the `graph:` spec that carries it.
    Network,
    /// A traffic pattern as typed, or `matrix:PATH`, the CSV traffic matrix in that file
    /// (`src,dst,bytes[,count]`) as the `matrix:` spec that carries it.
    Traffic,
    /// Whole numbers separated by commas (a list of switches).
    List,
    /// The name of a file whose text the field holds (a CSV the page's control reads).
    FileText,
    /// Dual-plane generators as typed, or `file:PATH`, plane 1 wired in a network file, whose
    /// links give the set.
    Generators,
}

/// One field of a lab's form.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Field {
    /// Its place in the section, dotted for a nested one (`readings.tie`); `seed` is the
    /// Scenario's seed.
    pub path: &'static str,
    /// Its name on the page (its input's id after the lab's prefix, `link-latency`).
    pub name: &'static str,
    /// The label (may hold `<sub>`, `<var>`).
    pub label: &'static str,
    /// What it sets, in a sentence or two, shown under it (may be empty).
    pub help: Cow<'static, str>,
    /// Longer words for the control's tooltip (may be empty); for a choice with `empty`, what
    /// its empty option does.
    pub about: Cow<'static, str>,
    pub kind: FieldKind,
    /// What is expected, said after a value that is not (`a whole number of cycles, at
    /// least 1`).
    pub hint: &'static str,
    /// What an empty input means, in a word or two (`|N|/2`, `none`: an input's placeholder,
    /// a choice's first option); None: a value is needed. The section then holds null (an
    /// optional field), or its default where `empty_is_default`.
    pub empty: Option<&'static str>,
    /// An empty input stands for the field's default (a number the core never leaves unset).
    pub empty_is_default: bool,
    /// Values to pick from as one types (topology specs).
    pub examples: &'static [&'static str],
    /// The heading of the group this field starts, if it starts one.
    pub group: Option<&'static str>,
    /// The entry of docs/glossary.md that explains its term (its anchor, `t_max`): the page
    /// links it beside the field.
    pub glossary: Option<&'static str>,
    /// How the command line reads its text (the page does not need it).
    #[serde(skip)]
    pub reads: Reads,
}

impl Field {
    /// A field named as its path, with no help, group, examples or empty meaning.
    pub const fn new(path: &'static str, label: &'static str, kind: FieldKind) -> Field {
        Field {
            path,
            name: path,
            label,
            help: Cow::Borrowed(""),
            about: Cow::Borrowed(""),
            kind,
            hint: "",
            empty: None,
            empty_is_default: false,
            examples: &[],
            group: None,
            glossary: None,
            reads: Reads::AsKind,
        }
    }

    /// The glossary entry (its anchor in docs/glossary.md) that explains the field's term.
    pub fn glossary(self, anchor: &'static str) -> Field {
        Field {
            glossary: Some(anchor),
            ..self
        }
    }

    /// A required spec string.
    pub const fn spec(path: &'static str, label: &'static str) -> Field {
        Field::new(path, label, FieldKind::Text { required: true })
    }

    /// A whole number from `min`.
    pub const fn whole(path: &'static str, label: &'static str, min: u64) -> Field {
        Field::new(path, label, FieldKind::Whole { min })
    }

    /// A number.
    pub const fn number(path: &'static str, label: &'static str) -> Field {
        Field::new(path, label, FieldKind::Number)
    }

    /// One of the lab's own choices of `path`.
    pub const fn choice(path: &'static str, label: &'static str) -> Field {
        Field::new(
            path,
            label,
            FieldKind::Choice {
                from: ChoiceList::Lab,
            },
        )
    }

    /// The Scenario's seed, with what it seeds.
    pub fn seed(about: &'static str) -> Field {
        Field {
            about: Cow::Borrowed(about),
            hint: "a whole number from 0 to 9007199254740991",
            ..Field::whole("seed", "Seed", 0)
        }
    }

    pub fn named(self, name: &'static str) -> Field {
        Field { name, ..self }
    }
    pub fn help(self, help: &'static str) -> Field {
        Field {
            help: Cow::Borrowed(help),
            ..self
        }
    }
    /// Help made from the core's constants (`Up to 4,096 switches`).
    pub fn help_text(self, help: String) -> Field {
        Field {
            help: Cow::Owned(help),
            ..self
        }
    }
    pub fn about(self, about: &'static str) -> Field {
        Field {
            about: Cow::Borrowed(about),
            ..self
        }
    }
    /// Tooltip words made from the core's constants.
    pub fn about_text(self, about: String) -> Field {
        Field {
            about: Cow::Owned(about),
            ..self
        }
    }
    pub fn hint(self, hint: &'static str) -> Field {
        Field { hint, ..self }
    }
    /// An empty input is allowed and means `meaning` (the section holds null, or the
    /// field's default for a number the core takes as 0).
    pub fn empty(self, meaning: &'static str) -> Field {
        Field {
            empty: Some(meaning),
            ..self
        }
    }
    /// An empty input is allowed and stands for the field's default, which `meaning` says.
    pub fn empty_default(self, meaning: &'static str) -> Field {
        Field {
            empty: Some(meaning),
            empty_is_default: true,
            ..self
        }
    }
    pub fn examples(self, examples: &'static [&'static str]) -> Field {
        Field { examples, ..self }
    }
    pub fn group(self, group: &'static str) -> Field {
        Field {
            group: Some(group),
            ..self
        }
    }
    /// How the command line reads the field's text.
    pub fn reads(self, reads: Reads) -> Field {
        Field { reads, ..self }
    }
}

/// The page's words as plain text, for the command line: tags left out (`t<sub>max</sub>` →
/// `tmax`).
pub fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labs::LABS;

    /// Every field of every lab's section has a field of the form, and every field of the form
    /// names a field of the section (or the seed): the page cannot offer a field the core does
    /// not read, nor leave one out.
    #[test]
    fn every_section_field_has_one_form_field() {
        for lab in LABS {
            let fields = (lab.fields)();
            let defaults = (lab.default_config)();
            let keys: Vec<&String> = defaults.as_object().unwrap().keys().collect();
            for key in &keys {
                assert!(
                    fields.iter().any(|f| f.path == key.as_str()
                        || f.path.split('.').next() == Some(key.as_str())),
                    "{}: the section's field '{key}' has no field in the form",
                    lab.name
                );
            }
            for field in &fields {
                let top = field.path.split('.').next().unwrap();
                assert!(
                    field.path == "seed" || keys.iter().any(|k| k.as_str() == top),
                    "{}: the form's field '{}' is not in the section",
                    lab.name,
                    field.path
                );
                assert!(!field.label.is_empty() || matches!(field.kind, FieldKind::Custom));
                let names = fields.iter().filter(|f| f.name == field.name).count();
                assert_eq!(names, 1, "{}: two fields named '{}'", lab.name, field.name);
            }
            assert!(
                fields.iter().any(|f| f.path == "seed"),
                "{}: no seed field",
                lab.name
            );
            // the command line reads every field: a value the page's own control edits says
            // how its text is read, unless it only gathers other fields (a group)
            for field in &fields {
                let group = fields
                    .iter()
                    .any(|g| g.path.starts_with(&format!("{}.", field.path)));
                assert!(
                    group || field.kind != FieldKind::Custom || field.reads != Reads::AsKind,
                    "{}: the custom field '{}' does not say how the command line reads it",
                    lab.name,
                    field.path
                );
            }
        }
    }
}
