//! Study a row-key design before it ships: write a workload of your own events through each
//! candidate `#[derive(RowKey)]` key into a simulated auto-splitting HBase/Bigtable table, run
//! your readers' own scan plans against it, and compare the designs side by side — where each
//! window of writes lands (regions, region servers), what each read costs (ranges, regions, rows
//! read over rows wanted), as Key-Visualizer heatmaps on one HTML page.
//!
//! ```
//! use rowkey::RowKey;
//! use rowkey_studio::{Design, Query, Study};
//!
//! #[derive(RowKey)]
//! struct TimeFirst { ts: u64, id: u64 }
//!
//! #[derive(RowKey)]
//! #[salt(md5, buckets = 16, of = "id")]
//! struct Buckets { ts: u64, id: u64 }
//!
//! // 50,000 messages, one every 7 ms; readers want the last tenth of the time.
//! let since = |span: &rowkey_studio::Span| {
//!     let (first, last) = span.times.unwrap();
//!     (last - (last - first) / 10) as u64
//! };
//! let outcomes = Study::new(50_000, |i| (1_700_000_000_000 + 7 * i, i))
//!     .time(|&(ts, _)| ts as i64)
//!     .window(2_000)
//!     .split_writes(5_000)
//!     .design(
//!         Design::new("time first", |&(ts, id)| TimeFirst { ts, id })
//!             .read("recent", move |s| TimeFirst::scan().ts(since(s)..).plan()),
//!     )
//!     .design(
//!         Design::new("16 buckets", |&(ts, id)| Buckets { ts, id })
//!             .read("recent", move |s| Buckets::scan().ts(since(s)..).plan()),
//!     )
//!     .run()
//!     .unwrap();
//! let (time_first, buckets) = (&outcomes[0].run, &outcomes[1].run);
//! assert!(time_first.report.late(0.5, |w| w.hottest_share) > 0.95); // a hotspot
//! assert!(buckets.report.late(0.5, |w| w.hottest_share) < 0.2); // spread
//! // Both read exactly what they want; the buckets pay 16 ranges for it.
//! assert_eq!(time_first.reads[0].ranges, 1);
//! assert_eq!(buckets.reads[0].ranges, 16);
//! assert_eq!(buckets.reads[0].rows_read, buckets.reads[0].rows_wanted);
//! ```
//!
//! A study is a pipeline of three stages, each a module:
//! - [`input`]: what it reads from files (key logs, split points, a live cluster's heat), every
//!   bad line an [`InputError`](input::InputError) naming its file and line;
//! - [`engine`]: the simulator, which reads the writes twice and keeps memory bounded by the
//!   number of regions: the first pass chooses the split keys from a bounded sample of each
//!   region's keys, the second counts every write exactly against the regions the table ends
//!   with;
//! - [`report`]: what it shows, all from one computation per design ([`summary::Row`](report::summary::Row)):
//!   the text tables, the diagnostics, the Key-Visualizer maps, the JSON export, the page.
#![deny(missing_docs)]

mod design;
pub mod engine;
mod error;
pub mod input;
mod outcome;
mod query;
pub mod report;
mod study;
mod time;

pub use design::{slug, Design};
pub use engine::keyaxis::Cut;
pub use engine::types::{KeyInfo, Options, Run, Span, Writes};
pub use error::StudyError;
pub use outcome::Outcome;
pub use query::{ByteFilter, ByteQuery, IntoQuery, Query, ReadCost};
pub use study::{replay, replay_keyed, replay_until, Study};
pub use time::TimeUnit;
