//! Every unit's checkpoint, kept as text so a killed copy resumes where it was.

use super::checkpoint::Checkpoint;
use super::plan::{from_hex_or_dash, hex_or_dash, MigrateError, Plan};

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
