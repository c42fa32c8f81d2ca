//! HBase interop: `Bytes.toStringBinary` and the shell's quoting.

/// HBase's `Bytes.toStringBinary`: bytes 0x20..=0x7E as they are except the backslash, every
/// other byte as `\xHH` with uppercase hex.
///
/// ```
/// assert_eq!(rowkey::hbase::to_string_binary(b"ab\x00\\\xff"), r"ab\x00\x5C\xFF");
/// ```
pub fn to_string_binary(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len());
    for &b in bytes {
        if (0x20..=0x7E).contains(&b) && b != b'\\' {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\x{b:02X}"));
        }
    }
    s
}

/// A byte string as a double-quoted HBase shell (Ruby) literal: `toStringBinary` escapes, plus
/// `"` and `#` escaped so that Ruby reads back exactly these bytes.
pub(crate) fn shell_string(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in bytes {
        if (0x20..=0x7E).contains(&b) && !matches!(b, b'\\' | b'"' | b'#') {
            s.push(b as char);
        } else {
            s.push_str(&format!("\\x{b:02X}"));
        }
    }
    s.push('"');
    s
}
