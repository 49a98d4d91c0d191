//! The Scenario: the whole configuration, the one thing the page, the permalink, the CLI and
//! the tests exchange. It names the lab shown, the seed and the view, and holds one section per
//! lab of the registry (`labs::LABS`), each checked by its lab's configuration type. Spec
//! strings stay strings in the sections (readable in JSON and links) and are parsed when a lab
//! runs, so a bad one is reported with the field it came from (`Error::field`).

mod packing;
mod permalink;
mod tour;

pub use crate::labs::{LabRun, StepSummary, View};
pub use permalink::{
    decode_permalink, encode_permalink, MAX_PERMALINK_JSON_BYTES, PERMALINK_VERSION,
};
pub use tour::{
    decode_tour, encode_tour, Tour, TourStop, MAX_TOUR_JSON_BYTES, MAX_TOUR_LINK_CHARS,
    MAX_TOUR_NOTE_CHARS, MAX_TOUR_STOPS, MAX_TOUR_TITLE_CHARS,
};

/// Largest Scenario file the CLI reads (a Scenario is small JSON).
pub const MAX_SCENARIO_FILE_BYTES: u64 = 1024 * 1024;
/// Largest traffic matrix or CSV file the CLI reads (the CTC lab's 4 Mi entries at ~16 bytes a
/// row).
pub const MAX_MATRIX_FILE_BYTES: u64 = 64 * 1024 * 1024;

use crate::labs::{self, LabConfig, LABS};
use crate::{Error, Result};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

/// Scenario format version written into every scenario and permalink.
pub(crate) const SCENARIO_VERSION: u32 = 1;

/// Largest seed: 2^53 − 1, so every seed is exactly a JavaScript number in the page.
pub(crate) const MAX_SEED: u64 = (1 << 53) - 1;

/// The whole configuration: `{version, lab, seed, seeds, <one section per lab>, view}`.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    pub version: u32,
    /// The lab shown (a name of `labs::LABS`).
    pub lab: String,
    /// Seed of every random choice of the lab shown (ChaCha8 streams by purpose).
    pub seed: u64,
    /// The other labs' own seeds, where they differ from `seed` (so a permalink brings every
    /// lab back as it was); `seeds` in JSON, left out when empty.
    pub seeds: std::collections::BTreeMap<String, u64>,
    pub view: View,
    /// Compare mode: a second configuration of the lab shown, beside this one (`compare` in
    /// JSON, left out when none).
    pub compare: Option<Compare>,
    /// Every lab's section, checked and with defaults filled in, in `LABS` order.
    sections: Vec<Value>,
}

/// The other configuration of compare mode (`labs::compare`): its seed and the lab's section,
/// checked by the lab shown. In the page it is "A", pinned, and the lab's own section "B".
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Compare {
    pub seed: u64,
    pub section: Value,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            version: SCENARIO_VERSION,
            lab: LABS[0].name.to_string(),
            seed: 1,
            seeds: Default::default(),
            view: View::default(),
            compare: None,
            sections: LABS.iter().map(|l| (l.default_config)()).collect(),
        }
    }
}

impl Scenario {
    /// A default Scenario showing `lab` with its section set to `config`.
    pub fn for_lab<C: LabConfig>(lab: &str, seed: u64, config: &C) -> Result<Scenario> {
        let mut s = Scenario {
            lab: lab.to_string(),
            seed,
            ..Default::default()
        };
        s.set_section(lab, labs::section(config))?;
        Ok(s)
    }

    /// The Scenario of lab `lab` at `seed` whose section is `section` (JSON, fields left out
    /// at their defaults), checked as a Scenario file's section is: errors name `LAB.FIELD`.
    pub fn of_section(lab: &str, seed: u64, section: Value) -> Result<Scenario> {
        if seed > MAX_SEED {
            return Err(Error::invalid(
                "seed",
                format!("{seed} is above the largest seed, {MAX_SEED} (2^53 − 1)"),
            ));
        }
        let mut s = Scenario {
            lab: lab.to_string(),
            seed,
            ..Default::default()
        };
        s.set_section(lab, section)?;
        Ok(s)
    }

