//! Scans end to end in a real embedded store (redb): for random key sets and random partial
//! keys (an equality prefix plus an optional range on the next field), the plan's ranges,
//! read through redb's own range API and merged, return exactly the keys a brute-force filter
//! over the decoded structs returns, in logical order. The `async_*` tests read the same plans
//! through the async path (`rowkey::stream`): redb behind tokio's `spawn_blocking` as a client
//! that returns pages, fanned out and merged, forward and in reverse, with limits.

#![cfg(feature = "async")]

use core::ops::Bound;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use proptest::prelude::*;
use redb::{backends::InMemoryBackend, Database, ReadableDatabase, TableDefinition};
use rowkey::{EncodeError, RowKey, ScanPlan};

use rowkey_testkit::props as support;

const ROWS: TableDefinition<&[u8], &[u8]> = TableDefinition::new("rows");

/// A plan, and the brute-force filter it must agree with.
type Planned<K> = (Result<ScanPlan, EncodeError>, Box<dyn Fn(&K) -> bool>);

/// A random partial key: fix the first `k` fields to those of key `t`, and bound field `k`
/// (if `ranged`) by the values of keys `lo` / `hi` (index, inclusive).
#[derive(Debug, Clone)]
struct Query {
    t: usize,
    k: usize,
    ranged: bool,
    lo: Option<(usize, bool)>,
    hi: Option<(usize, bool)>,
}

fn query(fields: usize) -> impl Strategy<Value = Query> {
    let side = proptest::option::of((any::<usize>(), any::<bool>()));
    (
        any::<usize>(),
        0..=fields,
        any::<bool>(),
        side.clone(),
        side,
    )
        .prop_map(|(t, k, ranged, lo, hi)| Query {
            t,
            k,
            ranged,
            lo,
            hi,
        })
}

fn bound<K, T>(side: Option<(usize, bool)>, keys: &[K], get: impl Fn(&K) -> T) -> Bound<T> {
    match side {
        None => Bound::Unbounded,
        Some((i, true)) => Bound::Included(get(&keys[i % keys.len()])),
        Some((i, false)) => Bound::Excluded(get(&keys[i % keys.len()])),
    }
}

/// The range between the values of keys `q.lo` and `q.hi`, the right way round (a range that
/// runs backwards is refused: tests/regressions.rs).
fn range<K, T: Ord>(q: &Query, keys: &[K], get: impl Fn(&K) -> T) -> (Bound<T>, Bound<T>) {
    support::forward(
        (bound(q.lo, keys, &get), bound(q.hi, keys, &get)),
        support::natural,
    )
}

fn in_range<T: Ord>(v: &T, r: &(Bound<T>, Bound<T>)) -> bool {
    let lo = match &r.0 {
        Bound::Included(b) => v >= b,
        Bound::Excluded(b) => v > b,
        Bound::Unbounded => true,
    };
    let hi = match &r.1 {
        Bound::Included(b) => v <= b,
        Bound::Excluded(b) => v < b,
        Bound::Unbounded => true,
    };
    lo && hi
}

/// Writes `keys` into a fresh in-memory redb, runs `plan` range by range through redb's range
/// API, merges the streams and checks the result against `want`. Returns the merged rows.
fn check<K: RowKey + core::fmt::Debug + PartialEq>(
    db: &Database,
    keys: &[K],
    plan: Result<ScanPlan, EncodeError>,
    want: impl Fn(&K) -> bool,
) -> Result<Vec<Vec<u8>>, TestCaseError> {
    let plan = plan.map_err(|e| TestCaseError::fail(e.to_string()))?;
    let tx = db.begin_read().unwrap();
    let table = tx.open_table(ROWS).unwrap();
    let streams: Vec<Vec<Vec<u8>>> = plan
        .ranges()
        .iter()
        .map(|r| {
            table
                .range::<&[u8]>(r.to_bounds())
                .unwrap()
                .map(|row| row.unwrap().0.value().to_vec())
                .collect()
        })
        .collect();
    for (range, stream) in plan.ranges().iter().zip(&streams) {
        prop_assert!(stream.iter().all(|k| range.contains(k)));
    }
    let merged: Vec<Vec<u8>> = plan
        .merge(streams.into_iter().map(Vec::into_iter))
        .collect();
    let skip = plan.salt_len();
    prop_assert!(
        merged.windows(2).all(|w| w[0][skip..] < w[1][skip..]),
        "merged rows are in logical order, without duplicates"
    );
    let got: Vec<K> = merged.iter().map(|k| K::decode(k).unwrap()).collect();
    let mut expected: Vec<(&K, Vec<u8>)> = keys
        .iter()
        .filter(|k| want(k))
        .map(|k| (k, k.encode().unwrap()[skip..].to_vec()))
        .collect();
    expected.sort_by(|a, b| a.1.cmp(&b.1));
    let expected: Vec<&K> = expected.into_iter().map(|(k, _)| k).collect();
    prop_assert_eq!(got.len(), expected.len(), "plan {:?}", plan);
    for (g, e) in got.iter().zip(expected) {
        prop_assert_eq!(g, e);
    }
    if plan.is_point() {
        prop_assert!(got.len() <= 1);
    }
    Ok(merged)
}

