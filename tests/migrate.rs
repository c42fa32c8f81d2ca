//! `rowkey::migrate`: plans cover the old key space once, in order; they read back from their
//! text, refuse other layouts naming both fingerprints, and name the line of bad text; a row
//! that does not convert names its unit and key.

use rowkey::migrate::{convert_key, Checkpoint, ConvertError, Dual, MigrateError, Plan};
use rowkey::{RowKey, ScanRange};

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Plain {
    id: u64,
    #[java]
    name: String,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 8, of = "id")]
struct Salted {
    id: u64,
    #[java]
    name: String,
}

#[test]
fn units_cover_the_key_space_once_in_order() {
    let plan = Plan::from_points::<Plain, Salted>(&[vec![9], vec![3], vec![3], vec![], vec![5, 0]]);
    let ranges: Vec<&ScanRange> = plan.units.iter().map(|u| &u.range).collect();
    assert!(ranges[0].start.is_empty());
    assert!(ranges.last().unwrap().stop.is_empty());
    for w in ranges.windows(2) {
        assert_eq!(w[0].stop, w[1].start, "no gap, no overlap");
    }
    assert_eq!(plan.units.len(), 4);
    assert!(plan.units.iter().enumerate().all(|(i, u)| u.index == i));
    for key in [&[][..], &[2], &[3], &[5], &[5, 0], &[9, 9], &[0xFF]] {
        assert_eq!(
            ranges.iter().filter(|r| r.contains(key)).count(),
            1,
            "{key:?}"
        );
    }
    // A sample of keys cuts even units.
    let keys: Vec<Vec<u8>> = (0u64..1000)
        .map(|i| {
            Plain {
                id: i,
                name: "n".into(),
            }
            .encode()
            .unwrap()
        })
        .collect();
    let plan = Plan::from_sample::<Plain, Salted, _>(&keys, 4).unwrap();
    for u in &plan.units {
        assert_eq!(keys.iter().filter(|k| u.range.contains(k)).count(), 250);
    }
    // An unsalted old key has no split points of its own.
    assert!(matches!(
        Plan::for_layout::<Plain, Salted>(4),
        Err(MigrateError::Split(_))
    ));
}

#[test]
fn a_plan_reads_back_and_bad_text_names_its_line() {
    let plan = Plan::from_points::<Plain, Salted>(&[vec![0x10], vec![0x20, 0x00]]);
    assert_eq!(Plan::parse(&plan.to_text()).unwrap(), plan);
    assert!(plan.check::<Plain, Salted>().is_ok());
    let err = plan.check::<Salted, Plain>().unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains(&format!("{:016x}", Plain::LAYOUT_FINGERPRINT))
            && text.contains(&format!("{:016x}", Salted::LAYOUT_FINGERPRINT)),
        "{text}"
    );
    let written = plan.to_text();
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(lines[4], "unit 1 10 2000");
    for (broken, line) in [
        (written.replacen("v1", "v2", 1), 1),
        (written.replacen(lines[1], "old zz", 1), 2),
        (written.replacen("unit 1 10 2000", "unit 2 10 2000", 1), 5),
        (written.replacen("unit 1 10 2000", "unit 1 1 2000", 1), 5),
        (written.replacen("unit 1 10 2000", "unit 1 10", 1), 5),
    ] {
        match Plan::parse(&broken) {
            Err(MigrateError::BadPlan { line: l, .. }) => assert_eq!(l, line, "{broken}"),
            other => panic!("{broken}: {other:?}"),
        }
    }
}

#[test]
fn rows_convert_or_are_reported_with_their_unit() {
    let plan = Plan::for_layout::<Salted, Plain>(8).unwrap();
    let old = Salted {
        id: 5,
        name: "x".into(),
    };
    let key = old.encode().unwrap();
    let unit = plan.units.iter().find(|u| u.range.contains(&key)).unwrap();
    assert_eq!(unit.range.start, [key[0]]);
    let new = convert_key(&key, unit.index, |o: Salted| Plain {
        id: o.id,
        name: o.name,
    })
    .unwrap();
    assert_eq!(
        Plain::decode(&new).unwrap(),
        Plain {
            id: 5,
            name: "x".into()
        }
    );
    // A bucket byte out of range does not decode: reported with the unit and the key.
    let mut bad = key.clone();
    bad[0] = 200;
    let err = convert_key(&bad, 7, |o: Salted| Plain {
        id: o.id,
        name: o.name,
    })
    .unwrap_err();
    assert_eq!((err.unit, err.key.clone()), (7, bad));
    assert!(matches!(err.error, ConvertError::Decode(_)));
    assert!(err.to_string().starts_with("unit 7: row \\xC8"), "{err}");
    // Checkpoints: the rest of a unit after its last row copied.
    let mut at = Checkpoint::start(unit);
    at.copied(&key);
    let rest = at.remaining(unit);
    assert!(!rest.contains(&key) && rest.stop == unit.range.stop);
}

