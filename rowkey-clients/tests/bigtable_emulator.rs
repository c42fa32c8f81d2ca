//! The read path end to end against Google's Bigtable emulator: 100,000 rows of each of six
//! layouts written with MutateRows, then random partial-key scans read through
//! `rowkey_clients::bigtable` the ways a user reads them, each compared with a brute-force
//! filter of what was written, in logical order:
//!
//! - the whole plan as one `RowSet` in one request (rows come bucket by bucket; an inexact
//!   plan's rows are filtered with `ScanPlan::matches`);
//! - one request per range (`range_row_set`) merged by `fan_out` at concurrency 1, 4 and 16,
//!   forward and reversed (`reversed: true` with the `bigtable-features` header), with limits;
//! - paged with `rows_limit` (`rowkey::stream::Pages`: each page resumes after the last row),
//!   forward and reversed, so no row is lost or doubled across pages.
//!
//! Also: SampleRowKeys as split points, and a server killed mid-read ends the stream with an
//! error. Without an emulator (and `CI` unset) each test prints a notice and passes; see
//! `rowkey_testkit::bigtable`.

use rowkey_testkit::bigtable as emulator;

use std::fmt::Debug;
use std::sync::OnceLock;

use emulator::{admin, read_rows, write_rows, DataClient, Emulator};
use futures::{Stream, StreamExt, TryStreamExt};
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::SampleRowKeysRequest;
use rowkey::stream::Pages;
use rowkey::{RowKey, ScanPlan, ScanRange};
use rowkey_clients::bigtable::{range_row_set, row_set, split_points};
use rowkey_testkit::Rng;

/// Rows written per layout.
const ROWS: usize = 100_000;

fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
    })
}

/// A query: a plan and the brute-force filter it must agree with.
type Query<K> = (ScanPlan, Box<dyn Fn(&K) -> bool>);

/// Writes `keys` (each encoded once, as a writer would: a random salt is drawn here) to a new
/// table. Returns the row keys.
async fn write<K: RowKey>(client: &DataClient, table: &str, keys: &[K]) -> Vec<Vec<u8>> {
    let rows: Vec<Vec<u8>> = keys.iter().map(|k| k.encode().unwrap()).collect();
    write_rows(client, table, &rows).await;
    rows
}

/// How a plan is read.
#[derive(Debug, Clone, Copy)]
enum Read {
    /// The whole plan as one `RowSet`.
    OneRequest,
    /// One request per range, merged.
    FanOut {
        concurrency: usize,
        reversed: bool,
        limit: Option<usize>,
    },
    /// One request per range, each read in pages of `page` rows.
    Paged {
        page: usize,
        concurrency: usize,
        reversed: bool,
        limit: Option<usize>,
    },
}

async fn read(client: &DataClient, table: &str, plan: &ScanPlan, how: Read) -> Vec<Vec<u8>> {
    let (concurrency, reversed, limit, page) = match how {
        Read::OneRequest => {
            let Some(set) = row_set(plan) else {
                return Vec::new();
            };
            let rows: Vec<Vec<u8>> = read_rows(client, table, set, false, 0)
                .try_collect()
                .await
                .unwrap();
            return rows.into_iter().filter(|k| plan.matches(k)).collect();
        }
        Read::FanOut {
            concurrency,
            reversed,
            limit,
        } => (concurrency, reversed, limit, None),
        Read::Paged {
            page,
            concurrency,
            reversed,
            limit,
        } => (concurrency, reversed, limit, Some(page)),
    };
    let merged = plan.fan_out(
        concurrency,
        |range| -> std::pin::Pin<Box<dyn Stream<Item = Result<Vec<u8>, tonic::Status>> + Send>> {
            match page {
                None => Box::pin(read_rows(
                    client,
                    table,
                    range_row_set(range).expect("plans hold no empty range"),
                    reversed,
                    0,
                )),
                Some(page) => {
                    let (client, table) = (client.clone(), table.to_string());
                    let pages = Pages::new(range.clone(), page, move |range: ScanRange, limit| {
                        let rows = range_row_set(&range)
                            .map(|set| read_rows(&client, &table, set, reversed, limit as i64));
                        async move {
                            match rows {
                                Some(rows) => rows.try_collect::<Vec<_>>().await,
                                None => Ok(Vec::new()),
                            }
                        }
                    });
                    Box::pin(if reversed { pages.reverse() } else { pages })
                }
            }
        },
    );
    let merged = if reversed { merged.reverse() } else { merged };
    let merged = match limit {
        Some(n) => merged.limit(n),
        None => merged,
    };
    merged.try_collect().await.unwrap()
}

