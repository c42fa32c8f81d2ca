//! One key a line: toStringBinary or hex.

use std::path::Path;

use super::InputError;
use super::{at, Write};
use rowkey::hex::{self, HexError};

/// What a line that is not UTF-8 is told.
pub const NOT_UTF8: &str = "not UTF-8 text: write raw key bytes as hex or toStringBinary lines (or give `cbt read` output)";

/// The file's lines as text with their 1-based numbers (a final newline ends the last line;
/// `\r\n` ends a line too). Not UTF-8 is an error naming the line.
pub fn numbered<'a>(
    path: &Path,
    bytes: &'a [u8],
) -> Result<impl Iterator<Item = (usize, &'a str)> + use<'a>, InputError> {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let mut lines = Vec::new();
    if !body.is_empty() {
        for (i, line) in body.split(|&b| b == b'\n').enumerate() {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            let text = std::str::from_utf8(line).map_err(|_| at(path, i + 1, NOT_UTF8))?;
            lines.push((i + 1, text));
        }
    }
    Ok(lines.into_iter())
}

/// Every line a key, parsed by `parse`.
pub fn keys(
    path: &Path,
    bytes: &[u8],
    parse: fn(&str) -> Result<Vec<u8>, String>,
) -> Result<Vec<Write>, InputError> {
    numbered(path, bytes)?
        .map(|(n, text)| {
            parse(text)
                .map(|key| Write { key, micros: None })
                .map_err(|e| at(path, n, e))
        })
        .collect()
}

/// A toStringBinary key; an empty line is an error (no store takes an empty row key).
pub fn binary(text: &str) -> Result<Vec<u8>, String> {
    if text.is_empty() {
        return Err("an empty line: no row key is empty".into());
    }
    let key = rowkey::hbase::parse_string_binary(text)
        .map_err(|e| format!("{:?} is not toStringBinary: {e}", short(text)))?;
    super::check_row_key(&key)?;
    Ok(key)
}

/// A line as an error quotes it: at most 60 characters, then `…`.
fn short(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// A hex key (`0x` prefixes and whitespace ignored); an empty line is an error.
pub fn hex(text: &str) -> Result<Vec<u8>, String> {
    match hex::decode(text) {
        Ok(key) if key.is_empty() => Err("an empty line: no row key is empty".into()),
        Ok(key) => super::check_row_key(&key).map(|()| key),
        Err(HexError::NotHex { at, .. }) => {
            Err(format!("{:?} is not hex at character {at}", short(text)))
        }
        Err(HexError::Odd) => Err(format!("{:?} has an odd number of hex digits", short(text))),
    }
}
