//! A migration judges its key pair before it moves a row: a reorder (the 41-rows-for-33
//! case) is refused by `Migration::new` with the two rows that show it, and moves with
//! `Migration::reordering`, which says its mid-move reads may not merge; a pair that collides
//! rows is refused outright; a re-salt with an appended field is accepted. The reason is shown
//! here: a `Dual` merge of a reordered pair panics, naming the stream and both keys, where it
//! would otherwise repeat rows.

use std::collections::BTreeMap;

use rowkey::RowKey;
use rowkey_migrate::{Dual, MigrateError, Migration, Plan};

#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
struct Old {
    user: u32,
    day: u32,
}

#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
struct Reordered {
    day: u32,
    user: u32,
}

#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
struct Fewer {
    user: u32,
}

#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[salt(md5, buckets = 32, of = "user")]
struct Resalted {
    user: u32,
    day: u32,
    seq: Option<u16>,
}

fn reorder(o: Old) -> Reordered {
    Reordered {
        day: o.day,
        user: o.user,
    }
}

fn back(n: Reordered) -> Old {
    Old {
        user: n.user,
        day: n.day,
    }
}

#[test]
fn a_reorder_is_refused_with_its_witness_and_moves_without_merging() {
    let e = Migration::new(Plan::from_points::<Old, Reordered>(&[]), reorder, back).unwrap_err();
    let MigrateError::OrderChanged { report } = &e else {
        panic!("{e}")
    };
    assert!(
        report.contains("[reorder]") && report.contains("order   breaks"),
        "{report}"
    );
    assert!(e.to_string().contains("Migration::reordering"));
    let m = Migration::reordering(Plan::from_points::<Old, Reordered>(&[]), reorder, back).unwrap();
    assert!(!m.merges());

    // Why: 33 old rows, 8 of them already copied; the old rows arrive in the old key's order,
    // which a merge would turn into repeated rows (41 for 33 in the case): `Dual`
    // panics instead, naming the stream and the two keys.
    let rows: Vec<Old> = (0..33u32)
        .map(|i| Old {
            user: i % 11,
            day: 100 - i / 11,
        })
        .collect();
    let old: BTreeMap<Vec<u8>, u32> = rows.iter().map(|r| (r.encode().unwrap(), r.user)).collect();
    let new: BTreeMap<Vec<u8>, u32> = rows
        .iter()
        .step_by(4)
        .map(|r| (reorder(*r).encode().unwrap(), r.user))
        .collect();
    let old_converted: Vec<(Vec<u8>, u32)> = old
        .iter()
        .map(|(k, v)| (m.new_key(k, 0).unwrap(), *v))
        .collect();
    let panic = std::panic::catch_unwind(|| {
        Dual::new(old_converted.into_iter(), new.into_iter(), 0).count()
    })
    .unwrap_err();
    let text = panic.downcast_ref::<String>().unwrap();
    assert!(
        text.contains("the old stream is not in key order") && text.contains("Migration::merges"),
        "{text}"
    );
}

#[test]
fn a_pair_that_collides_rows_is_refused() {
    let e = Migration::reordering(
        Plan::from_points::<Old, Fewer>(&[]),
        |o: Old| Fewer { user: o.user },
        |n: Fewer| Old {
            user: n.user,
            day: 0,
        },
    )
    .unwrap_err();
    let MigrateError::RowsCollide { report } = &e else {
        panic!("{e}")
    };
    assert!(
        report.contains("[remove-field]") && report.contains("two old rows get one new key"),
        "{report}"
    );
}

#[test]
fn a_resalt_with_an_appended_option_merges() {
    let m = Migration::new(
        Plan::from_points::<Old, Resalted>(&[]),
        |o: Old| Resalted {
            user: o.user,
            day: o.day,
            seq: None,
        },
        |n: Resalted| Old {
            user: n.user,
            day: n.day,
        },
    )
    .unwrap();
    assert!(m.merges());
}

#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[rowkey(encoding = "phoenix")]
struct PhoenixKey {
    user: u32,
    day: u32,
}

/// A new key that refuses some old values (Phoenix's UNSIGNED_INT stops at i32::MAX) is
/// accepted: the copy reports each such row by its key; only silent losses refuse a pair.
#[test]
fn a_pair_that_refuses_some_values_is_accepted() {
    let m = Migration::new(
        Plan::from_points::<Old, PhoenixKey>(&[]),
        |o: Old| PhoenixKey {
            user: o.user,
            day: o.day,
        },
        |n: PhoenixKey| Old {
            user: n.user,
            day: n.day,
        },
    )
    .unwrap();
    let too_big = Old {
        user: 1 << 31,
        day: 1,
    }
    .encode()
    .unwrap();
    assert!(m.new_key(&too_big, 0).is_err());
}

/// `DualStream` checks its streams as `Dual` does: a new stream that repeats a key panics.
#[cfg(feature = "async")]
#[test]
fn dual_stream_refuses_a_stream_out_of_order() {
    use futures::{executor::block_on, stream, StreamExt};
    let old = stream::iter(vec![(vec![1u8], 'a'), (vec![3], 'b')]);
    let new = stream::iter(vec![(vec![2u8], 'c'), (vec![2], 'd')]);
    let panic =
        std::panic::catch_unwind(|| block_on(rowkey_migrate::DualStream::new(old, new, 0).count()))
            .unwrap_err();
    let text = panic.downcast_ref::<String>().unwrap();
    assert!(
        text.contains("the new stream is not in key order: 02 came after 02"),
        "{text}"
    );
}
