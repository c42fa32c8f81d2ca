//! The partial-key planner behind the generated scan builders: fixed fields and a range on the
//! next, encoded field by field, turned into the ranges of a [`ScanPlan`] (under every salt the
//! fixed fields leave possible). Hidden: only generated code uses it.

use core::cmp::Ordering;
use core::ops::{Bound, RangeBounds};

use super::plan::{ScanPlan, MAX_PLAN_RANGES};
use super::range::{prefix_stop, ScanRange};
use crate::error::EncodeError;
use crate::salt::{Salt, SaltText};

/// Maps a range bound through a field encoder.
#[doc(hidden)]
pub fn map_bound<T, O, E>(
    b: Bound<&T>,
    encode: impl Fn(&T) -> Result<O, E>,
) -> Bound<Result<O, E>> {
    match b {
        Bound::Included(v) => Bound::Included(encode(v)),
        Bound::Excluded(v) => Bound::Excluded(encode(v)),
        Bound::Unbounded => Bound::Unbounded,
    }
}

/// One interval of the ranged field's encoded bytes, in byte order. A range on a field is one
/// such interval, or two when the field's byte order is not monotone in its values (an `Option`
/// whose value is stored newest first: `None` sorts first, then `Some` from the newest).
#[derive(Debug, Clone)]
struct Segment {
    /// Bytes every key of the segment has right after the fixed fields (an `Option`'s `Some`
    /// tag); an unbounded side means "every such key".
    tag: Vec<u8>,
    lo: Bound<Enc>,
    hi: Bound<Enc>,
}

/// A field value's bytes as it appears in a partial key, for encodings that drop trailing
/// NULL fields (Phoenix): `bytes` as written when fields follow (separator included), and
/// `short`, the length of its form when it is the last field written (`None` for a NULL, which
/// is not written at all then). For every other encoding `short` is the whole length.
#[doc(hidden)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Enc {
    bytes: Vec<u8>,
    short: Option<usize>,
}

impl Enc {
    /// `bytes`, whose first `short` bytes are the value's form as the last field written.
    pub fn new(bytes: Vec<u8>, short: Option<usize>) -> Self {
        Enc { bytes, short }
    }
}

impl From<Vec<u8>> for Enc {
    fn from(bytes: Vec<u8>) -> Self {
        let short = Some(bytes.len());
        Enc { bytes, short }
    }
}

/// Encodes one field for a partial key of an encoding that drops trailing NULL fields: the
/// field as written when others follow, and the length of its form when written last
/// (`short`: `Some(len)` of that form, `None` when the value is NULL and is not written).
#[doc(hidden)]
pub fn encode_short(
    full: Result<Vec<u8>, EncodeError>,
    short: Option<usize>,
) -> Result<Enc, EncodeError> {
    full.map(|bytes| {
        let short = short.map(|n| n.min(bytes.len()));
        Enc { bytes, short }
    })
}

/// Where the keys that start with some bytes end, for the key's encoding.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrefixEnd {
    /// Any byte may follow a prefix: the keys end at HBase's closest next row key for it
    /// ([`prefix_stop`]).
    Increment,
    /// No `FF` byte follows a whole value (each ends with `00`, and `FF` only escapes a `00`
    /// inside one, and no value starts with `FF`: FoundationDB's tuple layer): the keys that
    /// start with `p` end before `p` + `FF`, which also keeps out the longer values `p` begins.
    BelowFf,
}

impl PrefixEnd {
    /// The first key after every key that starts with `p`.
    fn stop(self, p: &[u8]) -> Vec<u8> {
        match self {
            PrefixEnd::Increment => prefix_stop(p),
            PrefixEnd::BelowFf => [p, &[0xFF]].concat(),
        }
    }
}

/// Bounds on the encoded bytes of the ranged field.
#[derive(Debug, Clone)]
struct KeyBounds {
    segments: Vec<Segment>,
    /// The field is the last one, stored raw (no terminator).
    open: bool,
}

