//! Salts: the bytes in front of a key that spread writes over regions.
//!
//! | salt | bytes | a reader who knows the `of` fields |
//! |---|---|---|
//! | [`Salt::Md5`] | the first `len` bytes of MD5 over the `of` fields' encoded bytes | rebuilds the salt: one range |
//! | [`Salt::Md5Buckets`] | one byte: `u32::from_be_bytes(md5[0..4]) % buckets` | rebuilds the bucket: one range |
//! | [`Salt::Xxh3Buckets`] | one byte: `xxh3_64(of fields) % buckets` (XXH3, 64 bits, seed 0) | rebuilds the bucket: one range |
//! | [`Salt::Phoenix`] | one byte: Phoenix's `abs(Arrays.hashCode(rest of key) % buckets)` | needs the whole key |
//! | [`Salt::JavaHash`] | `abs(Arrays.hashCode(of fields) % buckets)` over `width` bytes, as OpenTSDB's `getSaltBytes` writes it | rebuilds the salt: one range |
//! | [`Salt::OpenTsdb`] | the same, left zero when the first `of` field (the metric UID) is all zero | rebuilds the salt: one range |
//! | [`Salt::Random`] | one random byte below `buckets` | cannot: always one range per bucket |

use md5::{Digest, Md5};

/// The salt of a key layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Salt {
    /// No salt.
    None,
    /// The first `len` (1..=16) bytes of the MD5 of the `of` fields.
    Md5 {
        /// Bytes of the digest kept.
        len: u8,
    },
    /// One bucket byte from the MD5 of the `of` fields.
    Md5Buckets {
        /// Number of buckets, 1..=256.
        buckets: u16,
    },
    /// One bucket byte from XXH3 (64 bits, seed 0) of the `of` fields: a fast, specified
    /// non-cryptographic hash, about 20 times cheaper than MD5 on short keys.
    Xxh3Buckets {
        /// Number of buckets, 1..=256.
        buckets: u16,
    },
    /// Apache Phoenix's SALT_BUCKETS byte over the rest of the key.
    Phoenix {
        /// Number of buckets, 1..=256.
        buckets: u16,
    },
    /// A random bucket byte.
    Random {
        /// Number of buckets, 1..=256.
        buckets: u16,
    },
    /// Java's `Arrays.hashCode` of the `of` fields' bytes (`h = 31 * h + b` from 1, signed
    /// bytes), `abs(h % buckets)`, written over `width` bytes exactly as OpenTSDB's
    /// `RowKey.getSaltBytes` writes it: big-endian, a bucket wider than the salt losing its high
    /// bytes (and, past 4 bytes, Java's shift repeating the low ones).
    JavaHash {
        /// Number of buckets, 1..=2^31−1.
        buckets: u32,
        /// Salt bytes, 1..=8.
        width: u8,
    },
    /// OpenTSDB's salt (`RowKey.prefixKeyWithSalt`): [`Salt::JavaHash`] of the metric UID and
    /// the tags, except that a key whose first `of` field (the metric UID) is all zero bytes
    /// is left unsalted (its salt bytes zero), as OpenTSDB leaves its annotation rows.
    OpenTsdb {
        /// Number of buckets (`tsd.storage.salt.buckets`), 1..=2^31−1.
        buckets: u32,
        /// Salt bytes (`tsd.storage.salt.width`), 1..=8.
        width: u8,
    },
}

impl Salt {
    /// The salt's width in bytes.
    ///
    /// ```
    /// use rowkey::salt::Salt;
    /// assert_eq!(Salt::Md5 { len: 16 }.len(), 16);
    /// assert_eq!(Salt::Random { buckets: 8 }.len(), 1);
    /// assert_eq!(Salt::None.len(), 0);
    /// ```
    pub const fn len(&self) -> usize {
        match self {
            Salt::None => 0,
            Salt::Md5 { len } => *len as usize,
            Salt::Md5Buckets { .. }
            | Salt::Xxh3Buckets { .. }
            | Salt::Phoenix { .. }
            | Salt::Random { .. } => 1,
            Salt::JavaHash { width, .. } | Salt::OpenTsdb { width, .. } => *width as usize,
        }
    }

    /// True for [`Salt::None`].
    pub const fn is_empty(&self) -> bool {
        matches!(self, Salt::None)
    }

