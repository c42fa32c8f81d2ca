//! A million-row fjall table of a 16-bucket salted key, as a user writes it: the rows written
//! in batches, a day read merged from its 16 buckets and checked, then a live re-salt to 32
//! buckets with writers inserting, updating and deleting throughout, the copy killed and
//! resumed from checkpoints kept in a keyspace, a mid-move read (`Migration::read`) checked
//! against the writers, verification, the cut-over and the purge of tombstones.
//!
//! ```sh
//! cargo run --release -p rowkey-clients --features fjall --example resalt_fjall
//! ```
//!
//! `main` is the program (at most 40 lines, which the test below counts); the keys, the rows
//! and the writers are `rowkey_testkit::resalt`'s.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

use rowkey::migrate::{Checkpoint, Migration, Phase, PhaseSwitch, Plan};
use rowkey_clients::fjall::{FjallCheckpoints, FjallMove, FjallTable};
use rowkey_clients::sorted::SortedTable;
use rowkey_testkit::resalt::{self, New, Old, Writers};

// The program.
pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rows = resalt::rows_from_env(1_000_000);
    let dir = std::env::temp_dir().join(format!("resalt-fjall-{}", std::process::id()));
    let db = fjall::Database::builder(&dir).temporary(true).open()?;
    let readings = FjallTable::open(&db, "readings")?;
    for batch in resalt::batches(rows) {
        readings.write(batch)?;
    }
    // Day 7, merged from its 16 buckets: the day's rows in key order.
    let day: Result<Vec<_>, _> = readings.read(&Old::scan().day(7).plan()?).collect();
    assert!(resalt::logical(&day?) == resalt::day(rows, 7));
    let tables = FjallMove::open(&db, "readings", "readings_32")?;
    let checkpoints = FjallCheckpoints::new(FjallTable::open(&db, "resalt_checkpoints")?);
    let m = Migration::new(
        Plan::for_layout::<Old, New>(16)?,
        |Old { day, device, seq }| New { day, device, seq },
        |New { day, device, seq }| Old { day, device, seq },
    )?;
    let (phase, writers) = (PhaseSwitch::new(Phase::DualWrite), Writers::new(rows));
    std::thread::scope(|s| -> Result<(), Box<dyn std::error::Error>> {
        writers.start(s, &m, &tables, &phase);
        phase.set(Phase::Copy);
        // The copy, killed after 40 batches (a crash), mid-move read, then resumed.
        let (kill, saved) = (AtomicBool::new(false), AtomicUsize::new(0));
        let crash = |_: &Checkpoint| kill.store(saved.fetch_add(1, Relaxed) >= 40, Relaxed);
        let copy = || m.copy(&tables).workers(4).checkpoints(&checkpoints);
        let (first, _) = copy().on_checkpoint(&crash).stop(&kill).resume()?;
        writers.check_read(&phase, &m, &tables, 7)?;
        let (rest, progress) = copy().resume()?;
        println!("copied {} rows, then {} more", first.read, rest.read);
        assert!(first.stopped && progress.is_done() && rest.rejected.is_empty());
        writers.pause(&phase, Phase::Verify);
        assert!(m.verify_store(&tables)?.agrees());
        writers.resume(&phase, Phase::CutOver);
        writers.stop(&phase, Phase::Retired);
        println!("{} tombstones purged", m.purge_tombstones(&tables)?);
        Ok(())
    })?;
    writers.check(&m, &tables)
}
// The program ends here.

#[cfg(test)]
mod tests {
    #[test]
    fn the_program_is_at_most_40_lines() {
        rowkey_testkit::program::assert_at_most(include_str!("resalt_fjall.rs"), 40);
    }

    /// The program, at its million rows.
    #[test]
    fn resalts_a_million_rows() {
        super::main().unwrap();
    }
}
