//! `rowkey compat`: the judge's verdict on each key two lock files hold.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use rowkey::lock::{judge, report, Entry, Guarantee, LockFile};

use crate::cli::{CompatArgs, CompatFormat};
use crate::error::CliError;

fn read(path: &Path) -> Result<LockFile, CliError> {
    LockFile::read(path)?.ok_or_else(|| CliError(format!("{}: no such file", path.display())))
}

/// The pairs to judge: `(name, old, new)`.
fn pairs<'a>(
    args: &CompatArgs,
    old: &'a LockFile,
    new: &'a LockFile,
) -> Result<Vec<(String, &'a Entry, &'a Entry)>, CliError> {
    let same_file = args.new.is_none();
    let names: Vec<&str> = match &args.key {
        Some(k) => vec![k.as_str()],
        None => new.names(),
    };
    let mut out = Vec::new();
    for name in names {
        let Some(n) = new.current(name) else {
            return Err(CliError(format!(
                "key {name:?} is not locked in the new file (it locks: {})",
                new.names().join(", ")
            )));
        };
        let o = if same_file {
            old.entries
                .iter()
                .find(|e| e.name == name && e.previous == Some(1))
        } else {
            old.current(name)
        };
        match o {
            Some(o) => out.push((name.to_string(), o, n)),
            None if args.key.is_some() => {
                return Err(CliError(format!(
                    "key {name:?} has no {} layout to judge against",
                    if same_file { "previous" } else { "old" }
                )))
            }
            None => {}
        }
    }
    if out.is_empty() {
        return Err(CliError(
            "no key is locked in both: nothing to judge".into(),
        ));
    }
    Ok(out)
}

/// Prints each key's verdict; exit 0 when `--level` holds for every key, 1 when not.
pub fn run(args: &CompatArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let level = Guarantee::parse(&args.level).expect("clap checks the level");
    let old = read(&args.old)?;
    let new = match &args.new {
        Some(p) => read(p)?,
        None => old.clone(),
    };
    let file = args.new.as_ref().unwrap_or(&args.old).display().to_string();
    let mut ok = true;
    for (name, o, n) in pairs(args, &old, &new)? {
        let verdict = judge(&o.layout, &n.layout);
        ok &= verdict.holds(level);
        match args.format {
            CompatFormat::Text => write!(out, "{}", report::text(&verdict, &name))?,
            CompatFormat::Json => writeln!(out, "{}", report::json(&verdict, &name))?,
            CompatFormat::Github => {
                write!(out, "{}", report::github(&verdict, &name, &file, level))?
            }
        }
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