    /// The number of buckets of a bucket salt.
    pub const fn buckets(&self) -> Option<u32> {
        match self {
            Salt::Md5Buckets { buckets }
            | Salt::Xxh3Buckets { buckets }
            | Salt::Phoenix { buckets }
            | Salt::Random { buckets } => Some(*buckets as u32),
            Salt::JavaHash { buckets, .. } | Salt::OpenTsdb { buckets, .. } => Some(*buckets),
            Salt::None | Salt::Md5 { .. } => None,
        }
    }

    /// True when the salt is a function of the `of` fields (a reader who fixes them knows it).
    pub const fn hashes_fields(&self) -> bool {
        matches!(
            self,
            Salt::Md5 { .. }
                | Salt::Md5Buckets { .. }
                | Salt::Xxh3Buckets { .. }
                | Salt::JavaHash { .. }
                | Salt::OpenTsdb { .. }
        )
    }

    /// The salt bytes of bucket `bucket`: one byte, or OpenTSDB's `getSaltBytes` over the width.
    ///
    /// ```
    /// use rowkey::salt::Salt;
    /// assert_eq!(Salt::Random { buckets: 16 }.bucket_salt(7), [7]);
    /// assert_eq!(Salt::JavaHash { buckets: 1000, width: 2 }.bucket_salt(999), [0x03, 0xE7]);
    /// assert_eq!(Salt::JavaHash { buckets: 1000, width: 1 }.bucket_salt(999), [0xE7]);
    /// ```
    pub fn bucket_salt(&self, bucket: u32) -> Vec<u8> {
        let (bytes, n) = self.bucket_salt_bytes(bucket);
        bytes[..n].to_vec()
    }

    /// [`bucket_salt`](Self::bucket_salt) on the stack: the salt's bytes and how many.
    pub(crate) fn bucket_salt_bytes(&self, bucket: u32) -> ([u8; 16], usize) {
        match *self {
            Salt::JavaHash { width, .. } | Salt::OpenTsdb { width, .. } => {
                (salt_bytes(bucket, width), usize::from(width).min(16))
            }
            _ => {
                let mut out = [0u8; 16];
                out[0] = bucket as u8;
                (out, 1)
            }
        }
    }

    /// How many distinct salts a bucket salt writes: its bucket count, or fewer when its width
    /// is narrower than the bucket numbers (a `width = 1` salt writes at most 256, whatever
    /// the buckets); 0 for other salts.
    ///
    /// ```
    /// use rowkey::salt::Salt;
    /// assert_eq!(Salt::Md5Buckets { buckets: 16 }.distinct_salts(), 16);
    /// assert_eq!(Salt::JavaHash { buckets: 2_147_483_647, width: 1 }.distinct_salts(), 256);
    /// assert_eq!(Salt::JavaHash { buckets: 2_147_483_647, width: 8 }.distinct_salts(), 2_147_483_647);
    /// assert_eq!(Salt::Md5 { len: 16 }.distinct_salts(), 0);
    /// ```
    pub const fn distinct_salts(&self) -> u64 {
        let Some(buckets) = self.buckets() else {
            return 0;
        };
        let buckets = buckets as u64;
        match *self {
            // The salt is the bucket's low `width` bytes (big-endian, `getSaltBytes`).
            Salt::JavaHash { width, .. } | Salt::OpenTsdb { width, .. } if width < 4 => {
                let values = 1u64 << (8 * width as u32);
                if buckets < values {
                    buckets
                } else {
                    values
                }
            }
            _ => buckets,
        }
    }

    /// The distinct salts of a bucket salt, in bucket order: buckets `0..distinct_salts()`,
    /// each of which writes a salt no lower bucket writes. Empty for other salts. Costs one
    /// small vector per distinct salt: check [`distinct_salts`](Self::distinct_salts) first
    /// for wide salts.
    pub fn bucket_salts(&self) -> Vec<Vec<u8>> {
        (0..self.distinct_salts())
            .map(|b| self.bucket_salt(b as u32))
            .collect()
    }

