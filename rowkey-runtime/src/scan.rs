//! Scan helpers for prefix scans over any store sorted by unsigned bytes.

/// The stop row (exclusive) of a scan over every key that starts with `prefix`, exactly as
/// HBase's `ClientUtil.calculateTheClosestNextRowKeyForPrefix` computes it: drop trailing `FF`
/// bytes, then increment the last byte. An empty result means "no stop row" (end of table): the
/// answer for an empty or all-`FF` prefix.
///
/// ```
/// use rowkey::scan::prefix_stop;
///
/// assert_eq!(prefix_stop(&[0x12, 0x23, 0xFF, 0xFF]), vec![0x12, 0x24]);
/// assert_eq!(prefix_stop(b"abc"), b"abd".to_vec());
/// assert!(prefix_stop(&[0xFF, 0xFF]).is_empty());
/// ```
pub fn prefix_stop(prefix: &[u8]) -> Vec<u8> {
    match prefix.iter().rposition(|&b| b != 0xFF) {
        Some(i) => {
            let mut stop = prefix[..=i].to_vec();
            stop[i] += 1;
            stop
        }
        None => Vec::new(),
    }
}