/// Writes the keys, then checks every query read every way against brute force.
fn end_to_end<K>(name: &str, keys: Vec<K>, queries: Vec<Query<K>>)
where
    K: RowKey + Debug + PartialEq + Clone + Send + Sync + 'static,
{
    let Some(emulator) = Emulator::shared() else {
        return;
    };
    runtime().block_on(async {
        let client = emulator.data().await;
        let table = emulator.create_table(name).await;
        let started = std::time::Instant::now();
        let written = write(&client, &table, &keys).await;
        eprintln!(
            "{name}: wrote {} rows in {:?}",
            keys.len(),
            started.elapsed()
        );
        let started = std::time::Instant::now();
        // Logical order: the key without its salt.
        let skip = K::SALT.len();
        let mut logical: Vec<(Vec<u8>, &K)> = keys
            .iter()
            .map(|k| (k.encode().unwrap()[skip..].to_vec(), k))
            .collect();
        logical.sort_by(|a, b| a.0.cmp(&b.0));
        for window in logical.windows(2) {
            assert_ne!(window[0].0, window[1].0, "the generated keys are distinct");
        }
        let mut rng = Rng::new(name.len() as u64);
        let mut reads = 0;
        for (q, (plan, want)) in queries.iter().enumerate() {
            let expected: Vec<&K> = logical
                .iter()
                .filter(|(_, k)| want(k))
                .map(|(_, k)| *k)
                .collect();
            let mut ways = vec![Read::OneRequest];
            for concurrency in [1, 4, 16] {
                ways.push(Read::FanOut {
                    concurrency,
                    reversed: false,
                    limit: None,
                });
            }
            let limit = (rng.below(3) == 0).then(|| rng.below(50) as usize);
            ways.push(Read::FanOut {
                concurrency: 4,
                reversed: true,
                limit,
            });
            // Pages of 1, 7 or 1,000 rows, but at most about 40 pages a range: an inexact
            // plan's ranges hold many rows it filters out.
            let scanned = written.iter().filter(|k| plan.contains(k)).count();
            let fewest = scanned / (40 * plan.ranges().len().max(1)) + 1;
            for reversed in [false, true] {
                ways.push(Read::Paged {
                    page: rng.pick(&[1, 7, 1000]).max(fewest),
                    concurrency: rng.pick(&[1, 4, 16]),
                    reversed,
                    limit: (rng.below(2) == 0).then(|| rng.below(400) as usize),
                });
            }
            for how in ways {
                let t0 = std::time::Instant::now();
                let got = read(&client, &table, plan, how).await;
                if t0.elapsed().as_millis() > 500 {
                    eprintln!(
                        "{name}: query {q} {how:?}: {} rows, {} ranges, {:?}",
                        got.len(),
                        plan.ranges().len(),
                        t0.elapsed()
                    );
                }
                reads += 1;
                let mut decoded: Vec<K> = got.iter().map(|k| K::decode(k).unwrap()).collect();
                let mut want: Vec<&K> = expected.clone();
                match how {
                    Read::OneRequest => {
                        // Bucket by bucket: the same rows, in logical order once sorted.
                        decoded.sort_by_key(|k| k.encode().unwrap()[skip..].to_vec());
                    }
                    Read::FanOut {
                        reversed, limit, ..
                    }
                    | Read::Paged {
                        reversed, limit, ..
                    } => {
                        if reversed {
                            want.reverse();
                        }
                        if let Some(n) = limit {
                            want.truncate(n);
                        }
                    }
                }
                let decoded: Vec<&K> = decoded.iter().collect();
                assert!(
                    decoded == want,
                    "{name}: query {q} read {how:?}: {} rows, want {} (plan {plan:?})",
                    decoded.len(),
                    want.len()
                );
            }
        }
        eprintln!(
            "{name}: {} rows, {} queries, {reads} reads in {:?}",
            keys.len(),
            queries.len(),
            started.elapsed()
        );
    });
}

