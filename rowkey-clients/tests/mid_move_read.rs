//! `Migration::read`, the built-in mid-move read, at every phase of a move, against brute
//! force: writers put and delete rows through the protocol while the copy runs in two halves,
//! and at each phase queries of the new key (a day, a user, everything) read through the
//! migration must equal the writers' truth, in the new key's order, each row once. Two moves:
//! a re-salt (the order kept) and a reorder (the order changed, where a streaming merge would
//! repeat rows). Run on redb, the in-memory store and, when there is one, Google's Bigtable
//! emulator, where `MoveTables::read` (the same read as a `Stream`) must give the same rows.
#![cfg(all(feature = "redb", feature = "migrate"))]

use std::collections::BTreeMap;
use std::sync::Arc;

use redb::{backends::InMemoryBackend, Database};
use rowkey::migrate::{MemoryStore, MigrateError, Migration, MoveStore, Phase, Plan, Progress};
use rowkey::{RowKey, ScanPlan};
use rowkey_clients::redb::RedbMove;
use rowkey_testkit::Rng;

#[derive(RowKey, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[salt(md5, buckets = 4, of = "user")]
struct Old {
    user: u32,
    day: u32,
}

/// The re-salt: the same fields, 8 buckets.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[salt(md5, buckets = 8, of = "user")]
struct Resalted {
    user: u32,
    day: u32,
}

/// The reorder: by day first, unsalted.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
struct ByDay {
    day: u32,
    user: u32,
}

const USERS: u32 = 60;
const DAYS: u32 = 20;

/// A query: the old key's plan, the new key's plan, and which rows it holds.
type Query = (ScanPlan, ScanPlan, Box<dyn Fn(&Old) -> bool>);

/// One move: how to make a migration of it, its queries, and the store's values.
trait Move {
    type New: RowKey + Copy + core::fmt::Debug + PartialEq + 'static;
    fn new(o: Old) -> Self::New;
    fn migration() -> Migration<Old, Self::New>;
    /// `(old plan, new plan, the filter)` of each query.
    fn queries() -> Vec<Query>;
}

struct Resalt;
impl Move for Resalt {
    type New = Resalted;
    fn new(o: Old) -> Resalted {
        Resalted {
            user: o.user,
            day: o.day,
        }
    }
    fn migration() -> Migration<Old, Resalted> {
        let plan = Plan::for_layout::<Old, Resalted>(4).unwrap();
        Migration::new(plan, Self::new, |n| Old {
            user: n.user,
            day: n.day,
        })
        .unwrap()
    }
    fn queries() -> Vec<Query> {
        vec![
            (
                Old::scan().user(7).plan().unwrap(),
                Resalted::scan().user(7).plan().unwrap(),
                Box::new(|o| o.user == 7),
            ),
            (Old::full_scan(), Resalted::full_scan(), Box::new(|_| true)),
            (
                Old::full_scan(),
                Resalted::scan().user(9).day(3).plan().unwrap(),
                Box::new(|o| o.user == 9 && o.day == 3),
            ),
        ]
    }
}

struct Reorder;
impl Move for Reorder {
    type New = ByDay;
    fn new(o: Old) -> ByDay {
        ByDay {
            day: o.day,
            user: o.user,
        }
    }
    fn migration() -> Migration<Old, ByDay> {
        let plan = Plan::for_layout::<Old, ByDay>(4).unwrap();
        let to_old = |n: ByDay| Old {
            user: n.user,
            day: n.day,
        };
        match Migration::new(plan.clone(), Self::new, to_old) {
            Err(MigrateError::OrderChanged { .. }) => {}
            other => panic!("a reorder merges: {other:?}"),
        }
        Migration::reordering(plan, Self::new, to_old).unwrap()
    }
    fn queries() -> Vec<Query> {
        vec![
            (
                Old::full_scan(),
                ByDay::scan().day(5).plan().unwrap(),
                Box::new(|o| o.day == 5),
            ),
            (Old::full_scan(), ByDay::full_scan(), Box::new(|_| true)),
            (
                Old::scan().user(11).plan().unwrap(),
                ByDay::scan().day(2).user(11).plan().unwrap(),
                Box::new(|o| o.user == 11 && o.day == 2),
            ),
        ]
    }
}

