//! `rowkey migrate`: a built-in design's table moved to another key while writers insert,
//! update and delete and readers read the newest messages, phase by phase (`rowkey::migrate`),
//! in memory: the plan, the new table's create commands, and at each moment what a reader of
//! the old table alone, of the new table alone and of both merged saw, against the truth.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rowkey::migrate::{
    create_commands, Dual, MemoryStore, Migration, MoveStore, Phase, Plan, Progress, Reads, Side,
};
use rowkey::{EncodeError, RowKey, ScanPlan, ScanRange};

use crate::cli::{MigrateArgs, MoveDesign};
use crate::designs::{message, Md5Buckets, Message, TimestampFirst};
use crate::error::CliError;

/// The two tables of the simulated move, in memory: key → the message's version (big-endian),
/// in the new table a version or a tombstone.
type Tables = MemoryStore<[u8; 8]>;

/// A range's rows: key and version (`None`: a tombstone).
type Stream = std::vec::IntoIter<(Vec<u8>, Option<u64>)>;

/// The rows (and tombstones) of `side`'s table in each of `ranges`, one stream per range.
fn streams(tables: &Tables, side: Side, ranges: &[ScanRange]) -> Vec<Stream> {
    ranges
        .iter()
        .map(|r| {
            let rows = tables.scan(side, r, usize::MAX).unwrap_or_default();
            rows.into_iter()
                .map(|(k, v)| (k, v.map(u64::from_be_bytes)))
                .collect::<Vec<_>>()
                .into_iter()
        })
        .collect()
}

/// A design's key of a message, and its read of the newest messages.
trait Keyed: RowKey + Send + 'static {
    fn of(m: Message) -> Self;
    fn message(&self) -> Message;
    fn since(ts: u64) -> Result<ScanPlan, EncodeError>;
}

macro_rules! keyed {
    ($($t:ident),*) => {$(
        impl Keyed for $t {
            fn of(m: Message) -> Self {
                $t { ts: m.ts, id: m.id }
            }
            fn message(&self) -> Message {
                Message { ts: self.ts, id: self.id }
            }
            fn since(ts: u64) -> Result<ScanPlan, EncodeError> {
                $t::scan().ts(ts..).plan()
            }
        }
    )*};
}

keyed!(TimestampFirst, Md5Buckets);

/// Runs the simulated move.
pub fn run(args: &MigrateArgs, out: &mut dyn Write) -> Result<ExitCode, CliError> {
    if args.from == MoveDesign::RandomBuckets || args.to == MoveDesign::RandomBuckets {
        return Err(CliError(
            "random-buckets: a random salt draws a new bucket at each write, so a writer cannot \
             update or delete a row without reading it first, and dual writes would double rows; \
             move between keys whose salt is a function of the fields (timestamp-first, md5-buckets)"
                .into(),
        ));
    }
    macro_rules! go {
        ($($a:ident => $b:ident),*) => {
            match (args.from, args.to) {
                $((MoveDesign::$a, MoveDesign::$b) => simulate::<$a, $b>(args, out),)*
                _ => Err(CliError(
                    "--from and --to are the same design: there is nothing to move".into(),
                )),
            }
        };
    }
    go!(
        TimestampFirst => Md5Buckets,
        Md5Buckets => TimestampFirst
    )
}

/// The logical rows: (ts, id) → version.
type Truth = BTreeMap<(u64, u64), u64>;

/// A reader's result against the truth.
struct Seen {
    rows: usize,
    missed: usize,
    stale: usize,
    extra: usize,
}

impl Seen {
    fn of(got: &Truth, want: &Truth) -> Seen {
        let missed = want.keys().filter(|k| !got.contains_key(k)).count();
        let stale = want
            .iter()
            .filter(|(k, v)| got.get(k).is_some_and(|g| g != *v))
            .count();
        let extra = got.keys().filter(|k| !want.contains_key(k)).count();
        Seen {
            rows: got.len(),
            missed,
            stale,
            extra,
        }
    }

    fn cell(&self) -> String {
        let mut wrong = Vec::new();
        for (n, what) in [
            (self.missed, "missed"),
            (self.stale, "stale"),
            (self.extra, "extra"),
        ] {
            if n > 0 {
                wrong.push(format!("{n} {what}"));
            }
        }
        if wrong.is_empty() {
            format!("{} exact", self.rows)
        } else {
            format!("{} ({})", self.rows, wrong.join(", "))
        }
    }
}

/// The move, step by step.
struct Sim<'a, Old, New> {
    args: &'a MigrateArgs,
    tables: Tables,
    truth: Truth,
    migration: Migration<Old, New>,
    rng: u64,
    next: u64,
    version: u64,
    since: u64,
    copied: u64,
}

