//! A copy's progress: each unit's [`Checkpoint`] (the last old key copied) and a plan's
//! [`Progress`] as text (a killed copy resumes from it). Where they are kept is a
//! [`Checkpoints`](crate::Checkpoints) store.

use super::error::MigrateError;
use super::plan::{from_hex_or_dash, hex_or_dash, Plan, Unit};
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

/// The checkpoints of a plan's units, one per unit.
///
/// Its text is one line per checkpoint, `unit <n> <last key in hex, or -> <copying|done>`. Lines
/// may be appended as the copy goes (an append-only log: the last line of a unit wins), or the
/// whole text rewritten.
///
/// ```
/// use rowkey::migrate::{Plan, Progress};
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 4, of = "id")]
/// struct Old { id: u32 }
/// #[derive(RowKey)]
/// struct New { id: u32 }
///
/// let plan = Plan::for_layout::<Old, New>(4).unwrap();
/// let mut progress = Progress::new(&plan);
/// progress.units[1].copied(&[1, 0, 0, 0, 7]);
/// progress.units[2].done = true;
/// let text = progress.to_text();
/// assert_eq!(text.lines().nth(1), Some("unit 1 0100000007 copying"));
/// let back = Progress::parse(&text, &plan).unwrap();
/// assert_eq!(back, progress);
/// assert_eq!(back.left(), 3);
/// // An appended line wins.
/// let back = Progress::parse(&format!("{text}unit 1 - done\n"), &plan).unwrap();
/// assert!(back.units[1].done);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Progress {
    /// Unit `i`'s checkpoint at `units[i]`.
    pub units: Vec<Checkpoint>,
}

impl Progress {
    /// Nothing copied yet.
    pub fn new(plan: &Plan) -> Self {
        Progress {
            units: plan.units.iter().map(Checkpoint::start).collect(),
        }
    }

    /// Units not finished.
    pub fn left(&self) -> usize {
        self.units.iter().filter(|c| !c.done).count()
    }

    /// True when every unit is finished.
    pub fn is_done(&self) -> bool {
        self.left() == 0
    }

    /// The checkpoints as text.
    pub fn to_text(&self) -> String {
        self.units.iter().map(|c| c.to_line() + "\n").collect()
    }

    /// Reads checkpoints written by [`to_text`](Self::to_text) or appended by
    /// [`Checkpoint::to_line`] for `plan`'s units; a unit without a line is not started, and a
    /// unit's last line wins.
    pub fn parse(text: &str, plan: &Plan) -> Result<Self, MigrateError> {
        let mut progress = Progress::new(plan);
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let bad = |what: &str| MigrateError::BadProgress {
                line: i + 1,
                what: what.to_string(),
            };
            let parts: Vec<&str> = line.split(' ').collect();
            let ["unit", n, last, state] = parts[..] else {
                return Err(bad(
                    "expected `unit <n> <last key in hex, or -> <copying|done>`",
                ));
            };
            let n: usize = n.parse().map_err(|_| bad("a unit number"))?;
            let slot = progress
                .units
                .get_mut(n)
                .ok_or_else(|| bad(&format!("the plan has {} units", plan.units.len())))?;
            let last = from_hex_or_dash(last).ok_or_else(|| bad("a key in hex or `-`"))?;
            slot.last = (!last.is_empty()).then_some(last);
            slot.done = match state {
                "done" => true,
                "copying" => false,
                _ => return Err(bad("`copying` or `done`")),
            };
        }
        Ok(progress)
    }
}

impl Checkpoint {
    /// The checkpoint as a line of [`Progress`]'s text (without the newline).
    pub fn to_line(&self) -> String {
        format!(
            "unit {} {} {}",
            self.unit,
            hex_or_dash(self.last.as_deref().unwrap_or(&[])),
            if self.done { "done" } else { "copying" }
        )
    }
}
