//! Keys under a subspace (`rowkey::Subspace`): a prefix given at run time in front of keys of
//! any encoding. Plans under it return exactly the subspace's matching rows, merged in the key's
//! order, whatever else the table holds (keys of sibling subspaces, of longer prefixes, under
//! an all-`FF` prefix); decode checks the prefix and reports offsets in the whole key.

use std::collections::BTreeMap;

use proptest::prelude::*;
use rowkey::{DecodeError, EncodeError, RowKey, ScanPlan, Subspace};

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 4, of = "id")]
struct Salted {
    day: u8,
    id: u16,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(random, buckets = 3)]
struct Random {
    day: u8,
    #[desc]
    id: u16,
}

/// A raw `#[java]` string: inexact plans, filtered by key length.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct Versioned {
    #[java]
    row: String,
    #[reverse_ts]
    ts: i64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(encoding = "phoenix")]
struct Phoenix {
    a: String,
    b: Option<String>,
}

/// Prefixes where the end of the subspace is not simply "the prefix plus one".
fn prefix() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        Just(vec![]),
        Just(vec![0xFF]),
        Just(vec![0xFF, 0xFF]),
        Just(vec![0x00]),
        Just(b"t/".to_vec()),
        proptest::collection::vec(prop_oneof![Just(0u8), Just(0xFF), any::<u8>()], 1..4),
    ]
}

/// The prefixes of other subspaces a table shares with this one: its siblings and others that
/// neither start with it nor begin it (subspaces of one table are prefix-free, as
/// FoundationDB's directories are; a longer prefix would be inside this subspace).
fn neighbours(prefix: &[u8]) -> Vec<Vec<u8>> {
    let mut out = vec![vec![0x00], vec![0xFF; 3], vec![0x7F, 0x00]];
    if let Some((last, init)) = prefix.split_last() {
        out.push([init, &[last.wrapping_add(1)]].concat());
        out.push([init, &[last.wrapping_sub(1)], &[0xFF]].concat());
    }
    out.retain(|n| !n.starts_with(prefix) && !prefix.starts_with(n));
    out
}

/// Runs `plan` (already under `space`) over `table`, merged; returns the decoded rows.
fn rows<K: RowKey>(space: &Subspace, table: &BTreeMap<Vec<u8>, ()>, plan: &ScanPlan) -> Vec<K> {
    rowkey_testkit::scan::read_plan(table, plan)
        .iter()
        .map(|k| space.decode::<K>(k).expect("a row of the subspace"))
        .collect()
}

/// Writes `keys` under `space` and the same keys under every neighbour, then checks `plan`
/// (a plan of `K`, before the subspace) against `want`, in `order`.
fn check<K: RowKey + Clone + PartialEq + core::fmt::Debug>(
    space: &Subspace,
    keys: &[K],
    plan: ScanPlan,
    want: impl Fn(&K) -> bool,
    order: impl Fn(&K, &K) -> core::cmp::Ordering,
) -> Result<(), TestCaseError> {
    let mut table = BTreeMap::new();
    for p in neighbours(space.prefix()) {
        let other = Subspace::new(p);
        for k in keys {
            table.insert(other.encode(k).unwrap(), ());
        }
    }
    for k in keys {
        let row = space.encode(k).unwrap();
        prop_assert_eq!(&row[..space.prefix().len()], space.prefix());
        prop_assert_eq!(row.len(), space.prefix().len() + k.encoded_len());
        prop_assert_eq!(&space.decode::<K>(&row).unwrap(), k);
        table.insert(row, ());
    }
    let plan = space.plan(&plan);
    let got: Vec<K> = rows(space, &table, &plan);
    let mut expected: Vec<K> = keys.iter().filter(|k| want(k)).cloned().collect();
    expected.sort_by(&order);
    expected.dedup();
    prop_assert_eq!(got, expected, "{}", plan);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn plans_under_a_subspace_hold_exactly_its_rows(
        p in prefix(),
        days in proptest::collection::vec((0..3u8, any::<u16>()), 1..30),
        day in 0..3u8,
        lo in any::<u16>(),
        hi in any::<u16>(),
    ) {
        let space = Subspace::new(p);
        // Ranges the right way round (a backward one is refused: tests/regressions.rs).
        let (lo, hi) = (lo.min(hi), lo.max(hi));
        let salted: Vec<Salted> = days.iter().map(|&(day, id)| Salted { day, id }).collect();
        let by_key = |a: &Salted, b: &Salted| (a.day, a.id).cmp(&(b.day, b.id));
        check(&space, &salted, Salted::full_scan(), |_| true, by_key)?;
        check(&space, &salted, Salted::scan().day(day).plan().unwrap(), |k| k.day == day, by_key)?;
        check(&space, &salted, Salted::scan().day(day).id(lo..=hi).plan().unwrap(),
            |k| k.day == day && (lo..=hi).contains(&k.id), by_key)?;
        let random: Vec<Random> = days.iter().map(|&(day, id)| Random { day, id }).collect();
        let by_random = |a: &Random, b: &Random| a.day.cmp(&b.day).then(b.id.cmp(&a.id));
        check(&space, &random, Random::scan().day(day).id(lo..hi).plan().unwrap(),
            |k| k.day == day && (lo..hi).contains(&k.id), by_random)?;
        let rows: Vec<Versioned> = days
            .iter()
            .map(|&(day, id)| Versioned { row: format!("row{}", u32::from(day) * 10 + u32::from(id % 3)), ts: i64::from(id) })
            .collect();
        let by_row = |a: &Versioned, b: &Versioned| a.row.as_bytes().cmp(b.row.as_bytes()).then(b.ts.cmp(&a.ts));
        check(&space, &rows, Versioned::scan().row("row1").plan().unwrap(), |k| k.row == "row1", by_row)?;
        let phoenix: Vec<Phoenix> = days
            .iter()
            .map(|&(day, id)| Phoenix { a: format!("{day}"), b: (id % 2 == 0).then(|| format!("{}", id % 5)) })
            .collect();
        let by_phoenix = |a: &Phoenix, b: &Phoenix| a.encode().unwrap().cmp(&b.encode().unwrap());
        check(&space, &phoenix, Phoenix::scan().a(format!("{day}")).plan().unwrap(),
            |k| k.a == format!("{day}"), by_phoenix)?;
    }
}

