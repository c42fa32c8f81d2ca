//! A live re-key on Bigtable (`rowkey::migrate` over [`Client`](super::Client)): [`MoveTables`],
//! the two tables of a move as one [`MoveStore`], and [`CheckpointTable`], the copy's
//! checkpoints in a table every worker process reaches.
//!
//! How the move's operations are written, each atomic on its row:
//!
//! | operation | Bigtable request |
//! |---|---|
//! | a writer's put | `MutateRow`: `DeleteFromRow`, then a `SetCell` per cell of the value |
//! | a writer's delete | `MutateRow`: `DeleteFromRow` |
//! | a tombstone (a delete while the copy may run) | `MutateRow`: `DeleteFromRow`, then `SetCell` of the tombstone column (`<family>:rowkey.tombstone`, empty, at time 0) |
//! | the copy's write | `CheckAndMutateRow` without a predicate: the row's cells in `false_mutations`, which apply only when the row has no cell at all (neither a value nor a tombstone) |
//! | a purge of a tombstone | `CheckAndMutateRow` whose predicate is the tombstone column: `DeleteFromRow` in `true_mutations` |
//!
//! A row's value is its cells, carried over with their timestamps. Requests that fail with a
//! transient error are sent again with the client's [`RetryPolicy`](super::RetryPolicy): each
//! is idempotent (a retried copy write may count a row it wrote as present).
//!
//! The [`MoveStore`] and [`Checkpoints`] methods block the calling thread until Bigtable
//! answers, as `rowkey::migrate`'s sync traits require (the copy's workers are threads). They
//! are safe to call from async code, `#[tokio::main]` included, and the store is safe to drop
//! there: each request runs on a small runtime of the store's own, over connections of its
//! own, and the calling thread only waits for the answer (it never starts or drops a runtime).
//! From an async task, prefer `tokio::task::spawn_blocking` around a batch of calls, so that
//! the task's worker thread is not held while Bigtable answers.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use futures_util::stream::{self, StreamExt, TryStreamExt};
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2 as data;
use rowkey_migrate::{
    Checkpoint, CheckpointError, Checkpoints, CopyStore, MoveStore, Op, Plan, Progress, Rows, Side,
};
use rowkey_runtime::ScanRange;
use tonic::Status;

use super::client::Table;
use super::read::ReadError;
use super::retry::is_transient;
use super::rows::{Cell, Row};
use super::write::{delete_row, set_cell};
use crate::background::Background;

/// A row of a mid-move read before tombstones are dropped: its new key and cells (`None`: a
/// tombstone).
type MidMoveRow = (Vec<u8>, Option<Vec<Cell>>);

/// Rows of one side of a mid-move read, tombstones kept.
type SideRows =
    core::pin::Pin<Box<dyn futures_core::Stream<Item = Result<MidMoveRow, MoveError>> + Send>>;

/// The rows of [`MoveTables::read`]: each new key and its cells, or the error that ended the
/// read.
pub type MidMoveRows = core::pin::Pin<
    Box<dyn futures_core::Stream<Item = Result<(Vec<u8>, Vec<Cell>), MoveError>> + Send>,
>;

/// An old row under its new key, when `new_plan` matches it (`None` otherwise); a row that
/// has no new key is an error.
fn convert_old<Old: rowkey_runtime::RowKey + 'static, New: rowkey_runtime::RowKey + 'static>(
    m: &rowkey_migrate::Migration<Old, New>,
    new_plan: rowkey_runtime::ScanPlan,
) -> impl Fn(Row) -> Result<Option<MidMoveRow>, MoveError> + Send + 'static + use<Old, New> {
    let convert = m.converter();
    move |row: Row| {
        let key = convert(&row.key).map_err(MoveError::Convert)?;
        Ok(new_plan.matches(&key).then_some((key, Some(row.cells))))
    }
}

/// The qualifier of a tombstone's cell, in the tombstone family.
pub const TOMBSTONE: &[u8] = b"rowkey.tombstone";

