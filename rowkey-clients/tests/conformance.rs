//! One conformance suite, the same body run against every store rowkey reads: redb, fjall,
//! RocksDB, etcd and the Bigtable emulator. Keys with `00` and `FF` at every position, a salt
//! bucket `FF`, an empty prefix, DESC and reverse-timestamp fields, keys at `MAX_LEN` and at
//! the store's own key-length limit; plans of values, ranges and sets; forward and reverse,
//! limits, and pages that resume after (before) the last row. Every answer is held against the
//! brute force: the rows written, kept by a predicate on the decoded key (not by the plan), in
//! the key's logical order.
//!
//! etcd and the emulator are started by the tests (without them and without `CI=true`, their
//! tests print a notice and pass).

use std::collections::BTreeMap;
use std::sync::Arc;

use rowkey::{RowKey, ScanPlan, ScanRange};
use rowkey_clients::etcd::EtcdTable;
use rowkey_clients::fjall::FjallTable;
use rowkey_clients::redb::RedbTable;
use rowkey_clients::rocksdb::{RocksDb, TableSpec};
use rowkey_clients::sorted::SortedTable;

/// Any byte string, `00` and `FF` included.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Blob {
    tag: u8,
    body: Vec<u8>,
    n: u16,
}

/// 256 buckets: bucket `FF` is the table's last range.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 256, of = "id")]
struct Spread {
    id: u32,
    ts: u64,
}

/// Newest first, users in descending order.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Latest {
    #[desc]
    user: String,
    #[reverse_ts]
    ts: i64,
    seq: u8,
}

/// Keys up to `MAX_LEN`, and some at it.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(max_len = 86)]
struct Capped {
    #[max(40)]
    name: String,
    n: u32,
}

type Rows = Vec<(Vec<u8>, Vec<u8>)>;

/// What the suite asks of a store: tables made on demand by name.
trait Store {
    fn name(&self) -> String;
    /// The longest key the store takes.
    fn max_key(&self) -> usize;
    fn write(&self, table: &str, rows: &Rows);
    /// The rows of `plan`, after (before, reversed) `resume`, at most `limit`.
    fn read(
        &self,
        table: &str,
        plan: &ScanPlan,
        reverse: bool,
        limit: Option<usize>,
        resume: Option<&[u8]>,
    ) -> Rows;
}

/// A [`SortedTable`] store: a function that opens a table by name.
struct Sorted<T, F: Fn(&str) -> T> {
    name: &'static str,
    max_key: usize,
    open: F,
}

impl<T: SortedTable, F: Fn(&str) -> T> Store for Sorted<T, F> {
    fn name(&self) -> String {
        self.name.to_string()
    }

    fn max_key(&self) -> usize {
        self.max_key
    }

    fn write(&self, table: &str, rows: &Rows) {
        let table = (self.open)(table);
        for chunk in rows.chunks(1000) {
            let writes = chunk.iter().map(|(k, v)| (k.clone(), Some(v.clone())));
            table.write(writes.collect()).unwrap();
        }
    }

    fn read(
        &self,
        table: &str,
        plan: &ScanPlan,
        reverse: bool,
        limit: Option<usize>,
        resume: Option<&[u8]>,
    ) -> Rows {
        let table = (self.open)(table);
        let plan = match (resume, reverse) {
            (Some(k), false) => plan.after(k),
            (Some(k), true) => plan.before(k),
            (None, _) => plan.clone(),
        };
        let mut read = if reverse {
            table.read_reverse(&plan)
        } else {
            table.read(&plan)
        };
        if let Some(n) = limit {
            read = read.limit(n);
        }
        read.map(|row| {
            let (k, v) = row.unwrap();
            (k.as_ref().to_vec(), v.as_ref().to_vec())
        })
        .collect()
    }
}

/// What a query is called, its plan, and which rows (by their key) it must return.
type Query = (String, ScanPlan, Box<dyn Fn(&[u8]) -> bool>);

