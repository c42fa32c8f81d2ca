//! The row-key designs the hotspot simulation compares: the HBase book's options for a table of
//! messages written in time order (timestamp first, a reverse timestamp first, id first, a
//! reversed id, an MD5 prefix, MD5 buckets, random buckets), each a `#[derive(RowKey)]` struct
//! studied through `rowkey_studio` with the reads its readers would run, planned from the key's
//! own scan builder.

use rowkey::{EncodeError, RowKey, ScanPlan};
use rowkey_studio::{Design, Query, Span, Study};

/// `ts, id`: every write lands after the last.
#[derive(RowKey)]
pub struct TimestampFirst {
    /// The message's time.
    pub ts: u64,
    /// The message's id.
    pub id: u64,
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
pub struct Md5Buckets {
    /// The message's time.
    pub ts: u64,
    /// The message's id.
    pub id: u64,
}

/// One of 16 buckets, at random.
#[derive(RowKey)]
#[salt(random, buckets = 16)]
pub struct RandomBuckets {
    /// The message's time.
    pub ts: u64,
    /// The message's id.
    pub id: u64,
}

/// A message: its timestamp (milliseconds) and id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Message {
    /// Milliseconds since 1970.
    pub ts: u64,
    /// The message's id.
    pub id: u64,
}

/// The `i`-th message: timestamps (milliseconds, 7 apart) and ids both increase.
pub fn message(i: u64) -> Message {
    Message {
        ts: 1_700_000_000_000 + i * 7,
        id: 1_000_000 + i,
    }
}

/// The share of the run, at its end, that the time-range read asks for.
pub const RECENT: f64 = 0.1;

/// The first timestamp of the last [`RECENT`] share of a run of `writes` messages.
pub fn recent_since(writes: u64) -> u64 {
    message(writes - (writes as f64 * RECENT).ceil() as u64).ts
}

/// A built-in design: its names, whether it hotspots, and how it joins a study.
pub struct Builtin {
    /// The name in reports.
    pub name: &'static str,
    /// The name on the command line and in file names.
    pub slug: &'static str,
    /// True when consecutive writes get consecutive keys (the designs that hotspot).
    pub sequential: bool,
    /// True when each range of a plan holds its newest message first.
    pub newest_first: bool,
    /// Adds the design, with its reads, to a study.
    pub add: fn(&Builtin, Study<Message>) -> Study<Message>,
    /// The labels of a key or region boundary of the design, decoded by its key type.
    pub labels: fn(&[u8]) -> Vec<String>,
}

/// How a design of key `K` reads: the plan of one message, and the plan of every message at or
/// after a time (as far as the key lets the builder narow it; a full scan otherwise).
struct Reads<K> {
    get: fn(&Message) -> Result<ScanPlan, EncodeError>,
    since: fn(u64) -> Result<ScanPlan, EncodeError>,
    ts: fn(&K) -> u64,
}

/// The three reads of the demo, on design `b` keyed by `key`:
/// - one message by its key (the middle one): Gets;
/// - the messages of the last [`RECENT`] of the time: the `since` plan, wanting those at or
///   after the time;
/// - the newest message: the first row of each range of a newest-first design (a scan with a
///   limit of one), every row otherwise.
fn study<K: RowKey + 'static>(
    b: &Builtin,
    study: Study<Message>,
    key: fn(&Message) -> K,
    reads: Reads<K>,
) -> Study<Message> {
    let Reads { get, since, ts } = reads;
    let newest_first = b.newest_first;
    let design = Design::new(b.name, key)
        .slug_as(b.slug)
        .read("one message by its key", move |s: &Span| {
            get(&message(s.writes / 2))
        })
        .read("the last 10% of the time", move |s: &Span| {
            let from = recent_since(s.writes);
            Ok::<_, EncodeError>(Query::new(since(from)?).filter(move |k: &K| ts(k) >= from))
        })
        .read("the newest message", move |s: &Span| {
            let newest = message(s.writes - 1).ts;
            let q = Query::new(since(0)?).filter(move |k: &K| ts(k) == newest);
            Ok::<_, EncodeError>(if newest_first { q.limit(1) } else { q })
        });
    study.design(design)
}

