//! Verification: per-unit counts and order-independent checksums of the logical rows in both
//! tables, and the first logical key where a unit differs.

use std::collections::BTreeMap;

use xxhash_rust::xxh3::xxh3_64;

use super::migration::{salt_width, Migration};
use super::row::ConvertError;
use super::store::{scan_all, MoveStore, Side};
use rowkey_runtime::RowKey;
use rowkey_runtime::ScanRange;

/// One side's rows of a unit: how many, and the wrapping sum of a 64-bit hash of each row's
/// logical key and value (so the order rows are read in does not matter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Rows.
    pub rows: u64,
    /// The checksum.
    pub checksum: u64,
}

impl Tally {
    fn add(&mut self, logical: &[u8], value: &[u8]) {
        let mut bytes = Vec::with_capacity(8 + logical.len() + value.len());
        bytes.extend_from_slice(&(logical.len() as u64).to_be_bytes());
        bytes.extend_from_slice(logical);
        bytes.extend_from_slice(value);
        self.rows += 1;
        self.checksum = self.checksum.wrapping_add(xxh3_64(&bytes));
    }
}

/// A unit's two tallies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnitCheck {
    /// The unit.
    pub unit: usize,
    /// The old table's rows of the unit.
    pub old: Tally,
    /// The new table's rows whose old key falls in the unit.
    pub new: Tally,
}

impl UnitCheck {
    /// True when both tables hold the same rows.
    pub fn agrees(&self) -> bool {
        self.old == self.new
    }
}

/// The first logical row where a unit's two sides differ: its key in the new layout, and its
/// value on each side (`None`: absent there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The unit.
    pub unit: usize,
    /// The row's key in the new layout.
    pub key: Vec<u8>,
    /// The old table's value, if it has the row.
    pub old: Option<Vec<u8>>,
    /// The new table's value, if it has the row.
    pub new: Option<Vec<u8>>,
}

/// A row that could not be placed: a key of either table that does not convert.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unplaced {
    /// True for a row of the new table.
    pub new_table: bool,
    /// Its key.
    pub key: Vec<u8>,
    /// Why.
    pub error: ConvertError,
}

/// The comparison of both tables, fed every row of each (in any order, from any number of
/// scans): see [`Migration::verify`].
pub struct Verify<'a, Old, New> {
    migration: &'a Migration<Old, New>,
    skip: usize,
    units: Vec<UnitCheck>,
    /// Units whose rows are kept to find their first difference.
    keep: BTreeMap<usize, BTreeMap<Vec<u8>, Sides>>,
    unplaced: Vec<Unplaced>,
}

/// A kept row's new-layout key and values on both sides.
#[derive(Default)]
struct Sides {
    key: Vec<u8>,
    old: Option<Vec<u8>>,
    new: Option<Vec<u8>>,
}

/// The outcome of a verification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verification {
    /// Every unit's tallies.
    pub units: Vec<UnitCheck>,
    /// For each unit asked for with [`Verify::keep`] that differs, its first difference in
    /// logical order.
    pub differences: Vec<Difference>,
    /// Rows that do not convert.
    pub unplaced: Vec<Unplaced>,
}

impl Verification {
    /// True when every unit agrees and every row was placed.
    pub fn agrees(&self) -> bool {
        self.unplaced.is_empty() && self.units.iter().all(UnitCheck::agrees)
    }

    /// The units that differ.
    pub fn differing(&self) -> Vec<usize> {
        self.units
            .iter()
            .filter(|u| !u.agrees())
            .map(|u| u.unit)
            .collect()
    }
}

impl<Old: RowKey, New: RowKey> Migration<Old, New> {
    /// A verification of this migration: feed it every row of the old table
    /// ([`old_row`](Verify::old_row)) and every live row of the new one
    /// ([`new_row`](Verify::new_row): not tombstones), then [`finish`](Verify::finish). A row
    /// is the same in both when its key in the new layout, less the salt, and its value are.
    /// The new table's rows are counted in the unit of their old key (`to_old`): with a random
    /// old salt that unit is not the row's, so verify such a move with a one-unit plan.
    ///
    /// A second pass with [`keep`](Verify::keep) on the differing units finds each one's first
    /// differing logical key.
    ///
    /// ```
    /// use rowkey::migrate::{Migration, Plan};
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey)]
    /// #[salt(md5, buckets = 4, of = "id")]
    /// struct Old { id: u32 }
    /// #[derive(RowKey)]
    /// #[salt(md5, buckets = 16, of = "id")]
    /// struct New { id: u32 }
    ///
    /// let m = Migration::new(
    ///     Plan::for_layout::<Old, New>(4).unwrap(),
    ///     |o: Old| New { id: o.id },
    ///     |n: New| Old { id: n.id },
    /// )
    /// .unwrap();
    /// let old: Vec<(Vec<u8>, Vec<u8>)> =
    ///     (0..100u32).map(|id| (Old { id }.encode().unwrap(), vec![1])).collect();
    /// let mut new: Vec<(Vec<u8>, Vec<u8>)> =
    ///     (0..100u32).map(|id| (New { id }.encode().unwrap(), vec![1])).collect();
    /// new[40].1 = vec![2]; // one row differs
    ///
    /// let check = |keep: &[usize]| {
    ///     let mut v = m.verify().keep(keep);
    ///     old.iter().for_each(|(k, val)| v.old_row(k, val));
    ///     new.iter().rev().for_each(|(k, val)| v.new_row(k, val)); // any order
    ///     v.finish()
    /// };
    /// let first = check(&[]);
    /// let unit = m.unit_of(&Old { id: New::decode(&new[40].0).unwrap().id }.encode().unwrap());
    /// assert_eq!(first.differing(), [unit]);
    /// let second = check(&first.differing());
    /// assert_eq!(second.differences[0].key, new[40].0);
    /// assert_eq!((second.differences[0].old.as_deref(), second.differences[0].new.as_deref()), (Some(&[1][..]), Some(&[2][..])));
    /// ```
    pub fn verify(&self) -> Verify<'_, Old, New> {
        Verify {
            migration: self,
            skip: salt_width::<New>(),
            units: (0..self.plan.units.len())
                .map(|unit| UnitCheck {
                    unit,
                    old: Tally::default(),
                    new: Tally::default(),
                })
                .collect(),
            keep: BTreeMap::new(),
            unplaced: Vec::new(),
        }
    }
}

