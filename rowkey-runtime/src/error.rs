//! The two error types: [`EncodeError`] (a value that does not fit its key layout) and
//! [`DecodeError`] (bytes that are not a key of the layout).

use core::fmt;

/// HBase's hard limit on a row key (`HConstants.MAX_ROW_LENGTH`, `Short.MAX_VALUE`).
pub const MAX_ROW_LENGTH: usize = 32767;

/// What the digits or bytes of a narrowed field count in, for [`EncodeError::DoesNotFit`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WidthUnit {
    /// `#[fixed(N)]` on an integer: N big-endian bytes.
    Bytes,
    /// `#[decimal(N)]`: N ASCII decimal digits.
    DecimalDigits,
    /// `#[hex(N)]`: N lowercase hex digits.
    HexDigits,
}

impl fmt::Display for WidthUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WidthUnit::Bytes => "bytes",
            WidthUnit::DecimalDigits => "decimal digits",
            WidthUnit::HexDigits => "hex digits",
        })
    }
}

/// A value that cannot be written in its field's layout. Nothing is ever truncated or wrapped:
/// every such case is one of these, naming the field.
///
/// ```
/// use rowkey::{EncodeError, RowKey};
///
/// #[derive(RowKey)]
/// struct Host {
///     #[fixed(4)]
///     name: String,
/// }
///
/// let err = Host { name: "hbase-01".into() }.encode().unwrap_err();
/// assert_eq!(err, EncodeError::TooLong { field: "name", len: 8, max: 4 });
/// assert_eq!(err.field(), Some("name"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EncodeError {
    /// A string or byte vector is longer than its `#[fixed(N)]` width.
    TooLong {
        /// The field.
        field: &'static str,
        /// The value's length in bytes.
        len: usize,
        /// The fixed width.
        max: usize,
    },
    /// A string or byte vector is longer than its `#[max(N)]` cap.
    ///
    /// ```
    /// use rowkey::{EncodeError, RowKey};
    ///
    /// #[derive(RowKey)]
    /// struct User {
    ///     #[max(8)]
    ///     name: String,
    /// }
    ///
    /// let err = User { name: "Bartholomew".into() }.encode().unwrap_err();
    /// assert_eq!(err, EncodeError::LongerThanMax { field: "name", len: 11, max: 8 });
    /// ```
    LongerThanMax {
        /// The field.
        field: &'static str,
        /// The value's length in bytes (UTF-8 bytes for a `String`).
        len: usize,
        /// The cap.
        max: usize,
    },
    /// A `#[fixed(N)]` string or byte vector ends with the pad byte, so decoding would strip it.
    EndsWithPad {
        /// The field.
        field: &'static str,
        /// The pad byte.
        pad: u8,
    },
    /// A `#[fixed(N, pad = c)]` string or byte vector holds a byte below the pad byte: a shorter
    /// value's padding would sort above it, so byte order would differ from the values' order.
    BelowPad {
        /// The field.
        field: &'static str,
        /// Byte index of the first such byte in the value.
        index: usize,
        /// That byte.
        byte: u8,
        /// The pad byte.
        pad: u8,
    },
    /// An integer does not fit the narrowed width of `#[fixed(N)]`, `#[decimal(N)]` or `#[hex(N)]`.
    DoesNotFit {
        /// The field.
        field: &'static str,
        /// The value, in decimal.
        value: String,
        /// The width.
        width: usize,
        /// What the width counts.
        unit: WidthUnit,
    },
    /// A `#[reverse_ts]` timestamp is negative: `MAX - ts` would not be a valid timestamp.
    NegativeTimestamp {
        /// The field.
        field: &'static str,
        /// The timestamp.
        value: i64,
    },
    /// A `#[reverse_ts]` timestamp of an unsigned type is above the signed maximum HBase stores.
    TimestampTooLarge {
        /// The field.
        field: &'static str,
        /// The timestamp.
        value: u64,
        /// The largest accepted timestamp (`Long.MAX_VALUE` or `Integer.MAX_VALUE`).
        max: u64,
    },
    /// A text field contains the layout's delimiter, so the key could not be split back.
    ContainsDelimiter {
        /// The field.
        field: &'static str,
        /// The delimiter.
        delimiter: u8,
        /// Byte index of the first delimiter in the value.
        index: usize,
    },
    /// The whole key is longer than HBase's [`MAX_ROW_LENGTH`]. Reported after every field's
    /// error: a key that breaks a field's rule and the limit is refused with the field's error,
    /// on every path (`encode`, `encode_into`, a `Subspace`, a `DynamicKey`).
    KeyTooLong {
        /// The key's length in bytes.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// The key's encoding (another system's format, such as Apache Phoenix) has no bytes for
    /// this value: an empty Phoenix VARCHAR (Phoenix stores `''` as NULL), a non-ASCII CHAR, an
    /// UNSIGNED_LONG above `i64::MAX`.
    Unrepresentable {
        /// The field.
        field: &'static str,
        /// The encoding, such as `"Phoenix"`.
        encoding: &'static str,
        /// Why, and what to do instead.
        reason: &'static str,
    },
    /// Every field of a key is NULL, and the key's encoding then writes the empty row key,
    /// which HBase and Bigtable refuse to store (Phoenix's `newKey` throws "Primary key may not
    /// be null"; HBase's `Struct` writes no byte).
    EmptyKey {
        /// The encoding, such as `"Phoenix"`.
        encoding: &'static str,
    },
    /// A scan plan would need more ranges than [`MAX_PLAN_RANGES`](crate::scan::MAX_PLAN_RANGES):
    /// the scan does not fix the fields a wide salt hashes, and the salt has that many distinct
    /// values, each a range of its own.
    TooManyRanges {
        /// The salt.
        salt: crate::salt::Salt,
        /// The ranges the plan would need.
        ranges: u64,
        /// The limit.
        max: usize,
    },
    /// A scan plan's sets of values (`.device([3, 7, 9])`) need more ranges than
    /// [`MAX_PLAN_RANGES`](crate::scan::MAX_PLAN_RANGES): one per combination of their values,
    /// times the salt's buckets where the salt is not known.
    ///
    /// ```
    /// use rowkey::{EncodeError, RowKey};
    ///
    /// #[derive(RowKey)]
    /// #[salt(md5, buckets = 16, of = "ts")]
    /// struct Reading { sensor: u32, ts: u64 }
    ///
    /// let sensors: Vec<u32> = (0..5_000).collect();
    /// let err = Reading::scan().sensor(sensors).plan().unwrap_err();
    /// assert!(matches!(err, EncodeError::TooManyValues { values: 5_000, ranges: 80_000, .. }));
    /// ```
    TooManyValues {
        /// The combinations of the sets' values.
        values: u64,
        /// The ranges the plan would need.
        ranges: u64,
        /// The limit.
        max: usize,
    },
    /// A scan fixes a raw `#[java]` string that other fields follow, whose rows a plan tells
    /// apart from longer strings' by the key's length (see `ScanPlan::is_exact`), and its sets
    /// of values give keys of different lengths up to that string's end (`.row(["row1",
    /// "row10"])`): no one length tells them apart. Plan each length apart.
    RawLengths {
        /// The raw string.
        field: &'static str,
        /// Two of the lengths, in bytes, of the keys up to its end (the salt aside).
        lengths: (usize, usize),
    },
    /// A scan's range on a field starts after it ends, or excludes both of its ends at one
    /// value: std's `BTreeMap::range` panics on such a range; a plan refuses it. (An empty
    /// range, `5..5`, is valid and reads nothing.)
    ///
    /// ```
    /// use rowkey::{EncodeError, RowKey};
    ///
    /// #[derive(RowKey)]
    /// struct Reading { sensor: u16, ts: u64 }
    ///
    /// let err = Reading::scan().sensor(7).ts(100..10).plan().unwrap_err();
    /// assert_eq!(
    ///     err,
    ///     EncodeError::ReversedRange { field: "ts", start: ">= 100".into(), end: "< 10".into() }
    /// );
    /// assert_eq!(
    ///     err.to_string(),
    ///     "the range on field `ts` is reversed (>= 100, < 10): a range may not start after \
    ///      its end, nor exclude both ends at one value; swap its bounds (`a..a` is the empty \
    ///      range)"
    /// );
    /// assert!(Reading::scan().sensor(7).ts(5..5).plan().unwrap().ranges().is_empty());
    /// ```
    ReversedRange {
        /// The field.
        field: &'static str,
        /// The start bound: `>= 100` (inclusive), `> 100` (exclusive).
        start: String,
        /// The end bound: `< 10` (exclusive, as in `a..10`), `<= 10` (`a..=10`).
        end: String,
    },
    /// A user [`KeyCodec`](crate::KeyCodec) reported an error, or wrote a different number of
    /// bytes than its `encoded_len` promised.
    Codec {
        /// The field.
        field: &'static str,
        /// What went wrong.
        message: String,
    },
    /// A field that is another key (a FoundationDB nested tuple) could not be written: the
    /// field, and the nested key's own error, which names its field.
    Nested {
        /// The field of this key.
        field: &'static str,
        /// The nested key's error.
        inner: Box<EncodeError>,
    },
}

