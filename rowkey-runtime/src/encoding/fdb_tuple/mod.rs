//! FoundationDB's tuple layer (`#[rowkey(encoding = "fdb_tuple")]`; `design/tuple.md` in
//! apple/foundationdb): each field one element of a tuple, packed as the tuple layer's `pack`
//! writes it, the elements concatenated. The key format of FoundationDB, its Record Layer and
//! everything built on them; keys usually live under a [`Subspace`](crate::Subspace).
//!
//! | Rust | element | bytes |
//! |---|---|---|
//! | `None` of an `Option<T>` | null | `00` (`00 FF` inside a nested tuple) |
//! | `Vec<u8>`, `[u8; N]` | byte string | `01`, the bytes with `00` escaped as `00 FF`, then `00` |
//! | `String` | unicode string | `02`, its UTF-8 escaped the same way, then `00` |
//! | another `fdb_tuple` key, `()`, `(A, B, ...)` | nested tuple | `05`, the elements, `00` |
//! | integers, `u8` to `i128` | integer | `14` for zero; `14 + n` / `14 - n` then the `n` big-endian bytes of the magnitude (negatives: of its one's complement) for magnitudes below 2^64 - 1; from 2^64 - 1 up `1D n` / `0B` (`n` inverted), then the `n` bytes (the Python and Java bindings' rule) |
//! | `f32`, `f64` | float, double | `20` / `21`, the IEEE bits big-endian: sign bit set on positives, every bit inverted on negatives |
//! | `bool` | false, true | `26`, `27` |
//! | `uuid::Uuid` (feature `uuid`) | UUID | `30`, its 16 bytes |
//!
//! The tuple layer has no descending order. Keys sort as FoundationDB sorts tuples: element by
//! element, `None` first, a shorter tuple before a longer one that starts with it, integers by
//! value, floats by `total_cmp`, strings and bytes by their bytes. Decode reads only what
//! `pack` writes: the shortest integer encoding, one escape for each `00`; bit patterns of
//! floats, NaNs included, round-trip unchanged.
//!
//! ```
//! use rowkey::{RowKey, Subspace};
//!
//! #[derive(RowKey, Debug, PartialEq)]
//! #[rowkey(encoding = "fdb_tuple")]
//! struct Post { forum: String, id: i64, draft: Option<bool> }
//!
//! let post = Post { forum: "rust".into(), id: -2, draft: None };
//! // fdb.tuple.pack(("rust", -2, None))
//! assert_eq!(post.encode().unwrap(), b"\x02rust\x00\x13\xfd\x00");
//! // Under a directory's prefix, and a scan of one forum: the keys of "rust", not "rust\0..".
//! let dir = Subspace::new(*b"\x15\x2a");
//! let key = dir.encode(&post).unwrap();
//! let forum = dir.plan(&Post::scan().forum("rust").plan().unwrap());
//! assert!(forum.contains(&key));
//! assert!(!forum.contains(&dir.encode(&Post { forum: "rust\0".into(), id: 1, draft: None }).unwrap()));
//! ```
//!
//! Other bindings write `1C FF FF FF FF FF FF FF FF` for 2^64 - 1 (and `0C 00 ...` for its
//! negation), where Python writes `1D 08 FF ...` (and `0B F7 00 ...`); rowkey writes Python's
//! bytes and refuses the others. Versionstamps (`33`), the deprecated and reserved type codes
//! and user types (`40`-`4F`) are not read.

pub(crate) mod describe;

use crate::cursor::{Reader, Writer};
use crate::encoding::field_format::FieldFormat;
use crate::encoding::Format;
use crate::error::{DecodeError, EncodeError};
use crate::key::RowKey;
use crate::layout::value::ValueType;

const NULL: u8 = 0x00;
const BYTES: u8 = 0x01;
const STRING: u8 = 0x02;
const NESTED: u8 = 0x05;
const NEG_BIG: u8 = 0x0b;
const INT_ZERO: u8 = 0x14;
const POS_BIG: u8 = 0x1d;
const FLOAT: u8 = 0x20;
const DOUBLE: u8 = 0x21;
const FALSE: u8 = 0x26;
const TRUE: u8 = 0x27;
const UUID: u8 = 0x30;
const ESCAPE: u8 = 0xff;

/// The smallest magnitude written with `1D` / `0B`: 2^64 - 1.
const BIG: u128 = u64::MAX as u128;

/// The format of every field of a tuple key: the field's element, as its type packs it.
#[derive(Debug, Clone, Copy)]
pub struct Element;

impl<T: TupleField> Format<T> for Element {
    const WIDTH: Option<usize> = T::WIDTH;
    const MAX_WIDTH: Option<usize> = T::MAX_WIDTH;
    const NESTED_WIDTH: Option<usize> = T::NESTED_WIDTH;
    const MAX_NESTED: Option<usize> = T::MAX_NESTED;

    fn format() -> FieldFormat {
        FieldFormat::FdbElement
    }

    fn value_type() -> ValueType {
        T::value_type()
    }

    #[inline]
    fn len(v: &T, _last: bool) -> usize {
        v.packed_len(false)
    }

    #[inline]
    fn write(v: &T, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        v.pack(w, false)
    }

    #[inline]
    fn read(r: &mut Reader<'_>, _last: bool) -> Result<T, DecodeError> {
        T::unpack(r, false)
    }
}

