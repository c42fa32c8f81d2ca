//! The layout as a value and its fingerprint: renames keep it, edits that can change a key's
//! bytes change it (many pairs in rowkey-derive's unit tests; real derived structs here).

use rowkey::layout::Encoding;
use rowkey::{FieldLayout, RowKey, Salt};

/// 64-bit FNV-1a, written here apart from rowkey's.
fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

#[derive(RowKey)]
#[salt(md5, buckets = 16, of = "message_id")]
struct MessageKey {
    date: u32,
    time: u32,
    message_id: u64,
}

/// The same layout, every name changed.
#[derive(RowKey)]
#[salt(md5, buckets = 16, of = "id")]
struct Renamed {
    day: u32,
    second: u32,
    id: u64,
}

/// Two fields swapped (same types, so only the salt's `of` index tells them apart).
#[derive(RowKey)]
#[salt(md5, buckets = 16, of = "message_id")]
struct Swapped {
    time: u32,
    message_id: u64,
    date: u32,
}

#[derive(RowKey)]
#[salt(md5, buckets = 16, of = "message_id")]
struct Descending {
    date: u32,
    #[desc]
    time: u32,
    message_id: u64,
}

#[derive(RowKey)]
#[rowkey(delimiter = ":")]
#[salt(md5, of = "message_id")]
struct MessageText {
    #[decimal(6)]
    date: u32,
    #[decimal(6)]
    time: u32,
    message_id: u64,
}

#[derive(RowKey)]
struct Event {
    user: String,
    #[reverse_ts]
    ts: i64,
}

#[test]
fn layout_describes_every_part() {
    let l = MessageKey::layout();
    assert_eq!(l.name, "MessageKey");
    assert_eq!(l.encoding, Encoding::Binary);
    assert_eq!(l.salt, Salt::Md5Buckets { buckets: 16 });
    assert_eq!(l.salt_of, &[2]);
    assert_eq!(l.salt_width, 1);
    assert_eq!(
        l.fields[1],
        FieldLayout {
            name: "time",
            ty: "u32",
            attrs: "",
            width: Some(4),
            max_width: Some(4),
            offset: Some(5)
        }
    );
    assert_eq!(
        l.to_string(),
        "MessageKey: salt(md5, buckets = 16, of = [message_id]) 1B | date u32 4B @1 | time u32 4B @5 | message_id u64 8B @9"
    );
    let t = MessageText::layout();
    assert_eq!(t.encoding, Encoding::Text { delimiter: b':' });
    assert_eq!(
        t.to_string(),
        "MessageText: text ':' | salt(md5, len = 16, of = [message_id]) 33B | date u32 #[decimal(6)] 7B @33 | \
         time u32 #[decimal(6)] 7B @40 | message_id u64 <=20B @47"
    );
    // Offsets end where a part's width varies.
    let e = Event::layout();
    assert_eq!(
        e.to_string(),
        "Event: user String var @0 | ts i64 #[reverse_ts] 8B"
    );
    assert_eq!(e.fields[1].offset, None);
}

#[test]
fn fingerprint_ignores_names_and_tracks_bytes() {
    assert_eq!(MessageKey::LAYOUT_FINGERPRINT, Renamed::LAYOUT_FINGERPRINT);
    assert_ne!(MessageKey::LAYOUT_FINGERPRINT, Swapped::LAYOUT_FINGERPRINT);
    assert_ne!(
        MessageKey::LAYOUT_FINGERPRINT,
        Descending::LAYOUT_FINGERPRINT
    );
    assert_ne!(
        MessageKey::LAYOUT_FINGERPRINT,
        MessageText::LAYOUT_FINGERPRINT
    );
    assert_eq!(
        MessageKey::layout().fingerprint,
        MessageKey::LAYOUT_FINGERPRINT
    );
    // The documented canonical form, hashed independently: the fingerprint is stable across
    // machines and rowkey versions.
    assert_eq!(
        MessageKey::LAYOUT_FINGERPRINT,
        fnv("rowkey-layout-1|binary|salt md5 len=1 buckets=16 of=2|u32|u32|u64")
    );
    assert_eq!(
        Swapped::LAYOUT_FINGERPRINT,
        fnv("rowkey-layout-1|binary|salt md5 len=1 buckets=16 of=1|u32|u64|u32")
    );
    assert_eq!(
        MessageText::LAYOUT_FINGERPRINT,
        fnv("rowkey-layout-1|text delimiter=58|salt md5 len=16 of=2|u32 #[decimal(6)]|u32 #[decimal(6)]|u64")
    );
}
