//! A lecturer's own tour (issue 64): a title and a list of stops, each one view of one lab (its
//! seed, its section, compare mode's other configuration, the step and channel shown) with the
//! lecturer's note. The page composes it; this module is where it is checked and packed, the
//! same way a Scenario is: a stop is read as a Scenario of its lab (so a stop opens only if a
//! permalink of it would), every text is bounded, and the link is `t1.` + base64url(deflate
//! (JSON)), decoded with the inflated size capped. The file a course keeps is the same JSON.

use super::packing::Packing;
use super::Scenario;
use crate::{Error, Result};
use serde_json::{Map, Value};

/// Prefix of the current tour-link format (a permalink's is `v1`).
pub const TOUR_VERSION: &str = "t1";
/// How a tour link is packed (`packing.rs`, as a permalink is), capped at the tour limit.
const PACKING: Packing = Packing {
    prefix: TOUR_VERSION,
    holds: "a tour",
    limit: MAX_TOUR_JSON_BYTES,
};
/// Most stops in a tour (a lecture's worth, and a link that stays short).
pub const MAX_TOUR_STOPS: usize = 40;
/// Longest title, in characters.
pub const MAX_TOUR_TITLE_CHARS: usize = 120;
/// Longest note of a stop, in characters (the built-in tours' longest text is about 400).
pub const MAX_TOUR_NOTE_CHARS: usize = 600;
/// Largest tour JSON (a tour file or an inflated link).
pub const MAX_TOUR_JSON_BYTES: usize = 256 * 1024;
/// Longest tour link the page offers (the hash after `tour=`): mail clients, chat tools and
/// some servers cut addresses of more than a few thousand characters, so a longer tour is
/// shared as its file instead.
pub const MAX_TOUR_LINK_CHARS: usize = 6000;

/// A lecturer's tour: `{version, title, stops}`.
#[derive(Debug, Clone, PartialEq)]
pub struct Tour {
    pub version: u32,
    pub title: String,
    pub stops: Vec<TourStop>,
}

/// One stop: a lab's view (`lab`, `seed`, `section`, `compare`, `step`, `channel`) and the
/// lecturer's `note`. Read, the section is checked by the lab with its defaults filled in.
#[derive(Debug, Clone, PartialEq)]
pub struct TourStop {
    pub lab: String,
    pub seed: u64,
    pub section: Value,
    pub compare: Option<Value>,
    pub step: Option<u32>,
    pub channel: Option<u32>,
    pub note: String,
}

fn bad(why: impl Into<String>) -> Error {
    Error::Tour(why.into())
}

/// `text` as plain text of at most `limit` characters: control characters (a newline
/// included: a note is one paragraph) are refused, with where.
fn plain_text(text: &str, limit: usize, what: &str) -> Result<()> {
    let count = text.chars().count();
    if count > limit {
        return Err(bad(format!(
            "{what} is {count} characters, more than the {limit} a tour keeps; shorten it"
        )));
    }
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return Err(bad(format!(
            "{what} holds the control character {} (a tour's texts are plain, one line)",
            c.escape_default()
        )));
    }
    Ok(())
}

/// The keys of a stop (read by hand rather than by a serde derive: the module is in the page's
/// WASM, where a derived reader of two structs costs kilobytes).
const STOP_KEYS: [&str; 7] = [
    "lab", "seed", "section", "compare", "step", "channel", "note",
];