/// A store of the test: how its values are made and read.
trait Store: MoveStore<Error: core::fmt::Debug> {
    fn value(bytes: &[u8]) -> Self::Value;
    fn bytes(value: &Self::Value) -> Vec<u8>;
    /// The store's own streaming mid-move read of the query, where it has one.
    fn stream_read<N: RowKey + 'static>(
        &self,
        _m: &Migration<Old, N>,
        _phase: Phase,
        _old_plan: &ScanPlan,
        _new_plan: &ScanPlan,
    ) -> Option<Vec<(Vec<u8>, Vec<u8>)>> {
        None
    }
}

impl Store for RedbMove {
    fn value(bytes: &[u8]) -> Vec<u8> {
        bytes.to_vec()
    }
    fn bytes(value: &Vec<u8>) -> Vec<u8> {
        value.clone()
    }
}

impl Store for MemoryStore<Vec<u8>> {
    fn value(bytes: &[u8]) -> Vec<u8> {
        bytes.to_vec()
    }
    fn bytes(value: &Vec<u8>) -> Vec<u8> {
        value.clone()
    }
}

impl Store for rowkey_clients::bigtable::MoveTables {
    fn value(bytes: &[u8]) -> Vec<rowkey_clients::bigtable::Cell> {
        vec![rowkey_clients::bigtable::Cell::new("f", "v", bytes)]
    }
    fn bytes(value: &Vec<rowkey_clients::bigtable::Cell>) -> Vec<u8> {
        value[0].value.clone()
    }
    /// `MoveTables::read`, the mid-move read as a `Stream`, collected on a runtime.
    fn stream_read<N: RowKey + 'static>(
        &self,
        m: &Migration<Old, N>,
        phase: Phase,
        old_plan: &ScanPlan,
        new_plan: &ScanPlan,
    ) -> Option<Vec<(Vec<u8>, Vec<u8>)>> {
        use futures::TryStreamExt;
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let rows: Vec<_> = rt
            .block_on(self.read(m, phase, old_plan, new_plan).try_collect())
            .unwrap();
        Some(
            rows.into_iter()
                .map(|(k, cells)| (k, Self::bytes(&cells)))
                .collect(),
        )
    }
}

/// Every query read through the migration equals the truth, in the new key's order.
fn check<M: Move, S: Store>(
    m: &Migration<Old, M::New>,
    store: &S,
    phase: Phase,
    truth: &BTreeMap<Old, Vec<u8>>,
) -> usize {
    let skip = M::New::layout().salt_width;
    let mut reads = 0;
    for (old_plan, new_plan, filter) in M::queries() {
        let rows: Vec<(Vec<u8>, Vec<u8>)> = m
            .read(store, phase, &old_plan, &new_plan)
            .unwrap()
            .into_iter()
            .map(|(k, v)| (k, S::bytes(&v)))
            .collect();
        if let Some(streamed) = store.stream_read(m, phase, &old_plan, &new_plan) {
            assert_eq!(streamed, rows, "{phase:?}: the streaming read");
        }
        let got: Vec<(M::New, Vec<u8>)> = rows
            .into_iter()
            .map(|(k, v)| (M::New::decode(&k).unwrap(), v))
            .collect();
        let mut want: Vec<(Vec<u8>, M::New, Vec<u8>)> = truth
            .iter()
            .filter(|(o, _)| filter(o))
            .map(|(o, v)| {
                let n = M::new(*o);
                (n.encode().unwrap()[skip..].to_vec(), n, v.clone())
            })
            .collect();
        want.sort_by(|a, b| a.0.cmp(&b.0));
        let want: Vec<(M::New, Vec<u8>)> = want.into_iter().map(|(_, n, v)| (n, v)).collect();
        assert_eq!(got, want, "{phase:?}: {new_plan:?}");
        reads += 1;
    }
    reads
}