    /// The `n`th (from 0) of the distinct salts in byte order, without listing them: what
    /// split points over billions of buckets need. `None` past the last one.
    ///
    /// ```
    /// use rowkey::salt::Salt;
    /// let wide = Salt::JavaHash { buckets: 1000, width: 6 };
    /// // Width 6 writes the bucket's low two bytes, then its four: byte order is by the low
    /// // bytes first.
    /// assert_eq!(wide.nth_salt(0).unwrap(), [0, 0, 0, 0, 0, 0]);
    /// assert_eq!(wide.nth_salt(1).unwrap(), [0, 1, 0, 0, 0, 1]);
    /// assert_eq!(wide.nth_salt(999).unwrap(), [0x03, 0xE7, 0, 0, 0x03, 0xE7]);
    /// assert_eq!(wide.nth_salt(1000), None);
    /// ```
    pub fn nth_salt(&self, n: u64) -> Option<Vec<u8>> {
        let count = self.distinct_salts();
        if n >= count {
            return None;
        }
        let bucket = match *self {
            // Past four bytes, `getSaltBytes` repeats the bucket's low bytes in front of its
            // four: salts sort by `bucket % 256^(width - 4)`, then by bucket.
            Salt::JavaHash { width, .. } | Salt::OpenTsdb { width, .. } if width > 4 => {
                let modulus = 1u64 << (8 * u32::from(width - 4)).min(32);
                let (per, extra) = (count / modulus, count % modulus);
                // Buckets whose residue is below `r`.
                let below = |r: u64| r * per + r.min(extra);
                // The largest residue with `below(r) <= n`.
                let (mut lo, mut hi) = (0u64, modulus.min(count));
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2;
                    if below(mid) <= n {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                lo + (n - below(lo)) * modulus
            }
            // The salt is the bucket's low bytes: byte order is bucket order.
            _ => n,
        };
        Some(self.bucket_salt(bucket as u32))
    }

    /// Checks salt bytes read from a key: a bucket that exists, written the way the salt writes
    /// it. Returns the bucket number found otherwise.
    #[doc(hidden)]
    #[inline(always)]
    pub fn check_bucket(&self, salt: &[u8]) -> Result<(), u32> {
        let Some(buckets) = self.buckets() else {
            return Ok(());
        };
        match *self {
            Salt::JavaHash { width, .. } | Salt::OpenTsdb { width, .. } => {
                // The bucket number is in the last (up to) 4 bytes; the rest follow from it.
                let low = usize::from(width).min(4);
                let v = salt[salt.len() - low..]
                    .iter()
                    .fold(0u32, |a, &b| (a << 8) | u32::from(b));
                let reachable = 1u64 << (8 * low);
                let in_range = u64::from(buckets) > reachable || v < buckets;
                if in_range && salt_bytes(v, width)[..salt.len()] == *salt {
                    Ok(())
                } else {
                    Err(v)
                }
            }
            _ => match salt.first() {
                Some(&b) if u32::from(b) < buckets => Ok(()),
                Some(&b) => Err(u32::from(b)),
                None => Ok(()),
            },
        }
    }

    /// Computes the salt from the `of` fields' encoded bytes (in `of` order) and the key bytes
    /// after the salt. Returns the salt bytes and their count.
    #[doc(hidden)]
    #[inline(always)]
    pub fn compute(&self, of: &[&[u8]], rest: &[u8]) -> ([u8; 16], usize) {
        let mut out = [0u8; 16];
        match *self {
            Salt::None => {}
            Salt::Md5 { len } => {
                out = md5(of);
                return (out, len as usize);
            }
            Salt::Md5Buckets { buckets } => out[0] = md5_bucket(of, buckets),
            Salt::Xxh3Buckets { buckets } => out[0] = xxh3_bucket(of, buckets),
            Salt::Phoenix { buckets } => out[0] = phoenix_bucket(rest, buckets),
            Salt::Random { buckets } => out[0] = random_bucket(buckets),
            Salt::JavaHash { buckets, width } => out = salt_bytes(java_bucket(of, buckets), width),
            Salt::OpenTsdb { buckets, width } => {
                // prefixKeyWithSalt leaves the salt of an all-zero metric UID zero.
                if !of
                    .first()
                    .is_some_and(|metric| metric.iter().all(|&b| b == 0))
                {
                    out = salt_bytes(java_bucket(of, buckets), width);
                }
            }
        }
        (out, self.len())
    }
}

/// The salt as its attribute spells it, without `of`: `md5, buckets = 16`.
///
/// ```
/// use rowkey::salt::Salt;
/// assert_eq!(Salt::Md5 { len: 4 }.to_string(), "md5, len = 4");
/// assert_eq!(Salt::JavaHash { buckets: 20, width: 2 }.to_string(), "java_hash, buckets = 20, width = 2");
/// ```
impl core::fmt::Display for Salt {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Salt::None => f.write_str("none"),
            Salt::Md5 { len } => write!(f, "md5, len = {len}"),
            Salt::Md5Buckets { buckets } => write!(f, "md5, buckets = {buckets}"),
            Salt::Xxh3Buckets { buckets } => write!(f, "xxh3, buckets = {buckets}"),
            Salt::Phoenix { buckets } => write!(f, "phoenix, buckets = {buckets}"),
            Salt::Random { buckets } => write!(f, "random, buckets = {buckets}"),
            Salt::JavaHash { buckets, width } => {
                write!(f, "java_hash, buckets = {buckets}, width = {width}")
            }
            Salt::OpenTsdb { buckets, width } => {
                write!(f, "opentsdb, buckets = {buckets}, width = {width}")
            }
        }
    }
}

