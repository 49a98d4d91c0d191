//! The lab registry, the one list of labs. A lab is one module that registers itself in `LABS`:
//! its name (which is also its section of the Scenario), its configuration type, a `run` that
//! returns a boxed `LabRun` (result, steps, figure for a view, topology, positions and loads for
//! the CSV, anynet, GraphML and DOT exports, detail queries), its named long studies (sweeps,
//! searches) that stream their points with progress, and its presets. The Scenario, the WASM
//! surface and its catalog (the page's tabs and preset buttons), the CLI's subcommands, `run` and
//! `study`, and the page's worker all work from this list, in the manner of BookSim's factory by
//! name. A lab module holds configuration, steps, figure and detail; the algorithm it runs lives
//! in its domain module.

pub mod compare;
pub mod ctc;
pub mod dualplane;
pub mod field;
pub mod ocs_relay;
pub mod plain;
pub mod routing;
pub mod sim;
pub mod slots;
pub mod topogen;
#[cfg(test)]
pub(crate) mod typescript;

pub use crate::choice::Choice;
use crate::export::graph::{Loads, NetworkExtras, NetworkFormat};
use crate::model::Topology;
use crate::{Error, Result};
pub use field::{plain, ChoiceList, Field, FieldKind, Reads};
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

/// What the page shows on top of a run: the step, the clicked channel and the figure's zoom.
/// Part of the Scenario so a permalink reopens exactly where it was shared.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct View {
    pub step: Option<u32>,
    pub channel: Option<u32>,
    /// Zoomed into the figure (none: fitted to the panel). Only the page reads it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zoom: Option<Zoom>,
}

/// The page's zoom into a figure: its scale (screen pixels per drawing unit) and the drawing's
/// point at the middle of the panel (drawing units).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Zoom {
    pub scale: f64,
    pub x: f64,
    pub y: f64,
}

impl Zoom {
    /// The page's zoom limits (www/figure.js MIN_SCALE, MAX_SCALE).
    const SCALES: std::ops::RangeInclusive<f64> = 0.05..=8.0;
    /// Far enough for any drawing the page makes (a 16,384-router network is about 10^5 units).
    const REACH: f64 = 1e7;

    /// A zoom the page can show: its scale within the page's limits, its point a finite number.
    pub(crate) fn check(&self) -> crate::Result<()> {
        if !Self::SCALES.contains(&self.scale) {
            return Err(crate::Error::invalid(
                "view",
                format!("the zoom scale must be from 0.05 to 8, not {}", self.scale),
            ));
        }
        if !(self.x.abs() <= Self::REACH && self.y.abs() <= Self::REACH) {
            return Err(crate::Error::invalid(
                "view",
                "the zoom's centre must be a point of the drawing",
            ));
        }
        Ok(())
    }
}

impl View {
    /// The step as an index, if one is shown.
    pub(crate) fn step_index(&self) -> Option<usize> {
        self.step.map(|s| s as usize)
    }
}

/// One step as the page lists it (the changes stay in Rust).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct StepSummary {
    pub title: String,
    pub explanation: String,
    pub metrics: Vec<(String, f64)>,
}

