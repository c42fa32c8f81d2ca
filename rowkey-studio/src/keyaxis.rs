//! The heatmap's y axis: the key range a design's writes span, cut into buckets of equal key
//! range, as Bigtable's and TiDB's Key Visualizers draw it.

/// Keys between `lo` and `hi` (inclusive) on a linear axis: the bytes after their common
/// prefix, read as a 64-bit big-endian number (missing bytes are `00`).
///
/// ```
/// use rowkey_studio::keyaxis::KeyAxis;
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

    /// Where `key` lies on the axis, from 0 (the lowest key) to 1 (past the highest), clamped.
    pub fn position(&self, key: &[u8]) -> f64 {
        self.offset(key) as f64 / self.span() as f64
    }

    /// The bucket of `key`, `0..buckets`: equal shares of the axis's key range.
    pub fn bucket(&self, key: &[u8]) -> usize {
        let b = self.offset(key) * self.buckets as u128 / self.span();
        (b as usize).min(self.buckets - 1)
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
