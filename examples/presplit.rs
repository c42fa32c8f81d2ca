//! Pre-splitting a table of hex keys (the HBase book's example): the naive
//! `createTable(desc, "0000000000000000", "ffffffffffffffff", 10)`, which runs `Bytes.split`
//! over the raw bytes and leaves regions no hex key can reach, against `HexStringSplit`;
//! then the HBase shell command for the good one and for a salted key's buckets.
//!
//! `cargo run --example presplit`

use rowkey::hbase::{create_table, to_string_binary};
use rowkey::splits::{self, check, KeySpace, NumberStringSplit};
use rowkey::RowKey;

/// Keys like the book's: 16 lowercase hex digits (`{:016x}`).
#[derive(RowKey, Debug)]
struct HexKey {
    #[hex(16)]
    id: u64,
}

/// A salted message key: 16 buckets.
#[derive(RowKey, Debug)]
#[salt(md5, buckets = 16, of = "message_id")]
struct MessageKey {
    date: u32,
    message_id: u64,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let space = KeySpace::hex(16);

    let naive = splits::admin_split_keys(b"0000000000000000", b"ffffffffffffffff", 10)?;
    println!(
        "naive: createTable(desc, \"0000000000000000\", \"ffffffffffffffff\", 10) -> Bytes.split:"
    );
    for p in &naive {
        println!("  {}", to_string_binary(p));
    }
    let verdict = check(&naive, &space);
    println!("check: {verdict}");
    assert!(!verdict.is_ok());

    let mut hex = NumberStringSplit::hex();
    hex.set_last_row("ffffffffffffffff")?;
    let good = hex.split(10)?;
    assert_eq!(
        good,
        HexKey::split_points(10)?,
        "K::split_points picks HexStringSplit for a leading hex field"
    );
    println!("\nHexStringSplit over 16 hex digits:");
    for p in &good {
        println!("  {}", to_string_binary(p));
    }
    let verdict = check(&good, &space);
    println!("check: {verdict}");
    assert!(verdict.is_ok());

    println!("\nHBase shell:");
    println!("  {}", create_table("hex_keys", &["d"], &good));
    println!(
        "  {}",
        create_table("messages", &["m"], &MessageKey::split_points(16)?)
    );
    Ok(())
}
