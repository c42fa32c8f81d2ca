//! Hex digits to bytes: `rowkey tsb`'s arguments and hex key logs and split files.

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

/// Bytes from hex digits; `0x` prefixes and whitespace are ignored.
pub fn parse_hex(text: &str) -> Result<Vec<u8>, HexError> {
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
