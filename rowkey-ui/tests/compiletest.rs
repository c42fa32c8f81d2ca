//! Compile errors are part of the interface: each file in tests/ui/<topic>/ is one mistake, with the
//! exact message (generated on this machine's compiler) in the .stderr beside it.
//! Regenerate with `TRYBUILD=overwrite cargo test -p rowkey-ui`, then read the diff.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/**/*.rs");
}
