//! The first pass over the writes: the regions the table ends with ([`Splitter`]), the key
//! range and time span the reads are planned from, and the sample of keys the heatmap's key
//! axis is cut from.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use super::regions::{Regions, Splitter};
use super::sample::{self, Sample};
use super::{Options, Span, Writes, AXIS_SAMPLE};
use crate::error::StudyError;

/// What the first pass learned.
pub(super) struct First {
    pub regions: Regions,
    pub span: Span,
    /// Distinct keys written, a bounded sample, for the key axis.
    pub axis_sample: Sample,
    /// True when `stop` ended the pass before the last write.
    pub stopped: bool,
}

/// Reads `writes` once (calling `progress` with 0 to 0.5), until `stop` is set.
pub(super) fn run(
    writes: &dyn Writes,
    options: &Options,
    progress: &mut dyn FnMut(f64),
    stop: &AtomicBool,
) -> Result<First, StudyError> {
    let hint = writes.len_hint().unwrap_or(0);
    let step = (hint / 50).max(1);
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
    Ok(First {
        regions: splitter.finish(),
        span: Span {
            writes: n,
            times,
            keys: (lo, hi),
        },
        axis_sample,
        stopped,
    })
}
