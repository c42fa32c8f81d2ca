//! `rowkey heat`: a live table's load per key range, read from a store's own output, the
//! hottest ranges listed in a built-in design's key fields (`rowkey_studio::input::live`).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use rowkey_studio::input::live::{self, LiveHeat};
use rowkey_studio::report::live::listing;

use crate::cli::{HeatArgs, HeatRequests, TikvKeys};
use crate::error::CliError;

/// A file's name as errors give it, and its text.
fn read(path: &Path) -> Result<(String, String), CliError> {
    let name = path.display().to_string();
    let text =
        std::fs::read_to_string(path).map_err(|e| CliError(format!("cannot read {name}: {e}")))?;
    Ok((name, text))
}

/// The heat the arguments point at.
pub fn heat(args: &HeatArgs) -> Result<LiveHeat, CliError> {
    if let Some(listing) = &args.hbase_regions {
        let jmx = args
            .hbase_jmx
            .iter()
            .map(|p| read(p))
            .collect::<Result<Vec<_>, _>>()?;
        let jmx: Vec<(&str, &str)> = jmx.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
        let (name, text) = read(listing)?;
        let requests = match args.requests {
            HeatRequests::Read => live::hbase::Requests::Read,
            HeatRequests::Write => live::hbase::Requests::Write,
        };
        return Ok(live::hbase::heat(&jmx, (&name, &text), requests)?);
    }
    if let Some(path) = &args.bigtable_hot_tablets {
        let (name, text) = read(path)?;
        return Ok(live::bigtable::heat(&name, &text, args.table.as_deref())?);
    }
    let Some(regions) = &args.pd_regions else {
        return Err(CliError(
            "give --hbase-jmx and --hbase-regions, --bigtable-hot-tablets or --pd-regions".into(),
        ));
    };
    let (name, text) = read(regions)?;
    let hot = args.pd_hot.as_deref().map(read).transpose()?;
    let keys = match args.tikv_keys {
        TikvKeys::Raw => live::tikv::Keys::Raw,
        TikvKeys::Txn => live::tikv::Keys::Txn,
    };
    Ok(live::tikv::heat(
        (&name, &text),
        hot.as_ref().map(|(n, t)| (n.as_str(), t.as_str())),
        keys,
    )?)
}

/// Prints the hottest ranges.
pub fn run(args: &HeatArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let heat = heat(args)?;
    let design = args.design.as_deref().and_then(crate::designs::by_slug);
    let locked = match &args.lock {
        Some(lock) => Some(crate::locked::Locked::open(
            lock,
            args.key.as_deref(),
            None,
        )?),
        None => None,
    };
    let hot = match (design, &locked) {
        (Some(d), _) => heat.decode_with(d.labels),
        (None, Some(l)) => heat.decode_with(|k| l.labels(k)),
        (None, None) => heat.decode_bytes(),
    };
    if let Some(path) = &args.json {
        std::fs::write(path, heat.key_visualizer_json())
            .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
    }
    writeln!(
        out,
        "{} key ranges from {}; load: {} (total {})",
        heat.ranges.len(),
        heat.source,
        heat.metric,
        number(heat.total())
    )?;
    writeln!(
        out,
        "the {} hottest, in the fields of {}:",
        (args.top as usize).min(hot.len()),
        match (design, &locked) {
            (Some(d), _) => format!("the {} key", d.name),
            (None, Some(l)) => format!("the {} key (locked)", l.name),
            (None, None) => {
                "the keys' bytes (toStringBinary; --design or --lock decodes them)".to_string()
            }
        }
    )?;
    for line in listing(&hot, &heat.metric, args.top as usize).lines() {
        writeln!(out, "  {line}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A load as the listing prints it: whole numbers without decimals.
fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}
