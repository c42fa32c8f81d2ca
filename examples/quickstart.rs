//! Quick start: the HBase book's message key, encoded, decoded and explained.
//!
//! `cargo run --example quickstart`

use rowkey::RowKey;

/// `date:time:message_id` in binary: 16 bytes, sorted by date, then time, then id.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(max_len = 16)]
struct MessageKey {
    date: u32,
    time: u32,
    message_id: u64,
}

/// A readable variant: digits instead of binary integers, newest message first.
#[derive(RowKey, Debug, PartialEq)]
struct InboxKey {
    #[fixed(8)]
    user: String,
    #[reverse_ts]
    sent_ms: i64,
    #[decimal(10)]
    message_id: u64,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let key = MessageKey {
        date: 230611,
        time: 63031,
        message_id: 1231231,
    };
    let bytes = key.encode()?;
    println!(
        "MessageKey: {} bytes (FIXED_LEN = {:?})",
        bytes.len(),
        MessageKey::FIXED_LEN
    );
    print!("{}", MessageKey::explain(&bytes));
    assert_eq!(MessageKey::decode(&bytes)?, key);

    let inbox = InboxKey {
        user: "alice".into(),
        sent_ms: 1_700_000_000_000,
        message_id: 1231231,
    };
    let bytes = inbox.encode()?;
    println!("\nInboxKey: {} bytes", bytes.len());
    print!("{}", InboxKey::explain(&bytes));
    assert_eq!(InboxKey::decode(&bytes)?, inbox);

    let too_long = InboxKey {
        user: "bartholomew".into(),
        ..inbox
    };
    println!(
        "\nan over-long user name: {}",
        too_long.encode().unwrap_err()
    );
    println!(
        "a truncated key: {}",
        InboxKey::decode(&bytes[..12]).unwrap_err()
    );
    Ok(())
}
