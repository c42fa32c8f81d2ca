//! Plans over sets of values (`.device([3, 7, 9])`, SQL's `IN`), each held against brute force:
//! every key of a small domain written, the plan read through a sorted map and merged, and the
//! rows compared with a filter over the decoded keys. Sets with repeats, empty sets, sets under
//! DESC and newest-first fields, on a hashed `of` field, before a range, of complete keys, and
//! the limits. The random-layout fuzzer (`rowkey-fuzz`) gives sets to every layout it draws.

use std::collections::{BTreeMap, BTreeSet};

use rowkey::{EncodeError, RowKey, ScanPlan};
use rowkey_testkit::scan::read_plan;

/// Every key of `keys` written, the plan read and merged: the rows it returns, in the order
/// the merge gives them, must be the keys `want` keeps, in the key's logical order, each once.
/// The ranges must be in byte order, apart (a set's ranges joined where they touch).
fn check<K: RowKey + Clone + std::fmt::Debug + PartialEq>(
    keys: &[K],
    plan: &ScanPlan,
    want: impl Fn(&K) -> bool,
    salt: usize,
) {
    let table: BTreeMap<Vec<u8>, K> = keys
        .iter()
        .map(|k| (k.encode().unwrap(), k.clone()))
        .collect();
    let got: Vec<Vec<u8>> = read_plan(&table, plan);
    let mut wanted: Vec<&Vec<u8>> = table
        .iter()
        .filter(|(_, k)| want(k))
        .map(|(b, _)| b)
        .collect();
    wanted.sort_by(|a, b| a[salt..].cmp(&b[salt..]));
    assert_eq!(got.iter().collect::<Vec<_>>(), wanted, "{plan}");
    for w in plan.ranges().windows(2) {
        assert!(w[0].start < w[1].start, "ranges out of byte order: {plan}");
        assert!(
            !w[0].stop.is_empty() && w[0].stop <= w[1].start,
            "ranges overlap: {plan}"
        );
    }
    for (b, k) in &table {
        assert_eq!(plan.matches(b), want(k), "{k:?} in {plan}");
    }
}

