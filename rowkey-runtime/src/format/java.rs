//! Java-compatible layouts: `#[java]` (plain two's complement, like HBase's `Bytes.toBytes`) and
//! `#[reverse_ts]` (`Bytes.toBytes(Long.MAX_VALUE - ts)`, newest first).

use super::Format;
use crate::error::{DecodeError, EncodeError};
use crate::io::{Reader, Writer};

/// `#[java]`: a signed integer as big-endian two's complement, byte-for-byte HBase's
/// `Bytes.toBytes(long|int|short)`. Unlike the default encoding, negatives sort AFTER positives
/// (byte order is the order of the value's unsigned reinterpretation); use it to read and write
/// tables that Java code owns.
#[derive(Debug, Clone, Copy)]
pub struct Java;

/// `#[reverse_ts]`: stores `MAX - ts` exactly as `Bytes.toBytes(Long.MAX_VALUE - ts)` writes it
/// (`Integer.MAX_VALUE` for 32-bit fields), so the newest timestamp sorts first. Timestamps must
/// be in `0..=MAX`.
#[derive(Debug, Clone, Copy)]
pub struct ReverseTs;

macro_rules! java {
    ($($t:ty),*) => {$(
        impl Format<$t> for Java {
            const WIDTH: Option<usize> = Some(core::mem::size_of::<$t>());
            const MAX_WIDTH: Option<usize> = Some(core::mem::size_of::<$t>());

            #[inline]
            fn len(_v: &$t, _last: bool) -> usize {
                core::mem::size_of::<$t>()
            }

            #[inline]
            fn write(v: &$t, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
                w.put(&v.to_be_bytes());
                Ok(())
            }

            #[inline]
            fn read(r: &mut Reader<'_>, _last: bool) -> Result<$t, DecodeError> {
                Ok(<$t>::from_be_bytes(r.take()?))
            }
        }
    )*};
}

java!(i8, i16, i32, i64, i128);

macro_rules! reverse_ts {
    ($($t:ty => $s:ty),*) => {$(
        impl Format<$t> for ReverseTs {
            const WIDTH: Option<usize> = Some(core::mem::size_of::<$s>());
            const MAX_WIDTH: Option<usize> = Some(core::mem::size_of::<$s>());

            #[inline]
            fn len(_v: &$t, _last: bool) -> usize {
                core::mem::size_of::<$s>()
            }

            #[inline]
            fn write(v: &$t, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
                let ts = check_ts(*v, w.field())?;
                w.put(&(<$s>::MAX - ts).to_be_bytes());
                Ok(())
            }

            #[inline]
            fn read(r: &mut Reader<'_>, _last: bool) -> Result<$t, DecodeError> {
                let at = r.offset();
                let stored = <$s>::from_be_bytes(r.take()?);
                if stored < 0 {
                    return Err(r.out_of_range(at));
                }
                #[allow(clippy::unnecessary_cast, trivial_numeric_casts)]
                Ok((<$s>::MAX - stored) as $t)
            }
        }
    )*};
}

reverse_ts!(i64 => i64, u64 => i64, i32 => i32, u32 => i32);

/// Range checks a timestamp, returning it in the signed storage type.
trait Timestamp<S> {
    fn check(self, field: &'static str) -> Result<S, EncodeError>;
}

#[inline]
fn check_ts<T: Timestamp<S>, S>(ts: T, field: &'static str) -> Result<S, EncodeError> {
    ts.check(field)
}

macro_rules! signed_ts {
    ($($t:ty),*) => {$(
        impl Timestamp<$t> for $t {
            #[inline]
            fn check(self, field: &'static str) -> Result<$t, EncodeError> {
                if self < 0 {
                    return Err(EncodeError::NegativeTimestamp { field, value: i64::from(self) });
                }
                Ok(self)
            }
        }
    )*};
}

macro_rules! unsigned_ts {
    ($($t:ty => $s:ty),*) => {$(
        impl Timestamp<$s> for $t {
            #[inline]
            fn check(self, field: &'static str) -> Result<$s, EncodeError> {
                <$s>::try_from(self).map_err(|_| EncodeError::TimestampTooLarge {
                    field,
                    value: u64::from(self),
                    max: <$s>::MAX as u64,
                })
            }
        }
    )*};
}

signed_ts!(i64, i32);
unsigned_ts!(u64 => i64, u32 => i32);
