//! Generators shared by the conversion tests: keys and ranges made of the bytes where bounds go
//! wrong (`00`, `01`, `FE`, `FF`), short enough that keys are often prefixes of each other.

use proptest::prelude::*;
use rowkey::ScanRange;

/// A key of 0 to 4 bytes drawn mostly from `00 01 7F FE FF`.
pub fn key() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(
        prop_oneof![
            4 => prop::sample::select(vec![0x00u8, 0x01, 0x7F, 0xFE, 0xFF]),
            1 => any::<u8>(),
        ],
        0..5,
    )
}

/// A range of every shape a plan produces: a prefix (often with an empty or all-`FF` one, so an
/// empty stop), one row, the whole table, the rest after or before a page's last row, or two
/// arbitrary keys (possibly empty, possibly inverted).
pub fn range() -> impl Strategy<Value = ScanRange> {
    prop_oneof![
        key().prop_map(|p| ScanRange::prefix(&p)),
        key().prop_map(|k| ScanRange::row(&k)),
        Just(ScanRange::all()),
        (key(), key()).prop_map(|(p, k)| ScanRange::prefix(&p).after(&k)),
        (key(), key()).prop_map(|(p, k)| ScanRange::prefix(&p).before(&k)),
        (key(), key()).prop_map(|(start, stop)| ScanRange { start, stop }),
    ]
}

/// A set of keys to read through a range, with every key of `range`'s bounds and their
/// neighbours (one byte added or removed) among them.
pub fn table(range: &ScanRange, mut keys: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    for bound in [&range.start, &range.stop] {
        keys.push(bound.clone());
        let mut longer = bound.clone();
        longer.push(0);
        keys.push(longer.clone());
        longer.pop();
        longer.push(0xFF);
        keys.push(longer);
        if let Some((_, shorter)) = bound.split_last() {
            keys.push(shorter.to_vec());
        }
    }
    keys.sort();
    keys.dedup();
    keys
}

/// The rows an HBase Thrift gateway (1 or 2) reads for a `TScan` of these rows from the sorted
/// `table`, in the order it returns them: a Java `Scan` with `withStartRow(start)` inclusive,
/// `withStopRow(stop)` exclusive and `setReversed`, an unset or empty row meaning the table's
/// end. Rows are never empty in HBase.
#[allow(dead_code)] // Each test binary uses its own part of the support.
pub fn gateway_reads(
    start: Option<&[u8]>,
    stop: Option<&[u8]>,
    reversed: bool,
    table: &[Vec<u8>],
) -> Vec<Vec<u8>> {
    let (start, stop) = (start.unwrap_or_default(), stop.unwrap_or_default());
    if reversed {
        table
            .iter()
            .rev()
            .filter(|k| {
                (start.is_empty() || k.as_slice() <= start)
                    && (stop.is_empty() || k.as_slice() > stop)
            })
            .cloned()
            .collect()
    } else {
        table
            .iter()
            .filter(|k| k.as_slice() >= start && (stop.is_empty() || k.as_slice() < stop))
            .cloned()
            .collect()
    }
}
