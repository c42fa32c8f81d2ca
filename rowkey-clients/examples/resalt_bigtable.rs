//! Re-salting a live Bigtable table from 16 to 64 buckets, as a user writes it from
//! `#[tokio::main]`: the table written with `Table::put_rows`, the plan, the new table
//! pre-split, writers inserting, updating and deleting throughout, the copy killed and resumed
//! from the checkpoints it keeps in a table, a mid-move read (`Migration::read`) checked
//! against the writers, verification, the cut-over and the purge of tombstones; then every row
//! of the new table checked against what the writers know they wrote.
//!
//! ```sh
//! BIGTABLE_EMULATOR_HOST=127.0.0.1:8086 \
//!     cargo run -p rowkey-clients --features bigtable-admin,migrate --example resalt_bigtable
//! ```
//!
//! `main` is the program (at most 40 lines, which `tests/resalt_example.rs` counts); the two key
//! structs, the writers and the existing table it starts from are below it.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

use rowkey::migrate::{Checkpoint, Migration, Phase, PhaseSwitch, Plan};
use rowkey::RowKey;
use rowkey_clients::bigtable::admin::Admin;
use rowkey_clients::bigtable::{Client, MoveTables};

/// The live table's key.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 16, of = "host")]
struct Old {
    metric: String,
    ts: u64,
    host: u32,
}

/// The key it moves to: 64 buckets.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 64, of = "host")]
struct New {
    metric: String,
    ts: u64,
    host: u32,
}

const INSTANCE: &str = "projects/demo/instances/demo";

// The program.
#[tokio::main]
pub async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (client, admin) = (Client::from_env()?, Admin::from_env()?);
    let old = existing::table(&client, &admin).await?;
    // Start: the plan (a unit per old bucket), the new table pre-split, a checkpoint table.
    let new = admin
        .create_table(INSTANCE, "metrics_64", &["f"], &New::split_points(64)?)
        .await?;
    let saves = admin
        .create_table(INSTANCE, "metrics_64_checkpoints", &["f"], &[])
        .await?;
    let tables = MoveTables::new(client.table(old), client.table(new.clone()))?;
    let checkpoints = tables.checkpoints(client.table(saves));
    let m = Migration::new(
        Plan::for_layout::<Old, New>(16)?,
        |Old { metric, ts, host }| New { metric, ts, host },
        |New { metric, ts, host }| Old { metric, ts, host },
    )?;
    let phase = PhaseSwitch::new(Phase::DualWrite);
    let writers = writers::Writers::new(existing::ROWS);
    std::thread::scope(|s| -> Result<(), Box<dyn std::error::Error>> {
        writers.start(s, &m, &tables, &phase);
        phase.set(Phase::Copy);
        // The copy, killed after 40 batches (a crash) ...
        let (kill, saved) = (AtomicBool::new(false), AtomicUsize::new(0));
        let crash = |_: &Checkpoint| kill.store(saved.fetch_add(1, Relaxed) >= 40, Relaxed);
        let copy = || m.copy(&tables).workers(4).checkpoints(&checkpoints);
        let (first, _) = copy().on_checkpoint(&crash).stop(&kill).resume()?;
        // Mid-move (writers paused), the "cpu" rows of both tables are what they wrote.
        writers.check_read(&phase, &m, &tables, "cpu")?;
        // ... and resumed from the checkpoint table, as a new process would.
        let (rest, progress) = copy().resume()?;
        println!("copied {} rows, then {} more", first.read, rest.read);
        assert!(first.stopped && progress.is_done() && rest.rejected.is_empty());
        // Verify with the writers paused; then cut over, and purge the tombstones.
        writers.pause(&phase, Phase::Verify);
        let verification = m.verify_store(&tables)?;
        assert!(verification.agrees(), "{:?}", verification.differing());
        writers.resume(&phase, Phase::CutOver);
        writers.stop(&phase, Phase::Retired);
        println!("{} tombstones purged", m.purge_tombstones(&tables)?);
        Ok(())
    })?;
    writers.check(&client.table(new)).await
}
// The program ends here.

