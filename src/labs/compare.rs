//! Compare mode (issue 28): two configurations of one lab side by side, their results in one
//! table with the difference, as the papers argue (paper 002's LOREN against Cowen, paper 004's
//! dual planes against two identical ones). The table is built from the results themselves, the
//! same JSON the CLI prints, so it needs nothing of a lab: every number, word and flag the two
//! results hold at the same place is a row, and a row of two numbers has their difference.
//! Long lists (per-pair, per-channel, per-point data) are not rows: a table of thousands of
//! entries reads as nothing; their length is a row instead. A short list of plain values (a
//! generator set, a pair) is one row as it is. The CLI (`topolab run` on a Scenario with
//! `compare`) and the page (`compareResults`) print the same rows.

use serde::Serialize;
use serde_json::Value;

/// One row of the table: a field of the results (its path, `a.b` for a nested one), its value
/// in each configuration, and for two numbers B − A and (B − A) / |A| (none where A is 0).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    pub field: String,
    pub a: Value,
    pub b: Value,
    pub difference: Option<f64>,
    pub relative: Option<f64>,
}

impl Row {
    /// True when the two configurations give the same value.
    pub fn same(&self) -> bool {
        self.a == self.b
    }
}

/// The rows of results `a` and `b`, in `a`'s field order, then the fields only `b` has. A
/// field one result lacks (a lab's optional part) shows as null on that side.
pub fn rows(a: &Value, b: &Value) -> Vec<Row> {
    let mut out = Vec::new();
    walk("", Some(a), Some(b), &mut out);
    out
}

/// Most plain values a list (or a list of lists) shown as one value holds; longer ones show
/// their length.
const SHORT_LIST: usize = 16;

/// The plain values in `v` counted through nested lists, or none when it holds an object.
fn plain_values(v: &Value) -> Option<usize> {
    match v {
        Value::Array(items) => items.iter().map(plain_values).sum(),
        Value::Object(_) => None,
        _ => Some(1),
    }
}

fn walk(path: &str, a: Option<&Value>, b: Option<&Value>, out: &mut Vec<Row>) {
    let (ma, mb) = (a.and_then(Value::as_object), b.and_then(Value::as_object));
    if ma.is_some() || mb.is_some() {
        let keys = ma.into_iter().flat_map(|m| m.keys()).chain(
            mb.into_iter()
                .flat_map(|m| m.keys())
                .filter(|k| ma.is_none_or(|m| !m.contains_key(*k))),
        );
        for key in keys {
            let sub = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            walk(
                &sub,
                ma.and_then(|m| m.get(key)),
                mb.and_then(|m| m.get(key)),
                out,
            );
        }
        return;
    }
    let short = |v: Option<&Value>| match v {
        Some(list @ Value::Array(_)) => plain_values(list).is_some_and(|n| n <= SHORT_LIST),
        _ => true,
    };
    let is_list = !(short(a) && short(b));
    let leaf = |v: Option<&Value>| match v {
        Some(Value::Array(items)) if is_list => Value::from(items.len()),
        Some(other) => other.clone(),
        None => Value::Null,
    };
    let field = if is_list {
        format!("{path} (entries)")
    } else {
        path.to_string()
    };
    let (va, vb) = (leaf(a), leaf(b));
    let (difference, relative) = match (va.as_f64(), vb.as_f64()) {
        (Some(x), Some(y)) if x.is_finite() && y.is_finite() => {
            (Some(y - x), (x != 0.0).then(|| (y - x) / x.abs()))
        }
        _ => (None, None),
    };
    out.push(Row {
        field,
        a: va,
        b: vb,
        difference,
        relative,
    });
}

/// The rows as a text table (`field  A  B  B − A`), numbers to 4 significant digits.
pub fn table(rows: &[Row]) -> String {
    let cell = |v: &Value| match v {
        Value::Null => "—".to_string(),
        Value::Number(n) => n.as_f64().map_or_else(|| n.to_string(), short),
        Value::String(s) => crate::error::shorten(s).to_string(),
        other => other.to_string(),
    };
    let lines: Vec<[String; 4]> = rows
        .iter()
        .map(|r| {
            let diff = match (r.difference, r.relative) {
                (Some(d), Some(rel)) if d != 0.0 => format!("{} ({:+.1}%)", signed(d), 100.0 * rel),
                (Some(d), _) if d != 0.0 => signed(d),
                (Some(_), _) => "=".to_string(),
                (None, _) if r.same() => "=".to_string(),
                (None, _) => "differs".to_string(),
            };
            [r.field.clone(), cell(&r.a), cell(&r.b), diff]
        })
        .collect();
    let header = ["field", "A", "B", "B − A"].map(String::from);
    let width = |i: usize| {
        std::iter::once(&header)
            .chain(&lines)
            .map(|l| l[i].chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths = [width(0), width(1), width(2)];
    std::iter::once(&header)
        .chain(&lines)
        .map(|l| {
            let pad =
                |i: usize| format!("{}{}", l[i], " ".repeat(widths[i] - l[i].chars().count()));
            format!("{}  {}  {}  {}", pad(0), pad(1), pad(2), l[3])
                .trim_end()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A number to 4 significant digits, integers as they are.
fn short(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        let digits = (3 - x.abs().log10().floor() as i32).clamp(0, 12) as usize;
        format!("{x:.digits$}")
    }
}

fn signed(x: f64) -> String {
    if x > 0.0 {
        format!("+{}", short(x))
    } else {
        short(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rows_pair_fields_and_difference_numbers() {
        let a = json!({"scheme": "loren", "avg": 2.0, "max": 4, "flag": true, "pairs": [{"s": 1}, {"s": 2}],
                       "nested": {"x": 0.0}, "only_a": 1, "set": [3, 5, 7]});
        let b = json!({"scheme": "cowen", "avg": 3.0, "max": 4, "flag": true, "pairs": [{"s": 1}],
                       "nested": {"x": 5.0}, "only_b": null, "set": [7, 3, 5]});
        let rows = rows(&a, &b);
        let fields: Vec<&str> = rows.iter().map(|r| r.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "scheme",
                "avg",
                "max",
                "flag",
                "pairs (entries)",
                "nested.x",
                "only_a",
                "set",
                "only_b"
            ]
        );
        // a short list of plain values is one value
        assert_eq!(
            (rows[7].b.clone(), rows[7].same()),
            (json!([7, 3, 5]), false)
        );
        assert_eq!(
            (rows[1].difference, rows[1].relative),
            (Some(1.0), Some(0.5))
        );
        assert_eq!(rows[2].difference, Some(0.0));
        assert!(rows[2].same() && !rows[0].same());
        assert_eq!((rows[4].a.clone(), rows[4].b.clone()), (json!(2), json!(1)));
        // A = 0: a difference, no relative one
        assert_eq!((rows[5].difference, rows[5].relative), (Some(5.0), None));
        assert_eq!((rows[6].b.clone(), rows[6].difference), (Value::Null, None));
        let text = table(&rows);
        assert!(text.contains("[7,3,5]"), "{text}");
        assert!(
            text.contains("avg") && text.contains("+1 (+50.0%)"),
            "{text}"
        );
        assert!(
            text.lines()
                .any(|l| l.starts_with("scheme") && l.ends_with("differs")),
            "{text}"
        );
        assert!(
            text.lines()
                .any(|l| l.starts_with("max") && l.ends_with('=')),
            "{text}"
        );
    }
}
