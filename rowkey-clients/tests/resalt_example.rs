//! The re-salt example (`examples/resalt_bigtable.rs`) is a short program that works: its
//! `main` is at most 40 lines of code besides the two key structs, the writers and the existing
//! table it starts from (counted here), and it runs to its end on the emulator, every row of
//! the new table checked against what its writers wrote.

mod emulator;

#[path = "../examples/resalt_bigtable.rs"]
#[allow(dead_code)]
mod example;

#[test]
fn the_resalt_program_is_at_most_40_lines() {
    let source = include_str!("../examples/resalt_bigtable.rs");
    let program: Vec<&str> = source
        .lines()
        .skip_while(|l| *l != "// The program.")
        .skip(1)
        .take_while(|l| *l != "// The program ends here.")
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
        .collect();
    assert!(
        program
            .first()
            .is_some_and(|l| l.starts_with("pub fn main()")),
        "{program:?}"
    );
    assert!(
        program.len() <= 40,
        "{} lines:\n{}",
        program.len(),
        program.join("\n")
    );
}

#[test]
fn the_resalt_program_runs_on_the_emulator() {
    let Some(emulator) = emulator::Emulator::start() else {
        return;
    };
    // The only test of this binary that reads the variable.
    std::env::set_var("BIGTABLE_EMULATOR_HOST", emulator.addr.to_string());
    example::main().expect("the re-salt");
}
