//! The user's program in an example: the lines between `// The program.` and
//! `// The program ends here.`, as rustfmt lays them out, blank lines and comments left out.
//! Examples that stand for what a user writes hold their program to a screen with it.

/// The program's lines in `source` (an example's `include_str!` of itself).
///
/// ```
/// let source = "use x;\n// The program.\nfn main() {\n\n    // a comment\n    run();\n}\n// The program ends here.\nfn helper() {}\n";
/// assert_eq!(rowkey_testkit::program::lines(source), ["fn main() {", "    run();", "}"]);
/// ```
pub fn lines(source: &str) -> Vec<&str> {
    source
        .lines()
        .skip_while(|l| *l != "// The program.")
        .skip(1)
        .take_while(|l| *l != "// The program ends here.")
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
        .collect()
}

/// Asserts that the program in `source` is at most `max` lines, printing it when it is not.
pub fn assert_at_most(source: &str, max: usize) {
    let program = lines(source);
    assert!(!program.is_empty(), "no `// The program.` marker");
    assert!(
        program.len() <= max,
        "{} lines, over {max}:\n{}",
        program.len(),
        program.join("\n")
    );
}
