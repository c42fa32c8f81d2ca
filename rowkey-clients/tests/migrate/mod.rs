//! The move of a live table, end to end, on any store behind [`Tables`]: 200,000 rows of `Old`;
//! writers inserting, updating and deleting from the dual-write phase to the cut-over; the copy
//! with 4 workers, killed midway and resumed from the checkpoints it saved (the plan and the
//! progress read back from their text); readers running dual plans at random moments, each
//! result compared with the logical truth at that moment; verification (and a planted
//! difference found by unit and key); cut-over; tombstones purged; and at the end the new table
//! equal to the truth, row for row.

#![allow(dead_code)] // Each store's test uses the driver; the cases are shared.

pub mod bigtable_tables;
pub mod cases;
pub mod redb_tables;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant};

use rowkey::migrate::{CopyReport, CopyStore, Dual, Migration, Op, Phase, Plan, Progress, Reads};
use rowkey::{RowKey, ScanPlan, ScanRange};

/// A logical row's identity: (metric, ts, id), the fields of every case's keys.
pub type Logical = (u32, u32, u32);

/// Rows of the old table before the move (`ROWKEY_MIGRATE_ROWS` to try fewer while debugging).
pub fn rows() -> u32 {
    std::env::var("ROWKEY_MIGRATE_ROWS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200_000)
}
/// Copy workers.
pub const WORKERS: usize = 4;
/// Rows per copy batch.
pub const BATCH: usize = 500;

/// Which table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Old,
    New,
}

/// What the test needs of a store holding the two tables. Values are bytes; in the new table a
/// row is a value or a tombstone (`None` from `scan`).
pub trait Tables: Sync {
    /// Loads the old table.
    fn load_old(&self, rows: &[(Vec<u8>, Vec<u8>)]);
    /// Applies a writer's op (a put carries `value`).
    fn apply(&self, side: Side, op: &Op, value: &[u8]);
    /// Rows of `range`, ascending (descending when `reverse`), at most `limit` (0: all).
    fn scan(
        &self,
        side: Side,
        range: &ScanRange,
        reverse: bool,
        limit: usize,
    ) -> Vec<(Vec<u8>, Option<Vec<u8>>)>;
    /// Writes each row into the new table only where the new table has no row (check and
    /// write atomic per row); how many were written.
    fn write_absent(&self, rows: Vec<(Vec<u8>, Vec<u8>)>) -> usize;
    /// Deletes the new table's tombstones (each only if it still is one); how many.
    fn purge_tombstones(&self) -> usize;
}

/// One migration: the key types, the conversions, and the plans of the readers' query.
pub trait Case {
    type Old: RowKey + Send;
    type New: RowKey + Send;
    const NAME: &'static str;
    fn old(l: Logical) -> Self::Old;
    fn new(l: Logical) -> Self::New;
    fn logical(new_key: &[u8]) -> Logical;
    fn old_logical(old_key: &[u8]) -> Logical;
    fn to_new(o: Self::Old) -> Self::New;
    fn to_old(n: Self::New) -> Self::Old;
    /// The plan of the old and the new key for `metric` and `ts` in `ts`.
    fn plans(metric: u32, ts: core::ops::Range<u32>) -> (ScanPlan, ScanPlan);
    /// The copy's plan: from the old layout's buckets, or a sample of its keys.
    fn plan(sample: &[Vec<u8>]) -> Plan;
}

/// [`CopyStore`] over [`Tables`].
struct Store<'a, T>(&'a T);

impl<T: Tables> CopyStore for Store<'_, T> {
    type Value = Vec<u8>;
    type Error = String;
    fn read_old(&self, range: &ScanRange, limit: usize) -> Result<Vec<(Vec<u8>, Vec<u8>)>, String> {
        Ok(self
            .0
            .scan(Side::Old, range, false, limit)
            .into_iter()
            .map(|(k, v)| (k, v.expect("the old table has no tombstones")))
            .collect())
    }
    fn write_absent(&self, rows: Vec<(Vec<u8>, Vec<u8>)>) -> Result<usize, String> {
        Ok(self.0.write_absent(rows))
    }
}

pub use rowkey_testkit::Rng;

/// The rows before the move: 4 metrics × 1,000 timestamps × 50 ids.
pub fn initial(i: u32) -> Logical {
    (i % 4, (i / 4) % 1000, i / 4000)
}

