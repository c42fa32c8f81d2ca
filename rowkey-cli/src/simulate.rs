//! One design's simulation: its writes routed through an auto-splitting simulated table
//! (`rowkey::sim`), and where each window of writes fell in the key space (the heatmap's data).

use rowkey::sim::{Report, Table};

use crate::designs::{message, Design};
use crate::keyaxis::KeyAxis;
use crate::reads::{read_cost, ReadCost};

/// What a simulation is run with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    /// Messages written.
    pub writes: u64,
    /// Writes per window (a heatmap column, a row of the window statistics).
    pub window: usize,
    /// A region splits at its middle key past this many rows.
    pub split_rows: usize,
    /// Seed of the random salt.
    pub seed: u64,
    /// Rows of the heatmap: buckets of equal key range.
    pub buckets: usize,
    /// Region servers hosting the regions.
    pub servers: usize,
    /// A table split at these points from the start (a real table's region boundaries), which
    /// then does not auto-split; empty: one region that auto-splits past `split_rows`.
    pub splits: Vec<Vec<u8>>,
}

impl Params {
    /// How the table splits, in words: `one region that splits a region at its middle key past
    /// N rows`, or `N regions from a file of split points, not auto-split`.
    pub fn splitting(&self) -> String {
        if self.splits.is_empty() {
            format!(
                "starts as one region and splits a region at its middle key past {} rows",
                self.split_rows
            )
        } else {
            format!(
                "starts as {} regions at the given split points and does not auto-split",
                self.splits.len() + 1
            )
        }
    }
}

impl Default for Params {
    fn default() -> Self {
        Params {
            writes: 1_000_000,
            window: 10_000,
            split_rows: 25_000,
            seed: 2026,
            buckets: 64,
            servers: 8,
            splits: Vec::new(),
        }
    }
}

/// Writes per (window, key bucket), and the table's regions at the end.
#[derive(Debug, Clone, PartialEq)]
pub struct Heat {
    /// How keys map to buckets.
    pub axis: KeyAxis,
    /// `counts[window][bucket]`: writes of that window whose key is in that bucket.
    pub counts: Vec<Vec<u64>>,
    /// Where each region but the first starts, as a fraction of the key axis (0 to 1).
    pub region_starts: Vec<f64>,
}

/// A design's simulation: the table's report and the heatmap's data.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// Regions, splits and per-window spread, from `rowkey::sim`.
    pub report: Report,
    /// Where the writes fell, window by window.
    pub heat: Heat,
    /// What reading the table costs under this design; `None` for a key log, whose key type
    /// (and so its readers' plans) the command line does not know.
    pub reads: Option<ReadCost>,
}

/// Runs `design` under `params`. `progress` is called with the fraction done, about a hundred
/// times. Deterministic: the random salt is seeded with `params.seed` for each pass.
pub fn simulate(design: &Design, params: &Params, progress: impl FnMut(f64)) -> Outcome {
    let keys = || {
        rowkey::salt::seed_random(params.seed);
        (0..params.writes).map(|i| {
            let (ts, id) = message(i);
            (design.key)(ts, id)
        })
    };
    let (report, heat, table) = replay(keys, params, progress);
    Outcome {
        reads: Some(read_cost(design, &table, params.writes)),
        report,
        heat,
    }
}

/// Replays a table's key log (`rowkey_cli::input::read_log`) in its order: `params.writes` is
/// taken from the log.
pub fn simulate_log(keys: &[Vec<u8>], params: &Params, progress: impl FnMut(f64)) -> Outcome {
    let params = Params {
        writes: keys.len() as u64,
        ..params.clone()
    };
    let (report, heat, _) = replay(|| keys.iter(), &params, progress);
    Outcome {
        report,
        heat,
        reads: None,
    }
}

/// The writes `keys()` yields (called twice: once for the key range the heatmap's axis spans,
/// once routed through the table), counted per window and key bucket.
fn replay<K: AsRef<[u8]>, I: Iterator<Item = K>>(
    keys: impl Fn() -> I,
    params: &Params,
    mut progress: impl FnMut(f64),
) -> (Report, Heat, Table) {
    // First pass: the key range the writes span, so the heatmap's axis covers exactly it.
    let (mut lo, mut hi): (Option<Vec<u8>>, Option<Vec<u8>>) = (None, None);
    for k in keys() {
        let k = k.as_ref();
        if lo.as_deref().is_none_or(|l| k < l) {
            lo = Some(k.to_vec());
        }
        if hi.as_deref().is_none_or(|h| k > h) {
            hi = Some(k.to_vec());
        }
    }
    let axis = KeyAxis::new(
        &lo.unwrap_or_default(),
        &hi.unwrap_or_default(),
        params.buckets,
    );

    let window = params.window.max(1);
    let mut table = Table::new(&params.splits)
        .keep_rows()
        .servers(params.servers)
        .window(window);
    if params.splits.is_empty() {
        table = table.auto_split(params.split_rows);
    }
    let mut counts: Vec<Vec<u64>> = Vec::new();
    let step = (params.writes / 100).max(1);
    for (i, k) in keys().enumerate() {
        let k = k.as_ref();
        let w = i / window;
        if w == counts.len() {
            counts.push(vec![0; axis.buckets()]);
        }
        counts[w][axis.bucket(k)] += 1;
        table.put(k);
        if i as u64 % step == 0 {
            progress(i as f64 / params.writes.max(1) as f64);
        }
    }
    progress(1.0);
    let region_starts = table.region_starts()[1..]
        .iter()
        .map(|s| axis.position(s))
        .collect();
    let heat = Heat {
        axis,
        counts,
        region_starts,
    };
    (table.report(), heat, table)
}
