//! Floats: the IEEE 754 total-order transform (positive: set the sign bit; negative: invert all
//! bits), so byte order equals `f64::total_cmp`: -NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN.

use super::KeyCodec;
use crate::error::{DecodeError, EncodeError};
use crate::io::{Reader, Writer};

macro_rules! float {
    ($($t:ty => $bits:ty),*) => {$(
        impl KeyCodec for $t {
            const WIDTH: Option<usize> = Some(core::mem::size_of::<$t>());
            const MAX_WIDTH: Option<usize> = Self::WIDTH;

            #[inline]
            fn encoded_len(&self, _last: bool) -> usize {
                core::mem::size_of::<$t>()
            }

            #[inline]
            fn encode(&self, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
                let bits = self.to_bits();
                let sign = 1 << (<$bits>::BITS - 1);
                let ordered = if bits & sign != 0 { !bits } else { bits | sign };
                w.put(&ordered.to_be_bytes());
                Ok(())
            }

            #[inline]
            fn decode(r: &mut Reader<'_>, _last: bool) -> Result<Self, DecodeError> {
                let ordered = <$bits>::from_be_bytes(r.take()?);
                let sign = 1 << (<$bits>::BITS - 1);
                let bits = if ordered & sign != 0 { ordered ^ sign } else { !ordered };
                Ok(<$t>::from_bits(bits))
            }
        }
    )*};
}

float!(f32 => u32, f64 => u64);
