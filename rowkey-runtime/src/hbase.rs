//! HBase interop: `Bytes.toStringBinary` both ways, the shell's quoting and its `create`
//! command. (HBase's row filters for a key layout are in `rowkey-clients`, feature
//! `hbase-filters`; the facade's feature of that name adds them here as `rowkey::hbase::*`.)

/// HBase's `Bytes.toStringBinary`: bytes 0x20..=0x7E as they are except the backslash, every
/// other byte as `\xHH` with uppercase hex.
///
/// ```
/// assert_eq!(rowkey::hbase::to_string_binary(b"ab\x00\\\xff"), r"ab\x00\x5C\xFF");
/// ```
pub fn to_string_binary(bytes: &[u8]) -> String {
    escape(bytes, b"\\")
}

/// Printable ASCII as is, except the bytes in `also`; everything else as `\xHH`.
fn escape(bytes: &[u8], also: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len());
    for &b in bytes {
        if (0x20..=0x7E).contains(&b) && !also.contains(&b) {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\x{b:02X}"));
        }
    }
    s
}

/// A byte string as a double-quoted HBase shell (Ruby) literal: `toStringBinary` escapes, plus
/// `"` and `#` escaped so that Ruby reads back exactly these bytes.
///
/// ```
/// assert_eq!(rowkey::hbase::shell_string(b"a\"#\x00"), r#""a\x22\x23\x00""#);
/// ```
pub fn shell_string(bytes: &[u8]) -> String {
    format!("\"{}\"", escape(bytes, b"\\\"#"))
}

/// HBase's `Bytes.toBytesBinary`, lenient as HBase is: `\xHH` with uppercase hex digits is a
/// byte; a `\x` followed by two characters that are not both `[0-9A-F]` drops only the
/// backslash; a `\x` with fewer than two characters after it is literal; every other char is
/// its low byte (UTF-16 code units, as Java's chars).
///
/// ```
/// assert_eq!(rowkey::hbase::from_string_binary(r"a\x00\x5C"), b"a\x00\\");
/// assert_eq!(rowkey::hbase::from_string_binary(r"\xZZ"), b"xZZ");
/// ```
pub fn from_string_binary(s: &str) -> Vec<u8> {
    let chars: Vec<u16> = s.encode_utf16().collect();
    let hex = |c: u16| match c {
        0x30..=0x39 => Some((c - 0x30) as u8),
        0x41..=0x46 => Some((c - 0x41 + 10) as u8),
        _ => None,
    };
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == u16::from(b'\\') && i + 3 < chars.len() && chars[i + 1] == u16::from(b'x') {
            match (
                chars.get(i + 2).copied().and_then(hex),
                chars.get(i + 3).copied().and_then(hex),
            ) {
                (Some(h), Some(l)) => {
                    out.push((h << 4) | l);
                    i += 4;
                }
                // A bogus escape: HBase skips the backslash and goes on.
                _ => i += 1,
            }
        } else {
            out.push(c as u8);
            i += 1;
        }
    }
    out
}

/// A malformed `toStringBinary` string, for [`parse_string_binary`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StringBinaryError {
    /// Character position of the problem.
    pub position: usize,
    /// What is wrong.
    pub reason: &'static str,
}

impl core::fmt::Display for StringBinaryError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "at character {}: {}", self.position, self.reason)
    }
}

impl std::error::Error for StringBinaryError {}

/// A strict `toBytesBinary` for user input: printable ASCII and `\xHH` escapes (either case)
/// only; anything HBase would silently mangle is an error naming its position.
///
/// ```
/// use rowkey::hbase::parse_string_binary;
/// assert_eq!(parse_string_binary(r"a\x00").unwrap(), b"a\x00");
/// assert_eq!(parse_string_binary(r"a\x0").unwrap_err().position, 1);
/// ```
pub fn parse_string_binary(s: &str) -> Result<Vec<u8>, StringBinaryError> {
    let mut out = Vec::with_capacity(s.len());
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' {
            if chars.get(i + 1) != Some(&'x') {
                return Err(StringBinaryError {
                    position: i,
                    reason: "a backslash must start a \\xHH escape (write \\x5C for a backslash)",
                });
            }
            let digit = |j: usize| chars.get(j).and_then(|c| c.to_digit(16));
            match (digit(i + 2), digit(i + 3)) {
                (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
                _ => {
                    return Err(StringBinaryError {
                        position: i,
                        reason: "\\x must be followed by two hex digits",
                    })
                }
            }
            i += 4;
        } else if (' '..='~').contains(&c) {
            out.push(c as u8);
            i += 1;
        } else {
            return Err(StringBinaryError {
                position: i,
                reason: "only printable ASCII and \\xHH escapes are allowed",
            });
        }
    }
    Ok(out)
}

/// The HBase shell command that creates `table` with column `families`, pre-split at `splits`.
///
/// ```
/// let cmd = rowkey::hbase::create_table("t", &["d"], &[vec![0x01], b"m".to_vec()]);
/// assert_eq!(cmd, r#"create 't', 'd', SPLITS => ["\x01", "m"]"#);
/// ```
pub fn create_table<K: AsRef<[u8]>>(table: &str, families: &[&str], splits: &[K]) -> String {
    let mut s = format!("create '{table}'");
    for f in families {
        s.push_str(&format!(", '{f}'"));
    }
    if !splits.is_empty() {
        let quoted: Vec<String> = splits.iter().map(|k| shell_string(k.as_ref())).collect();
        s.push_str(&format!(", SPLITS => [{}]", quoted.join(", ")));
    }
    s
}