impl<Old: Keyed, New: Keyed> Sim<'_, Old, New> {
    fn random(&mut self, n: u64) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng % n.max(1)
    }

    /// The writers' next `args.writes` changes in `phase`: new messages (60%), updates (25%)
    /// and deletes (15%) of recent ones.
    fn write(&mut self, phase: Phase) -> Result<(), CliError> {
        let first = self.args.rows - self.args.rows / 10;
        for _ in 0..self.args.writes {
            self.version += 1;
            let roll = self.random(100);
            let m = if roll < 60 {
                self.next += 1;
                message(self.next - 1)
            } else {
                let span = self.next - first;
                message(first + self.random(span))
            };
            let key = (m.ts, m.id);
            let writes = if roll >= 85 {
                self.truth.remove(&key);
                self.migration.delete(phase, New::of(m))
            } else {
                self.truth.insert(key, self.version);
                self.migration.write(phase, New::of(m))
            }
            .map_err(|e| CliError(e.to_string()))?;
            self.migration
                .apply(&self.tables, &writes, Some(&self.version.to_be_bytes()))
                .map_err(|e| CliError(e.to_string()))?;
        }
        Ok(())
    }

    /// What a reader of the newest messages sees now: the old table alone, the new table
    /// alone, and what `phase` reads (the old table, both merged, or the new table).
    fn look(&self, phase: Phase) -> Result<[Seen; 3], CliError> {
        let err = |e: EncodeError| CliError(e.to_string());
        let (old_plan, new_plan) = (
            Old::since(self.since).map_err(err)?,
            New::since(self.since).map_err(err)?,
        );
        let logical = |k: &[u8]| -> Option<(u64, u64)> {
            New::decode_unverified(k).ok().map(|n| {
                let m = n.message();
                (m.ts, m.id)
            })
        };
        let converted: Vec<(Vec<u8>, Option<u64>)> = old_plan
            .merge(streams(&self.tables, Side::Old, old_plan.ranges()))
            .filter_map(|(k, v)| Some((self.migration.new_key(&k, 0).ok()?, v)))
            .collect();
        let new_rows: Vec<(Vec<u8>, Option<u64>)> = new_plan
            .merge(streams(&self.tables, Side::New, new_plan.ranges()))
            .collect();
        let collect = |rows: Vec<(Vec<u8>, Option<u64>)>| -> Truth {
            rows.into_iter()
                .filter_map(|(k, v)| Some((logical(&k)?, v?)))
                .collect()
        };
        let dual: Vec<_> = Dual::new(
            converted.clone().into_iter(),
            new_rows.clone().into_iter(),
            new_plan.salt_len(),
        )
        .deleted(|(_, v)| v.is_none())
        .collect();
        let want: Truth = self
            .truth
            .range((self.since, 0)..)
            .map(|(k, v)| (*k, *v))
            .collect();
        let old = collect(converted);
        let new = collect(new_rows);
        let read = match phase.reads() {
            Reads::Old => Seen::of(&old, &want),
            Reads::Both => Seen::of(&collect(dual), &want),
            Reads::New => Seen::of(&new, &want),
        };
        Ok([Seen::of(&old, &want), Seen::of(&new, &want), read])
    }
}