#[test]
fn decode_checks_the_prefix_and_counts_offsets_from_the_key_start() {
    let space = Subspace::new(*b"t/");
    let row = space.encode(&Salted { day: 1, id: 2 }).unwrap();
    // Another subspace's row: the first byte that differs.
    let mut other = row.clone();
    other[1] = b'x';
    assert_eq!(
        space.decode::<Salted>(&other).unwrap_err(),
        DecodeError::Invalid {
            field: "subspace",
            offset: 1,
            expected: "the subspace's prefix"
        }
    );
    // A truncated row: the field's offset counts the prefix.
    assert_eq!(
        space.decode::<Salted>(&row[..row.len() - 1]).unwrap_err(),
        DecodeError::Truncated {
            field: "id",
            offset: 4,
            needed: 2,
            available: 1
        }
    );
    // A forged salt: decode notices, decode_unverified does not.
    let mut forged = row.clone();
    forged[2] = (forged[2] + 1) % 4;
    assert!(matches!(
        space.decode::<Salted>(&forged),
        Err(DecodeError::SaltMismatch { .. })
    ));
    assert_eq!(
        space.decode_unverified::<Salted>(&forged).unwrap(),
        Salted { day: 1, id: 2 }
    );
    // explain works on what strip leaves.
    assert!(Salted::explain(space.strip(&row).unwrap()).contains("day"));
}

#[test]
fn a_prefix_of_ff_bytes_ends_at_the_end_of_the_table() {
    let space = Subspace::new([0xFF, 0xFF]);
    assert!(space.range().stop.is_empty());
    let plan = space.plan(&Salted::full_scan());
    assert!(plan.ranges().iter().all(|r| !r.stop.is_empty()));
    let unsalted = space.plan(&Phoenix::scan().plan().unwrap());
    assert_eq!(unsalted.ranges()[0].start, [0xFF, 0xFF]);
    assert!(unsalted.ranges()[0].stop.is_empty());
}

#[test]
fn the_whole_key_is_held_to_the_row_limit() {
    // The salt, the day and the id are 4 bytes: 32,763 + 4 is the limit.
    let key = Salted { day: 1, id: 2 };
    assert_eq!(
        Subspace::new(vec![1; 32_763]).encode(&key).unwrap().len(),
        32_767
    );
    let space = Subspace::new(vec![1; 32_765]);
    assert_eq!(
        space.encode(&key).unwrap_err(),
        EncodeError::KeyTooLong {
            len: 32_769,
            max: 32_767
        }
    );
}
