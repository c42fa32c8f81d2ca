//! Key logs, read whole: their writes in write order.

use std::path::Path;

use super::{at, cbt, hbase_shell, lines, read, InputError, LogFormat, Write};

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
        return Err(at(path, 0, "no keys"));
    }
    writes.sort_by_key(|w| w.micros);
    Ok(writes)
}