/// OpenTSDB's `RowKey.getSaltBytes(bucket)` for a salt of `width` bytes: byte `width - i` is
/// `(byte) (bucket >>> 8(i-1))`, Java's `>>>` taking the shift modulo 32.
///
/// ```
/// let s = rowkey::salt::salt_bytes(0x0102_0304, 6);
/// assert_eq!(s[..6], [0x03, 0x04, 0x01, 0x02, 0x03, 0x04]);
/// ```
pub fn salt_bytes(bucket: u32, width: u8) -> [u8; 16] {
    let mut out = [0u8; 16];
    let w = usize::from(width).min(16);
    for i in 1..=w {
        let shift = (8 * (i - 1)) as u32 & 31;
        out[w - i] = (bucket >> shift) as u8;
    }
    out
}

/// OpenTSDB's bucket: `Arrays.hashCode` of the parts as one array, `% buckets`, made positive.
///
/// ```
/// // Arrays.hashCode([1, 2]) = (31 + 1) * 31 + 2 = 994; 994 % 20 = 14.
/// assert_eq!(rowkey::salt::java_bucket(&[&[1], &[2]], 20), 14);
/// ```
#[inline]
pub fn java_bucket(parts: &[&[u8]], buckets: u32) -> u32 {
    let h = parts.iter().fold(1u32, |h, p| java_hash_from(h, p));
    // Java: int modulo = hash % buckets; if (modulo < 0) modulo *= -1.
    ((h as i32) as i64 % i64::from(buckets.max(1))).unsigned_abs() as u32
}

/// How a text layout writes the salt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaltText {
    /// An md5 prefix as uppercase hex: 2 characters per byte (`8D4646EB...`).
    Hex,
    /// A bucket as zero-padded decimal of `width` digits (`07`).
    Decimal {
        /// Digits of the largest bucket number.
        width: u8,
    },
    /// A bucket as one character of the alphabet (`a`..`d`).
    Alphabet(&'static [u8]),
}

impl SaltText {
    /// Characters the salt takes.
    ///
    /// ```
    /// use rowkey::salt::{Salt, SaltText};
    /// assert_eq!(SaltText::Hex.width(Salt::Md5 { len: 16 }), 32);
    /// assert_eq!(SaltText::Decimal { width: 2 }.width(Salt::Random { buckets: 16 }), 2);
    /// ```
    pub const fn width(&self, salt: Salt) -> usize {
        match self {
            SaltText::Hex => 2 * salt.len(),
            SaltText::Decimal { width } => *width as usize,
            SaltText::Alphabet(_) => 1,
        }
    }

    /// Renders salt bytes as text into `out` (at least 32 bytes); returns the length.
    pub fn render(&self, salt: &[u8], out: &mut [u8]) -> usize {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        match self {
            SaltText::Hex => {
                for (i, b) in salt.iter().enumerate() {
                    out[2 * i] = HEX[usize::from(b >> 4)];
                    out[2 * i + 1] = HEX[usize::from(b & 15)];
                }
                2 * salt.len()
            }
            SaltText::Decimal { width } => {
                let mut x = salt.first().copied().unwrap_or(0);
                let n = usize::from(*width);
                for slot in out[..n].iter_mut().rev() {
                    *slot = b'0' + x % 10;
                    x /= 10;
                }
                n
            }
            SaltText::Alphabet(alphabet) => {
                let b = usize::from(salt.first().copied().unwrap_or(0));
                out[0] = alphabet.get(b).copied().unwrap_or(b'?');
                1
            }
        }
    }

