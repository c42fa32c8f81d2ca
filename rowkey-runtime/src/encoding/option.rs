//! `Option<T>`: the [`Opt`] format over any other, `00` for None, `01` followed by the value for
//! Some, so None sorts first; and `Option<T>` as a [`KeyCodec`], [`Opt`] over [`Natural`].

use super::field_format::FieldFormat;
use super::part::{closures, wrong_type, DynPart, Of, Part};
use super::{Format, KeyCodec, Natural};
use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError};
use crate::layout::value::{Value, ValueType};

impl<T: KeyCodec> KeyCodec for Option<T> {
    const WIDTH: Option<usize> = <Opt<Natural> as Format<Option<T>>>::WIDTH;
    const MAX_WIDTH: Option<usize> = <Opt<Natural> as Format<Option<T>>>::MAX_WIDTH;

    fn value_type() -> ValueType {
        ValueType::Option(Box::new(T::value_type()))
    }

    #[inline]
    fn encoded_len(&self, last: bool) -> usize {
        <Opt<Natural> as Format<Option<T>>>::len(self, last)
    }

    #[inline]
    fn encode(&self, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        <Opt<Natural> as Format<Option<T>>>::write(self, w, last)
    }

    #[inline]
    fn decode(r: &mut Reader<'_>, last: bool) -> Result<Self, DecodeError> {
        <Opt<Natural> as Format<Option<T>>>::read(r, last)
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

    fn format() -> FieldFormat {
        FieldFormat::Opt(Box::new(F::format()))
    }

    fn value_type() -> ValueType {
        ValueType::Option(Box::new(F::value_type()))
    }

    #[inline]
    fn len(v: &Option<T>, last: bool) -> usize {
        len(&Of::<F>::NEW, v.as_ref(), last)
    }

    #[inline]
    fn write(v: &Option<T>, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        write(&Of::<F>::NEW, v.as_ref(), w, last)
    }

    #[inline]
    fn read(r: &mut Reader<'_>, last: bool) -> Result<Option<T>, DecodeError> {
        read(&Of::<F>::NEW, r, last)
    }
}

#[inline(always)]
fn len<T, P: Part<T> + ?Sized>(inner: &P, v: Option<&T>, last: bool) -> usize {
    match v {
        None => 1,
        Some(x) => 1 + inner.len(x, last),
    }
}

#[inline(always)]
fn write<T, P: Part<T> + ?Sized>(
    inner: &P,
    v: Option<&T>,
    w: &mut Writer<'_>,
    last: bool,
) -> Result<(), EncodeError> {
    match v {
        None => {
            w.put_byte(0);
            Ok(())
        }
        Some(x) => {
            w.put_byte(1);
            inner.write(x, w, last)
        }
    }
}

#[inline(always)]
fn read<T, P: Part<T> + ?Sized>(
    inner: &P,
    r: &mut Reader<'_>,
    last: bool,
) -> Result<Option<T>, DecodeError> {
    let at = r.offset();
    match r.take_byte()? {
        0 => Ok(None),
        1 => inner.read(r, last).map(Some),
        _ => Err(r.invalid(at, "an Option tag, 00 (None) or 01 (Some)")),
    }
}

/// `Opt` over `inner`, run from a description.
pub(crate) fn part(inner: DynPart) -> DynPart {
    let width = match inner.width() {
        Some(0) => Some(1),
        _ => None,
    };
    let max_width = inner.max_width().map(|w| w + 1);
    let inner: std::sync::Arc<dyn Part<Value> + Send + Sync> = inner.into();
    let (a, b, c) = (inner.clone(), inner.clone(), inner);
    closures(
        width,
        max_width,
        move |v, last| len(&*a, some(v), last),
        move |v, w, last| match v {
            Value::Option(x) => write(&*b, x.as_deref(), w, last),
            _ => Err(wrong_type(w.field())),
        },
        move |r, last| read(&*c, r, last).map(|x| Value::Option(x.map(Box::new))),
    )
}

/// The value under an `Option`'s value, `None` for `None` (and a value of another type).
fn some(v: &Value) -> Option<&Value> {
    match v {
        Value::Option(x) => x.as_deref(),
        _ => None,
    }
}