    /// Read a Scenario from JSON, checking the version, every section and the seed. A
    /// byte-order mark before it is skipped, as the network and CSV readers skip one.
    pub fn from_json(text: &str) -> Result<Scenario> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let value: Value = serde_json::from_str(text).map_err(|e| {
            Error::Scenario(format!(
                "not a valid scenario: {}",
                crate::labs::plain::syntax(&e)
            ))
        })?;
        Scenario::from_value(value)
    }

    /// A Scenario from a JSON value (see `from_json`).
    pub fn from_value(value: Value) -> Result<Scenario> {
        let Value::Object(mut map) = value else {
            return Err(Error::Scenario(
                "not a valid scenario: expected a JSON object".into(),
            ));
        };
        let mut s = Scenario::default();
        let take = |map: &mut Map<String, Value>, key: &str| map.remove(key);
        if let Some(given) = take(&mut map, "version") {
            s.version = serde_json::from_value(given.clone())
                .map_err(|e| plain_error("version", &e, &given))?;
        }
        if s.version != SCENARIO_VERSION {
            return Err(Error::Scenario(format!(
                "version {} is not supported (this Topolab reads version {SCENARIO_VERSION})",
                s.version
            )));
        }
        if let Some(given) = take(&mut map, "lab") {
            let name: String = serde_json::from_value(given.clone())
                .map_err(|e| plain_error("lab", &e, &given))?;
            labs::lab(&name)?;
            s.lab = name;
        }
        if let Some(given) = take(&mut map, "seed") {
            s.seed = serde_json::from_value(given.clone())
                .map_err(|e| plain_error("seed", &e, &given).at("seed"))?;
        }
        if let Some(v) = take(&mut map, "seeds") {
            let seeds: std::collections::BTreeMap<String, u64> = serde_json::from_value(v)
                .map_err(|e| {
                    Error::Scenario(format!(
                        "not a valid scenario: seeds: {e} (expected {{\"lab\": seed, …}})"
                    ))
                    .at("seed")
                })?;
            for name in seeds.keys() {
                labs::lab(name).map_err(|_| {
                    Error::Scenario(format!(
                        "not a valid scenario: seeds: `{}` is not a lab",
                        crate::error::shorten(name)
                    ))
                })?;
            }
            s.seeds = seeds;
        }
        if let Some(given) = take(&mut map, "view") {
            // (field by field: a bad channel is named `view.channel`, with its value)
            s.view = crate::labs::plain::decode(&given, "view").map_err(|e| match e {
                Error::Invalid { name, reason } if name != "view" => {
                    Error::Scenario(format!("not a valid scenario: view.{name}: {reason}"))
                }
                Error::Invalid { reason, .. } => {
                    Error::Scenario(format!("not a valid scenario: view: {reason}"))
                }
                other => other,
            })?;
            if let Some(zoom) = &s.view.zoom {
                zoom.check()?;
            }
        }
        // the shown lab's seed is `seed`
        s.seeds.remove(&s.lab);
        let compare = take(&mut map, "compare");
        for (key, section) in map {
            if labs::lab(&key).is_err() {
                let known: Vec<&str> = ["version", "lab", "seed", "seeds", "view", "compare"]
                    .into_iter()
                    .chain(LABS.iter().map(|l| l.name))
                    .collect();
                return Err(Error::Scenario(format!(
                    "not a valid scenario: unknown field `{key}`, expected one of {}",
                    known.join(", ")
                )));
            }
            s.set_section(&key, section)?;
        }
        if let Some(given) = compare {
            s.compare = Some(s.read_compare(given)?);
        }
        s.check()?;
        Ok(s)
    }

    /// The `compare` of a Scenario's JSON: `{"seed": …, "section": {…}}`, the seed `seed`'s
    /// when left out, the section checked by the lab shown (its errors name `compare.FIELD`).
    fn read_compare(&self, given: Value) -> Result<Compare> {
        let bad = |why: String| Error::Scenario(format!("not a valid scenario: compare: {why}"));
        let Value::Object(mut map) = given else {
            return Err(bad(
                "expected {\"seed\": …, \"section\": {…}}, the other configuration of the lab shown".into(),
            ));
        };
        let seed = match map.remove("seed") {
            Some(given) => serde_json::from_value(given.clone())
                .map_err(|e| plain_error("compare.seed", &e, &given).at("seed"))?,
            None => self.seed,
        };
        let section = map
            .remove("section")
            .unwrap_or_else(|| Value::Object(Map::new()));
        if let Some(key) = map.keys().next() {
            return Err(bad(format!(
                "unknown field `{}`, expected seed or section",
                crate::error::shorten(key)
            )));
        }
        let section = checked(self.current_lab()?, &section, "compare")?;
        Ok(Compare { seed, section })
    }

    /// The Scenario of compare mode's other configuration: the lab's section and seed replaced
    /// by `compare`'s (and no `compare`), so `run` runs it as any; none outside compare mode.
    pub fn compared(&self) -> Result<Option<Scenario>> {
        let Some(compare) = &self.compare else {
            return Ok(None);
        };
        let mut other = self.clone();
        other.compare = None;
        other.seed = compare.seed;
        let lab = self.lab.clone();
        other.set_section(&lab, compare.section.clone())?;
        Ok(Some(other))
    }

    /// Check what the types alone do not: the seeds' range.
    pub fn check(&self) -> Result<()> {
        let compared = self.compare.as_ref().map(|c| &c.seed);
        for seed in std::iter::once(&self.seed)
            .chain(self.seeds.values())
            .chain(compared)
        {
            if *seed > MAX_SEED {
                return Err(Error::Scenario(format!(
                    "seed {seed} is above {MAX_SEED} (2^53 − 1), the largest a browser can hold exactly"
                ))
                .at("seed"));
            }
        }
        Ok(())
    }

    /// The seed lab `name` runs with: `seed` for the lab shown, else its own when it has one.
    pub(crate) fn seed_of(&self, name: &str) -> u64 {
        if name == self.lab {
            self.seed
        } else {
            self.seeds.get(name).copied().unwrap_or(self.seed)
        }
    }

    /// The Scenario as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a Scenario always serializes")
    }

    /// The section of lab `name` (checked, defaults filled in).
    pub fn section(&self, name: &str) -> Result<&Value> {
        let i = index_of(name)?;
        Ok(&self.sections[i])
    }

    /// The typed configuration of lab `name`.
    pub fn config<C: LabConfig>(&self, name: &str) -> Result<C> {
        labs::config(self.section(name)?)
    }

    /// Replace the section of lab `name` (checked by that lab's configuration type).
    pub(crate) fn set_section(&mut self, name: &str, section: Value) -> Result<()> {
        let i = index_of(name)?;
        self.sections[i] = checked(&LABS[i], &section, name)?;
        Ok(())
    }

    /// The lab shown.
    pub(crate) fn current_lab(&self) -> Result<&'static labs::Lab> {
        labs::lab(&self.lab)
    }
}

