//! `#[reverse]`: a fixed-width field's bytes (or digits) back to front, so the fastest-changing
//! one leads (the HBase book's "reversing the key"; phone numbers).

use super::Format;
use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError};

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
