//! Closed sets of choices a user picks from — a reading a paper leaves open, a scheme, a solver —
//! with the words for each option, kept beside the enum that holds them. A lab lists the choices
//! of its section (`Lab::choices`), the catalog sends them, and the page builds its selects and
//! their help from them instead of restating names and meanings.

use serde::Serialize;

/// An enum a configuration field takes: every variant with a short label and what it does.
/// The option's value is the variant's own serde name, so it cannot drift from what the
/// Scenario accepts.
pub trait Choices: Serialize + Sized + 'static {
    /// What the choice decides, in words ("How HDF orders demands of equal volume").
    const DECIDES: &'static str;
    /// Every variant: (variant, label, what choosing it does).
    const OPTIONS: &'static [(Self, &'static str, &'static str)];
}

/// One option of a choice, as the page shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Opt {
    /// What the section holds when it is chosen.
    pub value: String,
    pub label: &'static str,
    pub about: &'static str,
}

/// A field of a lab's section that takes one of a closed set of values.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Choice {
    /// The field, a dotted path into the section (`readings.tie`).
    pub field: &'static str,
    pub decides: &'static str,
    pub options: Vec<Opt>,
}

impl Choice {
    /// The choice of field `field`, whose type is the enum `C`.
    pub fn of<C: Choices>(field: &'static str) -> Choice {
        let options = C::OPTIONS
            .iter()
            .map(|(variant, label, about)| Opt {
                value: match serde_json::to_value(variant) {
                    Ok(serde_json::Value::String(name)) => name,
                    other => panic!("a choice serializes as its name, not {other:?}"),
                },
                label,
                about,
            })
            .collect();
        Choice {
            field,
            decides: C::DECIDES,
            options,
        }
    }

    /// The choice of a text field that the lab checks against a list of names (value, label,
    /// about).
    pub fn named(
        field: &'static str,
        decides: &'static str,
        options: &[(&'static str, &'static str, &'static str)],
    ) -> Choice {
        Choice {
            field,
            decides,
            options: options
                .iter()
                .map(|&(value, label, about)| Opt {
                    value: value.to_string(),
                    label,
                    about,
                })
                .collect(),
        }
    }
}

/// Every choice's options are its enum's variants, each once, under the names clap and serde
/// give them (so the page offers exactly what the CLI and the Scenario take).
#[cfg(all(test, feature = "cli"))]
pub(crate) fn assert_complete<C: Choices + clap::ValueEnum>() {
    let listed: Vec<String> = Choice::of::<C>("x")
        .options
        .into_iter()
        .map(|o| o.value)
        .collect();
    let variants: Vec<String> = C::value_variants()
        .iter()
        .map(|v| {
            v.to_possible_value()
                .expect("no hidden variants")
                .get_name()
                .to_string()
        })
        .collect();
    assert_eq!(listed, variants, "{}", std::any::type_name::<C>());
}
