//! Bigtable conversions: a `RowSet` holds exactly a plan's rows, read the way Bigtable's v2 API
//! documents `RowRange` (closed or open ends; an unset start is the empty key, inclusive; an
//! unset end is the end of the table) and `row_keys`.

use crate::support;

use bigtable_rs::google::bigtable::v2::row_range::{EndKey, StartKey};
use bigtable_rs::google::bigtable::v2::{ReadRowsRequest, RowRange, RowSet};
use proptest::prelude::*;
use rowkey::{RowKey, ScanPlan};
use rowkey_clients::bigtable::{range_row_set, row_range, row_set};

fn range_contains(r: &RowRange, key: &[u8]) -> bool {
    let above = match &r.start_key {
        None => true,
        Some(StartKey::StartKeyClosed(s)) => key >= &s[..],
        Some(StartKey::StartKeyOpen(s)) => key > &s[..],
    };
    let below = match &r.end_key {
        None => true,
        Some(EndKey::EndKeyOpen(e)) => key < &e[..],
        Some(EndKey::EndKeyClosed(e)) => key <= &e[..],
    };
    above && below
}

fn set_contains(s: &RowSet, key: &[u8]) -> bool {
    s.row_keys.iter().any(|k| k == key) || s.row_ranges.iter().any(|r| range_contains(r, key))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn a_row_range_holds_exactly_the_range(range in support::range(), keys in proptest::collection::vec(support::key(), 0..20)) {
        let r = row_range(&range);
        for k in support::table(&range, keys) {
            prop_assert_eq!(range_contains(&r, &k), range.contains(&k), "key {:?} in {:?}", k, r);
        }
        // Never an empty key as a bound: it is left unset.
        prop_assert_ne!(&r.start_key, &Some(StartKey::StartKeyClosed(Vec::new())));
        prop_assert_ne!(&r.end_key, &Some(EndKey::EndKeyOpen(Vec::new())));
        match range_row_set(&range) {
            Some(set) => prop_assert_eq!(set.row_ranges, vec![r]),
            None => prop_assert!(range.is_empty()),
        }
    }
}

#[derive(RowKey, Debug, PartialEq)]
#[salt(md5, buckets = 8, of = "id")]
struct Event {
    day: u32,
    #[reverse_ts]
    at: i64,
    id: u64,
}

#[derive(RowKey, Debug, PartialEq)]
#[salt(random, buckets = 3)]
struct Spread {
    day: u32,
    id: u64,
}

/// Every key of `rows` the set reads is one the plan matches, and the other way round.
fn assert_same_rows(plan: &ScanPlan, rows: &[Vec<u8>]) {
    let set = row_set(plan).expect("a plan with ranges has a RowSet");
    assert!(!set.row_keys.is_empty() || !set.row_ranges.is_empty());
    for row in rows {
        assert_eq!(
            set_contains(&set, row),
            plan.matches(row),
            "{row:?} under {plan}"
        );
    }
}

#[test]
fn a_plan_is_one_row_set_of_its_ranges_or_its_row_keys() {
    let events: Vec<Vec<u8>> = (0..300u64)
        .map(|id| {
            Event {
                day: (id % 3) as u32,
                at: id as i64 * 1000,
                id,
            }
            .encode()
            .unwrap()
        })
        .collect();
    let day = Event::scan().day(1).plan().unwrap();
    assert_eq!(row_set(&day).unwrap().row_ranges.len(), 8);
    assert_same_rows(&day, &events);
    let window = Event::scan().day(1).at(50_000..150_000).plan().unwrap();
    assert_same_rows(&window, &events);
    let get = Event::scan().day(1).at(7000).id(7).plan().unwrap();
    assert_eq!(row_set(&get).unwrap().row_keys, vec![events[7].clone()]);
    assert_same_rows(&get, &events);

    let spread = Spread::scan().day(2).id(5).plan().unwrap();
    let set = row_set(&spread).unwrap();
    assert_eq!(set.row_keys.len(), 3);
    assert!(set.row_ranges.is_empty());
    let tail = &Spread { day: 2, id: 5 }.encode().unwrap()[1..];
    for (bucket, key) in set.row_keys.iter().enumerate() {
        assert_eq!(key[0] as usize, bucket);
        assert_eq!(&key[1..], tail);
    }
}

#[test]
fn a_plan_with_no_rows_has_no_row_set() {
    // An empty RowSet would read the whole table.
    let none = Event::scan().day(1).at(9..9).plan().unwrap();
    assert!(none.ranges().is_empty());
    assert_eq!(row_set(&none), None);
    // An empty set of values plans no range either.
    let none = Event::scan().day(1).at(Vec::new()).plan().unwrap();
    assert_eq!(row_set(&none), None);
    assert_eq!(
        range_row_set(&rowkey::ScanRange {
            start: b"b".to_vec(),
            stop: b"a".to_vec()
        }),
        None
    );
}

#[test]
fn the_row_set_is_the_type_bigtable_rs_sends() {
    let plan = Event::scan().day(1).plan().unwrap();
    let request = ReadRowsRequest {
        table_name: "projects/p/instances/i/tables/events".into(),
        rows: row_set(&plan),
        reversed: true,
        ..ReadRowsRequest::default()
    };
    assert_eq!(request.rows.unwrap().row_ranges.len(), 8);
}
