//! Byte strings: `Vec<u8>`, `String` and `[u8; N]`.
//!
//! A variable-length field that is not last is escaped and terminated (the FoundationDB /
//! CockroachDB scheme): every `00` byte becomes `00 FF` and the field ends with `00 01`. This
//! keeps byte order equal to logical order (a prefix sorts first) and lets any byte, including
//! `00` and `FF`, appear in the value. The last field is stored raw up to the end of the key.

use super::KeyCodec;
use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError};

/// True when `bytes` holds a `00`: eight bytes at a time (the word has a zero byte when
/// `(x - 0x01..01) & !x & 0x80..80` is not zero), the tail as one overlapping word. Short keys'
/// strings are where `<[u8]>::contains` falls back to a byte loop.
#[inline]
pub(crate) fn has_zero(bytes: &[u8]) -> bool {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let zero_in = |w: u64| w.wrapping_sub(LO) & !w & HI != 0;
    let n = bytes.len();
    if n >= 8 {
        let mut chunks = bytes.chunks_exact(8);
        let found = chunks.any(|c| zero_in(u64::from_ne_bytes(c.try_into().unwrap_or([1; 8]))));
        let tail = u64::from_ne_bytes(bytes[n - 8..].try_into().unwrap_or([1; 8]));
        found || zero_in(tail)
    } else if n >= 4 {
        let word = |c: &[u8]| u32::from_ne_bytes(c.try_into().unwrap_or([1; 4]));
        let both = u64::from(word(&bytes[..4])) | (u64::from(word(&bytes[n - 4..])) << 32);
        zero_in(both)
    } else {
        bytes.contains(&0)
    }
}

/// The index of the first byte equal to `needle`, eight bytes at a time (the first byte the
/// zero-byte mask flags is the first match; later flags may be false).
#[inline]
pub(crate) fn find_byte(bytes: &[u8], needle: u8) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let splat = LO.wrapping_mul(u64::from(needle));
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().unwrap_or([0; 8])) ^ splat;
        let mask = w.wrapping_sub(LO) & !w & HI;
        if mask != 0 {
            return Some(at + (mask.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| b == needle)
        .map(|p| at + p)
}

/// Length of `bytes` once escaped and terminated. One word-at-a-time scan when there is no
/// `00` (the usual case), a count only when there is.
#[inline]
fn escaped_len(bytes: &[u8]) -> usize {
    let zeros = if has_zero(bytes) {
        bytes.iter().filter(|&&b| b == 0).count()
    } else {
        0
    };
    bytes.len() + zeros + 2
}

/// Writes `bytes` escaped (`00` → `00 FF`) and terminated (`00 01`): one copy when there is no
/// `00`.
#[inline]
fn write_escaped(w: &mut Writer<'_>, bytes: &[u8]) {
    if has_zero(bytes) {
        write_escaped_slow(w, bytes);
    } else {
        w.put_then(bytes, &[0x00, 0x01]);
    }
}

#[cold]
#[inline(never)]
fn write_escaped_slow(w: &mut Writer<'_>, bytes: &[u8]) {
    let mut chunks = bytes.split(|&b| b == 0);
    if let Some(first) = chunks.next() {
        w.put(first);
    }
    for chunk in chunks {
        w.put(&[0x00, 0xFF]);
        w.put(chunk);
    }
    w.put(&[0x00, 0x01]);
}

/// Reads an escaped, terminated byte string written by [`write_escaped`]: one copy when the
/// first escape byte is the terminator.
#[inline(always)]
fn read_escaped(r: &mut Reader<'_>) -> Result<Vec<u8>, DecodeError> {
    let flip = r.flip();
    let rest = r.rest();
    if let Some(p) = find_byte(rest, flip)
        && rest.get(p + 1) == Some(&(0x01 ^ flip))
    {
        let out = if flip == 0 {
            rest[..p].to_vec()
        } else {
            rest[..p].iter().map(|b| b ^ flip).collect()
        };
        r.advance(p + 2);
        return Ok(out);
    }
    read_escaped_slow(r)
}

#[cold]
#[inline(never)]
fn read_escaped_slow(r: &mut Reader<'_>) -> Result<Vec<u8>, DecodeError> {
    let start = r.offset();
    let flip = r.flip();
    let rest = r.rest();
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        let Some(p) = rest[i..].iter().position(|&b| b == flip) else {
            return Err(DecodeError::MissingTerminator {
                field: r.field(),
                offset: start,
            });
        };
        out.extend(rest[i..i + p].iter().map(|b| b ^ flip));
        let Some(&next) = rest.get(i + p + 1) else {
            return Err(DecodeError::MissingTerminator {
                field: r.field(),
                offset: start,
            });
        };
        match next ^ flip {
            0xFF => {
                out.push(0);
                i += p + 2;
            }
            0x01 => {
                r.advance(i + p + 2);
                return Ok(out);
            }
            _ => {
                return Err(DecodeError::BadEscape {
                    field: r.field(),
                    offset: start + i + p + 1,
                    byte: next,
                })
            }
        }
    }
}

/// Reads a variable-length byte string; returns it with the key offset where it starts.
#[inline(always)]
fn read_var(r: &mut Reader<'_>, last: bool) -> Result<(Vec<u8>, usize), DecodeError> {
    let start = r.offset();
    if last {
        let rest = r.rest();
        r.advance(rest.len());
        let flip = r.flip();
        let out = if flip == 0 {
            rest.to_vec()
        } else {
            rest.iter().map(|b| b ^ flip).collect()
        };
        Ok((out, start))
    } else {
        read_escaped(r).map(|v| (v, start))
    }
}