/// Distinct keys from `make`, in the order drawn.
fn distinct<K: RowKey>(rng: &mut Rng, n: usize, mut make: impl FnMut(&mut Rng) -> K) -> Vec<K> {
    let skip = K::SALT.len();
    let mut seen = std::collections::HashSet::new();
    let mut keys = Vec::with_capacity(n);
    while keys.len() < n {
        let k = make(rng);
        if seen.insert(k.encode().unwrap()[skip..].to_vec()) {
            keys.push(k);
        }
    }
    keys
}

fn between<T: PartialOrd>(v: &T, lo: &T, hi: &T) -> bool {
    lo <= v && v < hi
}

// Layout 1: md5 buckets of a trailing id (16 buckets).
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 16, of = "id")]
struct Md5Row {
    day: u16,
    time: u32,
    id: u64,
}

#[test]
fn md5_buckets() {
    let mut rng = Rng::new(1);
    let keys = distinct(&mut rng, ROWS, |r| Md5Row {
        day: r.below(20) as u16,
        time: r.below(86_400) as u32,
        id: r.next_u64(),
    });
    let mut queries: Vec<Query<Md5Row>> = Vec::new();
    for _ in 0..8 {
        let t = rng.pick(&keys).clone();
        let (lo, hi) = {
            let a = rng.below(86_400) as u32;
            let b = rng.below(86_400) as u32;
            (a.min(b), a.max(b).min(a.min(b) + 3_000))
        };
        let day = t.day;
        queries.push((
            Md5Row::scan().day(day).time(lo..hi).plan().unwrap(),
            Box::new(move |k| k.day == day && between(&k.time, &lo, &hi)),
        ));
        queries.push((
            Md5Row::scan()
                .day(t.day)
                .time(t.time)
                .id(t.id)
                .plan()
                .unwrap(),
            Box::new(move |k| *k == t),
        ));
    }
    let day = 3;
    queries.push((
        Md5Row::scan().day(day).plan().unwrap(),
        Box::new(move |k| k.day == day),
    ));
    queries.push((
        Md5Row::scan().day(17..).plan().unwrap(),
        Box::new(|k| k.day >= 17),
    ));
    // Sets of values (SQL's `IN`): days with a repeat, then a range; ids of the keys (a
    // multi-get, each in its bucket); an empty set, which reads nothing.
    queries.push((
        Md5Row::scan().day([9, 2, 9]).time(..40_000).plan().unwrap(),
        Box::new(|k| [2, 9].contains(&k.day) && k.time < 40_000),
    ));
    let picks: Vec<Md5Row> = (0..5).map(|_| rng.pick(&keys).clone()).collect();
    for t in &picks {
        let ids: Vec<u64> = picks.iter().map(|p| p.id).collect();
        let (day, time) = (t.day, t.time);
        queries.push((
            Md5Row::scan().day(day).time(time).id(&ids).plan().unwrap(),
            Box::new(move |k| k.day == day && k.time == time && ids.contains(&k.id)),
        ));
    }
    queries.push((
        Md5Row::scan().day(3).time(Vec::new()).plan().unwrap(),
        Box::new(|_| false),
    ));
    end_to_end("md5_buckets", keys, queries);
}

