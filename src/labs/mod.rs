//! The lab registry, the one list of labs. A lab is one module that registers itself in `LABS`:
//! its name (which is also its section of the Scenario), its configuration type, a `run` that
//! returns a boxed `LabRun` (result, steps, figure for a view, topology for CSV/anynet export,
//! detail queries), its named long studies (sweeps, searches) that stream their points with
//! progress, and its presets. The Scenario, the WASM surface and its catalog (the page's tabs
//! and preset buttons), the CLI's subcommands, `run` and `study`, and the page's worker all work
//! from this list, in the manner of BookSim's factory by name. A lab module holds configuration,
//! steps, figure and detail; the algorithm it runs lives in its domain module.

pub mod ctc;
pub mod dualplane;
pub mod ocs_relay;
pub mod plain;
pub mod routing;
pub mod sim;
pub mod slots;
pub mod topogen;

use crate::model::Topology;
use crate::{Error, Result};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Every lab, in the order the page shows its tabs.
pub const LABS: &[Lab] = &[
    slots::LAB,
    topogen::LAB,
    routing::LAB,
    sim::LAB,
    dualplane::LAB,
    ocs_relay::LAB,
    ctc::LAB,
];

/// What the page shows on top of a run: the step and the clicked channel. Part of the
/// Scenario so a permalink reopens exactly where it was shared.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct View {
    pub step: Option<u32>,
    pub channel: Option<u32>,
}

impl View {
    /// The step as an index, if one is shown.
    pub fn step_index(&self) -> Option<usize> {
        self.step.map(|s| s as usize)
    }
}

/// One step as the page lists it (the changes stay in Rust).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepSummary {
    pub title: String,
    pub explanation: String,
    pub metrics: Vec<(String, f64)>,
}

