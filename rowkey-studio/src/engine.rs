//! The region simulator, in two passes over a replayable stream of writes, in memory bounded by
//! the number of regions and the rows limited reads return (not the writes):
//! 1. [`regions`]: route each write to its region, auto-splitting a region past the threshold at
//!    the middle of a bounded sample of its keys; note the key range and time span;
//! 2. [`route`]: route each write again among the regions the table ends with, and count
//!    exactly: writes per region, per window (with the regions as they stood then), per heatmap
//!    cell, and the rows each read's ranges hold.

pub(crate) mod read_counter;
pub mod regions;
pub mod report;
pub mod route;
pub mod sample;

pub use report::{Report, Window};

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::StudyError;
use crate::heatmap::Heat;
use crate::keyaxis::{Cut, KeyAxis};
use crate::query::{ByteQuery, ReadCost};
pub use crate::time::TimeUnit;
use regions::{Regions, Splitter};
use route::Router;
use sample::Sample;

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
            labels: &|key: &[u8]| vec![crate::labels::binary_prefix(key)],
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
    let hint = writes.len_hint().unwrap_or(0);
    let step = (hint / 50).max(1);

    // Pass 1: the regions, the key range, the time span.
    let mut splitter = if options.splits.is_empty() {
        Splitter::new(&options.presplit, Some(options.split_writes))
    } else {
        Splitter::new(&options.splits, None)
    };
    let (mut lo, mut hi) = (Vec::new(), Vec::new());
    let mut axis_sample = Sample::with_keep(AXIS_SAMPLE);
    let mut times: Option<(i64, i64)> = None;
    let mut n = 0u64;
    let mut stopped = false;
    writes.replay(&mut |t, key| {
        if n == 0 || key < lo.as_slice() {
            lo.clear();
            lo.extend_from_slice(key);
        }
        if n == 0 || key > hi.as_slice() {
            hi.clear();
            hi.extend_from_slice(key);
        }
        if let Some(t) = t {
            times = Some(times.map_or((t, t), |(a, b)| (a.min(t), b.max(t))));
        }
        axis_sample.offer(key, sample::hash(key));
        splitter.put(key);
        n += 1;
        if n.is_multiple_of(step) && hint > 0 {
            progress(0.5 * n as f64 / hint as f64);
        }
        if stop.load(Ordering::Relaxed) {
            stopped = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    })?;
    let regions = splitter.finish();
    let span = Span {
        writes: n,
        times,
        keys: (lo, hi),
    };
    let mut counters: Vec<read_counter::Counter> = reads(&span)?
        .into_iter()
        .map(|(name, q)| read_counter::Counter::new(name, q))
        .collect();

    // Pass 2: exact counts against the final regions.
    let sampled = axis_sample.into_keys();
    let axis = match options.cut {
        Cut::Rows => KeyAxis::by_rows(sampled, &span.keys.0, &span.keys.1, options.buckets),
        Cut::Range => KeyAxis::new(&span.keys.0, &span.keys.1, options.buckets),
    };
    let mut read_counts: Vec<Vec<u64>> = Vec::new();
    // The smallest key written into each bucket: its labels are the bucket's.
    let mut firsts: Vec<Option<Vec<u8>>> = vec![None; axis.buckets()];
    let mut salt_writes = vec![0u64; key.salts.len()];
    let window = options.window.max(1);
    let by_time = options
        .window_time
        .filter(|&t| t > 0)
        .zip(span.times.map(|(first, _)| first));
    let mut router = Router::new(&regions, options.servers, window);
    let mut last_window = 0usize;
    let mut first_writes: Vec<Option<(u64, u64)>> = Vec::new();
    let mut counts: Vec<Vec<u64>> = Vec::new();
    let mut window_times: Vec<Option<(i64, i64)>> = Vec::new();
    let mut i = 0u64;
    let step = (n / 50).max(1);
    let salts = &key.salts;
    writes.replay(&mut |t, key| {
        let w = match (by_time, t) {
            (Some((span, first)), Some(t)) => (((t - first) / span) as usize).max(last_window),
            (Some(_), None) => last_window,
            (None, _) => (i / window) as usize,
        };
        last_window = w;
        while counts.len() <= w {
            counts.push(vec![0; axis.buckets()]);
            read_counts.push(vec![0; axis.buckets()]);
            window_times.push(None);
            first_writes.push(None);
        }
        let slot = &mut first_writes[w];
        *slot = Some(slot.map_or((i, i), |(a, _)| (a, i)));
        let b = axis.bucket(key);
        counts[w][b] += 1;
        match &mut firsts[b] {
            Some(f) if key >= f.as_slice() => {}
            Some(f) => {
                f.clear();
                f.extend_from_slice(key);
            }
            slot => *slot = Some(key.to_vec()),
        }
        if !salts.is_empty() {
            let s = salts.partition_point(|s| s.as_slice() <= key);
            if s > 0 && key.starts_with(&salts[s - 1]) {
                salt_writes[s - 1] += 1;
            }
        }
        if let Some(t) = t {
            let slot = &mut window_times[w];
            *slot = Some(slot.map_or((t, t), |(a, b)| (a.min(t), b.max(t))));
        }
        if by_time.is_some() {
            router.put_in(key, w);
        } else {
            router.put(key);
        }
        for c in &mut counters {
            if c.put(key, i, w, b) == read_counter::Hit::Read {
                read_counts[w][b] += 1;
            }
        }
        i += 1;
        if i.is_multiple_of(step) && i < n {
            progress(0.5 + 0.5 * i as f64 / n.max(1) as f64);
        }
        if i == n {
            // A stopped first pass read only these.
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    })?;
    if i != n {
        return Err(StudyError::Replay {
            first: n,
            second: i,
        });
    }
    progress(1.0);
    let report = router.finish();
    let reads = counters
        .into_iter()
        .map(|c| c.finish(&regions.starts, &mut read_counts))
        .collect();
    // Each bucket's labels: those of the smallest key written into it (of where it starts when
    // it is empty).
    let labels = firsts
        .iter()
        .enumerate()
        .map(|(b, first)| (key.labels)(first.as_deref().unwrap_or(&axis.start(b))))
        .collect();
    let heat = Heat {
        region_starts: regions.starts[1..]
            .iter()
            .map(|s| axis.position(s))
            .collect(),
        axis,
        counts,
        reads: read_counts,
        labels,
        times: window_times,
        writes: first_writes,
        window_time: by_time.map(|(span, first)| (first, span)),
        time_unit: options.time_unit,
    };
    Ok(Run {
        report,
        heat,
        reads,
        regions,
        span,
        salt_writes,
        stopped,
    })
}