/// Why a request of a move failed, or a move could not be set up.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum MoveError {
    /// A read.
    Read(ReadError),
    /// A write, after the retry policy's attempts.
    Write(Status),
    /// The old and the new table are one table: the copy would write the new key's rows among
    /// the old ones.
    SameTable(String),
    /// An old row that has no new key (a mid-move read).
    Convert(rowkey_migrate::RowError),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Read(e) => write!(f, "{e}"),
            MoveError::Write(s) => write!(f, "a write failed: {} ({:?})", s.message(), s.code()),
            MoveError::Convert(e) => write!(f, "{e}"),
            MoveError::SameTable(t) => write!(
                f,
                "the old and the new table are both {t}: a move writes the new key's rows into \
                 a table of their own (create it, pre-split, with the tombstone family)"
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// The two tables of a move on Bigtable: the old one (keyed by `Old`) and the new one (keyed
/// by `New`, created beforehand, pre-split, with the tombstone family), as the
/// [`MoveStore`] that `Migration::copy`, `put`, `remove`, `verify_store` and
/// `purge_tombstones` work on. A value is a row's cells.
///
/// ```no_run
/// use rowkey_clients::bigtable::{Client, MoveTables};
///
/// let client = Client::from_env().unwrap();
/// let tables = MoveTables::new(
///     client.table("projects/p/instances/i/tables/metrics"),
///     client.table("projects/p/instances/i/tables/metrics_64"),
/// )
/// .unwrap();
/// ```
///
/// Its methods block (see the module's notes): safe in async code, best in `spawn_blocking`.
#[derive(Clone)]
pub struct MoveTables {
    old: Table,
    new: Table,
    family: String,
    in_flight: usize,
    rt: Arc<Background>,
}

impl fmt::Debug for MoveTables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MoveTables")
            .field("old", &self.old.name())
            .field("new", &self.new.name())
            .field("family", &self.family)
            .finish()
    }
}

impl MoveTables {
    /// The move from `old` to `new`; tombstones in family `f` (see
    /// [`tombstone_family`](Self::tombstone_family)). Refused when both are one table.
    pub fn new(old: Table, new: Table) -> Result<Self, MoveError> {
        if old.name() == new.name() {
            return Err(MoveError::SameTable(old.name().to_string()));
        }
        Ok(MoveTables {
            old: old.detached(),
            new: new.detached(),
            family: "f".into(),
            in_flight: 16,
            rt: Arc::new(Background::new("rowkey-move")),
        })
    }

    /// The column family of the new table that holds tombstones (it must exist).
    pub fn tombstone_family(mut self, family: impl Into<String>) -> Self {
        self.family = family.into();
        self
    }

    /// Copy writes in flight at once per batch (default 16).
    pub fn in_flight(mut self, n: usize) -> Self {
        self.in_flight = n.max(1);
        self
    }

    /// The old table.
    pub fn old(&self) -> &Table {
        &self.old
    }

    /// The new table.
    pub fn new_table(&self) -> &Table {
        &self.new
    }

    /// Checkpoints in `table` (rows under `rowkey-migration/<plan id>/`, in this store's
    /// tombstone family), sharing this store's runtime.
    pub fn checkpoints(&self, table: Table) -> CheckpointTable {
        CheckpointTable {
            table: table.detached(),
            family: self.family.clone(),
            job: self.new.name().to_string(),
            rt: Arc::clone(&self.rt),
        }
    }

    fn table(&self, side: Side) -> &Table {
        match side {
            Side::Old => &self.old,
            Side::New => &self.new,
        }
    }

    fn tombstone(&self) -> data::Mutation {
        set_cell(&Cell {
            family: self.family.clone(),
            qualifier: TOMBSTONE.to_vec(),
            timestamp_micros: 0,
            labels: Vec::new(),
            value: Vec::new(),
        })
    }

