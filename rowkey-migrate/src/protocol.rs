//! The move, phase by phase: what writers write and readers read in each, and what each
//! guarantees.

use super::migration::Migration;
use rowkey_runtime::EncodeError;
use rowkey_runtime::RowKey;

/// The phases of a move, in order. Each is entered when every writer and reader of the table
/// runs the code of the phase (a deploy, a flag): the copy starts only once every writer writes
/// both tables.
///
/// | phase | writers write | a delete | readers read |
/// |---|---|---|---|
/// | `Start` | old | old: delete | old |
/// | `DualWrite` | new, then old | new: tombstone, then old: delete | old, or both ([`Dual`](super::Dual)) |
/// | `Copy` | new, then old | new: tombstone, then old: delete | both |
/// | `Verify` | new, then old | new: tombstone, then old: delete | both |
/// | `CutOver` | new | new: delete | new (tombstones hidden) |
/// | `Retired` | new | new: delete | new |
///
/// What each guarantees, and why no row is lost, doubled, resurrected or reverted:
/// - `Start`: the plan is made and the new table created, pre-split at `New::split_points`.
///   Nothing changes for anyone.
/// - `DualWrite`: every change reaches the new table first, then the old. The old table stays
///   complete and current, so readers that only read it still see every row.
/// - `Copy`: each unit copies the old table's rows into the new table **only where the new
///   table has no row at that key** — neither a value nor a tombstone (check-and-mutate:
///   Bigtable's `CheckAndMutateRow` with no predicate, HBase's `checkAndMutate` /
///   `CheckAndMutate` on the row's absence, a transaction elsewhere). A row a writer put or
///   deleted since the move began is in the new table already and the copy leaves it alone,
///   whatever order their writes land in: an update is never reverted and a delete (its
///   tombstone) never undone. A dual read ([`Dual`](super::Dual) with
///   [`deleted`](super::Dual::deleted)) merges both tables, the new table's row winning, so a
///   reader sees each row once, copied or not.
/// - `Verify`: per-unit counts and checksums of both tables agree ([`Verify`](super::Verify));
///   a difference names its unit and first logical key. Re-run a unit's copy and verify again.
/// - `CutOver`: readers read the new table alone and no longer need the old one; writers stop
///   writing it. Deletes delete; tombstones left from the move still hide their rows until
///   purged.
/// - `Retired`: tombstones purged (delete the rows that are tombstones, conditionally), the old
///   table dropped.
///
/// Both keys must be functions of the row's fields: with a random salt (`#[salt(random)]`) a
/// writer cannot name the row it updates or deletes (each encode draws another bucket), and
/// dual writes would double rows. Such a table can be copied (a log written once), not moved
/// live.
///
/// A write that fails halfway (the new table written, the old not) is retried whole: both writes
/// are idempotent. If the old table missed a delete, verification finds the row.
///
/// ```
/// use rowkey::migrate::{Migration, Op, Phase, Plan};
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// struct Old { id: u32 }
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 8, of = "id")]
/// struct New { id: u32 }
///
/// let m = Migration::new(
///     Plan::from_points::<Old, New>(&[]),
///     |o: Old| New { id: o.id },
///     |n: New| Old { id: n.id },
/// )
/// .unwrap();
/// let put = m.write(Phase::Copy, New { id: 7 }).unwrap();
/// assert!(matches!(put.new, Some(Op::Put(_))) && matches!(put.old, Some(Op::Put(_))));
/// let del = m.delete(Phase::Copy, New { id: 7 }).unwrap();
/// assert!(matches!(del.new, Some(Op::Tombstone(_))) && matches!(del.old, Some(Op::Delete(_))));
/// let del = m.delete(Phase::CutOver, New { id: 7 }).unwrap();
/// assert!(matches!(del.new, Some(Op::Delete(_))) && del.old.is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    /// Planned, the new table created; writers and readers use the old table.
    Start,
    /// Writers write both tables.
    DualWrite,
    /// The copy runs; writers write both, readers read both.
    Copy,
    /// Both tables are compared.
    Verify,
    /// Readers read the new table; writers write only it.
    CutOver,
    /// The old table is gone; tombstones are purged.
    Retired,
}