/// The state of a generated scan builder: the encoded fixed fields and the range on the next.
#[doc(hidden)]
#[derive(Debug, Clone)]
pub struct PartialKey {
    salt: Salt,
    text: Option<SaltText>,
    delimiter: u8,
    bytes: Vec<u8>,
    spans: Vec<(usize, usize)>,
    range: Option<KeyBounds>,
    error: Option<EncodeError>,
    /// The key length every match has, once a raw `#[java]` string is fixed.
    key_len: Option<usize>,
    /// The length of the shortest key with these fixed fields: `bytes.len()`, except where
    /// trailing NULL fields are dropped (Phoenix), where the key of the fixed fields alone ends
    /// after the last non-NULL one, in its last-field form.
    short: usize,
    /// The key of a struct whose every field is dropped (Bigtable's `00 00`), or the encoding
    /// that refuses to write it (an empty row key).
    empty_key: Result<&'static [u8], &'static str>,
    /// Where the keys that start with the fixed fields end.
    end: PrefixEnd,
    /// The layout fingerprint of the key whose builder this is.
    key: Option<u64>,
    /// The other branches of a set of values (`.device([3, 7])`): each a partial key of its
    /// own, with no branches. Empty without a set.
    more: Vec<PartialKey>,
    /// An empty set was given: the partial key matches nothing.
    none: bool,
    /// The raw `#[java]` string fixed with its key length (see `fix_raw`), for the error of a
    /// set whose values differ in length.
    raw_field: Option<&'static str>,
}

impl PartialKey {
    pub fn new(salt: Salt, text: Option<SaltText>, delimiter: u8) -> Self {
        PartialKey {
            salt,
            text,
            delimiter,
            bytes: Vec::with_capacity(32),
            spans: Vec::new(),
            range: None,
            error: None,
            key_len: None,
            short: 0,
            empty_key: Ok(&[]),
            end: PrefixEnd::Increment,
            key: None,
            more: Vec::new(),
            none: false,
            raw_field: None,
        }
    }

    /// Applies `f` to every branch (the partial key itself without a set). Generic only in
    /// its fast path: each call site of a builder instantiates it, so the branches' loop is
    /// one function for all (a generic loop cost each key's builder calls 3 G instructions
    /// to compile over 40 keys, `scripts/derive_cost.sh`).
    #[inline]
    pub fn each(self, f: impl Fn(PartialKey) -> PartialKey) -> Self {
        if self.more.is_empty() {
            return f(self);
        }
        self.each_branch(&f)
    }

    /// [`each`](Self::each) over a set's branches.
    fn each_branch(mut self, f: &dyn Fn(PartialKey) -> PartialKey) -> Self {
        let more = core::mem::take(&mut self.more);
        let mut first = f(self);
        first.more = more.into_iter().map(f).collect();
        first
    }

    /// The next field counted as given, without bytes: after an empty set, whose partial key
    /// matches nothing, so that a plan of every field is still a point plan (of no row).
    fn skipped(mut self) -> Self {
        let end = self.bytes.len();
        self.spans.push((end, end));
        self
    }

    /// Fixes the next field to each of `values` in turn: one branch per value and branch so
    /// far, repeats (equal bytes) once. No value leaves no branch: the plan has no range.
    pub fn each_of<V: core::borrow::Borrow<T>, T>(
        mut self,
        values: impl IntoIterator<Item = V>,
        fix: fn(PartialKey, &T) -> PartialKey,
    ) -> Self {
        if self.error.is_some() {
            return self;
        }
        if self.none {
            // Nothing matches already; the values are still checked, and the fields advance.
            let mut kept = None;
            for v in values {
                let fixed = fix(self.clone(), v.borrow());
                if fixed.error.is_some() {
                    return fixed;
                }
                kept.get_or_insert(fixed);
            }
            return kept.unwrap_or_else(|| self.skipped());
        }
        let more = core::mem::take(&mut self.more);
        let branches: Vec<PartialKey> = core::iter::once(self).chain(more).collect();
        let mut out: Vec<PartialKey> = Vec::new();
        for v in values {
            for b in &branches {
                let fixed = fix(b.clone(), v.borrow());
                if fixed.error.is_some() {
                    // The first value that cannot be encoded is the plan's error.
                    return fixed;
                }
                out.push(fixed);
            }
            if out.len() > MAX_PLAN_RANGES {
                // Deduplicated first: a long set of repeats is one branch.
                dedup_branches(&mut out);
                if out.len() > MAX_PLAN_RANGES {
                    let mut first = branches.into_iter().next().expect("one branch at least");
                    first.error = Some(EncodeError::TooManyValues {
                        values: out.len() as u64,
                        ranges: out.len() as u64,
                        max: MAX_PLAN_RANGES,
                    });
                    return first;
                }
            }
        }
        dedup_branches(&mut out);
        let mut it = out.into_iter();
        match it.next() {
            Some(mut first) => {
                first.more = it.collect();
                first
            }
            None => {
                let mut first = branches.into_iter().next().expect("one branch at least");
                first.none = true;
                first.skipped()
            }
        }
    }

