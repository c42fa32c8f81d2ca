//! The heatmap's y axis: the key range a design's writes span, cut into buckets of roughly
//! equal row count (from a sample of the distinct keys written, as Bigtable's Key Visualizer
//! cuts it; the default) or of equal key range.

/// Keys between `lo` and `hi` (inclusive) on a linear axis: the bytes after their common
/// prefix, read as a 64-bit big-endian number (missing bytes are `00`).
///
/// ```
/// use rowkey_studio::engine::KeyAxis;
///
/// let axis = KeyAxis::new(b"k\x00", b"k\xFF", 4);
/// assert_eq!(axis.bucket(b"k\x00"), 0);
/// assert_eq!(axis.bucket(b"k\x40"), 1);
/// assert_eq!(axis.bucket(b"k\xFF\xFF"), 3);
/// assert_eq!(axis.position(b"j"), 0.0); // below the axis: clamped
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyAxis {
    prefix: Vec<u8>,
    lo: u64,
    hi: u64,
    buckets: usize,
    first: Vec<u8>,
    last: Vec<u8>,
    /// For buckets of equal row count.
    rows: Option<Quantiles>,
}

/// Buckets of equal row count: the sorted sample of distinct keys, and where buckets
/// `1..buckets` start (keys of the sample).
type Quantiles = (Vec<Vec<u8>>, Vec<Vec<u8>>);

/// How the key axis is cut into buckets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Cut {
    /// Buckets holding roughly equal numbers of distinct rows (quantiles of a sample of the
    /// keys): every populated part of the key space gets rows of the map in proportion to its
    /// rows, so each salt bucket gets its own band. The default, as in Bigtable's Key
    /// Visualizer.
    #[default]
    Rows,
    /// Buckets of equal key range: the bytes after the keys' common prefix read as a number.
    Range,
}

impl KeyAxis {
    /// The axis from `lo` to `hi` (`lo <= hi`) in `buckets` buckets (at least 1).
    pub fn new(lo: &[u8], hi: &[u8], buckets: usize) -> Self {
        let p = lo.iter().zip(hi).take_while(|(a, b)| a == b).count();
        KeyAxis {
            prefix: lo[..p].to_vec(),
            lo: word(&lo[p..]),
            hi: word(&hi[p..]),
            buckets: buckets.max(1),
            first: lo.to_vec(),
            last: hi.to_vec(),
            rows: None,
        }
    }

    /// The axis from `lo` to `hi` in `buckets` buckets of roughly equal row count, cut at the
    /// quantiles of `sample` (distinct keys written, sorted here); fewer buckets when fewer keys
    /// were sampled. With fewer than two sampled keys, buckets of equal range.
    ///
    /// ```
    /// use rowkey_studio::engine::KeyAxis;
    ///
    /// // Keys crowded at both ends of the range: each half of the buckets holds one crowd.
    /// let mut sample: Vec<Vec<u8>> = (0u8..50).map(|i| vec![i]).collect();
    /// sample.extend((200u8..250).map(|i| vec![i]));
    /// let axis = KeyAxis::by_rows(sample, b"\x00", b"\xF9", 4);
    /// assert!(axis.is_by_rows());
    /// assert_eq!(axis.bucket(&[10]), 0);
    /// assert_eq!(axis.bucket(&[30]), 1);
    /// assert_eq!(axis.bucket(&[210]), 2);
    /// assert_eq!(axis.bucket(&[240]), 3);
    /// assert_eq!(axis.start(2), [200]);
    /// assert_eq!(axis.position(&[200]), 0.5);
    /// ```
    pub fn by_rows(mut sample: Vec<Vec<u8>>, lo: &[u8], hi: &[u8], buckets: usize) -> Self {
        sample.sort();
        sample.dedup();
        if sample.len() < 2 {
            return KeyAxis::new(lo, hi, buckets);
        }
        // No more buckets than distinct keys sampled: each bucket starts at a key of its own.
        let mut axis = KeyAxis::new(lo, hi, buckets.min(sample.len()));
        let n = axis.buckets;
        let starts = (1..n)
            .map(|b| sample[b * sample.len() / n].clone())
            .collect();
        axis.rows = Some((sample, starts));
        axis
    }

