//! `rowkey`: see `rowkey --help`.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = rowkey_cli::cli::Cli::parse();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    rowkey_cli::run(cli, &mut out)
}
