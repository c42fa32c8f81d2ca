//! The second pass over the writes: each routed again among the regions the table ends with
//! ([`Router`]) and counted exactly, per region, per window (with the regions as they stood
//! then), per heatmap cell, and per read ([`Counter`]); then the heat, each key bucket labelled
//! by the smallest key written into it.

use std::ops::ControlFlow;

use super::first_pass::First;
use super::heat::Heat;
use super::keyaxis::{Cut, KeyAxis};
use super::read_counter::{self, Counter};
use super::route::Router;
use super::{KeyInfo, Options, Run};
use crate::error::StudyError;
use crate::query::ByteQuery;

/// Replays the first pass's writes once more (calling `progress` with 0.5 to 1), counting them
/// and the `reads` planned from its span.
pub(super) fn run(
    writes: &dyn super::Writes,
    key: &KeyInfo<'_>,
    first: First,
    reads: Vec<(String, ByteQuery)>,
    options: &Options,
    progress: &mut dyn FnMut(f64),
) -> Result<Run, StudyError> {
    let First {
        regions,
        span,
        axis_sample,
        stopped,
    } = first;
    let n = span.writes;
    let mut counters: Vec<Counter> = reads
        .into_iter()
        .map(|(name, q)| Counter::new(name, q))
        .collect();
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