/// The phase of the writers (and readers) of one process, switched by the move's driver: a
/// writer holds the phase from [`enter`](Self::enter) for the duration of its write, and
/// [`set`](Self::set) waits until every write begun in the phase before has finished, so no
/// write of an earlier phase lands after a later one began (the copy must not start while a
/// writer still writes the old table alone). Across processes the same rule is a deploy or a
/// flag every writer has picked up.
///
/// ```
/// use rowkey::migrate::{Phase, PhaseSwitch};
///
/// let phase = PhaseSwitch::new(Phase::DualWrite);
/// {
///     let now = phase.enter(); // a writer's write, in this phase
///     assert_eq!(*now, Phase::DualWrite);
/// }
/// phase.set(Phase::Copy); // waits for writes in flight
/// assert_eq!(phase.get(), Phase::Copy);
/// ```
#[derive(Debug)]
pub struct PhaseSwitch(std::sync::RwLock<Phase>);

impl PhaseSwitch {
    /// Starts in `phase`.
    pub fn new(phase: Phase) -> Self {
        PhaseSwitch(std::sync::RwLock::new(phase))
    }

    /// The phase, held until the guard is dropped: write while holding it.
    pub fn enter(&self) -> std::sync::RwLockReadGuard<'_, Phase> {
        self.0.read().unwrap_or_else(|p| p.into_inner())
    }

    /// Moves to `phase` once every write in flight has finished.
    pub fn set(&self, phase: Phase) {
        *self.0.write().unwrap_or_else(|p| p.into_inner()) = phase;
    }

    /// The phase now.
    pub fn get(&self) -> Phase {
        *self.enter()
    }
}

/// What the readers of a phase read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reads {
    /// The old table's plan.
    Old,
    /// Both tables' plans, merged ([`Dual`](super::Dual)).
    Both,
    /// The new table's plan (hiding tombstones until they are purged).
    New,
}

/// One write to one table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Op {
    /// Put the row's value at this key.
    Put(Vec<u8>),
    /// Delete the row at this key.
    Delete(Vec<u8>),
    /// Replace the row at this key by a tombstone: a marker that the row was deleted during the
    /// move (for example a cell of its own column), so that the copy does not bring it back.
    Tombstone(Vec<u8>),
}

/// A writer's change in a phase: what to do to the new table and then to the old one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhaseWrites {
    /// The new table's write (first).
    pub new: Option<Op>,
    /// The old table's write (second).
    pub old: Option<Op>,
}

impl Phase {
    /// Every phase, in order.
    pub const ALL: [Phase; 6] = [
        Phase::Start,
        Phase::DualWrite,
        Phase::Copy,
        Phase::Verify,
        Phase::CutOver,
        Phase::Retired,
    ];

    /// What readers read in this phase.
    pub fn reads(self) -> Reads {
        match self {
            Phase::Start => Reads::Old,
            Phase::DualWrite | Phase::Copy | Phase::Verify => Reads::Both,
            Phase::CutOver | Phase::Retired => Reads::New,
        }
    }

    /// True while writers write the old table too.
    pub fn writes_old(self) -> bool {
        self < Phase::CutOver
    }

    /// True while writers write the new table.
    pub fn writes_new(self) -> bool {
        self > Phase::Start
    }
}

impl<Old: RowKey, New: RowKey> Migration<Old, New> {
    /// A writer's put of the row keyed `row`, in `phase`.
    pub fn write(&self, phase: Phase, row: New) -> Result<PhaseWrites, EncodeError> {
        self.writes(phase, row, Op::Put, Op::Put)
    }

    /// A writer's delete of the row keyed `row`, in `phase`: a tombstone in the new table while
    /// the copy may still run or readers still merge both tables, a delete after.
    pub fn delete(&self, phase: Phase, row: New) -> Result<PhaseWrites, EncodeError> {
        let new_op = if phase < Phase::CutOver {
            Op::Tombstone
        } else {
            Op::Delete
        };
        self.writes(phase, row, new_op, Op::Delete)
    }

    fn writes(
        &self,
        phase: Phase,
        row: New,
        new_op: fn(Vec<u8>) -> Op,
        old_op: fn(Vec<u8>) -> Op,
    ) -> Result<PhaseWrites, EncodeError> {
        let new = if phase.writes_new() {
            Some(new_op(row.encode()?))
        } else {
            None
        };
        let old = if phase.writes_old() {
            Some(old_op(self.old_key_of(row)?))
        } else {
            None
        };
        Ok(PhaseWrites { new, old })
    }
}