// Layout 2: a random salt (8 buckets): every scan is a range per bucket.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(random, buckets = 8)]
struct Spread {
    user: u32,
    seq: u32,
}

#[test]
fn random_salt() {
    let mut rng = Rng::new(2);
    let keys = distinct(&mut rng, ROWS, |r| Spread {
        user: r.below(500) as u32,
        seq: r.below(1 << 20) as u32,
    });
    let mut queries: Vec<Query<Spread>> = Vec::new();
    for _ in 0..8 {
        let t = rng.pick(&keys).clone();
        let user = t.user;
        queries.push((
            Spread::scan().user(user).plan().unwrap(),
            Box::new(move |k| k.user == user),
        ));
        let lo = t.seq.saturating_sub(50_000);
        queries.push((
            Spread::scan().user(user).seq(lo..=t.seq).plan().unwrap(),
            Box::new(move |k| k.user == user && (lo..=t.seq).contains(&k.seq)),
        ));
        queries.push((
            Spread::scan().user(t.user).seq(t.seq).plan().unwrap(),
            Box::new(move |k| *k == t),
        ));
    }
    queries.push((
        Spread::scan().user(100..103).plan().unwrap(),
        Box::new(|k| (100..103).contains(&k.user)),
    ));
    // A set of users under a random salt: one range per user and bucket, merged.
    queries.push((
        Spread::scan()
            .user([499, 7, 250, 7])
            .seq(..1 << 19)
            .plan()
            .unwrap(),
        Box::new(|k| [7, 250, 499].contains(&k.user) && k.seq < 1 << 19),
    ));
    end_to_end("random_salt", keys, queries);
}

// Layout 3: a leading reverse timestamp (newest first), then the host.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Recent {
    #[reverse_ts]
    ts: i64,
    host: String,
}

#[test]
fn leading_reverse_timestamp() {
    let mut rng = Rng::new(3);
    let hosts = ["", "a", "a\0", "ab", "b", "web-01", "web-010", "\u{ff}"];
    let keys = distinct(&mut rng, ROWS, |r| Recent {
        ts: 1_700_000_000_000 + r.below(200_000) as i64,
        host: r.pick(&hosts).to_string(),
    });
    let mut queries: Vec<Query<Recent>> = Vec::new();
    for _ in 0..10 {
        let t = rng.pick(&keys).clone();
        let lo = t.ts - rng.below(3_000) as i64;
        let ts = t.ts;
        queries.push((
            Recent::scan().ts(lo..=ts).plan().unwrap(),
            Box::new(move |k| (lo..=ts).contains(&k.ts)),
        ));
        let host = t.host.clone();
        queries.push((
            Recent::scan().ts(ts).host(host.clone()).plan().unwrap(),
            Box::new(move |k| k.ts == ts && k.host == host),
        ));
        queries.push((
            Recent::scan().ts(ts).plan().unwrap(),
            Box::new(move |k| k.ts == ts),
        ));
    }
    end_to_end("leading_reverse_timestamp", keys, queries);
}

// Layout 4: a raw `#[java]` string in the middle, behind a Java-hash bucket: fixing "row1"
// also spans "row10"'s keys, so the plans are inexact and filter.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(java_hash, buckets = 4, width = 1, of = "key")]
struct JavaRow {
    #[java]
    key: String,
    #[reverse_ts]
    ts: i64,
    seq: u16,
}

