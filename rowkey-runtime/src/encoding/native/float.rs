//! Floats: the IEEE 754 total-order transform (positive: set the sign bit; negative: invert all
//! bits), so byte order equals `f64::total_cmp`: -NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN.

/// The word of `bits` in total order: positives get the sign bit, negatives are inverted.
macro_rules! ordered {
    ($bits:expr, $u:ty) => {{
        let (bits, sign): ($u, $u) = ($bits, 1 << (<$u>::BITS - 1));
        if bits & sign != 0 {
            !bits
        } else {
            bits | sign
        }
    }};
}

/// The bits of an ordered word: the inverse of [`ordered!`].
macro_rules! unordered {
    ($word:expr, $u:ty) => {{
        let (word, sign): ($u, $u) = ($word, 1 << (<$u>::BITS - 1));
        if word & sign != 0 {
            word ^ sign
        } else {
            !word
        }
    }};
}

big_endian_codec! {
    f32 as u32: |v| ordered!(v.to_bits(), u32), |x| f32::from_bits(unordered!(x, u32));
    f64 as u64: |v| ordered!(v.to_bits(), u64), |x| f64::from_bits(unordered!(x, u64));
}