/// The rows of one layout, and the queries asked of them.
struct Case {
    table: &'static str,
    rows: Rows,
    salt: usize,
    /// A plan and the predicate (on the key's bytes, through its decode) that says which rows
    /// it must return.
    queries: Vec<Query>,
}

fn value(key: &[u8]) -> Vec<u8> {
    let mut v = key.iter().rev().copied().take(8).collect::<Vec<_>>();
    v.push(key.len() as u8);
    v
}

fn rows<K: RowKey>(keys: impl IntoIterator<Item = K>) -> Rows {
    let map: BTreeMap<Vec<u8>, Vec<u8>> = keys
        .into_iter()
        .map(|k| {
            let key = k.encode().unwrap();
            let v = value(&key);
            (key, v)
        })
        .collect();
    map.into_iter().collect()
}

fn q<K: RowKey + 'static>(
    what: &str,
    plan: Result<ScanPlan, rowkey::EncodeError>,
    keep: impl Fn(&K) -> bool + 'static,
) -> Query {
    let plan = plan.unwrap_or_else(|e| panic!("{what}: {e}"));
    (
        what.to_string(),
        plan,
        Box::new(move |key| keep(&K::decode(key).unwrap())),
    )
}

fn bodies() -> Vec<Vec<u8>> {
    let alphabet = [0x00, 0x01, 0x7f, 0xfe, 0xff];
    let mut out = vec![Vec::new()];
    let mut last = vec![Vec::new()];
    for _ in 0..3 {
        last = last
            .iter()
            .flat_map(|b: &Vec<u8>| alphabet.iter().map(move |&c| [&b[..], &[c]].concat()))
            .collect();
        out.extend(last.iter().cloned());
    }
    out
}

fn blob() -> Case {
    let keys = [0x00u8, 0x7f, 0xff].into_iter().flat_map(|tag| {
        bodies().into_iter().flat_map(move |body| {
            [0u16, 1, 0xffff].map(|n| Blob {
                tag,
                body: body.clone(),
                n,
            })
        })
    });
    let ff = vec![0xff, 0x00];
    let lo: &[u8] = &[0x01];
    let hi: &[u8] = &[0xff, 0x00];
    Case {
        table: "blob",
        rows: rows(keys),
        salt: 0,
        queries: vec![
            q(
                "every row (an empty prefix)",
                Ok(Blob::full_scan()),
                |_: &Blob| true,
            ),
            q("tag FF", Blob::scan().tag(0xff).plan(), |k: &Blob| {
                k.tag == 0xff
            }),
            q("tag 00", Blob::scan().tag(0x00).plan(), |k: &Blob| {
                k.tag == 0
            }),
            q(
                "tag 7F, body 01 ..= FF 00",
                Blob::scan().tag(0x7f).body(lo..=hi).plan(),
                move |k: &Blob| k.tag == 0x7f && (lo..=hi).contains(&&k.body[..]),
            ),
            q(
                "tag 00, body FF 00, n ..= 1",
                Blob::scan().tag(0).body(ff.clone()).n(..=1).plan(),
                |k: &Blob| k.tag == 0 && k.body == [0xff, 0x00] && k.n <= 1,
            ),
            q(
                "tags {00, FF}, bodies {empty, FF FF FF}",
                Blob::scan()
                    .tag([0u8, 0xff])
                    .body(vec![vec![], vec![0xff, 0xff, 0xff]])
                    .plan(),
                |k: &Blob| {
                    (k.tag == 0 || k.tag == 0xff) && (k.body.is_empty() || k.body == [0xff; 3])
                },
            ),
            q(
                "one row",
                Blob::scan().tag(0xff).body(vec![0xff]).n(0xffff).plan(),
                |k: &Blob| k.tag == 0xff && k.body == [0xff] && k.n == 0xffff,
            ),
            q(
                "a row that is not there",
                Blob::scan().tag(0x01).body(vec![0xff]).n(0).plan(),
                |_: &Blob| false,
            ),
        ],
    }
}

