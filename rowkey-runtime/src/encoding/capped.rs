//! `#[max(N)]`: a cap on a variable-length string or byte vector, checked on both sides. Encode
//! refuses a longer value ([`EncodeError::LongerThanMax`]) and decode refuses a key that holds
//! one ([`DecodeError::LongerThanMax`]: `encode` never writes it, so decode stays canonical).
//! The bytes of the values it accepts are the inner format's, unchanged.

use super::Format;
use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError};

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

    #[inline(always)]
    fn len(v: &T, last: bool) -> usize {
        F::len(v, last)
    }

    #[inline(always)]
    fn write(v: &T, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        let len = v.cap_len();
        if len > N {
            return Err(EncodeError::LongerThanMax {
                field: w.field(),
                len,
                max: N,
            });
        }
        F::write(v, w, last)
    }

    #[inline(always)]
    fn read(r: &mut Reader<'_>, last: bool) -> Result<T, DecodeError> {
        let offset = r.offset();
        let v = F::read(r, last)?;
        let len = v.cap_len();
        if len > N {
            return Err(DecodeError::LongerThanMax {
                field: r.field(),
                offset,
                len,
                max: N,
            });
        }
        Ok(v)
    }
}
