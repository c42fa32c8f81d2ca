//! `Option<T>` as a [`KeyCodec`]: the [`Opt`] format over [`Natural`], `00` for None, `01`
//! followed by T for Some, so None sorts first.

use super::{Format, Natural, Opt};
use crate::codec::KeyCodec;
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