#[test]
fn java_raw_string() {
    let mut rng = Rng::new(4);
    let names: Vec<String> = (0..300).map(|i| format!("row{i}")).collect();
    let keys = distinct(&mut rng, ROWS, |r| JavaRow {
        key: r.pick(&names).clone(),
        ts: r.below(1_000) as i64,
        seq: r.below(1 << 16) as u16,
    });
    let mut queries: Vec<Query<JavaRow>> = Vec::new();
    for i in 0..12 {
        let t = rng.pick(&keys).clone();
        let key = if i % 3 == 0 {
            "row1".to_string()
        } else {
            t.key.clone()
        };
        let k2 = key.clone();
        queries.push((
            JavaRow::scan().key(key.clone()).plan().unwrap(),
            Box::new(move |k| k.key == k2),
        ));
        let (lo, hi) = ((t.ts - 100).max(0), t.ts);
        let k2 = key.clone();
        queries.push((
            JavaRow::scan().key(key).ts(lo..hi).plan().unwrap(),
            Box::new(move |k| k.key == k2 && (lo..hi).contains(&k.ts)),
        ));
    }
    assert!(!queries[0].0.is_exact(), "a raw string's plan filters");
    end_to_end("java_raw_string", keys, queries);
}

// Layout 5: a Bigtable row-key schema key (String, DESC String, Int64 OrderedCodeBytes).
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "bigtable")]
struct SchemaRow {
    tenant: String,
    #[desc]
    name: String,
    #[ordered_code]
    id: i64,
}

#[test]
fn bigtable_row_key_schema() {
    let mut rng = Rng::new(5);
    let tenants = ["", "a", "a\0b", "acme", "acme\0", "b\u{7f}"];
    let names = ["", "\0", "x", "xy", "y", "\u{e9}t\u{e9}"];
    let keys = distinct(&mut rng, ROWS, |r| SchemaRow {
        tenant: r.pick(&tenants).to_string(),
        name: r.pick(&names).to_string(),
        id: r.next_u64() as i64 >> r.below(64),
    });
    let mut queries: Vec<Query<SchemaRow>> = Vec::new();
    for _ in 0..6 {
        let t = rng.pick(&keys).clone();
        let tenant = t.tenant.clone();
        let lo = rng.pick(&names).to_string();
        let (tt, l2) = (tenant.clone(), lo.clone());
        queries.push((
            SchemaRow::scan()
                .tenant(tenant.clone())
                .name(lo..)
                .plan()
                .unwrap(),
            Box::new(move |k| k.tenant == tt && k.name >= l2),
        ));
        let other = rng.pick(&keys).id;
        let (lo, hi) = (t.id.min(other), t.id.max(other));
        let (tt, name) = (tenant.clone(), t.name.clone());
        queries.push((
            SchemaRow::scan()
                .tenant(tenant.clone())
                .name(name.clone())
                .id(lo..=hi)
                .plan()
                .unwrap(),
            Box::new(move |k| k.tenant == tt && k.name == name && (lo..=hi).contains(&k.id)),
        ));
        let (tt, name) = (tenant.clone(), t.name.clone());
        queries.push((
            SchemaRow::scan()
                .tenant(tenant)
                .name(name.clone())
                .plan()
                .unwrap(),
            Box::new(move |k| k.tenant == tt && k.name == name),
        ));
        queries.push((
            SchemaRow::scan()
                .tenant(t.tenant.clone())
                .name(t.name.clone())
                .id(t.id)
                .plan()
                .unwrap(),
            Box::new(move |k| *k == t),
        ));
    }
    end_to_end("bigtable_row_key_schema", keys, queries);
}

// Layout 6: a FoundationDB tuple key.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
struct TupleRow {
    app: String,
    n: i64,
    tag: Option<Vec<u8>>,
}