/// Writers' ops in `phase`: puts of new values and deletes, applied to the truth.
fn write<M: Move, S: Store>(
    m: &Migration<Old, M::New>,
    store: &S,
    phase: Phase,
    truth: &mut BTreeMap<Old, Vec<u8>>,
    rng: &mut Rng,
) {
    for i in 0..40 {
        let o = Old {
            user: rng.below(u64::from(USERS)) as u32,
            day: rng.below(u64::from(DAYS)) as u32,
        };
        if i % 3 == 0 {
            m.remove(store, phase, M::new(o)).unwrap();
            truth.remove(&o);
        } else {
            let v = format!("{phase:?}-{i}").into_bytes();
            m.put(store, phase, M::new(o), &S::value(&v)).unwrap();
            truth.insert(o, v);
        }
    }
}

/// The move through every phase, reads checked at each.
fn run<M: Move, S: Store>(store: &S) -> usize {
    let m = M::migration();
    let mut rng = Rng::new(7);
    let mut truth = BTreeMap::new();
    for user in 0..USERS {
        for day in 0..DAYS {
            let o = Old { user, day };
            let v = b"v0".to_vec();
            m.put(store, Phase::Start, M::new(o), &S::value(&v))
                .unwrap();
            truth.insert(o, v);
        }
    }
    let mut reads = check::<M, S>(&m, store, Phase::Start, &truth);
    let mut progress = Progress::new(&m.plan);
    for phase in [
        Phase::DualWrite,
        Phase::Copy,
        Phase::Verify,
        Phase::CutOver,
        Phase::Retired,
    ] {
        write::<M, S>(&m, store, phase, &mut truth, &mut rng);
        match phase {
            // Half the units copied, then the rest.
            Phase::Copy => {
                m.copy(store).units(&[0, 1]).run(&mut progress).unwrap();
            }
            Phase::Verify => {
                m.copy(store).run(&mut progress).unwrap();
                assert!(m.verify_store(store).unwrap().agrees());
            }
            Phase::Retired => {
                m.purge_tombstones(store).unwrap();
            }
            _ => {}
        }
        reads += check::<M, S>(&m, store, phase, &truth);
        write::<M, S>(&m, store, phase, &mut truth, &mut rng);
        reads += check::<M, S>(&m, store, phase, &truth);
    }
    reads
}

fn redb() -> RedbMove {
    let db = Database::builder()
        .create_with_backend(InMemoryBackend::new())
        .unwrap();
    RedbMove::new(Arc::new(db), "old", "new").unwrap()
}

#[test]
fn a_resalt_reads_right_at_every_phase_on_redb() {
    assert_eq!(run::<Resalt, _>(&redb()), 33);
}

#[test]
fn a_reorder_reads_right_at_every_phase_on_redb() {
    assert_eq!(run::<Reorder, _>(&redb()), 33);
}

#[test]
fn both_read_right_in_memory() {
    run::<Resalt, _>(&MemoryStore::<Vec<u8>>::new());
    run::<Reorder, _>(&MemoryStore::<Vec<u8>>::new());
}

#[cfg(feature = "bigtable")]
#[test]
fn both_read_right_on_the_bigtable_emulator() {
    use rowkey_clients::bigtable::{Client, MoveTables};
    let Some(emulator) = rowkey_testkit::bigtable::Emulator::shared() else {
        return;
    };
    let rt = tokio::runtime::Runtime::new().unwrap();
    let client = Client::emulator(&emulator.addr.to_string()).unwrap();
    for (i, reorder) in [false, true].into_iter().enumerate() {
        let (old, new) = rt.block_on(async {
            (
                emulator.create_table(&format!("mid_old_{i}")).await,
                emulator.create_table(&format!("mid_new_{i}")).await,
            )
        });
        let tables = MoveTables::new(client.table(old), client.table(new)).unwrap();
        let reads = if reorder {
            run::<Reorder, _>(&tables)
        } else {
            run::<Resalt, _>(&tables)
        };
        assert_eq!(reads, 33);
    }
}
