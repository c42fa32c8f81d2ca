//! The pipeline's second stage, the region simulator: two passes over a replayable stream of
//! writes, in memory bounded by the number of regions and the rows limited reads return (not
//! the writes):
//! 1. `first_pass`: route each write to its region (`regions`), auto-splitting a region past
//!    the threshold at the middle of a bounded sample of its keys; note the key range and time
//!    span, which the reads are planned from;
//! 2. `second_pass`: route each write again among the regions the table ends with (`route`),
//!    and count exactly: writes per region, per window (with the regions as they stood then),
//!    per heatmap cell ([`Heat`], on the [`KeyAxis`]), and the rows each read's ranges hold.

mod first_pass;
mod heat;
pub(crate) mod keyaxis;
mod read_counter;
// Public for the routing benchmark (`benches/route.rs`) only: not API.
#[doc(hidden)]
pub mod regions;
#[doc(hidden)]
pub mod route;
mod sample;
mod second_pass;
pub(crate) mod types;
mod windows;

pub use heat::Heat;
pub use keyaxis::KeyAxis;
pub use regions::Regions;
pub use types::{WriteFn, AXIS_SAMPLE};
pub use windows::{Report, Window};

use std::sync::atomic::AtomicBool;

use crate::error::StudyError;
use crate::query::ByteQuery;
use types::{KeyInfo, Options, Run, Span, Writes};

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
/// use rowkey_studio::engine::simulate_until;
/// use rowkey_studio::KeyInfo;
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
