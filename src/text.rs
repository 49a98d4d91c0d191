//! A result as text a person reads (issue 62): the command line without `--json`. Keys are
//! aligned; numbers have four significant digits; a short list is printed whole (a walk's
//! path), a long one summarised (its count, its first values, its range); a list of records is
//! a line each, the first few of a long one; a nested record is one line of its plain fields.
//! No line is longer than `LINE`, so a CTC run's curve of 1,001 points is one line, not 40 KB.
//! `--json` gives everything.

use serde_json::Value;

/// The longest line printed (a longer one is cut, with `…`).
pub const LINE: usize = 160;
/// Lists of plain values up to this long are printed whole.
const WHOLE_LIST: usize = 16;
/// Lists of records up to this long are printed a record a line; a longer one its first few.
const RECORDS: usize = 8;
/// Keys are right-aligned to at most this width.
const KEY_WIDTH: usize = 32;

/// `value` as text: a record as `key: value` lines; a list of records (a study's rows) a
/// block of such lines each, a blank line between; a list of plain values a line each.
pub fn summary(value: &Value) -> String {
    let lines = match value {
        Value::Array(items) if items.iter().all(Value::is_object) && !items.is_empty() => items
            .iter()
            .map(|item| record_lines(item).join("\n"))
            .collect::<Vec<_>>()
            .join("\n\n")
            .lines()
            .map(str::to_string)
            .collect(),
        Value::Array(items) => items.iter().map(record_line).collect(),
        Value::Object(_) => record_lines(value),
        other => vec![inline(other)],
    };
    lines
        .into_iter()
        .map(|l| cut(&l))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A record as `key: value` lines, keys right-aligned; a field holding records as a table of
/// the first of them under its key.
fn record_lines(value: &Value) -> Vec<String> {
    let Some(fields) = value.as_object() else {
        return vec![inline(value)];
    };
    let width = fields
        .keys()
        .map(|k| k.chars().count())
        .max()
        .unwrap_or(0)
        .min(KEY_WIDTH);
    let mut lines = Vec::new();
    for (key, v) in fields {
        let head = format!("{key:>width$}: ");
        match v {
            Value::Array(items) if items.iter().any(Value::is_object) => {
                lines.push(format!("{head}{}", count(items.len(), "item")));
                let shown = if items.len() > RECORDS {
                    3
                } else {
                    items.len()
                };
                let pad = " ".repeat(width + 2);
                for row in table(&items[..shown], LINE - pad.len()) {
                    lines.push(format!("{pad}{row}"));
                }
                if shown < items.len() {
                    lines.push(format!("{pad}… and {} more", items.len() - shown));
                }
            }
            _ => lines.push(format!("{head}{}", inline(v))),
        }
    }
    lines
}

/// Records as a table: a header of their fields and a row each, as many columns as fit in
/// `room` characters, then a line naming the columns left out.
fn table(records: &[Value], room: usize) -> Vec<String> {
    let mut keys: Vec<&String> = Vec::new();
    for record in records.iter().filter_map(Value::as_object) {
        for key in record.keys() {
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
    }
    let cell = |record: &Value, key: &str| record.get(key).map_or(String::new(), short);
    let mut columns: Vec<(&String, usize)> = Vec::new();
    let mut used = 0;
    let mut left_out = Vec::new();
    for key in keys {
        let width = records
            .iter()
            .map(|r| cell(r, key).chars().count())
            .chain([key.chars().count()])
            .max()
            .unwrap_or(0);
        if left_out.is_empty() && used + width + 2 <= room {
            used += width + 2;
            columns.push((key, width));
        } else {
            left_out.push(key.as_str());
        }
    }
    let line = |texts: Vec<String>| -> String {
        texts
            .iter()
            .zip(&columns)
            .map(|(t, (_, w))| format!("{t:<w$}"))
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_string()
    };
    let mut rows = vec![line(columns.iter().map(|(k, _)| k.to_string()).collect())];
    for record in records {
        rows.push(line(columns.iter().map(|(k, _)| cell(record, k)).collect()));
    }
    if !left_out.is_empty() {
        rows.push(format!("(and {}: --json has them)", left_out.join(", ")));
    }
    rows
}

/// A value on one line: a number rounded, a string bare, a list whole or summarised, a record
/// as its plain fields.
fn inline(value: &Value) -> String {
    match value {
        Value::Null => "—".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(_) => number(value),
        Value::String(s) => s.clone(),
        Value::Array(items) => list(items),
        Value::Object(_) => format!("{{{}}}", record_line(value)),
    }
}

/// A list on one line: whole when short, else its count, first values and range.
fn list(items: &[Value]) -> String {
    if items.len() <= WHOLE_LIST {
        // (a list inside it by its size: [[9 items], [9 items]])
        let values: Vec<String> = items.iter().map(short).collect();
        return format!("[{}]", values.join(", "));
    }
    let first: Vec<String> = items.iter().take(5).map(short).collect();
    let numbers: Vec<f64> = items.iter().filter_map(Value::as_f64).collect();
    let range = if numbers.len() == items.len() && !numbers.is_empty() {
        let lo = numbers.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = numbers.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        format!(" (from {} to {})", float(lo), float(hi))
    } else {
        String::new()
    };
    format!(
        "{}: {}, …{range}",
        count(items.len(), "value"),
        first.join(", ")
    )
}

/// A record's plain fields, `key value · key value`; a nested list or record by its size.
fn record_line(value: &Value) -> String {
    let Some(fields) = value.as_object() else {
        return inline(value);
    };
    fields
        .iter()
        .map(|(k, v)| format!("{k} {}", short(v)))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// A value inside a line: plain values as they are, a short list of plain values whole,
/// anything larger by its size.
fn short(value: &Value) -> String {
    match value {
        Value::Array(items)
            if items.len() <= 6 && !items.iter().any(|v| v.is_array() || v.is_object()) =>
        {
            let values: Vec<String> = items.iter().map(inline).collect();
            format!("[{}]", values.join(", "))
        }
        Value::Array(items) => format!("[{}]", count(items.len(), "item")),
        Value::Object(fields) => format!("{{{}}}", count(fields.len(), "field")),
        other => inline(other),
    }
}

fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

fn number(value: &Value) -> String {
    match (value.as_i64(), value.as_u64(), value.as_f64()) {
        (Some(i), _, _) => i.to_string(),
        (_, Some(u), _) => u.to_string(),
        (_, _, Some(f)) => float(f),
        _ => value.to_string(),
    }
}

/// Four significant digits, whole numbers whole, no trailing zeros.
fn float(x: f64) -> String {
    if !x.is_finite() {
        return x.to_string();
    }
    if x.fract() == 0.0 && x.abs() < 1e15 {
        return format!("{x:.0}");
    }
    let magnitude = x.abs().log10().floor() as i32;
    let decimals = (3 - magnitude).clamp(0, 12) as usize;
    let text = format!("{x:.decimals$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A line cut at `LINE` characters.
fn cut(line: &str) -> String {
    if line.chars().count() <= LINE {
        return line.to_string();
    }
    let head: String = line.chars().take(LINE - 1).collect();
    format!("{head}…")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_walk_prints_its_path_and_its_hops() {
        let walk = json!({
            "scheme": "loren", "src": 15, "dst": 5,
            "path": [15, 10, 6, 2, 5],
            "hops": [{"at": 15, "table": [{"dst": 7}], "chosen": 6, "next": 10},
                     {"at": 10, "table": [], "chosen": 0, "next": 6}]
        });
        let text = summary(&walk);
        assert!(text.contains("  path: [15, 10, 6, 2, 5]"), "{text}");
        assert!(text.contains("scheme: loren"));
        assert!(text.contains("hops: 2 items"));
        assert!(text.contains("at  table     chosen  next"), "{text}");
        assert!(text.contains("15  [1 item]  6       10"), "{text}");
    }

    #[test]
    fn keys_align_and_numbers_are_rounded() {
        let text = summary(
            &json!({"a": 1.2608695652173914, "longer": 0.028368794326241134, "n": null, "w": 912.0}),
        );
        assert_eq!(
            text,
            "     a: 1.261\nlonger: 0.02837\n     n: —\n     w: 912"
        );
    }

    #[test]
    fn long_lists_and_records_are_summarised() {
        let curve: Vec<Value> = (0..1001)
            .map(|i| json!({"iteration": i, "best": 145}))
            .collect();
        let ids: Vec<u32> = (0..200).collect();
        let nested = json!({"cells": ids, "rows": 16});
        let text = summary(&json!({"sa_curve": curve, "order": ids, "heatmap": nested}));
        assert!(text.contains("sa_curve: 1001 items"));
        assert!(text.contains("iteration  best"), "{text}");
        assert!(text.contains("… and 998 more"));
        assert!(
            text.contains("order: 200 values: 0, 1, 2, 3, 4, … (from 0 to 199)"),
            "{text}"
        );
        assert!(
            text.contains("heatmap: {cells [200 items] · rows 16}"),
            "{text}"
        );
        assert!(text.lines().all(|l| l.chars().count() <= LINE));
        assert!(text.len() < 1000, "{} bytes", text.len());
    }

    #[test]
    fn a_list_of_results_is_a_block_each() {
        let text = summary(&json!([{"n": 3, "average": 1.5}, {"n": 4, "average": 2.25}]));
        assert_eq!(
            text,
            "      n: 3\naverage: 1.5\n\n      n: 4\naverage: 2.25"
        );
        assert_eq!(summary(&json!([1, 2])), "1\n2");
    }

    #[test]
    fn a_wide_table_names_the_columns_it_leaves_out() {
        let row = json!({"a_long_column_name": 1, "another_long_column": 2, "third": 3});
        let rows = table(&[row], 45);
        assert_eq!(rows[0], "a_long_column_name  another_long_column");
        assert_eq!(rows[2], "(and third: --json has them)");
    }
}
