//! A migration: its plan and the two conversions between the key types.

use super::error::MigrateError;
use super::fingerprints::Fingerprints;
use super::plan::Plan;
use super::row::{convert_key, ConvertError, RowError};
use rowkey_lock::{judge_logical, report, Break, Guarantee, Status};
use rowkey_runtime::EncodeError;
use rowkey_runtime::RowKey;

/// A move of a table from keys of type `Old` to keys of type `New`: the [`Plan`] (checked
/// against both types' layouts when made) and the conversions both ways, field by field. The
/// copy and the mid-move reads use `to_new`; the writers (who hold `New` values) and the
/// verification use `to_old`.
///
/// The conversions must keep the logical order: a row's place among the others is the same
/// under both keys once the salt is set aside (the same fields in the same order, as re-salting,
/// adding a salt or moving to another order-preserving encoding do). [`new`](Self::new)
/// checks the two layouts with the compatibility judge (`rowkey::lock::judge_logical`, its
/// fields matched by name) and refuses a pair it shows to collide rows or to reorder them,
/// with the two rows that show it; a reordering pair moves with
/// [`reordering`](Self::reordering).
///
/// ```
/// use rowkey::migrate::{Migration, Plan};
/// use rowkey::RowKey;
///
/// #[derive(RowKey, Debug, PartialEq)]
/// #[salt(md5, buckets = 16, of = "id")]
/// struct Old { ts: u32, id: u32 }
///
/// #[derive(RowKey, Debug, PartialEq)]
/// #[salt(md5, buckets = 64, of = "id")]
/// struct New { ts: u32, id: u32 }
///
/// let plan = Plan::for_layout::<Old, New>(16).unwrap();
/// let m = Migration::new(
///     plan,
///     |o: Old| New { ts: o.ts, id: o.id },
///     |n: New| Old { ts: n.ts, id: n.id },
/// )
/// .unwrap();
/// let old_key = Old { ts: 9, id: 4 }.encode().unwrap();
/// let new_key = m.new_key(&old_key, 0).unwrap();
/// assert_eq!(New::decode(&new_key).unwrap(), New { ts: 9, id: 4 });
/// assert_eq!(m.old_key(&new_key).unwrap(), old_key);
/// assert_eq!(m.unit_of(&old_key), usize::from(old_key[0]));
/// ```
pub struct Migration<Old, New> {
    /// The plan.
    pub plan: Plan,
    to_new: fn(Old) -> New,
    to_old: fn(New) -> Old,
    merges: bool,
}

impl<Old: RowKey, New: RowKey> Migration<Old, New> {
    /// A migration by `plan`, refused when the plan was made for other layouts than `Old` and
    /// `New` have now ([`MigrateError::LayoutChanged`], naming both pairs of fingerprints).
    pub fn new(
        plan: Plan,
        to_new: fn(Old) -> New,
        to_old: fn(New) -> Old,
    ) -> Result<Self, MigrateError> {
        let m = Migration::reordering(plan, to_new, to_old)?;
        if !m.merges {
            let verdict = judge_logical(&Old::layout(), &New::layout());
            return Err(MigrateError::OrderChanged {
                report: report::text(&verdict, Old::layout().name),
            });
        }
        Ok(m)
    }

