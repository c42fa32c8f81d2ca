//! bool (one byte, 0 or 1) and char (its scalar value as a big-endian u32).

use super::KeyCodec;
use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError};

impl KeyCodec for bool {
    const WIDTH: Option<usize> = Some(1);
    const MAX_WIDTH: Option<usize> = Some(1);

    fn value_type() -> crate::layout::value::ValueType {
        crate::layout::value::ValueType::Bool
    }

    #[inline]
    fn encoded_len(&self, _last: bool) -> usize {
        1
    }

    #[inline]
    fn encode(&self, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        w.put_byte(u8::from(*self));
        Ok(())
    }

    #[inline]
    fn decode(r: &mut Reader<'_>, _last: bool) -> Result<Self, DecodeError> {
        let at = r.offset();
        match r.take_byte()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(r.invalid(at, "a bool byte, 00 or 01")),
        }
    }
}

impl KeyCodec for char {
    const WIDTH: Option<usize> = Some(4);
    const MAX_WIDTH: Option<usize> = Some(4);

    fn value_type() -> crate::layout::value::ValueType {
        crate::layout::value::ValueType::Char
    }

    #[inline]
    fn encoded_len(&self, _last: bool) -> usize {
        4
    }

    #[inline]
    fn encode(&self, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        w.put(&u32::from(*self).to_be_bytes());
        Ok(())
    }

    #[inline]
    fn decode(r: &mut Reader<'_>, _last: bool) -> Result<Self, DecodeError> {
        let at = r.offset();
        char::from_u32(u32::from_be_bytes(r.take()?))
            .ok_or_else(|| r.invalid(at, "a Unicode scalar value"))
    }
}