/// How the async path reads a plan: rows per page, direction, and a limit.
#[derive(Debug, Clone, Copy)]
struct Read {
    page: usize,
    reverse: bool,
    limit: Option<usize>,
    concurrency: usize,
    /// The store returns half a page (rounded up) and the read uses `Pages::short_pages`.
    short: bool,
}

/// The read a query's fields pick: pages of 1, 7 or 10240 rows (TiKV's maximum), either
/// direction, a limit of 0 to 4 rows one time in three, 1 to 4 scans at once or all, a store
/// that returns half pages one time in two.
fn read_of(q: &Query) -> Read {
    let x = q.t.rotate_right(7);
    Read {
        page: [1, 7, 10240][x % 3],
        reverse: (x / 3) % 2 == 1,
        limit: (x / 6).is_multiple_of(3).then_some((x / 18) % 5),
        concurrency: [1, 2, 4, usize::MAX][(x / 90) % 4],
        short: (x / 360) % 2 == 1,
    }
}

fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .build()
            .unwrap()
    })
}

/// Reads `plan` through the async path, with redb as a page-returning async client (each page
/// a `spawn_blocking` read transaction, `limit` rows of the range, ascending or descending),
/// and checks the rows against the synchronous merge's `merged`: the same, reversed in reverse,
/// the first `limit` of them; with a limit, every scan stops (reads are counted).
fn check_async(
    db: &Arc<Database>,
    plan: &ScanPlan,
    merged: &[Vec<u8>],
    read: Read,
) -> Result<(), TestCaseError> {
    use futures::StreamExt;
    use rowkey::stream::Pages;
    use rowkey::ScanRange;

    let reads = Arc::new(AtomicUsize::new(0));
    let fetch = {
        let (db, reads) = (db.clone(), reads.clone());
        move |range: ScanRange, limit: usize| {
            let (db, reads) = (db.clone(), reads.clone());
            async move {
                reads.fetch_add(1, Ordering::SeqCst);
                let limit = if read.short { limit.div_ceil(2) } else { limit };
                tokio::task::spawn_blocking(move || {
                    let tx = db.begin_read().unwrap();
                    let table = tx.open_table(ROWS).unwrap();
                    let rows = table.range::<&[u8]>(range.to_bounds()).unwrap();
                    let key = |row: Result<_, redb::StorageError>| {
                        let (k, _): (redb::AccessGuard<&[u8]>, redb::AccessGuard<&[u8]>) =
                            row.unwrap();
                        k.value().to_vec()
                    };
                    if read.reverse {
                        rows.rev().take(limit).map(key).collect::<Vec<_>>()
                    } else {
                        rows.take(limit).map(key).collect::<Vec<_>>()
                    }
                })
                .await
                .map_err(|e| e.to_string())
            }
        }
    };
    let rows = plan.fan_out(read.concurrency, |range| {
        let pages = Pages::new(range.clone(), read.page, fetch.clone());
        let pages = if read.short {
            pages.short_pages()
        } else {
            pages
        };
        if read.reverse {
            pages.reverse()
        } else {
            pages
        }
    });
    let rows = if read.reverse { rows.reverse() } else { rows };
    let rows = match read.limit {
        Some(n) => rows.limit(n),
        None => rows,
    };
    let got: Vec<Vec<u8>> = runtime().block_on(rows.map(|r| r.unwrap()).collect());
    let mut want: Vec<Vec<u8>> = merged.to_vec();
    if read.reverse {
        want.reverse();
    }
    if let Some(n) = read.limit {
        want.truncate(n);
        // One page per scan to start, then one more per row taken (pages of one row), and
        // with short pages an empty one to end each range: the scans stop with the limit.
        if read.page == 1 {
            let most = plan.ranges().len() * (1 + usize::from(read.short)) + n;
            prop_assert!(
                reads.load(Ordering::SeqCst) <= most,
                "{} reads for a limit of {n} over {} ranges",
                reads.load(Ordering::SeqCst),
                plan.ranges().len()
            );
        }
    }
    prop_assert_eq!(got, want, "{:?} over {:?}", read, plan);
    Ok(())
}

