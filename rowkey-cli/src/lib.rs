//! The `rowkey` command line. The binary (`src/main.rs`) parses arguments with [`cli::Cli`] and
//! calls [`run`]; the modules hold the built-in designs of `rowkey hotspot` (studied with
//! `rowkey_studio`), the readers of key logs and split files, and the commands, so that tests can
//! check each against independent computations.
//!
//! ```
//! use rowkey_cli::designs::{by_slug, study_of};
//!
//! let design = by_slug("timestamp-first").unwrap();
//! let study = study_of(20_000, &[design]).window(1_000).split_writes(2_000);
//! let outcome = &study.run().unwrap()[0];
//! assert!(outcome.run.report.regions > 5);
//! // Sequential keys: each late window's writes go to one region.
//! assert!(outcome.run.report.late(0.5, |w| w.hottest_share) > 0.95);
//! assert_eq!(outcome.run.reads[0].ranges, 1); // one Get reads a message
//! ```
#![deny(missing_docs)]

pub mod cli;
pub mod commands;
pub mod designs;
mod error;
pub mod formats;
pub mod locked;

use std::io::Write;
use std::process::ExitCode;

pub use error::CliError;

/// Runs a parsed command, writing its output to `out`; the exit code: 0, 1 for a finding
/// (`check-splits` found unreachable regions), 2 for bad input.
pub fn run(cli: cli::Cli, out: &mut dyn Write) -> ExitCode {
    use cli::Command;
    let result = match cli.command {
        Command::Hotspot(a) => commands::hotspot::run(&a, out),
        Command::Splits(a) => commands::splits::run(&a, out),
        Command::CheckSplits(a) => commands::check_splits::run(&a, out),
        Command::Migrate(a) => commands::migrate::run(&a, out),
        Command::MigrateJob(a) => commands::migrate_job::run(&a, out),
        Command::Heat(a) => commands::heat::run(&a, out),
        Command::Compat(a) => commands::compat::run(&a, out),
        Command::Decode(a) => commands::decode::run(&a, out),
        Command::Lock(a) => commands::lock::run(&a, out),
        Command::Tsb(a) => commands::tsb::run(&a, out),
        Command::Untsb(a) => commands::tsb::run_untsb(&a, out),
    };
    match result {
        Ok(code) => code,
        Err(CliError(message)) => {
            let _ = out.flush();
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