impl TourStop {
    /// A stop from its JSON: `lab` required, the others optional (seed 1, the lab's defaults,
    /// no compare, step and channel none, no note); an unknown key is refused.
    fn from_value(value: Value) -> Result<TourStop> {
        let Value::Object(mut map) = value else {
            return Err(bad("expected {\"lab\": …, \"section\": {…}, \"note\": …}"));
        };
        if let Some(key) = map.keys().find(|k| !STOP_KEYS.contains(&k.as_str())) {
            return Err(bad(format!(
                "unknown field `{}`, expected one of {}",
                crate::error::shorten(key),
                STOP_KEYS.join(", ")
            )));
        }
        let text = |map: &mut Map<String, Value>, key: &str| match map.remove(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(t)) => Ok(Some(t)),
            Some(other) => Err(bad(format!(
                "{key}: a text, not {}",
                crate::error::shorten(&other.to_string())
            ))),
        };
        let whole = |map: &mut Map<String, Value>, key: &str, max: u64| match map.remove(key) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => match v.as_u64() {
                Some(n) if n <= max => Ok(Some(n)),
                _ => Err(bad(format!(
                    "{key}: a whole number from 0 to {max}, not {}",
                    crate::error::shorten(&v.to_string())
                ))),
            },
        };
        let lab = text(&mut map, "lab")?.ok_or_else(|| bad("lab: missing (the lab it shows)"))?;
        let seed = whole(&mut map, "seed", super::MAX_SEED)?.unwrap_or(1);
        let step = whole(&mut map, "step", u32::MAX.into())?.map(|n| n as u32);
        let channel = whole(&mut map, "channel", u32::MAX.into())?.map(|n| n as u32);
        Ok(TourStop {
            lab,
            seed,
            section: map.remove("section").unwrap_or(Value::Null),
            compare: map.remove("compare").filter(|c| !c.is_null()),
            step,
            channel,
            note: text(&mut map, "note")?.unwrap_or_default(),
        })
    }

    /// This stop as a Scenario of its lab (checked as a permalink's Scenario is).
    pub fn scenario(&self) -> Result<Scenario> {
        let mut map = Map::new();
        map.insert("version".into(), Value::from(super::SCENARIO_VERSION));
        map.insert("lab".into(), Value::from(self.lab.clone()));
        map.insert("seed".into(), Value::from(self.seed));
        if !self.section.is_null() {
            map.insert(self.lab.clone(), self.section.clone());
        }
        if let Some(compare) = &self.compare {
            map.insert("compare".into(), compare.clone());
        }
        let mut view = Map::new();
        view.insert("step".into(), self.step.map_or(Value::Null, Value::from));
        view.insert(
            "channel".into(),
            self.channel.map_or(Value::Null, Value::from),
        );
        map.insert("view".into(), Value::Object(view));
        crate::labs::lab(&self.lab)?;
        Scenario::from_value(Value::Object(map))
    }

    /// The stop as read: its section and compare's checked, defaults filled in.
    fn checked(&self) -> Result<TourStop> {
        plain_text(&self.note, MAX_TOUR_NOTE_CHARS, "its note")?;
        let s = self.scenario()?;
        Ok(TourStop {
            lab: s.lab.clone(),
            seed: s.seed,
            section: s.section(&s.lab)?.clone(),
            compare: s
                .compare
                .as_ref()
                .map(|c| serde_json::json!({ "seed": c.seed, "section": c.section })),
            step: s.view.step,
            channel: s.view.channel,
            note: self.note.clone(),
        })
    }
}

impl Tour {
    /// A tour from its JSON (a file, or an inflated link): the version, the title, every stop
    /// checked; an error names the stop (from 1) and the field.
    pub fn from_json(text: &str) -> Result<Tour> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.len() > MAX_TOUR_JSON_BYTES {
            return Err(bad(format!(
                "it is {} KiB, more than the {} KiB a tour may be",
                text.len().div_ceil(1024),
                MAX_TOUR_JSON_BYTES / 1024
            )));
        }
        let value: Value = serde_json::from_str(text).map_err(|e| {
            bad(format!(
                "not a tour file: {}",
                crate::labs::plain::syntax(&e)
            ))
        })?;
        Tour::from_value(value)
    }

    /// A tour from a JSON value (see `from_json`).
    pub fn from_value(value: Value) -> Result<Tour> {
        let Value::Object(mut map) = value else {
            return Err(bad(
                "not a tour: expected {\"version\": 1, \"title\": …, \"stops\": […]}",
            ));
        };
        let version = map.remove("version").unwrap_or(Value::Null);
        if version != 1 {
            return Err(bad(format!(
                "version {} is not supported (this Topolab reads tour version 1)",
                crate::error::shorten(&version.to_string())
            )));
        }
        let title = match map.remove("title") {
            None => String::new(),
            Some(Value::String(t)) => t,
            Some(other) => {
                return Err(bad(format!(
                    "title: a text, not {}",
                    crate::error::shorten(&other.to_string())
                )))
            }
        };
        plain_text(&title, MAX_TOUR_TITLE_CHARS, "the title")?;
        let Some(Value::Array(given)) = map.remove("stops") else {
            return Err(bad("stops: expected a list of stops"));
        };
        if let Some(key) = map.keys().next() {
            return Err(bad(format!(
                "unknown field `{}`, expected version, title or stops",
                crate::error::shorten(key)
            )));
        }
        if given.is_empty() {
            return Err(bad("it has no stops (add a view to it first)"));
        }
        if given.len() > MAX_TOUR_STOPS {
            return Err(bad(format!(
                "it has {} stops, more than the {MAX_TOUR_STOPS} a tour may have",
                given.len()
            )));
        }
        let mut stops = Vec::with_capacity(given.len());
        for (i, value) in given.into_iter().enumerate() {
            let at = |e: Error| bad(format!("stop {}: {}", i + 1, stop_reason(&e)));
            let stop = TourStop::from_value(value).map_err(at)?;
            stops.push(stop.checked().map_err(at)?);
        }
        Ok(Tour {
            version: 1,
            title,
            stops,
        })
    }

    /// The tour as pretty JSON (its file).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.to_value()).expect("JSON values always serialize")
    }

    /// The tour as a JSON value: a stop's compare, step and channel left out when none.
    pub fn to_value(&self) -> Value {
        let stops = self.stops.iter().map(|stop| {
            let mut map = Map::new();
            map.insert("lab".into(), Value::from(stop.lab.clone()));
            map.insert("seed".into(), Value::from(stop.seed));
            map.insert("section".into(), stop.section.clone());
            if let Some(compare) = &stop.compare {
                map.insert("compare".into(), compare.clone());
            }
            if let Some(step) = stop.step {
                map.insert("step".into(), Value::from(step));
            }
            if let Some(channel) = stop.channel {
                map.insert("channel".into(), Value::from(channel));
            }
            map.insert("note".into(), Value::from(stop.note.clone()));
            Value::Object(map)
        });
        serde_json::json!({ "version": self.version, "title": self.title, "stops": stops.collect::<Vec<_>>() })
    }
}

