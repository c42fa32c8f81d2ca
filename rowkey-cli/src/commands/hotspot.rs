//! `rowkey hotspot`: the main demo. Studies each design (`rowkey_studio`), prints its regions
//! and the summary tables, and writes one heatmap per design and an HTML page of them all.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use rowkey_studio::input::{read_log, read_splits, LineLog};
use rowkey_studio::report::{self, page::Text};
use rowkey_studio::{KeyInfo, Options, Outcome, Study, TimeUnit, Writes};

use crate::cli::HotspotArgs;
use crate::designs::{study_of, Builtin, Message, DESIGNS, RECENT};
use crate::error::CliError;

/// The simulation options the arguments ask for (a `--splits` file read and checked).
pub fn options(args: &HotspotArgs) -> Result<Options, CliError> {
    let splits = match &args.splits {
        Some(path) => read_splits(path, args.splits_format.into())?,
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
        /// The key's locked layout (`--lock`), which labels the axis.
        locked: Option<crate::locked::Locked>,
    },
}

impl Subject {
    fn of(args: &HotspotArgs, options: Options, stop: &Arc<AtomicBool>) -> Result<Self, CliError> {
        let Some(path) = &args.keys else {
            // The messages' times are milliseconds.
            let study = study_of(args.writes, &designs(args))
                .options(Options {
                    window_time: args.window_seconds.map(|s| s as i64 * 1_000),
                    time_unit: TimeUnit::Millis,
                    ..options
                })
                .seed(args.seed)
                .stop_on(stop.clone());
            return Ok(Subject::Designs(study));
        };
        // One key a line: streamed from the file on each pass. Cells with timestamps: read
        // whole and ordered by time first.
        let writes: Box<dyn Writes> = match LineLog::new(path, args.keys_format.into()) {
            Some(_) if args.window_seconds.is_some() => {
                return Err(CliError(format!(
                    "--window-seconds needs writes with times, and a {} key log has none: give `cbt read` or HBase shell output, or windows of writes (--window)",
                    match args.keys_format {
                        crate::formats::LogFormat::Hex => "hex",
                        _ => "toStringBinary",
                    }
                )))
            }
            Some(log) => Box::new(log),
            None => Box::new(
                read_log(path, args.keys_format.into())?
                    .into_iter()
                    .map(|w| (w.micros, w.key))
                    .collect::<Vec<_>>(),
            ),
        };
        let file = path.file_name().map_or_else(
            || path.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        let locked = match &args.lock {
            Some(lock) => Some(crate::locked::Locked::open(
                lock,
                args.key.as_deref(),
                None,
            )?),
            None => None,
        };
        Ok(Subject::Log {
            name: format!("key log {file}"),
            writes,
            locked,
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
        stop: &AtomicBool,
    ) -> Result<Vec<Outcome>, CliError> {
        Ok(match self {
            Subject::Designs(study) => study.run_with(progress)?,
            Subject::Log {
                name,
                writes,
                locked,
            } => {
                let labels = |k: &[u8]| match locked {
                    Some(l) => l.labels(k),
                    None => vec![rowkey_studio::report::labels::binary_prefix(k)],
                };
                let key = KeyInfo {
                    labels: &labels,
                    salts: locked.as_ref().map(|l| l.salts()).unwrap_or_default(),
                };
                vec![rowkey_studio::replay_keyed(
                    name,
                    "keys",
                    writes.as_ref(),
                    &key,
                    options,
                    &mut |f| progress(0, f),
                    stop,
                )?]
            }
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

/// Checks that the output folder can be written before any long work: creates it if need be
/// and writes a probe file there (removed). Returns whether it created the folder.
fn check_out(dir: &Path) -> Result<bool, CliError> {
    let cannot = |e: std::io::Error| {
        CliError(format!(
            "cannot write the output folder {}: {e}",
            dir.display()
        ))
    };
    let created = !dir.exists();
    std::fs::create_dir_all(dir).map_err(cannot)?;
    let probe = dir.join(".rowkey-write-check");
    std::fs::write(&probe, b"").map_err(cannot)?;
    std::fs::remove_file(&probe).map_err(cannot)?;
    Ok(created)
}

/// Ctrl-C: the first sets `stop` (the simulations end their first pass and report the writes
/// read so far), the second quits at once (exit code 130).
fn on_ctrl_c(stop: Arc<AtomicBool>) {
    // A second handler (a test calling `run` twice in one process) keeps the first.
    let _ = ctrlc::set_handler(move || {
        if stop.swap(true, Ordering::SeqCst) {
            eprintln!("\nstopped");
            std::process::exit(130);
        }
        eprintln!("\nstopping: the report covers the writes read so far (Ctrl-C again to quit)");
    });
}

/// Runs the demo.
pub fn run(args: &HotspotArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    let options = options(args)?;
    let stop = Arc::new(AtomicBool::new(false));
    on_ctrl_c(stop.clone());
    let subject = Subject::of(args, options.clone(), &stop)?;
    let created = check_out(&args.out)?;
    let result = simulate_and_report(args, out, &options, &subject, &stop);
    if result.is_err() && created {
        // Nothing written: the folder this run created goes (if still empty).
        let _ = std::fs::remove_dir(&args.out);
    }
    result
}

fn simulate_and_report(
    args: &HotspotArgs,
    out: &mut dyn Write,
    options: &Options,
    subject: &Subject,
    stop: &Arc<AtomicBool>,
) -> Result<ExitCode, CliError> {
    let names = subject.names();
    let started = Instant::now();
    // Each simulation's fraction done (as f64 bits); a bar on stderr once a run takes over
    // two seconds (indicatif draws nothing when stderr is not a terminal).
    let done: Vec<AtomicU64> = names.iter().map(|_| AtomicU64::new(0)).collect();
    let bar: Mutex<Option<ProgressBar>> = Mutex::new(None);
    let progress = |i: usize, fraction: f64| {
        done[i].store(fraction.to_bits(), Ordering::Relaxed);
        if started.elapsed() < Duration::from_secs(2) {
            return;
        }
        let total: f64 = done
            .iter()
            .map(|d| f64::from_bits(d.load(Ordering::Relaxed)))
            .sum::<f64>()
            / names.len() as f64;
        let mut bar = bar.lock().unwrap_or_else(|e| e.into_inner());
        let bar = bar.get_or_insert_with(|| {
            let b = ProgressBar::new(1000).with_style(
                ProgressStyle::with_template(
                    "{msg} [{bar:30}] {percent:>3}% {elapsed} (eta {eta}; Ctrl-C reports what is done)",
                )
                .expect("a valid template")
                .progress_chars("#>-"),
            );
            b.set_message(format!("{} simulations", names.len()));
            b
        });
        bar.set_position((total * 1000.0) as u64);
    };
    let outcomes = subject.run(options, &progress, stop)?;
    if let Some(bar) = bar.lock().unwrap_or_else(|e| e.into_inner()).take() {
        bar.finish_and_clear();
    }
    write!(out, "{}", report::text(&outcomes, options))?;
    let writes = outcomes.first().map_or(0, |o| o.run.report.writes);
    let mut text = subject.text(writes);
    if outcomes.iter().any(|o| o.run.stopped) {
        text.workload = text.workload.map(|w| {
            format!("{w} (a run stopped by Ctrl-C: these are the writes read until then)")
        });
    }
    report::page::write(&args.out, &outcomes, options, &text)
        .map_err(|e| CliError(format!("cannot write {}: {e}", args.out.display())))?;
    writeln!(
        out,
        "\nheatmaps and page: {} (open it in a browser)\nfinished in {:.1}s",
        args.out.join("index.html").display(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(ExitCode::SUCCESS)
}