fn spread() -> Case {
    let keys: Vec<Spread> = (0..1500u32)
        .flat_map(|id| [0, 7, u64::MAX].map(|ts| Spread { id, ts }))
        .collect();
    // Ids whose bucket is FF: the last range of the table.
    let last: Vec<u32> = (0..1500u32)
        .filter(|&id| Spread { id, ts: 0 }.encode().unwrap()[0] == 0xff)
        .collect();
    assert!(!last.is_empty(), "some id lands in bucket FF");
    let in_last = last.clone();
    Case {
        table: "spread",
        rows: rows(keys),
        salt: 1,
        queries: vec![
            q(
                "every row, 256 buckets merged",
                Ok(Spread::full_scan()),
                |_: &Spread| true,
            ),
            q(
                "the ids of bucket FF",
                Spread::scan().id(last.clone()).plan(),
                move |k: &Spread| in_last.contains(&k.id),
            ),
            q(
                "one id of bucket FF, ts 7..",
                Spread::scan().id(last[0]).ts(7..).plan(),
                move |k: &Spread| k.id == last[0] && k.ts >= 7,
            ),
            q(
                "ids 100..300 (every bucket)",
                Spread::scan().id(100..300).plan(),
                |k: &Spread| (100..300).contains(&k.id),
            ),
            q(
                "ids {3, 5, 1499}, ts MAX",
                Spread::scan().id([3, 5, 1499]).ts(u64::MAX).plan(),
                |k: &Spread| [3, 5, 1499].contains(&k.id) && k.ts == u64::MAX,
            ),
        ],
    }
}

fn latest() -> Case {
    let users = ["", "a", "ab", "b", "\u{ff}", "zz"];
    let keys = users.iter().flat_map(|u| {
        [0i64, 1, 1_700_000_000, i64::MAX]
            .into_iter()
            .flat_map(move |ts| {
                (0..3u8).map(move |seq| Latest {
                    user: u.to_string(),
                    ts,
                    seq,
                })
            })
    });
    Case {
        table: "latest",
        rows: rows(keys),
        salt: 0,
        queries: vec![
            q("every row", Ok(Latest::full_scan()), |_: &Latest| true),
            q("user ab", Latest::scan().user("ab").plan(), |k: &Latest| {
                k.user == "ab"
            }),
            q(
                "user a, ts 1..=1.7e9",
                Latest::scan().user("a").ts(1..=1_700_000_000).plan(),
                |k: &Latest| k.user == "a" && (1..=1_700_000_000).contains(&k.ts),
            ),
            q(
                "users {\"\", zz}, ts MAX",
                Latest::scan().user(["", "zz"]).ts(i64::MAX).plan(),
                |k: &Latest| (k.user.is_empty() || k.user == "zz") && k.ts == i64::MAX,
            ),
        ],
    }
}

fn capped() -> Case {
    let names = ["", "a", &"y".repeat(39), &"z".repeat(40), &"\0".repeat(40)].map(str::to_string);
    let keys: Vec<Capped> = names
        .iter()
        .flat_map(|name| {
            [0, u32::MAX].map(|n| Capped {
                name: name.clone(),
                n,
            })
        })
        .collect();
    let longest = keys.iter().map(|k| k.encode().unwrap().len()).max();
    assert_eq!(longest, Capped::MAX_LEN, "some keys are MAX_LEN long");
    let z = "z".repeat(40);
    Case {
        table: "capped",
        rows: rows(keys),
        salt: 0,
        queries: vec![
            q("every row", Ok(Capped::full_scan()), |_: &Capped| true),
            q(
                "the longest name",
                Capped::scan().name(z.as_str()).plan(),
                move |k: &Capped| k.name == z,
            ),
        ],
    }
}