/// Stores the keys, each once. Random-salted keys are encoded once, as a writer would.
fn store<K: RowKey>(keys: &[K]) -> Database {
    let db = Database::builder()
        .create_with_backend(InMemoryBackend::new())
        .unwrap();
    let tx = db.begin_write().unwrap();
    {
        let mut table = tx.open_table(ROWS).unwrap();
        for k in keys {
            table.insert(&k.encode().unwrap()[..], &[][..]).unwrap();
        }
    }
    tx.commit().unwrap();
    db
}

fn dedup<K: RowKey>(mut keys: Vec<K>) -> Vec<K> {
    let salt = K::SALT.len();
    keys.sort_by_key(|k| k.encode().unwrap()[salt..].to_vec());
    keys.dedup_by_key(|k| k.encode().unwrap()[salt..].to_vec());
    keys
}

fn small_string() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![Just('a'), Just('b'), Just('\0'), Just('é')],
        0..3,
    )
    .prop_map(|c| c.into_iter().collect())
}

fn small_bytes() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(prop_oneof![Just(0u8), Just(1u8), Just(0xFFu8)], 0..3)
}

// Layout 1: unsalted, with a desc variable-length field, an Option and an open last field.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Plain {
    a: u8,
    #[desc]
    b: String,
    c: Option<u16>,
    d: Vec<u8>,
}

fn plain() -> impl Strategy<Value = Plain> {
    (
        0..4u8,
        small_string(),
        proptest::option::of(0..4u16),
        small_bytes(),
    )
        .prop_map(|(a, b, c, d)| Plain { a, b, c, d })
}

fn plain_query(q: &Query, keys: &[Plain]) -> Planned<Plain> {
    let t = keys[q.t % keys.len()].clone();
    let s = Plain::scan();
    macro_rules! ranged {
        ($prefix:expr, $field:ident, $method:ident, $k:expr) => {{
            let r = range(q, keys, |k| k.$field.clone());
            let plan = $prefix.$method(r.clone()).plan();
            let t = t.clone();
            (
                plan,
                Box::new(move |x: &Plain| prefix_eq(x, &t, $k) && in_range(&x.$field, &r))
                    as Box<dyn Fn(&Plain) -> bool>,
            )
        }};
    }
    fn prefix_eq(x: &Plain, t: &Plain, k: usize) -> bool {
        (k < 1 || x.a == t.a)
            && (k < 2 || x.b == t.b)
            && (k < 3 || x.c == t.c)
            && (k < 4 || x.d == t.d)
    }
    let k = q.k;
    let tt = t.clone();
    let fixed = move |x: &Plain| prefix_eq(x, &tt, k);
    match (q.k, q.ranged) {
        (0, true) => ranged!(s, a, a, 0),
        (1, true) => ranged!(s.a(t.a), b, b, 1),
        (2, true) => ranged!(s.a(t.a).b(t.b.clone()), c, c, 2),
        (3, true) => ranged!(s.a(t.a).b(t.b.clone()).c(t.c), d, d, 3),
        (0, _) => (s.plan(), Box::new(fixed)),
        (1, _) => (s.a(t.a).plan(), Box::new(fixed)),
        (2, _) => (s.a(t.a).b(t.b.clone()).plan(), Box::new(fixed)),
        (3, _) => (s.a(t.a).b(t.b.clone()).c(t.c).plan(), Box::new(fixed)),
        _ => (
            s.a(t.a).b(t.b.clone()).c(t.c).d(t.d.clone()).plan(),
            Box::new(fixed),
        ),
    }
}

// Layout 2: a 4-byte md5 prefix of the leading field; a reverse timestamp.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, len = 4, of = "a")]
struct Prefixed {
    a: u8,
    b: String,
    #[reverse_ts]
    ts: i64,
}

