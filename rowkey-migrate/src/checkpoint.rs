//! A unit's progress: the last old key copied.

use super::plan::Unit;
use rowkey_runtime::ScanRange;

/// How far a unit's copy has come: the last old key copied (`None`: nothing yet), and whether
/// the unit is finished.
///
/// ```
/// use rowkey::migrate::{Checkpoint, Unit};
/// use rowkey::ScanRange;
///
/// let unit = Unit { index: 2, range: ScanRange { start: vec![0x20], stop: vec![0x30] } };
/// let mut at = Checkpoint::start(&unit);
/// assert_eq!(at.remaining(&unit).start, [0x20]);
/// at.copied(&[0x25, 0x01]);
/// let rest = at.remaining(&unit);
/// assert_eq!((rest.start.as_slice(), rest.stop.as_slice()), (&[0x25, 0x01, 0x00][..], &[0x30][..]));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoint {
    /// The unit's number.
    pub unit: usize,
    /// The last old key copied.
    pub last: Option<Vec<u8>>,
    /// True when every row of the unit was copied.
    pub done: bool,
}

impl Checkpoint {
    /// A unit not started.
    pub fn start(unit: &Unit) -> Self {
        Checkpoint {
            unit: unit.index,
            last: None,
            done: false,
        }
    }

    /// Records that the row `old_key` was copied (rows are copied in key order).
    pub fn copied(&mut self, old_key: &[u8]) {
        match &mut self.last {
            Some(last) => {
                last.clear();
                last.extend_from_slice(old_key);
            }
            None => self.last = Some(old_key.to_vec()),
        }
    }

    /// What is left of `unit` to copy: the range after the last key copied.
    pub fn remaining(&self, unit: &Unit) -> ScanRange {
        match &self.last {
            Some(last) => unit.range.after(last),
            None => unit.range.clone(),
        }
    }
}