    /// The mid-move read of `m` as a `Stream`, for async code: the rows of `new_plan` (a plan
    /// of the new key) as readers in `phase` see them, as
    /// [`Migration::read`](rowkey_migrate::Migration::read) gives them (`old_plan`, the same
    /// query as a plan of the old key, must hold every old row `new_plan` matches), in the new
    /// key's logical order, each logical row once, tombstones hiding rows.
    ///
    /// Where the new key keeps the old key's order ([`Migration::merges`]), both tables stream
    /// and are merged as they come ([`DualStream`](rowkey_migrate::DualStream)): one row of
    /// each held at a time. Where it does not (a reorder), the old table's rows of the query
    /// are read first and sorted by their new keys (they are held in memory), then merged with
    /// the new table's stream. A read that fails ends the stream with the error.
    ///
    /// [`Migration::merges`]: rowkey_migrate::Migration::merges
    pub fn read<Old, New>(
        &self,
        m: &rowkey_migrate::Migration<Old, New>,
        phase: rowkey_migrate::Phase,
        old_plan: &rowkey_runtime::ScanPlan,
        new_plan: &rowkey_runtime::ScanPlan,
    ) -> MidMoveRows
    where
        Old: rowkey_runtime::RowKey + 'static,
        New: rowkey_runtime::RowKey + 'static,
    {
        use rowkey_migrate::{DualStream, Reads};
        let reads = phase.reads();
        let skip = new_plan.salt_len();
        let family = self.family.clone();
        let new: SideRows = if reads == Reads::Old {
            Box::pin(stream::empty())
        } else {
            let filter = new_plan.clone();
            Box::pin(
                self.new
                    .read(new_plan)
                    .map(move |row| {
                        let row = row.map_err(MoveError::Read)?;
                        let dead = row
                            .cells
                            .iter()
                            .any(|c| c.family == family && c.qualifier == TOMBSTONE);
                        Ok((row.key, (!dead).then_some(row.cells)))
                    })
                    .filter(move |r| {
                        let keep = r.as_ref().map_or(true, |(k, _)| filter.matches(k));
                        async move { keep }
                    }),
            )
        };
        let old: SideRows = if reads == Reads::New {
            Box::pin(stream::empty())
        } else {
            let to_new = convert_old(m, new_plan.clone());
            let rows = self
                .old
                .read(old_plan)
                .map(move |row| to_new(row.map_err(MoveError::Read)?));
            let rows = rows.filter_map(|r| async move { r.transpose() });
            if m.merges() {
                Box::pin(rows)
            } else {
                // Another order: the query's old rows, sorted by their new keys.
                Box::pin(
                    stream::once(async move {
                        let mut all: Vec<Result<MidMoveRow, MoveError>> = rows.collect().await;
                        if let Some(at) = all.iter().position(Result::is_err) {
                            return vec![all.swap_remove(at)];
                        }
                        let key = |r: &Result<MidMoveRow, MoveError>| {
                            r.as_ref()
                                .map(|(k, _)| k.get(skip..).unwrap_or(&[]).to_vec())
                                .ok()
                        };
                        all.sort_by_cached_key(key);
                        all
                    })
                    .flat_map(stream::iter),
                )
            }
        };
        let rows = DualStream::new(old, new, skip)
            .deleted(|r| matches!(r, Ok((_, None))))
            .filter_map(|r| async move {
                match r {
                    Ok((k, Some(cells))) => Some(Ok((k, cells))),
                    Ok((_, None)) => None,
                    Err(e) => Some(Err(e)),
                }
            });
        // Run on the store's runtime, as its other requests are: the connections of its own
        // must outlive the caller's runtime.
        Box::pin(self.rt.stream(rows))
    }

    /// A write's error; a missing tombstone family is named as such.
    fn write_error(&self, s: Status) -> MoveError {
        let about_family = s.message().to_lowercase().contains("family");
        if about_family && s.message().contains(&self.family) {
            return MoveError::Write(Status::new(
                s.code(),
                format!(
                    "{} (the move's tombstone family: create family {:?} in {}, or name another \
                     with MoveTables::tombstone_family)",
                    s.message(),
                    self.family,
                    self.new.name()
                ),
            ));
        }
        MoveError::Write(s)
    }

    fn is_tombstone(&self, row: &Row) -> bool {
        row.cells
            .iter()
            .any(|c| c.family == self.family && c.qualifier == TOMBSTONE)
    }
}

/// `call` until it succeeds, fails for good, or the policy's attempts are spent.
async fn retried<T, F, Fut>(table: &Table, mut call: F) -> Result<T, Status>
where
    F: FnMut() -> Fut,
    Fut: core::future::Future<Output = Result<T, Status>>,
{
    let policy = table.client().retry();
    let mut failures = 0;
    loop {
        match call().await {
            Ok(v) => return Ok(v),
            Err(s) if is_transient(&s) && failures + 1 < policy.attempts => {
                tokio::time::sleep(policy.backoff(failures)).await;
                failures += 1;
            }
            Err(s) => return Err(s),
        }
    }
}

