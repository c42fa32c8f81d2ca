//! Bigtable's `RowSet` and `RowRange` from rowkey's scans (feature `bigtable`): the types of the
//! v2 API that bigtable_rs re-exports as `bigtable_rs::google::bigtable::v2`.
//!
//! A `ReadRowsRequest` reads the rows of its `RowSet` in key order (or descending, with
//! `reversed: true`). Two ways to read a plan:
//! - [`row_set`]: one request for the whole plan. A point plan becomes its row keys; a salted
//!   plan's rows come back bucket after bucket, not in logical order.
//! - [`range_row_set`] per range, one request each, merged with `plan.fan_out(..)`: rows in
//!   logical order, salt ignored.
//!
//! A plan with no rows has no `RowSet`: [`row_set`] returns `None`, because a request whose
//! `RowSet` is empty reads the whole table.
//!
//! ```
//! use rowkey::RowKey;
//! use rowkey_clients::bigtable::row_set;
//!
//! #[derive(RowKey)]
//! #[salt(md5, buckets = 4, of = "id")]
//! struct Event { day: u32, id: u64 }
//!
//! let set = row_set(&Event::scan().day(7).plan().unwrap()).unwrap();
//! assert_eq!((set.row_keys.len(), set.row_ranges.len()), (0, 4));
//! let get = row_set(&Event::scan().day(7).id(9).plan().unwrap()).unwrap();
//! assert_eq!((get.row_keys.len(), get.row_ranges.len()), (1, 0));
//! ```

#[cfg(feature = "bigtable-admin")]
pub mod admin;
mod channel;
mod client;
#[cfg(feature = "migrate")]
mod migrate;
mod read;
mod retry;
mod rows;
mod write;

pub use channel::ChannelConfig;
pub use client::{Client, ClientBuilder, ConnectError, MetadataHook, Table};
#[cfg(feature = "migrate")]
pub use migrate::{CheckpointTable, MidMoveRows, MoveError, MoveTables, TOMBSTONE};
pub use read::{Read, ReadError, ReadErrorKind};
pub use retry::{is_transient, RetryPolicy};
pub use rows::{Cell, ChunkError, Row};
pub use write::{WriteError, BYTES_PER_REQUEST, MUTATIONS_PER_REQUEST, SERVER_TIME};

/// The v2 data API's generated types (`googleapis-tonic-google-bigtable-v2`), which
/// [`Table::mutate_rows`], [`Read::filter`] and the `RowSet` conversions take: the same crate
/// and version as this one, so you need not depend on it.
pub use googleapis_tonic_google_bigtable_v2::google::bigtable::v2;

use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::row_range::{EndKey, StartKey};
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::{
    RowRange, RowSet, SampleRowKeysResponse,
};
use rowkey_runtime::{ScanPlan, ScanRange};

/// The range as a `RowRange`: `start_key_closed` (left unset for an empty start, which Bigtable
/// reads as the first row), and `end_key_open` (unset for an empty stop: the end of the table).
///
/// ```
/// use rowkey::ScanRange;
/// use rowkey_clients::bigtable::row_range;
/// use bigtable_rs::google::bigtable::v2::row_range::{EndKey, StartKey};
///
/// let r = row_range(&ScanRange::prefix(b"ab"));
/// assert_eq!(r.start_key, Some(StartKey::StartKeyClosed(b"ab".to_vec())));
/// assert_eq!(r.end_key, Some(EndKey::EndKeyOpen(b"ac".to_vec())));
/// assert_eq!(row_range(&ScanRange::all()), Default::default());
/// ```
pub fn row_range(range: &ScanRange) -> RowRange {
    RowRange {
        start_key: (!range.start.is_empty()).then(|| StartKey::StartKeyClosed(range.start.clone())),
        end_key: (!range.stop.is_empty()).then(|| EndKey::EndKeyOpen(range.stop.clone())),
    }
}

/// Every row of the plan as one `RowSet`: the row keys of a point plan, or one `RowRange` per
/// range. `None` when the plan has no rows (send no request: an empty `RowSet` reads the
/// whole table).
///
/// ```
/// use rowkey::RowKey;
/// use rowkey_clients::bigtable::row_set;
///
/// #[derive(RowKey)]
/// struct Reading { sensor: u16, at: u32 }
///
/// let none = Reading::scan().sensor(1).at(9..9).plan().unwrap();
/// assert!(none.ranges().is_empty());
/// assert_eq!(row_set(&none), None);
/// ```
pub fn row_set(plan: &ScanPlan) -> Option<RowSet> {
    if plan.ranges().is_empty() {
        return None;
    }
    Some(if plan.is_point() {
        RowSet {
            row_keys: plan.rows().into_iter().map(<[u8]>::to_vec).collect(),
            row_ranges: Vec::new(),
        }
    } else {
        RowSet {
            row_keys: Vec::new(),
            row_ranges: plan.ranges().iter().map(row_range).collect(),
        }
    })
}

/// One range as a `RowSet`, for one `ReadRowsRequest` per range (the fan-out). `None` for an
/// empty range, for the reason given at [`row_set`].
pub fn range_row_set(range: &ScanRange) -> Option<RowSet> {
    (!range.is_empty()).then(|| RowSet {
        row_keys: Vec::new(),
        row_ranges: vec![row_range(range)],
    })
}

/// The request metadata Google's Bigtable clients send to say which features they support:
/// `bigtable-features`, a base64url `FeatureFlags` message with `reverse_scans` set (`08 01`).
/// A `ReadRowsRequest` with `reversed: true` needs it: without it the emulator answers
/// `Client doesn't support reverse scans yet`.
///
/// ```
/// use rowkey_clients::bigtable::FEATURES_METADATA;
///
/// let mut request = tonic::Request::new(());
/// let (name, value) = FEATURES_METADATA;
/// request.metadata_mut().insert(name, value.parse().unwrap());
/// assert_eq!(request.metadata().get("bigtable-features").unwrap(), "CAE=");
/// ```
pub const FEATURES_METADATA: (&str, &str) = ("bigtable-features", "CAE=");

/// A table's split points from its `SampleRowKeys` answer: each sample's row key ends a
/// stretch of the table (the last one, empty, is the end of the table), so the non-empty keys,
/// in order and without repeats, are where regions (tablets) start, the form that
/// `rowkey::splits::check` and the studio take.
///
/// ```
/// use bigtable_rs::google::bigtable::v2::SampleRowKeysResponse;
/// use rowkey_clients::bigtable::split_points;
///
/// let sample = |key: &[u8], offset| SampleRowKeysResponse {
///     row_key: key.to_vec(),
///     offset_bytes: offset,
/// };
/// let answer = [sample(b"g", 100), sample(b"p", 200), sample(b"", 300)];
/// assert_eq!(split_points(&answer), [b"g".to_vec(), b"p".to_vec()]);
/// ```
pub fn split_points(samples: &[SampleRowKeysResponse]) -> Vec<Vec<u8>> {
    let mut keys: Vec<Vec<u8>> = samples
        .iter()
        .filter(|s| !s.row_key.is_empty())
        .map(|s| s.row_key.clone())
        .collect();
    keys.sort();
    keys.dedup();
    keys
}