impl EncodeError {
    /// The field at fault, or `None` when the error is about the whole key.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            EncodeError::TooLong { field, .. }
            | EncodeError::LongerThanMax { field, .. }
            | EncodeError::EndsWithPad { field, .. }
            | EncodeError::BelowPad { field, .. }
            | EncodeError::DoesNotFit { field, .. }
            | EncodeError::NegativeTimestamp { field, .. }
            | EncodeError::TimestampTooLarge { field, .. }
            | EncodeError::ContainsDelimiter { field, .. }
            | EncodeError::Unrepresentable { field, .. }
            | EncodeError::ReversedRange { field, .. }
            | EncodeError::RawLengths { field, .. }
            | EncodeError::Codec { field, .. }
            | EncodeError::Nested { field, .. } => Some(field),
            EncodeError::TooManyRanges { .. } => Some("salt"),
            EncodeError::TooManyValues { .. }
            | EncodeError::KeyTooLong { .. }
            | EncodeError::EmptyKey { .. } => None,
        }
    }
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::TooLong { field, len, max } => write!(
                f,
                "field `{field}` is {len} bytes long, more than the {max} bytes of its fixed width"
            ),
            EncodeError::LongerThanMax { field, len, max } => write!(
                f,
                "field `{field}` is {len} bytes long, over its `#[max({max})]` cap"
            ),
            EncodeError::EndsWithPad { field, pad } => write!(
                f,
                "field `{field}` ends with the pad byte 0x{pad:02X}, which decoding would strip; \
                 remove the trailing pad bytes or use a variable-length field"
            ),
            EncodeError::BelowPad {
                field,
                index,
                byte,
                pad,
            } => write!(
                f,
                "field `{field}` holds {} at byte {index}, below the pad {}, so padded keys \
                 would sort out of order; choose a pad below every character of the values \
                 (the default: 0x00 in binary keys, ' ' in text keys)",
                show_byte(*byte),
                show_byte(*pad)
            ),
            EncodeError::DoesNotFit {
                field,
                value,
                width,
                unit,
            } => write!(
                f,
                "field `{field}` value {value} does not fit in {width} {unit}"
            ),
            EncodeError::NegativeTimestamp { field, value } => write!(
                f,
                "field `{field}` is a reverse timestamp and must not be negative, got {value}"
            ),
            EncodeError::TimestampTooLarge { field, value, max } => write!(
                f,
                "field `{field}` is a reverse timestamp and must be at most {max}, got {value}"
            ),
            EncodeError::ContainsDelimiter {
                field,
                delimiter,
                index,
            } => write!(
                f,
                "field `{field}` contains the key's delimiter {:?} at byte {index}; a reader could not split the key",
                char::from(*delimiter)
            ),
            EncodeError::KeyTooLong { len, max } => write!(
                f,
                "the key is {len} bytes long, over HBase's row key limit of {max} bytes"
            ),
            EncodeError::Unrepresentable {
                field,
                encoding,
                reason,
            } => write!(f, "field `{field}`: {encoding} cannot store this value: {reason}"),
            EncodeError::EmptyKey { encoding } => write!(
                f,
                "every field of the key is NULL, so {encoding} would write the empty row key, \
                 which HBase and Bigtable refuse to store; give at least one field a value"
            ),
            EncodeError::TooManyRanges { salt, ranges, max } => write!(
                f,
                "the salt ({salt}) has {ranges} distinct values and the scan does not fix the \
                 fields it hashes, so the plan would need {ranges} ranges, over the limit of \
                 {max}; fix those fields, or give the salt fewer buckets or a narrower width"
            ),
            EncodeError::TooManyValues { values, ranges, max } => write!(
                f,
                "the scan's sets of values have {values} combinations and need {ranges} \
                 ranges, over the limit of {max}; split the sets over several scans"
            ),
            EncodeError::RawLengths { field, lengths: (a, b) } => write!(
                f,
                "the sets of values give keys of {a} and {b} bytes up to the end of field \
                 `{field}`, a raw `#[java]` string that other fields follow, whose rows are told \
                 apart from longer strings' by the key's length: plan each length apart"
            ),
            EncodeError::ReversedRange { field, start, end } => write!(
                f,
                "the range on field `{field}` is reversed ({start}, {end}): a range may not \
                 start after its end, nor exclude both ends at one value; swap its bounds \
                 (`a..a` is the empty range)"
            ),
            EncodeError::Codec { field, message } => write!(f, "field `{field}`: {message}"),
            EncodeError::Nested { field, inner } => {
                write!(f, "field `{field}`, a nested key: {inner}")
            }
        }
    }
}