/// Small sets drawn from `values`: every subset of up to three, with a repeat, in both orders.
fn sets<T: Clone>(values: &[T]) -> Vec<Vec<T>> {
    let mut out = vec![Vec::new()];
    for (i, a) in values.iter().enumerate() {
        out.push(vec![a.clone()]);
        out.push(vec![a.clone(), a.clone()]);
        for (j, b) in values.iter().enumerate().skip(i + 1) {
            out.push(vec![a.clone(), b.clone()]);
            out.push(vec![b.clone(), a.clone(), b.clone()]);
            if let Some(c) = values.get(j + 1) {
                out.push(vec![c.clone(), a.clone(), b.clone()]);
            }
        }
    }
    out
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Desc {
    #[desc]
    a: u8,
    b: u16,
}

#[test]
fn a_set_under_desc_reads_its_values_in_byte_order() {
    let keys: Vec<Desc> = (0..=255u8)
        .step_by(15)
        .flat_map(|a| [0u16, 1, 0xFF, 0xFFFF].map(|b| Desc { a, b }))
        .collect();
    for set in sets(&[0u8, 15, 30, 255, 7]) {
        let plan = Desc::scan().a(set.clone()).plan().unwrap();
        check(&keys, &plan, |k| set.contains(&k.a), 0);
        // Before a range on the next field.
        let plan = Desc::scan().a(&set[..]).b(1..=0xFF).plan().unwrap();
        check(
            &keys,
            &plan,
            |k| set.contains(&k.a) && (1..=0xFF).contains(&k.b),
            0,
        );
        // A set of complete keys: a multi-get, one Get per distinct key.
        let plan = Desc::scan()
            .a(set.clone())
            .b([1, 0xFFFF, 1])
            .plan()
            .unwrap();
        assert!(plan.is_point());
        let distinct: BTreeSet<u8> = set.iter().copied().collect();
        assert_eq!(plan.rows().len(), distinct.len() * 2);
        check(
            &keys,
            &plan,
            |k| set.contains(&k.a) && [1, 0xFFFF].contains(&k.b),
            0,
        );
    }
    // Two touching values join: 16 and 15 are adjacent bytes under DESC.
    let plan = Desc::scan().a([15, 16]).plan().unwrap();
    assert_eq!(plan.ranges().len(), 1);
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Newest {
    id: u8,
    #[reverse_ts]
    ts: i64,
    seq: Option<u32>,
}

#[test]
fn a_set_of_newest_first_values_and_a_set_of_options() {
    let ts = [0i64, 1, 2, 1_000, i64::MAX];
    let keys: Vec<Newest> = [1u8, 2]
        .into_iter()
        .flat_map(|id| ts.map(move |ts| (id, ts)))
        .flat_map(|(id, ts)| [None, Some(0), Some(7)].map(|seq| Newest { id, ts, seq }))
        .collect();
    for set in sets(&ts) {
        let plan = Newest::scan().id(1).ts(set.clone()).plan().unwrap();
        check(&keys, &plan, |k| k.id == 1 && set.contains(&k.ts), 0);
        let plan = Newest::scan()
            .id([2, 1])
            .ts(set.clone())
            .seq(Some(1)..)
            .plan()
            .unwrap();
        check(
            &keys,
            &plan,
            |k| set.contains(&k.ts) && k.seq.is_some_and(|s| s >= 1),
            0,
        );
    }
    for set in sets(&[None, Some(0u32), Some(7)]) {
        let plan = Newest::scan().id(1).ts(2).seq(set.clone()).plan().unwrap();
        assert!(plan.is_point());
        check(
            &keys,
            &plan,
            |k| (k.id, k.ts) == (1, 2) && set.contains(&k.seq),
            0,
        );
    }
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 8, of = "device")]
struct Reading {
    day: u32,
    device: u32,
    ts: u16,
}

#[test]
fn a_set_on_a_hashed_field_knows_each_values_bucket() {
    let keys: Vec<Reading> = (0..3)
        .flat_map(|day| {
            (0..40).flat_map(move |device| [0, 9].map(|ts| Reading { day, device, ts }))
        })
        .collect();
    for set in sets(&[3u32, 7, 9, 39, 12]) {
        let plan = Reading::scan().day(1).device(set.clone()).plan().unwrap();
        let distinct: BTreeSet<u32> = set.iter().copied().collect();
        // One range per device, in its own bucket (ranges of one bucket may join).
        assert!(plan.ranges().len() <= distinct.len());
        check(&keys, &plan, |k| k.day == 1 && set.contains(&k.device), 1);
        let plan = Reading::scan()
            .day([2, 1])
            .device(set.clone())
            .ts(..5)
            .plan()
            .unwrap();
        check(
            &keys,
            &plan,
            |k| k.day >= 1 && set.contains(&k.device) && k.ts < 5,
            1,
        );
    }
    // A set before the hashed field: one range per day and bucket.
    let plan = Reading::scan().day([0, 2, 0]).plan().unwrap();
    assert_eq!(plan.ranges().len(), 2 * 8);
    check(&keys, &plan, |k| k.day != 1, 1);
}

#[test]
#[allow(clippy::reversed_empty_ranges)] // a reversed range is the point
fn an_empty_set_plans_no_range() {
    let plan = Reading::scan().day(1).device(Vec::new()).plan().unwrap();
    assert!(plan.ranges().is_empty() && plan.rows().is_empty());
    let plan = Reading::scan().day(BTreeSet::new()).plan().unwrap();
    assert!(plan.ranges().is_empty());
    // What follows is still checked: a reversed range is refused.
    let err = Reading::scan()
        .day(1)
        .device([])
        .ts(9..1)
        .plan()
        .unwrap_err();
    assert!(
        matches!(err, EncodeError::ReversedRange { field: "ts", .. }),
        "{err:?}"
    );
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Named {
    name: String,
    n: u8,
}

#[test]
fn a_set_of_strings_that_are_prefixes_of_each_other() {
    let names = ["", "a", "a\0", "ab", "b", "\u{ff}"];
    let keys: Vec<Named> = names
        .iter()
        .flat_map(|s| {
            [0u8, 255].map(|n| Named {
                name: s.to_string(),
                n,
            })
        })
        .collect();
    for set in sets(&names) {
        let plan = Named::scan().name(set.clone()).plan().unwrap();
        check(&keys, &plan, |k| set.contains(&k.name.as_str()), 0);
        let owned: Vec<String> = set.iter().map(|s| s.to_string()).collect();
        let plan = Named::scan().name(&owned).n(1..).plan().unwrap();
        check(&keys, &plan, |k| owned.contains(&k.name) && k.n >= 1, 0);
    }
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(random, buckets = 4)]
struct Spread {
    ts: u64,
    id: u32,
}

#[test]
fn a_set_of_keys_under_a_random_salt_is_a_get_per_key_and_bucket() {
    let plan = Spread::scan().ts(5).id([1, 2, 2, 3]).plan().unwrap();
    assert!(plan.is_point());
    assert_eq!(plan.rows().len(), 3 * 4);
    let mut rows: Vec<&[u8]> = plan.rows();
    rows.dedup();
    assert_eq!(rows.len(), 12, "each Get once");
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "phoenix")]
#[salt(phoenix, buckets = 4)]
struct Phoenix {
    host: String,
    n: i32,
}

#[test]
fn a_set_of_phoenix_keys_is_a_get_each_in_its_bucket() {
    let keys: Vec<Phoenix> = ["a", "b", "c"]
        .iter()
        .flat_map(|h| {
            [-1, 0, 5].map(|n| Phoenix {
                host: h.to_string(),
                n,
            })
        })
        .collect();
    let plan = Phoenix::scan().host(["c", "a"]).n([5, -1]).plan().unwrap();
    assert!(plan.is_point());
    assert_eq!(plan.rows().len(), 4);
    check(&keys, &plan, |k| k.host != "b" && k.n != 0, 1);
    let plan = Phoenix::scan().host(vec!["c", "a", "c"]).plan().unwrap();
    check(&keys, &plan, |k| k.host != "b", 1);
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Versioned {
    #[java]
    row: String,
    #[reverse_ts]
    ts: i64,
}

#[test]
fn a_set_on_a_raw_string_needs_one_length() {
    let keys: Vec<Versioned> = ["row1", "row2", "row10", "row11"]
        .iter()
        .flat_map(|r| {
            [1i64, 2].map(|ts| Versioned {
                row: r.to_string(),
                ts,
            })
        })
        .collect();
    let plan = Versioned::scan().row(["row2", "row1"]).plan().unwrap();
    assert!(!plan.is_exact());
    check(&keys, &plan, |k| k.row.len() == 4, 0);
    let err = Versioned::scan().row(["row1", "row10"]).plan().unwrap_err();
    assert_eq!(
        err,
        EncodeError::RawLengths {
            field: "row",
            lengths: (4, 5)
        }
    );
    assert_eq!(err.field(), Some("row"));
    // With every field fixed the plan is Gets, and any lengths go.
    let get = Versioned::scan()
        .row(["row1", "row10"])
        .ts(2)
        .plan()
        .unwrap();
    assert!(get.is_point() && get.rows().len() == 2);
    check(
        &keys,
        &get,
        |k| (k.row == "row1" || k.row == "row10") && k.ts == 2,
        0,
    );
}

#[test]
fn a_value_the_field_refuses_is_the_plans_error() {
    #[derive(RowKey, Debug)]
    struct Capped {
        #[fixed(2)]
        code: String,
        n: u8,
    }
    let err = Capped::scan().code(["ab", "abc", "a"]).plan().unwrap_err();
    assert_eq!(err.field(), Some("code"));
    assert!(Capped::scan().code(["ab", "cd"]).plan().is_ok());
}

#[test]
fn sets_times_buckets_respect_the_range_limit() {
    #[derive(RowKey)]
    #[salt(md5, buckets = 16, of = "ts")]
    struct Wide {
        sensor: u32,
        ts: u64,
    }
    let limit = rowkey::scan::MAX_PLAN_RANGES as u32;
    // 4,096 sensors x 16 buckets: exactly the limit (every other sensor: no two ranges touch).
    let sensors = |n: u32| Vec::from_iter((0..n).map(|s| s * 2));
    let plan = Wide::scan().sensor(sensors(limit / 16)).plan().unwrap();
    assert_eq!(plan.ranges().len(), limit as usize);
    // Ranges that touch are joined: 4,096 sensors in a row are 16 runs of 256 in each bucket
    // (the stop after sensor 255 is `00 00 01`, which sorts before sensor 256's `00 00 01 00`).
    let plan = Wide::scan()
        .sensor(Vec::from_iter(0..limit / 16))
        .plan()
        .unwrap();
    assert_eq!(plan.ranges().len(), 16 * 16);
    let err = Wide::scan()
        .sensor(sensors(limit / 16 + 1))
        .plan()
        .unwrap_err();
    assert!(
        matches!(
            err,
            EncodeError::TooManyValues {
                values: 4097,
                ranges: 65_552,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .contains("split the sets over several scans"),
        "{err}"
    );
    // Two sets multiply; repeats count once.
    let plan = Wide::scan()
        .sensor([1, 1, 1, 2])
        .ts([5, 6, 5])
        .plan()
        .unwrap();
    assert_eq!(plan.rows().len(), 4);
    let repeats = vec![7u32; 1_000_000];
    assert_eq!(
        Wide::scan().sensor(repeats).plan().unwrap().ranges().len(),
        16
    );
}