    /// The builder of the key whose layout fingerprint is `fingerprint`: its plans say so
    /// ([`ScanPlan::is_for`]).
    pub fn of_key(mut self, fingerprint: u64) -> Self {
        self.key = Some(fingerprint);
        self
    }

    /// For an encoding whose key with every field dropped is `bytes`, not empty (Bigtable).
    pub fn with_empty_key(mut self, bytes: &'static [u8]) -> Self {
        self.empty_key = Ok(bytes);
        self
    }

    /// For an encoding whose values end with `00` and never continue with `FF` (see
    /// `PrefixEnd::BelowFf`).
    pub fn ending_below_ff(mut self) -> Self {
        self.end = PrefixEnd::BelowFf;
        self
    }

    /// For an encoding whose key with every field dropped would be empty, which it refuses
    /// ([`EncodeError::EmptyKey`]): a Get of that key is the error, and scans skip it.
    pub fn refusing_empty_key(mut self, encoding: &'static str) -> Self {
        self.empty_key = Err(encoding);
        self
    }

    /// Fixes the next field, a raw `#[java]` string that fields of `tail` fixed bytes follow:
    /// every matching key is the salt, the fields fixed so far, then `tail` bytes long.
    pub fn fix_raw(
        self,
        encoded: Result<Vec<u8>, EncodeError>,
        tail: Option<usize>,
        field: &'static str,
    ) -> Self {
        let mut key = self.fix_encoded(encoded, 0);
        key.key_len = tail.map(|t| key.salt_width() + key.bytes.len() + t);
        key.raw_field = Some(field);
        key
    }

    /// Fixes the next field to its encoded bytes; the last `trim` of them (a text layout's
    /// delimiter) are not part of the value the salt hashes.
    pub fn fix_encoded(mut self, encoded: Result<Vec<u8>, EncodeError>, trim: usize) -> Self {
        match encoded {
            Ok(bytes) if self.error.is_none() => {
                let start = self.bytes.len();
                self.bytes.extend_from_slice(&bytes);
                self.fixed(start, trim);
            }
            Ok(_) => {}
            Err(e) => {
                self.error.get_or_insert(e);
            }
        }
        self
    }