/// The writers: two threads inserting, updating and deleting rows through the move's
/// protocol, in whatever phase the move is in, recording what they wrote.
mod writers {
    use std::collections::BTreeMap;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::SeqCst};
    use std::sync::Mutex;

    use futures::TryStreamExt;
    use rowkey::migrate::{Migration, Phase, PhaseSwitch};
    use rowkey::RowKey;
    use rowkey_clients::bigtable::{Cell, MoveTables, Row, Table};

    use super::{New, Old};

    type Logical = (String, u64, u32);

    pub struct Writers {
        truth: Mutex<BTreeMap<Logical, Vec<u8>>>,
        paused: AtomicBool,
        stopped: AtomicBool,
        ops: AtomicU64,
    }

    impl Writers {
        /// Writers of a table whose rows are `existing::row(0..rows)`.
        pub fn new(rows: u32) -> Self {
            let truth = (0..rows)
                .map(super::existing::row)
                .map(|(k, v)| ((k.metric, k.ts, k.host), v))
                .collect();
            Writers {
                truth: Mutex::new(truth),
                paused: AtomicBool::new(false),
                stopped: AtomicBool::new(false),
                ops: AtomicU64::new(0),
            }
        }

        pub fn start<'s>(
            &'s self,
            s: &'s std::thread::Scope<'s, '_>,
            m: &'s Migration<Old, New>,
            tables: &'s MoveTables,
            phase: &'s PhaseSwitch,
        ) {
            for w in 0..2u64 {
                s.spawn(move || self.run(w, m, tables, phase));
            }
        }

        fn run(&self, w: u64, m: &Migration<Old, New>, tables: &MoveTables, phase: &PhaseSwitch) {
            let mut x = 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(w + 1);
            while !self.stopped.load(SeqCst) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let now = phase.enter();
                if self.paused.load(SeqCst) {
                    drop(now);
                    std::thread::sleep(std::time::Duration::from_millis(5));
                    continue;
                }
                let n = self.ops.fetch_add(1, SeqCst);
                // Existing rows and new ones (ts past the table's), half the hosts each writer's.
                let row = (
                    ["cpu", "mem"][(x % 2) as usize].to_string(),
                    1_700_000_000 + (x >> 8) % 40,
                    ((x >> 16) % 500) as u32 * 2 + w as u32,
                );
                let key = New {
                    metric: row.0.clone(),
                    ts: row.1,
                    host: row.2,
                };
                if x.is_multiple_of(3) {
                    m.remove(tables, *now, key).expect("a delete");
                    self.truth.lock().unwrap().remove(&row);
                } else {
                    let value = format!("w{w}-{n}").into_bytes();
                    m.put(tables, *now, key, &vec![Cell::new("f", "v", value.clone())])
                        .expect("a put");
                    self.truth.lock().unwrap().insert(row, value);
                }
            }
        }

        /// Pauses the writers (their writes in flight finish first) and moves to `next`.
        pub fn pause(&self, phase: &PhaseSwitch, next: Phase) {
            self.paused.store(true, SeqCst);
            phase.set(next);
        }

        /// Moves to `next` and lets the writers go on, for a moment before the caller goes on.
        pub fn resume(&self, phase: &PhaseSwitch, next: Phase) {
            phase.set(next);
            self.paused.store(false, SeqCst);
            std::thread::sleep(std::time::Duration::from_millis(300));
        }

        /// Stops the writers (their writes in flight finish first) and moves to `next`.
        pub fn stop(&self, phase: &PhaseSwitch, next: Phase) {
            self.stopped.store(true, SeqCst);
            phase.set(next);
        }

        /// `Migration::read` of one metric mid-move gives the rows the writers know, in the new
        /// key's order, each once.
        pub fn check_read(
            &self,
            phase: &PhaseSwitch,
            m: &Migration<Old, New>,
            tables: &MoveTables,
            metric: &str,
        ) -> Result<(), Box<dyn std::error::Error>> {
            self.pause(phase, Phase::Copy);
            let old_plan = Old::scan().metric(metric.to_string()).plan()?;
            let new_plan = New::scan().metric(metric.to_string()).plan()?;
            let rows = m.read(tables, Phase::Copy, &old_plan, &new_plan)?;
            let got: Vec<(Logical, Vec<u8>)> = rows
                .iter()
                .map(|(k, cells)| {
                    let k = New::decode(k).expect("a New key");
                    ((k.metric, k.ts, k.host), cells[0].value.clone())
                })
                .collect();
            let truth = self.truth.lock().unwrap();
            let want: Vec<(Logical, Vec<u8>)> = truth
                .iter()
                .filter(|(k, _)| k.0 == metric)
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            assert!(
                got == want,
                "the mid-move read differs from what the writers wrote"
            );
            println!(
                "mid-move: {} {metric} rows read from both tables, each once",
                got.len()
            );
            Ok(())
        }

        /// The new table holds exactly the rows the writers know: every logical row once,
        /// with its last value, no tombstone left.
        pub async fn check(&self, new: &Table) -> Result<(), Box<dyn std::error::Error>> {
            let rows: Vec<Row> = new.read(&New::full_scan()).try_collect().await?;
            let got: BTreeMap<Logical, Vec<u8>> = rows
                .iter()
                .map(|r| {
                    let k = New::decode(&r.key).expect("a New key");
                    let v = r
                        .value("f", b"v")
                        .expect("a value, not a tombstone")
                        .to_vec();
                    ((k.metric, k.ts, k.host), v)
                })
                .collect();
            let truth = self.truth.lock().unwrap();
            assert_eq!(got.len(), rows.len(), "a logical row twice");
            assert!(
                *truth == got,
                "the new table differs from what the writers wrote"
            );
            println!(
                "the new table holds exactly the {} rows the writers know ({} writes and deletes)",
                got.len(),
                self.ops.load(SeqCst)
            );
            Ok(())
        }
    }
}