/// Keys at the store's own limit, and one byte under it, of `00`, `7F` and `FF`.
fn at_limit(max: usize) -> Rows {
    let mut keys: Vec<Vec<u8>> = [0x00u8, 0x7f, 0xff]
        .into_iter()
        .flat_map(|b| [vec![b; max], vec![b; max - 1]])
        .collect();
    keys.sort();
    keys.into_iter().map(|k| (k.clone(), value(&k))).collect()
}

/// The rows `keep` takes, in logical order (salt skipped), reversed when asked.
fn truth(rows: &Rows, salt: usize, keep: &dyn Fn(&[u8]) -> bool, reverse: bool) -> Rows {
    let mut out: Rows = rows.iter().filter(|(k, _)| keep(k)).cloned().collect();
    out.sort_by(|a, b| a.0[salt..].cmp(&b.0[salt..]));
    if reverse {
        out.reverse();
    }
    out
}

/// Every way of reading `plan` (`want_of(reverse)`: its rows), forward and reverse: whole,
/// limited, and in pages.
fn check(
    store: &dyn Store,
    table: &str,
    what: &str,
    plan: &ScanPlan,
    want_of: &dyn Fn(bool) -> Rows,
) {
    let name = store.name();
    for reverse in [false, true] {
        let want = want_of(reverse);
        let got = store.read(table, plan, reverse, None, None);
        assert!(
            got == want,
            "{name}: {table}: {what}, reverse {reverse}: {} rows, want {}",
            got.len(),
            want.len()
        );
        for n in [1, 7] {
            let got = store.read(table, plan, reverse, Some(n), None);
            assert!(
                got == want[..n.min(want.len())],
                "{name}: {table}: {what}, limit {n}, reverse {reverse}"
            );
        }
        if plan.is_point() {
            continue;
        }
        // Pages of 50 rows, each resuming after (before) the last row of the one before.
        let mut all: Rows = Vec::new();
        loop {
            let resume = all.last().map(|(k, _)| k.clone());
            let page = store.read(table, plan, reverse, Some(50), resume.as_deref());
            if page.is_empty() {
                break;
            }
            all.extend(page);
        }
        assert!(
            all == want,
            "{name}: {table}: {what}, pages, reverse {reverse}"
        );
    }
}

fn conform(store: &dyn Store) {
    for case in [blob(), spread(), latest(), capped()] {
        store.write(case.table, &case.rows);
        for (what, plan, keep) in &case.queries {
            let want = |reverse| truth(&case.rows, case.salt, keep, reverse);
            assert!(
                !want(false).is_empty() || what.contains("not there"),
                "{what}: no rows"
            );
            check(store, case.table, what, plan, &want);
        }
    }
    let rows = at_limit(store.max_key());
    store.write("limit", &rows);
    for (what, range) in [
        ("every key", ScanRange::all()),
        ("prefix FF", ScanRange::prefix(&[0xff])),
    ] {
        let plan = ScanPlan::from_range(range.clone());
        let want = |reverse| truth(&rows, 0, &|k: &[u8]| range.contains(k), reverse);
        check(store, "limit", what, &plan, &want);
    }
}

