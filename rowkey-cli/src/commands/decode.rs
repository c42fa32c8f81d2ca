//! `rowkey decode`: keys of a locked layout decoded from a key log, without the key's type.

use std::io::Write;
use std::process::ExitCode;

use crate::cli::DecodeArgs;
use crate::error::CliError;
use crate::locked::Locked;

/// One line per key: its hex, then its fields (`date=230611 time=63031`) or why it does not
/// decode. Exit 0 when every key decodes, 1 when some do not.
pub fn run(args: &DecodeArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let locked = Locked::open(&args.lock, args.key.as_deref(), args.previous)?;
    let fields = &locked.key.layout().fields;
    // The whole log is read (and each bad line reported) before anything is printed.
    let writes = rowkey_studio::input::read_log(&args.keys, args.keys_format.into())?;
    let mut all = true;
    for w in writes {
        let hex = rowkey::hex::encode(&w.key);
        match locked.key.decode(&w.key) {
            Ok(values) => {
                let fields: Vec<String> = fields
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