impl std::error::Error for EncodeError {}

/// `$on` with `$o` bound to the offset of every variant that has one, `$other` for the key's
/// length: one list of variants for every use of the offset.
macro_rules! offset_of {
    (
        $e:expr, $o:ident => $on:expr,
        KeyTooLong { $($k:tt)* } => $other:expr,
        Nested { $($n:tt)* } => $nested:expr
    ) => {
        match $e {
            DecodeError::Truncated { offset: $o, .. }
            | DecodeError::MissingTerminator { offset: $o, .. }
            | DecodeError::BadEscape { offset: $o, .. }
            | DecodeError::InvalidUtf8 { offset: $o, .. }
            | DecodeError::NotADigit { offset: $o, .. }
            | DecodeError::OutOfRange { offset: $o, .. }
            | DecodeError::Invalid { offset: $o, .. }
            | DecodeError::TrailingBytes { offset: $o, .. }
            | DecodeError::MissingDelimiter { offset: $o, .. }
            | DecodeError::SaltMismatch { offset: $o, .. }
            | DecodeError::BucketOutOfRange { offset: $o, .. }
            | DecodeError::ContainsDelimiter { offset: $o, .. }
            | DecodeError::BelowPad { offset: $o, .. }
            | DecodeError::LongerThanMax { offset: $o, .. }
            | DecodeError::Codec { offset: $o, .. } => $on,
            DecodeError::KeyTooLong { $($k)* } => $other,
            DecodeError::Nested { $($n)* } => $nested,
        }
    };
}

