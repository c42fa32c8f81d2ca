//! `rowkey-public-api [--bless] API_DIR JSON...`: each crate's public API (every item, as
//! `cargo public-api` prints it) from its rustdoc JSON, compared with `API_DIR/<crate>.txt`.
//! A difference fails with the lines added and removed; `--bless` writes the files instead.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let bless = args.first().is_some_and(|a| a == "--bless");
    if bless {
        args.remove(0);
    }
    let Some((dir, jsons)) = args.split_first() else {
        eprintln!("usage: rowkey-public-api [--bless] API_DIR JSON...");
        return ExitCode::from(2);
    };
    let mut failed = false;
    for json in jsons {
        match check(Path::new(dir), Path::new(json), bless) {
            Ok(true) => {}
            Ok(false) => failed = true,
            Err(e) => {
                eprintln!("error: {json}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    if failed {
        eprintln!(
            "the public API changed: if that is intended, run `bash .ci/public-api --bless` and \
             commit api/"
        );
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Checks (or, with `bless`, writes) one crate's list; false when it differs.
fn check(dir: &Path, json: &Path, bless: bool) -> Result<bool, String> {
    // Blanket and auto-trait impls (`Into`, `Send`, ...) are noise a reviewer skips; what a
    // crate declares, derives included, stays.
    let api = public_api::Builder::from_rustdoc_json(json)
        .omit_blanket_impls(true)
        .omit_auto_trait_impls(true)
        .build()
        .map_err(|e| e.to_string())?;
    let items = without_pages(api.items().map(|i| i.to_string()).collect());
    let text = items.join("\n") + "\n";
    let name = json
        .file_stem()
        .and_then(|s| s.to_str())
        .ok_or("a JSON file name")?
        .replace('_', "-");
    let file: PathBuf = dir.join(format!("{name}.txt"));
    if bless {
        std::fs::write(&file, &text).map_err(|e| format!("{}: {e}", file.display()))?;
        println!("{}: {} items", file.display(), items.len());
        return Ok(true);
    }
    let pinned = std::fs::read_to_string(&file).unwrap_or_default();
    if pinned == text {
        println!("{}: {} items, unchanged", file.display(), items.len());
        return Ok(true);
    }
    let (old, new): (BTreeSet<&str>, BTreeSet<&str>) =
        (pinned.lines().collect(), text.lines().collect());
    eprintln!(
        "{}: the public API differs from the pinned list",
        file.display()
    );
    for gone in old.difference(&new) {
        eprintln!("  - {gone}");
    }
    for added in new.difference(&old) {
        eprintln!("  + {added}");
    }
    Ok(false)
}

/// The items without the modules that hold nothing but documentation (the guides, an
/// encoding's page): pages of the manual, not API. A module is a page when no other item is
/// inside it, which may leave its parent one too.
fn without_pages(mut items: Vec<String>) -> Vec<String> {
    loop {
        let page = items.iter().position(|item| {
            item.strip_prefix("pub mod ").is_some_and(|module| {
                let inside = format!("{module}::");
                !items.iter().any(|other| other.contains(&inside))
            })
        });
        match page {
            Some(i) => {
                items.remove(i);
            }
            None => return items,
        }
    }
}
