//! A one-key-a-line log (toStringBinary or hex) replayed from its file on each of the
//! simulator's passes, line by line: a log of any length is studied in memory bounded by the
//! table's regions, not by its lines. A bad line stops the first pass, before anything is
//! written, with the error `read_log` gives.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use crate::engine::WriteFn;
use crate::StudyError;
use crate::Writes;

use super::{at, lines, LogFormat};

/// A key log read from its file on each replay.
#[derive(Debug, Clone)]
pub struct LineLog {
    path: PathBuf,
    parse: fn(&str) -> Result<Vec<u8>, String>,
}

impl LineLog {
    /// The log at `path` if `format` is one key a line (`binary`, `hex`); `None` for the formats
    /// whose cells must be ordered by their timestamps first (read those with `read_log`).
    pub fn new(path: &Path, format: LogFormat) -> Option<Self> {
        let parse = match format {
            LogFormat::Binary => lines::binary,
            LogFormat::Hex => lines::hex,
            LogFormat::Cbt | LogFormat::HbaseShell => return None,
        };
        Some(LineLog {
            path: path.to_path_buf(),
            parse,
        })
    }
}

impl Writes for LineLog {
    fn replay(&self, write: &mut WriteFn<'_>) -> Result<(), StudyError> {
        let source = |e: String| StudyError::Source(e);
        let cannot =
            |e: std::io::Error| source(at(&self.path, 0, format!("cannot read: {e}")).to_string());
        let mut reader = BufReader::with_capacity(1 << 16, File::open(&self.path).map_err(cannot)?);
        let mut buf = Vec::new();
        let mut n = 0;
        loop {
            buf.clear();
            if reader.read_until(b'\n', &mut buf).map_err(cannot)? == 0 {
                break;
            }
            n += 1;
            let line = buf.strip_suffix(b"\n").unwrap_or(&buf);
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            let text = std::str::from_utf8(line)
                .map_err(|_| source(at(&self.path, n, lines::NOT_UTF8).to_string()))?;
            let key = (self.parse)(text).map_err(|e| source(at(&self.path, n, e).to_string()))?;
            if write(None, &key).is_break() {
                return Ok(());
            }
        }
        if n == 0 {
            return Err(source(at(&self.path, 0, "no keys").to_string()));
        }
        Ok(())
    }
}
