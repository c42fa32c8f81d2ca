//! Phoenix BOOLEAN, FLOAT, DOUBLE, UNSIGNED_FLOAT and UNSIGNED_DOUBLE (`PBoolean`, `PFloat`,
//! `PUnsignedFloat`, `PUnsignedDouble`). UNSIGNED_TINYINT and UNSIGNED_SMALLINT are in the
//! module's `unsigned!` family.
//!
//! - BOOLEAN ([`Boolean`]): one byte, `01` for true and `00` for false; a DESC column writes the
//!   *other* byte (`00` for true), not the inverted one. Decode takes `00` and `01` only (Phoenix
//!   also reads any other byte as true, and `FE`/`FF` as a DESC false, but never writes them).
//! - FLOAT ([`Float`]): `i = floatToIntBits(v)` (every NaN is `0x7FC00000`), stored as
//!   `(i ^ ((i >> 31) | MIN)) + 1`, like DOUBLE. Sorts as `f32::total_cmp` with NaN last.
//! - UNSIGNED_FLOAT ([`UnsignedFloat`]) and UNSIGNED_DOUBLE ([`UnsignedDouble`]): the IEEE bits
//!   as they stand. Phoenix refuses `v < 0` but writes `-0.0` and negative NaNs, with their sign
//!   bit, above every positive value; rowkey refuses them too, so the bytes keep the values'
//!   order. UNSIGNED_FLOAT keeps a NaN's bits; UNSIGNED_DOUBLE writes every NaN as
//!   `0x7FF8000000000000`.

use super::refuse;

/// Phoenix BOOLEAN (`bool`): `01` true, `00` false; with `DESC`, `00` true and `01` false.
#[derive(Debug, Clone, Copy)]
pub struct Boolean<const DESC: bool>;

fixed_width! {
    impl[const DESC: bool] Format<bool> for Boolean<DESC> {
        width: 1;
        format: crate::encoding::field_format::FieldFormat::Phoenix(super::format::PhoenixFormat::Boolean { desc: DESC });
        value: crate::layout::value::ValueType::Bool;
        fn write(v, w) {
            w.put(&[u8::from(*v != DESC)]);
            Ok(())
        }
        fn read(r) {
            let start = r.offset();
            match r.take_byte()? {
                b @ (0 | 1) => Ok((b == 1) != DESC),
                _ => Err(r.invalid(start, "a Phoenix BOOLEAN byte, 00 or 01")),
            }
        }
    }
}

const CANONICAL_NAN_32: u32 = 0x7FC0_0000;
const CANONICAL_NAN_64: u64 = 0x7FF8_0000_0000_0000;

/// Phoenix's signed floats: `i = floatToIntBits(v)` (every NaN canonical), stored as
/// `(i ^ ((i >> (BITS - 1)) | MIN)) + 1`.
macro_rules! signed_float {
    ($(#[$doc:meta])* $name:ident, $f:ty, $i:ty, $u:ty, $nan:expr, $what:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy)]
        pub struct $name;

        fixed_width! {
            impl[] Format<$f> for $name {
                width: core::mem::size_of::<$f>();
                format: crate::encoding::field_format::FieldFormat::Phoenix(super::format::PhoenixFormat::$name);
                value: <$f as crate::layout::value::Typed>::value_type();
                fn write(v, w) {
                    let i = if v.is_nan() { $nan } else { v.to_bits() } as $i;
                    let stored = (i ^ ((i >> (<$i>::BITS - 1)) | <$i>::MIN)).wrapping_add(1);
                    w.put(&stored.to_be_bytes());
                    Ok(())
                }
                fn read(r) {
                    let start = r.offset();
                    let m = <$i>::from_be_bytes(r.take()?).wrapping_sub(1);
                    let i = if m < 0 { m ^ <$i>::MIN } else { !m };
                    let v = <$f>::from_bits(i as $u);
                    if v.is_nan() && i as $u != $nan {
                        return Err(r.invalid(start, $what));
                    }
                    Ok(v)
                }
            }
        }
    };
}

signed_float!(
    /// Phoenix FLOAT (`f32`, `PFloat`): `i = Float.floatToIntBits(v)` (every NaN is
    /// `0x7FC00000`), stored as `(i ^ ((i >> 31) | Integer.MIN_VALUE)) + 1`. `-0.0` sorts
    /// before `0.0`, NaN after `+inf`.
    Float, f32, i32, u32, CANONICAL_NAN_32,
    "a FLOAT (Phoenix writes every NaN as 0x7FC00000)"
);

signed_float!(
    /// Phoenix DOUBLE (`f64`, `PDouble`): `l = Double.doubleToLongBits(v)` (every NaN is
    /// `0x7FF8000000000000`), stored as `(l ^ ((l >> 63) | Long.MIN_VALUE)) + 1`. Sorts as
    /// `f64::total_cmp` with NaN last; `-0.0` before `0.0`.
    Double, f64, i64, u64, CANONICAL_NAN_64,
    "a DOUBLE (Phoenix writes every NaN as 0x7FF8000000000000)"
);

const NEGATIVE: &str = "an UNSIGNED_FLOAT or UNSIGNED_DOUBLE is 0.0 or more, without a sign \
                        bit (Phoenix would write -0.0 and negative NaNs above every positive value)";

/// Phoenix UNSIGNED_FLOAT (`#[phoenix(UNSIGNED_FLOAT)] f32`): the IEEE bits, big-endian.
#[derive(Debug, Clone, Copy)]
pub struct UnsignedFloat;

fixed_width! {
    impl[] Format<f32> for UnsignedFloat {
        width: 4;
        format: crate::encoding::field_format::FieldFormat::Phoenix(super::format::PhoenixFormat::UnsignedFloat);
        value: crate::layout::value::ValueType::F32;
        fn write(v, w) {
            if v.is_sign_negative() {
                return Err(refuse(w, NEGATIVE));
            }
            w.put(&v.to_bits().to_be_bytes());
            Ok(())
        }
        fn read(r) {
            let start = r.offset();
            let bits = u32::from_be_bytes(r.take()?);
            if bits >> 31 != 0 {
                return Err(r.out_of_range(start));
            }
            Ok(f32::from_bits(bits))
        }
    }
}

/// Phoenix UNSIGNED_DOUBLE (`#[phoenix(UNSIGNED_DOUBLE)] f64`): `Double.doubleToLongBits`,
/// big-endian.
#[derive(Debug, Clone, Copy)]
pub struct UnsignedDouble;

fixed_width! {
    impl[] Format<f64> for UnsignedDouble {
        width: 8;
        format: crate::encoding::field_format::FieldFormat::Phoenix(super::format::PhoenixFormat::UnsignedDouble);
        value: crate::layout::value::ValueType::F64;
        fn write(v, w) {
            if v.is_sign_negative() {
                return Err(refuse(w, NEGATIVE));
            }
            let bits = if v.is_nan() { CANONICAL_NAN_64 } else { v.to_bits() };
            w.put(&bits.to_be_bytes());
            Ok(())
        }
        fn read(r) {
            let start = r.offset();
            let bits = u64::from_be_bytes(r.take()?);
            if bits >> 63 != 0 {
                return Err(r.out_of_range(start));
            }
            let v = f64::from_bits(bits);
            if v.is_nan() && bits != CANONICAL_NAN_64 {
                return Err(r.invalid(
                    start,
                    "an UNSIGNED_DOUBLE (Phoenix writes every NaN as 0x7FF8000000000000)",
                ));
            }
            Ok(v)
        }
    }
}
