//! The pipeline's first stage: what the studio reads from files, each bad line an
//! [`InputError`] naming the file and the line (`FILE:LINE: what is wrong`), which the command
//! line prints as `error: ...` with exit code 2, before any long work:
//! - key logs in write order ([`read_log`], or streamed by [`LineLog`]): one key a line as
//!   toStringBinary or hex, or the output of `cbt read` and of the HBase shell's `scan`, whose
//!   cell timestamps order the replay;
//! - region boundaries ([`read_splits`]): one split point a line, or SampleRowKeys answers;
//! - a live cluster's heat ([`live`]): HBase's `/jmx` with `list_regions`, Bigtable's hot
//!   tablets, TiKV's PD regions and hot peers.

mod cbt;
mod hbase_shell;
mod json;
mod keylog;
mod lines;
pub mod live;
mod sample_row_keys;
mod splits;
mod stream;
mod time;

use std::path::Path;

pub use keylog::read_log;
pub use splits::read_splits;
pub use stream::LineLog;

/// Bad input: the file, the 1-based line (0 when the whole file is at fault) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// The file (as named by the caller).
    pub file: String,
    /// The line, from 1; 0 for the whole file.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl InputError {
    /// An error at `line` of `file` (0: the whole file).
    pub fn at(file: &str, line: usize, message: impl Into<String>) -> Self {
        InputError {
            file: file.to_string(),
            line,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

impl std::error::Error for InputError {}

/// One write of a key log: the row key and, when the log has it, the cell's time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Write {
    /// The row key.
    pub key: Vec<u8>,
    /// Microseconds since 1970 (the time as the tool printed it, read as UTC), if known.
    pub micros: Option<i64>,
}

/// How a key log is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// One key a line as HBase's `Bytes.toStringBinary` prints it (`\xHH` escapes).
    Binary,
    /// One key a line in hex.
    Hex,
    /// The output of `cbt read` (one write per cell, ordered by the cells' timestamps).
    Cbt,
    /// The output of the HBase shell's `scan` (one write per cell, ordered by timestamp).
    HbaseShell,
}

/// How a file of split points is written: one boundary a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SplitFormat {
    /// `Bytes.toStringBinary`, as `get_splits` and `create ... SPLITS` show them.
    Binary,
    /// Hex.
    Hex,
    /// Bigtable's `SampleRowKeys` answers in the API's JSON mapping (`grpcurl`'s output):
    /// `{"rowKey": "<base64>", "offsetBytes": "<n>"}` messages; the empty last key is skipped.
    SampleRowKeys,
}

/// A problem at line `line` (1-based; 0: the whole file) of `path`.
pub(crate) fn at(path: &Path, line: usize, what: impl std::fmt::Display) -> InputError {
    InputError::at(&path.display().to_string(), line, what.to_string())
}

/// Why `key` cannot be a row key: longer than HBase's limit (`HConstants.MAX_ROW_LENGTH`,
/// 32,767 bytes; Bigtable's is 4 KiB).
pub fn check_row_key(key: &[u8]) -> Result<(), String> {
    if key.len() > rowkey::MAX_ROW_LENGTH {
        return Err(format!(
            "a key of {} bytes: row keys are at most {} bytes (HBase's MAX_ROW_LENGTH)",
            key.len(),
            rowkey::MAX_ROW_LENGTH
        ));
    }
    Ok(())
}

/// The bytes of `path`.
fn read(path: &Path) -> Result<Vec<u8>, InputError> {
    std::fs::read(path).map_err(|e| at(path, 0, format!("cannot read: {e}")))
}

#[cfg(test)]
mod tests;