impl StepSummary {
    /// The summaries of a recorded trace (none without one).
    pub fn of_trace(trace: Option<&crate::trace::Trace>) -> Vec<StepSummary> {
        trace
            .map(|t| {
                t.steps
                    .iter()
                    .map(|s| StepSummary {
                        title: s.title.clone(),
                        explanation: s.explanation.clone(),
                        metrics: s.metrics.clone(),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// A finished run of a lab, kept so the page can step, click and export without rerunning.
pub trait LabRun: Send {
    /// The result (what the CLI prints with `--json`).
    fn result(&self) -> Value;
    /// The steps of the trace (empty when the run has none or did not record).
    fn steps(&self) -> Vec<StepSummary>;
    /// The figure for a view (step and selected channel): the drawing and, for networks too
    /// large to read switch by switch, an overview.
    fn figure(&self, view: &View) -> Result<crate::render::Figure>;
    /// The network the run is about (CSV and anynet exports).
    fn topology(&self) -> &Topology;
    /// Per-channel data as CSV (by default the channels with zero load).
    fn csv(&self) -> String {
        let topo = self.topology();
        crate::export::channel_loads_csv(topo, &vec![0; topo.channel_count()], None)
    }
    /// The topology in BookSim2's anynet format.
    fn anynet(&self) -> String {
        crate::export::anynet(self.topology())
    }
    /// Answer a question about the shown run at `view` (e.g. `{"channel": 3}`: what crosses
    /// this channel).
    fn detail(&self, query: &Value, view: &View) -> Result<Value> {
        let _ = (query, view);
        Err(Error::invalid(
            "detail",
            "this lab has no details to show for a click",
        ))
    }
}

/// A progress report of a study: the fraction done and, when one was just computed, a point
/// (a row of its table, a point of its chart).
pub type Report<'a> = &'a mut dyn FnMut(f64, Option<Value>);

/// A named long computation on a lab's configuration (a sweep, a search), with arguments.
pub struct Study {
    pub name: &'static str,
    pub title: &'static str,
    pub about: &'static str,
    /// `run(config section, seed, args, report)`: the whole result; every point it reports
    /// as it goes is also part of that result, so a cancelled study keeps what it streamed.
    pub run: fn(&Value, u64, &Value, Report<'_>) -> Result<Value>,
}

/// `Lab::run`: (checked section, seed, record the trace, progress) → the run.
pub type RunFn = fn(&Value, u64, bool, &mut dyn FnMut(f64)) -> Result<Box<dyn LabRun>>;

/// A lab: its name (= Scenario section), what it is, its configuration and its runs.
pub struct Lab {
    pub name: &'static str,
    pub title: &'static str,
    pub about: &'static str,
    /// The section with every default filled in.
    pub default_config: fn() -> Value,
    /// Check a section (unknown fields, types) and return it with defaults filled in.
    pub check_config: fn(&Value) -> Result<Value>,
    /// Run the lab on a checked section; `record` keeps the trace for stepping.
    pub run: RunFn,
    pub studies: &'static [Study],
    /// The set-ups the page offers as buttons (the papers' examples, lecture sizes).
    pub presets: fn() -> Vec<Preset>,
    /// The ranges of its number fields, as its checks enforce them (the page's inputs show them).
    pub limits: fn() -> Vec<Limit>,
}

/// A number field's range, the same constants the lab's check refuses outside of: the page's
/// input takes its `min` and `max` from here instead of restating them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Limit {
    /// The field of the lab's section.
    pub field: &'static str,
    pub min: f64,
    pub max: f64,
}

/// `Lab::limits` of a lab whose number fields the page leaves open (the core refuses what is
/// out of range, next to the field).
pub fn no_limits() -> Vec<Limit> {
    Vec::new()
}

/// A named set-up of a lab: the fields of its section it sets (the others keep what the form
/// holds) and, when it names one, the seed. The page shows it as a button.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Preset {
    /// The button's id on the page.
    pub id: &'static str,
    /// The button's text (may hold `<var>`, `<sub>`).
    pub label: &'static str,
    /// What it sets up, in words (the button's accessible name).
    pub about: &'static str,
    pub seed: Option<u64>,
    pub section: Value,
}

/// `Lab::presets` of a lab that has none.
pub fn no_presets() -> Vec<Preset> {
    Vec::new()
}

impl Lab {
    /// The study `name` of this lab.
    pub fn study(&self, name: &str) -> Result<&'static Study> {
        self.studies.iter().find(|s| s.name == name).ok_or_else(|| {
            let names: Vec<&str> = self.studies.iter().map(|s| s.name).collect();
            Error::invalid(
                "study",
                format!(
                    "the {} lab has no study '{name}'; {}",
                    self.title,
                    crate::error::suggest(name, &names)
                ),
            )
        })
    }
}

/// The lab named `name`.
pub fn lab(name: &str) -> Result<&'static Lab> {
    LABS.iter().find(|l| l.name == name).ok_or_else(|| {
        let names: Vec<&str> = LABS.iter().map(|l| l.name).collect();
        Error::Scenario(format!(
            "there is no lab '{name}'; {}",
            crate::error::suggest(name, &names)
        ))
    })
}

/// A lab's configuration type: a serde struct with defaults (`#[serde(default,
/// deny_unknown_fields)]`).
pub trait LabConfig: Serialize + DeserializeOwned + Default {}
impl<T: Serialize + DeserializeOwned + Default> LabConfig for T {}

/// The typed configuration in a section.
pub fn config<C: LabConfig>(section: &Value) -> Result<C> {
    plain::decode(section, "section")
}

/// A configuration as a section.
pub fn section<C: LabConfig>(config: &C) -> Value {
    serde_json::to_value(config).expect("configurations serialize")
}

/// `Lab::default_config` for a configuration type.
pub fn default_section<C: LabConfig>() -> Value {
    section(&C::default())
}

/// `Lab::check_config` for a configuration type.
pub fn check_section<C: LabConfig>(value: &Value) -> Result<Value> {
    Ok(section(&config::<C>(value)?))
}

/// A study's typed arguments (`{}` and `null` give the defaults).
pub fn study_args<A: LabConfig>(args: &Value) -> Result<A> {
    if args.is_null() {
        return Ok(A::default());
    }
    plain::decode(args, "arguments")
}

/// A value as JSON (results, points).
pub(crate) fn json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("results serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every preset sets fields its lab has, to values the lab accepts, and names a run that
    /// the lab checks as it would any section.
    /// Every limit names a number field of its lab; its ends are accepted and one past each
    /// end is refused, by the lab's own run (so the page's range is the core's).
    #[test]
    fn limits_are_the_labs_own() {
        let mut checked = 0;
        for lab in LABS {
            for limit in (lab.limits)() {
                let section = (lab.default_config)();
                assert!(
                    section[limit.field].is_number(),
                    "{}.{}",
                    lab.name,
                    limit.field
                );
                let refuses = |value: f64| {
                    let mut s = section.clone();
                    s[limit.field] = serde_json::json!(value);
                    (lab.check_config)(&s)
                        .and_then(|s| (lab.run)(&s, 1, false, &mut |_| {}).map(|_| ()))
                        .err()
                        .map(|e| e.field().unwrap_or_default())
                };
                assert_eq!(
                    refuses(limit.min - 1.0).as_deref(),
                    Some(limit.field),
                    "{}.{} below",
                    lab.name,
                    limit.field
                );
                assert_eq!(
                    refuses(limit.max + 1.0).as_deref(),
                    Some(limit.field),
                    "{}.{} above",
                    lab.name,
                    limit.field
                );
                checked += 1;
            }
        }
        assert!(checked >= 2);
    }

    #[test]
    fn presets_are_sections_of_their_lab() {
        let mut ids = std::collections::BTreeSet::new();
        for lab in LABS {
            for preset in (lab.presets)() {
                assert!(ids.insert(preset.id), "preset id {} twice", preset.id);
                let mut section = (lab.default_config)();
                let fields = preset.section.as_object().expect("a preset is an object");
                for (key, value) in fields {
                    assert!(
                        section.get(key).is_some(),
                        "{}: {} has no field {key}",
                        preset.id,
                        lab.name
                    );
                    section[key] = value.clone();
                }
                let checked =
                    (lab.check_config)(&section).unwrap_or_else(|e| panic!("{}: {e}", preset.id));
                for (key, value) in fields {
                    assert_eq!(&checked[key], value, "{}: {key} kept as given", preset.id);
                }
            }
        }
        assert!(ids.len() >= 16, "{ids:?}");
    }
}