#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[salt(md5, buckets = 16, of = "id")]
struct Old16 {
    ts: u32,
    id: u16,
}

#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[salt(md5, buckets = 64, of = "id")]
struct New64 {
    ts: u32,
    id: u16,
}

fn to_new(o: Old16) -> New64 {
    New64 { ts: o.ts, id: o.id }
}

/// The rows of `table` that `plan` reads: one sorted stream per range, merged in logical order.
fn read(
    table: &std::collections::BTreeMap<Vec<u8>, u32>,
    plan: &rowkey::ScanPlan,
    reverse: bool,
) -> Vec<(Vec<u8>, u32)> {
    let streams: Vec<_> = plan
        .ranges()
        .iter()
        .map(|r| {
            let mut rows: Vec<(Vec<u8>, u32)> = table
                .iter()
                .filter(|(k, _)| r.contains(k))
                .map(|(k, v)| (k.clone(), *v))
                .collect();
            if reverse {
                rows.reverse();
            }
            rows.into_iter()
        })
        .collect();
    let merge = plan.merge(streams);
    if reverse {
        merge.reverse().collect()
    } else {
        merge.collect()
    }
}

/// Mid-move reads against the truth: random tables of 16-bucket rows, some already copied into
/// the 64-bucket table (with newer values) and some written there only, read by random time
/// ranges forward and reversed with random limits: every logical row once, the new table's
/// value winning, in logical order.
#[test]
fn dual_reads_see_every_logical_row_once() {
    use std::collections::BTreeMap;
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut rand = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    for case in 0..60 {
        let mut truth: BTreeMap<(u32, u16), u32> = BTreeMap::new();
        let (mut old, mut new) = (BTreeMap::new(), BTreeMap::new());
        for _ in 0..rand(400) {
            let (ts, id) = (rand(50) as u32, rand(40) as u16);
            if truth.contains_key(&(ts, id)) {
                // Rows are written once before the move; updates during it go to the new
                // table (the dual-write protocol), below.
                continue;
            }
            let o = Old16 { ts, id };
            old.insert(o.encode().unwrap(), 1);
            truth.insert((ts, id), 1);
            if rand(3) == 0 {
                // Copied, then updated in the new table.
                new.insert(to_new(o).encode().unwrap(), 2);
                truth.insert((ts, id), 2);
            }
        }
        for _ in 0..rand(100) {
            let (ts, id) = (rand(50) as u32, rand(40) as u16);
            new.insert(New64 { ts, id }.encode().unwrap(), 3);
            truth.insert((ts, id), 3);
        }
        for _ in 0..10 {
            let (a, b) = (rand(55) as u32, rand(55) as u32);
            let (lo, hi) = (a.min(b), a.max(b));
            let reverse = rand(2) == 0;
            let limit = if rand(2) == 0 {
                Some(rand(30) as usize)
            } else {
                None
            };
            let old_plan = Old16::scan().ts_range(lo..hi).plan().unwrap();
            let new_plan = New64::scan().ts_range(lo..hi).plan().unwrap();
            let converted: Vec<(Vec<u8>, u32)> = read(&old, &old_plan, reverse)
                .into_iter()
                .map(|(k, v)| (convert_key(&k, 0, to_new).unwrap(), v))
                .collect();
            let new_rows = read(&new, &new_plan, reverse);
            #[cfg(feature = "async")]
            let streamed = {
                use futures::{executor::block_on, stream, StreamExt};
                let mut dual = rowkey::migrate::DualStream::new(
                    stream::iter(converted.clone()),
                    stream::iter(new_rows.clone()),
                    new_plan.salt_len(),
                );
                if reverse {
                    dual = dual.reverse();
                }
                if let Some(n) = limit {
                    dual = dual.limit(n);
                }
                block_on(dual.collect::<Vec<_>>())
            };
            let mut dual = Dual::new(
                converted.into_iter(),
                new_rows.into_iter(),
                new_plan.salt_len(),
            );
            if reverse {
                dual = dual.reverse();
            }
            if let Some(n) = limit {
                dual = dual.limit(n);
            }
            let rows: Vec<(Vec<u8>, u32)> = dual.collect();
            #[cfg(feature = "async")]
            assert_eq!(streamed, rows, "the stream merges as the iterator does");
            let got: Vec<((u32, u16), u32)> = rows
                .into_iter()
                .map(|(k, v)| {
                    let n = New64::decode(&k).unwrap();
                    ((n.ts, n.id), v)
                })
                .collect();
            let mut want: Vec<((u32, u16), u32)> = truth
                .iter()
                .filter(|((ts, _), _)| (lo..hi).contains(ts))
                .map(|(k, v)| (*k, *v))
                .collect();
            // Logical order: (ts, id), as the key without its salt sorts.
            if reverse {
                want.reverse();
            }
            if let Some(n) = limit {
                want.truncate(n);
            }
            assert_eq!(
                got, want,
                "case {case}, ts {lo}..{hi}, reverse {reverse}, limit {limit:?}"
            );
        }
    }
}