/// The cells as verification hashes them: each cell's family, qualifier, time and value,
/// lengths first.
fn serialize(cells: &[Cell]) -> Vec<u8> {
    let mut out = Vec::new();
    for c in cells {
        for part in [c.family.as_bytes(), &c.qualifier] {
            out.extend_from_slice(&(part.len() as u32).to_be_bytes());
            out.extend_from_slice(part);
        }
        out.extend_from_slice(&c.timestamp_micros.to_be_bytes());
        out.extend_from_slice(&(c.value.len() as u32).to_be_bytes());
        out.extend_from_slice(&c.value);
    }
    out
}

impl CopyStore for MoveTables {
    type Value = Vec<Cell>;
    type Error = MoveError;

    fn read_old(&self, range: &ScanRange, limit: usize) -> Result<Rows<Vec<Cell>>, MoveError> {
        Ok(self
            .scan(Side::Old, range, limit)?
            .into_iter()
            .filter_map(|(k, v)| v.map(|v| (k, v)))
            .collect())
    }

    fn write_absent(&self, rows: Rows<Vec<Cell>>) -> Result<usize, MoveError> {
        let new = self.new.clone();
        let in_flight = self.in_flight;
        self.rt.run(async move {
            let new = &new;
            let results: Vec<Result<bool, Status>> = stream::iter(rows)
                .map(|(key, cells)| async move {
                    let mutations: Vec<data::Mutation> = cells.iter().map(set_cell).collect();
                    retried(new, || {
                        new.check_and_mutate_row(key.clone(), None, Vec::new(), mutations.clone())
                    })
                    .await
                })
                .buffer_unordered(in_flight)
                .collect()
                .await;
            let mut written = 0;
            for r in results {
                // The predicate (any cell) matched: the row was there.
                written += usize::from(!r.map_err(MoveError::Write)?);
            }
            Ok(written)
        })
    }
}

impl MoveStore for MoveTables {
    fn apply(&self, side: Side, op: &Op, value: Option<&Vec<Cell>>) -> Result<(), MoveError> {
        let (key, mutations) = match op {
            Op::Put(k) => {
                let mut m = vec![delete_row()];
                m.extend(value.into_iter().flatten().map(set_cell));
                (k, m)
            }
            Op::Delete(k) => (k, vec![delete_row()]),
            Op::Tombstone(k) => (k, vec![delete_row(), self.tombstone()]),
        };
        let table = self.table(side).clone();
        let key = key.clone();
        self.rt
            .run(async move {
                retried(&table, || table.mutate_row(key.clone(), mutations.clone())).await
            })
            .map_err(|s| self.write_error(s))
    }

    fn scan(
        &self,
        side: Side,
        range: &ScanRange,
        limit: usize,
    ) -> Result<Rows<Option<Vec<Cell>>>, MoveError> {
        let table = self.table(side).clone();
        let range = range.clone();
        let rows: Vec<Row> = self
            .rt
            .run(async move {
                table
                    .read_range(&range)
                    .limit(limit.max(1))
                    .try_collect()
                    .await
            })
            .map_err(MoveError::Read)?;
        Ok(rows
            .into_iter()
            .map(|row| {
                let value = (!self.is_tombstone(&row)).then_some(row.cells);
                (row.key, value)
            })
            .collect())
    }

    fn purge(&self, key: &[u8]) -> Result<bool, MoveError> {
        let predicate = data::RowFilter {
            filter: Some(data::row_filter::Filter::ColumnRangeFilter(
                data::ColumnRange {
                    family_name: self.family.clone(),
                    start_qualifier: Some(
                        data::column_range::StartQualifier::StartQualifierClosed(
                            TOMBSTONE.to_vec(),
                        ),
                    ),
                    end_qualifier: Some(data::column_range::EndQualifier::EndQualifierClosed(
                        TOMBSTONE.to_vec(),
                    )),
                },
            )),
        };
        let new = self.new.clone();
        let key = key.to_vec();
        self.rt
            .run(async move {
                retried(&new, || {
                    new.check_and_mutate_row(
                        key.clone(),
                        Some(predicate.clone()),
                        vec![delete_row()],
                        Vec::new(),
                    )
                })
                .await
            })
            .map_err(|s| self.write_error(s))
    }

    fn value_bytes(value: &Vec<Cell>) -> Cow<'_, [u8]> {
        Cow::Owned(serialize(value))
    }
}

