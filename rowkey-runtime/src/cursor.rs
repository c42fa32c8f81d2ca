//! [`Writer`] and [`Reader`]: the cursors a [`KeyCodec`](crate::KeyCodec) writes to and reads
//! from. Both know the current field's name (for errors) and whether the field is `#[desc]`, in
//! which case every byte is inverted on the way in and out, so codecs never handle `desc` themselves.

use crate::error::{DecodeError, EncodeError};

/// The methods of the field a [`Writer`] or [`Reader`] is at: its name, for errors, and the
/// byte every byte of it is XORed with.
macro_rules! field_cursor {
    ($new:literal) => {
        /// Starts a field: its name for errors and `0xFF` when its bytes are inverted
        /// (`#[desc]`), else `0x00`.
        #[doc(hidden)]
        #[inline]
        pub fn begin(&mut self, field: &'static str, flip: u8) {
            self.field = field;
            self.flip = flip;
        }

        /// The field at the cursor: `""` before the first.
        ///
        /// ```
        #[doc = concat!("let mut buf = [0u8; 1];\nlet c = ", $new, ";")]
        /// assert_eq!(c.field(), "");
        /// ```
        #[inline]
        pub fn field(&self) -> &'static str {
            self.field
        }

        /// `0xFF` when the field's bytes are inverted (`#[desc]`), else `0x00`.
        ///
        /// ```
        #[doc = concat!("let mut buf = [0u8; 1];\nlet c = ", $new, ";")]
        /// assert_eq!(c.flip(), 0);
        /// ```
        #[inline]
        pub fn flip(&self) -> u8 {
            self.flip
        }
    };
}

/// Writes a field's bytes into a key buffer that was sized by `encoded_len`.
///
/// ```
/// use rowkey::Writer;
///
/// let mut buf = [0u8; 3];
/// let mut w = Writer::new(&mut buf);
/// w.put(&[1, 2]);
/// w.put_byte(3);
/// assert_eq!(w.position(), 3);
/// assert_eq!(buf, [1, 2, 3]);
/// ```
#[derive(Debug)]
pub struct Writer<'a> {
    buf: &'a mut [u8],
    pos: usize,
    flip: u8,
    field: &'static str,
    overflow: bool,
}

impl<'a> Writer<'a> {
    /// A writer over `buf`, starting at its first byte, not inverting.
    pub fn new(buf: &'a mut [u8]) -> Self {
        Writer {
            buf,
            pos: 0,
            flip: 0,
            field: "",
            overflow: false,
        }
    }

    field_cursor!("rowkey::Writer::new(&mut buf)");

    /// Bytes written so far.
    #[inline]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Appends `bytes` (inverted when the field is `#[desc]`).
    #[inline]
    pub fn put(&mut self, bytes: &[u8]) {
        let end = self.pos + bytes.len();
        match self.buf.get_mut(self.pos..end) {
            Some(dst) if self.flip == 0 => dst.copy_from_slice(bytes),
            Some(dst) => {
                for (d, s) in dst.iter_mut().zip(bytes) {
                    *d = s ^ self.flip;
                }
            }
            None => self.overflow = true,
        }
        self.pos = end;
    }

    /// Whether a write ran past the end of the buffer (the key did not fit).
    #[doc(hidden)]
    #[inline]
    pub fn overflowed(&self) -> bool {
        self.overflow
    }

    /// Appends the first `len` bytes of `word` (inverted when the field is `#[desc]`). Where
    /// the buffer has room for all `N`, all are stored at once from a register and the cursor
    /// moves by `len` (the bytes past it are not part of the key yet: see
    /// [`put_head_word`](Self::put_head_word)).
    #[doc(hidden)]
    #[inline]
    pub fn put_word<const N: usize>(&mut self, word: [u8; N], len: usize) {
        debug_assert!(len <= N);
        if self.flip == 0
            && let Some(dst) = self.buf.get_mut(self.pos..self.pos + N)
        {
            dst.copy_from_slice(&word);
            self.pos += len;
            return;
        }
        self.put(&word[..len]);
    }