    /// True when the buckets hold equal row counts rather than equal key ranges.
    pub fn is_by_rows(&self) -> bool {
        self.rows.is_some()
    }

    /// Where bucket `b` starts: a sampled key for buckets of equal row count, the key at that
    /// share of the range otherwise (the lowest key for bucket 0).
    pub fn start(&self, b: usize) -> Vec<u8> {
        if b == 0 {
            return self.first.clone();
        }
        match &self.rows {
            Some((_, starts)) => starts[b - 1].clone(),
            None => {
                let span = self.span();
                let offset = (span * b as u128).div_ceil(self.buckets as u128) as u64;
                let mut key = self.prefix.clone();
                key.extend_from_slice(&(self.lo + offset).to_be_bytes());
                while key.len() > self.prefix.len() + 1 && key.last() == Some(&0) {
                    key.pop();
                }
                key
            }
        }
    }

    /// Number of buckets.
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// The lowest and the highest key of the axis.
    pub fn ends(&self) -> (&[u8], &[u8]) {
        (&self.first, &self.last)
    }

    /// Where `key` lies on the axis, from 0 (the lowest key) to 1 (past the highest), clamped:
    /// its share of the sampled keys below it, or of the key range.
    pub fn position(&self, key: &[u8]) -> f64 {
        match &self.rows {
            Some((sample, _)) => {
                sample.partition_point(|s| s.as_slice() < key) as f64 / sample.len() as f64
            }
            None => self.offset(key) as f64 / self.span() as f64,
        }
    }

    /// The bucket of `key`, `0..buckets`.
    #[inline]
    pub fn bucket(&self, key: &[u8]) -> usize {
        match &self.rows {
            Some((_, starts)) => starts.partition_point(|s| s.as_slice() <= key),
            None => {
                let b = self.offset(key) * self.buckets as u128 / self.span();
                (b as usize).min(self.buckets - 1)
            }
        }
    }

    /// Keys on the axis: `hi - lo + 1`.
    fn span(&self) -> u128 {
        u128::from(self.hi - self.lo) + 1
    }

    /// `key`'s distance from the lowest key, `0..=span`: 0 below the axis, `span` above it.
    fn offset(&self, key: &[u8]) -> u128 {
        let p = self.prefix.len().min(key.len());
        match key[..p].cmp(&self.prefix[..]) {
            core::cmp::Ordering::Less => 0,
            core::cmp::Ordering::Greater => self.span(),
            core::cmp::Ordering::Equal => {
                u128::from(word(&key[p..]).clamp(self.lo, self.hi) - self.lo)
            }
        }
    }
}

fn word(bytes: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    let n = bytes.len().min(8);
    w[..n].copy_from_slice(&bytes[..n]);
    u64::from_be_bytes(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_cut_the_range_evenly() {
        let axis = KeyAxis::new(&[0x10, 0x00], &[0x10, 0xFF], 4);
        assert_eq!(axis.bucket(&[0x10, 0x00]), 0);
        assert_eq!(axis.bucket(&[0x10, 0x3F]), 0);
        assert_eq!(axis.bucket(&[0x10, 0x40]), 1);
        assert_eq!(axis.bucket(&[0x10, 0xFF]), 3);
        assert_eq!(axis.bucket(&[0x0F]), 0);
        assert_eq!(axis.bucket(&[0x11]), 3);
        // 0x80 of a range 0x00..=0xFF: 128/255 of the way.
        assert!((axis.position(&[0x10, 0x80]) - 128.0 / 255.0).abs() < 1e-9);
        assert_eq!(axis.position(&[0x11]), 1.0);
        let one = KeyAxis::new(b"k", b"k", 8);
        assert_eq!(one.bucket(b"k"), 0);
    }
}
