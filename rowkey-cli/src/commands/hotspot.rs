//! `rowkey hotspot`: the main demo. Studies each design (`rowkey_studio`), prints its regions
//! and the summary tables, and writes one heatmap per design and an HTML page of them all.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use rowkey_studio::page::Text;
use rowkey_studio::summary::{self, Row};
use rowkey_studio::{Options, Outcome, Study, TimeUnit, Writes};

use crate::cli::HotspotArgs;
use crate::designs::{study_of, Builtin, Message, DESIGNS, RECENT};
use crate::error::InputError;
use crate::input::LineLog;

/// The simulation options the arguments ask for (a `--splits` file read and checked).
pub fn options(args: &HotspotArgs) -> Result<Options, InputError> {
    let splits = match &args.splits {
        Some(path) => crate::input::read_splits(path, args.splits_format)?,
        None => Vec::new(),
    };
    Ok(Options {
        window: args.window,
        split_writes: args.split_writes,
        splits,
        servers: args.servers as usize,
        buckets: args.buckets as usize,
        cut: args.cut.into(),
        // A key log's cell timestamps are microseconds.
        window_time: args.window_seconds.map(|s| s as i64 * 1_000_000),
        time_unit: TimeUnit::Micros,
        ..Options::default()
    })
}

/// The designs the arguments select, in report order.
pub fn designs(args: &HotspotArgs) -> Vec<&'static Builtin> {
    DESIGNS
        .iter()
        .filter(|d| args.designs.is_empty() || args.designs.iter().any(|s| s == d.slug))
        .collect()
}

/// What a run replays: the built-in designs' study, or a table's key log (read and checked
/// whole before anything is written).
enum Subject {
    Designs(Study<Message>),
    Log {
        name: String,
        writes: Box<dyn Writes>,
    },
}

