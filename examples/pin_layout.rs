//! Pin a key layout so that an edit which would change the bytes of existing rows fails a test
//! before it ships (the HBase book: row keys are immutable once written).
//!
//! Copy the `pinned` test below into your crate: it checks the layout's fingerprint, which
//! changes whenever an edit can change a key's bytes (field order, a type, an attribute, the
//! salt, the delimiter) and not when a field is renamed, and a few golden keys, which also catch
//! a change inside a codec of your own.
//!
//! `cargo run --example pin_layout` prints the values to paste; `cargo test --example
//! pin_layout` runs the test.

use rowkey::RowKey;

#[derive(RowKey, Debug, PartialEq)]
#[salt(md5, buckets = 16, of = "message_id")]
struct MessageKey {
    date: u32,
    time: u32,
    message_id: u64,
}

fn main() {
    println!("{}", MessageKey::layout());
    println!(
        "LAYOUT_FINGERPRINT = {:#018x}",
        MessageKey::LAYOUT_FINGERPRINT
    );
    let key = MessageKey {
        date: 230611,
        time: 63031,
        message_id: 1231231,
    };
    println!(
        "golden key = {}",
        rowkey::hbase::to_string_binary(&key.encode().unwrap())
    );
    // The same checks the test makes, so that running the example verifies them too.
    pinned_checks();
}

/// What the test asserts: paste the values `main` prints.
fn pinned_checks() {
    assert_eq!(
        MessageKey::LAYOUT_FINGERPRINT,
        0x452d_63aa_0ab0_5a63,
        "the key layout changed: existing rows would not be found"
    );
    let key = MessageKey {
        date: 230611,
        time: 63031,
        message_id: 1231231,
    };
    let golden = rowkey::hbase::from_string_binary(
        r"\x03\x00\x03\x84\xD3\x00\x00\xF67\x00\x00\x00\x00\x00\x12\xC9\x7F",
    );
    assert_eq!(key.encode().unwrap(), golden);
    assert_eq!(MessageKey::decode(&golden).unwrap(), key);
}

#[cfg(test)]
mod tests {
    #[test]
    fn pinned() {
        super::pinned_checks();
    }
}