    /// A migration whose new key may order the old rows differently (fields reordered, a
    /// `#[desc]` added): refused only when rows would collide. [`merges`](Self::merges) says
    /// whether a streaming mid-move read may merge the two tables ([`Dual`](super::Dual));
    /// [`read`](Self::read) is right either way (it sorts the old rows by their new keys).
    ///
    /// ```
    /// use rowkey::migrate::{MigrateError, Migration, Plan};
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// struct Old { user: u32, day: u32 }
    /// #[derive(RowKey)]
    /// struct New { day: u32, user: u32 }
    ///
    /// let plan = || Plan::from_points::<Old, New>(&[]);
    /// let to_new = |o: Old| New { day: o.day, user: o.user };
    /// let to_old = |n: New| Old { user: n.user, day: n.day };
    /// let refused = Migration::new(plan(), to_new, to_old).unwrap_err();
    /// assert!(matches!(refused, MigrateError::OrderChanged { .. }));
    /// let m = Migration::reordering(plan(), to_new, to_old).unwrap();
    /// assert!(!m.merges());
    /// ```
    pub fn reordering(
        plan: Plan,
        to_new: fn(Old) -> New,
        to_old: fn(New) -> Old,
    ) -> Result<Self, MigrateError> {
        plan.check::<Old, New>()?;
        let verdict = judge_logical(&Old::layout(), &New::layout());
        // Rows the new key refuses make the copy fail, naming them; rows that collide would be
        // lost without a word: only those refuse the pair.
        if matches!(verdict.get(Guarantee::Unique), Status::Breaks(w) if w.kind == Break::Collide) {
            return Err(MigrateError::RowsCollide {
                report: report::text(&verdict, Old::layout().name),
            });
        }
        Ok(Migration {
            plan,
            to_new,
            to_old,
            merges: !matches!(verdict.get(Guarantee::Order), Status::Breaks(w) if w.kind == Break::Reordered),
        })
    }

    /// Whether a mid-move read may merge the two tables: the judge found no two rows the new
    /// key orders differently, salts aside.
    pub fn merges(&self) -> bool {
        self.merges
    }

    /// The layouts' fingerprints.
    pub fn fingerprints(&self) -> Fingerprints {
        self.plan.fingerprints
    }

    /// The new key of the old table's row `old_key` (of unit `unit`, named in the error).
    pub fn new_key(&self, old_key: &[u8], unit: usize) -> Result<Vec<u8>, RowError> {
        convert_key(old_key, unit, self.to_new)
    }

    /// [`new_key`](Self::new_key) as a function of its own, which a stream may own: the new
    /// key of an old row's key (its unit named in the error).
    pub fn converter(
        &self,
    ) -> impl Fn(&[u8]) -> Result<Vec<u8>, RowError> + Send + Sync + 'static + use<Old, New>
    where
        Old: 'static,
        New: 'static,
    {
        let to_new = self.to_new;
        let starts: Vec<Vec<u8>> = self
            .plan
            .units
            .iter()
            .map(|u| u.range.start.clone())
            .collect();
        move |old_key: &[u8]| {
            let unit = starts
                .partition_point(|s| s.as_slice() <= old_key)
                .saturating_sub(1);
            convert_key(old_key, unit, to_new)
        }
    }

    /// The old key of the new table's row `new_key`: where the row lived before the move (its
    /// unit, and the row the old table keeps while the move lasts).
    pub fn old_key(&self, new_key: &[u8]) -> Result<Vec<u8>, ConvertError> {
        let new = New::decode_unverified(new_key).map_err(ConvertError::Decode)?;
        (self.to_old)(new).encode().map_err(ConvertError::Encode)
    }

    /// The old key of a row the writers hold as `New`.
    pub fn old_key_of(&self, new: New) -> Result<Vec<u8>, EncodeError> {
        (self.to_old)(new).encode()
    }

    /// The unit whose range holds the old key `old_key`.
    pub fn unit_of(&self, old_key: &[u8]) -> usize {
        // Units are in key order and cover the key space: the last whose start is at or
        // before the key.
        self.plan
            .units
            .partition_point(|u| u.range.start.as_slice() <= old_key)
            .saturating_sub(1)
    }
}

impl<Old, New> core::fmt::Debug for Migration<Old, New> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Migration")
            .field("fingerprints", &self.plan.fingerprints)
            .field("units", &self.plan.units.len())
            .finish()
    }
}

/// Bytes the salt of `K`'s keys takes at the front (binary, or text and its delimiter): what
/// the mid-move merge and the verification set aside to compare rows in logical order.
pub fn salt_width<K: RowKey>() -> usize {
    match K::SALT_TEXT {
        Some(text) if !K::SALT.is_empty() => text.width(K::SALT) + 1,
        _ => K::SALT.len(),
    }
}
