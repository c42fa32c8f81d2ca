//! One row's move: decode the old key, convert, encode the new key.

use core::fmt;

use rowkey_runtime::RowKey;
use rowkey_runtime::{DecodeError, EncodeError};

/// Why a row's new key could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConvertError {
    /// The old key does not decode as `Old`.
    Decode(DecodeError),
    /// The converted key does not encode as `New`.
    Encode(EncodeError),
}

/// A row the copy could not move: its unit, its old key and why. Reported, never skipped
/// silently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowError {
    /// The unit it belongs to.
    pub unit: usize,
    /// The row's old key.
    pub key: Vec<u8>,
    /// Why.
    pub error: ConvertError,
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unit {}: row {}: ",
            self.unit,
            rowkey_runtime::hbase::to_string_binary(&self.key)
        )?;
        match &self.error {
            ConvertError::Decode(e) => write!(f, "the old key does not decode: {e}"),
            ConvertError::Encode(e) => write!(f, "the new key does not encode: {e}"),
        }
    }
}

impl std::error::Error for RowError {}

/// The new key of the row whose old key is `old_key`, in unit `unit`: decoded as `Old` (its
/// salt not hashed again: the store wrote it), converted, encoded as `New`.
///
/// ```
/// use rowkey::migrate::{convert_key, ConvertError};
/// use rowkey::RowKey;
///
/// #[derive(RowKey, Debug)]
/// #[salt(md5, buckets = 16, of = "id")]
/// struct Old { ts: u64, id: u64 }
///
/// #[derive(RowKey, Debug, PartialEq)]
/// #[salt(md5, buckets = 64, of = "id")]
/// struct New { ts: u64, id: u64 }
///
/// let old = Old { ts: 7, id: 42 }.encode().unwrap();
/// let new = convert_key(&old, 0, |o: Old| New { ts: o.ts, id: o.id }).unwrap();
/// assert_eq!(New::decode(&new).unwrap(), New { ts: 7, id: 42 });
/// let bad = convert_key(&old[..5], 3, |o: Old| New { ts: o.ts, id: o.id }).unwrap_err();
/// assert_eq!((bad.unit, bad.key.len()), (3, 5));
/// assert!(matches!(bad.error, ConvertError::Decode(_)));
/// ```
pub fn convert_key<Old: RowKey, New: RowKey>(
    old_key: &[u8],
    unit: usize,
    convert: impl FnOnce(Old) -> New,
) -> Result<Vec<u8>, RowError> {
    let fail = |error| RowError {
        unit,
        key: old_key.to_vec(),
        error,
    };
    let old = Old::decode_unverified(old_key).map_err(|e| fail(ConvertError::Decode(e)))?;
    convert(old)
        .encode()
        .map_err(|e| fail(ConvertError::Encode(e)))
}