    /// [`fix_encoded`](Self::fix_encoded) of a value that `encode` (its format's
    /// `encode_alone_into`) appends as `(name, flip, last)` straight to the fixed bytes.
    pub fn fix_with<T>(
        mut self,
        encode: AppendEncoder<T>,
        v: &T,
        field: (&'static str, u8, bool),
        trim: usize,
    ) -> Self {
        if self.error.is_some() {
            return self;
        }
        let start = self.bytes.len();
        match encode(v, &mut self.bytes, field) {
            Ok(()) => self.fixed(start, trim),
            Err(e) => self.error = Some(e),
        }
        self
    }

    /// Records the field just appended from `start`: its span (less `trim` bytes of delimiter,
    /// not part of the value a salt hashes), and the fixed fields' shortest key.
    fn fixed(&mut self, start: usize, trim: usize) {
        self.spans
            .push((start, self.bytes.len().saturating_sub(trim)));
        self.short = self.bytes.len();
    }

    /// Fixes the next field of an encoding that drops trailing NULL fields (see [`Enc`]).
    pub fn fix_short(mut self, encoded: Result<Enc, EncodeError>) -> Self {
        match encoded {
            Ok(enc) if self.error.is_none() => {
                let start = self.bytes.len();
                self.bytes.extend_from_slice(&enc.bytes);
                self.spans.push((start, self.bytes.len()));
                if let Some(n) = enc.short {
                    self.short = start + n;
                }
            }
            Ok(_) => {}
            Err(e) => {
                self.error.get_or_insert(e);
            }
        }
        self
    }

    /// Bounds the next field by its encoded bounds, in value order. `descending` when its bytes
    /// sort against its values (`#[desc]` or `#[reverse_ts]`); `open` when it is the last field
    /// stored raw. A range that starts after it ends is [`EncodeError::ReversedRange`], its
    /// bounds rendered by `show` (called only then).
    pub fn range_encoded<E: Into<Enc>>(
        mut self,
        lo: Bound<Result<E, EncodeError>>,
        hi: Bound<Result<E, EncodeError>>,
        open: bool,
        descending: bool,
        show: Shown<'_>,
    ) -> Self {
        let (lo, hi) = (self.take(lo), self.take(hi));
        let (lo, hi) = if descending { (hi, lo) } else { (lo, hi) };
        if reversed(&lo, &hi, |a, b| a.bytes.cmp(&b.bytes)) {
            self.refuse_reversed(show);
        }
        self.range = Some(KeyBounds {
            segments: vec![Segment {
                tag: Vec::new(),
                lo,
                hi,
            }],
            open,
        });
        self
    }

    /// Bounds the next field, `name`, by `range`: each bound encoded by `encode`, rendered by
    /// `render` only if the range is reversed (see [`range_encoded`](Self::range_encoded)).
    #[allow(clippy::too_many_arguments)]
    pub fn range_with<T, E: Into<Enc>>(
        self,
        range: &impl RangeBounds<T>,
        encode: impl Fn(&T) -> Result<E, EncodeError>,
        open: bool,
        descending: bool,
        name: &'static str,
        render: impl Fn(&T) -> String,
    ) -> Self {
        self.range_encoded(
            map_bound(range.start_bound(), &encode),
            map_bound(range.end_bound(), &encode),
            open,
            descending,
            &|| show_field(name, range, &render),
        )
    }

    /// [`range_with`](Self::range_with) for a field written by `encode` (its format's
    /// `encode_alone`) as `(name, flip, last)`: no closure in the generated code.
    #[allow(clippy::too_many_arguments)]
    pub fn range_of<T>(
        self,
        range: &impl RangeBounds<T>,
        encode: Encoder<T>,
        (name, flip, last): (&'static str, u8, bool),
        open: bool,
        descending: bool,
        render: impl Fn(&T) -> String,
    ) -> Self {
        let encode = |v: &T| encode(v, name, flip, last);
        self.range_with(range, encode, open, descending, name, render)
    }

    /// Bounds an `Option` field whose value sorts newest first (`#[reverse_ts]`): `None`
    /// (stored `00`) sorts before every `Some`, and the `Some` values (after the tag
    /// `some_tag`) sort against their values, so the range becomes up to two segments: `None`
    /// if the range holds it, and the `Some` values it holds. `encode` writes a value as the
    /// field; both bounds are encoded (an invalid bound is an error even where it is not needed).
    pub fn range_option_encoded<T>(
        mut self,
        lo: Bound<&Option<T>>,
        hi: Bound<&Option<T>>,
        encode: impl Fn(&Option<T>) -> Result<Vec<u8>, EncodeError>,
        some_tag: u8,
        open: bool,
        show: Shown<'_>,
    ) -> Self {
        let some_lo = matches!(lo, Bound::Included(Some(_)) | Bound::Excluded(Some(_)));
        let holds_none = matches!(lo, Bound::Unbounded | Bound::Included(None))
            && !matches!(hi, Bound::Excluded(None));
        let holds_some = !matches!(hi, Bound::Included(None) | Bound::Excluded(None));
        let enc_lo = self.take(map_bound(lo, &encode));
        let enc_hi = self.take(map_bound(hi, &encode));
        // Value order: None first, then the Some values, whose bytes sort newest first.
        let order = |a: &Option<T>, b: &Option<T>| match (a, b) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Less,
            (Some(_), None) => Ordering::Greater,
            (Some(_), Some(_)) => match (encode(a), encode(b)) {
                (Ok(a), Ok(b)) => b.cmp(&a),
                _ => Ordering::Equal,
            },
        };
        if reversed(&lo, &hi, |a, b| order(a, b)) {
            self.refuse_reversed(show);
        }
        let mut segments = Vec::new();
        if holds_none {
            let none = self.take(Bound::Included(encode(&None)));
            segments.push(Segment {
                tag: Vec::new(),
                lo: none.clone(),
                hi: none,
            });
        }
        if holds_some {
            // Newest first: the upper value bound is the lower byte bound.
            segments.push(Segment {
                tag: vec![some_tag],
                lo: enc_hi,
                hi: if some_lo { enc_lo } else { Bound::Unbounded },
            });
        }
        self.range = Some(KeyBounds { segments, open });
        self
    }

    /// Keeps [`EncodeError::ReversedRange`] for `plan`, unless an error came first.
    fn refuse_reversed(&mut self, show: Shown<'_>) {
        if self.error.is_none() {
            let (field, start, end) = show();
            self.error = Some(EncodeError::ReversedRange { field, start, end });
        }
    }

    /// An encoded bound, or the first encoding error (kept for `plan`).
    fn take<E: Into<Enc>>(&mut self, b: Bound<Result<E, EncodeError>>) -> Bound<Enc> {
        match b {
            Bound::Included(Ok(e)) => Bound::Included(e.into()),
            Bound::Excluded(Ok(e)) => Bound::Excluded(e.into()),
            Bound::Unbounded => Bound::Unbounded,
            Bound::Included(Err(err)) | Bound::Excluded(Err(err)) => {
                self.error.get_or_insert(err);
                Bound::Unbounded
            }
        }
    }

    /// The plan of a scan over every key. Never fails: nothing is encoded, and a salt with
    /// more distinct values than [`MAX_PLAN_RANGES`] gets one range over the whole table.
    pub fn full(
        salt: Salt,
        text: Option<SaltText>,
        delimiter: u8,
        of: &[usize],
        fields: usize,
        fingerprint: u64,
    ) -> ScanPlan {
        let key = PartialKey::new(salt, text, delimiter).of_key(fingerprint);
        let salt_len = key.salt_width();
        key.plan(of, fields).unwrap_or_else(|_| ScanPlan {
            ranges: vec![ScanRange::all()],
            point: false,
            salt_len,
            key_len: None,
            key: Some(fingerprint),
        })
    }

    /// The plan. `of` lists the salt's field indices in hash order; `fields` is the key's
    /// field count. A set's branches are planned one by one and their ranges joined.
    pub fn plan(mut self, of: &[usize], fields: usize) -> Result<ScanPlan, EncodeError> {
        if self.more.is_empty() && !self.none {
            return self.plan_one(of, fields);
        }
        let more = core::mem::take(&mut self.more);
        if let Some(e) = core::iter::once(&self)
            .chain(&more)
            .find_map(|b| b.error.clone())
        {
            return Err(e);
        }
        let point = self.range.is_none() && self.spans.len() == fields;
        let salt_len = self.salt_width();
        let key = self.key;
        if self.none {
            return Ok(ScanPlan {
                ranges: Vec::new(),
                point,
                salt_len,
                key_len: None,
                key,
            });
        }
        // A point plan's rows are Gets: no length tells them apart.
        let key_len = if point { None } else { self.key_len };
        if let Some(other) = more.iter().find(|b| !point && b.key_len != key_len) {
            return Err(EncodeError::RawLengths {
                field: self.raw_field.unwrap_or(""),
                lengths: (self.bytes.len(), other.bytes.len()),
            });
        }
        let branches = 1 + more.len() as u64;
        let mut ranges = Vec::new();
        for (planned, b) in (1u64..).zip(core::iter::once(self).chain(more)) {
            ranges.extend(b.plan_one(of, fields)?.ranges);
            if ranges.len() > MAX_PLAN_RANGES {
                return Err(EncodeError::TooManyValues {
                    values: branches,
                    ranges: (ranges.len() as u64).div_ceil(planned) * branches,
                    max: MAX_PLAN_RANGES,
                });
            }
        }
        Ok(ScanPlan {
            ranges: union(ranges, salt_len, point),
            point,
            salt_len,
            key_len,
            key,
        })
    }

    /// The plan of one branch.
    fn plan_one(self, of: &[usize], fields: usize) -> Result<ScanPlan, EncodeError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let point = self.range.is_none() && self.spans.len() == fields;
        let p = &self.bytes;
        // The usual prefix scan (fixed fields, no range, nothing dropped): its one range is
        // borrowed from the fixed bytes, not copied once more before each salt copies it.
        let prefix_only = !point && self.range.is_none() && self.short == p.len() && !p.is_empty();
        let owned = if point {
            match (self.short, self.empty_key) {
                (0, Err(encoding)) => return Err(EncodeError::EmptyKey { encoding }),
                (0, Ok(empty)) => vec![ScanRange::row(empty)],
                (n, _) => vec![ScanRange::row(&p[..n])],
            }
        } else if prefix_only {
            Vec::new()
        } else {
            self.inner_ranges()
        };
        let prefix_stop = if prefix_only {
            self.end.stop(p)
        } else {
            Vec::new()
        };
        let one = [(&p[..], &prefix_stop[..])];
        let borrowed: Vec<(&[u8], &[u8])>;
        let inner: &[(&[u8], &[u8])] = if prefix_only {
            &one
        } else {
            borrowed = owned.iter().map(|r| (&r.start[..], &r.stop[..])).collect();
            &borrowed
        };
        let salt_len = self.salt_width();
        let mut ranges = Vec::new();
        // Inexact only while other fields follow the raw string; a Get is exact.
        let key_len = if point { None } else { self.key_len };
        if inner.is_empty() {
            return Ok(ScanPlan {
                ranges,
                point,
                salt_len,
                key_len,
                key: self.key,
            });
        }
        let known: Option<Vec<&[u8]>> = of
            .iter()
            .map(|&i| self.spans.get(i).map(|&(s, e)| &p[s..e]))
            .collect();
        // The salts to put in front of the inner ranges: one computed salt, or every bucket's.
        let (one, buckets): (Option<([u8; 16], usize)>, u64) = match self.salt {
            Salt::None => (Some(([0; 16], 0)), 0),
            salt if salt.hashes_fields() && known.is_some() => {
                (Some(self.salt.compute(&known.unwrap_or_default(), &[])), 0)
            }
            Salt::Phoenix { .. } if point => (Some(self.salt.compute(&[], &p[..self.short])), 0),
            // An md5 prefix whose fields are not fixed (only through `full_scan`): everything.
            Salt::Md5 { .. } => {
                return Ok(ScanPlan {
                    ranges: vec![ScanRange::all()],
                    point: false,
                    salt_len,
                    key_len,
                    key: self.key,
                })
            }
            // A bucket salt whose input is not known: every distinct salt of its buckets, as
            // long as the plan stays within the limit.
            salt => {
                let ranges = salt.distinct_salts().saturating_mul(inner.len() as u64);
                if ranges > MAX_PLAN_RANGES as u64 {
                    return Err(EncodeError::TooManyRanges {
                        salt,
                        ranges,
                        max: MAX_PLAN_RANGES,
                    });
                }
                (None, salt.distinct_salts())
            }
        };
        // Each range allocates its start and stop once, at their size; the plan's vector once.
        ranges.reserve_exact(inner.len() * (buckets.max(1) as usize));
        // Where a text salt is rendered: zeroed once, not once a bucket.
        let mut buf = [0u8; 48];
        let mut put = |salt: &[u8]| {
            let salt = self.salt_in_key(salt, &mut buf);
            // The same prefix on both bounds keeps their order: a range is empty under a salt
            // only if it is without one, and `inner_ranges` keeps no empty range.
            // Extended from a sized iterator, which writes each range in place.
            ranges.extend(inner.iter().map(|&(start, stop)| salted(salt, start, stop)));
        };
        let byte_buckets = !matches!(self.salt, Salt::JavaHash { .. } | Salt::OpenTsdb { .. });
        match (one, inner) {
            (Some((bytes, n)), _) => put(&bytes[..n]),
            // One binary byte per bucket over one range (a bucketed key's prefix scan): the
            // ranges come from a sized iterator, each written in place.
            (None, &[(start, stop)]) if byte_buckets && self.text.is_none() => {
                ranges.extend((0..buckets).map(|b| salted(&[b as u8], start, stop)));
            }
            (None, _) => {
                for b in 0..buckets {
                    match self.salt {
                        Salt::JavaHash { .. } | Salt::OpenTsdb { .. } => {
                            let (bytes, n) = self.salt.bucket_salt_bytes(b as u32);
                            put(&bytes[..n]);
                        }
                        // A one-byte bucket: no salt array built on the stack and reloaded.
                        _ => put(&[b as u8]),
                    }
                }
            }
        }
        Ok(ScanPlan {
            ranges,
            point,
            salt_len,
            key_len,
            key: self.key,
        })
    }

