//! [`RowKey`]: the trait `#[derive(RowKey)]` implements, and the helpers its generated code
//! calls.

use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError, MAX_ROW_LENGTH};
use crate::salt::{Salt, SaltText, SaltTextError};

/// Calls `$call::<K, N>($args)` with `N` the key's [`stack_len`], a constant: a `match` on it
/// whose arms are every length up to [`STACK_KEY`], since a generic function cannot size an
/// array by `K`'s constant. The compiler instantiates the one arm the constant takes, in
/// debug builds too (it skips the arms of a `match` on a constant), so this costs a key one
/// function, and nothing where the key is only declared.
macro_rules! by_stack_len {
    ($k:ident, $call:ident $args:tt, $none:expr) => {
        by_stack_len!(@arms $k, $call $args, $none;
            1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
            32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59
            60 61 62 63 64)
    };
    (@arms $k:ident, $call:ident $args:tt, $none:expr; $($n:literal)*) => {
        match const { stack_len($k::MAX_LEN) } {
            $($n => $call::<$k, $n> $args,)*
            _ => $none,
        }
    };
}

// `by_stack_len!`'s arms are every length `stack_len` can return but 0.
const _: () = assert!(STACK_KEY == 64);

/// A struct that is a row key. Derive it; do not implement it by hand.
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey, Debug, PartialEq)]
/// struct MessageKey {
///     date: u32,
///     time: u32,
///     message_id: u64,
/// }
///
/// let k = MessageKey { date: 230611, time: 63031, message_id: 1231231 };
/// let bytes = k.encode().unwrap();
/// assert_eq!(bytes.len(), 16);
/// assert_eq!(MessageKey::FIXED_LEN, Some(16));
/// assert_eq!(MessageKey::decode(&bytes).unwrap(), k);
///
/// let mut buf = Vec::with_capacity(64);
/// k.encode_into(&mut buf).unwrap();
/// assert_eq!(buf, bytes);
/// ```
pub trait RowKey: Sized {
    /// `Some(n)` when every key of this layout is exactly `n` bytes.
    const FIXED_LEN: Option<usize>;
    /// The longest key of this layout, `None` when a field is unbounded.
    const MAX_LEN: Option<usize>;
    /// The key's salt (`#[salt(...)]`), [`Salt::None`] without one.
    const SALT: Salt = Salt::None;
    /// How a text layout writes the salt; `None` for binary keys.
    const SALT_TEXT: Option<SaltText> = None;
    /// The delimiter of a text layout (`#[rowkey(delimiter = ":")]`).
    const DELIMITER: Option<u8> = None;
    /// Changes whenever an edit to the struct can change the bytes of its keys (field order,
    /// types, attributes, salt, encoding) and not when a field is renamed: pin it in a test. See
    /// [`Layout`](crate::layout::Layout).
    const LAYOUT_FINGERPRINT: u64;

    /// The layout as a value: encoding, salt, fields with their types, attributes, widths and
    /// offsets. Its `Display` is a one-line description.
    fn layout() -> crate::layout::Layout;

    /// `(radix, digits, largest value of the type)` when the key starts with the digits of a
    /// `#[hex(N)]` or `#[decimal(N)]` field.
    #[doc(hidden)]
    const LEADING_DIGITS: Option<(u32, usize, u128)> = None;

    /// The exact length of [`encode`](Self::encode)'s output.
    fn encoded_len(&self) -> usize;