/// What happened, for the note.
#[derive(Debug, Default)]
pub struct Story {
    pub first: Option<CopyReport>,
    pub resumed: Option<CopyReport>,
    pub writes: u64,
    pub deletes: u64,
    pub reads: u64,
    pub reads_mid_copy: u64,
    pub tombstones: usize,
    pub copy_time: Duration,
}

impl Story {
    /// Rows read per second per worker over both copy runs.
    pub fn rows_per_second_per_worker(&self) -> f64 {
        let rows: u64 = [&self.first, &self.resumed]
            .iter()
            .filter_map(|r| r.as_ref().map(|r| r.read))
            .sum();
        rows as f64 / self.copy_time.as_secs_f64() / WORKERS as f64
    }
}

/// The shared state of a run: the truth, the phase, and the lock that lets a reader see a
/// moment between writes (writers hold it shared per write; a reader holds it alone).
struct World<'a, C: Case, T> {
    tables: &'a T,
    migration: Migration<C::Old, C::New>,
    truth: Mutex<BTreeMap<Logical, Vec<u8>>>,
    phase: AtomicU8,
    moment: RwLock<()>,
    writes: AtomicU64,
    deletes: AtomicU64,
    reads: AtomicU64,
    /// Each unit's last row copied: writers aim at the rows the copy is about to reach.
    frontier: Mutex<Vec<Option<Logical>>>,
}

fn phase_of(n: u8) -> Phase {
    Phase::ALL[usize::from(n)]
}