impl<Old: RowKey, New: RowKey> Verify<'_, Old, New> {
    /// Also keeps the rows of `units` (memory: their rows) to find their first differences.
    pub fn keep(mut self, units: &[usize]) -> Self {
        self.keep = units.iter().map(|&u| (u, BTreeMap::new())).collect();
        self
    }

    /// A row of the old table.
    pub fn old_row(&mut self, key: &[u8], value: &[u8]) {
        let unit = self.migration.unit_of(key);
        match self.migration.new_key(key, unit) {
            Ok(new_key) => self.add(unit, new_key, value, false),
            Err(e) => self.unplaced.push(Unplaced {
                new_table: false,
                key: key.to_vec(),
                error: e.error,
            }),
        }
    }

    /// A live row of the new table (not a tombstone).
    pub fn new_row(&mut self, key: &[u8], value: &[u8]) {
        match self.migration.old_key(key) {
            Ok(old_key) => {
                let unit = self.migration.unit_of(&old_key);
                self.add(unit, key.to_vec(), value, true);
            }
            Err(error) => self.unplaced.push(Unplaced {
                new_table: true,
                key: key.to_vec(),
                error,
            }),
        }
    }

    fn add(&mut self, unit: usize, new_key: Vec<u8>, value: &[u8], new_table: bool) {
        let logical = new_key.get(self.skip..).unwrap_or(&[]).to_vec();
        let check = &mut self.units[unit];
        let tally = if new_table {
            &mut check.new
        } else {
            &mut check.old
        };
        tally.add(&logical, value);
        if let Some(rows) = self.keep.get_mut(&unit) {
            let sides = rows.entry(logical).or_default();
            let side = if new_table {
                &mut sides.new
            } else {
                &mut sides.old
            };
            *side = Some(value.to_vec());
            if new_table || sides.key.is_empty() {
                sides.key = new_key;
            }
        }
    }

    /// The tallies, and the first difference of each kept unit that differs.
    pub fn finish(self) -> Verification {
        let differences = self
            .keep
            .into_iter()
            .filter_map(|(unit, rows)| {
                rows.into_values()
                    .find(|s| s.old != s.new)
                    .map(|s| Difference {
                        unit,
                        key: s.key,
                        old: s.old,
                        new: s.new,
                    })
            })
            .collect();
        Verification {
            units: self.units,
            differences,
            unplaced: self.unplaced,
        }
    }
}

impl<Old, New> core::fmt::Debug for Verify<'_, Old, New> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Verify")
            .field("units", &self.units.len())
            .field("kept", &self.keep.len())
            .finish()
    }
}

impl<Old: RowKey, New: RowKey> Migration<Old, New> {
    /// Verification of the two tables in `store`: every row of the old table, unit by unit,
    /// and every live row of the new one, counted and hashed per unit
    /// ([`verify`](Self::verify)); the units that differ are read again to find each one's
    /// first differing logical key. Run it with the writers paused (or in the `Verify` phase
    /// before they resume): rows changing under it differ.
    pub fn verify_store<S: MoveStore>(&self, store: &S) -> Result<Verification, S::Error> {
        let pass = |keep: &[usize]| -> Result<Verification, S::Error> {
            let mut v = self.verify().keep(keep);
            for unit in &self.plan.units {
                if !keep.is_empty() && !keep.contains(&unit.index) {
                    continue;
                }
                scan_all(store, Side::Old, &unit.range, |k, val| {
                    if let Some(val) = val {
                        v.old_row(&k, &S::value_bytes(&val));
                    }
                })?;
            }
            scan_all(store, Side::New, &ScanRange::all(), |k, val| {
                if let Some(val) = val {
                    v.new_row(&k, &S::value_bytes(&val));
                }
            })?;
            Ok(v.finish())
        };
        let first = pass(&[])?;
        let differing = first.differing();
        if differing.is_empty() {
            return Ok(first);
        }
        let second = pass(&differing)?;
        Ok(Verification {
            units: first.units,
            differences: second.differences,
            unplaced: first.unplaced,
        })
    }
}
