//! The `rowkey` command line. The binary (`src/main.rs`) parses arguments with [`cli::Cli`] and
//! calls [`run`]; the modules hold the hotspot simulation, the heatmap and page writers and the
//! commands, so that tests can check each against independent computations.
//!
//! ```
//! use rowkey_cli::designs::by_slug;
//! use rowkey_cli::simulate::{simulate, Params};
//!
//! let design = by_slug("timestamp-first").unwrap();
//! let params = Params { writes: 20_000, window: 1_000, split_rows: 2_000, ..Params::default() };
//! let outcome = simulate(design, &params, |_| {});
//! assert!(outcome.report.regions > 5);
//! // Sequential keys: every late window's writes go to one region.
//! assert_eq!(outcome.report.late_min(0.5, |w| w.hottest_share), 1.0);
//! assert_eq!(outcome.reads.unwrap().gets, 1);
//! let svg = rowkey_cli::heatmap::svg(design.name, &outcome.heat, params.window);
//! assert!(svg.starts_with("<svg"));
//! ```
#![deny(missing_docs)]

pub mod cli;
pub mod commands;
pub mod designs;
pub mod formats;
pub mod heatmap;
pub mod input;
pub mod keyaxis;
pub mod page;
pub mod reads;
pub mod simulate;
pub mod summary;

use std::io::Write;
use std::process::ExitCode;

/// Bad input (a malformed key, an impossible split): reported as `error: ...`, exit code 2,
/// as clap reports a bad argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError(pub String);

impl<E: std::fmt::Display> From<E> for InputError {
    fn from(e: E) -> Self {
        InputError(e.to_string())
    }
}

/// Runs a parsed command, writing its output to `out`; the exit code: 0, 1 for a finding
/// (`check-splits` found unreachable regions), 2 for bad input.
pub fn run(cli: cli::Cli, out: &mut dyn Write) -> ExitCode {
    use cli::Command;
    let result = match cli.command {
        Command::Hotspot(a) => commands::hotspot::run(&a, out),
        Command::Splits(a) => commands::splits::run(&a, out),
        Command::CheckSplits(a) => commands::check_splits::run(&a, out),
        Command::Tsb(a) => commands::tsb::run(&a, out),
        Command::Untsb(a) => commands::tsb::run_untsb(&a, out),
    };
    match result {
        Ok(code) => code,
        Err(InputError(message)) => {
            let _ = out.flush();
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
