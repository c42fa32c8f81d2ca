//! The HBase book's message keys, `MD5(message_id):date:time:message_id`, written exactly as the
//! book prints them, decoded back, and next to the same struct in binary layout.
//!
//! `cargo run --example messages`

use rowkey::RowKey;

/// Text layout: readable in the HBase shell. The salt is the MD5 of the id's text, as 32
/// uppercase hex characters.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = ":")]
#[salt(md5, of = "message_id")]
struct MessageText {
    #[decimal(6)]
    date: u32,
    #[decimal(6)]
    time: u32,
    message_id: u64,
}

/// The same fields in binary layout, with a 4-byte hash prefix: a quarter of the size.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, len = 4, of = "message_id")]
#[rowkey(max_len = 20)]
struct MessageBinary {
    date: u32,
    time: u32,
    message_id: u64,
}

/// The book's rows: (date, time, message id).
const ROWS: [(u32, u32, u64); 5] = [
    (230611, 63031, 1231231),
    (230611, 63032, 1231232),
    (230611, 63032, 1231233),
    (230611, 63033, 1231234),
    (230611, 63033, 1231235),
];

/// The keys the HBase book prints for these rows.
const BOOK: [&str; 5] = [
    "8D4646EB2D7067126EB08ADB0672F7BB:230611:063031:1231231",
    "715782C59C0561E9B6CE0F3D522C32F1:230611:063032:1231232",
    "57F962C03EF3526EC6E95CEB50785C4C:230611:063032:1231233",
    "8B353D5CC07E13577608711F4602FCB7:230611:063033:1231234",
    "430EDB0C535BF08174E122EFECFA711D:230611:063033:1231235",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!(
        "{:<56} {:>5}   {:<40} {:>5}",
        "text key", "bytes", "binary key (hex)", "bytes"
    );
    let mut text_total = 0;
    let mut binary_total = 0;
    for ((date, time, message_id), book) in ROWS.into_iter().zip(BOOK) {
        let text = MessageText {
            date,
            time,
            message_id,
        };
        let key = text.encode()?;
        assert_eq!(key, book.as_bytes(), "the book's key");
        assert_eq!(MessageText::decode(book.as_bytes())?, text);

        let binary = MessageBinary {
            date,
            time,
            message_id,
        };
        let bin = binary.encode()?;
        assert_eq!(MessageBinary::decode(&bin)?, binary);

        let hex: String = bin.iter().map(|b| format!("{b:02x}")).collect();
        println!(
            "{:<56} {:>5}   {hex:<40} {:>5}",
            String::from_utf8(key.clone())?,
            key.len(),
            bin.len()
        );
        text_total += key.len();
        binary_total += bin.len();
    }
    println!(
        "\nper row: text {} bytes, binary {} bytes ({:.0}% smaller)",
        text_total / ROWS.len(),
        binary_total / ROWS.len(),
        100.0 * (1.0 - binary_total as f64 / text_total as f64)
    );

    let first = MessageText {
        date: 230611,
        time: 63031,
        message_id: 1231231,
    }
    .encode()?;
    println!("\n{}", MessageText::explain(&first));

    // All messages of one day: the salt hashes message_id, so a day cannot be found by a
    // prefix scan in either layout; a single message can, with one Get.
    let get = MessageText::scan()
        .date(230611)
        .time(63031)
        .message_id(1231231)
        .plan()?;
    println!("Get: {}", get.ranges()[0].to_hbase_shell());
    Ok(())
}
