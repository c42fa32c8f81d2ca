//! Scans: [`ScanRange`] (HBase semantics: start inclusive, stop exclusive, empty stop = end of
//! table) and [`ScanPlan`], the ranges a partial key needs (one, or one per salt bucket).
//!
//! One file per concept: `bound` (what a String or byte field's range takes), `range` (a range of rows and the forms clients take it in), `plan`
//! (a partial key's ranges and their merge) and `partial` (the planner behind the generated
//! builders, whose states and refusals are in `__private::scan`).

mod bound;
pub(crate) mod partial;
mod plan;
mod range;

pub use bound::{Bounds, FieldRange};
pub use plan::{ScanPlan, MAX_PLAN_RANGES};
pub use range::{prefix_stop, ReversedScan, ScanRange};