fn prefixed() -> impl Strategy<Value = Prefixed> {
    (0..6u8, small_string(), 0..5i64).prop_map(|(a, b, ts)| Prefixed { a, b, ts })
}

fn prefixed_query(q: &Query, keys: &[Prefixed]) -> Planned<Prefixed> {
    let t = keys[q.t % keys.len()].clone();
    // Without `a` fixed the salt is unknown: `.plan()` does not exist (a compile error), so
    // every query fixes `a`.
    let s = Prefixed::scan().a(t.a);
    let range_b = range(q, keys, |k| k.b.clone());
    let range_ts = range(q, keys, |k| k.ts);
    let tt = t.clone();
    match (q.k.clamp(1, 3), q.ranged) {
        (1, true) => (
            s.b(range_b.clone()).plan(),
            Box::new(move |x| x.a == tt.a && in_range(&x.b, &range_b)),
        ),
        (2, true) => (
            s.b(t.b.clone()).ts(range_ts).plan(),
            Box::new(move |x| x.a == tt.a && x.b == tt.b && in_range(&x.ts, &range_ts)),
        ),
        (1, _) => (s.plan(), Box::new(move |x| x.a == tt.a)),
        (2, _) => (
            s.b(t.b.clone()).plan(),
            Box::new(move |x| x.a == tt.a && x.b == tt.b),
        ),
        _ => (
            s.b(t.b.clone()).ts(t.ts).plan(),
            Box::new(move |x| *x == tt),
        ),
    }
}

// Layout 3: md5 buckets of the trailing field: partial keys fan out over 8 buckets.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 8, of = "d")]
struct Bucketed {
    a: u8,
    #[desc]
    b: u16,
    c: String,
    d: u32,
}

fn bucketed() -> impl Strategy<Value = Bucketed> {
    (0..3u8, 0..4u16, small_string(), 0..50u32).prop_map(|(a, b, c, d)| Bucketed { a, b, c, d })
}

fn bucketed_query(q: &Query, keys: &[Bucketed]) -> Planned<Bucketed> {
    let t = keys[q.t % keys.len()].clone();
    let s = Bucketed::scan();
    let ra = range(q, keys, |k| k.a);
    let rb = range(q, keys, |k| k.b);
    let rc = range(q, keys, |k| k.c.clone());
    let rd = range(q, keys, |k| k.d);
    let tt = t.clone();
    match (q.k, q.ranged) {
        (0, true) => (s.a(ra).plan(), Box::new(move |x| in_range(&x.a, &ra))),
        (1, true) => (
            s.a(t.a).b(rb).plan(),
            Box::new(move |x| x.a == tt.a && in_range(&x.b, &rb)),
        ),
        (2, true) => (
            s.a(t.a).b(t.b).c(rc.clone()).plan(),
            Box::new(move |x| x.a == tt.a && x.b == tt.b && in_range(&x.c, &rc)),
        ),
        (3, true) => (
            s.a(t.a).b(t.b).c(t.c.clone()).d(rd).plan(),
            Box::new(move |x| x.a == tt.a && x.b == tt.b && x.c == tt.c && in_range(&x.d, &rd)),
        ),
        (0, _) => (s.plan(), Box::new(|_| true)),
        (1, _) => (s.a(t.a).plan(), Box::new(move |x| x.a == tt.a)),
        (2, _) => (
            s.a(t.a).b(t.b).plan(),
            Box::new(move |x| x.a == tt.a && x.b == tt.b),
        ),
        (3, _) => (
            s.a(t.a).b(t.b).c(t.c.clone()).plan(),
            Box::new(move |x| x.a == tt.a && x.b == tt.b && x.c == tt.c),
        ),
        _ => (
            s.a(t.a).b(t.b).c(t.c.clone()).d(t.d).plan(),
            Box::new(move |x| *x == tt),
        ),
    }
}

// Layout 4: Phoenix salt over the whole key.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(phoenix, buckets = 5)]
struct Phoenix {
    a: u8,
    b: String,
    #[desc]
    c: i32,
}

fn phoenix() -> impl Strategy<Value = Phoenix> {
    (0..4u8, small_string(), -3..3i32).prop_map(|(a, b, c)| Phoenix { a, b, c })
}

