//! rowkey's random-layout fuzzer. `build/main.rs` generates hundreds of `#[derive(RowKey)]` layouts
//! from a seed (every field type, attribute combination, salt kind, binary and text), each with
//! the README's rules for it written independently of rowkey's code; [`check()`] runs every
//! property the README promises on each layout.
//!
//! ```sh
//! cargo test -p rowkey-fuzz --release                               # CI: the fixed seed
//! ROWKEY_FUZZ_SEED=7 ROWKEY_FUZZ_LAYOUTS=600 ROWKEY_FUZZ_CASES=10 \
//!     cargo test -p rowkey-fuzz --release -- --nocapture           # longer, any seed
//! ROWKEY_FUZZ_ONLY=L17 cargo test -p rowkey-fuzz                    # one layout
//! ```
//!
//! The generated source is `target/.../out/layouts.rs`; a failure prints the layout's struct.

pub mod check;
pub mod dynamic;
pub mod evolve;
pub mod generated;
pub mod nested;
pub mod order;
pub mod pairs;
pub mod schema;
pub mod values;

pub use check::{check, Config, Fuzz, Query, Stats};
pub use pairs::{check_pair, Pair};
pub use rowkey_testkit::{rng, Rng};
pub use values::Values;
