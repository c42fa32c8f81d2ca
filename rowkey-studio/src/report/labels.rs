//! Labels of keys on the heatmap's key axis: the leading parts of a key decoded by its type's
//! own `explain` (`bucket 3 of 16`, `ts=1700000000000`), or its toStringBinary prefix when the
//! type is unknown.

use rowkey::RowKey;

/// Parts of a key labelled at most.
pub const PARTS: usize = 3;

/// Characters of a toStringBinary prefix at most.
pub const PREFIX: usize = 24;

/// The labels of `key` from `K::explain`: up to [`PARTS`] leading parts as `name=value` (a salt
/// bucket as `bucket N of M`); its toStringBinary prefix if it does not decode.
///
/// ```
/// use rowkey::RowKey;
/// use rowkey_studio::report::labels::decoded;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 16, of = "id")]
/// struct Message { ts: u64, id: u64 }
///
/// let key = Message { ts: 1_700_000_000_000, id: 7 }.encode().unwrap();
/// let labels = decoded::<Message>(&key);
/// assert!(labels[0].starts_with("bucket ") && labels[0].ends_with(" of 16"));
/// assert_eq!(labels[1..], ["ts=1700000000000", "id=7"]);
/// assert_eq!(decoded::<Message>(b"\x00"), [r"\x00"]); // not a key: its bytes
/// ```
pub fn decoded<K: RowKey>(key: &[u8]) -> Vec<String> {
    decoded_by(&K::explain, key)
}

/// [`decoded`] by an `explain` of the key's layout: a key type's own, or a
/// [`DynamicKey`](rowkey::layout::DynamicKey)'s (the same text) for a key known only by its
/// locked layout.
pub fn decoded_by(explain: &dyn Fn(&[u8]) -> String, key: &[u8]) -> Vec<String> {
    let text = explain(key);
    if text.lines().any(|l| l.starts_with("error: ")) {
        return vec![binary_prefix(key)];
    }
    text.lines().take(PARTS).filter_map(part).collect()
}

/// The labels of a region boundary, which may be a whole key or only its first bytes (a split
/// point at a salt bucket): the parts `K::explain` decodes before the key ends, as
/// [`decoded`] gives them; the toStringBinary prefix when no part decodes; none for the empty
/// key (the table's start).
///
/// ```
/// use rowkey::RowKey;
/// use rowkey_studio::report::labels::decoded_prefix;
///
/// #[derive(RowKey)]
/// struct Point { metric: u16, ts: u32 }
///
/// assert_eq!(decoded_prefix::<Point>(&[0, 7, 0]), ["metric=7"]);
/// assert_eq!(decoded_prefix::<Point>(&[0, 7, 0, 0, 0, 9]), ["metric=7", "ts=9"]);
/// assert!(decoded_prefix::<Point>(b"").is_empty());
/// ```
pub fn decoded_prefix<K: RowKey>(key: &[u8]) -> Vec<String> {
    decoded_prefix_by(&K::explain, key)
}

/// [`decoded_prefix`] by an `explain` of the key's layout (see [`decoded_by`]).
pub fn decoded_prefix_by(explain: &dyn Fn(&[u8]) -> String, key: &[u8]) -> Vec<String> {
    if key.is_empty() {
        return Vec::new();
    }
    let whole = decoded_by(explain, key);
    if whole.len() != 1 || whole[0] != binary_prefix(key) {
        return whole;
    }
    // Not a whole key: the fields before the first that does not decode.
    let parts: Vec<String> = explain(key)
        .lines()
        .take_while(|l| !l.starts_with("error: "))
        .take(PARTS)
        .filter_map(part)
        .collect();
    if parts.is_empty() {
        vec![binary_prefix(key)]
    } else {
        parts
    }
}

/// One line of `explain` as a label.
fn part(line: &str) -> Option<String> {
    let name = line.split_whitespace().next()?;
    let value = line.rsplit("  ").next()?.trim();
    Some(if value.starts_with("bucket ") {
        value.to_string()
    } else {
        format!("{name}={value}")
    })
}

/// `key` in toStringBinary, cut to [`PREFIX`] characters at a whole escape (`…` marks a cut).
///
/// ```
/// use rowkey_studio::report::labels::binary_prefix;
///
/// assert_eq!(binary_prefix(b"user#1"), "user#1");
/// let long = binary_prefix(&[0u8; 20]);
/// assert!(long.ends_with('…') && long.chars().count() <= 25);
/// ```
pub fn binary_prefix(key: &[u8]) -> String {
    let text = rowkey::hbase::to_string_binary(key);
    if text.len() <= PREFIX {
        return text;
    }
    let mut cut = PREFIX - 1;
    if let Some(b) = text[cut.saturating_sub(3)..cut].rfind('\\') {
        cut = cut - 3 + b;
    }
    format!("{}…", &text[..cut])
}