fn phoenix_query(q: &Query, keys: &[Phoenix]) -> Planned<Phoenix> {
    let t = keys[q.t % keys.len()].clone();
    let s = Phoenix::scan();
    let rb = range(q, keys, |k| k.b.clone());
    let rc = range(q, keys, |k| k.c);
    let tt = t.clone();
    match (q.k, q.ranged) {
        (1, true) => (
            s.a(t.a).b(rb.clone()).plan(),
            Box::new(move |x| x.a == tt.a && in_range(&x.b, &rb)),
        ),
        (2, true) => (
            s.a(t.a).b(t.b.clone()).c(rc).plan(),
            Box::new(move |x| x.a == tt.a && x.b == tt.b && in_range(&x.c, &rc)),
        ),
        (0, _) => (s.plan(), Box::new(|_| true)),
        (1, _) => (s.a(t.a).plan(), Box::new(move |x| x.a == tt.a)),
        (2, _) => (
            s.a(t.a).b(t.b.clone()).plan(),
            Box::new(move |x| x.a == tt.a && x.b == tt.b),
        ),
        _ => (
            s.a(t.a).b(t.b.clone()).c(t.c).plan(),
            Box::new(move |x| *x == tt),
        ),
    }
}

// Layout 5: random buckets.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(random, buckets = 3)]
struct Random {
    a: u8,
    b: u64,
}

fn random() -> impl Strategy<Value = Random> {
    (0..5u8, 0..100u64).prop_map(|(a, b)| Random { a, b })
}

fn random_query(q: &Query, keys: &[Random]) -> Planned<Random> {
    let t = keys[q.t % keys.len()].clone();
    let rb = range(q, keys, |k| k.b);
    let tt = t.clone();
    match (q.k, q.ranged) {
        (1, true) => (
            Random::scan().a(t.a).b(rb).plan(),
            Box::new(move |x| x.a == tt.a && in_range(&x.b, &rb)),
        ),
        (0, _) => (Random::scan().plan(), Box::new(|_| true)),
        (1, _) => (Random::scan().a(t.a).plan(), Box::new(move |x| x.a == tt.a)),
        _ => (
            Random::scan().a(t.a).b(t.b).plan(),
            Box::new(move |x| *x == tt),
        ),
    }
}

// Layout 6: a raw `#[java]` string in the middle (the HBase book's `[key][reverse ts]` with a
// bucket in front): fixing "row1" also spans "row10"'s keys; the plan filters them.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(java_hash, buckets = 4, width = 1, of = "key")]
struct JavaRow {
    shard: u8,
    #[java]
    key: String,
    #[reverse_ts]
    ts: i64,
    seq: u16,
}

fn java_row() -> impl Strategy<Value = JavaRow> {
    let key = proptest::collection::vec(
        prop_oneof![Just('r'), Just('1'), Just('0'), Just('\0')],
        0..4,
    )
    .prop_map(|c| c.into_iter().collect::<String>());
    (0..2u8, key, 0..4i64, 0..3u16).prop_map(|(shard, key, ts, seq)| JavaRow {
        shard,
        key,
        ts,
        seq,
    })
}

fn java_row_query(q: &Query, keys: &[JavaRow]) -> Planned<JavaRow> {
    let t = keys[q.t % keys.len()].clone();
    let rts = range(q, keys, |k| k.ts);
    let rseq = range(q, keys, |k| k.seq);
    let rshard = range(q, keys, |k| k.shard);
    let tt = t.clone();
    let s = JavaRow::scan();
    match (q.k, q.ranged) {
        (0, true) => (
            s.shard(rshard).plan(),
            Box::new(move |x| in_range(&x.shard, &rshard)),
        ),
        (0, _) => (s.plan(), Box::new(|_| true)),
        (1, _) => (
            s.shard(t.shard).plan(),
            Box::new(move |x| x.shard == tt.shard),
        ),
        (2, true) => (
            s.shard(t.shard).key(t.key.clone()).ts(rts).plan(),
            Box::new(move |x| x.shard == tt.shard && x.key == tt.key && in_range(&x.ts, &rts)),
        ),
        (2, _) => (
            s.shard(t.shard).key(t.key.clone()).plan(),
            Box::new(move |x| x.shard == tt.shard && x.key == tt.key),
        ),
        (3, true) => (
            s.shard(t.shard)
                .key(t.key.clone())
                .ts(t.ts)
                .seq(rseq)
                .plan(),
            Box::new(move |x| {
                x.shard == tt.shard && x.key == tt.key && x.ts == tt.ts && in_range(&x.seq, &rseq)
            }),
        ),
        (3, _) => (
            s.shard(t.shard).key(t.key.clone()).ts(t.ts).plan(),
            Box::new(move |x| x.shard == tt.shard && x.key == tt.key && x.ts == tt.ts),
        ),
        _ => (
            s.shard(t.shard)
                .key(t.key.clone())
                .ts(t.ts)
                .seq(t.seq)
                .plan(),
            Box::new(move |x| *x == tt),
        ),
    }
}