impl StepSummary {
    /// The summaries of a recorded trace (none without one).
    pub(crate) fn of_trace(trace: Option<&crate::trace::Trace>) -> Vec<StepSummary> {
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
    /// The topology in BookSim2's anynet format, or why it cannot be one.
    fn anynet(&self) -> Result<String> {
        crate::export::anynet(self.topology())
    }
    /// The run as an SST/Merlin model in one Python file (`export::sst`): labs with a traffic
    /// and a rate to simulate (the Simulate lab) have one.
    fn sst(&self) -> Result<String> {
        Err(Error::invalid(
            "export",
            "an SST model needs a traffic pattern and a rate: export it from the Simulate lab",
        ))
    }
    /// The run as a BookSim2 experiment (`export::booksim`), the config naming the anynet file
    /// `network_file`: labs with a traffic and a rate to simulate (the Simulate lab) have one.
    fn booksim(&self, network_file: &str) -> Result<crate::export::booksim::BooksimFiles> {
        let _ = network_file;
        Err(Error::invalid(
            "export",
            "a BookSim2 experiment needs a traffic pattern and a rate: export it from the Simulate lab",
        ))
    }
    /// Where the figure draws each switch (by default the layout of the topology's shape).
    fn positions(&self) -> Vec<(f64, f64)> {
        crate::layout::layout(self.topology()).switches
    }
    /// What the run put on each directed channel, for the network files; none where the lab
    /// has no per-channel loads.
    fn channel_loads(&self) -> Option<Loads> {
        None
    }
    /// The network as GraphML or DOT, with the figure's positions and the run's loads.
    fn network(&self, format: NetworkFormat) -> String {
        let positions = self.positions();
        let loads = self.channel_loads();
        let extras = NetworkExtras {
            positions: Some(&positions),
            loads: loads.as_ref(),
        };
        format.write(self.topology(), &extras)
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

/// What a circuit lab's channel load counts (Slots, TopoGen: paper 000 §3.2).
pub(crate) const CIRCUIT_LOADS: &str =
    "circuits crossing the channel (paper 000's channel load; N is the largest)";

/// A set-up one lab hands to another (the Dual-plane lab's "Simulate this"): the lab that
/// takes it and the section it runs (the page keeps its seed).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Handoff {
    pub lab: String,
    pub section: Value,
}

/// A progress report of a study: the fraction done and, when one was just computed, a point
/// (a row of its table, a point of its chart).
pub(crate) type Report<'a> = &'a mut dyn FnMut(f64, Option<Value>);

/// A named long computation on a lab's configuration (a sweep, a search), with arguments.
pub struct Study {
    pub name: &'static str,
    pub title: &'static str,
    pub about: &'static str,
    /// Its arguments' defaults and ranges (the page's study inputs start at and keep to them).
    pub args: StudyArgs,
    /// `run(config section, seed, args, report)`: the whole result; every point it reports
    /// as it goes is also part of that result, so a cancelled study keeps what it streamed.
    pub run: fn(&Value, u64, &Value, Report<'_>) -> Result<Value>,
    /// `precheck(config section, seed, args)`: what `run` refuses before its work begins (its
    /// arguments, the section it reads, the work they ask for), without doing that work — the
    /// command line's `--check` and a documented command's test stop here.
    pub precheck: fn(&Value, u64, &Value) -> Result<()>,
}

/// What a study's arguments default to and the ranges of its number arguments, as its run
/// enforces them.
#[derive(Clone, Copy)]
pub struct StudyArgs {
    pub defaults: fn() -> Value,
    pub limits: fn() -> Vec<Limit>,
    /// Whether it takes no arguments at all: anything but `null` or `{}` is refused before it
    /// runs (`scenario::study`, `precheck_study`). Ignored, `{"nope": 1}` ran the study's whole
    /// default work as if it had been asked for.
    pub none: bool,
}

/// `Study::args` of a study whose arguments the page does not set (its run reads them).
pub(crate) const NO_ARGS: StudyArgs = StudyArgs {
    defaults: || Value::Object(Default::default()),
    limits: no_limits,
    none: false,
};

/// `Study::args` of a study that takes no arguments (`StudyArgs::none`).
pub(crate) const TAKES_NONE: StudyArgs = StudyArgs {
    none: true,
    ..NO_ARGS
};

/// `Lab::run`: (checked section, seed, record the trace, progress) → the run.
pub(crate) type RunFn = fn(&Value, u64, bool, &mut dyn FnMut(f64)) -> Result<Box<dyn LabRun>>;

/// `Lab::precheck`: a checked section and its seed, refused as the run would refuse them.
pub type PrecheckFn = fn(&Value, u64) -> Result<()>;

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
    /// What the run checks from the built network before its work begins (a router's kind of
    /// network, a simulation's work budget): the run makes the same checks first; the page asks
    /// it of each choice it offers in place of a refused one, and a comparison asks it of both
    /// sides before either runs.
    pub precheck: PrecheckFn,
    /// Its own studies (a sweep, a search, a packet's walk); the papers' figures and tables it
    /// shows are studies too, listed in `papers` (`papers::studies` gives both).
    pub studies: &'static [Study],
    /// The set-ups the page offers as buttons (the papers' examples, lecture sizes).
    pub presets: fn() -> Vec<Preset>,
    /// The ranges of its number fields, as its checks enforce them (the page's inputs show them).
    pub limits: fn() -> Vec<Limit>,
    /// Its fields that take one of a closed set of values, with the words for each (the
    /// page's selects).
    pub choices: fn() -> Vec<Choice>,
    /// Its form: a field per field of its section and the seed, with the words the page and
    /// the CLI show (`field::Field`).
    pub fields: fn() -> Vec<Field>,
    /// Its configuration and result types, for the page's TypeScript (`types::<Config,
    /// Result>()`): written out by the test build only, nothing in the others.
    pub types: LabTypes,
}

/// A lab's configuration and result types, as the page's TypeScript declares them
/// (`labs::typescript`, test builds only; an empty value in the library, the CLI and the WASM).
#[derive(Clone, Copy)]
pub struct LabTypes {
    #[cfg(test)]
    pub(crate) declare: fn(&mut typescript::Declarations) -> [String; 2],
}

/// `Lab::types` of a lab whose section is a `C` and whose result is an `R`.
#[cfg(test)]
pub(crate) const fn types<C: ts_rs::TS + 'static, R: ts_rs::TS + 'static>() -> LabTypes {
    LabTypes {
        declare: typescript::declare_lab::<C, R>,
    }
}

/// `Lab::types` of a lab whose section is a `C` and whose result is an `R`.
#[cfg(not(test))]
#[allow(clippy::extra_unused_type_parameters)] // named for the test build's twin, which uses them
pub(crate) const fn types<C, R>() -> LabTypes {
    LabTypes {}
}

/// A number field's range, the same constants the lab's check refuses outside of: the page's
/// input takes its `min` and `max` from here instead of restating them.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Limit {
    /// The field of the lab's section.
    pub field: &'static str,
    pub min: f64,
    pub max: f64,
    /// The range leaves out `min` itself ((0, 1] for a load step).
    pub min_open: bool,
    /// The range leaves out `max` itself ((0, 1) for Cowen's α).
    pub max_open: bool,
}

impl Limit {
    /// [min, max].
    pub fn closed(field: &'static str, min: f64, max: f64) -> Limit {
        Limit {
            field,
            min,
            max,
            min_open: false,
            max_open: false,
        }
    }

