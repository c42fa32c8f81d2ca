//! The pipeline's second stage, the region simulator: two passes over a replayable stream of
//! writes, in memory bounded by the number of regions and the rows limited reads return (not
//! the writes):
//! 1. `first_pass`: route each write to its region ([`regions`]), auto-splitting a region past
//!    the threshold at the middle of a bounded sample of its keys; note the key range and time
//!    span, which the reads are planned from;
//! 2. `second_pass`: route each write again among the regions the table ends with ([`route`]),
//!    and count exactly: writes per region, per window (with the regions as they stood then),
//!    per heatmap cell ([`heat`], on the [`keyaxis`]), and the rows each read's ranges hold.

mod first_pass;
pub mod heat;
pub mod keyaxis;
pub(crate) mod read_counter;
pub mod regions;
pub mod route;
pub mod sample;
mod second_pass;
pub mod windows;

pub use windows::{Report, Window};

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use crate::error::StudyError;
use crate::query::{ByteQuery, ReadCost};
pub use crate::time::TimeUnit;
use heat::Heat;
use keyaxis::Cut;
use regions::Regions;

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
/// use rowkey_studio::engine::Writes;
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
    /// True when the run was stopped before the end of its writes ([`simulate_until`]): it
    /// covers the first [`Span::writes`] of them.
    pub stopped: bool,
}

/// Simulates `writes` on a table set up by `options`, with the reads `reads` plans once the
/// first pass has measured the writes. `progress` is called with the fraction done, about a
/// hundred times when the number of writes is known, and with 1.0 once, at the end.
pub fn simulate(
    writes: &dyn Writes,
    key: &KeyInfo<'_>,
    reads: impl FnOnce(&Span) -> Result<Vec<(String, ByteQuery)>, StudyError>,
    options: &Options,
    progress: &mut dyn FnMut(f64),
) -> Result<Run, StudyError> {
    simulate_until(
        writes,
        key,
        reads,
        options,
        progress,
        &AtomicBool::new(false),
    )
}

/// [`simulate`], stopping early when `stop` is set: the first pass ends at the write it is
/// seen at, and the run covers the writes read until then ([`Run::stopped`]); set during the
/// second pass, which replays only those writes, it lets that pass finish.
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use rowkey_studio::engine::{simulate_until, KeyInfo};
/// use rowkey_studio::Options;
///
/// let log: Vec<(Option<i64>, Vec<u8>)> = (0u32..10_000).map(|i| (None, i.to_be_bytes().to_vec())).collect();
/// let stop = AtomicBool::new(false);
/// let run = simulate_until(&log, &KeyInfo::bytes(), |_| Ok(Vec::new()), &Options::default(),
///     &mut |fraction| if fraction >= 0.2 { stop.store(true, Ordering::Relaxed) }, &stop).unwrap();
/// assert!(run.stopped && run.span.writes < 10_000);
/// assert_eq!(run.report.writes, run.span.writes);
/// ```
pub fn simulate_until(
    writes: &dyn Writes,
    key: &KeyInfo<'_>,
    reads: impl FnOnce(&Span) -> Result<Vec<(String, ByteQuery)>, StudyError>,
    options: &Options,
    progress: &mut dyn FnMut(f64),
    stop: &AtomicBool,
) -> Result<Run, StudyError> {
    let first = first_pass::run(writes, options, progress, stop)?;
    let reads = reads(&first.span)?;
    second_pass::run(writes, key, first, reads, options, progress)
}
