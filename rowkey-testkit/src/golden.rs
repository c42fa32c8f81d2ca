//! The golden vectors (`data/`, each file's source in `data/README.md`): lines printed by the
//! upstream code whose bytes rowkey claims (HBase, Phoenix, OpenTSDB, FoundationDB, Bigtable),
//! and the stores' own output the studio reads (`data/live/`). One home, read by every crate's
//! tests.

use std::path::PathBuf;

/// The path of `name` in the golden vectors' folder.
pub fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name)
}

/// The text of golden file `name`.
pub fn text(name: &str) -> String {
    let path = path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of golden file `name`, parsed as JSON.
pub fn lines(name: &str) -> Vec<serde_json::Value> {
    text(name)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// A lowercase hex string of a golden file as bytes.
pub fn unhex(v: &serde_json::Value) -> Vec<u8> {
    unhex_str(v.as_str().expect("a hex string"))
}

/// Lowercase hex as bytes.
pub fn unhex_str(s: &str) -> Vec<u8> {
    rowkey::hex::decode(s).expect("hex")
}

/// Bytes as lowercase hex, as the golden files write them.
pub fn hex(bytes: &[u8]) -> String {
    rowkey::hex::encode(bytes)
}