#[test]
fn fdb_tuple() {
    let mut rng = Rng::new(6);
    let apps = ["", "a", "a\0", "b", "\u{ff}"];
    let tags: [Option<&[u8]>; 5] = [None, Some(b""), Some(b"\0"), Some(b"\xff"), Some(b"t")];
    let keys = distinct(&mut rng, ROWS, |r| TupleRow {
        app: r.pick(&apps).to_string(),
        n: (r.next_u64() as i64) >> r.below(64),
        tag: r.pick(&tags).map(<[u8]>::to_vec),
    });
    let mut queries: Vec<Query<TupleRow>> = Vec::new();
    for _ in 0..6 {
        let t = rng.pick(&keys).clone();
        let other = rng.pick(&keys).n;
        let (lo, hi) = (t.n.min(other), t.n.max(other));
        let app = t.app.clone();
        let a2 = app.clone();
        queries.push((
            TupleRow::scan().app(app.clone()).n(lo..=hi).plan().unwrap(),
            Box::new(move |k| k.app == a2 && (lo..=hi).contains(&k.n)),
        ));
        let tag = t.tag.clone();
        let a2 = app.clone();
        let n = t.n;
        queries.push((
            TupleRow::scan()
                .app(app)
                .n(n)
                .tag(tag.clone())
                .plan()
                .unwrap(),
            Box::new(move |k| k.app == a2 && k.n == n && k.tag == tag),
        ));
        let a2 = t.app.clone();
        queries.push((
            TupleRow::scan().app(t.app.clone()).n(n).plan().unwrap(),
            Box::new(move |k| k.app == a2 && k.n == n),
        ));
    }
    end_to_end("fdb_tuple", keys, queries);
}

/// SampleRowKeys of a written table, as split points: in order, non-empty, written keys, and
/// each region they make holds rows that were written (the samples are points of the data),
/// but the first when the first row is a sample.
#[test]
fn sample_row_keys_become_split_points() {
    let Some(emulator) = Emulator::shared() else {
        return;
    };
    runtime().block_on(async {
        let client = emulator.data().await;
        let table = emulator.create_table("sampled").await;
        let mut rng = Rng::new(7);
        let keys = distinct(&mut rng, 20_000, |r| Md5Row {
            day: r.below(3) as u16,
            time: r.below(86_400) as u32,
            id: r.next_u64(),
        });
        write(&client, &table, &keys).await;
        let samples: Vec<_> = client
            .clone()
            .sample_row_keys(SampleRowKeysRequest {
                table_name: table.clone(),
                ..SampleRowKeysRequest::default()
            })
            .await
            .unwrap()
            .into_inner()
            .try_collect()
            .await
            .unwrap();
        assert!(
            !samples.is_empty(),
            "SampleRowKeys answers at least the end of the table"
        );
        assert!(
            samples.last().unwrap().row_key.is_empty()
                || samples.iter().all(|s| !s.row_key.is_empty())
        );
        let splits = split_points(&samples);
        assert!(splits.windows(2).all(|w| w[0] < w[1]));
        assert!(splits.iter().all(|s| !s.is_empty()));
        // The emulator answers row keys of the table, each row sampled with a chance of 1 in
        // 100 and the last always (bttest's `SampleRowKeys`): every split point is a written
        // key, so every region that starts at one holds a row; the region before the first
        // holds none exactly when the table's first row was drawn (CI saw it once).
        let written: std::collections::BTreeSet<Vec<u8>> =
            keys.iter().map(|k| k.encode().unwrap()).collect();
        assert!(
            splits.iter().all(|s| written.contains(s)),
            "a split point that is no written key"
        );
        let mut per_region = vec![0usize; splits.len() + 1];
        for key in &written {
            per_region[splits.partition_point(|s| s.as_slice() <= key.as_slice())] += 1;
        }
        assert!(
            per_region[1..].iter().all(|&n| n > 0),
            "a region of the samples holds no row: {per_region:?}"
        );
        assert_eq!(
            per_region[0] == 0,
            splits.first() == written.first(),
            "the rows before the first split point: {per_region:?}"
        );
        eprintln!(
            "SampleRowKeys: {} samples, {} split points",
            samples.len(),
            splits.len()
        );
    });
}

