//! `rowkey tsb` and `rowkey untsb`: between hex bytes and `Bytes.toStringBinary`.

use std::io::Write;
use std::process::ExitCode;

use rowkey::hbase::{parse_string_binary, to_string_binary};

use crate::cli::{TsbArgs, UntsbArgs};
use crate::InputError;

/// Bytes from hex digits; `0x` prefixes and whitespace are ignored.
pub fn parse_hex(text: &str) -> Result<Vec<u8>, InputError> {
    let digits: Vec<(usize, char)> = text
        .char_indices()
        .filter(|(_, c)| !c.is_whitespace())
        .collect();
    let mut nibbles = Vec::with_capacity(digits.len());
    let mut i = 0;
    while i < digits.len() {
        let (at, c) = digits[i];
        if c == '0' && matches!(digits.get(i + 1), Some((_, 'x' | 'X'))) && nibbles.len() % 2 == 0 {
            i += 2;
            continue;
        }
        match c.to_digit(16) {
            Some(d) => nibbles.push(d as u8),
            None => {
                return Err(InputError(format!(
                    "{text:?}: character {at} ({c:?}) is not a hex digit"
                )))
            }
        }
        i += 1;
    }
    if nibbles.len() % 2 == 1 {
        return Err(InputError(format!(
            "{text:?}: an odd number of hex digits; write each byte as two digits"
        )));
    }
    Ok(nibbles.chunks(2).map(|p| p[0] << 4 | p[1]).collect())
}

/// `tsb`: one toStringBinary line per argument.
pub fn run(args: &TsbArgs, out: &mut dyn Write) -> Result<ExitCode, InputError> {
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
pub fn run_untsb(args: &UntsbArgs, out: &mut dyn Write) -> Result<ExitCode, InputError> {
    let keys = args
        .keys
        .iter()
        .map(|k| parse_string_binary(k).map_err(|e| InputError(format!("{k:?}: {e}"))))
        .collect::<Result<Vec<_>, _>>()?;
    for k in keys {
        let hex: String = k.iter().map(|b| format!("{b:02x}")).collect();
        writeln!(out, "{hex}")?;
    }
    Ok(ExitCode::SUCCESS)
}
