//! Serde's words turned into ours: a configuration or a study's arguments that do not decode
//! give an error naming the field that is wrong and what it must be ("rate: a number, not
//! null"), never the decoder's internals ("invalid type: null, expected f64", "expected `:`
//! at line 1 column 722"). serde_json does not say which field a type error is about, so the
//! field is found by decoding the defaults with one field replaced at a time.

use crate::error::{shorten, suggest};
use crate::{Error, Result};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

/// `value` decoded as `T` (whose `Default` fills what is missing), or an error about the first
/// field that does not decode, in plain words.
pub(crate) fn decode<T: Serialize + DeserializeOwned + Default>(
    value: &Value,
    what: &str,
) -> Result<T> {
    // checked first: serde would also read a struct from a list of its fields in order
    let Value::Object(fields) = value else {
        return Err(Error::invalid(
            what,
            format!(
                "settings are a JSON object ({{\"name\": value, …}}), not {}",
                shown(value)
            ),
        ));
    };
    let error = match serde_json::from_value(value.clone()) {
        Ok(decoded) => return Ok(decoded),
        Err(e) => e,
    };
    let defaults = serde_json::to_value(T::default()).expect("defaults serialize");
    // the search for the wrong field is the same for every type: only decoding is T's
    let decodes = |probe: Value| {
        serde_json::from_value::<T>(probe)
            .err()
            .map(|e| e.to_string())
    };
    Err(wrong_field(fields, &defaults, &decodes, what)
        .unwrap_or_else(|| Error::invalid(what, reason(&error.to_string(), value))))
}

/// The first of `fields` that does not decode put alone into `defaults` (`decodes`: serde's
/// message, or None when it decodes), in plain words; inside a group (`readings`), the field of
/// the group.
fn wrong_field(
    fields: &serde_json::Map<String, Value>,
    defaults: &Value,
    decodes: &dyn Fn(Value) -> Option<String>,
    what: &str,
) -> Option<Error> {
    let known: Vec<&str> = defaults
        .as_object()
        .map(|m| m.keys().map(String::as_str).collect())
        .unwrap_or_default();
    for (name, given) in fields {
        let mut probe = defaults.clone();
        probe[name.as_str()] = given.clone();
        let Some(message) = decodes(probe) else {
            continue;
        };
        if message.starts_with("unknown field") && known.contains(&name.as_str()) {
            // a known group with a setting it does not have: that setting, by its path
            if let Some(e) = unknown_inner(name, given, defaults, decodes) {
                return Some(e);
            }
        }
        if message.starts_with("unknown field") {
            return Some(Error::invalid(
                what,
                format!(
                    "'{}' is not one of its settings; {}",
                    shorten(name),
                    suggest(name, &known)
                ),
            ));
        }
        if let (Value::Object(inner), Some(Value::Object(_))) = (given, defaults.get(name.as_str()))
        {
            for (key, value) in inner {
                let mut probe = defaults.clone();
                probe[name.as_str()][key.as_str()] = value.clone();
                match decodes(probe) {
                    Some(message) if !message.starts_with("unknown field") => {
                        return Some(Error::invalid(
                            &format!("{name}.{key}"),
                            reason(&message, value),
                        ));
                    }
                    _ => {}
                }
            }
        }
        return Some(Error::invalid(name, reason(&message, given)));
    }
    None
}

/// The setting of group `name` (given as `given`) that the group does not have, by its path
/// (`readings.planes`), with the group's settings to suggest.
fn unknown_inner(
    name: &str,
    given: &Value,
    defaults: &Value,
    decodes: &dyn Fn(Value) -> Option<String>,
) -> Option<Error> {
    let (Value::Object(inner), Some(Value::Object(group))) = (given, defaults.get(name)) else {
        return None;
    };
    let known: Vec<&str> = group.keys().map(String::as_str).collect();
    inner.iter().find_map(|(key, value)| {
        let mut probe = defaults.clone();
        probe[name][key.as_str()] = value.clone();
        let unknown = decodes(probe).is_some_and(|m| m.starts_with("unknown field"));
        unknown.then(|| {
            Error::invalid(
                &format!("{name}.{key}"),
                format!(
                    "'{}' is not one of the settings of {name}; {}",
                    shorten(key),
                    suggest(key, &known)
                ),
            )
        })
    })
}

/// What a field must be, from serde's message about `given`.
pub fn reason(message: &str, given: &Value) -> String {
    let message = message.split(" at line ").next().unwrap_or(message);
    if let Some(rest) = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))
    {
        if let Some((_, expected)) = rest.split_once(", expected ") {
            // a whole number beyond the type (a usize is 32 bits in WebAssembly): too large,
            // on every target alike, not "not a whole number"
            // (a u8 to u32 names its range, the same on every target)
            let unsigned = matches!(expected.trim(), "usize" | "u64");
            if unsigned && given.as_u64().is_some() {
                return format!("{} is too large for this field", shown(given));
            }
            return format!("{}, not {}", expected_words(expected), shown(given));
        }
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        if let Some((_, expected)) = rest.split_once(", expected ") {
            return format!(
                "{} is not one of {}",
                shown(given),
                expected.replace("one of ", "").replace('`', "")
            );
        }
    }
    if message.starts_with("number too large to fit in target type") {
        return format!("{} is too large for this field", shown(given));
    }
    if message.starts_with("number too small to fit in target type") {
        return format!("{} is too small for this field", shown(given));
    }
    message.replace('`', "'")
}

