//! A user's key, locked in a test, then edited five ways (an `Option` appended, a fixed `u32`
//! widened, `#[desc]` added, 16 buckets made 32, two fields reordered): the locked test catches
//! each with its rule and a witness (checked here apart from the judge, with the derived
//! types), and each edit is then taken through the re-key on redb: the copy, the verification,
//! every row under its new key, and, for the reorder, a mid-move read that returns each row
//! once.
#![cfg(all(feature = "redb", feature = "migrate"))]

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::Arc;

use redb::{backends::InMemoryBackend, Database, TableDefinition};
use rowkey::lock::{judge, Break, Guarantee, Lock, Status};
use rowkey::migrate::{MigrateError, Migration, MoveStore, Plan, Progress, Side};
use rowkey::{RowKey, ScanRange};
use rowkey_clients::redb::RedbMove;

macro_rules! event {
    ($m:ident, $buckets:literal, { $($(#[$f:meta])* $name:ident : $ty:ty),* $(,)? }) => {
        mod $m {
            #[derive(rowkey::RowKey, Debug, Clone, Copy, PartialEq)]
            #[salt(md5, buckets = $buckets, of = "user")]
            pub struct Event { $($(#[$f])* pub $name: $ty),* }
        }
    };
}

event!(v0, 16, { user: u32, day: u32, seq: u32 });
event!(append, 16, { user: u32, day: u32, seq: u32, tag: Option<u16> });
event!(widen, 16, { user: u32, day: u32, seq: u64 });
event!(desc, 16, { user: u32, #[desc] day: u32, seq: u32 });
event!(resalt, 32, { user: u32, day: u32, seq: u32 });
event!(reorder, 16, { day: u32, user: u32, seq: u32 });

const USERS: u32 = 200;
const DAYS: u32 = 100;

fn olds() -> impl Iterator<Item = v0::Event> {
    (0..USERS).flat_map(|user| {
        (0..DAYS).map(move |day| v0::Event {
            user,
            day,
            seq: user.wrapping_mul(2_654_435_761) ^ day,
        })
    })
}

/// The lock as the user's test writes it (`ROWKEY_LOCK=update cargo test` once).
fn locked_in(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("five-edits")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("rowkey.lock");
    Lock::at(&path).verify::<v0::Event>("Event", true).unwrap();
    Lock::at(&path).check_as::<v0::Event>("Event");
    path
}

/// The locked test, run with the edited key: it fails, naming `rule`, with a witness. The
/// witness of `point` is checked with the derived types: its old key is an old row, and the
/// edited key writes that row's values (converted by `to_new`) elsewhere.
fn caught<N: RowKey>(lock: &PathBuf, rule: &str, to_new: fn(v0::Event) -> N) {
    let panic = catch_unwind(AssertUnwindSafe(|| {
        Lock::at(lock).check_as::<N>("Event");
    }))
    .expect_err("the locked test fails on the edit");
    let text = panic.downcast_ref::<String>().unwrap();
    for says in [format!("[{rule}]"), "point   breaks".into(), "old (".into()] {
        assert!(text.contains(&says), "wanted {says:?} in\n{text}");
    }
    let v = judge(&v0::Event::layout(), &N::layout());
    let Status::Breaks(w) = v.get(Guarantee::Point) else {
        panic!("point does not break")
    };
    assert_eq!(w.kind, Break::Moved, "{text}");
    let old_key = w.keys[0].old_key.clone().unwrap();
    let old = v0::Event::decode(&old_key).unwrap();
    let new_key = to_new(old).encode().unwrap();
    assert_ne!(new_key, old_key);
    assert_eq!(Some(new_key), w.keys[0].new_key, "{text}");
}

fn database() -> Arc<Database> {
    Arc::new(
        Database::builder()
            .create_with_backend(InMemoryBackend::new())
            .unwrap(),
    )
}

fn load(db: &Database) {
    let tx = db.begin_write().unwrap();
    {
        let mut t = tx
            .open_table(TableDefinition::<&[u8], &[u8]>::new("events"))
            .unwrap();
        for e in olds() {
            t.insert(e.encode().unwrap().as_slice(), &b"v"[..]).unwrap();
        }
    }
    tx.commit().unwrap();
}

/// The re-key to `N` on redb: merging mid-move reads where the judge allows, reading the old
/// table alone where it does not. Every old row ends under its new key, once.
fn rekey<N: RowKey + Copy + PartialEq + core::fmt::Debug>(
    to_new: fn(v0::Event) -> N,
    to_old: fn(N) -> v0::Event,
    merges: bool,
) {
    let db = database();
    load(&db);
    let tables = RedbMove::new(db, "events", "events_new").unwrap();
    // Two units: buckets 0..8 and 8..16 of the old table.
    let plan = || Plan::from_points::<v0::Event, N>(&[vec![8]]);
    let m = match Migration::new(plan(), to_new, to_old) {
        Ok(m) => m,
        Err(MigrateError::OrderChanged { .. }) => {
            Migration::reordering(plan(), to_new, to_old).unwrap()
        }
        Err(e) => panic!("{e}"),
    };
    assert_eq!(m.merges(), merges);
    let mut progress = Progress::new(&m.plan);
    let half = m.copy(&tables).units(&[0]).run(&mut progress).unwrap();
    if !m.merges() {
        // Mid-move, the old table alone: one user's rows, each once, though half of the
        // table is in both.
        let copied = olds().find(|e| e.encode().unwrap()[0] < 8).unwrap().user;
        let plan = v0::Event::scan().user(copied).plan().unwrap();
        let rows = tables
            .scan(Side::Old, &plan.ranges()[0], usize::MAX)
            .unwrap();
        let days: Vec<u32> = rows
            .iter()
            .map(|(k, _)| v0::Event::decode(k).unwrap().day)
            .collect();
        assert_eq!(days, Vec::from_iter(0..DAYS));
    }
    let rest = m.copy(&tables).workers(2).run(&mut progress).unwrap();
    assert_eq!(half.read + rest.read, u64::from(USERS * DAYS));
    assert!(m.verify_store(&tables).unwrap().agrees());
    let new = tables
        .scan(Side::New, &ScanRange::all(), usize::MAX)
        .unwrap();
    assert_eq!(new.len(), (USERS * DAYS) as usize);
    let mut want: Vec<Vec<u8>> = olds().map(|o| to_new(o).encode().unwrap()).collect();
    want.sort();
    let got: Vec<Vec<u8>> = new.into_iter().map(|(k, _)| k).collect();
    assert_eq!(got, want);
}

#[test]
fn an_appended_option_is_caught_and_rekeyed() {
    let lock = locked_in("append");
    let to_new = |o: v0::Event| append::Event {
        user: o.user,
        day: o.day,
        seq: o.seq,
        tag: None,
    };
    caught(&lock, "append-option", to_new);
    let to_old = |n: append::Event| v0::Event {
        user: n.user,
        day: n.day,
        seq: n.seq,
    };
    rekey(to_new, to_old, true);
}

#[test]
fn a_widened_u32_is_caught_and_rekeyed() {
    let lock = locked_in("widen");
    let to_new = |o: v0::Event| widen::Event {
        user: o.user,
        day: o.day,
        seq: o.seq.into(),
    };
    caught(&lock, "int-width", to_new);
    let to_old = |n: widen::Event| v0::Event {
        user: n.user,
        day: n.day,
        seq: n.seq as u32,
    };
    rekey(to_new, to_old, true);
}

#[test]
fn an_added_desc_is_caught_and_rekeyed() {
    let lock = locked_in("desc");
    let to_new = |o: v0::Event| desc::Event {
        user: o.user,
        day: o.day,
        seq: o.seq,
    };
    caught(&lock, "desc", to_new);
    let to_old = |n: desc::Event| v0::Event {
        user: n.user,
        day: n.day,
        seq: n.seq,
    };
    rekey(to_new, to_old, false);
}

#[test]
fn more_buckets_are_caught_and_rekeyed() {
    let lock = locked_in("resalt");
    let to_new = |o: v0::Event| resalt::Event {
        user: o.user,
        day: o.day,
        seq: o.seq,
    };
    caught(&lock, "salt", to_new);
    let to_old = |n: resalt::Event| v0::Event {
        user: n.user,
        day: n.day,
        seq: n.seq,
    };
    // A re-salt keeps the order after the salt: mid-move reads merge.
    rekey(to_new, to_old, true);
}

#[test]
fn a_reorder_is_caught_and_rekeyed_without_duplicates() {
    let lock = locked_in("reorder");
    let to_new = |o: v0::Event| reorder::Event {
        day: o.day,
        user: o.user,
        seq: o.seq,
    };
    caught(&lock, "reorder", to_new);
    let to_old = |n: reorder::Event| v0::Event {
        user: n.user,
        day: n.day,
        seq: n.seq,
    };
    rekey(to_new, to_old, false);
}
