//! `cbt read` output: each row a line of 40 dashes, the row key as raw bytes (so read as bytes:
//! a key may hold any byte, a newline included), then its cells, each a line
//! `  family:qualifier   @ yyyy/mm/dd-hh:mm:ss.uuuuuu` and its value lines (four spaces and a
//! quoted string). One write per cell, at the cell's time.

use std::path::Path;

use super::time::{fields, micros};
use super::InputError;
use super::{at, Write};

const SEPARATOR: &[u8] = b"----------------------------------------";

/// A cell line's time, or `None` when the line is not a cell line.
fn cell_time(line: &[u8]) -> Option<Result<i64, String>> {
    let text = std::str::from_utf8(line).ok()?;
    let rest = text.strip_prefix("  ")?;
    if rest.starts_with(' ') {
        return None;
    }
    let (_column, when) = rest.rsplit_once(" @ ")?;
    // yyyy/mm/dd-hh:mm:ss.uuuuuu
    let (whole, frac) = when.split_once('.')?;
    let n = fields(whole, &['/', '-', ':'])?;
    if n.len() != 6 || frac.len() != 6 {
        return None;
    }
    Some(micros(n[0], n[1], n[2], n[3], n[4], n[5], frac))
}

pub fn writes(path: &Path, bytes: &[u8]) -> Result<Vec<Write>, InputError> {
    let lines: Vec<&[u8]> = bytes
        .strip_suffix(b"\n")
        .unwrap_or(bytes)
        .split(|&b| b == b'\n')
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    // Blank lines between rows (cbt prints one after each row's cells).
    while i < lines.len() {
        if lines[i].is_empty() {
            i += 1;
            continue;
        }
        if lines[i] != SEPARATOR {
            return Err(at(
                path,
                i + 1,
                "expected cbt read's row separator (40 dashes); is this `cbt read` output?",
            ));
        }
        let start = i + 1;
        i += 1;
        // The key runs to the first cell line (it may span lines: a key may hold newlines).
        while i < lines.len() && cell_time(lines[i]).is_none() && lines[i] != SEPARATOR {
            i += 1;
        }
        if i == lines.len() || lines[i] == SEPARATOR {
            return Err(at(
                path,
                start + 1,
                "a row with no cell line (`  family:qualifier  @ time`)",
            ));
        }
        let key = lines[start..i].join(&b'\n');
        if key.is_empty() {
            return Err(at(path, start + 1, "a row with an empty row key"));
        }
        super::check_row_key(&key).map_err(|e| at(path, start + 1, e))?;
        // Its cells: a cell line, then value lines (four spaces).
        while i < lines.len() {
            match cell_time(lines[i]) {
                Some(Ok(t)) => out.push(Write {
                    key: key.clone(),
                    micros: Some(t),
                }),
                Some(Err(e)) => return Err(at(path, i + 1, e)),
                None if lines[i].starts_with(b"    ") => {}
                None => break,
            }
            i += 1;
        }
    }
    Ok(out)
}
