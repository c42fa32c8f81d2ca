//! The first pass: which regions the table ends with, and when each appeared. Writes are routed
//! to their region; a region that has taken more than the split threshold of writes splits at
//! the middle key of its sample, as HBase splits a region that outgrew its size at the middle of
//! its data. Memory: the region starts and one bounded sample per region, whatever the writes.

use super::sample::{hash, Sample};

/// The regions a run ends with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Regions {
    /// Region starts in key order; the first is the empty key.
    pub starts: Vec<Vec<u8>>,
    /// For each region, the writes done when its start appeared: 0 for the first region and
    /// for given split points, the count at the split for an auto-split.
    pub born: Vec<u64>,
    /// Auto-splits that happened.
    pub splits: usize,
}

/// The first pass over the writes.
#[derive(Debug)]
pub struct Splitter {
    starts: Vec<Vec<u8>>,
    born: Vec<u64>,
    size: Vec<u64>,
    samples: Vec<Sample>,
    split_writes: Option<u64>,
    writes: u64,
    splits: usize,
}

impl Splitter {
    /// A table split at `splits` (sorted and deduplicated here) that auto-splits a region past
    /// `split_writes` writes when that is given.
    pub fn new(splits: &[Vec<u8>], split_writes: Option<u64>) -> Self {
        let mut starts = vec![Vec::new()];
        starts.extend(splits.iter().cloned());
        starts.sort();
        starts.dedup();
        let n = starts.len();
        Splitter {
            starts,
            born: vec![0; n],
            size: vec![0; n],
            samples: vec![Sample::default(); n],
            split_writes: split_writes.map(|w| w.max(2)),
            writes: 0,
            splits: 0,
        }
    }

    /// One write of `key`.
    #[inline]
    pub fn put(&mut self, key: &[u8]) {
        self.writes += 1;
        let Some(limit) = self.split_writes else {
            return;
        };
        let r = self.starts.partition_point(|s| s.as_slice() <= key) - 1;
        self.size[r] += 1;
        self.samples[r].offer(key, hash(key));
        if self.size[r] > limit {
            self.split(r);
        }
    }

    fn split(&mut self, r: usize) {
        let Some(mid) = self.samples[r].middle().map(<[u8]>::to_vec) else {
            return;
        };
        let upper = self.samples[r].split_off(&mid);
        let (low, high) = (self.samples[r].len() as u64, upper.len() as u64);
        // The writes each half holds, in the sample's proportion.
        let upper_size = self.size[r] * high / (low + high);
        self.size[r] -= upper_size;
        self.starts.insert(r + 1, mid);
        self.born.insert(r + 1, self.writes);
        self.size.insert(r + 1, upper_size);
        self.samples.insert(r + 1, upper);
        self.splits += 1;
    }

    /// The regions at the end.
    pub fn finish(self) -> Regions {
        Regions {
            starts: self.starts,
            born: self.born,
            splits: self.splits,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each auto-split key cuts its region's keys at that moment near their middle, and the
    /// regions are sized by the threshold: recounted from every key written before the split.
    #[test]
    fn splits_fall_near_the_middle_of_the_region_they_cut() {
        let keys: Vec<Vec<u8>> = (0u64..60_000)
            .map(|i| {
                xxhash_rust::xxh3::xxh3_64(&i.to_be_bytes())
                    .to_be_bytes()
                    .to_vec()
            })
            .collect();
        let mut s = Splitter::new(&[], Some(5_000));
        let mut seen: Vec<&[u8]> = Vec::new();
        let mut regions = 1;
        for k in &keys {
            s.put(k);
            seen.push(k);
            if s.starts.len() > regions {
                regions = s.starts.len();
                // The new start and the region it cut, as the starts stand now.
                let i = (1..s.starts.len())
                    .find(|&i| s.born[i] == s.writes)
                    .unwrap();
                let (lo, mid) = (&s.starts[i - 1], &s.starts[i]);
                let hi = s.starts.get(i + 1);
                let inside: Vec<&[u8]> = seen
                    .iter()
                    .copied()
                    .filter(|k| *k >= lo.as_slice() && hi.is_none_or(|h| *k < h.as_slice()))
                    .collect();
                let below = inside.iter().filter(|k| **k < mid.as_slice()).count();
                let all = inside.len();
                if regions == 2 {
                    assert_eq!(
                        all, 5_001,
                        "the first region splits at its first write past the limit"
                    );
                } else {
                    // A half's size is estimated from the sample at the split: near the limit.
                    assert!(
                        (4_000..=6_000).contains(&all),
                        "a region of {all} writes split"
                    );
                }
                let share = below as f64 / all as f64;
                assert!(
                    (0.3..0.7).contains(&share),
                    "split at {share} of its region"
                );
            }
        }
        let r = s.finish();
        assert!(
            r.starts.len() >= 12 && r.starts.len() <= 24,
            "{}",
            r.starts.len()
        );
        assert_eq!(r.splits, r.starts.len() - 1);
        assert!(r.starts.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn given_splits_do_not_move_and_a_one_row_region_does_not_split() {
        let mut s = Splitter::new(&[vec![9], vec![3], vec![3]], None);
        for _ in 0..10 {
            s.put(&[5]);
        }
        assert_eq!(s.finish().starts, [vec![], vec![3], vec![9]]);
        let mut one = Splitter::new(&[], Some(2));
        for _ in 0..100 {
            one.put(b"same");
        }
        let r = one.finish();
        assert_eq!((r.starts.len(), r.splits), (1, 0));
    }
}
