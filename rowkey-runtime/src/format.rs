//! Formats: how a field attribute or a whole-key encoding writes the bytes of a value.
//! `#[derive(RowKey)]` composes one zero-sized format type per field (`Reverse<Decimal<11>>`,
//! `Opt<Fixed<8>>`, `phoenix::Varchar<true>`, ...) and calls it through [`Format`]; a field
//! without attributes uses [`Natural`], its type's [`KeyCodec`](crate::KeyCodec). Generated code
//! reaches them through `__private`; this module is private.
//!
//! The attribute formats are in the files below; each other system's whole-key encoding is a
//! module of its own: `bigtable`, `fdb_tuple`, `ordered` (HBase's `OrderedBytes`), `phoenix`.

/// The [`Format`] impl of a format whose every value takes `width` bytes: `WIDTH` and
/// `MAX_WIDTH` are the width, `len` returns it and `last` changes nothing; the format gives its
/// `write` and `read`.
macro_rules! fixed_width {
    (
        impl[$($gen:tt)*] Format<$t:ty> for $fmt:ty {
            width: $width:expr;
            fn write($v:ident, $w:ident) $write:block
            fn read($r:ident) $read:block
        }
    ) => {
        impl<$($gen)*> $crate::format::Format<$t> for $fmt {
            const WIDTH: Option<usize> = Some($width);
            const MAX_WIDTH: Option<usize> = Some($width);

            #[inline]
            fn len(_v: &$t, _last: bool) -> usize {
                $width
            }

            #[inline]
            fn write(
                $v: &$t,
                $w: &mut $crate::cursor::Writer<'_>,
                _last: bool,
            ) -> Result<(), $crate::error::EncodeError> $write

            #[inline]
            fn read(
                $r: &mut $crate::cursor::Reader<'_>,
                _last: bool,
            ) -> Result<$t, $crate::error::DecodeError> $read
        }
    };
}

pub mod bigtable;
mod capped;
mod digits;
pub mod fdb_tuple;
mod fixed;
mod java;
mod option;
pub mod ordered;
pub mod phoenix;
mod text;

pub use capped::{CapLen, Capped};
pub use digits::{Decimal, Hex, Unsigned};
pub use fixed::{Fixed, FixedWidth, JavaFixed};
pub use java::{
    Java, JavaFloat, JavaInt, JavaReverseTs, JavaStr, NulTerminated, ReverseTs, Terminated,
    Timestamp,
};
pub use text::{
    expect_delimiter, Complement, Delimited, TextFixed, TextInt, TextReverseTs, TextStr,
};

use crate::codec::KeyCodec;
use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError};
use crate::explain::Explainer;

/// Sums part widths in a const context: `None` if any part is `None`.
pub(crate) const fn sum(parts: &[Option<usize>]) -> Option<usize> {
    let mut total = 0;
    let mut i = 0;
    while i < parts.len() {
        match parts[i] {
            Some(w) => total += w,
            None => return None,
        }
        i += 1;
    }
    Some(total)
}

