//! What every generated layout is to the driver: the [`Fuzz`] trait the build script
//! implements for each, the scan [`Query`] it makes, and how two of its keys compare as bytes.

use core::cmp::Ordering;
use core::fmt::Debug;

use rowkey::encodings::bigtable::RowKeySchema;
use rowkey::{EncodeError, RowKey, ScanPlan};

use crate::values::Values;

/// A generated layout: the derived key plus what the generator knows about it, written from
/// the README's rules rather than from rowkey's code.
pub trait Fuzz: RowKey + Clone + Debug + 'static {
    /// `L17`.
    const NAME: &'static str;
    /// The struct as generated, attributes included (printed on failure).
    const SOURCE: &'static str;
    /// Field names in key order.
    const FIELDS: &'static [&'static str];
    /// Bytes in front of the ordered part: the salt, and a text key's delimiter after it.
    const SKIP: usize;
    /// An md5 prefix salt (no buckets): a full scan returns rows in hash order.
    const HASH_PREFIX: bool;
    /// Buckets of a bucket salt (capped at 65535).
    const BUCKETS: Option<u16>;
    /// Leading fields whose order the README promises (all, but for a raw `#[java]` string,
    /// which has no terminator, and what follows it).
    const ORDERED: usize;

    /// The key's width when every field documents one width: `FIXED_LEN` must be it.
    const SAME_WIDTH: Option<usize> = None;
    /// The key's documented longest length, when every field documents one: `MAX_LEN` must
    /// be it, and [`Fuzz::longest`] reaches it.
    const MOST: Option<usize> = None;

    /// A key of [`Fuzz::MOST`] bytes.
    fn longest() -> Option<Self> {
        None
    }

    /// The salt bytes of bucket `b` as the README documents them (one byte; zero-padded
    /// decimal as wide as the largest bucket number, or the alphabet's character, in text).
    fn bucket_salt(b: u16) -> Vec<u8>;

    /// A key with values from `v`.
    fn generate(v: &mut Values) -> Self;
    /// True when `encode` must accept the key (every field within its documented rules; the
    /// whole-key length limit is checked apart).
    fn accepts(&self) -> bool;
    /// The first field, in key order, whose value its documented rules refuse.
    fn refused_field(&self) -> Option<&'static str>;
    /// This key with field `i` (in key order) of `other`.
    fn with_field_of(&self, other: &Self, i: usize) -> Self;
    /// The documented order of the keys (after the salt), over the first `ORDERED` fields.
    fn key_cmp(&self, other: &Self) -> Ordering;
    /// A random partial key over `keys`, its plan and the brute-force filter.
    fn query(v: &mut Values, keys: &[Self]) -> Query<Self>;

    /// The fields' values as data, in key order (see [`crate::dynamic`]).
    fn values(&self) -> Vec<rowkey::layout::Value>;

    /// A Bigtable layout: its declared `row_key_schema` and the values the schema must read
    /// from the key's bytes (see [`crate::schema`]).
    fn bigtable(&self) -> Option<(RowKeySchema, Vec<crate::schema::Value>)> {
        None
    }
}

/// A scan plan and what it must return.
pub struct Query<K> {
    /// The builder chain, for messages.
    pub what: String,
    /// The plan.
    pub plan: Result<ScanPlan, EncodeError>,
    /// The rows it must return.
    pub want: Box<dyn Fn(&K) -> bool>,
    /// False when a bound is a value the field refuses: the plan must be an error.
    pub valid: bool,
    /// The ranged field, when its range runs backwards in the field's documented order (and
    /// its bounds are valid): the plan must be `ReversedRange` naming it.
    pub reversed: Option<&'static str>,
    /// `full_scan()`.
    pub full: bool,
}

/// The same key: equal bytes, except the salt of a random salt, which each encode draws.
pub(crate) fn same_key<K: Fuzz>(a: &[u8], b: &[u8]) -> bool {
    match K::SALT {
        rowkey::salt::Salt::Random { .. } => {
            a.len() == b.len() && a.get(K::SKIP..) == b.get(K::SKIP..)
        }
        _ => a == b,
    }
}