/// `$name(q, keys)` for a key of four fields `a`, `b`, `c`, `d`, each cloneable, ordered and
/// that takes a range: fix the first `q.k`, then maybe bound the next.
macro_rules! four_field_query {
    ($name:ident, $key:ident) => {
        fn $name(q: &Query, keys: &[$key]) -> Planned<$key> {
            fn prefix_eq(x: &$key, t: &$key, k: usize) -> bool {
                (k < 1 || x.a == t.a)
                    && (k < 2 || x.b == t.b)
                    && (k < 3 || x.c == t.c)
                    && (k < 4 || x.d == t.d)
            }
            let t = keys[q.t % keys.len()].clone();
            let s = $key::scan();
            macro_rules! ranged {
                ($prefix:expr, $field:ident, $method:ident, $k:expr) => {{
                    let r = range(q, keys, |k| k.$field.clone());
                    let plan = $prefix.$method(r.clone()).plan();
                    let t = t.clone();
                    (
                        plan,
                        Box::new(move |x: &$key| prefix_eq(x, &t, $k) && in_range(&x.$field, &r))
                            as Box<dyn Fn(&$key) -> bool>,
                    )
                }};
            }
            let k = q.k;
            let tt = t.clone();
            let fixed = move |x: &$key| prefix_eq(x, &tt, k);
            match (q.k, q.ranged) {
                (0, true) => ranged!(s, a, a, 0),
                (1, true) => ranged!(s.a(t.a.clone()), b, b, 1),
                (2, true) => ranged!(s.a(t.a.clone()).b(t.b.clone()), c, c, 2),
                (3, true) => ranged!(s.a(t.a.clone()).b(t.b.clone()).c(t.c.clone()), d, d, 3),
                (0, _) => (s.plan(), Box::new(fixed)),
                (1, _) => (s.a(t.a.clone()).plan(), Box::new(fixed)),
                (2, _) => (s.a(t.a.clone()).b(t.b.clone()).plan(), Box::new(fixed)),
                (3, _) => (
                    s.a(t.a.clone()).b(t.b.clone()).c(t.c.clone()).plan(),
                    Box::new(fixed),
                ),
                _ => (
                    s.a(t.a.clone())
                        .b(t.b.clone())
                        .c(t.c.clone())
                        .d(t.d.clone())
                        .plan(),
                    Box::new(fixed),
                ),
            }
        }
    };
}

/// A non-empty Phoenix VARCHAR: no NUL; a space, DEL and a two-byte character among them.
fn phoenix_string() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![Just('a'), Just('b'), Just(' '), Just('\u{7f}'), Just('é')],
        1..3,
    )
    .prop_map(|c| c.into_iter().collect())
}

// Layout 7: Phoenix-encoded, salted, optimizable: an ASC and a DESC VARCHAR, then two
// nullable VARCHARs that Phoenix drops from the key when they are NULL.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "phoenix")]
#[salt(phoenix, buckets = 4)]
struct PxVarchars {
    a: String,
    #[desc]
    b: String,
    c: Option<String>,
    d: Option<String>,
}

fn px_varchars() -> impl Strategy<Value = PxVarchars> {
    (
        phoenix_string(),
        phoenix_string(),
        proptest::option::of(phoenix_string()),
        proptest::option::of(phoenix_string()),
    )
        .prop_map(|(a, b, c, d)| PxVarchars { a, b, c, d })
}

four_field_query!(px_varchars_query, PxVarchars);

// Layout 8: Phoenix-encoded, not optimizable: a DESC INTEGER, a CHAR(3), a DESC VARCHAR (no
// range: its 00 separator breaks DESC order) and a nullable VARBINARY that runs to the end.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "phoenix", row_key_order_optimizable = false)]
struct PxMixed {
    #[desc]
    a: i32,
    #[fixed(3)]
    b: String,
    #[desc]
    c: String,
    d: Option<Vec<u8>>,
}