/// `section` checked by `lab` (defaults filled in), its errors named by where it sits in the
/// Scenario: `path.FIELD` for a field (`sim.rate`, `compare.tmax`), else `path` itself.
fn checked(lab: &labs::Lab, section: &Value, path: &str) -> Result<Value> {
    (lab.check_config)(section).map_err(|e| match e {
        // a field of the section: named by its path (`sim.rate: a number, not null`)
        Error::Invalid {
            name: field,
            reason,
        } => {
            let at = if field == "section" {
                path.to_string()
            } else {
                format!("{path}.{field}")
            };
            Error::invalid(&at, reason).at(&at)
        }
        Error::Scenario(reason) => {
            Error::Scenario(format!("not a valid scenario: {path}: {reason}"))
        }
        other => Error::Scenario(format!("not a valid scenario: {path}: {other}")),
    })
}

/// A Scenario key that does not decode, in plain words.
fn plain_error(key: &str, e: &serde_json::Error, given: &Value) -> Error {
    Error::Scenario(format!(
        "not a valid scenario: {key}: {}",
        crate::labs::plain::reason(&e.to_string(), given)
    ))
}

fn index_of(name: &str) -> Result<usize> {
    let lab = labs::lab(name)?;
    Ok(LABS
        .iter()
        .position(|l| l.name == lab.name)
        .expect("found in LABS"))
}