impl<C: Case, T: Tables> World<'_, C, T> {
    fn phase(&self) -> Phase {
        phase_of(self.phase.load(Ordering::SeqCst))
    }

    fn set_phase(&self, p: Phase) {
        let _moment = self.moment.write().unwrap();
        self.phase.store(
            Phase::ALL.iter().position(|&q| q == p).unwrap() as u8,
            Ordering::SeqCst,
        );
    }

    /// Records a checkpoint as the unit's frontier.
    fn checkpointed(&self, c: &rowkey::migrate::Checkpoint) {
        if let Some(last) = &c.last {
            self.frontier.lock().unwrap()[c.unit] = Some(C::old_logical(last));
        }
    }

    /// Writer `w` of `writers`: inserts, updates and deletes rows whose id belongs to it, half
    /// of them just ahead of where the copy is, until `stop` and at least `least` ops.
    fn writer(&self, w: u32, writers: u32, stop: &AtomicBool, least: u64, seed: u64) {
        let mut rng = Rng::new(seed);
        let mut n = 0u64;
        while n < least || !stop.load(Ordering::SeqCst) {
            n += 1;
            // Ids 0..60: 0..50 exist before the move, 50..60 only by inserts.
            let id = rng.below(60 / u64::from(writers)) as u32 * writers + w;
            let mut row = (rng.below(4) as u32, rng.below(1000) as u32, id);
            let frontier = self.frontier.lock().unwrap().clone();
            let near: Vec<Logical> = frontier
                .into_iter()
                .flatten()
                .filter(|(_, _, id)| id % writers == w)
                .collect();
            if !near.is_empty() && rng.below(2) == 0 {
                // The next rows of a unit the copy is in: same metric and id (so the same old
                // bucket), a timestamp just after.
                let (m, ts, id) = near[rng.below(near.len() as u64) as usize];
                row = (m, ts + rng.below(3) as u32, id);
            }
            let delete = rng.below(3) == 0;
            let value = format!("w{w}-{n}").into_bytes();
            let _moment = self.moment.read().unwrap();
            let phase = self.phase();
            let writes = if delete {
                self.migration.delete(phase, C::new(row))
            } else {
                self.migration.write(phase, C::new(row))
            }
            .expect("encodes");
            // The new table first, then the old.
            if let Some(op) = &writes.new {
                self.tables.apply(Side::New, op, &value);
            }
            if let Some(op) = &writes.old {
                self.tables.apply(Side::Old, op, &value);
            }
            let mut truth = self.truth.lock().unwrap();
            if delete {
                truth.remove(&row);
                self.deletes.fetch_add(1, Ordering::Relaxed);
            } else {
                truth.insert(row, value);
                self.writes.fetch_add(1, Ordering::Relaxed);
            }
            drop(truth);
            drop(_moment);
            std::thread::yield_now();
        }
    }

    /// One read of the phase's plans at a moment between writes, compared with the truth.
    fn read(&self, rng: &mut Rng) {
        let metric = rng.below(4) as u32;
        let lo = rng.below(1000) as u32;
        let hi = lo + 1 + rng.below(40) as u32;
        let reverse = rng.below(2) == 0;
        let limit = (rng.below(3) == 0).then(|| rng.below(300) as usize);
        let (old_plan, new_plan) = C::plans(metric, lo..hi);
        let _moment = self.moment.write().unwrap();
        let reads = self.phase().reads();
        let scan = |side: Side, plan: &ScanPlan| {
            let streams: Vec<_> = plan
                .ranges()
                .iter()
                .map(|r| self.tables.scan(side, r, reverse, 0).into_iter())
                .collect();
            let merged = plan.merge(streams);
            if reverse {
                merged.reverse().collect::<Vec<_>>()
            } else {
                merged.collect()
            }
        };
        let rows: Vec<(Vec<u8>, Option<Vec<u8>>)> = match reads {
            Reads::Old => scan(Side::Old, &old_plan)
                .into_iter()
                .map(|(k, v)| (self.migration.new_key(&k, 0).expect("converts"), v))
                .collect(),
            Reads::Both | Reads::New => {
                let old = if reads == Reads::Both {
                    scan(Side::Old, &old_plan)
                        .into_iter()
                        .map(|(k, v)| (self.migration.new_key(&k, 0).expect("converts"), v))
                        .collect()
                } else {
                    Vec::new()
                };
                let new = scan(Side::New, &new_plan);
                let mut dual = Dual::new(old.into_iter(), new.into_iter(), new_plan.salt_len())
                    .deleted(|(_, v)| v.is_none());
                if reverse {
                    dual = dual.reverse();
                }
                if let Some(n) = limit {
                    dual = dual.limit(n);
                }
                dual.collect()
            }
        };
        let mut got: Vec<(Logical, Vec<u8>)> = rows
            .into_iter()
            .map(|(k, v)| (C::logical(&k), v.expect("tombstones are hidden")))
            .collect();
        let truth = self.truth.lock().unwrap();
        let mut want: Vec<(Logical, Vec<u8>)> = truth
            .range((metric, lo, 0)..(metric, hi, 0))
            .map(|(k, v)| (*k, v.clone()))
            .collect();
        drop(truth);
        if reverse {
            want.reverse();
        }
        if let Some(n) = limit {
            want.truncate(n);
            got.truncate(n);
        }
        assert_eq!(
            got.len(),
            want.len(),
            "{}: {:?} read of metric {metric}, ts {lo}..{hi}, reverse {reverse}: rows",
            C::NAME,
            reads
        );
        assert!(
            got == want,
            "{}: {:?} read of metric {metric}, ts {lo}..{hi}, reverse {reverse}: first difference {:?}",
            C::NAME,
            reads,
            got.iter().zip(&want).find(|(a, b)| a != b)
        );
        self.reads.fetch_add(1, Ordering::Relaxed);
    }

    /// Readers until `stop`.
    fn reader(&self, stop: &AtomicBool, seed: u64) {
        let mut rng = Rng::new(seed);
        while !stop.load(Ordering::SeqCst) {
            self.read(&mut rng);
            std::thread::sleep(Duration::from_millis(150));
        }
    }

    /// Every live row of a table: (key, value).
    fn all(&self, side: Side) -> Vec<(Vec<u8>, Option<Vec<u8>>)> {
        self.tables.scan(side, &ScanRange::all(), false, 0)
    }
}

/// Sets its flags when dropped (also while unwinding).
struct StopOnDrop<'a>([&'a AtomicBool; 3]);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        for flag in self.0 {
            flag.store(true, Ordering::SeqCst);
        }
    }
}

