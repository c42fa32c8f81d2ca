//! The copy: a plan's units run by worker threads, batch by batch, each batch checkpointed.

use core::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::checkpoint::{Checkpoint, Progress};
use super::error::CheckpointError;
use super::migration::Migration;
use super::row::RowError;
use super::store::{Checkpoints, CopyStore};
use rowkey_runtime::RowKey;

/// A copy being set up: see [`Migration::copy`].
pub struct CopyRun<'a, Old, New, S> {
    migration: &'a Migration<Old, New>,
    store: &'a S,
    workers: usize,
    batch: usize,
    stop: Option<&'a AtomicBool>,
    on_checkpoint: Option<&'a (dyn Fn(&Checkpoint) + Sync)>,
    checkpoints: Option<&'a dyn Checkpoints>,
    units: Option<&'a [usize]>,
}

/// What a copy did.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CopyReport {
    /// Rows read from the old table.
    pub read: u64,
    /// Rows written into the new table.
    pub written: u64,
    /// Rows the new table had already (a writer's update or tombstone, or a batch copied again
    /// after a restart): left alone.
    pub present: u64,
    /// Rows that do not convert, with their unit and key: not copied, never skipped silently.
    pub rejected: Vec<RowError>,
    /// Units finished by this run.
    pub units_done: usize,
    /// True when the run was stopped before every unit finished.
    pub stopped: bool,
    /// Worker threads.
    pub workers: usize,
    /// Wall time of the run.
    pub elapsed: Duration,
}

impl CopyReport {
    /// Rows read per second per worker.
    pub fn rows_per_second_per_worker(&self) -> f64 {
        self.read as f64 / self.elapsed.as_secs_f64().max(1e-9) / self.workers.max(1) as f64
    }
}

/// A copy that failed: the unit it hit (none when the checkpoints could not be read), and
/// why. The progress holds every batch copied before it; run again to resume.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopyError<E> {
    /// The unit.
    pub unit: Option<usize>,
    /// What failed.
    pub error: CopyFailure<E>,
}

/// What stopped a copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CopyFailure<E> {
    /// The store's error.
    Store(E),
    /// The checkpoint store's error, loading or saving.
    Checkpoints(CheckpointError),
}

impl<E: fmt::Display> fmt::Display for CopyError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(unit) = self.unit {
            write!(f, "unit {unit}: ")?;
        }
        match &self.error {
            CopyFailure::Store(e) => write!(f, "{e}"),
            CopyFailure::Checkpoints(e) => write!(f, "checkpoints: {e}"),
        }
    }
}

impl<E: fmt::Display + fmt::Debug> std::error::Error for CopyError<E> {}

impl<Old: RowKey, New: RowKey> Migration<Old, New> {
    /// The copy of this migration's units from the old table into the new one, through `store`:
    /// 4 workers and batches of 1,000 rows unless set. Each worker takes the next unfinished
    /// unit and copies it batch by batch from its checkpoint: read a batch after the last key
    /// copied, convert each row's key, write the rows the new table does not have, then record
    /// the batch's last key. A unit is finished when a read returns no row (a short page is not
    /// taken as the end). A batch written but not checkpointed (a kill in between) is copied
    /// again on resume, harmlessly: its rows are present by then.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use std::sync::Mutex;
    /// use rowkey::migrate::{CopyStore, Migration, Plan, Progress};
    /// use rowkey::{RowKey, ScanRange};
    ///
    /// #[derive(RowKey)]
    /// #[salt(md5, buckets = 4, of = "id")]
    /// struct Old { id: u32 }
    /// #[derive(RowKey, Debug, PartialEq)]
    /// #[salt(md5, buckets = 16, of = "id")]
    /// struct New { id: u32 }
    ///
    /// /// Two sorted maps: the old table and the new one.
    /// struct Maps { old: BTreeMap<Vec<u8>, u32>, new: Mutex<BTreeMap<Vec<u8>, u32>> }
    ///
    /// impl CopyStore for Maps {
    ///     type Value = u32;
    ///     type Error = std::convert::Infallible;
    ///     fn read_old(&self, r: &ScanRange, limit: usize) -> Result<Vec<(Vec<u8>, u32)>, Self::Error> {
    ///         Ok(self.old.iter().filter(|(k, _)| r.contains(k)).take(limit)
    ///             .map(|(k, v)| (k.clone(), *v)).collect())
    ///     }
    ///     fn write_absent(&self, rows: Vec<(Vec<u8>, u32)>) -> Result<usize, Self::Error> {
    ///         let mut new = self.new.lock().unwrap();
    ///         let before = new.len();
    ///         for (k, v) in rows {
    ///             new.entry(k).or_insert(v);
    ///         }
    ///         Ok(new.len() - before)
    ///     }
    /// }
    ///
    /// let old = (0..1000u32).map(|id| (Old { id }.encode().unwrap(), id)).collect();
    /// let maps = Maps { old, new: Mutex::new(BTreeMap::new()) };
    /// let m = Migration::new(
    ///     Plan::for_layout::<Old, New>(4).unwrap(),
    ///     |o: Old| New { id: o.id },
    ///     |n: New| Old { id: n.id },
    /// )
    /// .unwrap();
    /// let mut progress = Progress::new(&m.plan);
    /// let report = m.copy(&maps).workers(2).batch(100).run(&mut progress).unwrap();
    /// assert_eq!((report.read, report.written, report.units_done), (1000, 1000, 4));
    /// assert!(progress.is_done());
    /// let new = maps.new.lock().unwrap();
    /// assert!(new.iter().all(|(k, v)| New::decode(k).unwrap() == New { id: *v }));
    /// ```
    pub fn copy<'a, S: CopyStore>(&'a self, store: &'a S) -> CopyRun<'a, Old, New, S> {
        CopyRun {
            migration: self,
            store,
            workers: 4,
            batch: 1000,
            stop: None,
            on_checkpoint: None,
            checkpoints: None,
            units: None,
        }
    }
}