    /// Writes every part of the key; called by `encode` and `encode_into` with a buffer of
    /// exactly [`encoded_len`](Self::encoded_len) bytes.
    #[doc(hidden)]
    fn encode_parts(&self, w: &mut Writer<'_>) -> Result<(), EncodeError>;

    /// Encodes the key into a new vector, allocating exactly once with exact capacity.
    #[inline]
    fn encode(&self) -> Result<Vec<u8>, EncodeError> {
        by_stack_len!(Self, encode_stacked(self), encode_in_place(self))
    }

    /// Appends the key to `out`; allocates nothing when `out` has room. On error `out` is left
    /// as it was.
    // Always inlined, with the bounded keys' arm (`encode_into_stacked`) only `#[inline]`:
    // the compiler then writes for every key the machine code the derive's own `encode_into`
    // compiled to (checked function by function for eight layouts, `rustc --emit asm`). Any
    // other split measured slower: the bounded arm inlined here kept the zeroing of the room
    // the key overwrites (the message key 1.28x its floor), this method `#[inline]` laid out
    // the metric key's loop worse (1.41x against 1.17x; `cargo bench --bench ratios encode_into`).
    #[inline(always)]
    fn encode_into(&self, out: &mut Vec<u8>) -> Result<(), EncodeError> {
        by_stack_len!(Self, encode_into_stacked(self, out), {
            if let Some(r) = encode_into_try(self, out) {
                return r;
            }
            encode_into_in_place(self, out)
        })
    }

    /// Decodes a key, checking every byte: trailing bytes, bad escapes, invalid UTF-8 and
    /// out-of-range values are errors naming the field and offset. Never panics.
    ///
    /// A deterministic salt is verified: the `of` fields are hashed again and compared with
    /// the salt in the key (`DecodeError::SaltMismatch`). That costs one MD5 for an md5 salt
    /// (about 100 ns, most of the decode), one XXH3 or Phoenix hash (a few ns) for the others.
    /// Rows a store returned were salted when they were written: decode them with
    /// [`decode_unverified`](Self::decode_unverified).
    #[inline]
    fn decode(key: &[u8]) -> Result<Self, DecodeError> {
        decode_sized(key, true)
    }

    /// Decodes a key without hashing its salt again: for rows a store returned, whose salt was
    /// computed when they were written. Everything else is checked as in
    /// [`decode`](Self::decode): lengths, escapes, terminators, UTF-8, ranges, and a bucket
    /// byte's range; it never panics. Only a key whose salt was forged or corrupted decodes
    /// here and not in `decode`.
    ///
    /// ```
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey, Debug, PartialEq)]
    /// #[salt(md5, buckets = 16, of = "id")]
    /// struct Event { day: u32, id: u64 }
    ///
    /// let mut row = Event { day: 1, id: 7 }.encode().unwrap();
    /// assert_eq!(Event::decode_unverified(&row).unwrap(), Event { day: 1, id: 7 });
    /// row[0] = (row[0] + 1) % 16; // another bucket: decode notices, decode_unverified does not
    /// assert!(Event::decode(&row).is_err());
    /// assert!(Event::decode_unverified(&row).is_ok());
    /// row[0] = 16; // out of range: both refuse
    /// assert!(Event::decode_unverified(&row).is_err());
    /// ```
    #[inline]
    fn decode_unverified(key: &[u8]) -> Result<Self, DecodeError> {
        decode_sized(key, false)
    }

    /// Decodes, verifying a deterministic salt when `verify_salt`.
    #[doc(hidden)]
    fn decode_checked(key: &[u8], verify_salt: bool) -> Result<Self, DecodeError>;

    /// One line per part of `key`: name, offset, raw bytes and decoded value; on a malformed
    /// key, the parts that decoded, then the error and the unread bytes.
    fn explain(key: &[u8]) -> String;
}

/// `decode_checked`, with an unsalted key of a fixed-width layout, of the right length, read
/// from a slice whose length the compiler knows, so the fields' bounds checks fold away. Salted
/// keys keep one copy of the body (two would no longer be inlined). Here rather than in each
/// derived `decode_checked`, where it cost a closure per key to compile. Not in debug builds,
/// which optimize nothing and would compile the (always inlined) body twice.
#[inline(always)]
fn decode_sized<K: RowKey>(key: &[u8], verify_salt: bool) -> Result<K, DecodeError> {
    match K::FIXED_LEN {
        Some(n)
            if !cfg!(debug_assertions)
                && n <= 64
                && matches!(K::SALT, Salt::None)
                && key.len() == n =>
        {
            K::decode_checked(&key[..n], verify_salt)
        }
        _ => K::decode_checked(key, verify_salt),
    }
}