/// Runs the whole move of case `C` on `tables` (both empty) and checks every promise.
pub fn run<C: Case, T: Tables>(tables: &T) -> Story {
    let mut story = Story::default();
    let rows_total = rows();
    let t0 = Instant::now();
    let stage = |what: &str| {
        eprintln!(
            "[{:>6.1} s] {}: {what}",
            t0.elapsed().as_secs_f64(),
            C::NAME
        )
    };
    // Before: 200,000 rows of Old.
    let rows: Vec<(Vec<u8>, Vec<u8>)> = (0..rows_total)
        .map(|i| {
            (
                C::old(initial(i)).encode().unwrap(),
                format!("v0-{i}").into_bytes(),
            )
        })
        .collect();
    tables.load_old(&rows);
    stage("loaded");
    let truth: BTreeMap<Logical, Vec<u8>> = (0..rows_total)
        .map(|i| (initial(i), format!("v0-{i}").into_bytes()))
        .collect();
    // Start: the plan, written down as text.
    let sample: Vec<Vec<u8>> = rows.iter().step_by(97).map(|(k, _)| k.clone()).collect();
    drop(rows);
    let plan_text = C::plan(&sample).to_text();
    let plan = Plan::parse(&plan_text).unwrap();
    assert_eq!(plan.units.len(), 16, "{}", C::NAME);
    let world = World::<C, T> {
        tables,
        migration: Migration::new(plan, C::to_new, C::to_old).unwrap(),
        truth: Mutex::new(truth),
        phase: AtomicU8::new(0),
        moment: RwLock::new(()),
        writes: AtomicU64::new(0),
        deletes: AtomicU64::new(0),
        reads: AtomicU64::new(0),
        frontier: Mutex::new(vec![None; 16]),
    };
    let world = &world;
    let stop_writers = AtomicBool::new(false);
    let stop_readers = AtomicBool::new(false);
    let stop_late = AtomicBool::new(false);
    let log = Mutex::new(String::new());
    let saved = AtomicUsize::new(0);
    std::thread::scope(|s| {
        // If a check below fails, the readers and writers stop too, so the failure is reported
        // instead of the scope waiting for them forever.
        let _stop_all = StopOnDrop([&stop_readers, &stop_writers, &stop_late]);
        let mut rng = Rng::new(C::NAME.len() as u64 * 7919);
        for r in 0..2 {
            let (stop, seed) = (&stop_readers, rng.below(u64::MAX));
            s.spawn(move || world.reader(stop, seed ^ r));
        }
        // Dual write: writers write both tables from here on.
        world.set_phase(Phase::DualWrite);
        let writers: Vec<_> = (0..2)
            .map(|w| {
                let (stop, seed) = (&stop_writers, rng.below(u64::MAX));
                s.spawn(move || world.writer(w, 2, stop, 150, seed))
            })
            .collect();
        std::thread::sleep(Duration::from_millis(100));
        // Copy, killed after about 40% of its batches.
        world.set_phase(Phase::Copy);
        let started = Instant::now();
        let kill = AtomicBool::new(false);
        let batches = (rows_total as usize).div_ceil(BATCH);
        let save = |c: &rowkey::migrate::Checkpoint| {
            world.checkpointed(c);
            log.lock().unwrap().push_str(&(c.to_line() + "\n"));
            if saved.fetch_add(1, Ordering::SeqCst) + 1 >= batches * 2 / 5 {
                kill.store(true, Ordering::SeqCst);
            }
        };
        let reads_before = world.reads.load(Ordering::Relaxed);
        let mut progress = Progress::new(&world.migration.plan);
        let first = world
            .migration
            .copy(&Store(tables))
            .workers(WORKERS)
            .batch(BATCH)
            .stop(&kill)
            .on_checkpoint(&save)
            .run(&mut progress)
            .unwrap();
        stage("copy killed");
        assert!(first.stopped && !progress.is_done(), "{}: killed", C::NAME);
        assert!(first.read < u64::from(rows_total), "{}: {first:?}", C::NAME);
        // Resume in a "new process": the plan and the progress from their text only.
        drop(progress);
        let plan = Plan::parse(&plan_text).unwrap();
        let resumed_migration =
            Migration::<C::Old, C::New>::new(plan, C::to_new, C::to_old).expect("the same layouts");
        let mut progress = Progress::parse(&log.lock().unwrap(), &resumed_migration.plan).unwrap();
        assert!(!progress.is_done());
        let resumed = resumed_migration
            .copy(&Store(tables))
            .workers(WORKERS)
            .batch(BATCH)
            .on_checkpoint(&|c| {
                world.checkpointed(c);
                log.lock().unwrap().push_str(&(c.to_line() + "\n"))
            })
            .run(&mut progress)
            .unwrap();
        story.copy_time = started.elapsed();
        stage("copy resumed and done");
        assert!(progress.is_done() && !resumed.stopped, "{}", C::NAME);
        assert!(first.rejected.is_empty() && resumed.rejected.is_empty());
        // Every old row was read at least once; a batch written before the kill but not
        // checkpointed was read again and found present.
        assert!(
            first.read + resumed.read
                >= u64::from(rows_total) - world.deletes.load(Ordering::SeqCst)
        );
        story.reads_mid_copy = world.reads.load(Ordering::Relaxed) - reads_before;
        story.first = Some(first);
        story.resumed = Some(resumed);
        // Verify, with the writers stopped.
        stop_writers.store(true, Ordering::SeqCst);
        for w in writers {
            w.join().unwrap();
        }
        world.set_phase(Phase::Verify);
        verify(world);
        // Cut over: readers read the new table alone; writers write it alone.
        stage("verified");
        world.set_phase(Phase::CutOver);
        let late: Vec<_> = (0..2)
            .map(|w| {
                let (stop, seed) = (&stop_late, rng.below(u64::MAX));
                s.spawn(move || world.writer(w, 2, stop, 20, seed))
            })
            .collect();
        std::thread::sleep(Duration::from_millis(100));
        stop_late.store(true, Ordering::SeqCst);
        for w in late {
            w.join().unwrap();
        }
        // Retire: the tombstones purged.
        let _moment = world.moment.write().unwrap();
        story.tombstones = tables.purge_tombstones();
        drop(_moment);
        world.set_phase(Phase::Retired);
        stage("retired");
        std::thread::sleep(Duration::from_millis(30));
        stop_readers.store(true, Ordering::SeqCst);
    });
    // The new table equals the truth: no row lost, doubled, resurrected or reverted.
    let new = world.all(Side::New);
    let truth = world.truth.lock().unwrap();
    assert!(
        new.iter().all(|(_, v)| v.is_some()),
        "{}: tombstones left",
        C::NAME
    );
    let got: BTreeMap<Logical, Vec<u8>> = new
        .iter()
        .map(|(k, v)| (C::logical(k), v.clone().unwrap()))
        .collect();
    assert_eq!(got.len(), new.len(), "{}: a logical row twice", C::NAME);
    assert_eq!(got.len(), truth.len(), "{}: rows", C::NAME);
    if let Some((k, v)) = got.iter().zip(truth.iter()).find(|(a, b)| a != b) {
        panic!("{}: new table {k:?} != truth {v:?}", C::NAME);
    }
    story.writes = world.writes.load(Ordering::Relaxed);
    story.deletes = world.deletes.load(Ordering::Relaxed);
    story.reads = world.reads.load(Ordering::Relaxed);
    assert!(
        story.writes > 100 && story.deletes > 30,
        "{}: {story:?}",
        C::NAME
    );
    assert!(
        story.reads_mid_copy > 0 && story.tombstones > 0,
        "{}: {story:?}",
        C::NAME
    );
    story
}

