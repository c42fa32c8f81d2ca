//! Integers: big-endian; signed ones with the sign bit flipped so negatives sort first.

big_endian_codec! {
    u8 as u8: |v| v, |x| x;
    u16 as u16: |v| v, |x| x;
    u32 as u32: |v| v, |x| x;
    u64 as u64: |v| v, |x| x;
    u128 as u128: |v| v, |x| x;
    i8 as i8: |v| v ^ i8::MIN, |x| x ^ i8::MIN;
    i16 as i16: |v| v ^ i16::MIN, |x| x ^ i16::MIN;
    i32 as i32: |v| v ^ i32::MIN, |x| x ^ i32::MIN;
    i64 as i64: |v| v ^ i64::MIN, |x| x ^ i64::MIN;
    i128 as i128: |v| v ^ i128::MIN, |x| x ^ i128::MIN;
}
