//! `rowkey decode`: keys of a locked layout decoded from a key log, without the key's type.

use std::io::Write;
use std::process::ExitCode;

use rowkey::layout::DynamicKey;
use rowkey::lock::LockFile;

use crate::cli::DecodeArgs;
use crate::error::CliError;

/// One line per key: its hex, then its fields (`date=230611 time=63031`) or why it does not
/// decode. Exit 0 when every key decodes, 1 when some do not.
pub fn run(args: &DecodeArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let file = LockFile::read(&args.lock)?
        .ok_or_else(|| CliError(format!("{}: no such file", args.lock.display())))?;
    let names = file.names();
    let name = match (&args.key, names.as_slice()) {
        (Some(k), _) => k.as_str(),
        (None, [one]) => one,
        (None, _) => {
            return Err(CliError(format!(
                "{} locks {} keys: say which with --key ({})",
                args.lock.display(),
                names.len(),
                names.join(", ")
            )))
        }
    };
    let entry = file
        .entries
        .iter()
        .find(|e| e.name == name && e.previous == args.previous)
        .ok_or_else(|| {
            CliError(format!(
                "key {name:?} is not locked in {} (it locks: {})",
                args.lock.display(),
                names.join(", ")
            ))
        })?;
    let key = DynamicKey::new(&entry.layout).map_err(|e| CliError(format!("key {name:?}: {e}")))?;
    // The whole log is read (and each bad line reported) before anything is printed.
    let writes = rowkey_studio::input::read_log(&args.keys, args.keys_format.into())?;
    let mut all = true;
    for w in writes {
        let hex = rowkey::hex::encode(&w.key);
        match key.decode(&w.key) {
            Ok(values) => {
                let fields: Vec<String> = entry
                    .layout
                    .fields
                    .iter()
                    .zip(&values)
                    .map(|(f, v)| format!("{}={}", f.name, v.render(&f.value)))
                    .collect();
                writeln!(out, "{hex} {}", fields.join(" "))?;
            }
            Err(e) => {
                all = false;
                writeln!(out, "{hex} error: {e}")?;
            }
        }
    }
    Ok(if all {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