/// Verification agrees; a row changed in the new table behind the protocol's back is found by
/// unit and logical key, then put back.
fn verify<C: Case, T: Tables>(world: &World<'_, C, T>) {
    let _moment = world.moment.write().unwrap();
    let old = world.all(Side::Old);
    let new = world.all(Side::New);
    let check = |new: &[(Vec<u8>, Option<Vec<u8>>)], keep: &[usize]| {
        let mut v = world.migration.verify().keep(keep);
        for (k, val) in &old {
            v.old_row(k, val.as_ref().unwrap());
        }
        for (k, val) in new {
            if let Some(val) = val {
                v.new_row(k, val);
            }
        }
        v.finish()
    };
    let outcome = check(&new, &[]);
    assert!(outcome.agrees(), "{}: {:?}", C::NAME, outcome.differing());
    assert_eq!(
        outcome.units.iter().map(|u| u.old.rows).sum::<u64>(),
        old.len() as u64
    );
    // Plant a difference: one live row of the new table with another value.
    let (i, (key, value)) = new
        .iter()
        .enumerate()
        .filter(|(_, (_, v))| v.is_some())
        .nth(new.len() / 3)
        .unwrap();
    let mut planted = new.clone();
    planted[i].1 = Some(b"planted".to_vec());
    let unit = world
        .migration
        .unit_of(&world.migration.old_key(key).unwrap());
    let outcome = check(&planted, &[]);
    assert_eq!(outcome.differing(), [unit], "{}", C::NAME);
    let outcome = check(&planted, &[unit]);
    let d = &outcome.differences[0];
    assert_eq!(
        (d.unit, &d.key, d.old.as_ref(), d.new.as_deref()),
        (unit, key, value.as_ref(), Some(&b"planted"[..])),
        "{}",
        C::NAME
    );
}