impl Subject {
    fn of(args: &HotspotArgs, options: Options) -> Result<Self, InputError> {
        let Some(path) = &args.keys else {
            // The messages' times are milliseconds.
            let study = study_of(args.writes, &designs(args))
                .options(Options {
                    window_time: args.window_seconds.map(|s| s as i64 * 1_000),
                    time_unit: TimeUnit::Millis,
                    ..options
                })
                .seed(args.seed);
            return Ok(Subject::Designs(study));
        };
        // One key a line: streamed from the file on each pass. Cells with timestamps: read
        // whole and ordered by time first.
        let writes: Box<dyn Writes> = match LineLog::new(path, args.keys_format) {
            Some(_) if args.window_seconds.is_some() => {
                return Err(InputError(format!(
                    "--window-seconds needs writes with times, and a {} key log has none: give `cbt read` or HBase shell output, or windows of writes (--window)",
                    match args.keys_format {
                        crate::formats::LogFormat::Hex => "hex",
                        _ => "toStringBinary",
                    }
                )))
            }
            Some(log) => Box::new(log),
            None => Box::new(
                crate::input::read_log(path, args.keys_format)?
                    .into_iter()
                    .map(|w| (w.micros, w.key))
                    .collect::<Vec<_>>(),
            ),
        };
        let file = path.file_name().map_or_else(
            || path.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        Ok(Subject::Log {
            name: format!("key log {file}"),
            writes,
        })
    }

    fn names(&self) -> Vec<String> {
        match self {
            Subject::Designs(study) => study.names().into_iter().map(String::from).collect(),
            Subject::Log { name, .. } => vec![name.clone()],
        }
    }

    /// Runs every simulation (the designs in parallel), calling `progress` with a simulation's
    /// number and its fraction done.
    fn run(
        &self,
        options: &Options,
        progress: &(dyn Fn(usize, f64) + Sync),
    ) -> Result<Vec<Outcome>, InputError> {
        Ok(match self {
            Subject::Designs(study) => study.run_with(progress)?,
            Subject::Log { name, writes } => vec![rowkey_studio::replay(
                name,
                "keys",
                writes.as_ref(),
                options,
                &mut |f| progress(0, f),
            )?],
        })
    }

    /// The page's words.
    fn text(&self, writes: u64) -> Text {
        match self {
            Subject::Designs(study) => Text {
                title: Some(format!("{} row-key designs", study.names().len())),
                workload: Some(format!("{writes} messages written in time order")),
                reads: Some(format!(
                    "Reads, planned from each design's own key struct and counted on its table \
                     at the end: one message by its key (Gets); the messages of the last {:.0}% \
                     of the time (a key that does not lead with the time scans everything); the \
                     newest message (one row per range when each range holds its newest first).",
                    100.0 * RECENT
                )),
            },
            Subject::Log { .. } => Text {
                title: Some("a key log".into()),
                workload: Some(format!(
                    "{writes} writes of a table's key log, replayed in write order,"
                )),
                reads: Some(
                    "Read costs need the key's type, which a key log does not give.".into(),
                ),
            },
        }
    }
}

/// Runs the demo.
pub fn run(args: &HotspotArgs, out: &mut dyn Write) -> Result<ExitCode, InputError> {
    let options = options(args)?;
    let subject = Subject::of(args, options.clone())?;
    let names = subject.names();
    let started = Instant::now();
    let show_progress = std::io::stderr().is_terminal();
    // Each simulation's fraction done (as f64 bits), drawn as one bar on a terminal.
    let done: Vec<AtomicU64> = names.iter().map(|_| AtomicU64::new(0)).collect();
    let bar = Mutex::new(());
    let progress = |i: usize, fraction: f64| {
        done[i].store(fraction.to_bits(), Ordering::Relaxed);
        if show_progress {
            let total: f64 = done
                .iter()
                .map(|d| f64::from_bits(d.load(Ordering::Relaxed)))
                .sum::<f64>()
                / names.len() as f64;
            let _guard = bar.lock();
            eprint!(
                "\r{} simulations [{:<30}] {:>3.0}%",
                names.len(),
                "#".repeat((total * 30.0) as usize),
                total * 100.0
            );
        }
    };
    let outcomes = subject.run(&options, &progress)?;
    if show_progress {
        eprint!("\r{:80}\r", "");
    }
    for (i, (name, outcome)) in names.iter().zip(&outcomes).enumerate() {
        let report = &outcome.run.report;
        writeln!(
            out,
            "[{}/{}] {name}: {} writes; {} regions after {} splits; in the late windows {:.0}% of each window's writes hit one region",
            i + 1,
            names.len(),
            report.writes,
            report.regions,
            report.splits,
            100.0 * report.late(summary::LATE, |w| w.hottest_share)
        )?;
        write!(out, "{}", report.chart(16, 40))?;
        writeln!(out)?;
    }
    let writes = outcomes.first().map_or(0, |o| o.run.report.writes);
    let rows: Vec<Row> = outcomes.iter().map(Row::new).collect();
    let splitting = if options.splits.is_empty() {
        format!("split past {} writes", options.split_writes)
    } else {
        format!(
            "{} regions from --splits, no auto-split",
            options.splits.len() + 1
        )
    };
    writeln!(
        out,
        "writes ({writes} writes, {splitting}, {} region servers, windows of {} writes; late = last half):",
        options.servers, options.window,
    )?;
    write!(out, "{}", summary::text(&rows))?;
    let reads = summary::reads_text(&rows);
    if reads.is_empty() {
        writeln!(
            out,
            "\nreads: need the key's type, which a key log does not give"
        )?;
    } else {
        writeln!(
            out,
            "\nreads (planned from each design's own key, counted on its table at the end):"
        )?;
        write!(out, "{reads}")?;
    }
    rowkey_studio::page::write(&args.out, &outcomes, &options, &subject.text(writes))
        .map_err(|e| InputError(format!("cannot write {}: {e}", args.out.display())))?;
    writeln!(
        out,
        "\nheatmaps and page: {} (open it in a browser)\nfinished in {:.1}s",
        args.out.join("index.html").display(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(ExitCode::SUCCESS)
}