fn px_mixed() -> impl Strategy<Value = PxMixed> {
    let bytes = proptest::collection::vec(prop_oneof![Just(0u8), Just(1u8), Just(0xFFu8)], 1..3);
    (
        -2..2i32,
        phoenix_string().prop_filter("CHAR(3): ASCII, no trailing space", |s| {
            s.is_ascii() && !s.ends_with(' ')
        }),
        phoenix_string(),
        proptest::option::of(bytes),
    )
        .prop_map(|(a, b, c, d)| PxMixed { a, b, c, d })
}

fn px_mixed_query(q: &Query, keys: &[PxMixed]) -> Planned<PxMixed> {
    let t = keys[q.t % keys.len()].clone();
    let s = PxMixed::scan();
    let tt = t.clone();
    let r_a = range(q, keys, |k| k.a);
    let r_b = range(q, keys, |k| k.b.clone());
    let r_d = range(q, keys, |k| k.d.clone());
    match (q.k, q.ranged) {
        (0, true) => (s.a(r_a).plan(), Box::new(move |x| in_range(&x.a, &r_a))),
        (1, true) => (
            s.a(t.a).b(r_b.clone()).plan(),
            Box::new(move |x| x.a == tt.a && in_range(&x.b, &r_b)),
        ),
        (3, true) => (
            s.a(t.a).b(t.b.clone()).c(t.c.clone()).d(r_d.clone()).plan(),
            Box::new(move |x| x.a == tt.a && x.b == tt.b && x.c == tt.c && in_range(&x.d, &r_d)),
        ),
        (0, _) => (s.plan(), Box::new(|_| true)),
        (1, _) => (s.a(t.a).plan(), Box::new(move |x| x.a == tt.a)),
        (2, _) => (
            s.a(t.a).b(t.b.clone()).plan(),
            Box::new(move |x| x.a == tt.a && x.b == tt.b),
        ),
        (3, _) => (
            s.a(t.a).b(t.b.clone()).c(t.c.clone()).plan(),
            Box::new(move |x| x.a == tt.a && x.b == tt.b && x.c == tt.c),
        ),
        _ => (
            s.a(t.a).b(t.b.clone()).c(t.c.clone()).d(t.d.clone()).plan(),
            Box::new(move |x| *x == tt),
        ),
    }
}

// Layout 9: a Bigtable row-key schema: strings with 00 and 01 bytes, a DESC field, and two
// trailing ASC strings that Bigtable drops when they are empty.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "bigtable")]
struct BtRow {
    a: String,
    #[desc]
    b: Vec<u8>,
    c: String,
    d: String,
}

fn bt_row() -> impl Strategy<Value = BtRow> {
    let s = || {
        proptest::collection::vec(prop_oneof![Just('a'), Just('\0'), Just('\u{1}')], 0..3)
            .prop_map(|c| c.into_iter().collect::<String>())
    };
    (s(), small_bytes(), s(), s()).prop_map(|(a, b, c, d)| BtRow { a, b, c, d })
}

four_field_query!(bt_row_query, BtRow);

// Layout 10: an HBase Struct: an OrderedInt32, a DESC OrderedString, and two nullable
// OrderedStrings that Struct.encode drops when they are NULL at the end.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "hbase_ordered")]
struct HbRow {
    a: i32,
    #[desc]
    b: String,
    c: Option<String>,
    d: Option<String>,
}

fn hb_row() -> impl Strategy<Value = HbRow> {
    let s = || {
        proptest::collection::vec(prop_oneof![Just('a'), Just('\u{1}'), Just('é')], 0..3)
            .prop_map(|c| c.into_iter().collect::<String>())
    };
    (
        -2..2i32,
        s(),
        proptest::option::of(s()),
        proptest::option::of(s()),
    )
        .prop_map(|(a, b, c, d)| HbRow { a, b, c, d })
}

four_field_query!(hb_row_query, HbRow);

// Layout 11: an HBase Struct of Raw members and an OrderedBlob: a RawStringTerminated (00), a
// DESC RawBytesFixedLength(2) (`[u8; 2]`), a RawStringFixedLength(3), and a nullable
// OrderedBlob last, which runs to the end of the key.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "hbase_ordered")]
struct HbRaw {
    #[java(nul_terminated)]
    a: String,
    #[desc]
    b: [u8; 2],
    #[fixed(3)]
    c: String,
    #[blob]
    d: Option<Vec<u8>>,
}