/// The byte format of a field of type `T`. Same contract as [`KeyCodec`], with the format as a
/// type so that attributes compose.
#[diagnostic::on_unimplemented(
    message = "this field's attribute does not apply to a field of type `{T}`",
    label = "`{Self}` cannot write `{T}`"
)]
pub trait Format<T> {
    /// `Some(n)` when every value encodes to exactly `n` bytes.
    const WIDTH: Option<usize>;
    /// An upper bound on the encoded length in a non-last position, `None` if unbounded.
    const MAX_WIDTH: Option<usize>;
    /// `WIDTH` inside a FoundationDB nested tuple, where a null takes `00 FF`: what a key of
    /// the `fdb_tuple` encoding counts when another key nests it. Only its format differs.
    #[doc(hidden)]
    const NESTED_WIDTH: Option<usize> = Self::WIDTH;
    /// `MAX_WIDTH` inside a FoundationDB nested tuple (see `NESTED_WIDTH`).
    #[doc(hidden)]
    const MAX_NESTED: Option<usize> = Self::MAX_WIDTH;
    /// The exact number of bytes [`write`](Self::write) writes.
    fn len(v: &T, last: bool) -> usize;
    /// Writes `v`.
    fn write(v: &T, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError>;
    /// Reads a value.
    fn read(r: &mut Reader<'_>, last: bool) -> Result<T, DecodeError>;

    /// Encodes `v` alone, as the field `name` writes it in its key (`flip` its bytes' XOR,
    /// `last` as the last field): what a generated scan builder's methods call, named through
    /// the same `<F as Format<T>>` path as the key's own calls so a type error shows once.
    #[doc(hidden)]
    #[inline]
    fn encode_alone(
        v: &T,
        name: &'static str,
        flip: u8,
        last: bool,
    ) -> Result<Vec<u8>, EncodeError> {
        let mut buf = Vec::new();
        Self::encode_alone_into(v, &mut buf, (name, flip, last))?;
        Ok(buf)
    }

    /// Reads the field `name` (`flip`, `last` as in [`encode_alone`](Self::encode_alone)) into
    /// an `explain` table, its value rendered by `render`, unless a part before it failed: what
    /// a generated `explain` calls for each field, so the derive writes one line per field.
    #[doc(hidden)]
    #[inline]
    fn explain_part(
        x: &mut Explainer<'_>,
        (name, flip, last): (&'static str, u8, bool),
        render: fn(&T) -> String,
    ) {
        x.read_part((name, flip), |r| Self::read(r, last), render);
    }

    /// [`encode_alone`](Self::encode_alone), appended to `out` (left as it was on an error).
    #[doc(hidden)]
    #[inline]
    fn encode_alone_into(
        v: &T,
        out: &mut Vec<u8>,
        (name, flip, last): (&'static str, u8, bool),
    ) -> Result<(), EncodeError> {
        let start = out.len();
        out.resize(start + Self::len(v, last), 0);
        let mut w = Writer::new(&mut out[start..]);
        w.begin(name, flip);
        let written = Self::write(v, &mut w, last).and_then(|()| w.finish());
        if written.is_err() {
            out.truncate(start);
        }
        written
    }
}

/// The type's own [`KeyCodec`] (no attribute).
#[derive(Debug, Clone, Copy)]
pub struct Natural;

impl<T: KeyCodec> Format<T> for Natural {
    const WIDTH: Option<usize> = T::WIDTH;
    const MAX_WIDTH: Option<usize> = T::MAX_WIDTH;

    #[inline(always)]
    fn len(v: &T, last: bool) -> usize {
        v.encoded_len(last)
    }

    #[inline(always)]
    fn write(v: &T, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        v.encode(w, last)
    }

    #[inline(always)]
    fn read(r: &mut Reader<'_>, last: bool) -> Result<T, DecodeError> {
        T::decode(r, last)
    }
}

/// `Option<T>` with format `F` for the inner value: `00` for None, `01` + value for Some.
#[derive(Debug, Clone, Copy)]
pub struct Opt<F>(F);

impl<T, F: Format<T>> Format<Option<T>> for Opt<F> {
    const WIDTH: Option<usize> = match F::WIDTH {
        Some(0) => Some(1),
        _ => None,
    };
    const MAX_WIDTH: Option<usize> = match F::MAX_WIDTH {
        Some(w) => Some(w + 1),
        None => None,
    };

    #[inline]
    fn len(v: &Option<T>, last: bool) -> usize {
        match v {
            None => 1,
            Some(x) => 1 + F::len(x, last),
        }
    }

    #[inline]
    fn write(v: &Option<T>, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        match v {
            None => {
                w.put_byte(0);
                Ok(())
            }
            Some(x) => {
                w.put_byte(1);
                F::write(x, w, last)
            }
        }
    }

    #[inline]
    fn read(r: &mut Reader<'_>, last: bool) -> Result<Option<T>, DecodeError> {
        let at = r.offset();
        match r.take_byte()? {
            0 => Ok(None),
            1 => F::read(r, last).map(Some),
            _ => Err(r.invalid(at, "an Option tag, 00 (None) or 01 (Some)")),
        }
    }
}

/// `#[reverse]`: the inner fixed-width format's bytes in reverse order, so the fastest-changing
/// byte or digit leads (the HBase book's "reversing the key").
#[derive(Debug, Clone, Copy)]
pub struct Reverse<F>(F);

/// Reversed fields up to this width are decoded through a stack buffer.
const REVERSE_STACK: usize = 40;

impl<T, F: Format<T>> Format<T> for Reverse<F> {
    const WIDTH: Option<usize> = F::WIDTH;
    const MAX_WIDTH: Option<usize> = F::WIDTH;

    #[inline]
    fn len(v: &T, _last: bool) -> usize {
        F::len(v, false)
    }

    #[inline]
    fn write(v: &T, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        let start = w.position();
        F::write(v, w, false)?;
        w.reverse_from(start);
        Ok(())
    }

    fn read(r: &mut Reader<'_>, _last: bool) -> Result<T, DecodeError> {
        let start = r.offset();
        let Some(n) = F::WIDTH else {
            return Err(r.invalid(start, "a fixed-width field under #[reverse]"));
        };
        let raw = r.take_raw(n)?;
        let mut stack = [0u8; REVERSE_STACK];
        let mut heap = Vec::new();
        let tmp: &mut [u8] = if n <= REVERSE_STACK {
            &mut stack[..n]
        } else {
            heap.resize(n, 0);
            &mut heap
        };
        for (d, s) in tmp.iter_mut().zip(raw.iter().rev()) {
            *d = *s;
        }
        let mut inner = Reader::with_base(tmp, start);
        inner.begin(r.field(), r.flip());
        let v = F::read(&mut inner, false)?;
        inner.finish()?;
        Ok(v)
    }
}
