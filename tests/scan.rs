//! Scan plans and the merge: plan shapes for each salt, HBase-exact ranges and shell syntax,
//! and a merge that streams.

use std::cell::Cell;
use std::rc::Rc;

use rowkey::{Merge, RowKey, ScanRange};

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 16, of = "message_id")]
struct MessageKey {
    date: u32,
    time: u32,
    message_id: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, of = "user")]
struct ByUser {
    user: String,
    #[reverse_ts]
    ts: i64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(random, buckets = 4)]
struct Spread {
    ts: u64,
    id: u32,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Plain {
    a: u8,
    b: String,
}

#[test]
fn plan_shapes() {
    // Bucket salt, `of` not fixed: one range per bucket, each starting with its bucket byte.
    let plan = MessageKey::scan().date(230611).plan().unwrap();
    assert_eq!(plan.ranges().len(), 16);
    for (b, r) in plan.ranges().iter().enumerate() {
        assert_eq!(r.start, [&[b as u8][..], &230611u32.to_be_bytes()].concat());
        assert_eq!(r.stop, [&[b as u8][..], &230612u32.to_be_bytes()].concat());
    }
    assert!(!plan.is_point() && plan.row().is_none());
    // Every field fixed: one Get, the row encode writes.
    let key = MessageKey {
        date: 230611,
        time: 63031,
        message_id: 1231231,
    };
    let get = MessageKey::scan()
        .date(230611)
        .time(63031)
        .message_id(1231231u64)
        .plan()
        .unwrap();
    assert!(get.is_point());
    assert_eq!(get.row(), Some(&key.encode().unwrap()[..]));
    assert_eq!(get.ranges()[0], ScanRange::row(&key.encode().unwrap()));
    // An md5 prefix with its field fixed: one range under the right salt.
    let plan = ByUser::scan().user("ann").plan().unwrap();
    assert_eq!(plan.ranges().len(), 1);
    let row = ByUser {
        user: "ann".into(),
        ts: 5,
    }
    .encode()
    .unwrap();
    assert!(plan.ranges()[0].contains(&row));
    assert!(!plan.ranges()[0].contains(
        &ByUser {
            user: "bob".into(),
            ts: 5
        }
        .encode()
        .unwrap()
    ));
    // A bucket salt whose `of` field is fixed by the prefix: the bucket is known, one range.
    #[derive(RowKey, Debug)]
    #[salt(md5, buckets = 32, of = "tenant")]
    struct Tenanted {
        tenant: u32,
        ts: u64,
    }
    let plan = Tenanted::scan().tenant(7).ts(100..200).plan().unwrap();
    assert_eq!(plan.ranges().len(), 1);
    let inside = Tenanted { tenant: 7, ts: 150 }.encode().unwrap();
    let outside = Tenanted { tenant: 7, ts: 200 }.encode().unwrap();
    assert!(plan.contains(&inside) && !plan.contains(&outside));
    // Random salt: a point is one Get per bucket.
    let plan = Spread::scan().ts(1u64).id(2u32).plan().unwrap();
    assert!(plan.is_point());
    assert_eq!(plan.rows().len(), 4);
    assert_eq!(plan.row(), None);
    // Full scans.
    assert_eq!(Plain::full_scan().ranges(), [ScanRange::all()]);
    assert_eq!(MessageKey::full_scan().ranges().len(), 16);
    assert_eq!(
        MessageKey::full_scan().ranges()[15],
        ScanRange {
            start: vec![15],
            stop: vec![16]
        }
    );
    assert_eq!(ByUser::full_scan().ranges(), [ScanRange::all()]);
}

#[test]
fn ranges_follow_hbase() {
    // A range that excludes everything gives no ranges at all.
    let empty = Plain::scan().a(5..5).plan().unwrap();
    assert!(empty.ranges().is_empty());
    // `a = 255` prefix: stop row drops the trailing FF and... there is nothing to increment.
    let all_ff = Plain::scan().a(255u8).plan().unwrap();
    assert_eq!(
        all_ff.ranges(),
        [ScanRange {
            start: vec![0xFF],
            stop: vec![]
        }]
    );
    // Inclusive upper bound on the open last field: the stop row is the successor of the value.
    let r = Plain::scan().a(1u8).b(..="m".to_string()).plan().unwrap();
    assert_eq!(
        r.ranges()[0],
        ScanRange {
            start: vec![1],
            stop: b"\x01m\x00".to_vec()
        }
    );
    // Values that do not fit are errors, not truncations.
    #[derive(RowKey, Debug)]
    struct Fixed {
        #[fixed(2)]
        code: String,
    }
    let err = Fixed::scan().code("long").plan().unwrap_err();
    assert_eq!(err.field(), Some("code"));
}

#[test]
fn shell_syntax_escapes_like_to_string_binary() {
    let r = ScanRange {
        start: b"a\x00\"#\\".to_vec(),
        stop: vec![0xFF],
    };
    assert_eq!(
        r.to_hbase_shell(),
        r#"{STARTROW => "a\x00\x22\x23\x5C", STOPROW => "\xFF"}"#
    );
    assert_eq!(
        ScanRange::prefix(&[0xFF]).to_hbase_shell(),
        r#"{STARTROW => "\xFF"}"#
    );
}

/// A read counter and the rows of one bucket.
type Stream = (Rc<Cell<usize>>, Vec<Vec<u8>>);

/// A sorted stream that panics if read past `allowed` items.
struct Strict {
    items: std::vec::IntoIter<Vec<u8>>,
    reads: Rc<Cell<usize>>,
    allowed: usize,
}

impl Iterator for Strict {
    type Item = Vec<u8>;
    fn next(&mut self) -> Option<Vec<u8>> {
        self.reads.set(self.reads.get() + 1);
        assert!(self.reads.get() <= self.allowed, "stream over-read");
        self.items.next()
    }
}

#[test]
fn merge_streams_without_reading_ahead() {
    // Four buckets of 1000 rows each; the first output must need one read per stream only.
    let streams: Vec<Stream> = (0..4u8)
        .map(|b| {
            let rows = (0..1000u32)
                .map(|i| [&[b][..], &(i * 4 + u32::from(b)).to_be_bytes()].concat())
                .collect();
            (Rc::new(Cell::new(0)), rows)
        })
        .collect();
    let strict: Vec<Strict> = streams
        .iter()
        .map(|(reads, rows)| Strict {
            items: rows.clone().into_iter(),
            reads: reads.clone(),
            allowed: 1,
        })
        .collect();
    let mut merged = Merge::new(strict, 1);
    let first = merged.next().unwrap();
    assert_eq!(first, [0, 0, 0, 0, 0]);
    assert!(streams.iter().all(|(reads, _)| reads.get() == 1));

    // Unrestricted: every row, in order of the value after the salt byte.
    let all: Vec<Vec<u8>> =
        Merge::new(streams.iter().map(|(_, rows)| rows.clone().into_iter()), 1).collect();
    assert_eq!(all.len(), 4000);
    for (i, row) in all.iter().enumerate() {
        assert_eq!(u32::from_be_bytes(row[1..].try_into().unwrap()), i as u32);
    }
}

#[test]
fn merge_reverse_limit_and_errors() {
    let a = vec![vec![0, 9], vec![0, 5], vec![0, 1]];
    let b = vec![vec![1, 8], vec![1, 2]];
    let rev: Vec<Vec<u8>> = Merge::new([a.clone().into_iter(), b.clone().into_iter()], 1)
        .reverse()
        .collect();
    assert_eq!(
        rev,
        [vec![0, 9], vec![1, 8], vec![0, 5], vec![1, 2], vec![0, 1]]
    );
    let top2: Vec<Vec<u8>> = Merge::new([a.into_iter(), b.into_iter()], 1)
        .reverse()
        .limit(2)
        .collect();
    assert_eq!(top2, [vec![0, 9], vec![1, 8]]);

    // (key, value) pairs and errors: an error is passed on as soon as it is at a stream's head.
    let ok: Vec<Result<(Vec<u8>, &str), String>> =
        vec![Ok((vec![0, 1], "x")), Ok((vec![0, 3], "y"))];
    let bad: Vec<Result<(Vec<u8>, &str), String>> =
        vec![Ok((vec![1, 2], "z")), Err("region moved".into())];
    let out: Vec<_> = Merge::new([ok.into_iter(), bad.into_iter()], 1).collect();
    assert_eq!(out[0], Ok((vec![0, 1], "x")));
    assert_eq!(out[1], Ok((vec![1, 2], "z")));
    assert_eq!(out[2], Err("region moved".to_string()));
    assert_eq!(out[3], Ok((vec![0, 3], "y")));
}

#[test]
fn merged_plan_restores_time_order_across_buckets() {
    // Messages of one day written under 16 buckets; per-bucket sorted streams merge into time order.
    let mut rows: Vec<Vec<u8>> = (0..500u32)
        .map(|i| {
            MessageKey {
                date: 230611,
                time: i * 7,
                message_id: u64::from(i) * 13,
            }
            .encode()
            .unwrap()
        })
        .collect();
    rows.sort();
    let plan = MessageKey::scan().date(230611).plan().unwrap();
    let streams = plan.ranges().iter().map(|r| {
        rows.iter()
            .filter(|k| r.contains(k))
            .cloned()
            .collect::<Vec<_>>()
            .into_iter()
    });
    let times: Vec<u32> = plan
        .merge(streams)
        .map(|k| MessageKey::decode(&k).unwrap().time)
        .collect();
    assert_eq!(times, (0..500).map(|i| i * 7).collect::<Vec<_>>());
}

/// A String or Vec<u8> field's range takes what its fix method takes: `&str` (and `&[u8]`,
/// byte strings) as well as owned values, with the same plan.
#[test]
fn string_and_byte_ranges_take_borrowed_bounds() {
    #[derive(RowKey, Debug)]
    struct Metric {
        metric: String,
        host: String,
    }
    let borrowed = Metric::scan().metric("cpu".."disk").plan().unwrap();
    let owned = Metric::scan()
        .metric("cpu".to_string().."disk".to_string())
        .plan()
        .unwrap();
    assert_eq!(borrowed.ranges(), owned.ranges());
    let key = |m: &str| {
        Metric {
            metric: m.into(),
            host: "h".into(),
        }
        .encode()
        .unwrap()
    };
    assert!(borrowed.contains(&key("cpu")) && borrowed.contains(&key("cpv")));
    assert!(!borrowed.contains(&key("disk")) && !borrowed.contains(&key("cp")));
    let text: &str = "mem";
    let inclusive = Metric::scan().metric(text..=text).plan().unwrap();
    assert!(inclusive.contains(&key("mem")) && !inclusive.contains(&key("mem\0")));
    let (from, to) = (String::from("cpu"), String::from("disk"));
    let refs = Metric::scan().metric(&from..&to).plan().unwrap();
    assert_eq!(refs.ranges(), borrowed.ranges());

    #[derive(RowKey, Debug)]
    struct Blob {
        tag: u8,
        data: Vec<u8>,
    }
    let bytes = Blob::scan().tag(1u8).data(b"ab"..b"ba").plan().unwrap();
    let slices = Blob::scan()
        .tag(1u8)
        .data(&b"ab"[..]..&b"ba"[..])
        .plan()
        .unwrap();
    let vecs = Blob::scan()
        .tag(1u8)
        .data(b"ab".to_vec()..b"ba".to_vec())
        .plan()
        .unwrap();
    assert_eq!(bytes.ranges(), slices.ranges());
    assert_eq!(bytes.ranges(), vecs.ranges());
}

/// `MessageKey` and `ByUser` again, without their scan builders.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 16, of = "message_id")]
#[rowkey(scan = false)]
struct MessageKeyNoScan {
    date: u32,
    time: u32,
    message_id: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, of = "user")]
