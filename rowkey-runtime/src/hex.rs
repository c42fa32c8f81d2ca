//! Keys as hex digits, both ways: what plan texts and checkpoints, key logs and split files,
//! and the command line's arguments write and read. [`decode`] is lenient in what people paste
//! (whitespace and `0x` prefixes are skipped, either case) and exact about the rest: every
//! other character is an error naming its offset.
//!
//! ```
//! use rowkey::hex;
//!
//! assert_eq!(hex::encode(&[0x00, 0xAB]), "00ab");
//! assert_eq!(hex::decode("0x00 AB").unwrap(), [0x00, 0xAB]);
//! assert_eq!(hex::decode("0g"), Err(hex::HexError::NotHex { at: 1, c: 'g' }));
//! assert_eq!(hex::decode("abc"), Err(hex::HexError::Odd));
//! ```

use core::fmt;

/// Why text is not hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HexError {
    /// The character at byte offset `at` is not a hex digit.
    NotHex {
        /// Its byte offset in the text.
        at: usize,
        /// The character.
        c: char,
    },
    /// An odd number of digits: a byte is two.
    Odd,
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexError::NotHex { at, c } => write!(f, "character {at} ({c:?}) is not a hex digit"),
            HexError::Odd => {
                f.write_str("an odd number of hex digits; write each byte as two digits")
            }
        }
    }
}

impl std::error::Error for HexError {}

/// Bytes as lowercase hex digits, two a byte.
pub fn encode(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(2 * bytes.len());
    for &b in bytes {
        s.push(char::from(DIGITS[usize::from(b >> 4)]));
        s.push(char::from(DIGITS[usize::from(b & 0xF)]));
    }
    s
}

/// Bytes from hex digits, in either case; `0x` prefixes and whitespace are skipped.
pub fn decode(text: &str) -> Result<Vec<u8>, HexError> {
    let digits: Vec<(usize, char)> = text
        .char_indices()
        .filter(|(_, c)| !c.is_whitespace())
        .collect();
    let mut nibbles = Vec::with_capacity(digits.len());
    let mut i = 0;
    while i < digits.len() {
        let (at, c) = digits[i];
        if c == '0' && matches!(digits.get(i + 1), Some((_, 'x' | 'X'))) && nibbles.len() % 2 == 0 {
            i += 2;
            continue;
        }
        match c.to_digit(16) {
            Some(d) => nibbles.push(d as u8),
            None => return Err(HexError::NotHex { at, c }),
        }
        i += 1;
    }
    if nibbles.len() % 2 == 1 {
        return Err(HexError::Odd);
    }
    Ok(nibbles.chunks(2).map(|p| p[0] << 4 | p[1]).collect())
}
