//! Each store's own traps, and that rowkey's reads avoid them: RocksDB's prefix extractor
//! (prefix seeks past the prefix, an extractor lost on reopen, keys outside its domain), etcd's
//! range ends and revisions, fjall's key-length panic.

use rowkey::{RowKey, ScanPlan, ScanRange};
use rowkey_clients::etcd::{EtcdError, EtcdTable};
use rowkey_clients::fjall::{FjallTable, MAX_KEY};
use rowkey_clients::rocksdb::{Extractor, RocksDb, RocksError, TableSpec};
use rowkey_clients::sorted::SortedTable;

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 16, of = "device")]
struct Reading {
    device: u32,
    ts: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Event {
    day: u32,
    id: u64,
}

fn temp_dir(what: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rowkey-traps-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn keys<T: SortedTable>(
    rows: impl Iterator<Item = Result<(T::Bytes, T::Bytes), T::Error>>,
) -> Vec<Vec<u8>> {
    rows.map(|r| r.unwrap().0.as_ref().to_vec()).collect()
}

#[test]
fn rocksdb_extractor_is_the_keys_and_a_database_of_another_key_is_refused() {
    // Reading's extractor: the salt and the device (5 bytes), named after its layout.
    let e = Extractor::of::<Reading>().unwrap();
    assert_eq!(e.width, 5);
    assert_eq!(
        e.name,
        format!("rowkey.Reading.{:016x}.5", Reading::LAYOUT_FINGERPRINT)
    );
    // Event's: the day alone.
    assert_eq!(Extractor::of::<Event>().unwrap().width, 4);

    let dir = temp_dir("rocks-reopen");
    let db = RocksDb::open(&dir, &[TableSpec::keyed::<Reading>("t")]).unwrap();
    let table = db.table("t").unwrap();
    table
        .write(vec![(
            Reading { device: 1, ts: 2 }.encode().unwrap(),
            Some(vec![7]),
        )])
        .unwrap();
    drop((table, db));
    // Reopened with another key's extractor (RocksDB keeps none across a reopen): refused.
    let err = RocksDb::open(&dir, &[TableSpec::keyed::<Event>("t")]).unwrap_err();
    match &err {
        RocksError::Extractor {
            table,
            stored,
            given,
        } => {
            assert_eq!(table, "t");
            assert!(stored.starts_with("rowkey.Reading."), "{stored}");
            assert!(given.starts_with("rowkey.Event."), "{given}");
        }
        e => panic!("{e}"),
    }
    assert!(
        err.to_string()
            .contains("open it with the key it was written with"),
        "{err}"
    );
    // And without one: refused too.
    assert!(matches!(
        RocksDb::open(&dir, &[TableSpec::plain("t")]),
        Err(RocksError::Extractor { .. })
    ));
    // With its own key: read, the row there.
    let db = RocksDb::open(&dir, &[TableSpec::keyed::<Reading>("t")]).unwrap();
    let plan = Reading::scan().device(1).plan().unwrap();
    assert_eq!(db.table("t").unwrap().read(&plan).count(), 1);
    drop(db);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rocksdb_reads_never_leave_their_range_whatever_the_extractor() {
    use rowkey_clients::rocksdb::RocksTable;
    let dir = temp_dir("rocks-prefix");
    let specs = [
        TableSpec::keyed::<Event>("events"),
        TableSpec::plain("plain"),
    ];
    let db = RocksDb::open(&dir, &specs).unwrap();
    // Days 6, 7 and 8, and keys outside the extractor's domain (shorter than its 4 bytes)
    // before and after them.
    let mut rows: Vec<(Vec<u8>, Option<Vec<u8>>)> = Vec::new();
    for day in 6..9 {
        for id in 0..50 {
            rows.push((Event { day, id }.encode().unwrap(), Some(vec![])));
        }
    }
    for short in [&[0u8, 0, 0][..], &[0, 0, 7], &[1], &[]] {
        rows.push((short.to_vec(), Some(vec![])));
    }
    // The rust-rocksdb trap: without an extractor, a prefix iterator reads on past the
    // prefix, into day 8 and beyond.
    let plain = db.table("plain").unwrap();
    plain.write(rows.clone()).unwrap();
    {
        let cf = db.db().cf_handle("plain").unwrap();
        let day7 = Event { day: 7, id: 0 }.encode().unwrap()[..4].to_vec();
        let naive = db.db().prefix_iterator_cf(cf, day7);
        assert_eq!(naive.count(), 102, "the trap this guards against is real");
    }
    let events = db.table("events").unwrap();
    events.write(rows).unwrap();

    // rowkey's reads, with the key's extractor and without one: exactly the rows asked for,
    // forward and reverse, inside one prefix or across several.
    let ids = |keys: Vec<Vec<u8>>| {
        keys.iter()
            .map(|k| Event::decode(k).unwrap().id)
            .collect::<Vec<_>>()
    };
    for table in [&events, &plain] {
        let day7 = Event::scan().day(7).plan().unwrap();
        assert_eq!(
            ids(keys::<RocksTable>(table.read(&day7))),
            (0..50).collect::<Vec<_>>()
        );
        assert_eq!(
            ids(keys::<RocksTable>(table.read_reverse(&day7))),
            (0..50).rev().collect::<Vec<_>>()
        );
        let days = Event::scan().day(7..9).plan().unwrap();
        assert_eq!(table.read(&days).count(), 100);
        assert_eq!(table.read_reverse(&days).count(), 100);
        let part = Event::scan().day(7).id(10..20).plan().unwrap();
        assert_eq!(
            ids(keys::<RocksTable>(table.read(&part))),
            (10..20).collect::<Vec<_>>()
        );
        // A range that holds the short keys reads them in order, never skipping one.
        let all = ScanPlan::from_range(ScanRange::all());
        let every = keys::<RocksTable>(table.read(&all));
        assert_eq!(every.len(), 154);
        assert!(every.windows(2).all(|w| w[0] < w[1]));
    }
    drop((events, plain, db));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fjall_keys_over_its_limit_are_errors_not_panics() {
    let dir = temp_dir("fjall-limit");
    let db = fjall::Database::builder(&dir)
        .temporary(true)
        .open()
        .unwrap();
    let table = FjallTable::open(&db, "t").unwrap();
    let long = vec![7u8; MAX_KEY + 1];
    let err = table.write(vec![(long.clone(), Some(vec![]))]).unwrap_err();
    assert!(err.to_string().contains("65535"), "{err}");
    assert!(table.put_absent(vec![(long.clone(), vec![])]).is_err());
    assert_eq!(table.get(&long).unwrap(), None);
    // A key at the limit, and a page resuming after it (its key + 00 is over the limit).
    let max = vec![7u8; MAX_KEY];
    table
        .write(vec![(max.clone(), Some(vec![])), (vec![8], Some(vec![]))])
        .unwrap();
    let after = ScanPlan::from_range(ScanRange::all().after(&max));
    assert_eq!(keys::<FjallTable>(table.read(&after)), [vec![8]]);
    let before = ScanPlan::from_range(ScanRange {
        start: Vec::new(),
        stop: long,
    });
    assert_eq!(keys::<FjallTable>(table.read(&before)), [max]);
    assert!(FjallTable::open(&db, "").is_err());
}

fn etcd() -> Option<EtcdTable> {
    let etcd = rowkey_testkit::etcd::Etcd::shared()?;
    Some(EtcdTable::connect(&etcd.endpoint(), b"").unwrap())
}

/// An etcd of the test's own: a compaction affects every read of its server.
fn own_etcd() -> Option<(rowkey_testkit::etcd::Etcd, EtcdTable)> {
    let etcd = rowkey_testkit::etcd::Etcd::start()?;
    let table = EtcdTable::connect(&etcd.endpoint(), b"").unwrap();
    Some((etcd, table))
}

fn salted_rows(table: &EtcdTable, devices: std::ops::Range<u32>, ts: u64) {
    let rows = devices.map(|device| {
        (
            Reading { device, ts }.encode().unwrap(),
            Some(b"v".to_vec()),
        )
    });
    table.write(rows.collect()).unwrap();
}

#[test]
fn etcd_reads_a_plan_at_one_revision_across_its_buckets() {
    let Some(root) = etcd() else { return };
    let table = root.table(b"snapshot/").page(5);
    salted_rows(&table, 0..200, 1);
    let plan = Reading::scan().device(0..200).plan().unwrap();
    let mut read = table.read(&plan);
    let first = read.next().unwrap().unwrap();
    assert_eq!(Reading::decode(&first.0).unwrap().device, 0);
    // Written after the read began, into every bucket, before and after where it stands.
    salted_rows(&table, 0..200, 2);
    let rest: Vec<_> = read.map(|r| r.unwrap()).collect();
    assert_eq!(
        rest.len(),
        199,
        "the read sees the table as its first response did"
    );
    assert!(rest
        .iter()
        .all(|(k, _)| Reading::decode(k).unwrap().ts == 1));
    // A new read sees both.
    assert_eq!(table.read(&plan).count(), 400);
}

#[test]
fn etcd_a_revision_compacted_mid_read_is_an_error_never_a_mixed_read() {
    let Some((_etcd, root)) = own_etcd() else {
        return;
    };
    let table = root.table(b"compacted/").page(5);
    salted_rows(&table, 0..100, 1);
    let plan = Reading::scan().device(0..100).plan().unwrap();
    let mut read = table.read(&plan);
    assert!(read.next().unwrap().is_ok());
    salted_rows(&table, 0..100, 2);
    table.compact(table.revision().unwrap()).unwrap();
    let mut rows = 1;
    let err = loop {
        match read.next() {
            Some(Ok(_)) => rows += 1,
            Some(Err(e)) => break e,
            None => panic!("the read ended without an error after {rows} rows"),
        }
    };
    assert!(matches!(err, EtcdError::Compacted { .. }), "{err}");
    assert!(err.to_string().contains("compacted"), "{err}");
    // Rows came from the pages already fetched, all of the first revision.
    assert!(rows < 100, "{rows}");
}

#[test]
fn etcd_a_table_ending_in_ff_ends_where_the_table_does() {
    let Some(root) = etcd() else { return };
    // A table whose prefix ends in FF, a salted key whose bucket FF is its last range, and
    // the keys just past the table.
    let table = root.table(b"ff-table\xff");
    root.write(vec![
        (b"ff-tablf".to_vec(), Some(b"after".to_vec())),
        (b"ff-table\xff\xff\xff\xff".to_vec(), Some(b"in".to_vec())),
    ])
    .unwrap();
    let all = ScanPlan::from_range(ScanRange::all());
    assert_eq!(
        keys::<EtcdTable>(table.read(&all)),
        [vec![0xff, 0xff, 0xff]]
    );
    let bucket = ScanPlan::from_range(ScanRange::prefix(&[0xff]));
    assert_eq!(
        keys::<EtcdTable>(table.read_reverse(&bucket)),
        [vec![0xff, 0xff, 0xff]]
    );
    // The prefix all FF: every key from it, none before.
    let ff = root.table(b"\xff\xfe");
    root.write(vec![
        (b"\xff\xfe\x01".to_vec(), Some(vec![])),
        (b"\xff\xff".to_vec(), Some(vec![])),
    ])
    .unwrap();
    assert_eq!(keys::<EtcdTable>(ff.read(&all)), [vec![1]]);
}

/// A table's calls block the calling thread while the request runs on the table's own
/// runtime: called and dropped inside async code (one thread, or many), no "cannot start a
/// runtime from within a runtime" panic and no deadlock.
#[tokio::test(flavor = "current_thread")]
async fn etcd_tables_are_safe_to_call_and_drop_in_async_code() {
    let Some(etcd) = rowkey_testkit::etcd::Etcd::shared() else {
        return;
    };
    let table = EtcdTable::connect(&etcd.endpoint(), b"async/").unwrap();
    salted_rows(&table, 0..50, 1);
    let plan = Reading::scan().device(0..50).plan().unwrap();
    assert_eq!(table.read(&plan).count(), 50);
    let moved = table.move_tables(b"async/", b"async-32/").unwrap();
    drop((table, moved));
}
