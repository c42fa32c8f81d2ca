//! The derive's compile errors as a user sees them: `tests/ui` holds one file per mistake and
//! the exact message beside it (`tests/compiletest.rs` runs them). A package of its own so that
//! trybuild builds `rowkey` alone, not the root package's benchmark and store dependencies.
