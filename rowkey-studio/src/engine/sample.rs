//! A region's sample of its distinct keys, bounded in size, from which the region picks its split
//! key: every key whose hash is below the region's threshold (threshold sampling). A key is in or
//! out by its hash alone, so a key written twice counts once, the sample of the part of a region
//! below any key is exactly the sample of that part, and splitting a region splits its sample
//! into the two halves' samples with no bias toward recent keys.

use std::collections::BTreeMap;

/// Keys a region's sample keeps after thinning; it thins when it holds twice as many.
pub const KEEP: usize = 256;

/// A bounded sample of a region's distinct keys.
#[derive(Debug, Clone)]
pub struct Sample {
    keys: BTreeMap<Vec<u8>, u64>,
    /// Keys whose hash is below this are kept.
    threshold: u64,
    /// Keys kept after thinning.
    keep: usize,
}

impl Default for Sample {
    /// A region's sample: [`KEEP`] keys after thinning.
    fn default() -> Self {
        Sample::with_keep(KEEP)
    }
}

/// The hash that decides whether a key is sampled.
pub fn hash(key: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(key)
}

impl Sample {
    /// A sample that keeps `keep` keys after thinning (at most twice as many).
    pub fn with_keep(keep: usize) -> Self {
        Sample {
            keys: BTreeMap::new(),
            threshold: u64::MAX,
            keep: keep.max(1),
        }
    }

    /// Offers a written key whose [`hash`] is `h`; kept if under the threshold.
    #[inline]
    pub fn offer(&mut self, key: &[u8], h: u64) {
        if h >= self.threshold || self.keys.contains_key(key) {
            return;
        }
        self.keys.insert(key.to_vec(), h);
        if self.keys.len() > 2 * self.keep {
            self.thin();
        }
    }

    /// Lowers the threshold to the `keep`-th smallest hash and drops the keys at or above it.
    fn thin(&mut self) {
        let mut hashes: Vec<u64> = self.keys.values().copied().collect();
        let (_, &mut nth, _) = hashes.select_nth_unstable(self.keep);
        self.threshold = nth;
        self.keys.retain(|_, h| *h < nth);
    }

    /// Keys held.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// The middle key of the sample: the split key of a region, which HBase takes from the
    /// middle of the region's data. `None` with fewer than two keys (a region of one row does
    /// not split).
    pub fn middle(&self) -> Option<&[u8]> {
        if self.keys.len() < 2 {
            return None;
        }
        self.keys.keys().nth(self.keys.len() / 2).map(Vec::as_slice)
    }

    /// Splits off the keys at or above `at`: the sample of the upper part, with the same
    /// threshold.
    pub fn split_off(&mut self, at: &[u8]) -> Sample {
        Sample {
            keys: self.keys.split_off(at),
            threshold: self.threshold,
            keep: self.keep,
        }
    }

    /// The keys held, sorted.
    pub fn into_keys(self) -> Vec<Vec<u8>> {
        self.keys.into_keys().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_stays_bounded_and_keeps_what_is_under_its_threshold() {
        let mut s = Sample::default();
        for i in 0u64..100_000 {
            let key = i.to_be_bytes();
            s.offer(&key, hash(&key));
            assert!(s.len() <= 2 * KEEP);
        }
        assert!(s.len() >= KEEP, "{}", s.len());
        // Exactly the keys under the threshold: recount them all.
        let under = (0u64..100_000)
            .filter(|i| hash(&i.to_be_bytes()) < s.threshold)
            .count();
        assert_eq!(under, s.len());
        // A key offered again is not counted twice.
        let n = s.len();
        let (k, h) = s.keys.iter().next().map(|(k, h)| (k.clone(), *h)).unwrap();
        s.offer(&k, h);
        assert_eq!(s.len(), n);
    }

    #[test]
    fn the_middle_splits_the_keys_near_their_median() {
        let mut s = Sample::default();
        for i in 0u64..50_000 {
            let key = i.to_be_bytes();
            s.offer(&key, hash(&key));
        }
        let mid = u64::from_be_bytes(s.middle().unwrap().try_into().unwrap());
        // A sample of 256 to 512 keys: the median within 10% of the middle.
        assert!((20_000..30_000).contains(&mid), "{mid}");
        let mid_key = mid.to_be_bytes();
        let upper = s.split_off(&mid_key);
        assert!(s.keys.keys().all(|k| k.as_slice() < &mid_key[..]));
        assert!(upper.keys.keys().all(|k| k.as_slice() >= &mid_key[..]));
        assert_eq!(upper.threshold, s.threshold);
        let mut one = Sample::default();
        one.offer(b"k", hash(b"k"));
        assert_eq!(one.middle(), None);
    }
}
