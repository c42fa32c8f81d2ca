//! [`Migration::read`]: a query of the new key, read as the table is mid-move — whichever
//! tables the phase reads, the old table's rows under their new keys, the new table's copy
//! winning, tombstones hiding rows — in the new key's logical order, each row once, whether or
//! not the new key keeps the old key's order.

use rowkey_runtime::{RowKey, ScanPlan};

use super::dual::Dual;
use super::error::StoreError;
use super::migration::Migration;
use super::protocol::{Phase, Reads};
use super::store::{scan_all, MoveStore, Rows, Side};

impl<Old: RowKey, New: RowKey> Migration<Old, New> {
    /// The rows of `new_plan` (a plan of the new key: `New::scan().day(3).plan()?`) as readers
    /// in `phase` see them, each `(new key, value)`, in the new key's logical order (after its
    /// salt), each logical row once:
    ///
    /// | phase | reads |
    /// |---|---|
    /// | `Start` | the old table's rows in `old_plan`, under their new keys |
    /// | `DualWrite`, `Copy`, `Verify` | both: the new table's row where it has one (a tombstone hides the row), the old table's otherwise |
    /// | `CutOver`, `Retired` | the new table's rows (tombstones hidden) |
    ///
    /// `old_plan` is the same query as a plan of the old key (`Old::scan().day(3).plan()?`):
    /// it must hold every old row whose new key `new_plan` matches (a plan of fewer fixed
    /// fields, or [`ScanPlan::full`](rowkey_runtime::ScanPlan), always does); old rows are
    /// converted and kept when `new_plan` matches their new key. A byte plan of one key cannot
    /// give the other's ranges after a re-salt or a reorder, hence both.
    ///
    /// The old table's rows are sorted by their new keys in memory, so the read is right
    /// whether or not the new key orders rows as the old one did (a reorder, a `#[desc]`
    /// added): it holds the query's rows, which it returns. For a query too large for memory,
    /// page it (narrower plans).
    ///
    /// ```
    /// use rowkey::migrate::{MemoryStore, Migration, Phase, Plan};
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// struct Old { user: u32, day: u32 }
    /// #[derive(RowKey, Debug, PartialEq)]
    /// struct New { day: u32, user: u32 }
    ///
    /// let to_new = |o: Old| New { day: o.day, user: o.user };
    /// let to_old = |n: New| Old { user: n.user, day: n.day };
    /// let m = Migration::reordering(Plan::from_points::<Old, New>(&[]), to_new, to_old).unwrap();
    /// let store: MemoryStore<Vec<u8>> = MemoryStore::new();
    /// for (user, day) in [(1, 7), (2, 7), (2, 8)] {
    ///     m.put(&store, Phase::Start, New { day, user }, &b"old".to_vec()).unwrap();
    /// }
    /// // Mid-move: user 2's day-7 row rewritten in the new table, user 1's deleted.
    /// m.put(&store, Phase::Copy, New { day: 7, user: 2 }, &b"new".to_vec()).unwrap();
    /// m.remove(&store, Phase::Copy, New { day: 7, user: 1 }).unwrap();
    /// let rows = m
    ///     .read(&store, Phase::Copy, &Old::scan().plan().unwrap(), &New::scan().day(7).plan().unwrap())
    ///     .unwrap();
    /// let got: Vec<(New, Vec<u8>)> = rows.into_iter().map(|(k, v)| (New::decode(&k).unwrap(), v)).collect();
    /// assert_eq!(got, [(New { day: 7, user: 2 }, b"new".to_vec())]);
    /// ```
    pub fn read<S: MoveStore>(
        &self,
        store: &S,
        phase: Phase,
        old_plan: &ScanPlan,
        new_plan: &ScanPlan,
    ) -> Result<Rows<S::Value>, StoreError<S::Error>> {
        let skip = new_plan.salt_len();
        let reads = phase.reads();
        let mut old: Rows<Option<S::Value>> = Vec::new();
        if reads != Reads::New {
            for range in old_plan.ranges() {
                for (key, value) in scan(store, Side::Old, range)? {
                    let new_key = self
                        .new_key(&key, self.unit_of(&key))
                        .map_err(StoreError::Row)?;
                    if new_plan.matches(&new_key) {
                        old.push((new_key, value));
                    }
                }
            }
            old.sort_by(|a, b| a.0[skip.min(a.0.len())..].cmp(&b.0[skip.min(b.0.len())..]));
        }
        let new: Rows<Option<S::Value>> = if reads == Reads::Old {
            Vec::new()
        } else {
            let per_range = new_plan
                .ranges()
                .iter()
                .map(|r| scan(store, Side::New, r))
                .collect::<Result<Vec<_>, _>>()?;
            new_plan
                .merge(per_range.into_iter().map(Vec::into_iter))
                .filter(|(k, _)| new_plan.matches(k))
                .collect()
        };
        Ok(Dual::new(old.into_iter(), new.into_iter(), skip)
            .deleted(|(_, v)| v.is_none())
            .filter_map(|(k, v)| v.map(|v| (k, v)))
            .collect())
    }
}

/// Every row of `side`'s table within `range`, page by page.
fn scan<S: MoveStore>(
    store: &S,
    side: Side,
    range: &rowkey_runtime::ScanRange,
) -> Result<Rows<Option<S::Value>>, StoreError<S::Error>> {
    let mut out = Vec::new();
    scan_all(store, side, range, |key, value| out.push((key, value))).map_err(StoreError::Store)?;
    Ok(out)
}