#[rowkey(scan = false)]
struct ByUserNoScan {
    user: String,
    #[reverse_ts]
    ts: i64,
}

/// With no builder, a field may be named `plan`.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(delimiter = ":", scan = false)]
struct Step {
    plan: String,
    step: u32,
}

#[test]
fn scan_false_leaves_the_key_as_it_was() {
    // Same bytes, decode, explanation, layout and full-table plan as the key with a builder.
    for (date, time, id) in [
        (0, 0, 0),
        (230611, 63031, 7),
        (u32::MAX, u32::MAX, u64::MAX),
    ] {
        let with = MessageKey {
            date,
            time,
            message_id: id,
        };
        let without = MessageKeyNoScan {
            date,
            time,
            message_id: id,
        };
        let bytes = with.encode().unwrap();
        assert_eq!(without.encode().unwrap(), bytes);
        assert_eq!(MessageKeyNoScan::decode(&bytes).unwrap(), without);
        assert_eq!(
            MessageKeyNoScan::explain(&bytes).replace("MessageKeyNoScan", "MessageKey"),
            MessageKey::explain(&bytes)
        );
    }
    for (user, ts) in [("", 0), ("ann", 1), ("\u{0}\u{ff}", i64::MAX)] {
        let bytes = ByUser {
            user: user.into(),
            ts,
        }
        .encode()
        .unwrap();
        let without = ByUserNoScan {
            user: user.into(),
            ts,
        };
        assert_eq!(without.encode().unwrap(), bytes);
        assert_eq!(ByUserNoScan::decode(&bytes).unwrap(), without);
    }
    assert_eq!(
        MessageKeyNoScan::LAYOUT_FINGERPRINT,
        MessageKey::LAYOUT_FINGERPRINT
    );
    assert_eq!(ByUserNoScan::LAYOUT_FINGERPRINT, ByUser::LAYOUT_FINGERPRINT);
    assert_eq!(
        format!("{:?}", MessageKeyNoScan::layout()).replace("MessageKeyNoScan", "MessageKey"),
        format!("{:?}", MessageKey::layout())
    );
    assert_eq!(
        MessageKeyNoScan::full_scan().ranges(),
        MessageKey::full_scan().ranges()
    );
    assert_eq!(MessageKeyNoScan::full_scan().ranges().len(), 16);
    assert_eq!(
        ByUserNoScan::full_scan().ranges(),
        ByUser::full_scan().ranges()
    );

    let step = Step {
        plan: "a".into(),
        step: 7,
    };
    assert_eq!(step.encode().unwrap(), b"a:7");
    assert_eq!(Step::full_scan().ranges().len(), 1);
}
