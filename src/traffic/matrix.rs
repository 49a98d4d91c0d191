//! Traffic matrices as CSV text: rows `src,dst,bytes[,count]` of whole numbers (a header line,
//! blank lines and `#` comments allowed; `,`, `;` or tab between cells). Paper 001's OCS relay
//! reads message lists (the count column required), paper 003's CTC task-to-task matrices (the
//! count optional, a multiplier). Errors name the field the text came from and the line.

use crate::{Error, Result};

/// One row of a traffic matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    pub src: u32,
    pub dst: u32,
    pub bytes: u64,
    pub count: u64,
}

/// Most bytes one row may give (4 GiB), so sums of rows stay far inside u64.
pub(crate) const MAX_ROW_BYTES: u64 = 1 << 32;

/// The rows of `text`, shown in errors as the field `field`; `count_required`: every row has
/// the fourth column (otherwise it may be left out, meaning 1).
pub fn parse(text: &str, field: &str, count_required: bool) -> Result<Vec<Row>> {
    let usage = if count_required {
        "rank,rank,bytes,count"
    } else {
        "src,dst,bytes (and optionally a count)"
    };
    let mut out = Vec::new();
    let mut first = true;
    // (Excel writes a byte-order mark and CR LF; old Mac tools a lone CR)
    let text = crate::topology::import::plain_lines(text);
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let header = std::mem::replace(&mut first, false);
        let cells: Vec<&str> = line.split([',', ';', '\t']).map(str::trim).collect();
        let numbers: Option<Vec<u64>> = cells.iter().map(|c| c.parse().ok()).collect();
        let columns_fit = cells.len() == 4 || (!count_required && cells.len() == 3);
        match (columns_fit, numbers) {
            (true, Some(v)) => {
                if v[0] > u64::from(u32::MAX) || v[1] > u64::from(u32::MAX) {
                    return Err(Error::invalid(
                        field,
                        format!("line {}: a rank too large", i + 1),
                    ));
                }
                if v[2] == 0 || v[2] > MAX_ROW_BYTES {
                    return Err(Error::invalid(
                        field,
                        format!("line {}: bytes from 1 to 4 GiB, not {}", i + 1, v[2]),
                    ));
                }
                out.push(Row {
                    src: v[0] as u32,
                    dst: v[1] as u32,
                    bytes: v[2],
                    count: v.get(3).copied().unwrap_or(1),
                });
            }
            (true, None) if header && cells.iter().all(|c| c.parse::<f64>().is_err()) => {
                // a header
            }
            _ => {
                return Err(Error::invalid(
                    field,
                    format!(
                        "line {}: write {usage} (whole numbers), not '{}'",
                        i + 1,
                        crate::error::shorten(line)
                    ),
                ))
            }
        }
    }
    if out.is_empty() {
        return Err(Error::invalid(
            field,
            format!("no rows: paste CSV lines {usage}"),
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_columns_are_read_when_the_count_is_optional() {
        let rows = parse("src,dst,bytes\n0,1,5\n2;0;7;3\n", "matrix", false).unwrap();
        assert_eq!(
            rows[0],
            Row {
                src: 0,
                dst: 1,
                bytes: 5,
                count: 1
            }
        );
        assert_eq!(rows[1].count, 3);
        let e = parse("0,1,5", "traffic", true).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("traffic"));
        assert!(e.to_string().contains("rank,rank,bytes,count"));
        assert!(parse("0,1,5,1,1", "m", false).is_err());
    }

    /// A matrix as Excel saves it (byte-order mark, CR LF) or as old Mac tools do (CR) reads
    /// as the plain one, its header skipped and its lines counted.
    #[test]
    fn a_spreadsheet_s_csv_reads_as_the_plain_one() {
        let plain = parse("src,dst,bytes\n0,1,5\n2,0,7\n", "m", false).unwrap();
        for text in [
            "\u{feff}src,dst,bytes\r\n0,1,5\r\n2,0,7\r\n",
            "src,dst,bytes\r0,1,5\r2,0,7",
        ] {
            assert_eq!(parse(text, "m", false).unwrap(), plain, "{text:?}");
        }
        let e = parse("src,dst,bytes\r0,1,5\r2,x,7", "m", false).unwrap_err();
        assert!(e.to_string().contains("line 3"), "{e}");
    }
}
