//! `rowkey lock`: a lock file's keys in words.

use std::io::Write;
use std::process::ExitCode;

use rowkey::layout::DynamicKey;
use rowkey::lock::LockFile;

use crate::cli::LockArgs;
use crate::error::CliError;

/// Each entry: its name (and `previous N`), the layout on one line, then its first golden key
/// in hex and as the key's `explain` draws it.
pub fn run(args: &LockArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let file = LockFile::read(&args.lock)?
        .ok_or_else(|| CliError(format!("{}: no such file", args.lock.display())))?;
    let entries: Vec<_> = file
        .entries
        .iter()
        .filter(|e| args.key.as_deref().is_none_or(|k| e.name == k))
        .collect();
    if entries.is_empty() {
        return Err(CliError(format!(
            "{} locks no key {:?} (it locks: {})",
            args.lock.display(),
            args.key.as_deref().unwrap_or(""),
            file.names().join(", ")
        )));
    }
    for e in entries {
        match e.previous {
            None => writeln!(out, "key {}", e.name)?,
            Some(n) => writeln!(out, "key {} (previous {n})", e.name)?,
        }
        writeln!(out, "  {}", e.layout)?;
        writeln!(
            out,
            "  fingerprint {:#018x}, {} golden keys",
            e.layout.fingerprint,
            e.goldens.len()
        )?;
        if let (Some(g), Ok(key)) = (e.goldens.first(), DynamicKey::new(&e.layout)) {
            writeln!(out, "  golden {}:", rowkey::hex::encode(&g.key))?;
            for line in key.explain(&g.key).lines() {
                writeln!(out, "    {line}")?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