    /// (min, max].
    pub fn above(field: &'static str, min: f64, max: f64) -> Limit {
        Limit {
            min_open: true,
            ..Limit::closed(field, min, max)
        }
    }

    /// (min, max).
    pub fn open(field: &'static str, min: f64, max: f64) -> Limit {
        Limit {
            min_open: true,
            max_open: true,
            ..Limit::closed(field, min, max)
        }
    }

    #[cfg(test)]
    /// The nearest values the range refuses below and above (the open ends themselves, else one
    /// past them).
    pub(crate) fn just_outside(&self) -> [f64; 2] {
        [
            if self.min_open {
                self.min
            } else {
                self.min - 1.0
            },
            if self.max_open {
                self.max
            } else {
                self.max + 1.0
            },
        ]
    }
}

/// `Lab::limits` of a lab whose number fields the page leaves open (the core refuses what is
/// out of range, next to the field).
pub(crate) fn no_limits() -> Vec<Limit> {
    Vec::new()
}

/// `Lab::choices` of a lab whose page offers no choice of its own (its lists, if any, are
/// the registries' in the catalog).
pub(crate) fn no_choices() -> Vec<Choice> {
    Vec::new()
}

/// A named set-up of a lab: the fields of its section it sets (the others keep what the form
/// holds) and, when it names one, the seed. The page shows it as a button.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
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

/// A preset's section from its JSON text. Parsed when the catalog is built rather than written
/// with `json!`, whose expansion is code for every key (about 10 KB of the page's WebAssembly
/// for the presets); `presets_are_sections_of_their_lab` reads every one.
pub(crate) fn preset_section(json: &str) -> Value {
    serde_json::from_str(json).expect("a preset's section is JSON")
}

/// `Lab::presets` of a lab that has none.
pub(crate) fn no_presets() -> Vec<Preset> {
    Vec::new()
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
pub(crate) fn default_section<C: LabConfig>() -> Value {
    section(&C::default())
}

/// `Lab::check_config` for a configuration type.
pub(crate) fn check_section<C: LabConfig>(value: &Value) -> Result<Value> {
    Ok(section(&config::<C>(value)?))
}

/// A study's typed arguments (`{}` and `null` give the defaults).
pub(crate) fn study_args<A: LabConfig>(args: &Value) -> Result<A> {
    if args.is_null() {
        return Ok(A::default());
    }
    plain::decode(args, "arguments")
}

/// A value as JSON (results, points).
/// A detail query's id under `key` (`{"channel": 3}`), checked against `count` before it is a
/// usize: None when the query has no `key`. (A cast wrapped 4,294,967,297 to 1 in WebAssembly,
/// whose usize is 32 bits, and the page answered for channel 1.)
pub(crate) fn query_index(query: &Value, key: &str, count: usize) -> Result<Option<usize>> {
    let Some(given) = query.get(key) else {
        return Ok(None);
    };
    given
        .as_u64()
        .and_then(|raw| usize::try_from(raw).ok())
        .filter(|&i| i < count)
        .map(Some)
        .ok_or_else(|| {
            crate::Error::invalid(
                key,
                format!(
                    "no {key} {}: there are {count}, numbered 0 to {}",
                    crate::error::shorten(&given.to_string()),
                    count.saturating_sub(1)
                ),
            )
        })
}

pub(crate) fn json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("results serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every lab's default run writes its network as GraphML and DOT: a node per switch, an
    /// edge per link, a position per switch, and loads exactly where the lab has them.
    #[test]
    fn every_lab_writes_its_network() {
        for lab in LABS {
            let section = (lab.check_config)(&(lab.default_config)()).unwrap();
            let run = (lab.run)(&section, 1, false, &mut |_| {}).unwrap();
            let topo = run.topology();
            let graphml = run.network(NetworkFormat::Graphml);
            let dot = run.network(NetworkFormat::Dot);
            let name = lab.name;
            assert_eq!(
                graphml.matches("<node ").count(),
                topo.switch_count(),
                "{name}"
            );
            assert_eq!(
                graphml.matches("<edge ").count(),
                topo.link_count(),
                "{name}"
            );
            assert_eq!(
                graphml.matches("<data key=\"x\">").count(),
                topo.switch_count()
            );
            assert_eq!(dot.matches(" -- ").count(), topo.link_count(), "{name}");
            let loads = run.channel_loads();
            assert_eq!(
                graphml.matches("<data key=\"load_fwd\">").count(),
                if loads.is_some() {
                    topo.link_count()
                } else {
                    0
                },
                "{name}"
            );
            if let Some(loads) = loads {
                assert!(
                    loads.per_channel.iter().all(|l| l.is_finite() && *l >= 0.0),
                    "{name}"
                );
            }
        }
    }

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
                let default = &section[limit.field];
                assert!(
                    default.is_number() || default.is_null(),
                    "{}.{} is a number field",
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
                for outside in limit.just_outside() {
                    assert_eq!(
                        refuses(outside).as_deref(),
                        Some(limit.field),
                        "{}.{} = {outside}",
                        lab.name,
                        limit.field
                    );
                }
                checked += 1;
            }
        }
        assert!(checked >= 10, "{checked}");
    }