/// A value that is one element of a FoundationDB tuple (not a null; see [`TupleField`]).
/// Implemented for integers, `bool`, `f32`, `f64`, `String`, `Vec<u8>`, `[u8; N]`, `uuid::Uuid`
/// (feature `uuid`), `()` and Rust tuples of up to eight fields (nested tuples), and by the
/// derive for every `fdb_tuple` key, which another key can then hold as a nested tuple.
///
/// A type of your own is an element by delegating to one:
///
/// ```
/// use rowkey::encodings::fdb_tuple::TupleValue;
/// use rowkey::{DecodeError, EncodeError, Reader, RowKey, Writer};
///
/// /// A user id, written as the tuple integer it holds.
/// #[derive(Debug, PartialEq)]
/// struct UserId(u64);
///
/// impl TupleValue for UserId {
///     const WIDTH: Option<usize> = <u64 as TupleValue>::WIDTH;
///     const MAX_WIDTH: Option<usize> = <u64 as TupleValue>::MAX_WIDTH;
///     fn packed_len(&self) -> usize {
///         self.0.packed_len()
///     }
///     fn pack(&self, w: &mut Writer<'_>) -> Result<(), EncodeError> {
///         self.0.pack(w)
///     }
///     fn unpack(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
///         u64::unpack(r).map(UserId)
///     }
/// }
///
/// #[derive(RowKey, Debug, PartialEq)]
/// #[rowkey(encoding = "fdb_tuple")]
/// struct Follow { follower: UserId, followed: Option<UserId> }
///
/// let key = Follow { follower: UserId(7), followed: None };
/// assert_eq!(key.encode().unwrap(), [0x15, 7, 0x00]); // (7, None)
/// assert_eq!(Follow::decode(&[0x15, 7, 0x00]).unwrap(), key);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a FoundationDB tuple element",
    label = "no tuple element for `{Self}`",
    note = "a tuple key's fields are integers, bool, f32, f64, String, Vec<u8>, [u8; N], uuid::Uuid (feature `uuid`), Option of one of these, another `#[rowkey(encoding = \"fdb_tuple\")]` key, `()` or a Rust tuple of them"
)]
pub trait TupleValue: Sized {
    /// `Some(n)` when every value packs to `n` bytes.
    const WIDTH: Option<usize>;
    /// The most bytes a value packs to, `None` when unbounded.
    const MAX_WIDTH: Option<usize>;
    /// The bytes [`pack`](Self::pack) writes.
    fn packed_len(&self) -> usize;
    /// Writes the element, type code first.
    fn pack(&self, w: &mut Writer<'_>) -> Result<(), EncodeError>;
    /// Reads an element written by [`pack`](Self::pack), and only such an element.
    fn unpack(r: &mut Reader<'_>) -> Result<Self, DecodeError>;

    /// What the element holds, as data (see
    /// [`KeyCodec::value_type`](crate::KeyCodec::value_type)): a type of your own is opaque
    /// unless it says which type it packs as (`u64::value_type()` for the `UserId` above).
    fn value_type() -> ValueType {
        ValueType::Opaque(core::any::type_name::<Self>())
    }
}

/// What a tuple holds in one place: a [`TupleValue`], or an `Option` of one (`None` is a
/// null, `00` in the key and `00 FF` inside a nested tuple).
pub trait TupleField: Sized {
    /// `Some(n)` when every value packs to `n` bytes in the key.
    const WIDTH: Option<usize>;
    /// The most bytes a value packs to in the key.
    const MAX_WIDTH: Option<usize>;
    /// `Some(n)` when every value packs to `n` bytes inside a nested tuple.
    const NESTED_WIDTH: Option<usize>;
    /// The most bytes a value packs to inside a nested tuple.
    const MAX_NESTED: Option<usize>;
    /// The bytes [`pack`](Self::pack) writes (`nested`: inside a nested tuple).
    fn packed_len(&self, nested: bool) -> usize;
    /// Writes the element.
    fn pack(&self, w: &mut Writer<'_>, nested: bool) -> Result<(), EncodeError>;
    /// Reads an element.
    fn unpack(r: &mut Reader<'_>, nested: bool) -> Result<Self, DecodeError>;
    /// What the element holds, as data.
    fn value_type() -> ValueType;
}

impl<T: TupleValue> TupleField for T {
    const WIDTH: Option<usize> = T::WIDTH;
    const MAX_WIDTH: Option<usize> = T::MAX_WIDTH;
    const NESTED_WIDTH: Option<usize> = T::WIDTH;
    const MAX_NESTED: Option<usize> = T::MAX_WIDTH;

    fn value_type() -> ValueType {
        <T as TupleValue>::value_type()
    }

    #[inline]
    fn packed_len(&self, _nested: bool) -> usize {
        TupleValue::packed_len(self)
    }

    #[inline]
    fn pack(&self, w: &mut Writer<'_>, _nested: bool) -> Result<(), EncodeError> {
        TupleValue::pack(self, w)
    }

    #[inline]
    fn unpack(r: &mut Reader<'_>, _nested: bool) -> Result<Self, DecodeError> {
        <T as TupleValue>::unpack(r)
    }
}

impl<T: TupleValue> TupleField for Option<T> {
    /// A null is `00`: as wide as a value only when every value is one byte (a `bool`).
    const WIDTH: Option<usize> = match T::WIDTH {
        Some(1) => Some(1),
        _ => None,
    };
    /// Inside a nested tuple a null is `00 FF`: as wide as a value of two bytes (`()`).
    const NESTED_WIDTH: Option<usize> = match T::WIDTH {
        Some(2) => Some(2),
        _ => None,
    };
    const MAX_WIDTH: Option<usize> = at_least(T::MAX_WIDTH, 1);
    const MAX_NESTED: Option<usize> = at_least(T::MAX_WIDTH, 2);

    fn value_type() -> ValueType {
        ValueType::Option(Box::new(<T as TupleValue>::value_type()))
    }

    #[inline]
    fn packed_len(&self, nested: bool) -> usize {
        match self {
            None => null_len(nested),
            Some(v) => v.packed_len(),
        }
    }

    #[inline]
    fn pack(&self, w: &mut Writer<'_>, nested: bool) -> Result<(), EncodeError> {
        match self {
            None => {
                pack_null(w, nested);
                Ok(())
            }
            Some(v) => v.pack(w),
        }
    }

    #[inline]
    fn unpack(r: &mut Reader<'_>, nested: bool) -> Result<Self, DecodeError> {
        if unpack_null(r, nested)? {
            return Ok(None);
        }
        T::unpack(r).map(Some)
    }
}

/// A null's bytes: `00`, or `00 FF` inside a nested tuple.
#[inline(always)]
fn null_len(nested: bool) -> usize {
    1 + usize::from(nested)
}

#[inline(always)]
fn pack_null(w: &mut Writer<'_>, nested: bool) {
    if nested {
        w.put(&[NULL, ESCAPE]);
    } else {
        w.put_byte(NULL);
    }
}

/// Reads a null if one comes next: true when it did.
#[inline(always)]
fn unpack_null(r: &mut Reader<'_>, nested: bool) -> Result<bool, DecodeError> {
    match r.rest().first() {
        Some(&NULL) if nested => {
            let at = r.offset();
            if r.rest().get(1) != Some(&ESCAPE) {
                return Err(r.invalid(at, "a tuple element (a null is 00 FF inside a tuple)"));
            }
            r.advance(2);
            Ok(true)
        }
        Some(&NULL) => {
            r.advance(1);
            Ok(true)
        }
        _ => Ok(false),
    }
}

/// `width`, but at least `n`.
const fn at_least(width: Option<usize>, n: usize) -> Option<usize> {
    match width {
        Some(w) if w > n => Some(w),
        Some(_) => Some(n),
        None => None,
    }
}

/// Reads the type code and checks it is `code`.
fn expect_code(r: &mut Reader<'_>, code: u8, what: &'static str) -> Result<(), DecodeError> {
    let at = r.offset();
    if r.take_byte()? != code {
        return Err(r.invalid(at, what));
    }
    Ok(())
}

// Integers.

/// Bytes of a non-zero magnitude.
const fn magnitude_bytes(mag: u128) -> usize {
    (128 - mag.leading_zeros() as usize).div_ceil(8)
}

/// The packed length of the integer `-mag` (`neg`) or `mag`.
fn int_len(mag: u128) -> usize {
    match mag {
        0 => 1,
        m if m >= BIG => 2 + magnitude_bytes(m),
        m => 1 + magnitude_bytes(m),
    }
}

/// Packs `-mag` (`neg`) or `mag` as the Python binding does.
fn pack_int(w: &mut Writer<'_>, neg: bool, mag: u128) {
    if mag == 0 {
        w.put_byte(INT_ZERO);
        return;
    }
    let n = magnitude_bytes(mag);
    // Negatives store the one's complement of the magnitude in `n` bytes.
    let stored = if neg { !mag } else { mag };
    let bytes = &stored.to_be_bytes()[16 - n..];
    match (neg, mag >= BIG) {
        (false, false) => w.put_then(&[INT_ZERO + n as u8], bytes),
        (true, false) => w.put_then(&[INT_ZERO - n as u8], bytes),
        (false, true) => w.put_then(&[POS_BIG, n as u8], bytes),
        (true, true) => w.put_then(&[NEG_BIG, n as u8 ^ 0xff], bytes),
    }
}

/// Reads an integer: `(negative, magnitude)`, refusing every encoding but the one `pack_int`
/// writes.
fn unpack_int(r: &mut Reader<'_>) -> Result<(bool, u128), DecodeError> {
    let at = r.offset();
    let code = r.take_byte()?;
    let (neg, n, big) = match code {
        INT_ZERO => return Ok((false, 0)),
        0x15..=0x1c => (false, usize::from(code - INT_ZERO), false),
        0x0c..=0x13 => (true, usize::from(INT_ZERO - code), false),
        POS_BIG => (false, usize::from(r.take_byte()?), true),
        NEG_BIG => (true, usize::from(r.take_byte()? ^ 0xff), true),
        _ => return Err(r.invalid(at, "an integer (type code 0B to 1D)")),
    };
    if n > 16 {
        return Err(r.out_of_range(at));
    }
    let raw = r.take_raw(n)?;
    let stored = raw.iter().fold(0u128, |acc, &b| (acc << 8) | u128::from(b));
    let mag = match (neg, n) {
        (false, _) => stored,
        (true, 16) => !stored,
        (true, _) => ((1u128 << (8 * n)) - 1) - stored,
    };
    let canonical = mag != 0 && magnitude_bytes(mag) == n && (mag >= BIG) == big;
    if !canonical {
        return Err(r.invalid(
            at,
            "an integer in its shortest form (1D 08 / 0B F7 from 2^64 - 1 up, as Python's pack writes)",
        ));
    }
    Ok((neg, mag))
}

/// The packed length of `-mag` or `mag` for magnitudes of at most 64 bits: no `u128` pass.
#[inline]
fn int_len64(mag: u64) -> usize {
    match mag {
        0 => 1,
        u64::MAX => 10,
        m => 1 + (71 - m.leading_zeros() as usize) / 8,
    }
}

/// [`pack_int`] for magnitudes of at most 64 bits: the code and the bytes from one stack
/// array, in one copy. Inlined always, as the Bigtable writes are: LLVM leaves it a call.
#[inline(always)]
fn pack_int64(w: &mut Writer<'_>, neg: bool, mag: u64) {
    if mag == 0 {
        w.put_byte(INT_ZERO);
        return;
    }
    if mag == u64::MAX {
        return pack_int(w, neg, u128::from(mag));
    }
    let n = (71 - mag.leading_zeros() as usize) / 8;
    let stored = if neg { !mag } else { mag };
    // The code, then the `n` low bytes of `stored` moved to the front of a word.
    let code = if neg {
        INT_ZERO - n as u8
    } else {
        INT_ZERO + n as u8
    };
    w.put_head_word(code, (stored << (64 - 8 * n)).to_be_bytes(), n + 1);
}

/// [`unpack_int`] on a clone of the reader, written back: the reader's address does not leave
/// [`unpack_int64`]'s caller (a generated decode), so the compiler keeps the reader in registers
/// there instead of storing and reloading its position between fields.
#[inline(always)]
fn unpack_int_apart(r: &mut Reader<'_>) -> Result<(bool, u128), DecodeError> {
    let (back, result) = unpack_int_owned(r.clone());
    *r = back;
    result
}

/// [`unpack_int`] on a reader of its own, returned with the result.
#[cold]
#[inline(never)]
fn unpack_int_owned(mut r: Reader<'_>) -> (Reader<'_>, Result<(bool, u128), DecodeError>) {
    let result = unpack_int(&mut r);
    (r, result)
}

/// [`unpack_int`] for the integers of at most 8 bytes (codes `0C` to `1C`), read into a
/// `u64`; the big forms go through `unpack_int`. Inlined always, as the floor's read is: left
/// to itself LLVM calls it, 1.5x the floor's time on a `(u32, u32, u64)` key.
#[inline(always)]
fn unpack_int64(r: &mut Reader<'_>) -> Result<(bool, u64), DecodeError> {
    let at = r.offset();
    let rest = r.rest();
    let Some(&code) = rest.first() else {
        return unpack_int_apart(r).map(|(neg, mag)| (neg, mag as u64));
    };
    let (neg, n) = match code {
        INT_ZERO => {
            r.advance(1);
            return Ok((false, 0));
        }
        0x15..=0x1c => (false, usize::from(code - INT_ZERO)),
        0x0c..=0x13 => (true, usize::from(INT_ZERO - code)),
        POS_BIG | NEG_BIG => {
            let (neg, mag) = unpack_int_apart(r)?;
            return u64::try_from(mag)
                .map(|m| (neg, m))
                .map_err(|_| r.out_of_range(at));
        }
        _ => {
            r.advance(1);
            return Err(r.invalid(at, "an integer (type code 0B to 1D)"));
        }
    };
    // Eight bytes loaded at once where the key has them (no copy into a stack word whose reload
    // would stall), shifted down to the element's n; else the eight ending at the element's
    // end, masked to its n (a key's last element); a stack copy only in a key under 9 bytes.
    let stored = if let Some(word) = rest.get(1..9) {
        let word: [u8; 8] = word.try_into().unwrap_or_default();
        u64::from_be_bytes(word) >> (64 - 8 * n)
    } else if let Some(word) = r.word_ending(1 + n).filter(|_| n < rest.len()) {
        word & (u64::MAX >> (64 - 8 * n))
    } else {
        let Some(raw) = rest.get(1..=n) else {
            return unpack_int_apart(r).map(|(neg, mag)| (neg, mag as u64));
        };
        let mut b = [0u8; 8];
        b[8 - n..].copy_from_slice(raw);
        u64::from_be_bytes(b)
    };
    let mag = if neg {
        // The one's complement in n bytes.
        (u64::MAX >> (64 - 8 * n)) - stored
    } else {
        stored
    };
    r.advance(1 + n);
    if mag == 0 || (71 - mag.leading_zeros() as usize) / 8 != n || mag == u64::MAX {
        return Err(r.invalid(
            at,
            "an integer in its shortest form (1D 08 / 0B F7 from 2^64 - 1 up, as Python's pack writes)",
        ));
    }
    Ok((neg, mag))
}

/// The unsigned integer elements, computed in `$word`: `u64` (`int_len64`, `pack_int64`,
/// `unpack_int64`: no 128-bit arithmetic) for the types that fit, `u128` for `u128`.
macro_rules! unsigned_element {
    ($word:ty, $len:ident, $pack:ident, $unpack:ident; $($t:ty),*) => {$(
        impl TupleValue for $t {
            const WIDTH: Option<usize> = None;
            const MAX_WIDTH: Option<usize> = Some(if <$t>::MAX as u128 >= BIG {
                2 + core::mem::size_of::<$t>()
            } else {
                1 + core::mem::size_of::<$t>()
            });

            fn value_type() -> ValueType {
                <$t as crate::layout::value::Typed>::value_type()
            }

            #[inline]
            fn packed_len(&self) -> usize {
                $len(*self as $word)
            }

            #[inline]
            fn pack(&self, w: &mut Writer<'_>) -> Result<(), EncodeError> {
                $pack(w, false, *self as $word);
                Ok(())
            }

            #[inline(always)]
            fn unpack(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
                let at = r.offset();
                match $unpack(r)? {
                    (false, mag) => <$t>::try_from(mag).map_err(|_| r.out_of_range(at)),
                    (true, _) => Err(r.out_of_range(at)),
                }
            }
        }
    )*};
}

/// The signed integer elements (see `unsigned_element`), read back through `$signed`.
macro_rules! signed_element {
    ($word:ty, $signed:ty, $len:ident, $pack:ident, $unpack:ident; $($t:ty),*) => {$(
        impl TupleValue for $t {
            const WIDTH: Option<usize> = None;
            const MAX_WIDTH: Option<usize> = Some(if <$t>::MIN.unsigned_abs() as u128 >= BIG {
                2 + core::mem::size_of::<$t>()
            } else {
                1 + core::mem::size_of::<$t>()
            });

            fn value_type() -> ValueType {
                <$t as crate::layout::value::Typed>::value_type()
            }

            #[inline]
            fn packed_len(&self) -> usize {
                $len(self.unsigned_abs() as $word)
            }

            #[inline]
            fn pack(&self, w: &mut Writer<'_>) -> Result<(), EncodeError> {
                $pack(w, *self < 0, self.unsigned_abs() as $word);
                Ok(())
            }

            #[inline(always)]
            fn unpack(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
                let at = r.offset();
                let (neg, mag) = $unpack(r)?;
                let v = if neg {
                    <$signed>::checked_sub_unsigned(0, mag)
                } else {
                    <$signed>::try_from(mag).ok()
                };
                v.and_then(|v| <$t>::try_from(v).ok()).ok_or_else(|| r.out_of_range(at))
            }
        }
    )*};
}

unsigned_element!(u64, int_len64, pack_int64, unpack_int64; u8, u16, u32, u64);
unsigned_element!(u128, int_len, pack_int, unpack_int; u128);
signed_element!(u64, i64, int_len64, pack_int64, unpack_int64; i8, i16, i32, i64);
signed_element!(u128, i128, int_len, pack_int, unpack_int; i128);

// Booleans, floats, UUIDs.

impl TupleValue for bool {
    const WIDTH: Option<usize> = Some(1);
    const MAX_WIDTH: Option<usize> = Some(1);

    fn value_type() -> ValueType {
        ValueType::Bool
    }

    #[inline]
    fn packed_len(&self) -> usize {
        1
    }

    #[inline]
    fn pack(&self, w: &mut Writer<'_>) -> Result<(), EncodeError> {
        w.put_byte(if *self { TRUE } else { FALSE });
        Ok(())
    }

    fn unpack(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
        let at = r.offset();
        match r.take_byte()? {
            FALSE => Ok(false),
            TRUE => Ok(true),
            _ => Err(r.invalid(at, "a bool (26 false, 27 true)")),
        }
    }
}

macro_rules! float_element {
    ($($t:ty, $u:ty, $code:expr, $what:literal);*) => {$(
        impl TupleValue for $t {
            const WIDTH: Option<usize> = Some(1 + core::mem::size_of::<$t>());
            const MAX_WIDTH: Option<usize> = Some(1 + core::mem::size_of::<$t>());

            fn value_type() -> ValueType {
                <$t as crate::layout::value::Typed>::value_type()
            }

            #[inline]
            fn packed_len(&self) -> usize {
                1 + core::mem::size_of::<$t>()
            }

            #[inline]
            fn pack(&self, w: &mut Writer<'_>) -> Result<(), EncodeError> {
                let bits = self.to_bits();
                let sign = 1 << (<$u>::BITS - 1);
                let ordered = if bits & sign != 0 { !bits } else { bits | sign };
                w.put_then(&[$code], &ordered.to_be_bytes());
                Ok(())
            }

            fn unpack(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
                expect_code(r, $code, $what)?;
                let ordered = <$u>::from_be_bytes(r.take()?);
                let sign = 1 << (<$u>::BITS - 1);
                let bits = if ordered & sign != 0 { ordered ^ sign } else { !ordered };
                Ok(<$t>::from_bits(bits))
            }
        }
    )*};
}

float_element!(
    f32, u32, FLOAT, "a float (type code 20)";
    f64, u64, DOUBLE, "a double (type code 21)"
);

#[cfg(feature = "uuid")]
impl TupleValue for uuid::Uuid {
    const WIDTH: Option<usize> = Some(17);
    const MAX_WIDTH: Option<usize> = Some(17);

    fn value_type() -> ValueType {
        ValueType::Uuid
    }

    #[inline]
    fn packed_len(&self) -> usize {
        17
    }

    #[inline]
    fn pack(&self, w: &mut Writer<'_>) -> Result<(), EncodeError> {
        w.put_then(&[UUID], self.as_bytes());
        Ok(())
    }

    fn unpack(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
        expect_code(r, UUID, "a UUID (type code 30)")?;
        Ok(uuid::Uuid::from_bytes(r.take()?))
    }
}

// Byte strings and strings.

/// The packed length of a byte string: its code, the bytes, one more for each `00`, the end.
/// Word-at-a-time scans for `00`: one when there is none.
#[inline]
fn bytes_len(v: &[u8]) -> usize {
    let mut len = 2 + v.len();
    let mut rest = v;
    while let Some(zero) = crate::encoding::native::bytes::find_byte(rest, 0) {
        len += 1;
        rest = &rest[zero + 1..];
    }
    len
}

/// Writes `code`, `v` with each `00` escaped as `00 FF`, and the terminating `00`: a
/// word-at-a-time scan for each `00`, and each run copied at once with what follows it.
/// Inlined always: LLVM left it a call, and the `(String, i64, String)` tuple encoded 1.07x
/// slower for it (`cargo bench --bench ratios`).
#[inline(always)]
fn pack_bytes(w: &mut Writer<'_>, code: u8, v: &[u8]) {
    w.put_byte(code);
    let mut rest = v;
    while let Some(zero) = crate::encoding::native::bytes::find_byte(rest, 0) {
        w.put_then(&rest[..zero], &[NULL, ESCAPE]);
        rest = &rest[zero + 1..];
    }
    w.put_then(rest, &[NULL]);
}

/// Reads a byte string of type `code`: up to its `00` that is not an escape.
fn unpack_bytes(
    r: &mut Reader<'_>,
    code: u8,
    what: &'static str,
) -> Result<(Vec<u8>, usize), DecodeError> {
    let at = r.offset();
    expect_code(r, code, what)?;
    let start = r.offset();
    let rest = r.rest();
    // First the terminator and the number of escaped `00`s, so the value is allocated once at
    // its length (growing it a run at a time reallocated on every escape); a value without an
    // escape is then one copy.
    let mut escapes = 0;
    let mut end = 0;
    loop {
        let Some(zero) = crate::encoding::native::bytes::find_byte(&rest[end..], 0) else {
            return Err(DecodeError::MissingTerminator {
                field: r.field(),
                offset: at,
            });
        };
        end += zero;
        if rest.get(end + 1) != Some(&ESCAPE) {
            break;
        }
        escapes += 1;
        end += 2;
    }
    let value = &rest[..end];
    let out = if escapes == 0 {
        value.to_vec()
    } else {
        // Every `00` before the terminator is an escape, `00 FF`: keep the `00`, skip the `FF`.
        let mut out = Vec::with_capacity(end - escapes);
        let mut i = 0;
        while let Some(zero) = crate::encoding::native::bytes::find_byte(&value[i..], 0) {
            out.extend_from_slice(&value[i..=i + zero]);
            i += zero + 2;
        }
        out.extend_from_slice(&value[i..]);
        out
    };
    r.advance(end + 1);
    Ok((out, start))
}

impl TupleValue for Vec<u8> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn value_type() -> ValueType {
        ValueType::Bytes
    }

    #[inline]
    fn packed_len(&self) -> usize {
        bytes_len(self)
    }

    #[inline]
    fn pack(&self, w: &mut Writer<'_>) -> Result<(), EncodeError> {
        pack_bytes(w, BYTES, self);
        Ok(())
    }

    fn unpack(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
        unpack_bytes(r, BYTES, "a byte string (type code 01)").map(|(v, _)| v)
    }
}

impl<const N: usize> TupleValue for [u8; N] {
    /// `[u8; 0]` is always `01 00`; longer arrays escape their `00` bytes.
    const WIDTH: Option<usize> = if N == 0 { Some(2) } else { None };
    const MAX_WIDTH: Option<usize> = Some(2 + 2 * N);

    fn value_type() -> ValueType {
        ValueType::Array(N)
    }

    #[inline]
    fn packed_len(&self) -> usize {
        bytes_len(self)
    }

    #[inline]
    fn pack(&self, w: &mut Writer<'_>) -> Result<(), EncodeError> {
        pack_bytes(w, BYTES, self);
        Ok(())
    }

    fn unpack(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
        let at = r.offset();
        let v = unpack_array(r, N)?;
        v.try_into()
            .map_err(|_| r.invalid(at, "a byte string of the array's length"))
    }
}

/// A `[u8; n]` element's bytes read back.
fn unpack_array(r: &mut Reader<'_>, n: usize) -> Result<Vec<u8>, DecodeError> {
    let at = r.offset();
    let (v, _) = unpack_bytes(r, BYTES, "a byte string (type code 01)")?;
    if v.len() != n {
        return Err(r.invalid(at, "a byte string of the array's length"));
    }
    Ok(v)
}

impl TupleValue for String {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn value_type() -> ValueType {
        ValueType::String
    }

    #[inline]
    fn packed_len(&self) -> usize {
        bytes_len(self.as_bytes())
    }

    #[inline]
    fn pack(&self, w: &mut Writer<'_>) -> Result<(), EncodeError> {
        pack_bytes(w, STRING, self.as_bytes());
        Ok(())
    }

    fn unpack(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
        let (v, start) = unpack_bytes(r, STRING, "a unicode string (type code 02)")?;
        crate::encoding::native::utf8(v, r, start, true)
    }
}

// Nested tuples.

/// Marks a key of the `fdb_tuple` encoding, which another tuple key may hold as a nested
/// tuple. The derive implements it; do not implement it by hand.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a FoundationDB tuple element, nor a tuple key a tuple can nest",
    label = "not a tuple element",
    note = "a field of a tuple key is an integer, bool, f32, f64, String, Vec<u8>, [u8; N], uuid::Uuid (feature `uuid`), Option of one, `()`, a Rust tuple, another key with `#[rowkey(encoding = \"fdb_tuple\")]`, or a type of yours that implements `rowkey::encodings::fdb_tuple::TupleValue`"
)]
pub trait Nestable: RowKey {
    /// `Some(n)` when the key's elements always take `n` bytes inside a nested tuple (its
    /// nulls `00 FF`): the sum of its fields' [`TupleField::NESTED_WIDTH`].
    const ELEMENTS_WIDTH: Option<usize>;
    /// The most bytes the key's elements take inside a nested tuple: the sum of its fields'
    /// [`TupleField::MAX_NESTED`] (a `#[max(N)]` string's capped count).
    const MAX_ELEMENTS: Option<usize>;
}

/// The end of the element that starts at `at` (its type code): inside a nested tuple when
/// `nested` (a null there is `00 FF`). Iterative, so hostile nesting cannot exhaust the stack.
fn element_end(bytes: &[u8], at: usize, nested: bool) -> Result<usize, (usize, &'static str)> {
    const CODES: &str = "a tuple element rowkey reads (00 null, 01 bytes, 02 string, 05 tuple, \
                         0B to 1D integer, 20 float, 21 double, 26 / 27 bool, 30 UUID)";
    let mut i = at;
    // Nested tuples opened and not yet closed.
    let mut depth = 0usize;
    loop {
        let Some(&code) = bytes.get(i) else {
            return Err((i, "the rest of the tuple element"));
        };
        let inside = nested || depth > 0;
        i = match code {
            NULL if depth > 0 && bytes.get(i + 1) != Some(&ESCAPE) => {
                depth -= 1;
                i + 1
            }
            NULL if inside => match bytes.get(i + 1) {
                Some(&ESCAPE) => i + 2,
                _ => return Err((i, "a tuple element (a null is 00 FF inside a tuple)")),
            },
            NULL => i + 1,
            BYTES | STRING => {
                let mut j = i + 1;
                loop {
                    match bytes.get(j) {
                        None => return Err((i, "a string's 00 terminator")),
                        Some(&0) if bytes.get(j + 1) == Some(&ESCAPE) => j += 2,
                        Some(&0) => break j + 1,
                        Some(_) => j += 1,
                    }
                }
            }
            NESTED => {
                depth += 1;
                i += 1;
                continue;
            }
            NEG_BIG => i + 2 + usize::from(bytes.get(i + 1).copied().unwrap_or(0xff) ^ 0xff),
            POS_BIG => i + 2 + usize::from(bytes.get(i + 1).copied().unwrap_or(0)),
            0x0c..=0x1c => i + 1 + usize::from(code.abs_diff(INT_ZERO)),
            FLOAT => i + 5,
            DOUBLE => i + 9,
            FALSE | TRUE => i + 1,
            UUID => i + 17,
            _ => return Err((i, CODES)),
        };
        if i > bytes.len() {
            return Err((bytes.len(), "the rest of the tuple element"));
        }
        if depth == 0 {
            return Ok(i);
        }
    }
}

/// The packed bytes of key `k` as a nested tuple's elements: its nulls `00 FF`. The row-length
/// limit is the outer key's.
fn nested_elements<K: Nestable>(k: &K) -> Result<Vec<u8>, EncodeError> {
    nested_from(crate::key::encode_unlimited(k)?)
}

/// A key's own bytes (`top`) as a nested tuple's elements: its nulls `00 FF`.
fn nested_from(top: Vec<u8>) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::with_capacity(top.len() + 4);
    let mut i = 0;
    while i < top.len() {
        let end = element_end(&top, i, false).map_err(|(_, what)| EncodeError::Codec {
            field: "",
            message: format!("a nested key did not pack as a tuple: {what}"),
        })?;
        out.extend_from_slice(&top[i..end]);
        if top[i] == NULL {
            out.push(ESCAPE);
        }
        i = end;
    }
    Ok(out)
}

