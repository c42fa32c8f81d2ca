//! tikv-client conversions: a `BoundRange` holds exactly the keys of its `ScanRange`, by
//! tikv-client's own `RangeBounds` and by the start and end keys it sends to TiKV.

use crate::support;

use std::ops::RangeBounds;

use proptest::prelude::*;
use rowkey::{RowKey, ScanRange};
use rowkey_clients::tikv::{bound_range, bound_ranges, keys, reverse_bound_range, MAX_SCAN_LIMIT};
use tikv_client::Key;

/// Whether TiKV's scan reads `key`, from the two keys tikv-client puts in the request: the start
/// (inclusive) and the end (exclusive; none for no end).
fn request_contains(start: &Key, end: &Option<Key>, key: &Key) -> bool {
    key >= start && end.as_ref().is_none_or(|e| key < e)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn a_bound_range_holds_exactly_the_range(range in support::range(), keys in proptest::collection::vec(support::key(), 0..20)) {
        let bounds = bound_range(&range);
        let (start, end) = bounds.clone().into_keys();
        prop_assert_eq!(Vec::<u8>::from(start.clone()), range.start.clone());
        prop_assert_eq!(end.clone().map(Vec::<u8>::from), (!range.stop.is_empty()).then(|| range.stop.clone()));
        for k in support::table(&range, keys) {
            let key = Key::from(k.clone());
            prop_assert_eq!(bounds.contains(&key), range.contains(&k), "key {:?}", k);
            prop_assert_eq!(request_contains(&start, &end, &key), range.contains(&k), "key {:?}", k);
        }
        match reverse_bound_range(&range) {
            Ok(r) => prop_assert_eq!(r, bounds),
            Err(_) => prop_assert!(range.stop.is_empty()),
        }
    }
}

#[derive(RowKey, Debug, PartialEq)]
#[salt(md5, buckets = 8, of = "id")]
struct Event {
    day: u32,
    id: u64,
}

#[derive(RowKey, Debug, PartialEq)]
#[salt(random, buckets = 3)]
struct Spread {
    day: u32,
    id: u64,
}

#[test]
fn a_plan_is_one_bound_range_per_bucket_and_a_point_plan_its_keys() {
    let rows: Vec<Vec<u8>> = (0..200u64)
        .map(|id| {
            Event {
                day: (id % 3) as u32,
                id,
            }
            .encode()
            .unwrap()
        })
        .collect();
    let plan = Event::scan().day(1).plan().unwrap();
    let ranges = bound_ranges(&plan);
    assert_eq!(ranges.len(), 8);
    for row in &rows {
        let hits = ranges
            .iter()
            .filter(|r| r.contains(&Key::from(row.clone())))
            .count();
        let day = Event::decode(row).unwrap().day;
        assert_eq!(hits, usize::from(day == 1), "{row:?}");
    }
    assert!(keys(&plan).is_empty());

    let get = Event::scan().day(1).id(7).plan().unwrap();
    assert_eq!(
        keys(&get),
        vec![Key::from(Event { day: 1, id: 7 }.encode().unwrap())]
    );
    let spread = Spread::scan().day(1).id(7).plan().unwrap();
    let expected: Vec<Key> = (0..3u8)
        .map(|b| {
            let mut k = vec![b];
            k.extend_from_slice(&Spread { day: 1, id: 7 }.encode().unwrap()[1..]);
            Key::from(k)
        })
        .collect();
    assert_eq!(keys(&spread), expected);
}

#[test]
fn the_scan_limit_is_tikv_clients() {
    // tikv-client refuses a larger limit (MAX_RAW_KV_SCAN_LIMIT in raw/client.rs).
    assert_eq!(MAX_SCAN_LIMIT, 10240);
    assert!(reverse_bound_range(&ScanRange::all())
        .unwrap_err()
        .to_string()
        .contains("no stop row"));
}