impl Serialize for Scenario {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("version", &self.version)?;
        map.serialize_entry("lab", &self.lab)?;
        map.serialize_entry("seed", &self.seed)?;
        if !self.seeds.is_empty() {
            map.serialize_entry("seeds", &self.seeds)?;
        }
        for (lab, section) in LABS.iter().zip(&self.sections) {
            map.serialize_entry(lab.name, section)?;
        }
        map.serialize_entry("view", &self.view)?;
        if let Some(compare) = &self.compare {
            map.serialize_entry("compare", compare)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Scenario {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Scenario::from_value(value).map_err(serde::de::Error::custom)
    }
}

/// Run the lab a Scenario names. `record` keeps the trace for stepping. Errors name the
/// Scenario field they concern (`Error::field`: `slots.topology`).
pub fn run(
    scenario: &Scenario,
    record: bool,
    progress: &mut dyn FnMut(f64),
) -> Result<Box<dyn LabRun>> {
    scenario.check()?;
    let lab = scenario.current_lab()?;
    (lab.run)(
        scenario.section(lab.name)?,
        scenario.seed_of(lab.name),
        record,
        progress,
    )
    .map_err(|e| e.within(lab.name))
}

/// Check the Scenario as its run would before its work begins (`Lab::precheck`: the router's
/// kind of network, the run's work), building its network but running nothing; a comparison's
/// other side too, so that both are known to run before either does.
pub fn precheck(scenario: &Scenario) -> Result<()> {
    scenario.check()?;
    let lab = scenario.current_lab()?;
    (lab.precheck)(scenario.section(lab.name)?, scenario.seed_of(lab.name))
        .map_err(|e| e.within(lab.name))?;
    if let Some(other) = scenario.compared()? {
        precheck(&other).map_err(|e| e.within("compare"))?;
    }
    Ok(())
}

/// Check study `name` of the Scenario's lab with `args` as its run would before its work
/// begins (`Study::precheck`), running nothing: `topolab … --check`.
pub fn precheck_study(scenario: &Scenario, name: &str, args: &Value) -> Result<()> {
    let (lab, study) = study_of(scenario, name)?;
    takes(study, args)?;
    (study.precheck)(
        scenario.section(lab.name)?,
        scenario.seed_of(lab.name),
        args,
    )
    .map_err(|e| e.within(lab.name))
}

/// `args` refused where `study` takes none (`StudyArgs::none`): anything but `null` or `{}`.
fn takes(study: &labs::Study, args: &Value) -> Result<()> {
    let empty = args.is_null() || args.as_object().is_some_and(|fields| fields.is_empty());
    if study.args.none && !empty {
        return Err(Error::invalid(
            "arguments",
            format!(
                "study {} takes no arguments (null or {{}}), not {}",
                crate::error::quoted(study.name),
                crate::error::shorten(&args.to_string())
            ),
        ));
    }
    Ok(())
}

/// The lab and study `name` a Scenario's study runs, the Scenario checked for one.
fn study_of(
    scenario: &Scenario,
    name: &str,
) -> Result<(&'static crate::labs::Lab, &'static crate::labs::Study)> {
    scenario.check()?;
    if scenario.compare.is_some() {
        // (a study of one side would drop the other without a word)
        return Err(Error::Scenario(format!(
            "this Scenario compares two configurations (it holds `compare`), and a study runs one: remove `compare` to study this section, or run the comparison itself (`topolab run`); study {} was not run",
            crate::error::quoted(name)
        ))
        .at("compare"));
    }
    let lab = scenario.current_lab()?;
    Ok((lab, crate::papers::study(lab, name)?))
}

/// Run study `name` of the Scenario's lab with `args`; `report(fraction, point)` hears about
/// each point as it is computed.
pub fn study(
    scenario: &Scenario,
    name: &str,
    args: &Value,
    report: labs::Report<'_>,
) -> Result<Value> {
    let (lab, study) = study_of(scenario, name)?;
    takes(study, args)?;
    (study.run)(
        scenario.section(lab.name)?,
        scenario.seed_of(lab.name),
        args,
        report,
    )
    .map_err(|e| e.within(lab.name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labs::slots::SlotsConfig;

    #[test]
    fn json_round_trip_and_clear_errors() {
        let mut s = Scenario::default();
        let mut slots: SlotsConfig = s.config("slots").unwrap();
        slots.policy = "hcLtoS_greedy".into();
        s.set_section("slots", labs::section(&slots)).unwrap();
        s.view.step = Some(3);
        assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
        // a shared zoom comes back exactly; an impossible one is refused, naming the view
        s.view.zoom = Some(labs::Zoom {
            scale: 2.25,
            x: 120.5,
            y: -3.0,
        });
        assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
        for bad in [
            r#"{"scale":0,"x":0,"y":0}"#,
            r#"{"scale":9,"x":0,"y":0}"#,
            r#"{"scale":1,"x":1e300,"y":0}"#,
            r#"{"scale":1,"x":0}"#,
        ] {
            let text = format!(r#"{{"version":1,"lab":"slots","seed":1,"view":{{"zoom":{bad}}}}}"#);
            let err = Scenario::from_json(&text).unwrap_err().to_string();
            assert!(err.contains("view"), "{bad}: {err}");
        }
        // a damaged link's view names the field and its value in words (issue 53), and a text
        // cut short says so rather than serde's "EOF while parsing"
        let wide = r#"{"version":1,"lab":"slots","view":{"channel":4294967297}}"#;
        let err = Scenario::from_json(wide).unwrap_err().to_string();
        assert!(
            err.contains("view.channel: a whole number from 0 to 4,294,967,295, not 4294967297"),
            "{err}"
        );
        let cut = r#"{"version":1,"lab":"ctc","seed":1,"ctc":{"cluster_size":"#;
        let err = Scenario::from_json(cut).unwrap_err().to_string();
        assert!(
            err.contains("it is cut short") && !err.contains("EOF"),
            "{err}"
        );
        // each lab keeps its own seed; the shown lab's is `seed`
        let seeded = Scenario::from_json(
            r#"{"version":1,"lab":"routing","seed":3,"seeds":{"slots":7,"routing":9}}"#,
        )
        .unwrap();
        assert_eq!(
            (
                seeded.seed_of("routing"),
                seeded.seed_of("slots"),
                seeded.seed_of("topogen")
            ),
            (3, 7, 3)
        );
        assert_eq!(Scenario::from_json(&seeded.to_json()).unwrap(), seeded);
        let bad = Scenario::from_json(r#"{"version":1,"seeds":{"nope":1}}"#).unwrap_err();
        assert!(bad.to_string().contains("`nope` is not a lab"), "{bad}");
        let big = Scenario::from_json(r#"{"version":1,"seeds":{"routing":9007199254740992}}"#)
            .unwrap_err();
        assert_eq!(big.field().as_deref(), Some("seed"));
        let partial =
            Scenario::from_json(r#"{"version":1,"slots":{"topology":"mesh:4x4"}}"#).unwrap();
        assert_eq!(
            partial.config::<SlotsConfig>("slots").unwrap().pattern,
            "transpose"
        );
        assert!(Scenario::from_json(r#"{"version":9}"#)
            .unwrap_err()
            .to_string()
            .contains("version 9"));
        assert!(Scenario::from_json(r#"{"version":1,"sloths":{}}"#)
            .unwrap_err()
            .to_string()
            .contains("unknown field"));
        assert!(
            Scenario::from_json(r#"{"version":1,"slots":{"topolgy":"x"}}"#)
                .unwrap_err()
                .to_string()
                .contains("'topolgy' is not one of its settings; did you mean topology?")
        );
        assert!(Scenario::from_json("[").is_err());
        let seed = Scenario::from_json(r#"{"version":1,"seed":9007199254740992}"#).unwrap_err();
        assert_eq!(seed.field().as_deref(), Some("seed"));
    }

    #[test]
    fn compare_mode_round_trips_and_runs_the_other_configuration() {
        let json = r#"{"version":1,"lab":"routing","seed":3,
            "routing":{"topology":"mesh:4x4","scheme":"loren","destination":15},
            "compare":{"seed":5,"section":{"topology":"mesh:4x4","scheme":"cowen","destination":15}}}"#;
        let s = Scenario::from_json(json).unwrap();
        let compare = s.compare.as_ref().unwrap();
        assert_eq!(compare.seed, 5);
        // the compared section is checked and filled in like the lab's own
        assert_eq!(compare.section["scheme"], "cowen");
        assert!(compare.section.get("tmax").is_some());
        assert_eq!(Scenario::from_json(&s.to_json()).unwrap(), s);
        let other = s.compared().unwrap().unwrap();
        assert_eq!((other.seed, other.compare.is_none()), (5, true));
        assert_eq!(other.section("routing").unwrap()["scheme"], "cowen");
        let a = run(&other, false, &mut |_| {}).unwrap().result();
        let b = run(&s, false, &mut |_| {}).unwrap().result();
        assert_eq!(
            (a["scheme"].as_str(), b["scheme"].as_str()),
            (Some("cowen"), Some("loren"))
        );
        let rows = crate::labs::compare::rows(&a, &b);
        assert!(rows.iter().any(|r| r.field == "scheme" && !r.same()));
        // the seed defaults to the Scenario's; a bad section names compare's field
        let s =
            Scenario::from_json(r#"{"version":1,"lab":"slots","seed":4,"compare":{}}"#).unwrap();
        assert_eq!(s.compare.unwrap().seed, 4);
        let err = Scenario::from_json(
            r#"{"version":1,"lab":"routing","compare":{"section":{"patterns":"many"}}}"#,
        )
        .unwrap_err();
        assert_eq!(err.field().as_deref(), Some("compare.patterns"), "{err}");
        for bad in [r#""x""#, r#"{"seed":1,"other":2}"#, r#"{"seed":-1}"#] {
            let text = format!(r#"{{"version":1,"compare":{bad}}}"#);
            let err = Scenario::from_json(&text).unwrap_err().to_string();
            assert!(err.contains("compare"), "{bad}: {err}");
        }
        assert!(
            Scenario::from_json(r#"{"version":1,"compare":{"seed":9007199254740992}}"#).is_err()
        );
    }

    #[test]
    fn errors_name_their_scenario_field() {
        let field = |json: &str| {
            let s = Scenario::from_json(json).unwrap();
            run(&s, false, &mut |_| {}).err().and_then(|e| e.field())
        };
        assert_eq!(
            field(r#"{"version":1,"slots":{"topology":"mesh:8x0"}}"#).as_deref(),
            Some("slots.topology")
        );
        assert_eq!(
            field(r#"{"version":1,"slots":{"pattern":"transpos"}}"#).as_deref(),
            Some("slots.pattern")
        );
        assert_eq!(
            field(r#"{"version":1,"lab":"routing","routing":{"scheme":"loren","tmax":1}}"#)
                .as_deref(),
            Some("routing.tmax")
        );
        assert_eq!(
            field(r#"{"version":1,"lab":"topogen","topogen":{"degree":2}}"#).as_deref(),
            Some("topogen.degree")
        );
    }

    /// A study that takes no arguments refuses any (its run and its `--check` alike) before
    /// its work begins, naming them; `null` and `{}` pass.
    #[test]
    fn a_study_without_arguments_refuses_any() {
        let mut refused = 0;
        for lab in LABS {
            let scenario =
                Scenario::from_json(&format!(r#"{{"version":1,"lab":"{}"}}"#, lab.name)).unwrap();
            for study in crate::papers::studies(lab)
                .into_iter()
                .filter(|s| s.args.none)
            {
                for args in [serde_json::json!({"nope": 1}), serde_json::json!([1])] {
                    let err = super::study(&scenario, study.name, &args, &mut |_, _| {})
                        .unwrap_err()
                        .to_string();
                    assert!(
                        err.contains("takes no arguments"),
                        "{}/{}: {err}",
                        lab.name,
                        study.name
                    );
                    let check = precheck_study(&scenario, study.name, &args).unwrap_err();
                    assert_eq!(check.to_string(), err);
                    refused += 1;
                }
                precheck_study(&scenario, study.name, &serde_json::json!({})).unwrap();
                precheck_study(&scenario, study.name, &Value::Null).unwrap();
            }
        }
        // (ctc anneal, dual-plane simulate, sweep-tmax, compare, figure, table-2)
        assert_eq!(refused, 2 * 6);
    }
}
