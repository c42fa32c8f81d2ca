//! Where generated layouts draw their field values from: a pool of a few values per field
//! (so keys share prefixes, orders get ties and scans find rows), or fresh values.

use core::ops::Bound;

use crate::rng::{mix, Rng};

/// The source of field values for one layout.
#[derive(Debug, Clone)]
pub struct Values {
    rng: Rng,
    seed: u64,
    /// Values per field in pool mode; 0 for fresh values.
    variety: u64,
    /// Strings and byte vectors are long parts.
    long: bool,
}

impl Values {
    /// Values from `seed`; each field takes one of `variety` values (0: always fresh ones).
    pub fn new(seed: u64, variety: u64) -> Self {
        Values {
            rng: Rng::new(seed),
            seed,
            variety,
            long: false,
        }
    }

    /// Fresh values whose strings and byte vectors are long parts (20,000+ bytes).
    pub fn long(seed: u64) -> Self {
        Values {
            long: true,
            ..Values::new(seed, 0)
        }
    }

    /// The generator for field `i` of the next key: in pool mode, one of `variety` seeds.
    pub fn field(&mut self, i: usize) -> Rng {
        if self.long {
            Rng::long(self.rng.next_u64())
        } else if self.variety == 0 {
            Rng::new(self.rng.next_u64())
        } else {
            let slot = self.rng.below(self.variety);
            Rng::new(mix(&[self.seed, i as u64, slot]))
        }
    }

    /// The layout's own random source (queries, mutations).
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    /// A range bound: unbounded, or included/excluded at a value of another key (usually) or
    /// a fresh value (which may be one the field refuses).
    pub fn bound<K, T>(
        &mut self,
        keys: &[K],
        get: impl Fn(&K) -> T,
        fresh: impl Fn(&mut Rng) -> T,
    ) -> Bound<T> {
        let value = |s: &mut Self| {
            if keys.is_empty() || s.rng.chance(1, 5) {
                let mut g = Rng::new(s.rng.next_u64());
                fresh(&mut g)
            } else {
                get(&keys[s.rng.index(keys.len())])
            }
        };
        match self.rng.below(8) {
            0 | 1 => Bound::Unbounded,
            2..=4 => Bound::Included(value(self)),
            _ => Bound::Excluded(value(self)),
        }
    }

    /// A third of the time, a set of values for a field a query fixes (`.f([..])`), else
    /// `None` (the query fixes `t`, the value of the key it started from). The set is empty
    /// one time in eight; otherwise one to five values, each `t` (so rows match), another
    /// key's, a fresh one (which the field may refuse), or a repeat of an earlier one.
    pub fn set<K, T: Clone>(
        &mut self,
        t: &T,
        keys: &[K],
        get: impl Fn(&K) -> T,
        fresh: impl Fn(&mut Rng) -> T,
    ) -> Option<Vec<T>> {
        if !self.rng.chance(1, 3) {
            return None;
        }
        if self.rng.chance(1, 8) {
            return Some(Vec::new());
        }
        let n = 1 + self.rng.index(5);
        let mut set: Vec<T> = Vec::with_capacity(n);
        for _ in 0..n {
            let value = match self.rng.below(6) {
                0 | 1 => t.clone(),
                2 | 3 if !keys.is_empty() => get(&keys[self.rng.index(keys.len())]),
                5 if !set.is_empty() => set[self.rng.index(set.len())].clone(),
                _ => {
                    let mut g = Rng::new(self.rng.next_u64());
                    fresh(&mut g)
                }
            };
            set.push(value);
        }
        Some(set)
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.rng.chance(num, den)
    }
}

/// True when the bound's value (if any) is one the field accepts.
pub fn bound_ok<T>(b: &Bound<T>, accepts: impl Fn(&T) -> bool) -> bool {
    match b {
        Bound::Included(v) | Bound::Excluded(v) => accepts(v),
        Bound::Unbounded => true,
    }
}

/// OpenTSDB tag pairs: up to three, UIDs of nasty bytes (so pairs share prefixes).
pub fn tags(g: &mut Rng) -> rowkey::opentsdb::Tags {
    let n = g.index(4);
    let uid = |g: &mut Rng| [g.pick(&[0u8, 1, 0xFF]), g.pick(&[0u8, 7]), g.byte()];
    rowkey::opentsdb::Tags((0..n).map(|_| (uid(g), uid(g))).collect())
}

/// A chrono instant: [`Rng::instant`]'s, where chrono can hold it (else 1970), and sometimes a
/// leap second (nanoseconds of 10^9 or more, refused by Phoenix keys).
pub fn utc(g: &mut Rng, whole_millis: bool) -> chrono::DateTime<chrono::Utc> {
    if g.chance(1, 16) {
        let secs = 1_483_228_799 + 60 * g.below(1000) as i64;
        let nanos = 1_000_000_000 + g.below(1_000_000_000) as u32;
        if let Some(t) = chrono::DateTime::from_timestamp(secs, nanos) {
            return t;
        }
    }
    let t = g.instant(whole_millis);
    crate::order::phoenix_instant(&t)
        .and_then(|(m, sub)| {
            let nanos = (m.rem_euclid(1000) as u32) * 1_000_000 + sub;
            chrono::DateTime::from_timestamp(m.div_euclid(1000), nanos)
        })
        .unwrap_or_default()
}
