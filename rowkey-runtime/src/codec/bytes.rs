//! Byte strings: `Vec<u8>`, `String` and `[u8; N]`.
//!
//! A variable-length field that is not last is escaped and terminated (the FoundationDB /
//! CockroachDB scheme): every `00` byte becomes `00 FF` and the field ends with `00 01`. This
//! keeps byte order equal to logical order (a prefix sorts first) and lets any byte, including
//! `00` and `FF`, appear in the value. The last field is stored raw up to the end of the key.

use super::KeyCodec;
use crate::error::{DecodeError, EncodeError};
use crate::io::{Reader, Writer};

/// Length of `bytes` once escaped and terminated.
#[inline]
fn escaped_len(bytes: &[u8]) -> usize {
    bytes.len() + bytes.iter().filter(|&&b| b == 0).count() + 2
}

/// Writes `bytes` escaped (`00` → `00 FF`) and terminated (`00 01`).
#[inline]
fn write_escaped(w: &mut Writer<'_>, bytes: &[u8]) {
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

/// Reads an escaped, terminated byte string written by [`write_escaped`].
fn read_escaped(r: &mut Reader<'_>) -> Result<Vec<u8>, DecodeError> {
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
#[inline]
fn read_var(r: &mut Reader<'_>, last: bool) -> Result<(Vec<u8>, usize), DecodeError> {
    let start = r.offset();
    if last {
        let rest = r.rest();
        r.advance(rest.len());
        Ok((rest.iter().map(|b| b ^ r.flip()).collect(), start))
    } else {
        read_escaped(r).map(|v| (v, start))
    }
}

/// Turns decoded bytes into a String, reporting the key offset of the first invalid byte.
pub(crate) fn utf8(
    bytes: Vec<u8>,
    r: &Reader<'_>,
    start: usize,
    escaped: bool,
) -> Result<String, DecodeError> {
    String::from_utf8(bytes).map_err(|e| {
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
    })
}

impl KeyCodec for Vec<u8> {
    const WIDTH: Option<usize> = None;
    const MAX_WIDTH: Option<usize> = None;

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

    #[inline]
    fn decode(r: &mut Reader<'_>, last: bool) -> Result<Self, DecodeError> {
        let (bytes, start) = read_var(r, last)?;
        utf8(bytes, r, start, !last)
    }
}

impl<const N: usize> KeyCodec for [u8; N] {
    const WIDTH: Option<usize> = Some(N);
    const MAX_WIDTH: Option<usize> = Some(N);

    #[inline]
    fn encoded_len(&self, _last: bool) -> usize {
        N
    }

    #[inline]
    fn encode(&self, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        w.put(self);
        Ok(())
    }

    #[inline]
    fn decode(r: &mut Reader<'_>, _last: bool) -> Result<Self, DecodeError> {
        r.take()
    }
}
