//! OpenTSDB's row key, byte for byte: `[salt][metric uid][base hour][tagk uid tagv uid]...`.
//!
//! ```
//! use rowkey::opentsdb::{base_time, Tags};
//! use rowkey::RowKey;
//!
//! /// `tsd.storage.salt.width = 1`, `tsd.storage.salt.buckets = 20`, 3-byte UIDs.
//! #[derive(RowKey, Debug, PartialEq)]
//! #[salt(opentsdb, buckets = 20, width = 1, of = ["metric", "tags"])]
//! struct DataPointRow {
//!     metric: [u8; 3],
//!     base: u32,
//!     tags: Tags,
//! }
//!
//! let row = DataPointRow {
//!     metric: [0, 0, 1],
//!     base: base_time(1_700_000_123_456) as u32, // ms in, the hour (seconds) out
//!     tags: Tags(vec![([0, 0, 1], [0, 0, 2])]),
//! };
//! let key = row.encode().unwrap();
//! assert_eq!(key.len(), 1 + 3 + 4 + 6);
//! assert_eq!(&key[4..8], &1_699_999_200u32.to_be_bytes());
//! assert_eq!(DataPointRow::decode(&key).unwrap(), row);
//! ```
//!
//! The salt (`#[salt(opentsdb, ...)]`) is OpenTSDB's `RowKey.prefixKeyWithSalt`: Java's
//! `Arrays.hashCode` of the metric UID followed by the tag UIDs (the hour is left out, so every
//! hour of a series lands in one bucket), `abs(hash % buckets)`, written over `width` bytes by
//! `getSaltBytes`; a row whose metric UID is all zero is left unsalted, as OpenTSDB leaves it.

use crate::cursor::{Reader, Writer};
use crate::encoding::KeyCodec;
use crate::error::{DecodeError, EncodeError};

/// OpenTSDB's `Internal.baseTime`: the hour (in seconds) a timestamp falls in. A timestamp with
/// any of its top 32 bits set is taken as milliseconds (negative ones too, as in OpenTSDB), and
/// divided by 1000 with Java's truncating division. The row stores it as 4 bytes (`(int)`).
///
/// ```
/// use rowkey::opentsdb::base_time;
/// assert_eq!(base_time(3599), 0);
/// assert_eq!(base_time(3600), 3600);
/// assert_eq!(base_time(1_700_000_000_123), 1_699_999_200);
/// assert_eq!(base_time(-1), 0);
/// ```
pub fn base_time(timestamp: i64) -> i64 {
    const SECOND_MASK: u64 = 0xFFFF_FFFF_0000_0000;
    const MAX_TIMESPAN: i64 = 3600;
    let t = if timestamp as u64 & SECOND_MASK != 0 {
        timestamp / 1000
    } else {
        timestamp
    };
    t - t % MAX_TIMESPAN
}

/// OpenTSDB's tag pairs: `tagk uid ‖ tagv uid` for each tag, `K` and `V` bytes wide
/// (`tsd.storage.uid.width.tagk` / `.tagv`, 3 by default), in the order OpenTSDB sorts them
/// (by tagk UID). As the last field (OpenTSDB's layout) the pairs are written raw, to the end of
/// the key; elsewhere escaped and terminated like a `Vec<u8>`.
///
/// ```
/// use rowkey::opentsdb::Tags;
/// use rowkey::RowKey;
///
/// #[derive(RowKey, Debug, PartialEq)]
/// struct Series { metric: [u8; 3], tags: Tags<2, 4> }
///
/// let s = Series { metric: *b"cpu", tags: Tags(vec![(*b"ho", *b"st01")]) };
/// assert_eq!(s.encode().unwrap(), b"cpuhost01");
/// assert!(Series::decode(b"cpuhost0").is_err()); // not a whole pair
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Tags<const K: usize = 3, const V: usize = 3>(pub Vec<([u8; K], [u8; V])>);

impl<const K: usize, const V: usize> Tags<K, V> {
    /// The pairs as OpenTSDB writes them: `tagk ‖ tagv`, one after the other.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.0.len() * (K + V));
        for (k, v) in &self.0 {
            out.extend_from_slice(k);
            out.extend_from_slice(v);
        }
        out
    }

    /// The pairs of `bytes`, which must hold whole pairs.
    pub fn from_bytes(bytes: &[u8]) -> Option<Self> {
        if K + V == 0 || !bytes.len().is_multiple_of(K + V) {
            return None;
        }
        let pairs = bytes
            .chunks_exact(K + V)
            .map(|c| {
                let (k, v) = c.split_at(K);
                Some((k.try_into().ok()?, v.try_into().ok()?))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Tags(pairs))
    }
}

impl<const K: usize, const V: usize> KeyCodec for Tags<K, V> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn value_type() -> crate::layout::ValueType {
        crate::layout::ValueType::Tags { key: K, value: V }
    }

    fn encoded_len(&self, last: bool) -> usize {
        self.to_bytes().encoded_len(last)
    }

    fn encode(&self, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        self.to_bytes().encode(w, last)
    }

    fn decode(r: &mut Reader<'_>, last: bool) -> Result<Self, DecodeError> {
        let at = r.offset();
        let bytes = read_pairs(r, last, K + V)?;
        Tags::from_bytes(&bytes).ok_or_else(|| not_pairs(r, at))
    }
}

/// The pairs' bytes, `pair` bytes each: what `Tags` writes.
fn read_pairs(r: &mut Reader<'_>, last: bool, pair: usize) -> Result<Vec<u8>, DecodeError> {
    let at = r.offset();
    let bytes = Vec::<u8>::decode(r, last)?;
    if pair == 0 || !bytes.len().is_multiple_of(pair) {
        return Err(not_pairs(r, at));
    }
    Ok(bytes)
}

fn not_pairs(r: &Reader<'_>, at: usize) -> DecodeError {
    DecodeError::Invalid {
        field: r.field(),
        offset: at,
        expected: "whole tag pairs (tagk uid, tagv uid)",
    }
}

/// `Tags<key, value>` run from a description: a value is the pairs' bytes.
pub(crate) fn part(key: usize, value: usize) -> crate::encoding::part::DynPart {
    use crate::encoding::part::{closures, wrong_type};
    use crate::layout::Value;
    closures(
        None,
        None,
        |v, last| match v {
            Value::Bytes(b) => b.encoded_len(last),
            _ => 0,
        },
        |v, w, last| match v {
            Value::Bytes(b) => b.encode(w, last),
            _ => Err(wrong_type(w.field())),
        },
        move |r, last| read_pairs(r, last, key + value).map(Value::Bytes),
    )
}