fn simulate<Old: Keyed, New: Keyed>(
    args: &MigrateArgs,
    out: &mut dyn Write,
) -> Result<ExitCode, CliError> {
    let name = |d: MoveDesign| {
        clap::ValueEnum::to_possible_value(&d)
            .map(|v| v.get_name().to_string())
            .unwrap_or_default()
    };
    let units = args.units as usize;
    let tables = Tables::new();
    let mut truth = Truth::new();
    let mut rows = Vec::new();
    for i in 0..args.rows {
        let m = message(i);
        let key = Old::of(m).encode().map_err(|e| CliError(e.to_string()))?;
        rows.push((key, 0u64.to_be_bytes()));
        truth.insert((m.ts, m.id), 0);
    }
    tables.load_old(rows);
    // Start: the plan, from the old layout's buckets or a sample of its keys.
    let (plan, from) = match Plan::for_layout::<Old, New>(units) {
        Ok(p) => (p, "the old layout's buckets"),
        Err(_) => {
            let old = tables.old_rows();
            let step = (old.len() / 4096).max(1);
            let sample: Vec<&Vec<u8>> = old.iter().map(|(k, _)| k).step_by(step).collect();
            let plan = Plan::from_sample::<Old, New, _>(&sample, units)
                .map_err(|e| CliError(e.to_string()))?;
            (plan, "a sample of its keys")
        }
    };
    writeln!(
        out,
        "rowkey migrate: {} → {}, {} messages, {} copy workers, {} writes between looks\n",
        name(args.from),
        name(args.to),
        args.rows,
        args.workers,
        args.writes
    )?;
    writeln!(
        out,
        "plan: {} units from {from}; layouts {}",
        plan.units.len(),
        plan.fingerprints
    )?;
    match create_commands::<New>("messages_v2", "m", units) {
        Ok(c) => {
            writeln!(
                out,
                "the new table, pre-split into {} regions:",
                c.split_points.len() + 1
            )?;
            writeln!(out, "  hbase> {}", c.hbase_shell)?;
            match c.cbt {
                Ok(cbt) => writeln!(out, "  $ {cbt}")?,
                Err(e) => writeln!(out, "  (cbt: {e})")?,
            }
        }
        Err(e) => writeln!(
            out,
            "the new table: no split points of its own ({e}); split it as it grows"
        )?,
    }
    let plan_text = plan.to_text();
    let migration = Migration::new(
        plan,
        |o: Old| New::of(o.message()),
        |n: New| Old::of(n.message()),
    )
    .map_err(|e| CliError(e.to_string()))?;
    let mut sim = Sim {
        args,
        tables,
        truth,
        migration,
        rng: args.seed | 1,
        next: args.rows,
        version: 0,
        since: message(args.rows - args.rows / 10).ts,
        copied: 0,
    };
    writeln!(
        out,
        "\nWhat a reader of the newest 10% of messages saw (rows; missed, stale or extra against the truth):\n"
    )?;
    writeln!(
        out,
        "{:<26} {:>6}  {:<40} {:<20} the phase's read",
        "phase", "copied", "old table alone", "new table alone"
    )?;
    let line = |sim: &Sim<Old, New>,
                out: &mut dyn Write,
                phase: Phase,
                what: &str|
     -> Result<(), CliError> {
        let [old, new, dual] = sim.look(phase)?;
        let what = format!(
            "{what} ({})",
            match phase.reads() {
                Reads::Old => "old",
                Reads::Both => "both",
                Reads::New => "new",
            }
        );
        writeln!(
            out,
            "{:<26} {:>5.0}%  {:<40} {:<20} {}",
            what,
            100.0 * sim.copied as f64 / args.rows as f64,
            old.cell(),
            new.cell(),
            dual.cell()
        )?;
        if dual.missed + dual.stale + dual.extra > 0 {
            return Err(CliError(format!("{what}: the phase's read was not exact")));
        }
        Ok(())
    };
    line(&sim, out, Phase::Start, "start")?;
    sim.write(Phase::DualWrite)?;
    line(&sim, out, Phase::DualWrite, "dual write")?;
    // The copy, in five slices; killed after the second and resumed from its text.
    let mut progress = Progress::new(&sim.migration.plan);
    let batch = (args.rows as usize / 100).max(1);
    let batches = args.rows as usize / batch + units;
    let mut read = 0u64;
    let mut elapsed = 0f64;
    for slice in 1..=5 {
        sim.write(Phase::Copy)?;
        let stop = AtomicBool::new(false);
        let saved = AtomicUsize::new(0);
        let count = |_: &rowkey::migrate::Checkpoint| {
            if saved.fetch_add(1, Ordering::SeqCst) + 1 >= batches / 5 {
                stop.store(slice < 5, Ordering::SeqCst);
            }
        };
        let report = sim
            .migration
            .copy(&sim.tables)
            .workers(args.workers as usize)
            .batch(batch)
            .stop(&stop)
            .on_checkpoint(&count)
            .run(&mut progress)
            .map_err(|e| CliError(e.to_string()))?;
        read += report.read;
        elapsed += report.elapsed.as_secs_f64() * report.workers as f64;
        sim.copied = (sim.copied + report.read).min(args.rows);
        let mut what = format!("copy {slice}/5");
        if slice == 2 {
            // Killed: a new process reads the plan and the progress back and resumes.
            let plan = Plan::parse(&plan_text).map_err(|e| CliError(e.to_string()))?;
            progress =
                Progress::parse(&progress.to_text(), &plan).map_err(|e| CliError(e.to_string()))?;
            what.push_str(" (killed)");
        }
        if slice == 5 && !progress.is_done() {
            return Err(CliError("the copy did not finish".into()));
        }
        line(&sim, out, Phase::Copy, &what)?;
    }
    // Verify (writers paused for the comparison).
    let verification = sim
        .migration
        .verify_store(&sim.tables)
        .map_err(|e| CliError(e.to_string()))?;
    let agree = verification.units.iter().filter(|u| u.agrees()).count();
    line(
        &sim,
        out,
        Phase::Verify,
        &format!("verify: {agree}/{} agree", verification.units.len()),
    )?;
    if !verification.agrees() {
        return Err(CliError(format!(
            "verification: units {:?} differ",
            verification.differing()
        )));
    }
    sim.write(Phase::CutOver)?;
    line(&sim, out, Phase::CutOver, "cut over")?;
    let purged = sim
        .migration
        .purge_tombstones(&sim.tables)
        .map_err(|e| CliError(e.to_string()))?;
    sim.write(Phase::Retired)?;
    line(
        &sim,
        out,
        Phase::Retired,
        &format!("retired: {purged} purged"),
    )?;
    writeln!(
        out,
        "\ncopy: {read} rows read ({} again after the kill), {:.0} rows/s per worker in memory",
        read.saturating_sub(args.rows),
        read as f64 / elapsed.max(1e-9)
    )?;
    writeln!(
        out,
        "The old table alone is exact until the cut-over (writers write both tables until then), then \
         misses what is written after;\nthe new table alone misses what is not copied yet; the phase's \
         read (old, both merged, new) is exact at every moment."
    )?;
    Ok(ExitCode::SUCCESS)
}