/// A stop's error without the Scenario's own wrapping ("not a valid scenario: …").
fn stop_reason(e: &Error) -> String {
    let text = e.to_string();
    let text = text
        .strip_prefix("scenario: ")
        .or_else(|| text.strip_prefix("tour: "))
        .unwrap_or(&text);
    text.strip_prefix("not a valid scenario: ")
        .unwrap_or(text)
        .to_string()
}

/// The link of a tour (what follows `tour=`), checked first; a tour whose link would be longer
/// than `MAX_TOUR_LINK_CHARS` is refused with what to do instead.
pub fn encode_tour(tour: &Tour) -> Result<String> {
    // (no second check: the callers, wasm's encodeTour and the tests, pass a tour that
    // `from_json` has just read and checked; a tour built field by field is checked when its
    // link is opened)
    let json = serde_json::to_vec(&tour.to_value()).expect("JSON values always serialize");
    let link = PACKING.pack(&json);
    if link.len() > MAX_TOUR_LINK_CHARS {
        return Err(bad(format!(
            "its link would be {} characters, more than the {MAX_TOUR_LINK_CHARS} an address safely carries (a network or matrix from a file, or many long stops, makes it long): download the tour as a file instead and open it with \"Open a tour file\"",
            link.len()
        )));
    }
    Ok(link)
}