/// Bytes that are not a key of the layout. Every variant names the field (or `"salt"`) and
/// the byte offset in the key where the problem is. Decoding never panics.
///
/// ```
/// use rowkey::{DecodeError, RowKey};
///
/// #[derive(RowKey, Debug)]
/// struct Event {
///     day: u32,
///     seq: u16,
/// }
///
/// let err = Event::decode(&[0, 0, 0, 7, 1]).unwrap_err();
/// assert_eq!(err, DecodeError::Truncated { field: "seq", offset: 4, needed: 2, available: 1 });
/// assert_eq!(err.to_string(), "field `seq` at byte 4: needs 2 bytes but the key has 1 left");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeError {
    /// The key ends inside a fixed-width field.
    Truncated {
        /// The field.
        field: &'static str,
        /// Where the field starts.
        offset: usize,
        /// Bytes the field needs.
        needed: usize,
        /// Bytes left in the key.
        available: usize,
    },
    /// The key ends inside a variable-length field before its `00 01` terminator.
    MissingTerminator {
        /// The field.
        field: &'static str,
        /// Where the field starts.
        offset: usize,
    },
    /// A `00` byte inside an escaped field is followed by something other than `FF` or `01`.
    BadEscape {
        /// The field.
        field: &'static str,
        /// Offset of the byte after the `00`.
        offset: usize,
        /// That byte, as stored.
        byte: u8,
    },
    /// A string field is not valid UTF-8.
    InvalidUtf8 {
        /// The field.
        field: &'static str,
        /// Offset of the first invalid byte.
        offset: usize,
    },
    /// A `#[decimal(N)]` or `#[hex(N)]` field holds a byte that is not a digit of its base.
    NotADigit {
        /// The field.
        field: &'static str,
        /// Offset of the byte.
        offset: usize,
        /// The byte, as stored.
        byte: u8,
        /// What the layout writes there, such as `"a lowercase hex digit"`.
        expected: &'static str,
    },
    /// A field decodes to a value its Rust type cannot hold (a widened integer, a digit string
    /// over the type's maximum, a negative stored reverse timestamp).
    OutOfRange {
        /// The field.
        field: &'static str,
        /// Where the field starts.
        offset: usize,
    },
    /// A byte that the layout never writes: a bool other than 0/1, an option tag other than
    /// 0/1, an invalid `char`.
    Invalid {
        /// The field.
        field: &'static str,
        /// Offset of the value.
        offset: usize,
        /// What was expected.
        expected: &'static str,
    },
    /// A string or byte vector is longer than its `#[max(N)]` cap, which `encode` never writes.
    LongerThanMax {
        /// The field.
        field: &'static str,
        /// Where the field starts.
        offset: usize,
        /// The value's length in bytes.
        len: usize,
        /// The cap.
        max: usize,
    },
    /// A text key's part contains the delimiter, which `encode` never writes inside a part.
    ContainsDelimiter {
        /// The part.
        field: &'static str,
        /// Offset of the delimiter.
        offset: usize,
        /// The delimiter.
        delimiter: u8,
    },
    /// A `#[fixed(N, pad = c)]` field holds a byte below its pad byte, which `encode` never
    /// writes (see [`EncodeError::BelowPad`]).
    BelowPad {
        /// The field.
        field: &'static str,
        /// Offset of the byte.
        offset: usize,
        /// The byte (un-inverted).
        byte: u8,
        /// The pad byte.
        pad: u8,
    },
    /// The key is longer than HBase's [`MAX_ROW_LENGTH`]: `encode` never writes such a key.
    KeyTooLong {
        /// The key's length in bytes.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// A text key's part is not followed by the delimiter.
    MissingDelimiter {
        /// The part before the missing delimiter.
        field: &'static str,
        /// Where the delimiter should be.
        offset: usize,
        /// The delimiter.
        delimiter: u8,
        /// The byte found instead, `None` at the end of the key.
        found: Option<u8>,
    },
    /// Bytes remain after the last field.
    TrailingBytes {
        /// The last field.
        field: &'static str,
        /// Where the extra bytes start.
        offset: usize,
        /// How many there are.
        len: usize,
    },
    /// A deterministic salt differs from the salt the key's fields hash to.
    SaltMismatch {
        /// `"salt"`.
        field: &'static str,
        /// Where the salt starts (0).
        offset: usize,
        /// The salt the fields hash to.
        expected: Vec<u8>,
        /// The salt in the key.
        found: Vec<u8>,
    },
    /// A bucket byte is not below the number of buckets.
    BucketOutOfRange {
        /// `"salt"`.
        field: &'static str,
        /// Where the bucket byte is.
        offset: usize,
        /// The bucket number found.
        bucket: u32,
        /// The number of buckets.
        buckets: u32,
    },
    /// A user [`KeyCodec`](crate::KeyCodec) rejected the bytes.
    Codec {
        /// The field.
        field: &'static str,
        /// Where the field starts.
        offset: usize,
        /// What went wrong.
        message: String,
    },
    /// A field that is another key (a FoundationDB nested tuple) does not decode: the field,
    /// and the nested key's own error, which names its field and the offset in this key.
    Nested {
        /// The field of this key.
        field: &'static str,
        /// The nested key's error, its offset counted in this key.
        inner: Box<DecodeError>,
    },
}

