//! google/orderedcode's signed integer format, which Bigtable's `Int64` and `Int32` with
//! `OrderedCodeBytes` write (before the struct's `00` escaping): `n` leading 1 bits, a 0 bit,
//! then the value in the `7n - 1` bits left of `n` bytes, `n` the fewest that fit (1 to 10); a
//! negative `x` is the bitwise NOT of the encoding of `!x`. So 0 is `80`, -1 is `7F`, 63 is
//! `BF`, 64 is `C0 40`, and the bytes sort as the integers do.

/// The encoding of `x`: its bytes are `buf[10 - len..]`, returned as `(buf, len)` (the
/// tests' form; the format writes `encode_word`).
#[cfg(test)]
pub fn encode(x: i64) -> ([u8; 10], usize) {
    let (word, n) = encode_word(x);
    let mut buf = [0u8; 10];
    buf.copy_from_slice(&word.to_be_bytes()[6..]);
    (buf, n)
}

/// The encoding of `x` as a word: the `n` bytes are the low bytes of the result, big-endian (the bytes
/// above them zero), so a writer can store them from a register.
#[inline]
pub fn encode_word(x: i64) -> (u128, usize) {
    let negative = x < 0;
    let v = if negative { !x } else { x } as u64;
    // The fewest bytes n whose 7n - 1 value bits hold v.
    let bits = 64 - v.leading_zeros() as usize;
    let n = (bits + 1).div_ceil(7).max(1);
    if n <= 8 {
        // Every value below 2^55: the header and the value fit a u64 (no 128-bit shifts).
        let header = ((1u64 << n) - 1) << (7 * n);
        let word = header | v;
        let word = if negative {
            !word & (u64::MAX >> (64 - 8 * n))
        } else {
            word
        };
        return (u128::from(word), n);
    }
    let header: u128 = ((1u128 << n) - 1) << (7 * n);
    let word = header | u128::from(v);
    // A negative value is the complement of all n bytes, header included.
    let word = if negative {
        !word & (u128::MAX >> (128 - 8 * n))
    } else {
        word
    };
    (word, n)
}

/// Why bytes are not an encoding: for [`DecodeError`](crate::DecodeError)'s `expected`.
pub const EXPECTED: &str = "an OrderedCode integer (a header of n 1 bits then a 0 bit, n the \
                            fewest bytes that fit)";

/// Decodes one integer from the start of `bytes` (which must hold exactly it): the value, or
/// `None` when the bytes are not the shortest encoding of an `i64` (google/orderedcode's
/// `errCorrupt`), or are too short or too long.
pub fn decode(bytes: &[u8]) -> Option<i64> {
    let n = bytes.len();
    if n == 0 || n > 10 {
        return None;
    }
    let mut word = [0u8; 16];
    word[16 - n..].copy_from_slice(bytes);
    decode_word(u128::from_be_bytes(word), n)
}

/// [`decode`] of the `n` bytes (1 to 10) that are the low bytes of `word`, big-endian (the
/// bytes above them zero): in a `u64` up to 8 bytes (every value below 2^55).
#[inline(always)]
pub(crate) fn decode_word(word: u128, n: usize) -> Option<i64> {
    if n == 0 || n > 10 {
        return None;
    }
    // The header (n 1 bits, then a 0 bit) and the value in the 7n - 1 bits below it, after
    // a negative's complement; n the fewest bytes that hold the value.
    let value_bits = 7 * n - 1;
    if n <= 8 {
        let w = word as u64;
        let negative = w >> (8 * n - 1) == 0;
        let w = if negative {
            !w & (u64::MAX >> (64 - 8 * n))
        } else {
            w
        };
        let v = w & ((1u64 << value_bits) - 1);
        if w >> value_bits != ((1u64 << n) - 1) << 1 || (n > 1 && v < 1u64 << (value_bits - 7)) {
            return None;
        }
        let v = v as i64;
        return Some(if negative { !v } else { v });
    }
    let negative = word >> (8 * n - 1) == 0;
    let w = if negative {
        !word & (u128::MAX >> (128 - 8 * n))
    } else {
        word
    };
    let v = w & ((1u128 << value_bits) - 1);
    if w >> value_bits != ((1u128 << n) - 1) << 1
        || v > i64::MAX as u128
        || v < 1u128 << (value_bits - 7)
    {
        return None;
    }
    let v = v as i64;
    Some(if negative { !v } else { v })
}

/// The length of the encoding that starts with `first` and `second` (the byte after it, or
/// `None` at the end of the key), which the tests hold against the encoder.
#[cfg(test)]
pub fn len(first: u8, second: Option<u8>) -> usize {
    let flip = if first & 0x80 == 0 { 0xFF } else { 0x00 };
    u16::from_be_bytes([first ^ flip, second.map_or(0, |b| b ^ flip)]).leading_ones() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(x: i64) -> Vec<u8> {
        let (buf, n) = encode(x);
        buf[10 - n..].to_vec()
    }

    #[test]
    fn round_trips_at_every_length_boundary() {
        for n in 1..=10u32 {
            let edge = 1i128 << (7 * n - 1).min(63);
            for v in [edge - 1, edge, -edge, -edge - 1] {
                let Ok(v) = i64::try_from(v) else { continue };
                assert_eq!(decode(&bytes(v)), Some(v), "{v}");
                let (_, len_of) = encode(v);
                let b = bytes(v);
                assert_eq!(len(b[0], b.get(1).copied()), len_of, "{v}");
            }
        }
    }
}
