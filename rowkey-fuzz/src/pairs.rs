//! The mid-move read over pairs of generated layouts (`rowkey::migrate::Dual`): a layout and
//! its twin (the same fields and encoding, another salt) as the old and the new key of a move.
//! The old table holds some rows, the new table copies of some of them (with new values),
//! tombstones of others and rows of its own; the same partial-key query, planned by both
//! builders, read from both tables and merged, must give exactly the logical rows of the truth
//! that the query wants, each once, the new table's value winning, in logical order (the key
//! less its salt), forward and reversed, with a limit.

use std::collections::BTreeMap;

use rowkey::migrate::{salt_width, Dual};
use rowkey::RowKey;

use crate::check::{Config, Fuzz, Stats};
use crate::rng::mix;
use crate::values::Values;

/// A layout that has a twin: the new key of a move from it.
pub trait Pair: Fuzz {
    /// The twin.
    type New: Fuzz;
    /// The same values in the twin.
    fn convert(&self) -> Self::New;
}

/// A row's value in a table: the row's tag, or a tombstone (new table only).
type Cell = Option<u32>;

/// Runs the dual-read property on `K` and its twin.
pub fn check_pair<K: Pair>(cfg: &Config) -> Result<Stats, String> {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run::<K>(cfg)));
    let report = |what: String| {
        format!(
            "pair {} → {}Twin (ROWKEY_FUZZ_ONLY={} reproduces it):\n{}\n{}\n{what}",
            K::NAME,
            K::NAME,
            K::NAME,
            K::SOURCE,
            K::New::SOURCE
        )
    };
    match result {
        Ok(Ok(st)) => Ok(st),
        Ok(Err(msg)) => Err(report(msg)),
        Err(panic) => Err(report(format!(
            "PANIC: {}",
            panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default()
        ))),
    }
}

