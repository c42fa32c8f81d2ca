//! Split points at the quantiles of a sample of real keys.

use super::SplitError;

/// Split points at the quantiles of a sample of real keys (sorted, distinct).
///
/// ```
/// let sample: Vec<Vec<u8>> = (0..100u8).map(|i| vec![i]).collect();
/// assert_eq!(rowkey::splits::from_sample(&sample, 4).unwrap(), [vec![25], vec![50], vec![75]]);
/// ```
pub fn from_sample<K: AsRef<[u8]>>(keys: &[K], regions: usize) -> Result<Vec<Vec<u8>>, SplitError> {
    if regions == 0 {
        return Err(SplitError::Empty);
    }
    let mut sorted: Vec<&[u8]> = keys.iter().map(AsRef::as_ref).collect();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() < regions {
        return Err(SplitError::TooManySplits {
            n: regions,
            range: sorted.len().to_string(),
        });
    }
    let mut points: Vec<Vec<u8>> = (1..regions)
        .map(|i| sorted[i * sorted.len() / regions].to_vec())
        .collect();
    points.dedup();
    Ok(points)
}
