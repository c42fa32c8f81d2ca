//! `rowkey splits`: HBase RegionSplitter's HexStringSplit, DecimalStringSplit and UniformSplit.

use std::io::Write;
use std::process::ExitCode;

use rowkey::hbase::{create_table, parse_string_binary, to_string_binary};
use rowkey::splits::{NumberStringSplit, UniformSplit};

use crate::cli::{Algorithm, SplitsArgs};
use crate::error::CliError;

/// The most regions `splits` prints: a table of more is a mistake, not a plan (HBase's own
/// guidance is tens to a few hundred regions per server).
pub const MAX_REGIONS: usize = 100_000;

/// The split points the arguments ask for.
pub fn points(args: &SplitsArgs) -> Result<Vec<Vec<u8>>, CliError> {
    if args.regions > MAX_REGIONS {
        return Err(CliError(format!(
            "{} regions: at most {MAX_REGIONS} (that many split points would be {} lines); \
             a table has tens to a few hundred regions per region server",
            args.regions,
            args.regions - 1
        )));
    }
    match args.algorithm {
        Algorithm::Uniform => {
            let mut u = UniformSplit::new();
            // Strict first: HBase's toBytesBinary would silently drop a bad escape.
            if let Some(first) = &args.first {
                parse_string_binary(first)
                    .map_err(|e| CliError(format!("--first {first:?}: {e}")))?;
                u.set_first_row(first);
            }
            if let Some(last) = &args.last {
                parse_string_binary(last).map_err(|e| CliError(format!("--last {last:?}: {e}")))?;
                u.set_last_row(last);
            }
            Ok(u.split(args.regions)?)
        }
        Algorithm::Hex | Algorithm::Decimal => {
            let mut s = if args.algorithm == Algorithm::Hex {
                NumberStringSplit::hex()
            } else {
                NumberStringSplit::decimal()
            };
            if let Some(first) = &args.first {
                s.set_first_row(first)
                    .map_err(|e| CliError(format!("--first: {e}")))?;
            }
            if let Some(last) = &args.last {
                s.set_last_row(last)
                    .map_err(|e| CliError(format!("--last: {e}")))?;
            }
            Ok(s.split(args.regions)?)
        }
    }
}

/// Prints the split points, one toStringBinary line each, or the shell's `create` command.
pub fn run(args: &SplitsArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let points = points(args)?;
    match &args.create {
        Some(table) => {
            let families: Vec<&str> = args.families.iter().map(String::as_str).collect();
            writeln!(out, "{}", create_table(table, &families, &points))?;
        }
        None => {
            for p in &points {
                writeln!(out, "{}", to_string_binary(p))?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