/// serde's name of a type, as a person says it.
fn expected_words(expected: &str) -> String {
    match expected.trim() {
        "f64" | "f32" => "a number".into(),
        "u8" => "a whole number from 0 to 255".into(),
        "u16" => "a whole number from 0 to 65,535".into(),
        "u32" => "a whole number from 0 to 4,294,967,295".into(),
        "u64" | "usize" => "a whole number from 0 up".into(),
        "i32" | "i64" | "isize" => "a whole number".into(),
        "a string" | "a borrowed string" => "text".into(),
        "a boolean" => "true or false".into(),
        "a sequence" => "a list".into(),
        other if other.starts_with("struct ") || other.starts_with("a map") => {
            "a group of settings (an object)".into()
        }
        other => other.replace('`', "'"),
    }
}

/// A value as an error quotes it.
fn shown(value: &Value) -> String {
    match value {
        Value::Null => "empty (null)".into(),
        Value::String(s) if s.is_empty() => "empty text".into(),
        Value::String(s) => format!("'{}'", shorten(s)),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
        other => shorten(&other.to_string()),
    }
}

/// A JSON syntax error in plain words, with where it is (useful in a file, harmless in a link).
pub fn syntax(error: &serde_json::Error) -> String {
    if error.is_eof() {
        // (serde's "EOF while parsing a value": a link or a file cut short)
        return format!(
            "it is cut short: the JSON ends at line {}, column {} before it is complete (was it cut when copied?)",
            error.line(),
            error.column()
        );
    }
    let message = error.to_string();
    if message.starts_with("recursion limit exceeded") {
        return format!(
            "it nests lists or objects more than 128 deep (at line {}, column {}), deeper than any Scenario",
            error.line(),
            error.column()
        );
    }
    let what = message
        .split(" at line ")
        .next()
        .unwrap_or(&message)
        .replace('`', "'");
    format!(
        "it is not valid JSON ({what} at line {}, column {})",
        error.line(),
        error.column()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Default, Serialize, Deserialize)]
    #[serde(default, deny_unknown_fields)]
    struct Settings {
        rate: f64,
        count: u32,
        name: String,
        limit: Option<usize>,
        group: Group,
    }

    #[derive(Debug, Default, Serialize, Deserialize)]
    #[serde(default, deny_unknown_fields)]
    struct Group {
        planes: u32,
    }

    fn message(json: &str) -> (Option<String>, String) {
        let e = decode::<Settings>(&serde_json::from_str(json).unwrap(), "arguments").unwrap_err();
        (e.field(), e.to_string())
    }

    #[test]
    fn errors_name_the_field_in_plain_words() {
        assert_eq!(
            message(r#"{"rate": null}"#),
            (
                Some("rate".into()),
                "rate: a number, not empty (null)".into()
            )
        );
        assert_eq!(
            message(r#"{"rate": 0.5, "count": -1}"#).1,
            "count: a whole number from 0 to 4,294,967,295, not -1"
        );
        assert_eq!(message(r#"{"name": 3}"#).1, "name: text, not 3");
        assert_eq!(
            message(r#"{"limit": ""}"#).1,
            "limit: a whole number from 0 up, not empty text"
        );
        let (field, text) = message(r#"{"rat": 1}"#);
        assert_eq!(field.as_deref(), Some("arguments"));
        assert!(
            text.contains("'rat' is not one of its settings; did you mean rate?"),
            "{text}"
        );
        assert!(message("[1]").1.contains("a JSON object"));
        // a group's unknown setting is named by its path, with the group's settings suggested
        // (it was "'group' is not one of its settings; did you mean group?")
        assert_eq!(
            message(r#"{"group": {"plane": 2}}"#),
            (
                Some("group.plane".into()),
                "group.plane: 'plane' is not one of the settings of group; did you mean planes? (expected one of: planes)"
                    .into()
            )
        );
        // a whole number beyond its type is too large, whatever the target's usize (a usize
        // is 32 bits in WebAssembly: 2^32 was "not a whole number" there)
        // (serde's words on wasm32 for a usize of 2^32, which a 64-bit usize takes)
        assert_eq!(
            reason(
                "invalid value: integer `4294967296`, expected usize",
                &serde_json::json!(4294967296u64)
            ),
            "4294967296 is too large for this field"
        );
        // a count past its type's range is said as such (issue 63: "number too large to fit
        // in target type"), the same on every target
        assert_eq!(
            message(r#"{"count": 99999999999999999999}"#).1,
            "count: a whole number from 0 to 4,294,967,295, not 1e+20"
        );
        for json in [r#"{"rate": null}"#, r#"{"count": 1e30}"#, r#"{"rat": 1}"#] {
            let text = message(json).1;
            assert!(
                !text.contains("invalid type") && !text.contains("expected `"),
                "{text}"
            );
        }
    }

    #[test]
    fn a_nesting_too_deep_is_said_in_words() {
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        let e = serde_json::from_str::<Value>(&deep).unwrap_err();
        let text = syntax(&e);
        assert!(
            text.starts_with("it nests lists or objects more than 128 deep"),
            "{text}"
        );
    }

    #[test]
    fn syntax_errors_say_where() {
        let e = serde_json::from_str::<Value>(r#"{"a" 1}"#).unwrap_err();
        assert_eq!(
            syntax(&e),
            "it is not valid JSON (expected ':' at line 1, column 6)"
        );
    }
}