    /// The value at a dotted path of a section (`readings.tie`).
    fn at<'a>(section: &'a mut Value, path: &str) -> &'a mut Value {
        path.split('.').fold(section, |v, key| {
            assert!(v.get(key).is_some(), "no field {path}");
            &mut v[key]
        })
    }

    /// Every choice names a text field of its lab, its default is one of its options, and
    /// each option is accepted at that field by the lab (its check, and its run for the names
    /// a run checks); a name outside the options is refused there.
    #[test]
    fn choices_are_the_labs_own() {
        let mut checked = 0;
        for lab in LABS {
            for choice in (lab.choices)() {
                let mut section = (lab.default_config)();
                let default = at(&mut section, choice.field).clone();
                // (an empty default is the field's own `empty` option, `auto`, where it has one)
                let empty_option = (lab.fields)()
                    .iter()
                    .any(|f| f.path == choice.field && f.empty.is_some());
                assert!(
                    choice.options.iter().any(|o| default == o.value.as_str())
                        || (default == "" && empty_option),
                    "{}.{}: the default {default} is an option",
                    lab.name,
                    choice.field
                );
                let top = choice.field.split('.').next().expect("a field");
                let with = |field: &str, value: &str| {
                    let mut s = (lab.default_config)();
                    *at(&mut s, field) = Value::from(value);
                    s
                };
                // an enum is checked by the section's check, a name by the run
                let checked_by_run =
                    (lab.check_config)(&with(choice.field, "no-such-choice")).is_ok();
                let outcome = |value: &str| {
                    let section = (lab.check_config)(&with(choice.field, value));
                    match section {
                        Ok(s) if checked_by_run => (lab.run)(&s, 1, false, &mut |_| {}).map(|_| ()),
                        other => other.map(|_| ()),
                    }
                    .map_err(|e| (e.field().unwrap_or_default(), e.to_string()))
                };
                let at_field = |refused: &str| refused == top || refused == choice.field;
                for option in &choice.options {
                    // accepted at its field (a run may still want another field filled, as
                    // `matrix` wants its rows), or refused only for the default network it
                    // does not fit (the Routing lab offers every router: DOR "needs a mesh,
                    // torus or hypercube"), never as a name the lab does not know
                    if let Err((refused, message)) = outcome(&option.value) {
                        assert!(
                            !at_field(&refused) || message.contains(": needs "),
                            "{}.{} = {} refused: {message}",
                            lab.name,
                            choice.field,
                            option.value
                        );
                    }
                    checked += 1;
                }
                let (refused, _) = outcome("no-such-choice").expect_err("refused");
                assert!(
                    at_field(&refused),
                    "{}.{}: refused at '{refused}'",
                    lab.name,
                    choice.field
                );
            }
        }
        assert!(checked >= 30, "{checked}");
    }

    /// The enums behind the choices list each variant once, under the CLI's and the
    /// Scenario's names.
    #[cfg(feature = "cli")]
    #[test]
    fn choices_list_every_variant() {
        use crate::choice::assert_complete;
        assert_complete::<crate::hybrid::ctc::Tie>();
        assert_complete::<crate::hybrid::ctc::PlaneRule>();
        assert_complete::<crate::hybrid::ctc::MultiHop>();
        assert_complete::<crate::hybrid::ctc::Accept>();
        assert_complete::<crate::hybrid::ctc::Laplacian>();
        assert_complete::<crate::hybrid::relay::alloc::Blocked>();
        assert_complete::<crate::hybrid::relay::alloc::Step3>();
        assert_complete::<crate::hybrid::relay::alloc::NodeChoice>();
        assert_complete::<crate::hybrid::relay::Counting>();
        assert_complete::<crate::hybrid::relay::route::UplinkCost>();
        assert_complete::<crate::dualplane::search::Objective>();
        assert_complete::<crate::topology::dualplane::floor::CableReading>();
        assert_complete::<crate::dualplane::search::Combine>();
        assert_complete::<crate::topology::dualplane::Kind>();
        assert_complete::<crate::circuit::topogen::Reconfig>();
        assert_complete::<crate::circuit::topogen::FailedNodes>();
        assert_complete::<ctc::OrderKind>();
        assert_complete::<ctc::SolverKind>();
        assert_complete::<crate::sim::flit::VcAssignment>();
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

#[cfg(test)]
mod query_tests {
    use super::query_index;
    use serde_json::json;

    /// An id is checked whole before it is a usize: 2^32 + 1 is no channel 1 (issue 63: the
    /// page answered for channel 1, a cast wrapping in 32-bit WebAssembly).
    #[test]
    fn a_detail_id_is_checked_before_it_is_cast() {
        assert_eq!(
            query_index(&json!({"channel": 3}), "channel", 4).unwrap(),
            Some(3)
        );
        assert_eq!(query_index(&json!({}), "channel", 4).unwrap(), None);
        for bad in [
            json!(4_294_967_297u64),
            json!(4),
            json!(-1),
            json!("1"),
            json!(1.5),
        ] {
            let e = query_index(&json!({ "channel": bad }), "channel", 4).unwrap_err();
            assert_eq!(e.field().as_deref(), Some("channel"), "{bad}");
            assert!(e.to_string().contains("numbered 0 to 3"), "{bad}: {e}");
        }
    }
}
