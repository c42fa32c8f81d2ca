//! The pipeline's last stage: what a study shows, each figure from the one computation per
//! design ([`summary::Row`]): the text tables ([`summary`], and [`text`] for a whole study),
//! the diagnostics in words ([`diagnose`]), the Key-Visualizer maps (SVG) and the HTML page
//! ([`page`]), the JSON export ([`json`]), the key axis's labels ([`labels`]), and a live
//! cluster's heat in your key's terms ([`live`]).

pub mod diagnose;
mod escape;
pub mod json;
pub mod labels;
pub mod live;
pub mod page;
pub mod summary;
mod svg;
mod text;

pub use text::text;
