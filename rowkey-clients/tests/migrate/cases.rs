//! The three migrations: md5 buckets 16 → 64, unsalted → salted, rowkey binary → Phoenix.

use rowkey::migrate::Plan;
use rowkey::{RowKey, ScanPlan};

use super::{Case, Logical};

macro_rules! case {
    ($case:ident, $name:literal, $old:ident, $new:ident, |$sample:ident| $plan:expr) => {
        pub struct $case;

        impl Case for $case {
            type Old = $old;
            type New = $new;
            const NAME: &'static str = $name;
            fn old((metric, ts, id): Logical) -> $old {
                $old { metric, ts, id }
            }
            fn new((metric, ts, id): Logical) -> $new {
                $new { metric, ts, id }
            }
            fn logical(new_key: &[u8]) -> Logical {
                let n = $new::decode(new_key).expect("a new key");
                (n.metric, n.ts, n.id)
            }
            fn old_logical(old_key: &[u8]) -> Logical {
                let o = $old::decode(old_key).expect("an old key");
                (o.metric, o.ts, o.id)
            }
            fn to_new(o: $old) -> $new {
                $new {
                    metric: o.metric,
                    ts: o.ts,
                    id: o.id,
                }
            }
            fn to_old(n: $new) -> $old {
                $old {
                    metric: n.metric,
                    ts: n.ts,
                    id: n.id,
                }
            }
            fn plans(metric: u32, ts: core::ops::Range<u32>) -> (ScanPlan, ScanPlan) {
                (
                    $old::scan().metric(metric).ts(ts.clone()).plan().unwrap(),
                    $new::scan().metric(metric).ts(ts).plan().unwrap(),
                )
            }
            fn plan($sample: &[Vec<u8>]) -> Plan {
                $plan
            }
        }
    };
}

/// OpenTSDB#1244's move: more salt buckets.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[salt(md5, buckets = 16, of = "id")]
pub struct Md5x16 {
    pub metric: u32,
    pub ts: u32,
    pub id: u32,
}

#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[salt(md5, buckets = 64, of = "id")]
pub struct Md5x64 {
    pub metric: u32,
    pub ts: u32,
    pub id: u32,
}

case!(Resalt, "md5 buckets 16 -> 64", Md5x16, Md5x64, |_sample| {
    Plan::for_layout::<Md5x16, Md5x64>(16).unwrap()
});

/// OpenTSDB#1536's move: a salt for an unsalted table.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
pub struct Plain {
    pub metric: u32,
    pub ts: u32,
    pub id: u32,
}

#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[salt(md5, buckets = 16, of = ["metric", "id"])]
pub struct Salted {
    pub metric: u32,
    pub ts: u32,
    pub id: u32,
}

case!(AddSalt, "unsalted -> salted", Plain, Salted, |sample| {
    Plan::from_sample::<Plain, Salted, _>(sample, 16).unwrap()
});

/// To a salted Phoenix table that Phoenix's own clients read.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[salt(xxh3, buckets = 16, of = "id")]
pub struct Binary {
    pub metric: u32,
    pub ts: u32,
    pub id: u32,
}

#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(encoding = "phoenix")]
#[salt(phoenix, buckets = 8)]
pub struct Phoenix {
    pub metric: u32,
    pub ts: u32,
    pub id: u32,
}

case!(
    ToPhoenix,
    "rowkey binary -> Phoenix",
    Binary,
    Phoenix,
    |_sample| Plan::for_layout::<Binary, Phoenix>(16).unwrap()
);
