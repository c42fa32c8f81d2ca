//! Scans, beside [`ScanRange`](crate::ScanRange) (HBase semantics: start inclusive, stop
//! exclusive, empty stop = end of table) and [`ScanPlan`](crate::ScanPlan) (the ranges a
//! partial key needs: one, or one per salt bucket) at the crate's root: a prefix's stop row
//! ([`prefix_stop`]), a reversed scan's bounds, what a field's method of a scan builder takes
//! (a value, a range or a set: [`FieldArg`]), and the cap on a plan's ranges.
//!
//! One file per concept: `arg` (what a builder's field method takes), `range` (a range
//! of rows and the forms clients take it in), `plan` (a partial key's ranges and their merge)
//! and `partial` (the planner behind the generated builders, whose states and refusals are in
//! `__private::scan`).

pub(crate) mod arg;
pub(crate) mod partial;
pub(crate) mod plan;
pub(crate) mod range;

pub use arg::FieldArg;
pub use plan::MAX_PLAN_RANGES;
pub use range::{prefix_stop, ReversedScan};