    /// Bytes the salt takes in the key: binary, or text plus the delimiter.
    fn salt_width(&self) -> usize {
        match self.text {
            None => self.salt.len(),
            Some(text) => text.width(self.salt) + 1,
        }
    }

    /// The salt as it appears in the key (binary, or rendered as text with the delimiter),
    /// in `buf` when it must be rendered.
    fn salt_in_key<'b>(&self, salt: &'b [u8], buf: &'b mut [u8; 48]) -> &'b [u8] {
        match self.text {
            None => salt,
            Some(text) => {
                let n = text.render(salt, &mut buf[..]);
                buf[n] = self.delimiter;
                &buf[..=n]
            }
        }
    }

    /// The ranges of key bytes after the salt, in byte order; none when the bounds exclude
    /// everything.
    fn inner_ranges(&self) -> Vec<ScanRange> {
        let p = &self.bytes;
        // Where trailing fields may be dropped, the key of the fixed fields alone is shorter
        // than their full form `p`. When only 00 bytes (NULL separators) lie between the two, no
        // other key sorts in between and one range holds both; otherwise (HBase's DESC NULL is
        // FA, an empty Bigtable field 00 00 00 01) the short key is a row of its own.
        let short = Short {
            len: self.short,
            key: match (self.short, self.empty_key) {
                (0, Ok(empty)) => Some(empty),
                (0, Err(_)) => None,
                (n, _) => Some(&p[..n]),
            },
            apart: !p[self.short..].iter().all(|&b| b == 0),
        };
        let Some(KeyBounds { segments, open }) = &self.range else {
            return match short.key {
                Some(key) if short.apart => vec![
                    ScanRange::row(key),
                    ScanRange {
                        start: p.to_vec(),
                        stop: self.end.stop(p),
                    },
                ],
                Some(_) => vec![ScanRange {
                    start: p[..self.short].to_vec(),
                    stop: self.end.stop(p),
                }],
                None => vec![ScanRange {
                    start: p.to_vec(),
                    stop: self.end.stop(p),
                }],
            };
        };
        segments
            .iter()
            .flat_map(|segment| segment_ranges(p, &short, segment, *open, self.end))
            .filter(|r| !r.is_empty())
            .collect()
    }
}

