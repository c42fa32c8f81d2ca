//! `rowkey_migrate`: plans cover the old key space once, in order; they read back from their
//! text, refuse other layouts naming both fingerprints, and name the line of bad text; a row
//! that does not convert names its unit and key.

use rowkey::{RowKey, ScanRange};
use rowkey_migrate::{
    convert_key, Checkpoint, ConvertError, CopyStore, Dual, MemoryStore, MigrateError, Plan,
};

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
            let old_plan = Old16::scan().ts(lo..hi).plan().unwrap();
            let new_plan = New64::scan().ts(lo..hi).plan().unwrap();
            let converted: Vec<(Vec<u8>, u32)> = read(&old, &old_plan, reverse)
                .into_iter()
                .map(|(k, v)| (convert_key(&k, 0, to_new).unwrap(), v))
                .collect();
            let new_rows = read(&new, &new_plan, reverse);
            #[cfg(feature = "async")]
            let streamed = {
                use futures::{executor::block_on, stream, StreamExt};
                let mut dual = rowkey_migrate::DualStream::new(
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

/// The new table's rows, every one a value (no tombstone in these tests).
fn new_table(maps: &MemoryStore<u32>) -> std::collections::BTreeMap<Vec<u8>, u32> {
    maps.new_rows()
        .into_iter()
        .map(|(k, v)| (k, v.expect("a value")))
        .collect()
}

/// `n` rows of the old table, value 1.
fn old_rows(n: u32) -> std::collections::BTreeMap<Vec<u8>, u32> {
    (0..n)
        .map(|i| {
            let key = Old16 {
                ts: i,
                id: i as u16,
            };
            (key.encode().unwrap(), 1)
        })
        .collect()
}

/// The copy through `CopyStore`: a row of the old table that does not decode is reported with
/// its unit and key and the rest is copied; a row the new table has already is left alone.
#[test]
fn the_copy_reports_rows_that_do_not_convert_and_keeps_newer_rows() {
    use rowkey_migrate::{Migration, Progress};
    let mut old = old_rows(300);
    // A row cut short: bucket 5, then 3 bytes.
    old.insert(vec![5, 0, 0, 1], 1);
    let updated = New64 { ts: 7, id: 7 }.encode().unwrap();
    let maps = MemoryStore::new();
    maps.load_old(old);
    maps.write_absent(vec![(updated.clone(), 9)]).unwrap();
    let m = Migration::new(Plan::for_layout::<Old16, New64>(16).unwrap(), to_new, |n| {
        Old16 { ts: n.ts, id: n.id }
    })
    .unwrap();
    let mut progress = Progress::new(&m.plan);
    let report = m
        .copy(&maps)
        .workers(3)
        .batch(7)
        .run(&mut progress)
        .unwrap();
    assert_eq!((report.read, report.written, report.present), (301, 299, 1));
    assert_eq!(report.rejected.len(), 1);
    let bad = &report.rejected[0];
    assert_eq!((bad.unit, bad.key.as_slice()), (5, &[5, 0, 0, 1][..]));
    assert!(
        bad.to_string()
            .starts_with("unit 5: row \\x05\\x00\\x00\\x01: the old key does not decode"),
        "{bad}"
    );
    let new = new_table(&maps);
    assert_eq!(new[&updated], 9, "the writer's update is not reverted");
    assert_eq!(new.len(), 300);
    assert!(progress.is_done() && !report.stopped);
}

/// Pages shorter than the batch do not end a unit: only an empty read does. Every row is
/// copied, and each unit costs one empty read at its end.
#[test]
fn the_copy_reads_on_after_short_pages() {
    use rowkey_migrate::{Migration, Progress};
    // Every read returns at most 5 rows, fewer than the batch of 10 asks for (as
    // FoundationDB's and HBase's pages may, and as the Bigtable emulator does when a row in
    // range is deleted during the read).
    let maps = MemoryStore::new().with_page(5);
    maps.load_old(old_rows(1000));
    let m = Migration::new(Plan::for_layout::<Old16, New64>(16).unwrap(), to_new, |n| {
        Old16 { ts: n.ts, id: n.id }
    })
    .unwrap();
    let mut progress = Progress::new(&m.plan);
    let checkpoints = std::sync::atomic::AtomicUsize::new(0);
    let count = |_: &rowkey_migrate::Checkpoint| {
        checkpoints.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    };
    let report = m
        .copy(&maps)
        .workers(3)
        .batch(10)
        .on_checkpoint(&count)
        .run(&mut progress)
        .unwrap();
    assert_eq!(
        (report.read, report.written, report.units_done),
        (1000, 1000, 16)
    );
    assert!(progress.is_done() && !report.stopped);
    let new = new_table(&maps);
    let want: std::collections::BTreeMap<Vec<u8>, u32> = maps
        .old_rows()
        .iter()
        .map(|(k, _)| (to_new(Old16::decode(k).unwrap()).encode().unwrap(), 1))
        .collect();
    assert_eq!(new, want);
    // Pages of 5 rows: each unit's rows in ceil(rows / 5) checkpoints, plus its empty read.
    let per_unit: usize = (0..16)
        .map(|u| {
            let rows = maps.old_rows().iter().filter(|(k, _)| k[0] == u).count();
            rows.div_ceil(5) + 1
        })
        .sum();
    assert_eq!(checkpoints.into_inner(), per_unit);
}

/// A plan resumed under another layout is refused, naming both fingerprints; progress and plan
/// text errors name their line.
#[test]
fn resuming_checks_layouts_and_text() {
    use rowkey_migrate::{Migration, Progress};
    let plan = Plan::for_layout::<Old16, New64>(16).unwrap();
    let text = plan.to_text();
    let err =
        Migration::<Old16, Old16>::new(Plan::parse(&text).unwrap(), |o| o, |o| o).unwrap_err();
    let message = err.to_string();
    for fp in [New64::LAYOUT_FINGERPRINT, Old16::LAYOUT_FINGERPRINT] {
        assert!(message.contains(&format!("{fp:016x}")), "{message}");
    }
    // A plan cut short names the line after its last.
    let short: String = text.lines().take(2).map(|l| format!("{l}\n")).collect();
    assert_eq!(
        Plan::parse(&short),
        Err(MigrateError::BadPlan {
            line: 3,
            what: "the plan ends early".into()
        })
    );
    for (bad, line) in [
        ("unit 0 - done\nunit 99 - done\n", 2),
        ("unit 0 - done\nunit 1 zz copying\n", 2),
        ("unit 0 - finished\n", 1),
        ("\nunit 1 -\n", 2),
    ] {
        match Progress::parse(bad, &plan) {
            Err(MigrateError::BadProgress { line: l, .. }) => assert_eq!(l, line, "{bad:?}"),
            other => panic!("{bad:?}: {other:?}"),
        }
    }
}

/// What writers write in each phase, as the protocol's table says.
#[test]
fn writers_follow_the_phase_table() {
    use rowkey_migrate::{Migration, Op, Phase};
    let m = Migration::new(Plan::for_layout::<Old16, New64>(16).unwrap(), to_new, |n| {
        Old16 { ts: n.ts, id: n.id }
    })
    .unwrap();
    let row = New64 { ts: 3, id: 4 };
    let (old_key, new_key) = (
        Old16 { ts: 3, id: 4 }.encode().unwrap(),
        row.encode().unwrap(),
    );
    use Op::*;
    // The phase; a put's ops on the new and the old table; a delete's.
    type Row = (Phase, Option<Op>, Option<Op>, Option<Op>, Option<Op>);
    let table: [Row; 6] = [
        (
            Phase::Start,
            None,
            Some(Put(old_key.clone())),
            None,
            Some(Delete(old_key.clone())),
        ),
        (
            Phase::DualWrite,
            Some(Put(new_key.clone())),
            Some(Put(old_key.clone())),
            Some(Tombstone(new_key.clone())),
            Some(Delete(old_key.clone())),
        ),
        (
            Phase::Copy,
            Some(Put(new_key.clone())),
            Some(Put(old_key.clone())),
            Some(Tombstone(new_key.clone())),
            Some(Delete(old_key.clone())),
        ),
        (
            Phase::Verify,
            Some(Put(new_key.clone())),
            Some(Put(old_key.clone())),
            Some(Tombstone(new_key.clone())),
            Some(Delete(old_key.clone())),
        ),
        (
            Phase::CutOver,
            Some(Put(new_key.clone())),
            None,
            Some(Delete(new_key.clone())),
            None,
        ),
        (
            Phase::Retired,
            Some(Put(new_key.clone())),
            None,
            Some(Delete(new_key.clone())),
            None,
        ),
    ];
    for (phase, put_new, put_old, del_new, del_old) in table {
        let w = m.write(phase, row).unwrap();
        assert_eq!((w.new, w.old), (put_new, put_old), "{phase:?} put");
        let d = m.delete(phase, row).unwrap();
        assert_eq!((d.new, d.old), (del_new, del_old), "{phase:?} delete");
    }
}

/// `DualStream` over streams that are not ready every other poll (as network streams are)
/// merges as `Dual` does, tombstones and limits included.
#[cfg(feature = "async")]
#[test]
fn dual_stream_waits_on_pending_streams() {
    use core::pin::Pin;
    use core::task::{Context, Poll};
    use futures::{executor::block_on, Stream, StreamExt};
    use rowkey_migrate::DualStream;

    /// Yields `rows`, answering `Pending` (and waking itself) before each.
    struct Slow {
        rows: std::vec::IntoIter<(Vec<u8>, Option<u32>)>,
        ready: bool,
    }
    impl Stream for Slow {
        type Item = (Vec<u8>, Option<u32>);
        fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
            if !self.ready {
                self.ready = true;
                cx.waker().wake_by_ref();
                return Poll::Pending;
            }
            self.ready = false;
            Poll::Ready(self.rows.next())
        }
    }
    let slow = |rows: Vec<(Vec<u8>, Option<u32>)>| Slow {
        rows: rows.into_iter(),
        ready: false,
    };
    let old: Vec<(Vec<u8>, Option<u32>)> = (0u8..40).map(|i| (vec![i % 3, i], Some(1))).collect();
    let new: Vec<(Vec<u8>, Option<u32>)> = (0u8..40)
        .filter(|i| i % 4 == 0)
        .map(|i| (vec![7, i], if i % 8 == 0 { None } else { Some(2) }))
        .collect();
    for limit in [None, Some(0), Some(5), Some(100)] {
        let mut sync = Dual::new(old.clone().into_iter(), new.clone().into_iter(), 1)
            .deleted(|(_, v)| v.is_none());
        let mut stream =
            DualStream::new(slow(old.clone()), slow(new.clone()), 1).deleted(|(_, v)| v.is_none());
        if let Some(n) = limit {
            sync = sync.limit(n);
            stream = stream.limit(n);
        }
        let want: Vec<_> = sync.collect();
        assert_eq!(
            block_on(stream.collect::<Vec<_>>()),
            want,
            "limit {limit:?}"
        );
        if limit.is_none() {
            // 40 old rows, 5 hidden by tombstones, 5 replaced by the new table's.
            assert_eq!(want.len(), 35);
            assert_eq!(want.iter().filter(|(_, v)| *v == Some(2)).count(), 5);
        }
    }
}

/// The plan's own error names the plan's own function.
#[test]
fn an_unsalted_plan_without_a_sample_names_plan_from_sample() {
    #[derive(RowKey)]
    struct Name {
        #[java]
        name: String,
    }
    let e = Plan::for_layout::<Name, Salted>(4).unwrap_err().to_string();
    assert!(e.contains("use Plan::from_sample"), "{e}");
    assert!(!e.contains("splits::"), "{e}");
}

/// The job's plan in a checkpoint directory: stored by the first worker, given back to the
/// later ones whatever plan they made, and a resume with another plan refused, naming both.
#[test]
fn a_checkpoint_directory_keeps_the_jobs_plan() {
    use rowkey_migrate::{CheckpointDir, Checkpoints, Migration, Progress};
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("job-plan");
    let _ = std::fs::remove_dir_all(&dir);
    let first = Plan::from_points::<Plain, Salted>(&[vec![0, 0, 0, 0, 0, 0, 0, 5]]);
    let again = Plan::from_points::<Plain, Salted>(&[vec![0, 0, 0, 0, 0, 0, 0, 7]]);
    // Eight workers start together: one plan is stored, and every one gets it back.
    let stored: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..8)
            .map(|i| {
                let dir = dir.clone();
                let plan = if i % 2 == 0 {
                    first.clone()
                } else {
                    again.clone()
                };
                s.spawn(move || CheckpointDir::new(&dir).job_plan(&plan).unwrap().id())
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(stored.iter().all(|id| *id == stored[0]), "{stored:?}");
    let (kept, other) = if stored[0] == first.id() {
        (first, again)
    } else {
        (again, first)
    };
    let maps: MemoryStore<u32> = MemoryStore::new();
    let checkpoints = CheckpointDir::new(&dir);
    let to_new = |o: Plain| Salted {
        id: o.id,
        name: o.name,
    };
    let to_old = |n: Salted| Plain {
        id: n.id,
        name: n.name,
    };
    let m = Migration::new(other.clone(), to_new, to_old).unwrap();
    let e = m
        .copy(&maps)
        .checkpoints(&checkpoints)
        .resume()
        .unwrap_err()
        .to_string();
    assert!(e.contains(&kept.id()) && e.contains(&other.id()), "{e}");
    let m = Migration::new(checkpoints.job_plan(&other).unwrap(), to_new, to_old).unwrap();
    let (_, progress) = m.copy(&maps).checkpoints(&checkpoints).resume().unwrap();
    assert!(progress.is_done());
    assert_eq!(Progress::new(&m.plan).units.len(), 2);
}