/// The copy's checkpoints in a Bigtable table every worker process reaches: one row per unit,
/// `rowkey-migration/<plan id>/unit/<n>`, its checkpoint line in column
/// `<family>:checkpoint`, and the plan's text in `rowkey-migration/<plan id>/plan`. Made by
/// [`MoveTables::checkpoints`].
#[derive(Clone)]
pub struct CheckpointTable {
    table: Table,
    family: String,
    /// The move's new table: the job the stored plan belongs to.
    job: String,
    rt: Arc<Background>,
}

impl fmt::Debug for CheckpointTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CheckpointTable")
            .field("table", &self.table.name())
            .finish()
    }
}

impl CheckpointTable {
    fn prefix(plan: &Plan) -> Vec<u8> {
        format!("rowkey-migration/{}/", plan.id()).into_bytes()
    }

    fn cell(&self, row: &[u8], qualifier: &[u8], value: String) -> Result<(), CheckpointError> {
        let mutation = set_cell(&Cell {
            family: self.family.clone(),
            qualifier: qualifier.to_vec(),
            timestamp_micros: 0,
            labels: Vec::new(),
            value: value.into_bytes(),
        });
        let table = self.table.clone();
        let row = row.to_vec();
        self.rt
            .run(async move {
                retried(&table, || {
                    table.mutate_row(row.clone(), vec![mutation.clone()])
                })
                .await
            })
            .map_err(|s| {
                CheckpointError(format!("saving to {}: {}", self.table.name(), s.message()))
            })
    }
}

impl Checkpoints for CheckpointTable {
    /// The job's plan in row `rowkey-migration/job/<new table>/plan`, stored by the first
    /// worker with a `CheckAndMutateRow` that writes only when the row has no cell.
    fn job_plan(&self, plan: &Plan) -> Result<Plan, CheckpointError> {
        let row = format!("rowkey-migration/job/{}/plan", self.job).into_bytes();
        let mutation = set_cell(&Cell {
            family: self.family.clone(),
            qualifier: b"plan".to_vec(),
            timestamp_micros: 0,
            labels: Vec::new(),
            value: plan.to_text().into_bytes(),
        });
        let (table, family) = (self.table.clone(), self.family.clone());
        let stored = self.rt.run(async move {
            retried(&table, || {
                table.check_and_mutate_row(row.clone(), None, Vec::new(), vec![mutation.clone()])
            })
            .await?;
            let rows: Vec<Row> = table
                .read_range(&ScanRange::row(&row))
                .try_collect()
                .await
                .map_err(|e| Status::unavailable(e.to_string()))?;
            Ok::<_, Status>(
                rows.first()
                    .and_then(|r| r.value(&family, b"plan"))
                    .map(<[u8]>::to_vec),
            )
        });
        let name = self.table.name();
        let text = stored
            .map_err(|s| CheckpointError(format!("the job's plan in {name}: {}", s.message())))?
            .ok_or_else(|| CheckpointError(format!("the job's plan in {name}: not stored")))?;
        Plan::parse(&String::from_utf8_lossy(&text))
            .map_err(|e| CheckpointError(format!("the job's plan in {name}: {e}")))
    }

    fn load(&self, plan: &Plan) -> Result<Progress, CheckpointError> {
        let prefix = Self::prefix(plan);
        let units = ScanRange::prefix(&[&prefix[..], b"unit/"].concat());
        let table = self.table.clone();
        let rows: Vec<Row> = self
            .rt
            .run(async move { table.read_range(&units).try_collect().await })
            .map_err(|e| CheckpointError(format!("reading {}: {e}", self.table.name())))?;
        let mut text = String::new();
        for row in rows {
            let line = row.value(&self.family, b"checkpoint").unwrap_or_default();
            text.push_str(&String::from_utf8_lossy(line));
            text.push('\n');
        }
        Progress::parse(&text, plan)
            .map_err(|e| CheckpointError(format!("{}: {e}", self.table.name())))
    }

    fn save(&self, plan: &Plan, checkpoint: &Checkpoint) -> Result<(), CheckpointError> {
        let prefix = Self::prefix(plan);
        if checkpoint.last.is_none() || checkpoint.done {
            // Written once with the first and the last save of a unit: cheap enough.
            self.cell(&[&prefix[..], b"plan"].concat(), b"plan", plan.to_text())?;
        }
        let row = [
            &prefix[..],
            format!("unit/{:08}", checkpoint.unit).as_bytes(),
        ]
        .concat();
        self.cell(&row, b"checkpoint", checkpoint.to_line())
    }
}
