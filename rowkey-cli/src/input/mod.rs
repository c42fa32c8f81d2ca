//! Reading a real table's keys and boundaries from files: key logs in write order (one key a
//! line as toStringBinary or hex, or the output of `cbt read` and of the HBase shell's `scan`,
//! whose cell timestamps order the replay) and region boundaries (one split point a line).
//!
//! Bad input is an [`InputError`] naming the file and the line (`file:line: what is wrong`),
//! which the command line prints as `error: ...` with exit code 2, before anything is written.

mod cbt;
mod hbase_shell;
mod hex;
mod lines;
mod sample_row_keys;
mod stream;
mod time;

use std::path::Path;

use crate::error::InputError;
pub use crate::formats::{LogFormat, SplitFormat};
pub use hex::{parse_hex, HexError};
pub use stream::LineLog;

/// One write of a key log: the row key and, when the log has it, the cell's time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Write {
    /// The row key.
    pub key: Vec<u8>,
    /// Microseconds since 1970 (the time as the tool printed it, read as UTC), if known.
    pub micros: Option<i64>,
}

/// A problem at line `line` (1-based) of `path`.
pub(crate) fn at(path: &Path, line: usize, what: impl std::fmt::Display) -> InputError {
    InputError(format!("{}:{line}: {what}", path.display()))
}

/// Why `key` cannot be a row key: longer than HBase's limit (`HConstants.MAX_ROW_LENGTH`,
/// 32,767 bytes; Bigtable's is 4 KiB).
pub(crate) fn key_too_long(key: &[u8]) -> Result<(), String> {
    if key.len() > rowkey::MAX_ROW_LENGTH {
        return Err(format!(
            "a key of {} bytes: row keys are at most {} bytes (HBase's MAX_ROW_LENGTH)",
            key.len(),
            rowkey::MAX_ROW_LENGTH
        ));
    }
    Ok(())
}

fn read(path: &Path) -> Result<Vec<u8>, InputError> {
    std::fs::read(path).map_err(|e| InputError(format!("cannot read {}: {e}", path.display())))
}

/// The writes of a key log, in write order: file order for one-key-a-line logs, the cells'
/// timestamps (ties in file order) for `cbt read` and HBase shell output.
pub fn read_log(path: &Path, format: LogFormat) -> Result<Vec<Write>, InputError> {
    let bytes = read(path)?;
    let mut writes = match format {
        LogFormat::Binary => lines::keys(path, &bytes, lines::binary)?,
        LogFormat::Hex => lines::keys(path, &bytes, lines::hex)?,
        LogFormat::Cbt => cbt::writes(path, &bytes)?,
        LogFormat::HbaseShell => hbase_shell::writes(path, &bytes)?,
    };
    if writes.is_empty() {
        return Err(InputError(format!("{}: no keys", path.display())));
    }
    writes.sort_by_key(|w| w.micros);
    Ok(writes)
}

/// Region boundaries: one split point a line (or the row keys of SampleRowKeys answers),
/// strictly ascending, none empty (the first region starts at the empty key already).
pub fn read_splits(path: &Path, format: SplitFormat) -> Result<Vec<Vec<u8>>, InputError> {
    let bytes = read(path)?;
    let line =
        |parse: fn(&str) -> Result<Vec<u8>, String>| -> Result<Vec<(usize, Vec<u8>)>, InputError> {
            lines::numbered(path, &bytes)?
                .map(|(n, text)| parse(text).map(|k| (n, k)).map_err(|e| at(path, n, e)))
                .collect()
        };
    let points = match format {
        SplitFormat::Binary => line(lines::binary)?,
        SplitFormat::Hex => line(lines::hex)?,
        SplitFormat::SampleRowKeys => sample_row_keys::points(path, &bytes)?,
    };
    if points.is_empty() {
        return Err(InputError(format!(
            "{}: no split points (a table of one region needs no --splits file)",
            path.display()
        )));
    }
    for pair in points.windows(2) {
        if pair[1].1 <= pair[0].1 {
            return Err(at(
                path,
                pair[1].0,
                format!(
                    "split points must ascend: {} is not after line {}'s {}",
                    rowkey::hbase::to_string_binary(&pair[1].1),
                    pair[0].0,
                    rowkey::hbase::to_string_binary(&pair[0].1)
                ),
            ));
        }
    }
    Ok(points.into_iter().map(|(_, k)| k).collect())
}

#[cfg(test)]
mod tests;
