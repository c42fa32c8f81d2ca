//! The row-key designs the hotspot simulation compares: the HBase book's options for a table of
//! messages written in time order (timestamp first, a reverse timestamp first, id first, a
//! reversed id, an MD5 prefix, MD5 buckets, random buckets), each a `#[derive(RowKey)]` struct
//! with the scan plans its readers would use.

use rowkey::{RowKey, ScanPlan};

#[derive(RowKey)]
struct TimestampFirst {
    ts: u64,
    id: u64,
}

/// `Long.MAX_VALUE - ts` first: the newest message is the first row.
#[derive(RowKey)]
struct ReverseTimestampFirst {
    #[reverse_ts]
    ts: u64,
    id: u64,
}

#[derive(RowKey)]
struct IdFirst {
    id: u64,
    ts: u64,
}

/// The id's bytes reversed: its fastest-changing byte leads.
#[derive(RowKey)]
struct ReversedId {
    #[reverse]
    id: u64,
    ts: u64,
}

/// A 4-byte MD5 prefix of the id.
#[derive(RowKey)]
#[salt(md5, len = 4, of = "id")]
struct Md5Prefix {
    ts: u64,
    id: u64,
}

/// One of 16 buckets, MD5 of the id.
#[derive(RowKey)]
#[salt(md5, buckets = 16, of = "id")]
struct Md5Buckets {
    ts: u64,
    id: u64,
}

/// One of 16 buckets, at random.
#[derive(RowKey)]
#[salt(random, buckets = 16)]
struct RandomBuckets {
    ts: u64,
    id: u64,
}

/// A row-key design: its name, a short name for files and `--designs`, how it writes message
/// `(ts, id)`, and how it is read.
pub struct Design {
    /// The name in reports.
    pub name: &'static str,
    /// The name on the command line and in file names.
    pub slug: &'static str,
    /// The row key of message `(ts, id)`.
    pub key: fn(u64, u64) -> Vec<u8>,
    /// True when consecutive writes get consecutive keys (the designs that hotspot).
    pub sequential: bool,
    /// The plan that reads message `(ts, id)` when both are known: one Get per row it names.
    pub get: fn(u64, u64) -> ScanPlan,
    /// The plan that reads every message written at or after `ts`, as far as the key lets the
    /// builder narrow it (a key that does not lead with the time scans everything). `None` when
    /// the builder refuses any plan without the id (an MD5 prefix of it): the reader scans the
    /// whole table.
    pub since: fn(u64) -> Option<ScanPlan>,
    /// The message's timestamp, decoded from its key.
    pub ts_of: fn(&[u8]) -> u64,
    /// True when each range of a plan holds its newest message first, so a reader of the
    /// newest message stops after one row per range.
    pub newest_first: bool,
}

fn key<K: RowKey>(k: K) -> Vec<u8> {
    k.encode().expect("message keys always encode")
}

fn plan<E: std::fmt::Debug>(p: Result<ScanPlan, E>) -> ScanPlan {
    p.expect("message plans always build")
}

fn decoded<K: RowKey>(k: &[u8]) -> K {
    K::decode(k).expect("the table holds the design's own keys")
}

/// Every design, in report order.
pub const DESIGNS: [Design; 7] = [
    Design {
        name: "timestamp first",
        slug: "timestamp-first",
        key: |ts, id| key(TimestampFirst { ts, id }),
        sequential: true,
        get: |ts, id| plan(TimestampFirst::scan().ts(ts).id(id).plan()),
        since: |ts| Some(plan(TimestampFirst::scan().ts_range(ts..).plan())),
        ts_of: |k| decoded::<TimestampFirst>(k).ts,
        newest_first: false,
    },
    Design {
        name: "reverse timestamp",
        slug: "reverse-timestamp",
        key: |ts, id| key(ReverseTimestampFirst { ts, id }),
        sequential: true,
        get: |ts, id| plan(ReverseTimestampFirst::scan().ts(ts).id(id).plan()),
        since: |ts| Some(plan(ReverseTimestampFirst::scan().ts_range(ts..).plan())),
        ts_of: |k| decoded::<ReverseTimestampFirst>(k).ts,
        newest_first: true,
    },
    Design {
        name: "id first",
        slug: "id-first",
        key: |ts, id| key(IdFirst { id, ts }),
        sequential: true,
        get: |ts, id| plan(IdFirst::scan().id(id).ts(ts).plan()),
        since: |_| Some(plan(IdFirst::scan().plan())),
        ts_of: |k| decoded::<IdFirst>(k).ts,
        newest_first: false,
    },
    Design {
        name: "reversed id",
        slug: "reversed-id",
        key: |ts, id| key(ReversedId { id, ts }),
        sequential: false,
        get: |ts, id| plan(ReversedId::scan().id(id).ts(ts).plan()),
        since: |_| Some(plan(ReversedId::scan().plan())),
        ts_of: |k| decoded::<ReversedId>(k).ts,
        newest_first: false,
    },
    Design {
        name: "md5 prefix",
        slug: "md5-prefix",
        key: |ts, id| key(Md5Prefix { ts, id }),
        sequential: false,
        get: |ts, id| plan(Md5Prefix::scan().ts(ts).id(id).plan()),
        since: |_| None,
        ts_of: |k| decoded::<Md5Prefix>(k).ts,
        newest_first: false,
    },
    Design {
        name: "md5 buckets (16)",
        slug: "md5-buckets",
        key: |ts, id| key(Md5Buckets { ts, id }),
        sequential: false,
        get: |ts, id| plan(Md5Buckets::scan().ts(ts).id(id).plan()),
        since: |ts| Some(plan(Md5Buckets::scan().ts_range(ts..).plan())),
        ts_of: |k| decoded::<Md5Buckets>(k).ts,
        newest_first: false,
    },
    Design {
        name: "random buckets (16)",
        slug: "random-buckets",
        key: |ts, id| key(RandomBuckets { ts, id }),
        sequential: false,
        get: |ts, id| plan(RandomBuckets::scan().ts(ts).id(id).plan()),
        since: |ts| Some(plan(RandomBuckets::scan().ts_range(ts..).plan())),
        ts_of: |k| decoded::<RandomBuckets>(k).ts,
        newest_first: false,
    },
];

/// The design called `slug`.
pub fn by_slug(slug: &str) -> Option<&'static Design> {
    DESIGNS.iter().find(|d| d.slug == slug)
}

/// The `i`-th message: timestamps (milliseconds, 7 apart) and ids both increase.
pub fn message(i: u64) -> (u64, u64) {
    (1_700_000_000_000 + i * 7, 1_000_000 + i)
}

/// The designs' short names, as `--designs` accepts them.
pub fn slugs() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(DESIGNS.iter().map(|d| d.slug))
}