impl<K: Nestable> TupleValue for K {
    /// `05`, the key's elements (its nulls `00 FF`), `00`.
    const WIDTH: Option<usize> = framed(&[K::ELEMENTS_WIDTH]);
    const MAX_WIDTH: Option<usize> = framed(&[K::MAX_ELEMENTS]);

    fn value_type() -> ValueType {
        ValueType::Key(Box::new(K::layout()))
    }

    fn packed_len(&self) -> usize {
        nested_elements(self).map_or(0, |e| 2 + e.len())
    }

    fn pack(&self, w: &mut Writer<'_>) -> Result<(), EncodeError> {
        pack_nested(nested_elements(self), w)
    }

    fn unpack(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
        unpack_nested(r, K::decode)
    }
}

/// Writes a nested key's elements (`05`, them, `00`), or the error that made them.
fn pack_nested(
    elements: Result<Vec<u8>, EncodeError>,
    w: &mut Writer<'_>,
) -> Result<(), EncodeError> {
    let elements = elements.map_err(|inner| EncodeError::Nested {
        field: w.field(),
        inner: Box::new(inner),
    })?;
    w.put_byte(NESTED);
    w.put(&elements);
    w.put_byte(NULL);
    Ok(())
}

/// Reads a nested key: its elements back into the key's own bytes, then `decode` of them,
/// whose error points into the outer key.
fn unpack_nested<T>(
    r: &mut Reader<'_>,
    decode: impl FnOnce(&[u8]) -> Result<T, DecodeError>,
) -> Result<T, DecodeError> {
    {
        let at = r.offset();
        expect_code(r, NESTED, "a nested tuple (type code 05)")?;
        let base = r.offset();
        let rest = r.rest();
        // The key's own bytes (nulls `00`), and where each of them stands in the key.
        let mut top = Vec::new();
        let mut origin = Vec::new();
        let mut i = 0;
        loop {
            match rest.get(i) {
                None => {
                    return Err(DecodeError::MissingTerminator {
                        field: r.field(),
                        offset: at,
                    })
                }
                Some(&NULL) if rest.get(i + 1) != Some(&ESCAPE) => break,
                Some(&NULL) => {
                    top.push(NULL);
                    origin.push(base + i);
                    i += 2;
                }
                Some(_) => {
                    let end = element_end(rest, i, true)
                        .map_err(|(o, what)| r.invalid(base + o, what))?;
                    top.extend_from_slice(&rest[i..end]);
                    origin.extend(base + i..base + end);
                    i = end;
                }
            }
        }
        r.advance(i + 1);
        decode(&top).map_err(|e| {
            let o = e.offset();
            let at = origin.get(o).copied().unwrap_or(base + i);
            DecodeError::Nested {
                field: r.field(),
                inner: Box::new(e.shifted(at.saturating_sub(o))),
            }
        })
    }
}

