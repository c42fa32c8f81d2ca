//! `rowkey hotspot`: the main demo. Simulates each design, prints its regions and the summary
//! table, and writes one heatmap per design and an HTML page of them all.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use crate::cli::HotspotArgs;
use crate::designs::{Design, DESIGNS};
use crate::simulate::{simulate, Params};
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

/// Runs the demo.
pub fn run(args: &HotspotArgs, out: &mut dyn Write) -> Result<ExitCode, InputError> {
    let params = params(args)?;
    let designs = designs(args);
    std::fs::create_dir_all(&args.out)
        .map_err(|e| InputError(format!("cannot create {}: {e}", args.out.display())))?;
    let started = Instant::now();
    let show_progress = std::io::stderr().is_terminal();
    let mut rows = Vec::new();
    for (i, design) in designs.iter().enumerate() {
        let t = Instant::now();
        let outcome = simulate(design, &params, |done| {
            if show_progress {
                eprint!(
                    "\r[{}/{}] {:<20} [{:<30}] {:>3.0}%",
                    i + 1,
                    designs.len(),
                    design.name,
                    "#".repeat((done * 30.0) as usize),
                    done * 100.0
                );
            }
        });
        if show_progress {
            eprint!("\r{:80}\r", "");
        }
        let report = &outcome.report;
        writeln!(
            out,
            "[{}/{}] {}: {} writes in {:.1}s; {} regions after {} splits; in the late windows {:.0}% of each window's writes hit one region",
            i + 1,
            designs.len(),
            design.name,
            params.writes,
            t.elapsed().as_secs_f64(),
            report.regions,
            report.splits,
            100.0 * report.late(summary::LATE, |w| w.hottest_share)
        )?;
        write!(out, "{}", report.chart(16, 40))?;
        writeln!(out)?;
        let svg = heatmap::svg(design.name, &outcome.heat, params.window);
        let path = args.out.join(format!("{}.svg", design.slug));
        std::fs::write(&path, svg)
            .map_err(|e| InputError(format!("cannot write {}: {e}", path.display())))?;
        rows.push(Row::new(design, &outcome));
    }
    writeln!(
        out,
        "summary ({} writes, {}, {} region servers, windows of {} writes; late = last half;\n\
         reads: one message by its key, the messages of the last {:.0}% of the time, the newest message):",
        params.writes,
        if params.splits.is_empty() {
            format!("split at {} rows", params.split_rows)
        } else {
            format!("{} regions from --splits, no auto-split", params.splits.len() + 1)
        },
        params.servers,
        params.window,
        100.0 * crate::reads::RECENT
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