    /// Appends `head` then the first `len - 1` bytes of `word` (`len` at most 9). Where the
    /// buffer has room for all nine, they are stored from registers (one byte store, one word
    /// store; no stack copy whose reload would stall on them) and the cursor moves by `len`:
    /// the bytes past it are not part of the key yet, and the next write or the key's end
    /// overwrites or drops them.
    #[doc(hidden)]
    #[inline]
    pub fn put_head_word(&mut self, head: u8, word: [u8; 8], len: usize) {
        debug_assert!((1..=9).contains(&len));
        if self.flip == 0
            && let Some(dst) = self.buf.get_mut(self.pos..self.pos + 9)
        {
            dst[0] = head;
            dst[1..].copy_from_slice(&word);
            self.pos += len;
            return;
        }
        let mut bytes = [head; 9];
        bytes[1..].copy_from_slice(&word);
        self.put(&bytes[..len]);
    }

    /// Appends `a` then `b` (inverted when the field is `#[desc]`), with one bounds check.
    #[inline]
    pub fn put_then(&mut self, a: &[u8], b: &[u8]) {
        let mid = self.pos + a.len();
        let end = mid + b.len();
        match self.buf.get_mut(self.pos..end) {
            Some(dst) if self.flip == 0 => {
                let (x, y) = dst.split_at_mut(a.len());
                x.copy_from_slice(a);
                y.copy_from_slice(b);
            }
            Some(dst) => {
                for (d, s) in dst.iter_mut().zip(a.iter().chain(b)) {
                    *d = s ^ self.flip;
                }
            }
            None => self.overflow = true,
        }
        self.pos = end;
    }

    /// Appends one byte.
    #[inline]
    pub fn put_byte(&mut self, byte: u8) {
        self.put(&[byte]);
    }

    /// Appends `count` copies of `byte`.
    #[inline]
    pub fn fill(&mut self, byte: u8, count: usize) {
        let end = self.pos + count;
        match self.buf.get_mut(self.pos..end) {
            Some(dst) => dst.fill(byte ^ self.flip),
            None => self.overflow = true,
        }
        self.pos = end;
    }

    /// Reverses the bytes written since `start` (for `#[reverse]`).
    #[inline]
    pub fn reverse_from(&mut self, start: usize) {
        if let Some(written) = self.buf.get_mut(start..self.pos) {
            written.reverse();
        }
    }

    /// The bytes written between `start` and `end` (after inversion).
    pub fn slice(&self, start: usize, end: usize) -> &[u8] {
        self.buf.get(start..end).unwrap_or(&[])
    }

    /// Overwrites already written bytes at `at` (no inversion): the salt, once the fields it
    /// hashes are written.
    #[doc(hidden)]
    pub fn patch(&mut self, at: usize, bytes: &[u8]) {
        if let Some(dst) = self.buf.get_mut(at..at + bytes.len()) {
            dst.copy_from_slice(bytes);
        }
    }

    /// For stack-built keys (a buffer of the key's maximum length): checks that exactly `len`
    /// bytes were written, as `encoded_len` promised.
    #[doc(hidden)]
    #[inline(always)]
    pub fn finish_within(&self, len: usize) -> Result<(), EncodeError> {
        if self.overflow || self.pos != len {
            return Err(self.mismatch(len));
        }
        Ok(())
    }

    #[cold]
    fn mismatch(&self, len: usize) -> EncodeError {
        let message = if self.overflow {
            format!(
                "the codecs wrote {} bytes, more than the {} the key's MAX_LEN allows",
                self.pos,
                self.buf.len()
            )
        } else {
            format!(
                "encoded_len promised {len} bytes for the key but the codecs wrote {}",
                self.pos
            )
        };
        EncodeError::Codec {
            field: self.field,
            message,
        }
    }

    /// Checks that exactly the whole buffer was written: a codec whose `encode` disagrees with
    /// its `encoded_len` is reported instead of producing a corrupt key.
    #[doc(hidden)]
    pub fn finish(&self) -> Result<(), EncodeError> {
        self.finish_within(self.buf.len())
    }
}

