//! [`Subspace`]: a byte prefix every key of a table lives under, given at run time: a
//! FoundationDB subspace (a packed tuple) or directory (its short prefix), a tenant's prefix in
//! a shared table. Keys of any encoding live under one; encode, decode, scan plans, merges and
//! split points honour it.

use crate::__private::splits::SplitPoints;
use crate::error::{DecodeError, EncodeError, MAX_ROW_LENGTH};
use crate::key::RowKey;
use crate::{ScanPlan, ScanRange};

/// A prefix in front of every key of a layout. The subspace holds every key that starts with
/// its prefix: the subspaces that share a table must be prefix-free (no prefix begins another),
/// as FoundationDB's directory layer allocates them and as packed tuples of one shape are.
///
/// ```
/// use rowkey::{RowKey, Subspace};
///
/// #[derive(RowKey, Debug, PartialEq)]
/// #[salt(md5, buckets = 4, of = "id")]
/// struct Event { day: u32, id: u64 }
///
/// let tenant = Subspace::new(*b"acme/");
/// let key = tenant.encode(&Event { day: 7, id: 42 }).unwrap();
/// assert!(key.starts_with(b"acme/"));
/// assert_eq!(tenant.decode::<Event>(&key).unwrap(), Event { day: 7, id: 42 });
///
/// // A scan of one day: one range per bucket, every one under the prefix.
/// let plan = tenant.plan(&Event::scan().day(7).plan().unwrap());
/// assert_eq!(plan.ranges().len(), 4);
/// assert!(plan.ranges().iter().all(|r| r.start.starts_with(b"acme/")));
/// assert!(plan.contains(&key));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Subspace {
    prefix: Vec<u8>,
}

impl Subspace {
    /// The subspace of the keys that start with `prefix` (a FoundationDB directory's short
    /// prefix, a packed tuple, any bytes).
    pub fn new(prefix: impl Into<Vec<u8>>) -> Self {
        Subspace {
            prefix: prefix.into(),
        }
    }

    /// The subspace whose prefix is `key`'s bytes: with a FoundationDB tuple key, what the
    /// tuple layer calls the subspace of a packed tuple.
    ///
    /// ```
    /// use rowkey::{RowKey, Subspace};
    ///
    /// #[derive(RowKey)]
    /// struct App { id: u16 }
    ///
    /// let app = Subspace::of(&App { id: 3 }).unwrap();
    /// assert_eq!(app.prefix(), [0, 3]);
    /// ```
    pub fn of<K: RowKey>(key: &K) -> Result<Self, EncodeError> {
        Ok(Subspace::new(key.encode()?))
    }

    /// The subspace under this one whose prefix continues with `key`'s bytes.
    ///
    /// ```
    /// use rowkey::{RowKey, Subspace};
    ///
    /// #[derive(RowKey)]
    /// struct Part { n: u8 }
    ///
    /// let inner = Subspace::new(*b"t/").child(&Part { n: 9 }).unwrap();
    /// assert_eq!(inner.prefix(), b"t/\x09");
    /// ```
    pub fn child<K: RowKey>(&self, key: &K) -> Result<Self, EncodeError> {
        Ok(Subspace::new(self.encode(key)?))
    }

    /// The prefix.
    pub fn prefix(&self) -> &[u8] {
        &self.prefix
    }

    /// The row key of `key` in this subspace: the prefix, then `key`'s bytes; one allocation.
    /// The whole key is held to HBase's row key limit.
    pub fn encode<K: RowKey>(&self, key: &K) -> Result<Vec<u8>, EncodeError> {
        let mut out = Vec::with_capacity(self.prefix.len() + key.encoded_len());
        self.encode_into(key, &mut out)?;
        Ok(out)
    }

