//! `#[reverse]`: a fixed-width field's bytes (or digits) back to front, so the fastest-changing
//! one leads (the HBase book's "reversing the key"; phone numbers).

use std::sync::Arc;

use super::field_format::FieldFormat;
use super::part::{closures, DynPart, Of, Part};
use super::Format;
use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError};
use crate::layout::value::{Value, ValueType};

/// `#[reverse]`: the inner fixed-width format's bytes in reverse order, so the fastest-changing
/// byte or digit leads (the HBase book's "reversing the key").
#[derive(Debug, Clone, Copy)]
pub struct Reverse<F>(F);

/// Reversed fields up to this width are decoded through a stack buffer.
const REVERSE_STACK: usize = 40;

impl<T, F: Format<T>> Format<T> for Reverse<F> {
    const WIDTH: Option<usize> = F::WIDTH;
    const MAX_WIDTH: Option<usize> = F::WIDTH;

    fn format() -> FieldFormat {
        FieldFormat::Reverse(Box::new(F::format()))
    }

    fn value_type() -> ValueType {
        F::value_type()
    }

    #[inline]
    fn len(v: &T, _last: bool) -> usize {
        F::len(v, false)
    }

    #[inline]
    fn write(v: &T, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        write(&Of::<F>::NEW, v, w)
    }

    fn read(r: &mut Reader<'_>, _last: bool) -> Result<T, DecodeError> {
        read(&Of::<F>::NEW, r)
    }
}

#[inline(always)]
fn write<T, P: Part<T> + ?Sized>(inner: &P, v: &T, w: &mut Writer<'_>) -> Result<(), EncodeError> {
    let start = w.position();
    inner.write(v, w, false)?;
    w.reverse_from(start);
    Ok(())
}

fn read<T, P: Part<T> + ?Sized>(inner: &P, r: &mut Reader<'_>) -> Result<T, DecodeError> {
    let start = r.offset();
    let Some(n) = inner.width() else {
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
    let mut inner_reader = Reader::with_base(tmp, start);
    inner_reader.begin(r.field(), r.flip());
    let v = inner.read(&mut inner_reader, false)?;
    inner_reader.finish()?;
    Ok(v)
}

/// `Reverse` over `inner`, run from a description.
pub(crate) fn part(inner: DynPart) -> DynPart {
    let width = inner.width();
    let inner: Arc<dyn Part<Value> + Send + Sync> = inner.into();
    let (a, b, c) = (inner.clone(), inner.clone(), inner);
    closures(
        width,
        width,
        move |v, _| a.len(v, false),
        move |v, w, _| write(&*b, v, w),
        move |r, _| read(&*c, r),
    )
}