fn temp_dir(store: &str) -> std::path::PathBuf {
    let dir =
        std::env::temp_dir().join(format!("rowkey-conformance-{store}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn redb_conforms() {
    let db = Arc::new(
        redb::Database::builder()
            .create_with_backend(redb::backends::InMemoryBackend::new())
            .unwrap(),
    );
    conform(&Sorted {
        name: "redb",
        // redb has no key limit of its own below its page size's multiples: a megabyte.
        max_key: 1 << 20,
        open: |t: &str| RedbTable::new(db.clone(), t).unwrap(),
    });
}

#[test]
fn fjall_conforms() {
    let dir = temp_dir("fjall");
    let db = fjall::Database::builder(&dir)
        .temporary(true)
        .open()
        .unwrap();
    conform(&Sorted {
        name: "fjall",
        // fjall's keys are at most 65,535 bytes (a longer one is an error, not fjall's panic).
        max_key: rowkey_clients::fjall::MAX_KEY,
        open: |t: &str| FjallTable::open(&db, t).unwrap(),
    });
}

#[test]
fn rocksdb_conforms() {
    let dir = temp_dir("rocksdb");
    let specs = [
        TableSpec::keyed::<Blob>("blob"),
        TableSpec::keyed::<Spread>("spread"),
        TableSpec::keyed::<Latest>("latest"),
        TableSpec::keyed::<Capped>("capped"),
        TableSpec::plain("limit"),
    ];
    let db = RocksDb::open(&dir, &specs).unwrap();
    conform(&Sorted {
        name: "rocksdb",
        // RocksDB has no key limit short of memory: a megabyte.
        max_key: 1 << 20,
        open: |t: &str| db.table(t).unwrap(),
    });
    drop(db);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn etcd_conforms() {
    let Some(etcd) = rowkey_testkit::etcd::Etcd::shared() else {
        return;
    };
    let root = EtcdTable::connect(&etcd.endpoint(), b"").unwrap().page(40);
    // Every table's prefix ends in FF, and the first key after each table is written: a range
    // that ended past its table would read it.
    let prefix = |t: &str| [b"conformance/", t.as_bytes(), b"\xff"].concat();
    for t in ["blob", "spread", "latest", "capped", "limit"] {
        let after = rowkey::scan::prefix_stop(&prefix(t));
        root.write(vec![(after, Some(b"not this table's".to_vec()))])
            .unwrap();
    }
    conform(&Sorted {
        name: "etcd",
        // etcd takes a request of up to 1.5 MiB; rowkey's transactions carry at most 1 MiB.
        max_key: (1 << 20) - 64,
        open: |t: &str| root.table(&prefix(t)),
    });
}

#[test]
fn bigtable_emulator_conforms() {
    use futures::TryStreamExt;
    use rowkey_clients::bigtable::{Cell, Client, Row};
    let Some(emulator) = rowkey_testkit::bigtable::Emulator::shared() else {
        return;
    };
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = Client::emulator(&emulator.addr.to_string()).unwrap();

    struct Bigtable<'a> {
        rt: &'a tokio::runtime::Runtime,
        client: Client,
        emulator: &'a rowkey_testkit::bigtable::Emulator,
        tables: std::sync::Mutex<BTreeMap<String, String>>,
    }
    impl Bigtable<'_> {
        fn table(&self, t: &str) -> rowkey_clients::bigtable::Table {
            let mut tables = self.tables.lock().unwrap();
            let name = tables.entry(t.to_string()).or_insert_with(|| {
                self.rt
                    .block_on(self.emulator.create_table(&format!("conformance-{t}")))
            });
            self.client.table(name.clone())
        }
    }
    impl Store for Bigtable<'_> {
        fn name(&self) -> String {
            "bigtable emulator".into()
        }
        fn max_key(&self) -> usize {
            // Bigtable's row keys are at most 4 KiB.
            4096
        }
        fn write(&self, t: &str, rows: &Rows) {
            let table = self.table(t);
            let rows = rows
                .iter()
                .map(|(k, v)| (k.clone(), [Cell::new("f", "v", v.clone())]));
            self.rt.block_on(table.put_rows(rows)).unwrap();
        }
        fn read(
            &self,
            t: &str,
            plan: &ScanPlan,
            reverse: bool,
            limit: Option<usize>,
            resume: Option<&[u8]>,
        ) -> Rows {
            let table = self.table(t);
            let mut read = table.read(plan);
            if reverse {
                read = read.reverse();
            }
            if let Some(n) = limit {
                read = read.limit(n);
            }
            if let Some(k) = resume {
                read = read.resume_after(k);
            }
            let got: Vec<Row> = self.rt.block_on(read.try_collect()).unwrap();
            got.into_iter()
                .map(|r| {
                    let v = r.value("f", b"v").unwrap().to_vec();
                    (r.key, v)
                })
                .collect()
        }
    }
    conform(&Bigtable {
        rt: &rt,
        client,
        emulator,
        tables: Default::default(),
    });
}
