//! A Key-Visualizer heatmap's data ([`Heat`]: writes per window and key bucket, and where the
//! regions' boundaries fall on the key axis at the end of the run), which the report draws.

use super::keyaxis::KeyAxis;

/// Writes per (window, key bucket), and the table's regions at the end.
#[derive(Debug, Clone, PartialEq)]
pub struct Heat {
    /// How keys map to buckets.
    pub axis: KeyAxis,
    /// `counts[window][bucket]`: writes of that window whose key is in that bucket.
    pub counts: Vec<Vec<u64>>,
    /// `reads[window][bucket]`: of those writes, how many the reads' ranges read (a row two
    /// reads read counts twice).
    pub reads: Vec<Vec<u64>>,
    /// Each bucket's labels: the leading parts of the smallest key written into it (of its start
    /// when empty), decoded when the key's type is known, else its toStringBinary prefix.
    pub labels: Vec<Vec<String>>,
    /// Where each region but the first starts, as a fraction of the key axis (0 to 1).
    pub region_starts: Vec<f64>,
    /// The first and last time of each window's writes, when the writes have times.
    pub times: Vec<Option<(i64, i64)>>,
    /// The numbers (0-based) of each window's first and last write (`None`: a window of time
    /// with no writes).
    pub writes: Vec<Option<(u64, u64)>>,
    /// For windows of time: the time the first window starts at and each window's length.
    pub window_time: Option<(i64, i64)>,
    /// What the times are.
    pub time_unit: crate::time::TimeUnit,
}
