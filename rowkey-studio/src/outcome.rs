//! What a study gives for each design.

use crate::{Options, Run};

/// One design's results in a study (or a key log's, from [`replay`](crate::replay)).
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The design's name.
    pub name: String,
    /// Its file name.
    pub slug: String,
    /// How its table was set up: the study's options, with the design's pre-split.
    pub options: Options,
    /// The simulation's results.
    pub run: Run,
}