/// Sorts a set's branches by their fixed bytes and keeps one of each: equal bytes are equal
/// values (decode is canonical), and every branch takes the same fields after.
fn dedup_branches(branches: &mut Vec<PartialKey>) {
    branches.sort_by(|a, b| a.bytes.cmp(&b.bytes));
    branches.dedup_by(|a, b| a.bytes == b.bytes);
}

/// The ranges of a set's branches as one plan's: in byte order, repeats once, and for a scan
/// the ranges that overlap or touch under one salt joined (a point plan's rows stay apart: each
/// is a Get).
fn union(mut ranges: Vec<ScanRange>, salt_len: usize, point: bool) -> Vec<ScanRange> {
    // An empty stop is the end of the table: after every other stop.
    let stop_key = |r: &ScanRange| (r.stop.is_empty(), r.stop.clone());
    ranges.sort_by(|a, b| {
        a.start
            .cmp(&b.start)
            .then_with(|| stop_key(a).cmp(&stop_key(b)))
    });
    ranges.dedup();
    if point {
        return ranges;
    }
    let mut out: Vec<ScanRange> = Vec::with_capacity(ranges.len());
    for r in ranges {
        if let Some(last) = out.last_mut() {
            let one_salt = last.start.get(..salt_len) == r.start.get(..salt_len);
            let touches = last.stop.is_empty() || r.start <= last.stop;
            if one_salt && touches {
                if !last.stop.is_empty() && (r.stop.is_empty() || r.stop > last.stop) {
                    last.stop = r.stop;
                }
                continue;
            }
        }
        out.push(r);
    }
    out
}

