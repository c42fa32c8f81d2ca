//! `rowkey tsb` and `rowkey untsb`: between hex bytes and `Bytes.toStringBinary`.

use std::io::Write;
use std::process::ExitCode;

use rowkey::hbase::{parse_string_binary, to_string_binary};

use crate::cli::{TsbArgs, UntsbArgs};
use crate::error::CliError;
/// Bytes from hex digits; `0x` prefixes and whitespace are ignored.
pub fn parse_hex(text: &str) -> Result<Vec<u8>, CliError> {
    rowkey::hex::decode(text).map_err(|e| CliError(format!("{text:?}: {e}")))
}

/// `tsb`: one toStringBinary line per argument.
pub fn run(args: &TsbArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let keys = args
        .hex
        .iter()
        .map(|h| parse_hex(h))
        .collect::<Result<Vec<_>, _>>()?;
    for k in keys {
        writeln!(out, "{}", to_string_binary(&k))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `untsb`: one line of lowercase hex per argument. Strict: a backslash must start a `\xHH`
/// escape, as HBase would otherwise silently drop it.
pub fn run_untsb(args: &UntsbArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let keys = args
        .keys
        .iter()
        .map(|k| parse_string_binary(k).map_err(|e| CliError(format!("{k:?}: {e}"))))
        .collect::<Result<Vec<_>, _>>()?;
    for k in keys {
        let hex: String = k.iter().map(|b| format!("{b:02x}")).collect();
        writeln!(out, "{hex}")?;
    }
    Ok(ExitCode::SUCCESS)
}
