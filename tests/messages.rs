//! What users read: decode messages, `explain`, and how scan ranges and plans print.

use rowkey::{DecodeError, RowKey, ScanRange};

#[derive(RowKey, Debug, PartialEq)]
#[salt(md5, buckets = 16, of = "message_id")]
struct MessageKey {
    date: u32,
    time: u32,
    message_id: u64,
}

#[derive(RowKey, Debug, PartialEq)]
struct Blob {
    id: u8,
    tag: Vec<u8>,
    raw: [u8; 2],
    maybe: Option<Vec<u8>>,
}

#[test]
fn one_byte_is_singular() {
    let k = MessageKey {
        date: 1,
        time: 2,
        message_id: 3,
    }
    .encode()
    .unwrap();
    let err = MessageKey::decode(&k[..16]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "field `message_id` at byte 9: needs 8 bytes but the key has 7 left"
    );
    let mut long = k.clone();
    long.push(0xFF);
    assert_eq!(
        MessageKey::decode(&long).unwrap_err().to_string(),
        "field `message_id` at byte 17: 1 unexpected byte after the last field"
    );
    let err = Blob::decode(&[7]).unwrap_err();
    assert_eq!(
        err,
        DecodeError::MissingTerminator {
            field: "tag",
            offset: 1
        }
    );
    #[derive(RowKey, Debug)]
    struct Two {
        a: u8,
        b: u8,
    }
    assert_eq!(
        Two::decode(&[1]).unwrap_err().to_string(),
        "field `b` at byte 1: needs 1 byte but the key has 0 left"
    );
}

#[test]
fn explain_points_unread_bytes_at_their_offset() {
    let key = MessageKey {
        date: 230611,
        time: 63031,
        message_id: 1231231,
    }
    .encode()
    .unwrap();
    let mut long = key.clone();
    long.push(0xFF);
    let text = MessageKey::explain(&long);
    assert!(
        text.contains(
            "error: field `message_id` at byte 17: 1 unexpected byte after the last field\n"
        ),
        "{text}"
    );
    assert!(text.ends_with("unread @17: FF\n"), "{text}");
    // A salt mismatch: every part was read, nothing is unread.
    let mut wrong = key.clone();
    wrong[0] = (wrong[0] + 1) % 16;
    let text = MessageKey::explain(&wrong);
    assert!(
        text.contains("message_id @9  00 00 00 00 00 12 C9 7F  1231231\n"),
        "{text}"
    );
    assert!(
        text.contains("error: field `salt` at byte 0: the salt is"),
        "{text}"
    );
    assert!(!text.contains("unread"), "{text}");
}

#[test]
fn explain_shows_bytes_as_tostringbinary_and_hex_in_one_case() {
    let k = Blob {
        id: 10,
        tag: b"a\x00\xff".to_vec(),
        raw: [0x5C, 0x41],
        maybe: Some(vec![0x01]),
    };
    let text = Blob::explain(&k.encode().unwrap());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "id    @0  0A                 10");
    assert_eq!(lines[1], r#"tag   @1  61 00 FF FF 00 01  "a\x00\xFF""#);
    assert_eq!(lines[2], r#"raw   @7  5C 41              "\x5CA""#);
    assert_eq!(lines[3], r#"maybe @9  01 01              Some("\x01")"#);
    // One hex case: the raw bytes, like toStringBinary, in uppercase.
    assert!(
        !text.contains("0a") && !text.contains(" ff") && !text.contains("5c"),
        "{text}"
    );
}

#[test]
fn scan_ranges_and_plans_print_as_the_shell_reads_them() {
    let r = ScanRange::prefix(b"\x00\x03\x84\xd3");
    assert_eq!(r.to_string(), r#"["\x00\x03\x84\xD3", "\x00\x03\x84\xD4")"#);
    assert_eq!(
        format!("{r:?}"),
        r#"ScanRange { start: "\x00\x03\x84\xD3", stop: "\x00\x03\x84\xD4" }"#
    );
    assert_eq!(ScanRange::all().to_string(), r#"["", end)"#);
    let plan = MessageKey::scan().date(230611).plan().unwrap();
    let text = plan.to_string();
    assert_eq!(text.lines().count(), 16);
    assert_eq!(
        text.lines().next(),
        Some(r#"scan ["\x00\x00\x03\x84\xD3", "\x00\x00\x03\x84\xD4")"#)
    );
    let debug = format!("{plan:?}");
    assert!(
        debug.starts_with(r#"ScanPlan { ranges: [ScanRange { start: "\x00\x00\x03\x84\xD3""#),
        "{debug}"
    );
    assert!(!debug.contains("[0, 0, 3"), "no decimal arrays: {debug}");
    let get = MessageKey::scan()
        .date(1)
        .time(2)
        .message_id(3)
        .plan()
        .unwrap();
    assert!(get.to_string().starts_with("get \""), "{get}");
    let none = MessageKey::scan().date(5..5).plan().unwrap();
    assert_eq!(none.to_string(), "no rows");
}
