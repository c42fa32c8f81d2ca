//! Scans: [`ScanRange`] (HBase semantics: start inclusive, stop exclusive, empty stop = end of
//! table) and [`ScanPlan`], the ranges a partial key needs (one, or one per salt bucket).
//!
//! One file per concept: `bound` (what a String or byte field's range takes), `range` (a range of rows and the forms clients take it in), `plan`
//! (a partial key's ranges and their merge), `partial` (the planner behind the generated
//! builders) and `refusals` (the traits whose messages explain the calls a builder refuses).

mod bound;
pub(crate) mod partial;
mod plan;
mod range;
pub(crate) mod refusals;

pub use bound::{Bounds, FieldRange};
pub use plan::{ScanPlan, MAX_PLAN_RANGES};
pub use range::{prefix_stop, ReversedScan, ScanRange};