/// Reads a field's bytes from a key, tracking the byte offset for errors.
///
/// ```
/// use rowkey::Reader;
///
/// let mut r = Reader::new(&[0, 7, 9]);
/// assert_eq!(r.take::<2>().unwrap(), [0, 7]);
/// assert_eq!(r.offset(), 2);
/// assert!(r.take::<2>().is_err());
/// ```
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    key: &'a [u8],
    pos: usize,
    base: usize,
    flip: u8,
    field: &'static str,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `key`.
    pub fn new(key: &'a [u8]) -> Self {
        Reader::with_base(key, 0)
    }

    /// A reader over `bytes` that reports offsets as `base + position` (for a field that was
    /// copied out of a larger key).
    pub fn with_base(bytes: &'a [u8], base: usize) -> Self {
        Reader {
            key: bytes,
            pos: 0,
            base,
            flip: 0,
            field: "",
        }
    }

    field_cursor!("rowkey::Reader::new(&buf)");

    /// The current byte offset in the key.
    #[inline]
    pub fn offset(&self) -> usize {
        self.base + self.pos
    }

    /// The current position in this reader's bytes (without the base).
    #[inline]
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Bytes not read yet.
    #[inline]
    pub fn remaining(&self) -> usize {
        self.key.len() - self.pos
    }

    /// Reads `N` bytes (un-inverted).
    #[inline]
    pub fn take<const N: usize>(&mut self) -> Result<[u8; N], DecodeError> {
        match self.key.get(self.pos..self.pos + N) {
            Some(src) => {
                let mut out = [0u8; N];
                out.copy_from_slice(src);
                if self.flip != 0 {
                    for b in &mut out {
                        *b ^= self.flip;
                    }
                }
                self.pos += N;
                Ok(out)
            }
            None => Err(self.truncated(N)),
        }
    }

    /// Reads one byte (un-inverted).
    #[inline]
    pub fn take_byte(&mut self) -> Result<u8, DecodeError> {
        Ok(self.take::<1>()?[0])
    }

    /// Reads `n` bytes exactly as stored (still inverted when the field is `#[desc]`).
    #[inline]
    pub fn take_raw(&mut self, n: usize) -> Result<&'a [u8], DecodeError> {
        match self.key.get(self.pos..self.pos + n) {
            Some(src) => {
                self.pos += n;
                Ok(src)
            }
            None => Err(self.truncated(n)),
        }
    }

    /// The unread bytes exactly as stored, without consuming them.
    #[inline]
    pub fn rest(&self) -> &'a [u8] {
        &self.key[self.pos..]
    }

    /// The eight bytes (as stored) that end `len` bytes past the current position, as one
    /// big-endian word: a body read backwards in one load where fewer than eight bytes follow
    /// it but eight precede its end.
    #[inline(always)]
    pub(crate) fn word_ending(&self, len: usize) -> Option<u64> {
        let end = self.pos.checked_add(len)?;
        let word = self.key.get(end.checked_sub(8)?..end)?;
        Some(u64::from_be_bytes(word.try_into().ok()?))
    }

    /// Moves past `n` bytes already inspected with [`rest`](Self::rest).
    #[inline]
    pub fn advance(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.key.len());
    }

    /// Fails with [`DecodeError::TrailingBytes`] unless the whole key was read.
    #[doc(hidden)]
    pub fn finish(&self) -> Result<(), DecodeError> {
        if self.pos == self.key.len() {
            Ok(())
        } else {
            Err(DecodeError::TrailingBytes {
                field: self.field,
                offset: self.offset(),
                len: self.remaining(),
            })
        }
    }

    /// A [`DecodeError::Truncated`] for `needed` bytes at the current offset.
    pub fn truncated(&self, needed: usize) -> DecodeError {
        DecodeError::Truncated {
            field: self.field,
            offset: self.offset(),
            needed,
            available: self.remaining(),
        }
    }

    /// A [`DecodeError::Invalid`] at `offset`.
    pub fn invalid(&self, offset: usize, expected: &'static str) -> DecodeError {
        DecodeError::Invalid {
            field: self.field,
            offset,
            expected,
        }
    }

    /// A [`DecodeError::OutOfRange`] at `offset`.
    pub fn out_of_range(&self, offset: usize) -> DecodeError {
        DecodeError::OutOfRange {
            field: self.field,
            offset,
        }
    }
}
