//! A key's layout locked in a file, and a judge of every edit to it.
//!
//! Row keys cannot change once rows are written. [`Lock`] pins each key's
//! [`Layout`](rowkey_runtime::Layout) and golden keys in `rowkey.lock`, and a test fails when
//! an edit would change the bytes of rows already written. [`judge`] says of an edit which of
//! four guarantees hold (proved from the two layouts), which break (each with a witness: keys
//! that show it) and which it could not prove:
//!
//! | guarantee | what holds | what you do |
//! |---|---|---|
//! | `bytes` | both layouts write the same bytes for the same values | nothing |
//! | `point` | old rows are where the new key puts their values, and read back as them | deploy readers before writers |
//! | `order` | old rows, converted, sort in the new key as they did | re-key; a mid-move read can merge both tables |
//! | `unique` | distinct old rows stay distinct | re-key; no row is lost |
//!
//! `bytes` implies `point`, which implies `order` and `unique`. Each [`Rule`] names an edit
//! and what to do about it.
//!
//! ```
//! use rowkey::lock::{judge, Guarantee, Rule};
//! use rowkey::RowKey;
//!
//! mod v1 {
//!     #[derive(rowkey::RowKey)]
//!     pub struct Event { pub user: u32, pub day: u32 }
//! }
//! mod v2 {
//!     #[derive(rowkey::RowKey)]
//!     pub struct Event { pub day: u32, pub user: u32 }
//! }
//!
//! let verdict = judge(&v1::Event::layout(), &v2::Event::layout());
//! assert_eq!(verdict.findings[0].rule, Rule::Reorder);
//! assert!(!verdict.holds(Guarantee::Order));
//! assert!(verdict.holds(Guarantee::Unique));
//! ```

mod check;
mod convert;
mod file;
mod judge;
mod matching;
pub mod report;
mod rules;
pub mod samples;

pub use check::{Checked, Keys, Lock};
pub use file::{
    goldens_of, Entry, Golden, LockFile, LockFileError, GOLDENS, GOLDEN_BUCKETS, HEADER,
};
pub use judge::{
    judge, judge_in, judge_logical, unsalted, values_text, Break, Finding, Guarantee, Sample,
    Status, Verdict, Witness, RANDOM_KEYS,
};
pub use rules::Rule;
