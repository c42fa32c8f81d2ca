//! The HBase shell's `scan` output: a header `ROW  COLUMN+CELL`, then one line per cell,
//! ` <row as toStringBinary>  column=<family:qualifier>, timestamp=<time>, value=<value>`, and a
//! footer (`N row(s)`, `Took S seconds`). The time is epoch milliseconds (older shells, or
//! `hbase.shell.timestamp.format.epoch`) or a `LocalDateTime` (`2021-03-26T13:48:18.455`).
//! One write per cell; delete markers (`type=...` in a raw scan) are not writes.

use std::path::Path;

use super::time::{fields, micros};
use super::InputError;
use super::{at, lines::numbered, Write};

/// A shell time in microseconds.
fn time(text: &str) -> Result<i64, String> {
    if let Ok(ms) = text.parse::<i64>() {
        return ms
            .checked_mul(1_000)
            .ok_or_else(|| format!("timestamp {text} is too large"));
    }
    let bad = || {
        format!("timestamp={text} is neither epoch milliseconds nor yyyy-mm-ddThh:mm[:ss[.fff]]")
    };
    let (date, clock) = text.split_once('T').ok_or_else(bad)?;
    let (clock, frac) = clock.split_once('.').unwrap_or((clock, ""));
    let d = fields(date, &['-'])
        .filter(|d| d.len() == 3)
        .ok_or_else(bad)?;
    let c = fields(clock, &[':'])
        .filter(|c| (2..=3).contains(&c.len()))
        .ok_or_else(bad)?;
    micros(
        d[0],
        d[1],
        d[2],
        c[0],
        c[1],
        c.get(2).copied().unwrap_or(0),
        frac,
    )
    .map_err(|_| bad())
}

pub fn writes(path: &Path, bytes: &[u8]) -> Result<Vec<Write>, InputError> {
    let mut out = Vec::new();
    let mut header = false;
    for (n, line) in numbered(path, bytes)? {
        let trimmed = line.trim();
        if trimmed.is_empty() || (trimmed.starts_with("hbase") && trimmed.contains("> ")) {
            continue;
        }
        if !header {
            let mut words = trimmed.split_whitespace();
            if words.next() == Some("ROW") && words.next() == Some("COLUMN+CELL") {
                header = true;
                continue;
            }
            return Err(at(
                path,
                n,
                "expected the scan header `ROW  COLUMN+CELL`; is this HBase shell output?",
            ));
        }
        // The footer starts in the first column; every cell line starts with a space (and its
        // value may end in anything, "row(s)" included).
        let footer = !line.starts_with(' ')
            && (trimmed.ends_with("row(s)")
                || trimmed.contains(" row(s) in ")
                || (trimmed.starts_with("Took ") && trimmed.ends_with(" seconds")));
        if footer {
            continue;
        }
        let Some(cell) = line.strip_prefix(' ') else {
            return Err(at(
                path,
                n,
                "a cell line starts with one space, then the row key",
            ));
        };
        let Some(split) = cell.find(" column=") else {
            return Err(at(path, n, "no `column=` on this cell line"));
        };
        let row = cell[..split].trim_end();
        if row.is_empty() {
            return Err(at(path, n, "an empty row key"));
        }
        let key = rowkey::hbase::parse_string_binary(row)
            .map_err(|e| at(path, n, format!("row {row:?} is not toStringBinary: {e}")))?;
        let rest = &cell[split + " column=".len()..];
        let Some((_, after)) = rest.split_once(", timestamp=") else {
            return Err(at(path, n, "no `, timestamp=` on this cell line"));
        };
        let (when, what) = after
            .split_once(", ")
            .ok_or_else(|| at(path, n, "no `, value=` or `, type=` after the timestamp"))?;
        if what.starts_with("type=") {
            continue;
        }
        if !what.starts_with("value=") {
            return Err(at(path, n, "no `value=` after the timestamp"));
        }
        let micros = time(when).map_err(|e| at(path, n, e))?;
        super::check_row_key(&key).map_err(|e| at(path, n, e))?;
        out.push(Write {
            key,
            micros: Some(micros),
        });
    }
    if !header {
        return Err(at(
            path,
            0,
            "no scan header `ROW  COLUMN+CELL`; is this HBase shell output?",
        ));
    }
    Ok(out)
}