/// Turns decoded bytes into a String, reporting the key offset of the first invalid byte.
#[inline]
pub(crate) fn utf8(
    bytes: Vec<u8>,
    r: &Reader<'_>,
    start: usize,
    escaped: bool,
) -> Result<String, DecodeError> {
    match String::from_utf8(bytes) {
        Ok(s) => Ok(s),
        Err(e) => Err(invalid_utf8(&e, r, start, escaped)),
    }
}

#[cold]
#[inline(never)]
fn invalid_utf8(
    e: &std::string::FromUtf8Error,
    r: &Reader<'_>,
    start: usize,
    escaped: bool,
) -> DecodeError {
    let bad = e.utf8_error().valid_up_to();
    let zeros = if escaped {
        e.as_bytes()[..bad].iter().filter(|&&b| b == 0).count()
    } else {
        0
    };
    DecodeError::InvalidUtf8 {
        field: r.field(),
        offset: start + bad + zeros,
    }
}

impl KeyCodec for Vec<u8> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn value_type() -> crate::layout::value::ValueType {
        crate::layout::value::ValueType::Bytes
    }

    #[inline]
    fn encoded_len(&self, last: bool) -> usize {
        if last {
            self.len()
        } else {
            escaped_len(self)
        }
    }

    #[inline]
    fn encode(&self, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        if last {
            w.put(self);
        } else {
            write_escaped(w, self);
        }
        Ok(())
    }

    #[inline]
    fn decode(r: &mut Reader<'_>, last: bool) -> Result<Self, DecodeError> {
        read_var(r, last).map(|(v, _)| v)
    }
}

impl KeyCodec for String {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

    fn value_type() -> crate::layout::value::ValueType {
        crate::layout::value::ValueType::String
    }

    #[inline]
    fn encoded_len(&self, last: bool) -> usize {
        if last {
            self.len()
        } else {
            escaped_len(self.as_bytes())
        }
    }

    #[inline]
    fn encode(&self, w: &mut Writer<'_>, last: bool) -> Result<(), EncodeError> {
        if last {
            w.put(self.as_bytes());
        } else {
            write_escaped(w, self.as_bytes());
        }
        Ok(())
    }

    #[inline(always)]
    fn decode(r: &mut Reader<'_>, last: bool) -> Result<Self, DecodeError> {
        let (bytes, start) = read_var(r, last)?;
        utf8(bytes, r, start, !last)
    }
}

impl<const N: usize> KeyCodec for [u8; N] {
    const WIDTH: Option<usize> = Some(N);
    const MAX_WIDTH: Option<usize> = Some(N);

    fn value_type() -> crate::layout::value::ValueType {
        crate::layout::value::ValueType::Array(N)
    }

    #[inline]
    fn encoded_len(&self, _last: bool) -> usize {
        N
    }

    #[inline]
    fn encode(&self, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        write_array(self, w);
        Ok(())
    }

    #[inline]
    fn decode(r: &mut Reader<'_>, _last: bool) -> Result<Self, DecodeError> {
        r.take()
    }
}

/// A `[u8; N]`: its bytes as they are.
#[inline(always)]
pub(crate) fn write_array(v: &[u8], w: &mut Writer<'_>) {
    w.put(v);
}

/// A `[u8; n]` read back (un-inverted): what `r.take::<N>()` reads, for an `n` known at run
/// time.
pub(crate) fn read_array(r: &mut Reader<'_>, n: usize) -> Result<Vec<u8>, DecodeError> {
    let flip = r.flip();
    Ok(r.take_raw(n)?.iter().map(|b| b ^ flip).collect())
}

#[cfg(test)]
mod tests {
    use super::has_zero;

    #[test]
    fn find_byte_finds_the_first_match() {
        for needle in [0x00u8, 0xFF] {
            for len in 0..40 {
                for at in 0..len {
                    let mut v: Vec<u8> = (0..len)
                        .map(|i| {
                            if needle == 0 {
                                1 + (i % 200) as u8
                            } else {
                                (i % 200) as u8
                            }
                        })
                        .collect();
                    v[at] = needle;
                    if at + 1 < len {
                        v[at + 1] = needle ^ 1; // a near miss right after
                    }
                    assert_eq!(super::find_byte(&v, needle), Some(at), "len {len} at {at}");
                }
                let none: Vec<u8> = vec![needle ^ 0x80; len];
                assert_eq!(super::find_byte(&none, needle), None);
            }
        }
    }

    #[test]
    fn has_zero_finds_every_zero_at_every_length() {
        for len in 0..40 {
            let clean = vec![0x80u8; len];
            assert!(!has_zero(&clean), "len {len}");
            let ones = vec![0x01u8; len];
            assert!(!has_zero(&ones), "len {len}");
            for at in 0..len {
                let mut v = vec![0xFFu8; len];
                v[at] = 0;
                assert!(has_zero(&v), "len {len} zero at {at}");
                let mut v = vec![0x01u8; len];
                v[at] = 0;
                assert!(has_zero(&v), "len {len} zero at {at}");
            }
        }
    }
}
