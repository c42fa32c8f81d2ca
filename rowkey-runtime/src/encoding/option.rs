//! `Option<T>`: the [`Opt`] format over any other, `00` for None, `01` followed by the value for
//! Some, so None sorts first; and `Option<T>` as a [`KeyCodec`], [`Opt`] over [`Natural`].

use super::{Format, KeyCodec, Natural};
use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError};

impl<T: KeyCodec> KeyCodec for Option<T> {
    const WIDTH: Option<usize> = <Opt<Natural> as Format<Option<T>>>::WIDTH;
    const MAX_WIDTH: Option<usize> = <Opt<Natural> as Format<Option<T>>>::MAX_WIDTH;

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
