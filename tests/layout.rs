//! The layout as a value and its fingerprint: renames keep it, edits that can change a key's
//! bytes change it (many pairs in rowkey-derive's unit tests; real derived structs here).

use rowkey::layout::{FieldFormat, ValueType};
use rowkey::salt::Salt;
use rowkey::Encoding;
use rowkey::{FieldLayout, RowKey};

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
    let time: &FieldLayout = &l.fields[1];
    assert_eq!(
        (
            time.name,
            time.ty,
            time.attrs,
            time.width,
            time.max_width,
            time.offset
        ),
        ("time", "u32", "", Some(4), Some(4), Some(5))
    );
    assert_eq!(time.value, ValueType::U32);
    assert_eq!(time.format, FieldFormat::Natural);
    assert!(!time.inverted && !time.open_end && time.dropped.is_none());
    assert!(
        l.fields[2].open_end,
        "the last field runs to the end of the key"
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

// One key per whole-key encoding: its `layout()` and its fingerprint, pinned against the
// canonical description hashed here, apart from the derive.

#[derive(RowKey)]
#[rowkey(encoding = "phoenix")]
#[salt(phoenix, buckets = 4)]
struct PhoenixOrder {
    customer: String,
    #[desc]
    created: i64,
    #[fixed(3)]
    region: String,
    #[desc]
    note: Option<String>,
}

/// A Phoenix table declared without rowKeyOrderOptimizable, with a column that needs the
/// upgrade (a DESC VARCHAR): the effective flag is false.
#[derive(RowKey)]
#[rowkey(encoding = "phoenix", row_key_order_optimizable = false)]
struct PhoenixOld {
    #[desc]
    name: String,
    id: u64,
}

#[derive(RowKey)]
#[rowkey(encoding = "bigtable")]
struct BigtableRow {
    tenant: String,
    #[desc]
    user: String,
    ts: i64,
    payload: Vec<u8>,
}

#[derive(RowKey)]
#[rowkey(encoding = "hbase_ordered")]
struct HbaseMeasure {
    metric: String,
    #[desc]
    ts: i64,
    #[java(nul_terminated)]
    host: String,
    #[desc]
    region: Option<String>,
    #[blob]
    tail: Vec<u8>,
}

#[derive(RowKey)]
#[rowkey(encoding = "fdb_tuple")]
struct FdbThread {
    forum: u16,
    title: Option<String>,
}

#[derive(RowKey)]
#[rowkey(encoding = "fdb_tuple")]
struct FdbMessage {
    thread: FdbThread,
    at: f64,
    body: Vec<u8>,
}

#[test]
fn every_encoding_describes_its_layout() {
    let p = PhoenixOrder::layout();
    assert_eq!(
        p.encoding,
        Encoding::Phoenix {
            row_key_order_optimizable: true
        }
    );
    assert_eq!(p.salt, Salt::Phoenix { buckets: 4 });
    assert_eq!(
        p.to_string(),
        "PhoenixOrder: phoenix | salt(phoenix, buckets = 4) 1B | customer String VARCHAR var @1 | \
         created i64 BIGINT #[desc] 8B | region String CHAR(3) #[fixed(3)] 3B | \
         note Option<String> VARCHAR #[desc] var"
    );
    assert_eq!(
        PhoenixOld::layout().encoding,
        Encoding::Phoenix {
            row_key_order_optimizable: false
        }
    );
    assert_eq!(
        PhoenixOld::layout().to_string(),
        "PhoenixOld: phoenix, not optimizable | name String VARCHAR #[desc] var @0 | id u64 UNSIGNED_LONG 8B"
    );
    let b = BigtableRow::layout();
    assert_eq!(b.encoding, Encoding::Bigtable);
    assert_eq!(
        b.to_string(),
        "BigtableRow: bigtable | tenant String String Utf8Bytes var @0 | user String String Utf8Bytes #[desc] var | \
         ts i64 Int64 BigEndianBytes <=18B | payload Vec<u8> Bytes var"
    );
    let f = FdbMessage::layout();
    assert_eq!(f.encoding, Encoding::FdbTuple);
    assert_eq!(
        f.to_string(),
        "FdbMessage: fdb_tuple | thread FdbThread Element var @0 | at f64 Double 9B | body Vec<u8> ByteString var"
    );
    assert_eq!(FdbThread::MAX_LEN, None);
    let h = HbaseMeasure::layout();
    assert_eq!(h.encoding, Encoding::HbaseOrdered);
    assert_eq!(
        h.to_string(),
        "HbaseMeasure: hbase_ordered | metric String OrderedString var @0 | ts i64 OrderedInt64 #[desc] 9B | \
         host String RawStringTerminated #[java(nul_terminated)] var | \
         region Option<String> OrderedString #[desc] var | tail Vec<u8> OrderedBlob #[blob] var"
    );
}

#[test]
fn every_encoding_has_its_own_fingerprint() {
    assert_eq!(
        PhoenixOrder::LAYOUT_FINGERPRINT,
        fnv(
            "rowkey-layout-1|phoenix optimizable=true|salt phoenix len=1 buckets=4|String VARCHAR|\
             i64 BIGINT #[desc]|String CHAR(3) #[fixed(3)]|Option<String> VARCHAR #[desc]"
        )
    );
    assert_eq!(
        PhoenixOld::LAYOUT_FINGERPRINT,
        fnv("rowkey-layout-1|phoenix optimizable=false|String VARCHAR #[desc]|u64 UNSIGNED_LONG")
    );
    assert_eq!(
        BigtableRow::LAYOUT_FINGERPRINT,
        fnv(
            "rowkey-layout-1|bigtable ordered_code_bytes|String String Utf8Bytes|\
             String String Utf8Bytes #[desc]|i64 Int64 BigEndianBytes|Vec<u8> Bytes"
        )
    );
    assert_eq!(
        HbaseMeasure::LAYOUT_FINGERPRINT,
        fnv("rowkey-layout-1|hbase ordered struct|String OrderedString|i64 OrderedInt64 #[desc]|\
             String RawStringTerminated #[java(nul_terminated)]|Option<String> OrderedString #[desc]|\
             Vec<u8> OrderedBlob #[blob]")
    );
    assert_eq!(
        FdbMessage::LAYOUT_FINGERPRINT,
        fnv("rowkey-layout-1|fdb tuple|FdbThread Element|f64 Double|Vec<u8> ByteString")
    );
    assert_eq!(
        FdbThread::LAYOUT_FINGERPRINT,
        fnv("rowkey-layout-1|fdb tuple|u16 Integer|Option<String> Nullable UnicodeString")
    );
    // Every layout above has a fingerprint of its own.
    let all = [
        PhoenixOrder::LAYOUT_FINGERPRINT,
        PhoenixOld::LAYOUT_FINGERPRINT,
        BigtableRow::LAYOUT_FINGERPRINT,
        HbaseMeasure::LAYOUT_FINGERPRINT,
        MessageKey::LAYOUT_FINGERPRINT,
        MessageText::LAYOUT_FINGERPRINT,
        FdbMessage::LAYOUT_FINGERPRINT,
        FdbThread::LAYOUT_FINGERPRINT,
    ];
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

/// A field of each kind the layout's flags tell apart: a raw `#[java]` string read over a
/// window, a descending field, earlier names, a Phoenix trailing `Option` the key drops.
#[derive(RowKey)]
#[rowkey(encoding = "phoenix")]
struct Flagged {
    #[rowkey(was = "tenant_id", was = "org")]
    tenant: String,
    #[desc]
    day: u32,
    note: Option<String>,
}

#[derive(RowKey)]
struct Windowed {
    #[java]
    s: String,
    #[rowkey(was = "n")]
    id: u64,
}

#[test]
fn every_field_flag_reads_back() {
    use rowkey::layout::{Dropped, FieldOrder};
    let l = Flagged::layout();
    let [tenant, day, note] = &l.fields[..] else {
        panic!("three fields: {l}")
    };
    assert_eq!(
        (tenant.name, tenant.ty, tenant.was),
        ("tenant", "String", &["tenant_id", "org"][..])
    );
    assert_eq!(
        (tenant.value_trim, tenant.order),
        (0, FieldOrder::Ascending)
    );
    assert!(!tenant.inverted && tenant.dropped.is_none() && !tenant.open_end);
    assert_eq!(
        (day.name, day.attrs, day.was),
        ("day", "UNSIGNED_INT #[desc]", &[][..])
    );
    assert!(day.inverted);
    assert_eq!(day.order, FieldOrder::Descending);
    assert_eq!(note.dropped, Some(Dropped::Null));
    assert!(note.open_end);
    let w = Windowed::layout();
    assert!(w.fields[0].window && !w.fields[1].window);
    assert_eq!((w.fields[1].name, w.fields[1].was), ("id", &["n"][..]));
    // A text key's last part writes no delimiter: its widths are one byte less.
    let t = MessageText::layout();
    assert_eq!((t.fields[0].value_trim, t.fields[0].width), (1, Some(7)));
    assert_eq!(t.fields[2].max_width, Some(20));
}