/// Keys whose `MAX_LEN` is at most this many bytes are built in a stack buffer and copied
/// once (the fastest form measured for short keys); longer or unbounded keys are written in
/// place. Not more: a capped string key of at most 202 bytes (37 written) was a third slower
/// through a stack buffer of its `MAX_LEN` than in place (`cargo bench --bench ratios`).
pub const STACK_KEY: usize = 64;

/// The stack buffer size for a key of this maximum length, 0 when the key is not stack-built.
const fn stack_len(max_len: Option<usize>) -> usize {
    match max_len {
        Some(n) if n <= STACK_KEY => n,
        _ => 0,
    }
}

/// The width of a key's salt prefix, a text layout's delimiter after it included: the bytes
/// a stack-built key copies apart from its fields (see [`encode_stacked`]).
const fn salt_prefix<K: RowKey>() -> usize {
    if K::SALT.is_empty() {
        return 0;
    }
    let width = match K::SALT_TEXT {
        Some(text) => text.width(K::SALT),
        None => K::SALT.len(),
    };
    width + K::DELIMITER.is_some() as usize
}

/// `RowKey::encode` of a key of at most `MAX` bytes: built in a stack buffer and copied once
/// into a vector of its length. The salt is written last, over its placeholder: it is copied
/// apart from the fields, so that no wide load spans that late narrow store (a
/// store-forwarding stall).
#[inline(always)]
fn encode_stacked<K: RowKey, const MAX: usize>(key: &K) -> Result<Vec<u8>, EncodeError> {
    let mut buf = [0u8; MAX];
    let n = encode_stack(key, &mut buf)?;
    let mut out = Vec::with_capacity(n);
    append_built::<K>(&mut out, &buf, n);
    Ok(out)
}

/// Appends the first `n` bytes of a key built in `buf`, its salt prefix apart from its fields
/// (see [`encode_stacked`]).
#[inline(always)]
fn append_built<K: RowKey>(out: &mut Vec<u8>, buf: &[u8], n: usize) {
    let salt = const { salt_prefix::<K>() };
    out.extend_from_slice(&buf[..salt]);
    out.extend_from_slice(&buf[salt..n]);
}

/// `encode_into` of a key of at most `MAX` bytes: written straight into `out` when it has
/// room for `MAX` more (see [`encode_into_room`]), else built in a stack buffer and appended
/// (see [`encode_stacked`]). `#[inline]`, not always: see `RowKey::encode_into`.
#[inline]
fn encode_into_stacked<K: RowKey, const MAX: usize>(
    key: &K,
    out: &mut Vec<u8>,
) -> Result<(), EncodeError> {
    if let Some(r) = encode_into_room(key, out, MAX) {
        return r;
    }
    let mut buf = [0u8; MAX];
    let n = encode_stack(key, &mut buf)?;
    append_built::<K>(out, &buf, n);
    Ok(())
}

/// Writes `key` into `buf` (of `K::MAX_LEN` bytes) and returns the length written.
#[inline(always)]
fn encode_stack<K: RowKey>(key: &K, buf: &mut [u8]) -> Result<usize, EncodeError> {
    let mut w = Writer::new(buf);
    key.encode_parts(&mut w)?;
    finish_built(key, &w)
}

/// The length of a key built in a buffer at least as long as it: an error if the codecs wrote
/// past the buffer. The key is what the codecs wrote, whatever `encoded_len` said: the length
/// promise is not used here, so it costs its pass only in debug builds (where a codec that
/// breaks it is caught); keys written in place use it, and check it always.
#[inline(always)]
fn finish_built<K: RowKey>(key: &K, w: &Writer<'_>) -> Result<usize, EncodeError> {
    let len = if cfg!(debug_assertions) {
        key.encoded_len()
    } else {
        w.position()
    };
    w.finish_within(len)?;
    Ok(w.position())
}