    /// What the salt text holds, for the error on a byte that does not parse.
    pub(crate) fn expected(&self, found: u8) -> &'static str {
        match self {
            SaltText::Hex if found.is_ascii_hexdigit() => {
                "an uppercase hex digit: the md5 salt is written in uppercase (8D46..., not 8d46...)"
            }
            SaltText::Hex => "an uppercase hex digit of the md5 salt",
            SaltText::Decimal { .. } => "a decimal digit of the bucket number",
            SaltText::Alphabet(_) => "a character of the salt's alphabet",
        }
    }

    /// Parses rendered salt text back to salt bytes.
    pub fn parse(&self, text: &[u8]) -> Result<([u8; 16], usize), SaltTextError> {
        let mut out = [0u8; 16];
        match self {
            SaltText::Hex => {
                let digit = |i: usize| match text[i] {
                    c @ b'0'..=b'9' => Ok(c - b'0'),
                    c @ b'A'..=b'F' => Ok(c - b'A' + 10),
                    _ => Err(SaltTextError::Byte(i)),
                };
                for (i, slot) in out.iter_mut().enumerate().take(text.len() / 2) {
                    *slot = (digit(2 * i)? << 4) | digit(2 * i + 1)?;
                }
                Ok((out, text.len() / 2))
            }
            SaltText::Decimal { .. } => {
                let mut x: u16 = 0;
                for (i, &c) in text.iter().enumerate() {
                    if !c.is_ascii_digit() {
                        return Err(SaltTextError::Byte(i));
                    }
                    x = x.saturating_mul(10).saturating_add(u16::from(c - b'0'));
                }
                out[0] = u8::try_from(x).map_err(|_| SaltTextError::Bucket(x))?;
                Ok((out, 1))
            }
            SaltText::Alphabet(alphabet) => {
                let c = text.first().copied().ok_or(SaltTextError::Byte(0))?;
                let b = alphabet
                    .iter()
                    .position(|&a| a == c)
                    .ok_or(SaltTextError::Byte(0))?;
                out[0] = b as u8;
                Ok((out, 1))
            }
        }
    }
}

/// Why salt text did not parse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaltTextError {
    /// The byte at this index is not a digit / alphabet character.
    Byte(usize),
    /// A decimal bucket number that no bucket byte has.
    Bucket(u16),
}

/// MD5 over `parts` in order, as if concatenated.
///
/// ```
/// // The HBase book's salt for message 1231231 (MD5 of the ASCII id).
/// let digest = rowkey::salt::md5(&[b"1231231"]);
/// assert_eq!(digest[..4], [0x8D, 0x46, 0x46, 0xEB]);
/// ```
#[inline]
pub fn md5(parts: &[&[u8]]) -> [u8; 16] {
    let mut h = Md5::new();
    for part in parts {
        h.update(part);
    }
    h.finalize().into()
}

/// `u32::from_be_bytes(md5[0..4]) % buckets`.
///
/// ```
/// assert!(rowkey::salt::md5_bucket(&[b"1231231"], 16) < 16);
/// ```
#[inline]
pub fn md5_bucket(parts: &[&[u8]], buckets: u16) -> u8 {
    digest_bucket(&md5(parts), buckets)
}

/// The bucket of an MD5 digest: its first four bytes as a big-endian u32, mod `buckets`.
#[inline]
pub(crate) fn digest_bucket(d: &[u8; 16], buckets: u16) -> u8 {
    (u32::from_be_bytes([d[0], d[1], d[2], d[3]]) % u32::from(buckets.max(1))) as u8
}

/// Apache Phoenix's salt byte (`SaltingUtil.getSaltingByte`): Java's `Arrays.hashCode` over the
/// bytes as signed Java bytes with 32-bit wrap-around, then `abs(hash % buckets)` with Java's
/// truncating `%`.
///
/// ```
/// // Arrays.hashCode of [1] is 31 * 1 + 1 = 32; 32 % 3 = 2.
/// assert_eq!(rowkey::salt::phoenix_bucket(&[1], 3), 2);
/// ```
#[inline(always)]
pub fn phoenix_bucket(bytes: &[u8], buckets: u16) -> u8 {
    let hash = java_array_hash(bytes);
    // Java: (byte) Math.abs(hash % n). `%` truncates toward zero like Rust's for i32.
    (hash % i32::from(buckets.max(1))).unsigned_abs() as u8
}