impl DecodeError {
    /// The field at fault (`"salt"` for the salt), or `None` when the error is about the whole
    /// key.
    pub fn field(&self) -> Option<&'static str> {
        Some(match self {
            DecodeError::Truncated { field, .. }
            | DecodeError::MissingTerminator { field, .. }
            | DecodeError::BadEscape { field, .. }
            | DecodeError::InvalidUtf8 { field, .. }
            | DecodeError::NotADigit { field, .. }
            | DecodeError::OutOfRange { field, .. }
            | DecodeError::Invalid { field, .. }
            | DecodeError::TrailingBytes { field, .. }
            | DecodeError::MissingDelimiter { field, .. }
            | DecodeError::SaltMismatch { field, .. }
            | DecodeError::BucketOutOfRange { field, .. }
            | DecodeError::ContainsDelimiter { field, .. }
            | DecodeError::BelowPad { field, .. }
            | DecodeError::LongerThanMax { field, .. }
            | DecodeError::Codec { field, .. }
            | DecodeError::Nested { field, .. } => field,
            DecodeError::KeyTooLong { .. } => return None,
        })
    }

    /// The byte offset in the key.
    pub fn offset(&self) -> usize {
        offset_of!(
            self, o => *o,
            KeyTooLong { max, .. } => *max,
            Nested { inner, .. } => inner.offset()
        )
    }

    /// The same error in a key that has `by` more bytes in front (a subspace's prefix, a
    /// nested tuple's start).
    ///
    /// ```
    /// use rowkey::DecodeError;
    ///
    /// let e = DecodeError::Truncated { field: "seq", offset: 4, needed: 2, available: 1 };
    /// assert_eq!(e.shifted(3).offset(), 7);
    /// ```
    pub fn shifted(mut self, by: usize) -> Self {
        self.shift(by);
        self
    }

    fn shift(&mut self, by: usize) {
        offset_of!(
            self, o => *o += by,
            KeyTooLong { .. } => (),
            Nested { inner, .. } => inner.shift(by)
        );
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(field) = self.field() else {
            return match self {
                DecodeError::KeyTooLong { len, max } => write!(
                    f,
                    "the key is {len} bytes long, over HBase's row key limit of {max} bytes"
                ),
                _ => Ok(()),
            };
        };
        if let DecodeError::Nested { inner, .. } = self {
            return write!(f, "field `{field}`, a nested key: {inner}");
        }
        write!(f, "field `{field}` at byte {}: ", self.offset())?;
        match self {
            DecodeError::Truncated {
                needed, available, ..
            } => write!(
                f,
                "needs {} but the key has {available} left",
                plural(*needed, "byte")
            ),
            DecodeError::MissingTerminator { .. } => {
                f.write_str("the key ends before the field's 00 01 terminator")
            }
            DecodeError::BadEscape { byte, .. } => write!(
                f,
                "escape byte 0x00 is followed by {}, expected 0xFF (an escaped 0x00) or 0x01 (the end)",
                show_byte(*byte)
            ),
            DecodeError::InvalidUtf8 { .. } => f.write_str("the string is not valid UTF-8"),
            DecodeError::NotADigit { byte, expected, .. } => {
                write!(f, "expected {expected}, found {}", show_byte(*byte))
            }
            DecodeError::OutOfRange { .. } => {
                f.write_str("the stored value is out of range for the field's type")
            }
            DecodeError::Invalid { expected, .. } => write!(f, "expected {expected}"),
            DecodeError::TrailingBytes { len, .. } => {
                write!(f, "{} after the last field", plural(*len, "unexpected byte"))
            }
            DecodeError::MissingDelimiter {
                delimiter, found, ..
            } => match found {
                Some(b) => write!(
                    f,
                    "expected the delimiter {} after the field, found {}",
                    show_byte(*delimiter),
                    show_byte(*b)
                ),
                None => write!(
                    f,
                    "expected the delimiter {} after the field, the key ends",
                    show_byte(*delimiter)
                ),
            },
            DecodeError::SaltMismatch {
                expected, found, ..
            } => write!(
                f,
                "the salt is {}, but the key's fields hash to {}",
                hex(found),
                hex(expected)
            ),
            DecodeError::BucketOutOfRange {
                bucket, buckets, ..
            } => write!(f, "bucket {bucket} is out of range for {buckets} buckets"),
            DecodeError::ContainsDelimiter { delimiter, .. } => write!(
                f,
                "the part contains the delimiter {}, which encode never writes inside a part",
                show_byte(*delimiter)
            ),
            DecodeError::BelowPad { byte, pad, .. } => write!(
                f,
                "{} is below the pad {}, which encode never writes",
                show_byte(*byte),
                show_byte(*pad)
            ),
            DecodeError::LongerThanMax { len, max, .. } => write!(
                f,
                "the value is {len} bytes long, over the field's `#[max({max})]` cap, which \
                 encode never writes"
            ),
            DecodeError::Codec { message, .. } => f.write_str(message),
            DecodeError::KeyTooLong { .. } | DecodeError::Nested { .. } => Ok(()),
        }
    }
}

impl std::error::Error for DecodeError {}

/// `1 byte`, `2 bytes`.
pub(crate) fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// A byte as a reader wants to see it: `'A' (0x41)` when printable ASCII, else `0x01`.
pub(crate) fn show_byte(b: u8) -> String {
    if (0x20..0x7F).contains(&b) {
        format!("{:?} (0x{b:02X})", char::from(b))
    } else {
        format!("0x{b:02X}")
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect()
}
