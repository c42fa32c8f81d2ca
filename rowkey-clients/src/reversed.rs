//! Reversed scans through HBase's Thrift gateways (1 and 2), which have no inclusive flags: the
//! rows to send and the trim that makes what comes back exact. Both gateways build a Java
//! `Scan` with `withStartRow(start)` (inclusive) and `withStopRow(stop)` (exclusive) and
//! `setReversed(true)`, which reads from `start` down to just above `stop`.

use rowkey_runtime::ScanRange;

/// A reversed scan of a gateway's `TScan` type `S` and the range it must be trimmed to.
#[derive(Clone, Debug, PartialEq)]
pub struct Reversed<S> {
    /// What to send to the gateway.
    pub scan: S,
    range: ScanRange,
    top_exact: bool,
    bottom_exact: bool,
}

/// What to do with a row a reversed scan returned, in the order it returned them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admit {
    /// In the range: keep it.
    Take,
    /// Above the range (the row at the scan's inclusive start): drop it and read on.
    Skip,
    /// Below the range: drop it and close the scanner; no later row is in the range.
    End,
}

/// The start and stop rows of the reversed scan of `range` (unset: the table's end), and the
/// `Reversed` around the `TScan` that `make` builds from them.
///
/// - Top: `stop` minus its last byte when that byte is `00` (the largest row below `stop`),
///   exact; the table's last row for an empty stop, exact; else `stop` itself, which reads the
///   row `stop` if it exists.
/// - Bottom: above `start` minus its last byte when that byte is `00`, exact; the table's first
///   row for an empty start, exact; else the table's first row, so the client closes the
///   scanner at the first row below `start`.
pub(crate) fn reversed<S>(
    range: &ScanRange,
    make: impl FnOnce(Option<Vec<u8>>, Option<Vec<u8>>) -> S,
) -> Reversed<S> {
    // An empty row is the end of the table to HBase in either place, so an empty predecessor
    // is no use: the range then reads the row `stop` (or every row below `start`) and trims.
    let top = predecessor(&range.stop);
    let bottom = predecessor(&range.start);
    let start_row = match top {
        _ if range.stop.is_empty() => None,
        Some(p) => Some(p.to_vec()),
        None => Some(range.stop.clone()),
    };
    Reversed {
        scan: make(start_row, bottom.map(<[u8]>::to_vec)),
        top_exact: range.stop.is_empty() || top.is_some(),
        bottom_exact: range.start.is_empty() || bottom.is_some(),
        range: range.clone(),
    }
}

impl<S> Reversed<S> {
    /// True when the scan reads exactly the range's rows, so [`admit`](Self::admit) always
    /// says [`Admit::Take`].
    pub fn is_exact(&self) -> bool {
        self.top_exact && self.bottom_exact
    }

    /// The range this scan reads, highest row first.
    pub fn range(&self) -> &ScanRange {
        &self.range
    }

    /// Whether to keep `row`, skip it or stop reading.
    pub fn admit(&self, row: &[u8]) -> Admit {
        if row < &self.range.start[..] {
            Admit::End
        } else if !self.range.stop.is_empty() && row >= &self.range.stop[..] {
            Admit::Skip
        } else {
            Admit::Take
        }
    }
}

/// The largest row below `key`, when there is one and HBase can take it as a bound: `key`
/// minus a trailing `00`, unless that leaves the empty row.
fn predecessor(key: &[u8]) -> Option<&[u8]> {
    match key.split_last() {
        Some((0, rest)) if !rest.is_empty() => Some(rest),
        _ => None,
    }
}