    /// Appends the row key of `key` in this subspace to `out`; on error `out` is left as it was.
    ///
    /// ```
    /// use rowkey::{EncodeError, RowKey, Subspace};
    ///
    /// #[derive(RowKey)]
    /// struct Name { name: String }
    ///
    /// let wide = Subspace::new(vec![7; 32_000]);
    /// let mut out = vec![1];
    /// let err = wide.encode_into(&Name { name: "x".repeat(800) }, &mut out).unwrap_err();
    /// assert_eq!(err, EncodeError::KeyTooLong { len: 32_800, max: 32_767 });
    /// assert_eq!(out, [1]);
    /// ```
    pub fn encode_into<K: RowKey>(&self, key: &K, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        let start = out.len();
        out.extend_from_slice(&self.prefix);
        let written = key.encode_into(out);
        let len = out.len() - start;
        match written {
            Ok(()) if len <= MAX_ROW_LENGTH => Ok(()),
            Ok(()) => {
                out.truncate(start);
                Err(EncodeError::KeyTooLong {
                    len,
                    max: MAX_ROW_LENGTH,
                })
            }
            // The row's length is the prefix's and the key's.
            Err(EncodeError::KeyTooLong { len, max }) => {
                out.truncate(start);
                Err(EncodeError::KeyTooLong {
                    len: self.prefix.len() + len,
                    max,
                })
            }
            Err(e) => {
                out.truncate(start);
                Err(e)
            }
        }
    }

    /// The key's bytes after the prefix, or an error naming the `subspace` and the first byte
    /// that differs from it.
    ///
    /// ```
    /// use rowkey::{DecodeError, Subspace};
    ///
    /// let s = Subspace::new(*b"ab");
    /// assert_eq!(s.strip(b"abc").unwrap(), b"c");
    /// assert!(matches!(s.strip(b"ax"), Err(DecodeError::Invalid { field: "subspace", offset: 1, .. })));
    /// assert!(matches!(s.strip(b"a"), Err(DecodeError::Truncated { field: "subspace", offset: 0, .. })));
    /// ```
    pub fn strip<'k>(&self, key: &'k [u8]) -> Result<&'k [u8], DecodeError> {
        let n = self.prefix.len();
        if let Some(at) = self.prefix.iter().zip(key).position(|(p, k)| p != k) {
            return Err(DecodeError::Invalid {
                field: "subspace",
                offset: at,
                expected: "the subspace's prefix",
            });
        }
        key.get(n..).ok_or(DecodeError::Truncated {
            field: "subspace",
            offset: 0,
            needed: n,
            available: key.len(),
        })
    }

    /// Decodes a row key of this subspace: the prefix checked, the rest decoded as `K`; errors
    /// give offsets in the whole key.
    pub fn decode<K: RowKey>(&self, key: &[u8]) -> Result<K, DecodeError> {
        let rest = self.strip(key)?;
        K::decode(rest).map_err(|e| e.shifted(self.prefix.len()))
    }

    /// [`decode`](Self::decode) without hashing a salt again (see
    /// [`RowKey::decode_unverified`]).
    pub fn decode_unverified<K: RowKey>(&self, key: &[u8]) -> Result<K, DecodeError> {
        let rest = self.strip(key)?;
        K::decode_unverified(rest).map_err(|e| e.shifted(self.prefix.len()))
    }

    /// True when `key` starts with the prefix.
    pub fn contains(&self, key: &[u8]) -> bool {
        key.starts_with(&self.prefix)
    }

    /// Every key of the subspace.
    ///
    /// ```
    /// let r = rowkey::Subspace::new(*b"t/").range();
    /// assert_eq!((r.start.as_slice(), r.stop.as_slice()), (&b"t/"[..], &b"t0"[..]));
    /// ```
    pub fn range(&self) -> ScanRange {
        ScanRange::prefix(&self.prefix)
    }

    /// `plan`'s rows in this subspace: each range under the prefix (an end of table becomes
    /// the end of the subspace); merging skips the prefix with the salt, so rows still come in
    /// the key's order.
    pub fn plan(&self, plan: &ScanPlan) -> ScanPlan {
        plan.under(&self.prefix)
    }

    /// `K::split_points(regions)` in this subspace: each point after the prefix. (The first
    /// region holds what sorts before the subspace, the last what sorts after it.) `K` is any
    /// derived key, with the facade's `splits` feature.
    ///
    /// ```
    /// use rowkey::{RowKey, Subspace};
    ///
    /// #[derive(RowKey)]
    /// #[salt(random, buckets = 4)]
    /// struct Hit { id: u64 }
    ///
    /// let points = Subspace::new(*b"t/").split_points::<Hit>(2).unwrap();
    /// assert_eq!(points, [b"t/\x02".to_vec()]);
    /// ```
    pub fn split_points<K: SplitPoints>(&self, regions: usize) -> Result<Vec<Vec<u8>>, K::Error> {
        Ok(K::split_points(regions)?
            .into_iter()
            .map(|p| [&self.prefix[..], &p].concat())
            .collect())
    }
}