/// Every design, in report order.
pub const DESIGNS: [Builtin; 7] = [
    Builtin {
        name: "timestamp first",
        slug: "timestamp-first",
        sequential: true,
        newest_first: false,
        labels: rowkey_studio::report::labels::decoded_prefix::<TimestampFirst>,
        add: |b, s| {
            study::<TimestampFirst>(
                b,
                s,
                |m| TimestampFirst { ts: m.ts, id: m.id },
                Reads {
                    get: |m| TimestampFirst::scan().ts(m.ts).id(m.id).plan(),
                    since: |ts| TimestampFirst::scan().ts(ts..).plan(),
                    ts: |k| k.ts,
                },
            )
        },
    },
    Builtin {
        name: "reverse timestamp",
        slug: "reverse-timestamp",
        sequential: true,
        newest_first: true,
        labels: rowkey_studio::report::labels::decoded_prefix::<ReverseTimestampFirst>,
        add: |b, s| {
            study::<ReverseTimestampFirst>(
                b,
                s,
                |m| ReverseTimestampFirst { ts: m.ts, id: m.id },
                Reads {
                    get: |m| ReverseTimestampFirst::scan().ts(m.ts).id(m.id).plan(),
                    since: |ts| ReverseTimestampFirst::scan().ts(ts..).plan(),
                    ts: |k| k.ts,
                },
            )
        },
    },
    Builtin {
        name: "id first",
        slug: "id-first",
        sequential: true,
        newest_first: false,
        labels: rowkey_studio::report::labels::decoded_prefix::<IdFirst>,
        add: |b, s| {
            study::<IdFirst>(
                b,
                s,
                |m| IdFirst { id: m.id, ts: m.ts },
                Reads {
                    get: |m| IdFirst::scan().id(m.id).ts(m.ts).plan(),
                    since: |_| IdFirst::scan().plan(),
                    ts: |k| k.ts,
                },
            )
        },
    },
    Builtin {
        name: "reversed id",
        slug: "reversed-id",
        sequential: false,
        newest_first: false,
        labels: rowkey_studio::report::labels::decoded_prefix::<ReversedId>,
        add: |b, s| {
            study::<ReversedId>(
                b,
                s,
                |m| ReversedId { id: m.id, ts: m.ts },
                Reads {
                    get: |m| ReversedId::scan().id(m.id).ts(m.ts).plan(),
                    since: |_| ReversedId::scan().plan(),
                    ts: |k| k.ts,
                },
            )
        },
    },
    Builtin {
        name: "md5 prefix",
        slug: "md5-prefix",
        sequential: false,
        newest_first: false,
        labels: rowkey_studio::report::labels::decoded_prefix::<Md5Prefix>,
        add: |b, s| {
            // The builder refuses any plan that leaves the id out (its MD5 leads the key): a
            // reader of a time range scans the whole table.
            study::<Md5Prefix>(
                b,
                s,
                |m| Md5Prefix { ts: m.ts, id: m.id },
                Reads {
                    get: |m| Md5Prefix::scan().ts(m.ts).id(m.id).plan(),
                    since: |_| Ok(Md5Prefix::full_scan()),
                    ts: |k| k.ts,
                },
            )
        },
    },
    Builtin {
        name: "md5 buckets (16)",
        slug: "md5-buckets",
        sequential: false,
        newest_first: false,
        labels: rowkey_studio::report::labels::decoded_prefix::<Md5Buckets>,
        add: |b, s| {
            study::<Md5Buckets>(
                b,
                s,
                |m| Md5Buckets { ts: m.ts, id: m.id },
                Reads {
                    get: |m| Md5Buckets::scan().ts(m.ts).id(m.id).plan(),
                    since: |ts| Md5Buckets::scan().ts(ts..).plan(),
                    ts: |k| k.ts,
                },
            )
        },
    },
    Builtin {
        name: "random buckets (16)",
        slug: "random-buckets",
        sequential: false,
        newest_first: false,
        labels: rowkey_studio::report::labels::decoded_prefix::<RandomBuckets>,
        add: |b, s| {
            study::<RandomBuckets>(
                b,
                s,
                |m| RandomBuckets { ts: m.ts, id: m.id },
                Reads {
                    get: |m| RandomBuckets::scan().ts(m.ts).id(m.id).plan(),
                    since: |ts| RandomBuckets::scan().ts(ts..).plan(),
                    ts: |k| k.ts,
                },
            )
        },
    },
];

/// The design called `slug`.
pub fn by_slug(slug: &str) -> Option<&'static Builtin> {
    DESIGNS.iter().find(|d| d.slug == slug)
}

/// A study of `writes` messages with the designs `designs`, in that order.
pub fn study_of(writes: u64, designs: &[&Builtin]) -> Study<Message> {
    let study = Study::new(writes, message).time(|m: &Message| m.ts as i64);
    designs.iter().fold(study, |s, d| (d.add)(d, s))
}

/// The designs' short names, as `--designs` accepts them.
pub fn slugs() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(DESIGNS.iter().map(|d| d.slug))
}