/// `31^k` modulo 2^32, for `k` in `0..=8`.
const POW31: [u32; 9] = {
    let mut p = [1u32; 9];
    let mut k = 1;
    while k < 9 {
        p[k] = p[k - 1].wrapping_mul(31);
        k += 1;
    }
    p
};

/// Java's `Arrays.hashCode(byte[])`: `h = 31 * h + b` from 1, over signed bytes, wrapping.
///
/// Computed eight bytes at a time as `h·31⁸ + Σ bᵢ·31^(7−i)`, whose eight products are
/// independent (the compiler vectorizes them), instead of a chain of one multiply per byte.
///
/// ```
/// assert_eq!(rowkey::salt::java_array_hash(&[]), 1);
/// assert_eq!(rowkey::salt::java_array_hash(&[0xFF]), 31 - 1);
/// ```
#[inline(always)]
pub fn java_array_hash(bytes: &[u8]) -> i32 {
    java_hash_from(1, bytes) as i32
}

/// `Arrays.hashCode` continued over `bytes` from the running hash `h`.
#[inline(always)]
fn java_hash_from(mut h: u32, bytes: &[u8]) -> u32 {
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let mut t: u32 = 0;
        for j in 0..8 {
            t = t.wrapping_add((c[j] as i8 as i32 as u32).wrapping_mul(POW31[7 - j]));
        }
        h = h.wrapping_mul(POW31[8]).wrapping_add(t);
    }
    for &b in chunks.remainder() {
        h = h.wrapping_mul(31).wrapping_add(b as i8 as i32 as u32);
    }
    h
}

/// XXH3 (64 bits, seed 0) of `parts` as if concatenated, modulo `buckets`.
///
/// ```
/// // XXH3_64 of the empty input is 0x2D06800538D394C2 (xxHash's sanity vectors).
/// assert_eq!(rowkey::salt::xxh3(&[]), 0x2D06_8005_38D3_94C2);
/// assert_eq!(rowkey::salt::xxh3_bucket(&[], 16), 2);
/// ```
#[inline(always)]
pub fn xxh3_bucket(parts: &[&[u8]], buckets: u16) -> u8 {
    (xxh3(parts) % u64::from(buckets.max(1))) as u8
}

/// XXH3 (64 bits, seed 0) of `parts` as if concatenated: one call for one part.
#[inline(always)]
pub fn xxh3(parts: &[&[u8]]) -> u64 {
    match parts {
        [] => xxhash_rust::xxh3::xxh3_64(&[]),
        [one] => xxhash_rust::xxh3::xxh3_64(one),
        many => xxh3_streamed(many),
    }
}

#[inline(never)]
fn xxh3_streamed(parts: &[&[u8]]) -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3Default::new();
    for p in parts {
        h.update(p);
    }
    h.digest()
}

thread_local! {
    /// The random salt's generator state, per thread: seeded from the OS-seeded hasher keys
    /// std uses for `HashMap`, or by [`seed_random`].
    static RANDOM_STATE: std::cell::Cell<u64> = std::cell::Cell::new({
        use std::hash::{BuildHasher, Hasher};
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(0x9E37_79B9_7F4A_7C15);
        h.finish() | 1
    });
}

/// A random bucket below `buckets` (xorshift64*, one generator per thread; not for
/// cryptography).
pub fn random_bucket(buckets: u16) -> u8 {
    let x = RANDOM_STATE.with(|s| {
        let mut x = s.get();
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        s.set(x);
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    });
    ((x >> 32) % u64::from(buckets.max(1))) as u8
}

/// Seeds this thread's random salt: from here on, `#[salt(random)]` keys encoded on this
/// thread get the same buckets in every run. For simulations and tests that must repeat; a
/// writer in production keeps the OS-seeded default.
///
/// ```
/// rowkey::salt::seed_random(7);
/// let a: Vec<u8> = (0..8).map(|_| rowkey::salt::random_bucket(16)).collect();
/// rowkey::salt::seed_random(7);
/// let b: Vec<u8> = (0..8).map(|_| rowkey::salt::random_bucket(16)).collect();
/// assert_eq!(a, b);
/// ```
pub fn seed_random(seed: u64) {
    // xorshift needs a non-zero state; mix the seed so that small seeds differ a lot.
    let mixed = (seed ^ 0x9E37_79B9_7F4A_7C15).wrapping_mul(0xBF58_476D_1CE4_E5B9) | 1;
    RANDOM_STATE.with(|s| s.set(mixed));
}