/// The shortest key of a partial key's fixed fields (the ranged field and every field after
/// it dropped), and whether other keys sort between it and the fixed fields' full form.
struct Short<'a> {
    /// Bytes of the full form it keeps.
    len: usize,
    /// The key itself (an encoding's empty key when nothing is kept); `None` when the
    /// encoding refuses to write it.
    key: Option<&'a [u8]>,
    /// True when it must be a row of its own.
    apart: bool,
}

/// The key bytes of one segment of a ranged field after the fixed fields `p`; none when the
/// bounds exclude every key. Two ranges when the segment starts at the short key and that key
/// sorts apart from the others (see [`Short`]).
fn segment_ranges(
    p: &[u8],
    short: &Short<'_>,
    segment: &Segment,
    open: bool,
    end: PrefixEnd,
) -> Vec<ScanRange> {
    let joined = |e: &[u8]| [p, e].concat();
    // The first key with this value: its last-field form, or for a NULL the short key.
    let first = |e: &Enc| match e.short {
        Some(n) => joined(&e.bytes[..n]),
        None => p[..short.len].to_vec(),
    };
    // The first key after every key that has this field value.
    let after = |e: &[u8]| {
        if open {
            let mut k = joined(e);
            k.push(0);
            k
        } else {
            end.stop(&joined(e))
        }
    };
    let tagged = joined(&segment.tag);
    // Where the segment starts at the short key: the first key that writes the field.
    let written = match &segment.lo {
        Bound::Unbounded if segment.tag.is_empty() => Some(tagged.clone()),
        Bound::Included(e) if e.short.is_none() => Some(joined(&e.bytes)),
        _ => None,
    };
    let start = match &segment.lo {
        Bound::Unbounded if segment.tag.is_empty() => p[..short.len].to_vec(),
        Bound::Unbounded => tagged.clone(),
        Bound::Included(e) => first(e),
        Bound::Excluded(e) => {
            let s = after(&e.bytes);
            if s.is_empty() {
                // Nothing sorts after a value whose keys run to the end of the table.
                return Vec::new();
            }
            s
        }
    };
    let stop = match &segment.hi {
        Bound::Unbounded => end.stop(&tagged),
        Bound::Excluded(e) => {
            let s = first(e);
            if s.is_empty() {
                // Below the empty key there is nothing; an empty stop would mean the end.
                return Vec::new();
            }
            s
        }
        Bound::Included(e) => after(&e.bytes),
    };
    match (written, short.key) {
        // The short key, then the keys that write the field: what sorts between them (an HBase
        // DESC NULL's FA is above a DESC value's header) is not in the range.
        (Some(written), Some(key)) if short.apart => {
            let row = (stop.is_empty() || key < &stop[..]).then(|| ScanRange::row(key));
            row.into_iter()
                .chain([ScanRange {
                    start: written,
                    stop,
                }])
                .collect()
        }
        // The short key is no key: the rows start with the field.
        (Some(written), None) => vec![ScanRange {
            start: written,
            stop,
        }],
        _ => vec![ScanRange { start, stop }],
    }
}

