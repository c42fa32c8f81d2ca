//! `rowkey compat`: the judge's verdict on each key two lock files hold.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use rowkey::lock::{judge_in, report, Entry, Guarantee, LockFile};

use crate::cli::{CompatArgs, CompatFormat};
use crate::error::CliError;

fn read(path: &Path) -> Result<LockFile, CliError> {
    LockFile::read(path)?.ok_or_else(|| CliError(format!("{}: no such file", path.display())))
}

/// The pairs to judge: `(label, old, new)`: the new file's current layout of each key against
/// every layout of it the old file keeps (its current one and each `previous N`), or, with one
/// file, against each of its `previous N`.
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
        // Transitive: every layout kept (old rows of each may still be in the table).
        let olds: Vec<&Entry> = old
            .entries
            .iter()
            .filter(|e| e.name == name && (!same_file || e.previous.is_some()))
            .collect();
        if olds.is_empty() && args.key.is_some() {
            return Err(CliError(format!(
                "key {name:?} has no {} layout to judge against",
                if same_file { "previous" } else { "old" }
            )));
        }
        for o in olds {
            let label = match o.previous {
                None => name.to_string(),
                Some(p) => format!("{name} (against previous {p})"),
            };
            out.push((label, o, n));
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
        let verdict = judge_in(&o.layout, &o.subspace, &n.layout, &n.subspace);
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