impl<'a, Old: RowKey, New: RowKey, S: CopyStore> CopyRun<'a, Old, New, S> {
    /// Worker threads (at least 1).
    pub fn workers(mut self, n: usize) -> Self {
        self.workers = n.max(1);
        self
    }

    /// Rows per batch (at least 1): per read, per write, per checkpoint.
    pub fn batch(mut self, n: usize) -> Self {
        self.batch = n.max(1);
        self
    }

    /// Stops the copy when `flag` becomes true: each worker stops before its next read, or
    /// after a write before recording its checkpoint (as a kill would).
    pub fn stop(mut self, flag: &'a AtomicBool) -> Self {
        self.stop = Some(flag);
        self
    }

    /// Called with each new checkpoint, from the worker that made it: save it (append
    /// [`Checkpoint::to_line`] to a file, write a row) to resume from after a kill.
    pub fn on_checkpoint(mut self, save: &'a (dyn Fn(&Checkpoint) + Sync)) -> Self {
        self.on_checkpoint = Some(save);
        self
    }

    /// Saves each new checkpoint in `checkpoints` too (after
    /// [`on_checkpoint`](Self::on_checkpoint)), where every worker of every process sees it;
    /// [`resume`](Self::resume) starts from them.
    pub fn checkpoints(mut self, checkpoints: &'a dyn Checkpoints) -> Self {
        self.checkpoints = Some(checkpoints);
        self
    }

    /// Runs only these units of the plan (a [`Task`](super::Task)'s), leaving the others.
    pub fn units(mut self, units: &'a [usize]) -> Self {
        self.units = Some(units);
        self
    }

    /// Runs the copy from the checkpoints saved in [`checkpoints`](Self::checkpoints) (every
    /// unit not started when there are none), saving there as it goes: the entry point of a
    /// worker process, which resumes whatever a process before it (here or on another machine)
    /// left. Returns the progress as it stands at the end with the report.
    pub fn resume(self) -> Result<(CopyReport, Progress), CopyError<S::Error>> {
        let Some(checkpoints) = self.checkpoints else {
            return Err(CopyError {
                unit: None,
                error: CopyFailure::Checkpoints(CheckpointError(
                    "resume needs `.checkpoints(..)`: where the checkpoints are kept".into(),
                )),
            });
        };
        let plan = &self.migration.plan;
        let stored = checkpoints.job_plan(plan).map_err(|e| CopyError {
            unit: None,
            error: CopyFailure::Checkpoints(e),
        })?;
        if stored.id() != plan.id() {
            return Err(CopyError {
                unit: None,
                error: CopyFailure::Checkpoints(CheckpointError(format!(
                    "these checkpoints are of plan {} (stored by the job's first worker), and \
                     this run's plan is {}: a plan made again (from a fresh SampleRowKeys, say) \
                     names other units, and the copy would start over; make the migration \
                     from the stored plan, which `Checkpoints::job_plan` returns",
                    stored.id(),
                    plan.id()
                ))),
            });
        }
        let mut progress = checkpoints
            .load(&self.migration.plan)
            .map_err(|e| CopyError {
                unit: None,
                error: CopyFailure::Checkpoints(e),
            })?;
        let report = self.run(&mut progress)?;
        Ok((report, progress))
    }

