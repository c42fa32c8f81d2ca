//! What the simulator takes and gives: the writes it replays ([`Writes`]), how the table is
//! set up ([`Options`]), what it knows of the keys ([`KeyInfo`]), and one run's results
//! ([`Run`], with the first pass's [`Span`]). The crate's root re-exports them: they are the
//! study's words as much as the simulator's.

use std::ops::ControlFlow;

use super::heat::Heat;
use super::keyaxis::Cut;
use super::regions::Regions;
use super::windows::Report;
use crate::error::StudyError;
use crate::query::ReadCost;
use crate::time::TimeUnit;

/// What a replay calls with each write: its time (if known, in any unit) and row key; it
/// answers whether to go on.
pub type WriteFn<'a> = dyn FnMut(Option<i64>, &[u8]) -> ControlFlow<()> + 'a;

/// A stream of writes that can be replayed: the simulator reads it twice, and both times it
/// must yield the same writes in the same order.
pub trait Writes {
    /// Calls `write` with each write's time (if known, in any unit) and row key, in order,
    /// until it returns [`ControlFlow::Break`] (the simulator was stopped, or has the writes
    /// it needs), which ends the replay early with `Ok`.
    fn replay(&self, write: &mut WriteFn<'_>) -> Result<(), StudyError>;

    /// How many writes there are, if known before replaying (for progress).
    fn len_hint(&self) -> Option<u64> {
        None
    }
}

/// Keys in memory, in write order, with their times.
///
/// ```
/// use rowkey_studio::Writes;
///
/// let log: Vec<(Option<i64>, Vec<u8>)> = vec![(Some(1), b"a".to_vec()), (Some(2), b"b".to_vec())];
/// let mut seen = Vec::new();
/// log.replay(&mut |t, k| {
///     seen.push((t, k.to_vec()));
///     std::ops::ControlFlow::Continue(())
/// })
/// .unwrap();
/// assert_eq!(seen, log);
/// ```
impl<K: AsRef<[u8]>> Writes for Vec<(Option<i64>, K)> {
    fn replay(&self, write: &mut WriteFn<'_>) -> Result<(), StudyError> {
        for (t, k) in self {
            if write(*t, k.as_ref()).is_break() {
                break;
            }
        }
        Ok(())
    }

    fn len_hint(&self) -> Option<u64> {
        Some(self.len() as u64)
    }
}

/// How the simulated table is set up and measured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Writes per window (a heatmap column, a row of the window statistics).
    pub window: u64,
    /// Windows of this much time instead (in the writes' time unit), when the writes have times
    /// (which must then not decrease: a write earlier than the one before it counts in the
    /// latter's window). A window of time with no writes is an empty column of the maps and
    /// has no statistics.
    pub window_time: Option<i64>,
    /// What the writes' times are, for the maps' time axis.
    pub time_unit: TimeUnit,
    /// A region splits at its middle key past this many writes (HBase splits by size, which
    /// every write adds to).
    pub split_writes: u64,
    /// A table split at these points from the start (a real table's region boundaries), which
    /// then does not auto-split; empty: one region that auto-splits past `split_writes`.
    pub splits: Vec<Vec<u8>>,
    /// A table created split at these points, which then auto-splits past `split_writes` (a
    /// design's pre-split); ignored when `splits` is given.
    pub presplit: Vec<Vec<u8>>,
    /// Region servers hosting the regions.
    pub servers: usize,
    /// Rows of the heatmap.
    pub buckets: usize,
    /// How the heatmap's key axis is cut: equal row counts (the default) or equal key ranges.
    pub cut: Cut,
}

impl Default for Options {
    /// Windows of 10,000 writes, splits past 25,000 writes, 8 region servers, 64 buckets of equal
    /// row count.
    fn default() -> Self {
        Options {
            window: 10_000,
            window_time: None,
            time_unit: TimeUnit::Number,
            split_writes: 25_000,
            splits: Vec::new(),
            presplit: Vec::new(),
            servers: 8,
            buckets: 64,
            cut: Cut::Rows,
        }
    }
}

impl Options {
    /// How the table splits, in words.
    ///
    /// ```
    /// use rowkey_studio::Options;
    /// let o = Options { splits: vec![vec![0x80]], ..Options::default() };
    /// assert_eq!(o.splitting(), "starts as 2 regions at the given split points and does not auto-split");
    /// ```
    pub fn splitting(&self) -> String {
        if self.splits.is_empty() {
            format!(
                "starts as {} and splits a region at its middle key past {} writes",
                match self.presplit.len() {
                    0 => "one region".to_string(),
                    n => format!("{} regions (pre-split)", n + 1),
                },
                self.split_writes
            )
        } else {
            format!(
                "starts as {} regions at the given split points and does not auto-split",
                self.splits.len() + 1
            )
        }
    }
}

/// What the first pass learned about the writes, which reads are planned from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    /// Writes in total.
    pub writes: u64,
    /// The earliest and the latest time of the writes, when they have times.
    pub times: Option<(i64, i64)>,
    /// The lowest and the highest key written (empty when nothing was).
    pub keys: (Vec<u8>, Vec<u8>),
}

/// What the simulator knows of the keys' type.
pub struct KeyInfo<'a> {
    /// A key's labels on the heatmap's key axis: its leading parts decoded (the key's own
    /// `explain`) when its type is known.
    pub labels: &'a dyn Fn(&[u8]) -> Vec<String>,
    /// The salt of each bucket, sorted, for a key salted into buckets; empty otherwise.
    pub salts: Vec<Vec<u8>>,
}

impl KeyInfo<'_> {
    /// Keys of unknown type: labelled by their toStringBinary prefix, no salt known.
    pub fn bytes() -> KeyInfo<'static> {
        KeyInfo {
            labels: &|key: &[u8]| vec![crate::report::labels::binary_prefix(key)],
            salts: Vec::new(),
        }
    }
}

/// Distinct keys the key axis samples (at most twice as many).
pub const AXIS_SAMPLE: usize = 4096;

/// One simulation's results.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// Regions, splits and per-window spread.
    pub report: Report,
    /// Where the writes fell, window by window.
    pub heat: Heat,
    /// What each read costs on the table at the end.
    pub reads: Vec<ReadCost>,
    /// The regions at the end.
    pub regions: Regions,
    /// The writes' count, time span and key range.
    pub span: Span,
    /// Writes per salt bucket, in the order of [`KeyInfo::salts`] (empty without bucket salts).
    pub salt_writes: Vec<u64>,
    /// True when the run was stopped before the end of its writes ([`simulate_until`](super::simulate_until)): it
    /// covers the first [`Span::writes`] of them.
    pub stopped: bool,
}
