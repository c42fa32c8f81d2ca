//! `rowkey hotspot`: the main demo. Simulates each design, prints its regions and the summary
//! table, and writes one heatmap per design and an HTML page of them all.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use crate::cli::HotspotArgs;
use crate::designs::{Design, DESIGNS};
use crate::simulate::{simulate, simulate_log, Params};
use crate::summary::{self, Row};
use crate::{heatmap, page, InputError};

/// The simulation parameters the arguments ask for (a `--splits` file read and checked).
pub fn params(args: &HotspotArgs) -> Result<Params, InputError> {
    let splits = match &args.splits {
        Some(path) => crate::input::read_splits(path, args.splits_format)?,
        None => Vec::new(),
    };
    Ok(Params {
        writes: args.writes,
        window: args.window as usize,
        split_rows: args.split_rows as usize,
        seed: args.seed,
        buckets: args.buckets as usize,
        servers: args.servers as usize,
        splits,
    })
}

/// The designs the arguments select, in report order.
pub fn designs(args: &HotspotArgs) -> Vec<&'static Design> {
    if args.designs.is_empty() {
        DESIGNS.iter().collect()
    } else {
        DESIGNS
            .iter()
            .filter(|d| args.designs.iter().any(|s| s == d.slug))
            .collect()
    }
}

/// What one simulation of a run replays: a built-in design, or a table's key log.
enum Subject {
    Design(&'static Design),
    Log { name: String, keys: Vec<Vec<u8>> },
}

impl Subject {
    fn name(&self) -> &str {
        match self {
            Subject::Design(d) => d.name,
            Subject::Log { name, .. } => name,
        }
    }

    fn slug(&self) -> &str {
        match self {
            Subject::Design(d) => d.slug,
            Subject::Log { .. } => "keys",
        }
    }
}

/// The designs the arguments select, or the key log they name (read and checked whole before
/// anything is written).
fn subjects(args: &HotspotArgs) -> Result<Vec<Subject>, InputError> {
    let Some(path) = &args.keys else {
        return Ok(designs(args).into_iter().map(Subject::Design).collect());
    };
    let writes = crate::input::read_log(path, args.keys_format)?;
    let file = path.file_name().map_or_else(
        || path.display().to_string(),
        |f| f.to_string_lossy().into_owned(),
    );
    Ok(vec![Subject::Log {
        name: format!("key log {file}"),
        keys: writes.into_iter().map(|w| w.key).collect(),
    }])
}

/// Runs the demo.
pub fn run(args: &HotspotArgs, out: &mut dyn Write) -> Result<ExitCode, InputError> {
    let mut params = params(args)?;
    let subjects = subjects(args)?;
    if let [Subject::Log { keys, .. }] = subjects.as_slice() {
        params.writes = keys.len() as u64;
    }
    std::fs::create_dir_all(&args.out)
        .map_err(|e| InputError(format!("cannot create {}: {e}", args.out.display())))?;
    let started = Instant::now();
    let show_progress = std::io::stderr().is_terminal();
    let mut rows = Vec::new();
    for (i, subject) in subjects.iter().enumerate() {
        let t = Instant::now();
        let progress = |done: f64| {
            if show_progress {
                eprint!(
                    "\r[{}/{}] {:<20} [{:<30}] {:>3.0}%",
                    i + 1,
                    subjects.len(),
                    subject.name(),
                    "#".repeat((done * 30.0) as usize),
                    done * 100.0
                );
            }
        };
        let outcome = match subject {
            Subject::Design(design) => simulate(design, &params, progress),
            Subject::Log { keys, .. } => simulate_log(keys, &params, progress),
        };
        if show_progress {
            eprint!("\r{:80}\r", "");
        }
        let report = &outcome.report;
        writeln!(
            out,
            "[{}/{}] {}: {} writes in {:.1}s; {} regions after {} splits; in the late windows {:.0}% of each window's writes hit one region",
            i + 1,
            subjects.len(),
            subject.name(),
            params.writes,
            t.elapsed().as_secs_f64(),
            report.regions,
            report.splits,
            100.0 * report.late(summary::LATE, |w| w.hottest_share)
        )?;
        write!(out, "{}", report.chart(16, 40))?;
        writeln!(out)?;
        let svg = heatmap::svg(subject.name(), &outcome.heat, params.window);
        let path = args.out.join(format!("{}.svg", subject.slug()));
        std::fs::write(&path, svg)
            .map_err(|e| InputError(format!("cannot write {}: {e}", path.display())))?;
        rows.push(Row::named(subject.name(), subject.slug(), &outcome));
    }
    let reads = if args.keys.is_some() {
        "reads: need the key's type, which a key log does not give (-)".to_string()
    } else {
        format!(
            "reads: one message by its key, the messages of the last {:.0}% of the time, the newest message",
            100.0 * crate::reads::RECENT
        )
    };
    writeln!(
        out,
        "summary ({} writes, {}, {} region servers, windows of {} writes; late = last half;\n{reads}):",
        params.writes,
        if params.splits.is_empty() {
            format!("split at {} rows", params.split_rows)
        } else {
            format!("{} regions from --splits, no auto-split", params.splits.len() + 1)
        },
        params.servers,
        params.window,
    )?;
    write!(out, "{}", summary::text(&rows))?;
    let index = args.out.join("index.html");
    std::fs::write(&index, page::html(&rows, &params))
        .map_err(|e| InputError(format!("cannot write {}: {e}", index.display())))?;
    writeln!(
        out,
        "\nheatmaps and page: {} (open it in a browser)\nfinished in {:.1}s",
        index.display(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(ExitCode::SUCCESS)
}