/// `encode_into` of a key of at most `max` bytes, written straight into `out` when it has room
/// for `max` more (`None` when not): zeroed in one fixed-size fill, written, cut to length. No
/// stack buffer to copy from, so no wide load of the copy meets the narrow stores that wrote
/// it (a store-forwarding stall per load: measured at three quarters of a FoundationDB
/// integer key's encode).
#[inline(always)]
fn encode_into_room<K: RowKey>(
    key: &K,
    out: &mut Vec<u8>,
    max: usize,
) -> Option<Result<(), EncodeError>> {
    encode_in_room(key, out, max, false)
}

/// How much of `encode_into`'s buffer a key of unbounded or long `MAX_LEN` is first tried in.
pub const TRY_ROOM: usize = 128;

/// `encode_into` of a key of unbounded or long `MAX_LEN`, tried in the first [`TRY_ROOM`]
/// bytes of `out`'s spare capacity without measuring it first: `None` when `out` has less
/// room or the key did not fit (then nothing was written, and the key is written in place at
/// its `encoded_len`). The length promise is checked in debug builds, as for stack-built keys.
#[inline(always)]
fn encode_into_try<K: RowKey>(key: &K, out: &mut Vec<u8>) -> Option<Result<(), EncodeError>> {
    encode_in_room(key, out, TRY_ROOM, true)
}

/// Writes `key` into `room` zeroed bytes at the end of `out` and cuts `out` to it. `None`, with
/// `out` as it was, when `out` has less spare capacity, or when the key did not fit and
/// `retry` (otherwise that is the error).
#[inline(always)]
fn encode_in_room<K: RowKey>(
    key: &K,
    out: &mut Vec<u8>,
    room: usize,
    retry: bool,
) -> Option<Result<(), EncodeError>> {
    let start = out.len();
    if out.capacity() - start < room {
        return None;
    }
    out.resize(start + room, 0);
    let mut w = Writer::new(&mut out[start..]);
    let result = key.encode_parts(&mut w);
    if retry && result.is_ok() && w.overflowed() {
        out.truncate(start);
        return None;
    }
    let result = result.and_then(|()| finish_built(key, &w));
    out.truncate(start + *result.as_ref().unwrap_or(&0));
    Some(result.map(|_| ()))
}

/// `encode_into` for keys that are not stack-built.
#[inline]
fn encode_into_in_place<K: RowKey>(key: &K, out: &mut Vec<u8>) -> Result<(), EncodeError> {
    let len = check_len(key.encoded_len(), |w| key.encode_parts(w))?;
    write_key(out, len, |w| key.encode_parts(w))
}

/// `encode` for keys that are not stack-built.
#[inline]
fn encode_in_place<K: RowKey>(key: &K) -> Result<Vec<u8>, EncodeError> {
    let len = check_len(key.encoded_len(), |w| key.encode_parts(w))?;
    let mut out = Vec::with_capacity(len);
    write_key(&mut out, len, |w| key.encode_parts(w))?;
    Ok(out)
}

/// The key's bytes without HBase's row-length limit: a key nested in another (a tuple key's
/// nested tuple), whose limit is the outer key's.
pub(crate) fn encode_unlimited<K: RowKey>(key: &K) -> Result<Vec<u8>, EncodeError> {
    let len = key.encoded_len();
    let mut out = Vec::with_capacity(len);
    write_key(&mut out, len, |w| key.encode_parts(w))?;
    Ok(out)
}

