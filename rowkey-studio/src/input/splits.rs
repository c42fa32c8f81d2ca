//! Region boundaries: a real table's split points.

use std::path::Path;

use super::{at, lines, read, sample_row_keys, InputError, SplitFormat};

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
        return Err(at(
            path,
            0,
            "no split points (a table of one region needs no --splits file)",
        ));
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
