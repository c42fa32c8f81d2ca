//! `rowkey check-splits`: which regions of a pre-split table no key of the key space can reach.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use rowkey::hbase::parse_string_binary;
use rowkey::splits::{check, KeySpace};

use crate::cli::CheckSplitsArgs;
use crate::error::CliError;

/// The key space the arguments describe.
pub fn space(args: &CheckSplitsArgs) -> Result<KeySpace, CliError> {
    Ok(match (args.hex, args.decimal, args.bytes, &args.alphabet) {
        (Some(n), ..) => KeySpace::hex(n),
        (_, Some(n), ..) => KeySpace::decimal(n),
        (_, _, Some(n), _) => KeySpace::bytes(n),
        (_, _, _, Some(chars)) => {
            let set = parse_string_binary(chars)
                .map_err(|e| CliError(format!("--alphabet {chars:?}: {e}")))?;
            if set.is_empty() {
                return Err(CliError("--alphabet is empty".into()));
            }
            KeySpace::new(args.len.unwrap_or(0), &set)
        }
        _ => {
            return Err(CliError(
                "say what the keys look like: --hex LEN, --decimal LEN, --bytes LEN or --alphabet CHARS --len LEN"
                    .into(),
            ))
        }
    })
}

/// The split points: the arguments, or standard input's lines for `-` (blank lines skipped).
/// A bad point is an error naming where it came from: `<stdin>:LINE` or `argument N`.
fn splits(args: &CheckSplitsArgs) -> Result<Vec<Vec<u8>>, CliError> {
    let mut points: Vec<(String, Vec<u8>)> = Vec::new();
    let mut parse = |place: String, text: &str| -> Result<(), CliError> {
        let key = parse_string_binary(text)
            .map_err(|e| CliError(format!("{place}: split point {text:?}: {e}")))?;
        rowkey_studio::input::check_row_key(&key).map_err(|e| CliError(format!("{place}: {e}")))?;
        points.push((place, key));
        Ok(())
    };
    for (i, a) in args.splits.iter().enumerate() {
        if a == "-" {
            for (n, line) in std::io::stdin().lock().lines().enumerate() {
                let line = line.map_err(|e| CliError(format!("<stdin>:{}: {e}", n + 1)))?;
                let line = line.trim();
                if !line.is_empty() {
                    parse(format!("<stdin>:{}", n + 1), line)?;
                }
            }
        } else {
            parse(format!("argument {}", i + 1), a)?;
        }
    }
    if let Some(w) = points.windows(2).find(|w| w[0].1 >= w[1].1) {
        return Err(CliError(format!(
            "{}: split points must increase: {} is not after {} ({})",
            w[1].0,
            rowkey::hbase::to_string_binary(&w[1].1),
            rowkey::hbase::to_string_binary(&w[0].1),
            w[0].0
        )));
    }
    Ok(points.into_iter().map(|(_, k)| k).collect())
}

/// Prints the check; exit code 1 when some region is unreachable.
pub fn run(args: &CheckSplitsArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let space = space(args)?;
    let result = check(&splits(args)?, &space);
    writeln!(out, "{result}")?;
    Ok(if result.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