/// A server that dies mid-read ends the merged stream with an error: no hang, no short read
/// passed off as the whole answer.
#[test]
fn a_server_killed_mid_read_is_an_error() {
    let Some(mut emulator) = Emulator::start() else {
        return;
    };
    runtime().block_on(async {
        let client = emulator.data().await;
        let table = emulator.create_table("doomed").await;
        let mut rng = Rng::new(8);
        let keys = distinct(&mut rng, 50_000, |r| Md5Row {
            day: 1,
            time: r.below(86_400) as u32,
            id: r.next_u64(),
        });
        write(&client, &table, &keys).await;
        let plan = Md5Row::scan().day(1).plan().unwrap();
        let mut rows = Box::pin(plan.fan_out(4, |range| {
            read_rows(&client, &table, range_row_set(range).unwrap(), false, 0)
        }));
        let mut read = 0;
        while read < 100 {
            rows.next().await.unwrap().unwrap();
            read += 1;
        }
        emulator.kill();
        // A deadline that detects a hang, not a slow machine.
        let ended = tokio::time::timeout(std::time::Duration::from_secs(300), async {
            loop {
                match rows.next().await {
                    Some(Ok(_)) => read += 1,
                    Some(Err(e)) => return Ok(e),
                    None => return Err(read),
                }
            }
        })
        .await
        .expect("the stream ends within 5 minutes of the server's death");
        match ended {
            Ok(e) => eprintln!("after {read} rows: {e}"),
            Err(n) => {
                // The server may have sent every row before it died; then nothing is lost.
                assert_eq!(n, keys.len(), "the stream ended early without an error");
            }
        }
    });
}

/// `FEATURES_METADATA` is what Google's clients send: base64url of a `FeatureFlags` message
/// with `reverse_scans` set, read back with prost and base64 rather than trusted. The testkit's
/// emulator clients send their own copy of it: the same.
#[test]
fn the_features_header_is_feature_flags_with_reverse_scans() {
    use base64::Engine;
    use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::FeatureFlags;
    use prost::Message;

    let (name, value) = rowkey_clients::bigtable::FEATURES_METADATA;
    assert_eq!(name, "bigtable-features");
    let bytes = base64::engine::general_purpose::URL_SAFE
        .decode(value)
        .expect("base64url");
    let flags = FeatureFlags::decode(&bytes[..]).expect("a FeatureFlags message");
    assert_eq!(
        flags,
        FeatureFlags {
            reverse_scans: true,
            ..FeatureFlags::default()
        }
    );
    assert_eq!(
        rowkey_testkit::bigtable::FEATURES,
        rowkey_clients::bigtable::FEATURES_METADATA
    );
}

// The Bigtable guide's keys (`rowkey::encodings::bigtable`).
use rowkey_testkit::keys as readme_keys;