/// The tour in a link (what follows `tour=`, or the whole `t1.…`).
pub fn decode_tour(text: &str) -> Result<Tour> {
    Tour::from_json(&PACKING.unpack(text).map_err(bad)?)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine;
    use serde_json::json;

    fn two_stops() -> Value {
        json!({
            "version": 1,
            "title": "Routing in one hour",
            "stops": [
                { "lab": "sim", "seed": 3, "section": { "topology": "mesh:4x4", "routing": "dor" }, "step": 2, "note": "DOR on a mesh." },
                { "lab": "routing", "section": { "scheme": "cowen" },
                  "compare": { "seed": 1, "section": { "scheme": "loren" } }, "note": "B − A." },
            ]
        })
    }

    #[test]
    fn a_tour_round_trips_through_its_link_with_sections_filled() {
        let tour = Tour::from_value(two_stops()).unwrap();
        assert_eq!(tour.stops.len(), 2);
        assert_eq!(tour.stops[0].section["topology"], "mesh:4x4");
        assert!(
            tour.stops[0].section.get("rate").is_some(),
            "defaults filled"
        );
        assert_eq!(tour.stops[0].step, Some(2));
        assert_eq!(
            tour.stops[1].compare.as_ref().unwrap()["section"]["scheme"],
            "loren"
        );
        let link = encode_tour(&tour).unwrap();
        assert!(link.starts_with("t1."));
        assert!(link
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)));
        assert_eq!(decode_tour(&link).unwrap(), tour);
        assert_eq!(Tour::from_json(&tour.to_json()).unwrap(), tour);
        // a stop opens as the Scenario its permalink would give
        let s = tour.stops[1].scenario().unwrap();
        assert_eq!(s.lab, "routing");
        assert!(s.compare.is_some());
    }

    #[test]
    fn every_part_is_checked_and_named() {
        let err = |value: Value| Tour::from_value(value).unwrap_err().to_string();
        let mut t = two_stops();
        t["stops"][1]["section"]["patterns"] = json!("many");
        let message = err(t);
        assert!(
            message.starts_with("tour: stop 2: routing.patterns"),
            "{message}"
        );
        let mut t = two_stops();
        t["stops"][1]["compare"]["section"]["alpha"] = json!("half");
        let message = err(t);
        assert!(
            message.starts_with("tour: stop 2: compare.alpha"),
            "{message}"
        );
        let mut t = two_stops();
        t["stops"][0]["lab"] = json!("nolab");
        assert!(err(t).contains("stop 1"));
        let mut t = two_stops();
        t["stops"][0]["note"] = json!("x".repeat(MAX_TOUR_NOTE_CHARS + 1));
        assert!(err(t).contains("its note is 601 characters"));
        let mut t = two_stops();
        t["stops"][0]["note"] = json!("two\nlines");
        assert!(err(t).contains("control character \\n"));
        let mut t = two_stops();
        t["title"] = json!("t".repeat(MAX_TOUR_TITLE_CHARS + 1));
        assert!(err(t).contains("the title is"));
        let mut t = two_stops();
        t["stops"][0]["extra"] = json!(1);
        assert_eq!(
            err(t),
            "tour: stop 1: unknown field `extra`, expected one of lab, seed, section, compare, step, channel, note"
        );
        let mut t = two_stops();
        t["stops"][0] = json!({ "note": "no lab" });
        assert_eq!(err(t), "tour: stop 1: lab: missing (the lab it shows)");
        let mut t = two_stops();
        t["stops"][0]["step"] = json!(-1);
        assert!(err(t).contains("stop 1: step: a whole number"));
        let mut t = two_stops();
        t["stops"][0] = json!({ "lab": "slots" });
        assert_eq!(
            Tour::from_value(t).unwrap().stops[0].seed,
            1,
            "defaults fill a bare stop"
        );
        let mut t = two_stops();
        t["stops"] = json!([]);
        assert!(err(t).contains("no stops"));
        let mut t = two_stops();
        t["stops"] = json!(vec![t["stops"][0].clone(); MAX_TOUR_STOPS + 1]);
        assert!(err(t).contains("41 stops"));
        let mut t = two_stops();
        t["version"] = json!(2);
        assert!(err(t).contains("version 2"));
        let mut t = two_stops();
        t["author"] = json!("me");
        assert!(err(t).contains("unknown field `author`"));
        assert!(Tour::from_json("{")
            .unwrap_err()
            .to_string()
            .contains("not a tour file"));
    }

    #[test]
    fn damaged_and_overlong_links_are_explained() {
        let link = encode_tour(&Tour::from_value(two_stops()).unwrap()).unwrap();
        let msg = |text: &str| decode_tour(text).unwrap_err().to_string();
        assert!(msg("").contains("no version"));
        assert!(msg("v1.abc").contains("'v1'"));
        assert!(msg("t1.$$$").contains("damaged link"));
        assert!(msg(&link[..link.len() - 8]).contains("damaged link"));
        let bomb = miniz_oxide::deflate::compress_to_vec(&vec![b' '; 4 << 20], 9);
        assert!(msg(&format!("t1.{}", URL_SAFE_NO_PAD.encode(bomb))).contains("inflates past"));
        // forty stops of long notes that do not repeat do not fit an address: refused with
        // the file offered
        let mut t = two_stops();
        let stop = t["stops"][0].clone();
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        t["stops"] = json!((0..MAX_TOUR_STOPS)
            .map(|_| {
                let mut s = stop.clone();
                let words: Vec<String> = (0..80)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        format!("{:x}", state % 1_000_000)
                    })
                    .collect();
                s["note"] = json!(words
                    .join(" ")
                    .chars()
                    .take(MAX_TOUR_NOTE_CHARS)
                    .collect::<String>());
                s
            })
            .collect::<Vec<_>>());
        let tour = Tour::from_value(t).unwrap();
        let refused = encode_tour(&tour).unwrap_err().to_string();
        assert!(refused.contains("download the tour as a file"), "{refused}");
    }
}