/// A format's `encode_alone_into` for values of `T`: `(value, out, (field name, flip, last))`.
#[doc(hidden)]
pub type AppendEncoder<T> =
    fn(&T, &mut Vec<u8>, (&'static str, u8, bool)) -> Result<(), EncodeError>;

/// A format's `encode_alone` for values of `T`: `(value, field name, flip, last)`.
#[doc(hidden)]
pub type Encoder<T> = fn(&T, &'static str, u8, bool) -> Result<Vec<u8>, EncodeError>;

/// The field's name and its range's bounds as text (`>= 100`, `< 10`), for
/// [`EncodeError::ReversedRange`]: rendered only when a range is refused.
#[doc(hidden)]
pub type Shown<'a> = &'a dyn Fn() -> (&'static str, String, String);

/// The text of a range's bounds, each value rendered by `render`: `(">= 100", "< 10")`.
#[doc(hidden)]
pub fn show_range<T>(
    lo: Bound<&T>,
    hi: Bound<&T>,
    render: impl Fn(&T) -> String,
) -> (String, String) {
    let side = |b: Bound<&T>, inclusive: &str, exclusive: &str| match b {
        Bound::Included(v) => format!("{inclusive} {}", render(v)),
        Bound::Excluded(v) => format!("{exclusive} {}", render(v)),
        Bound::Unbounded => String::from("unbounded"),
    };
    (side(lo, ">=", ">"), side(hi, "<=", "<"))
}

/// [`show_range`] of a range on the field `name`, for a builder's [`Shown`].
#[doc(hidden)]
pub fn show_field<T, R: RangeBounds<T>>(
    name: &'static str,
    range: &R,
    render: impl Fn(&T) -> String,
) -> (&'static str, String, String) {
    let (lo, hi) = show_range(range.start_bound(), range.end_bound(), render);
    (name, lo, hi)
}

/// True when the bounds hold no value because the range runs backwards: its start after its
/// end, or both ends excluded at one value (the ranges std's `BTreeMap::range` panics on). An
/// empty range (`5..5`) is not reversed.
fn reversed<T>(lo: &Bound<T>, hi: &Bound<T>, cmp: impl Fn(&T, &T) -> Ordering) -> bool {
    match (lo, hi) {
        (Bound::Included(a) | Bound::Excluded(a), Bound::Included(b) | Bound::Excluded(b)) => {
            match cmp(a, b) {
                Ordering::Greater => true,
                Ordering::Equal => {
                    matches!((lo, hi), (Bound::Excluded(_), Bound::Excluded(_)))
                }
                Ordering::Less => false,
            }
        }
        _ => false,
    }
}

/// The range `start..stop` (an empty stop: the end of the table) under the salt bytes `salt`:
/// one allocation each for the start and the stop.
#[inline(always)]
fn salted(salt: &[u8], start: &[u8], stop: &[u8]) -> ScanRange {
    let join = |a: &[u8], b: &[u8]| {
        let mut v = Vec::with_capacity(a.len() + b.len());
        v.extend_from_slice(a);
        v.extend_from_slice(b);
        v
    };
    let stop = if stop.is_empty() {
        prefix_stop(salt)
    } else {
        join(salt, stop)
    };
    ScanRange {
        start: join(salt, start),
        stop,
    }
}