    /// Runs the unfinished units of `progress` (which the run keeps up to date) to the end, to
    /// a stop, or to the store's first error.
    pub fn run(self, progress: &mut Progress) -> Result<CopyReport, CopyError<S::Error>> {
        let started = Instant::now();
        let todo: Vec<usize> = (0..progress.units.len())
            .filter(|&i| !progress.units[i].done)
            .filter(|i| self.units.is_none_or(|only| only.contains(i)))
            .collect();
        let next = AtomicUsize::new(0);
        let halt = AtomicBool::new(false);
        let shared = Mutex::new((core::mem::take(progress), CopyReport::default()));
        let failure = Mutex::new(None);
        let workers = self.workers.min(todo.len()).max(1);
        std::thread::scope(|s| {
            for _ in 0..workers {
                s.spawn(|| {
                    while let Some(&unit) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                        if let Err(e) = self.unit(unit, &shared, &halt) {
                            halt.store(true, Ordering::Relaxed);
                            failure
                                .lock()
                                .unwrap_or_else(|p| p.into_inner())
                                .get_or_insert(e);
                            return;
                        }
                        if self.stopped(&halt) {
                            return;
                        }
                    }
                });
            }
        });
        let (back, mut report) = shared.into_inner().unwrap_or_else(|p| p.into_inner());
        *progress = back;
        if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
            return Err(e);
        }
        report.stopped = todo.iter().any(|&i| !progress.units[i].done);
        report.workers = workers;
        report.elapsed = started.elapsed();
        report
            .rejected
            .sort_by(|a, b| (a.unit, &a.key).cmp(&(b.unit, &b.key)));
        Ok(report)
    }

    fn stopped(&self, halt: &AtomicBool) -> bool {
        halt.load(Ordering::Relaxed) || self.stop.is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Copies unit `index` from its checkpoint to its end (or a stop).
    fn unit(
        &self,
        index: usize,
        shared: &Mutex<(Progress, CopyReport)>,
        halt: &AtomicBool,
    ) -> Result<(), CopyError<S::Error>> {
        let unit = &self.migration.plan.units[index];
        let lock = || shared.lock().unwrap_or_else(|p| p.into_inner());
        let mut at = lock().0.units[index].clone();
        let fail = |error| CopyError {
            unit: Some(index),
            error: CopyFailure::Store(error),
        };
        while !self.stopped(halt) {
            let rows = self
                .store
                .read_old(&at.remaining(unit), self.batch)
                .map_err(fail)?;
            // Only an empty read ends the unit: a store may return fewer rows than asked while
            // more remain (FoundationDB's and HBase's pages; the Bigtable emulator counts a row
            // deleted during the read toward `rows_limit`).
            let end = rows.is_empty();
            let read = rows.len() as u64;
            let last = rows.last().map(|(k, _)| k.clone());
            let mut rejected = Vec::new();
            let mut moved = Vec::with_capacity(rows.len());
            for (key, value) in rows {
                match self.migration.new_key(&key, index) {
                    Ok(new_key) => moved.push((new_key, value)),
                    Err(e) => rejected.push(e),
                }
            }
            let tried = moved.len() as u64;
            let written = if moved.is_empty() {
                0
            } else {
                self.store.write_absent(moved).map_err(fail)? as u64
            };
            if self.stopped(halt) {
                // As a kill between the write and the checkpoint: the batch is copied again on
                // resume.
                return Ok(());
            }
            if let Some(last) = &last {
                at.copied(last);
            }
            at.done = end;
            let mut guard = lock();
            guard.0.units[index] = at.clone();
            let report = &mut guard.1;
            report.read += read;
            report.written += written;
            report.present += tried - written;
            report.rejected.extend(rejected);
            if at.done {
                report.units_done += 1;
            }
            drop(guard);
            if let Some(save) = self.on_checkpoint {
                save(&at);
            }
            if let Some(checkpoints) = self.checkpoints {
                checkpoints
                    .save(&self.migration.plan, &at)
                    .map_err(|e| CopyError {
                        unit: Some(index),
                        error: CopyFailure::Checkpoints(e),
                    })?;
            }
            if at.done {
                break;
            }
        }
        Ok(())
    }
}

impl<Old, New, S> fmt::Debug for CopyRun<'_, Old, New, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CopyRun")
            .field("workers", &self.workers)
            .field("batch", &self.batch)
            .finish()
    }
}