/// The REST JSON of a schema read into the admin API's `Type.Struct`, written from the API's
/// reference (independent of `rowkey_clients::bigtable::admin`).
fn admin_struct_from_json(v: &serde_json::Value) -> admin::r#type::Struct {
    use admin::r#type::{bytes, int64, r#struct, string, timestamp, Kind};
    let one = |v: &serde_json::Value| -> (String, serde_json::Value) {
        let o = v.as_object().expect("an object");
        assert_eq!(o.len(), 1, "one key: {v}");
        let (k, v) = o.iter().next().unwrap();
        (k.clone(), v.clone())
    };
    let int64 = |v: &serde_json::Value| {
        let (name, body) = one(v);
        assert_eq!(body, serde_json::json!({}));
        #[allow(deprecated)]
        let e = match name.as_str() {
            "bigEndianBytes" => {
                int64::encoding::Encoding::BigEndianBytes(int64::encoding::BigEndianBytes {
                    bytes_type: None,
                })
            }
            "orderedCodeBytes" => {
                int64::encoding::Encoding::OrderedCodeBytes(int64::encoding::OrderedCodeBytes {})
            }
            other => panic!("Int64 encoding {other}"),
        };
        int64::Encoding { encoding: Some(e) }
    };
    let fields = v["fields"]
        .as_array()
        .expect("fields")
        .iter()
        .map(|f| {
            let (ty, body) = one(&f["type"]);
            let encoding = &body["encoding"];
            let kind = match ty.as_str() {
                "stringType" => {
                    assert_eq!(*encoding, serde_json::json!({ "utf8Bytes": {} }));
                    Kind::StringType(admin::r#type::String {
                        encoding: Some(string::Encoding {
                            encoding: Some(string::encoding::Encoding::Utf8Bytes(
                                string::encoding::Utf8Bytes {},
                            )),
                        }),
                    })
                }
                "bytesType" => {
                    assert_eq!(*encoding, serde_json::json!({ "raw": {} }));
                    Kind::BytesType(admin::r#type::Bytes {
                        encoding: Some(bytes::Encoding {
                            encoding: Some(bytes::encoding::Encoding::Raw(bytes::encoding::Raw {})),
                        }),
                    })
                }
                "int64Type" => Kind::Int64Type(admin::r#type::Int64 {
                    encoding: Some(int64(encoding)),
                }),
                "timestampType" => Kind::TimestampType(admin::r#type::Timestamp {
                    encoding: Some(timestamp::Encoding {
                        encoding: Some(timestamp::encoding::Encoding::UnixMicrosInt64(int64(
                            &encoding["unixMicrosInt64"],
                        ))),
                    }),
                }),
                other => panic!("field type {other}"),
            };
            r#struct::Field {
                field_name: f["fieldName"].as_str().expect("fieldName").into(),
                r#type: Some(admin::Type { kind: Some(kind) }),
            }
        })
        .collect();
    assert_eq!(v["encoding"], serde_json::json!({ "orderedCodeBytes": {} }));
    admin::r#type::Struct {
        fields,
        encoding: Some(r#struct::Encoding {
            encoding: Some(r#struct::encoding::Encoding::OrderedCodeBytes(
                r#struct::encoding::OrderedCodeBytes {},
            )),
        }),
    }
}

/// The schema of each of the guide's keys, as JSON and as the admin type, is one schema, and the
/// emulator's CreateTable takes it; rows written with the key read back through it. (The
/// emulator checks no schema: it also takes a field with no name and no type, and GetTable
/// returns none. The JSON's form is checked against the API's reference above and in
/// tests/bigtable_schema.rs.)
#[test]
fn the_guide_schemas_are_accepted_by_create_table() {
    use readme_keys::{Event, Row};
    use rowkey::encodings::bigtable::BigtableKey;
    use rowkey_clients::bigtable::admin::row_key_schema;

    let schemas = [
        ("schema_row", Row::bigtable_row_key_schema()),
        ("schema_event", Event::bigtable_row_key_schema()),
    ];
    let typed: Vec<_> = schemas
        .iter()
        .map(|(name, schema)| {
            let json: serde_json::Value =
                serde_json::from_str(&schema.to_json().unwrap()).expect("valid JSON");
            let typed = row_key_schema(schema).unwrap();
            assert_eq!(admin_struct_from_json(&json), typed, "{name}");
            (*name, typed)
        })
        .collect();
    let Some(emulator) = Emulator::shared() else {
        return;
    };
    runtime().block_on(async {
        let client = emulator.data().await;
        let mut tables = Vec::new();
        for (name, schema) in typed {
            tables.push(emulator.create_table_with(name, Some(schema)).await);
        }
        // The Row table holds Row keys like any other table.
        let keys: Vec<Row> = ["", "a", "a\0", "a", "b"]
            .iter()
            .enumerate()
            .map(|(i, u)| Row {
                user: u.to_string(),
                // BigEndianBytes: non-negative values only (0 holds eight 00s to escape).
                ts: i as i64 * 1000,
                tag: String::new(),
            })
            .collect();
        let mut written = write(&client, &tables[0], &keys).await;
        written.sort();
        let plan = Row::scan().user("a").plan().unwrap();
        let got = read(&client, &tables[0], &plan, Read::OneRequest).await;
        let want: Vec<Vec<u8>> = written.into_iter().filter(|k| plan.contains(k)).collect();
        assert_eq!(want.len(), 2);
        assert_eq!(got, want);
    });
}