fn hb_raw() -> impl Strategy<Value = HbRaw> {
    let s = |n| {
        proptest::collection::vec(prop_oneof![Just('a'), Just('\u{1}'), Just('b')], 0..n)
            .prop_map(|c| c.into_iter().collect::<String>())
    };
    let bytes = proptest::collection::vec(prop_oneof![Just(0u8), Just(1), Just(0xFF)], 0..3);
    (
        s(3),
        prop_oneof![Just([0u8, 0]), Just([0, 0xFF]), Just([0xFF, 0])],
        s(4),
        proptest::option::of(bytes),
    )
        .prop_map(|(a, b, c, d)| HbRaw { a, b, c, d })
}

four_field_query!(hb_raw_query, HbRaw);

// Layout 12: a FoundationDB tuple: strings that begin each other ("a", "a\0"), a null-able
// integer (None first), a byte string with 00 and FF, and a nested tuple key holding a null.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "fdb_tuple")]
struct FdbRow {
    a: String,
    b: Option<i64>,
    c: Vec<u8>,
    d: FdbInner,
}

#[derive(RowKey, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
#[rowkey(encoding = "fdb_tuple")]
struct FdbInner {
    x: Option<i64>,
    y: String,
}

fn fdb_row() -> impl Strategy<Value = FdbRow> {
    let s = || {
        proptest::collection::vec(prop_oneof![Just('a'), Just('\0'), Just('\u{1}')], 0..3)
            .prop_map(|c| c.into_iter().collect::<String>())
    };
    let n = || proptest::option::of(prop_oneof![Just(-1i64), Just(0), Just(255), Just(256)]);
    (s(), n(), small_bytes(), n(), s()).prop_map(|(a, b, c, x, y)| FdbRow {
        a,
        b,
        c,
        d: FdbInner { x, y },
    })
}

four_field_query!(fdb_row_query, FdbRow);

macro_rules! store_test {
    ($name:ident, $gen:expr, $fields:expr, $query:ident) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(16))]
            #[test]
            fn $name(
                keys in proptest::collection::vec($gen, 500..2500),
                queries in proptest::collection::vec(query($fields), 60),
            ) {
                let keys = dedup(keys);
                let db = store(&keys);
                for q in &queries {
                    let (plan, want) = $query(q, &keys);
                    check(&db, &keys, plan, want)?;
                }
            }
        }
    };
}

/// `store_test!` through the async path: each query's plan read by `check_async` too.
macro_rules! async_store_test {
    ($name:ident, $gen:expr, $fields:expr, $query:ident) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(8))]
            #[test]
            fn $name(
                keys in proptest::collection::vec($gen, 200..1500),
                queries in proptest::collection::vec(query($fields), 40),
            ) {
                let keys = dedup(keys);
                let db = Arc::new(store(&keys));
                for q in &queries {
                    let (plan, want) = $query(q, &keys);
                    let Ok(p) = plan.clone() else { continue };
                    let merged = check(&db, &keys, plan, want)?;
                    check_async(&db, &p, &merged, read_of(q))?;
                }
            }
        }
    };
}

async_store_test!(async_unsalted, plain(), 4, plain_query);
async_store_test!(async_md5_buckets, bucketed(), 4, bucketed_query);
async_store_test!(async_phoenix_buckets, phoenix(), 3, phoenix_query);
async_store_test!(async_random_buckets, random(), 2, random_query);
async_store_test!(async_fdb_tuple, fdb_row(), 4, fdb_row_query);

store_test!(unsalted, plain(), 4, plain_query);
store_test!(md5_prefix_of_leading_field, prefixed(), 3, prefixed_query);
store_test!(md5_buckets_of_trailing_field, bucketed(), 4, bucketed_query);
store_test!(phoenix_buckets, phoenix(), 3, phoenix_query);
store_test!(random_buckets, random(), 2, random_query);
store_test!(raw_java_string_in_the_middle, java_row(), 4, java_row_query);
store_test!(
    phoenix_encoded_varchars,
    px_varchars(),
    4,
    px_varchars_query
);
store_test!(phoenix_encoded_mixed, px_mixed(), 4, px_mixed_query);
store_test!(bigtable_encoded, bt_row(), 4, bt_row_query);
store_test!(hbase_ordered_struct, hb_row(), 4, hb_row_query);
store_test!(hbase_raw_members_and_blob, hb_raw(), 4, hb_raw_query);
store_test!(fdb_tuple_encoded, fdb_row(), 4, fdb_row_query);