/// The live table the program starts from: `ROWS` rows of `Old`, written beforehand.
mod existing {
    use rowkey::RowKey;
    use rowkey_clients::bigtable::admin::Admin;
    use rowkey_clients::bigtable::{Cell, Client};

    use super::{Old, INSTANCE};

    pub const ROWS: u32 = 60_000;

    /// Row `i`: two metrics, a thousand hosts, 30 timestamps.
    pub fn row(i: u32) -> (Old, Vec<u8>) {
        let key = Old {
            metric: ["cpu", "mem"][(i % 2) as usize].into(),
            ts: 1_700_000_000 + u64::from(i / 2000),
            host: i / 2 % 1000,
        };
        (key, format!("v0-{i}").into_bytes())
    }

    /// Creates table `metrics` and writes the rows; returns its name.
    pub async fn table(
        client: &Client,
        admin: &Admin,
    ) -> Result<String, Box<dyn std::error::Error>> {
        let splits = Old::split_points(16)?;
        let name = admin
            .create_table(INSTANCE, "metrics", &["f"], &splits)
            .await?;
        let rows = (0..ROWS).map(|i| {
            let (key, value) = row(i);
            (key.encode().unwrap(), [Cell::new("f", "v", value)])
        });
        client.table(name.clone()).put_rows(rows).await?;
        Ok(name)
    }
}

// The example's own checks (`cargo test` runs them: `test = true` in Cargo.toml): the program
// stays short, and it runs to its end on the emulator.
#[cfg(test)]
mod tests {
    #[test]
    fn the_resalt_program_is_at_most_40_lines() {
        // (`#[tokio::main]` and `pub async fn main()` count.)
        let source = include_str!("resalt_bigtable.rs");
        let program = rowkey_testkit::program::lines(source);
        assert!(
            program
                .first()
                .is_some_and(|l| l.starts_with("#[tokio::main]")),
            "{program:?}"
        );
        rowkey_testkit::program::assert_at_most(source, 40);
    }

    #[test]
    fn the_resalt_program_runs_on_the_emulator() {
        let Some(emulator) = rowkey_testkit::bigtable::Emulator::start() else {
            return;
        };
        // The only test of this binary that reads the variable.
        // SAFETY: set before the program starts a thread or a runtime; this binary's other
        // tests read its source text, no environment, and run no C code.
        unsafe { std::env::set_var("BIGTABLE_EMULATOR_HOST", emulator.addr.to_string()) };
        super::main().expect("the re-salt");
    }
}