fn run<K: Pair>(cfg: &Config) -> Result<Stats, String> {
    let mut st = Stats {
        layouts: 1,
        ..Stats::default()
    };
    let new_skip = salt_width::<K::New>();
    if new_skip != K::New::SKIP || salt_width::<K>() != K::SKIP {
        return Err(format!(
            "salt_width: {} and {}, the README's widths {} and {}",
            salt_width::<K>(),
            new_skip,
            K::SKIP,
            K::New::SKIP
        ));
    }
    let seed = mix(&[cfg.seed, 0xD0A1, crate::check::name_hash(K::NAME)]);
    rowkey::salt::seed_random(seed);
    let mut v = Values::new(seed, 4);
    // Distinct logical rows that both layouts accept, by the new key's bytes after the salt.
    let mut rows: BTreeMap<Vec<u8>, (K, Vec<u8>, Vec<u8>)> = BTreeMap::new();
    for _ in 0..48 * cfg.cases {
        let k = K::generate(&mut v);
        let (Ok(old), Ok(new)) = (k.encode(), k.convert().encode()) else {
            continue;
        };
        rows.entry(new[new_skip..].to_vec())
            .or_insert((k, old, new));
    }
    // The tables and the truth, by logical key.
    let mut old_table: BTreeMap<Vec<u8>, Cell> = BTreeMap::new();
    let mut new_table: BTreeMap<Vec<u8>, Cell> = BTreeMap::new();
    let mut truth: BTreeMap<Vec<u8>, u32> = BTreeMap::new();
    for (tag, (logical, (_, old, new))) in rows.iter().enumerate() {
        let tag = tag as u32;
        match v.rng().below(6) {
            // Only in the old table (not copied yet).
            0 | 1 => {
                old_table.insert(old.clone(), Some(tag));
                truth.insert(logical.clone(), tag);
            }
            // Copied (or updated since): the new table's value wins.
            2 => {
                old_table.insert(old.clone(), Some(tag));
                new_table.insert(new.clone(), Some(tag + 1_000_000));
                truth.insert(logical.clone(), tag + 1_000_000);
            }
            // Deleted during the move: a tombstone hides the old row.
            3 => {
                old_table.insert(old.clone(), Some(tag));
                new_table.insert(new.clone(), None);
            }
            // Written during the move: only in the new table.
            4 => {
                new_table.insert(new.clone(), Some(tag + 2_000_000));
                truth.insert(logical.clone(), tag + 2_000_000);
            }
            // Absent.
            _ => {}
        }
    }
    let olds: Vec<K> = rows.values().map(|(k, _, _)| k.clone()).collect();
    let news: Vec<K::New> = olds.iter().map(Pair::convert).collect();
    for q in 0..24 * cfg.cases {
        // The same partial key given to both builders: both query generators draw the same
        // choices from the same seed over the same values.
        let qseed = mix(&[seed, q as u64]);
        let old_q = K::query(&mut Values::new(qseed, 0), &olds);
        let new_q = K::New::query(&mut Values::new(qseed, 0), &news);
        let (Ok(old_plan), Ok(new_plan)) = (old_q.plan, new_q.plan) else {
            continue;
        };
        if old_q.full != new_q.full {
            return Err(format!(
                "the twins' queries differ: {} / {}",
                old_q.what, new_q.what
            ));
        }
        if old_q.full && K::HASH_PREFIX {
            continue;
        }
        let reverse = v.rng().chance(1, 2);
        let exact = old_plan.is_exact() && new_plan.is_exact();
        let limit = (exact && v.rng().chance(1, 2)).then(|| v.rng().below(12) as usize);
        let read = |table: &BTreeMap<Vec<u8>, Cell>, plan: &rowkey::ScanPlan| {
            let streams: Vec<_> = plan
                .ranges()
                .iter()
                .map(|r| {
                    let mut s: Vec<(Vec<u8>, Cell)> = table
                        .range::<[u8], _>(r.to_bounds())
                        .map(|(k, c)| (k.clone(), *c))
                        .collect();
                    if reverse {
                        s.reverse();
                    }
                    s.into_iter()
                })
                .collect();
            let merged = plan.merge(streams);
            if reverse {
                merged.reverse().collect::<Vec<_>>()
            } else {
                merged.collect()
            }
        };
        // The old table's rows, their keys converted.
        let mut converted = Vec::new();
        for (key, cell) in read(&old_table, &old_plan) {
            let old = K::decode_unverified(&key)
                .map_err(|e| format!("{}: old row {key:02x?}: {e}", old_q.what))?;
            let new = old.convert().encode().map_err(|e| {
                format!("{}: old row {key:02x?} converts to no key: {e}", old_q.what)
            })?;
            converted.push((new, cell));
        }
        let mut dual = Dual::new(
            converted.into_iter(),
            read(&new_table, &new_plan).into_iter(),
            new_plan.salt_len(),
        )
        .deleted(|(_, c)| c.is_none());
        if reverse {
            dual = dual.reverse();
        }
        if let Some(n) = limit {
            dual = dual.limit(n);
        }
        let merged: Vec<(Vec<u8>, Cell)> = dual.collect();
        st.plans += 1;
        st.rows += merged.len();
        let skip = new_plan.salt_len();
        for w in merged.windows(2) {
            let (a, b) = (&w[0].0[skip..], &w[1].0[skip..]);
            if (a >= b && !reverse) || (a <= b && reverse) {
                return Err(format!(
                    "{} (reverse {reverse}): rows out of order or twice: {a:02x?} then {b:02x?}",
                    new_q.what
                ));
            }
        }
        // What the readers see, filtered as an inexact plan's reader filters.
        let mut got = Vec::new();
        for (key, cell) in &merged {
            let row = K::New::decode_unverified(key)
                .map_err(|e| format!("{}: merged row {key:02x?}: {e}", new_q.what))?;
            if (new_q.want)(&row) {
                got.push((key[skip..].to_vec(), cell.ok_or("a tombstone was given")?));
            }
        }
        let mut want: Vec<(Vec<u8>, u32)> = truth
            .iter()
            .filter(|(logical, _)| (new_q.want)(&rows[*logical].0.convert()))
            .map(|(l, t)| (l.clone(), *t))
            .collect();
        if reverse {
            want.reverse();
        }
        if let Some(n) = limit {
            want.truncate(n);
        }
        if got != want {
            return Err(format!(
                "{} (reverse {reverse}, limit {limit:?}): the dual read gave {} rows, the truth {}; \
                 first difference {:02x?}",
                new_q.what,
                got.len(),
                want.len(),
                got.iter().zip(&want).find(|(a, b)| a != b)
            ));
        }
    }
    Ok(st)
}
