//! Integers: big-endian; signed ones with the sign bit flipped so negatives sort first.

use super::KeyCodec;
use crate::error::{DecodeError, EncodeError};
use crate::io::{Reader, Writer};

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl KeyCodec for $t {
            const WIDTH: Option<usize> = Some(core::mem::size_of::<$t>());
            const MAX_WIDTH: Option<usize> = Self::WIDTH;

            #[inline]
            fn encoded_len(&self, _last: bool) -> usize {
                core::mem::size_of::<$t>()
            }

            #[inline]
            fn encode(&self, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
                w.put(&self.to_be_bytes());
                Ok(())
            }

            #[inline]
            fn decode(r: &mut Reader<'_>, _last: bool) -> Result<Self, DecodeError> {
                Ok(<$t>::from_be_bytes(r.take()?))
            }
        }
    )*};
}

macro_rules! signed {
    ($($t:ty),*) => {$(
        impl KeyCodec for $t {
            const WIDTH: Option<usize> = Some(core::mem::size_of::<$t>());
            const MAX_WIDTH: Option<usize> = Self::WIDTH;

            #[inline]
            fn encoded_len(&self, _last: bool) -> usize {
                core::mem::size_of::<$t>()
            }

            #[inline]
            fn encode(&self, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
                w.put(&(*self ^ <$t>::MIN).to_be_bytes());
                Ok(())
            }

            #[inline]
            fn decode(r: &mut Reader<'_>, _last: bool) -> Result<Self, DecodeError> {
                Ok(<$t>::from_be_bytes(r.take()?) ^ <$t>::MIN)
            }
        }
    )*};
}

unsigned!(u8, u16, u32, u64, u128);
signed!(i8, i16, i32, i64, i128);
