//! `#[max(N)]`: a cap on a variable-length string or byte vector, checked on both sides. Encode
//! refuses a longer value ([`EncodeError::LongerThanMax`]) and decode refuses a key that holds
//! one ([`DecodeError::LongerThanMax`]: `encode` never writes it, so decode stays canonical).
//! The bytes of the values it accepts are the inner format's, unchanged.

use std::sync::Arc;

use super::field_format::FieldFormat;
use super::part::{closures, DynPart, Of, Part};
use super::Format;
use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError};
use crate::layout::value::{Value, ValueType};

/// What `#[max(N)]` measures: the bytes of a value (UTF-8 bytes of a `String`); `None` is 0.
#[diagnostic::on_unimplemented(
    message = "`#[max(N)]` caps a `String` or `Vec<u8>` (or an `Option` of one), not `{Self}`",
    label = "this type has no length to cap"
)]
pub trait CapLen {
    /// The value's length in bytes.
    fn cap_len(&self) -> usize;
}

impl CapLen for String {
    #[inline(always)]
    fn cap_len(&self) -> usize {
        self.len()
    }
}

impl CapLen for Vec<u8> {
    #[inline(always)]
    fn cap_len(&self) -> usize {
        self.len()
    }
}

impl<T: CapLen> CapLen for Option<T> {
    #[inline(always)]
    fn cap_len(&self) -> usize {
        self.as_ref().map_or(0, T::cap_len)
    }
}

/// Format `F` for values of at most `N` bytes; `MAX` is the most bytes `F` then writes in the
/// field's place in the key, as the derive counts them for its encoding (what follows the value
/// included, as `F`'s widths count it): the field's `MAX_WIDTH`.
#[derive(Debug, Clone, Copy)]
pub struct Capped<const N: usize, const MAX: usize, F>(F);

impl<T: CapLen, F: Format<T>, const N: usize, const MAX: usize> Format<T> for Capped<N, MAX, F> {
    const WIDTH: Option<usize> = F::WIDTH;
    const MAX_WIDTH: Option<usize> = Some(MAX);

    fn format() -> FieldFormat {
        FieldFormat::Capped {
            max: N,
            max_width: MAX,
            inner: Box::new(F::format()),
        }
    }

    fn value_type() -> ValueType {
        F::value_type()
    }

    #[inline(always)]
    fn len(v: &T, last: bool) -> usize {
        F::len(v, last)
    }

    #[inline(always)]
    fn write(v: &T, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        write(&Of::<F>::NEW, N, v, w, last)
    }

    #[inline(always)]
    fn read(r: &mut Reader<'_>, last: bool) -> Result<T, DecodeError> {
        read(&Of::<F>::NEW, N, r, last)
    }
}

#[inline(always)]
fn write<T: CapLen, P: Part<T> + ?Sized>(
    inner: &P,
    max: usize,
    v: &T,
    w: &mut Writer<'_>,
    last: bool,
) -> Result<(), EncodeError> {
    let len = v.cap_len();
    if len > max {
        return Err(EncodeError::LongerThanMax {
            field: w.field(),
            len,
            max,
        });
    }
    inner.write(v, w, last)
}

#[inline(always)]
fn read<T: CapLen, P: Part<T> + ?Sized>(
    inner: &P,
    max: usize,
    r: &mut Reader<'_>,
    last: bool,
) -> Result<T, DecodeError> {
    let offset = r.offset();
    let v = inner.read(r, last)?;
    let len = v.cap_len();
    if len > max {
        return Err(DecodeError::LongerThanMax {
            field: r.field(),
            offset,
            len,
            max,
        });
    }
    Ok(v)
}

/// What `#[max(N)]` measures of a value run from a description: a string's or byte vector's
/// bytes, `None` as 0.
impl CapLen for Value {
    fn cap_len(&self) -> usize {
        match self {
            Value::String(s) => s.len(),
            Value::Bytes(b) => b.len(),
            Value::Option(x) => x.as_deref().map_or(0, CapLen::cap_len),
            _ => 0,
        }
    }
}

/// `Capped` over `inner`, run from a description.
pub(crate) fn part(max: usize, max_width: usize, inner: DynPart) -> DynPart {
    let width = inner.width();
    let inner: Arc<dyn Part<Value> + Send + Sync> = inner.into();
    let (a, b, c) = (inner.clone(), inner.clone(), inner);
    closures(
        width,
        Some(max_width),
        move |v, last| a.len(v, last),
        move |v, w, last| write(&*b, max, v, w, last),
        move |r, last| read(&*c, max, r, last),
    )
}