impl TupleValue for () {
    const WIDTH: Option<usize> = Some(2);
    const MAX_WIDTH: Option<usize> = Some(2);

    fn value_type() -> ValueType {
        ValueType::Tuple(Vec::new())
    }

    #[inline]
    fn packed_len(&self) -> usize {
        2
    }

    #[inline]
    fn pack(&self, w: &mut Writer<'_>) -> Result<(), EncodeError> {
        w.put(&[NESTED, NULL]);
        Ok(())
    }

    fn unpack(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
        expect_code(r, NESTED, "a nested tuple (type code 05)")?;
        expect_code(r, NULL, "the end of the empty tuple (00)")
    }
}

/// A nested tuple: `05`, the elements `body` writes, `00`.
#[inline(always)]
fn pack_framed(
    w: &mut Writer<'_>,
    body: impl FnOnce(&mut Writer<'_>) -> Result<(), EncodeError>,
) -> Result<(), EncodeError> {
    w.put_byte(NESTED);
    body(w)?;
    w.put_byte(NULL);
    Ok(())
}

/// Reads a nested tuple: `05`, the elements `body` reads, its end.
fn unpack_framed<T>(
    r: &mut Reader<'_>,
    body: impl FnOnce(&mut Reader<'_>) -> Result<T, DecodeError>,
) -> Result<T, DecodeError> {
    expect_code(r, NESTED, "a nested tuple (type code 05)")?;
    let v = body(r)?;
    end_of_tuple(r)?;
    Ok(v)
}

/// The `00` that ends a nested tuple (not a null's `00 FF`).
fn end_of_tuple(r: &mut Reader<'_>) -> Result<(), DecodeError> {
    let at = r.offset();
    match r.rest() {
        [NULL, ESCAPE, ..] | [] => Err(r.invalid(at, "the end of the nested tuple (00)")),
        [NULL, ..] => {
            r.advance(1);
            Ok(())
        }
        _ => Err(r.invalid(at, "the end of the nested tuple (00)")),
    }
}

/// `2 + widths`, `None` when a part has none.
const fn framed(parts: &[Option<usize>]) -> Option<usize> {
    match crate::encoding::sum(parts) {
        Some(n) => Some(n + 2),
        None => None,
    }
}

macro_rules! tuple_element {
    ($($name:ident)+) => {
        impl<$($name: TupleField),+> TupleValue for ($($name,)+) {
            const WIDTH: Option<usize> = framed(&[$($name::NESTED_WIDTH),+]);
            const MAX_WIDTH: Option<usize> = framed(&[$($name::MAX_NESTED),+]);

            fn value_type() -> ValueType {
                ValueType::Tuple(vec![$(<$name as TupleField>::value_type()),+])
            }

            #[allow(non_snake_case)]
            fn packed_len(&self) -> usize {
                let ($($name,)+) = self;
                2 $(+ $name.packed_len(true))+
            }

            #[allow(non_snake_case)]
            fn pack(&self, w: &mut Writer<'_>) -> Result<(), EncodeError> {
                let ($($name,)+) = self;
                pack_framed(w, |w| {
                    $($name.pack(w, true)?;)+
                    Ok(())
                })
            }

            fn unpack(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
                unpack_framed(r, |r| Ok(($($name::unpack(r, true)?,)+)))
            }
        }
    };
}

tuple_element!(A);
tuple_element!(A B);
tuple_element!(A B C);
tuple_element!(A B C D);
tuple_element!(A B C D E);
tuple_element!(A B C D E F);
tuple_element!(A B C D E F G);
tuple_element!(A B C D E F G H);