/// `len`, or the key's error when it is over HBase's limit: the first field error `parts`
/// meets (written into a scratch buffer), else [`EncodeError::KeyTooLong`]. Field errors come
/// first, in key order, then the key's length, on every path (a stack-built key, whose length
/// is checked after its parts, and a subspace, whose prefix may be what makes it too long,
/// report the same error).
#[inline]
pub(crate) fn check_len(
    len: usize,
    parts: impl FnOnce(&mut Writer<'_>) -> Result<(), EncodeError>,
) -> Result<usize, EncodeError> {
    if len > MAX_ROW_LENGTH {
        return Err(too_long(len, parts));
    }
    Ok(len)
}

/// The error of a key of `len` bytes, over the limit (see [`check_len`]).
#[cold]
#[inline(never)]
fn too_long(
    len: usize,
    parts: impl FnOnce(&mut Writer<'_>) -> Result<(), EncodeError>,
) -> EncodeError {
    let mut scratch = Vec::new();
    match write_key(&mut scratch, len, parts) {
        Err(field) => field,
        Ok(()) => EncodeError::KeyTooLong {
            len,
            max: MAX_ROW_LENGTH,
        },
    }
}

#[inline]
pub(crate) fn write_key(
    out: &mut Vec<u8>,
    len: usize,
    parts: impl FnOnce(&mut Writer<'_>) -> Result<(), EncodeError>,
) -> Result<(), EncodeError> {
    let start = out.len();
    out.resize(start + len, 0);
    let mut w = Writer::new(&mut out[start..]);
    let result = parts(&mut w).and_then(|()| w.finish());
    if result.is_err() {
        out.truncate(start);
    }
    result
}

/// Refuses keys over HBase's row key limit before decoding: `encode` never writes them, so
/// decoding one would not be canonical.
#[doc(hidden)]
#[inline]
pub fn check_key_len(key: &[u8]) -> Result<(), DecodeError> {
    if key.len() > MAX_ROW_LENGTH {
        return Err(DecodeError::KeyTooLong {
            len: key.len(),
            max: MAX_ROW_LENGTH,
        });
    }
    Ok(())
}

/// Reads the salt (binary, or text then the delimiter); checks a bucket's range. Returns the
/// salt bytes in binary form.
#[doc(hidden)]
#[inline(always)]
pub fn read_salt(
    r: &mut Reader<'_>,
    salt: Salt,
    text: Option<SaltText>,
    delimiter: u8,
) -> Result<([u8; 16], usize), DecodeError> {
    r.begin("salt", 0);
    let at = r.offset();
    let (bytes, n) = match text {
        None => {
            let raw = r.take_raw(salt.len())?;
            let mut bytes = [0u8; 16];
            bytes[..raw.len()].copy_from_slice(raw);
            (bytes, raw.len())
        }
        Some(text) => {
            let raw = r.take_raw(text.width(salt))?;
            let parsed = text.parse(raw).map_err(|e| match e {
                SaltTextError::Byte(i) => DecodeError::NotADigit {
                    field: "salt",
                    offset: at + i,
                    byte: raw.get(i).copied().unwrap_or(0),
                    expected: text.expected(raw.get(i).copied().unwrap_or(0)),
                },
                SaltTextError::Bucket(bucket) => DecodeError::BucketOutOfRange {
                    field: "salt",
                    offset: at,
                    bucket: u32::from(bucket),
                    buckets: salt.buckets().unwrap_or(0),
                },
            })?;
            crate::encoding::text::expect_delimiter(r, delimiter)?;
            parsed
        }
    };
    if let Err(bucket) = salt.check_bucket(&bytes[..n]) {
        return Err(DecodeError::BucketOutOfRange {
            field: "salt",
            offset: at,
            bucket,
            buckets: salt.buckets().unwrap_or(0),
        });
    }
    Ok((bytes, n))
}

/// Checks a deterministic salt against the fields (`of`, in hash order) and the key bytes after it.
///
/// Inlined, so that the salt (a constant of the key) picks its hash at compile time and the
/// check is a compare; the error is built out of line.
#[doc(hidden)]
#[inline(always)]
pub fn check_salt(salt: Salt, found: &[u8], of: &[&[u8]], rest: &[u8]) -> Result<(), DecodeError> {
    if matches!(salt, Salt::None | Salt::Random { .. }) {
        return Ok(());
    }
    let (expected, n) = salt.compute(of, rest);
    if expected[..n] == *found {
        Ok(())
    } else {
        Err(salt_mismatch(&expected[..n], found))
    }
}

#[cold]
#[inline(never)]
fn salt_mismatch(expected: &[u8], found: &[u8]) -> DecodeError {
    DecodeError::SaltMismatch {
        field: "salt",
        offset: 0,
        expected: expected.to_vec(),
        found: found.to_vec(),
    }
}

/// Writes the salt over the placeholder at the start of the key, as text if `text` is set.
/// `width` is the salt's width in the key, without the delimiter.
#[doc(hidden)]
#[inline(always)]
pub fn write_salt(
    w: &mut Writer<'_>,
    salt: Salt,
    text: Option<SaltText>,
    width: usize,
    of: &[(usize, usize)],
) {
    if salt == Salt::None {
        return;
    }
    // The fields straight from the key buffer, no copy.
    let (bytes, len) = match of {
        [] => {
            let rest = w.slice(width + usize::from(text.is_some()), w.position());
            salt.compute(&[], rest)
        }
        [(s, e)] => salt.compute(&[w.slice(*s, *e)], &[]),
        _ => compute_from_spans(w, salt, of),
    };
    match text {
        None => w.patch(0, &bytes[..len]),
        Some(text) => {
            let mut rendered = [0u8; 32];
            let m = text.render(&bytes[..len], &mut rendered);
            w.patch(0, &rendered[..m]);
        }
    }
}

/// A salt over several `of` fields: adjacent fields are hashed as one slice.
#[inline(never)]
fn compute_from_spans(w: &Writer<'_>, salt: Salt, of: &[(usize, usize)]) -> ([u8; 16], usize) {
    let mut spans = [(0usize, 0usize); 8];
    let mut n = 0;
    // OpenTSDB's salt looks at the first field alone (the metric UID): keep it apart.
    let keep_first = matches!(salt, Salt::OpenTsdb { .. });
    for &(s, e) in of {
        if n > 0 && spans[n - 1].1 == s && !(keep_first && n == 1) {
            spans[n - 1].1 = e;
        } else if n < spans.len() {
            spans[n] = (s, e);
            n += 1;
        }
    }
    let parts: [&[u8]; 8] = core::array::from_fn(|i| w.slice(spans[i].0, spans[i].1));
    salt.compute(&parts[..n], &[])
}

/// Renders the salt part for `explain`.
#[doc(hidden)]
pub fn explain_salt(
    r: &mut Reader<'_>,
    salt: Salt,
    text: Option<SaltText>,
    delimiter: u8,
) -> Result<String, DecodeError> {
    let (found, n) = read_salt(r, salt, text, delimiter)?;
    let hex: String = found[..n].iter().map(|b| format!("{b:02X}")).collect();
    Ok(match salt.buckets() {
        Some(buckets) if n == 1 => format!("bucket {} of {buckets}", found[0]),
        Some(buckets) => format!("{hex} (a salt of {buckets} buckets)"),
        None => hex,
    })
}

#[doc(hidden)]
pub use crate::encoding::less;

/// Reads a field from a window of the reader that ends `tail` bytes before the key does: a raw
/// `#[java]` string followed by fixed-width fields takes what they leave.
#[doc(hidden)]
#[inline]
pub fn read_before<'a, T>(
    r: &mut Reader<'a>,
    tail: Option<usize>,
    read: impl FnOnce(&mut Reader<'a>) -> Result<T, DecodeError>,
) -> Result<T, DecodeError> {
    let rest = r.rest();
    let window = rest.len().saturating_sub(tail.unwrap_or(0));
    let mut sub = Reader::with_base(&rest[..window], r.offset());
    sub.begin(r.field(), r.flip());
    let value = read(&mut sub)?;
    sub.finish()?;
    r.advance(sub.position());
    Ok(value)
}
