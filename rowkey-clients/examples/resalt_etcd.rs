//! A million-row etcd table (a key prefix) of a 16-bucket salted key, as a user writes it: the rows written
//! in batches, a day read merged from its 16 buckets and checked, then a live re-salt to 32
//! buckets with writers inserting, updating and deleting throughout, the copy killed and
//! resumed from checkpoints kept under a prefix of their own, a mid-move read (`Migration::read`) checked
//! against the writers, verification, the cut-over and the purge of tombstones.
//!
//! ```sh
//! ETCD_ENDPOINT=http://127.0.0.1:2379 \
//!     cargo run --release -p rowkey-clients --features etcd --example resalt_etcd
//! ```
//!
//! `main` is the program (at most 40 lines, which the test below counts); the keys, the rows
//! and the writers are `rowkey_testkit::resalt`'s.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

use rowkey::migrate::{Checkpoint, Migration, Phase, PhaseSwitch, Plan};
use rowkey_clients::etcd::{EtcdCheckpoints, EtcdTable};
use rowkey_clients::sorted::SortedTable;
use rowkey_testkit::resalt::{self, New, Old, Writers};

// The program.
pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rows = resalt::rows_from_env(1_000_000);
    let readings = EtcdTable::connect(&std::env::var("ETCD_ENDPOINT")?, b"readings/")?;
    for batch in resalt::batches(rows) {
        readings.write(batch)?;
    }
    // Day 7, merged from its 16 buckets: the day's rows in key order.
    let day: Result<Vec<_>, _> = readings.read(&Old::scan().day(7).plan()?).collect();
    assert!(resalt::logical(&day?) == resalt::day(rows, 7));
    let tables = readings.move_tables(b"readings/", b"readings_32/")?;
    let checkpoints = EtcdCheckpoints::new(readings.table(b"resalt_checkpoints/"));
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
        rowkey_testkit::program::assert_at_most(include_str!("resalt_etcd.rs"), 40);
    }

    /// The program on an etcd of its own, at 100,000 rows: etcd itself takes about two cores
    /// for 10 minutes over a million (the note of the stores' issue has the numbers of a
    /// release run at a million), more than the test command's budget.
    #[test]
    fn resalts_a_hundred_thousand_rows() {
        let Some(etcd) = rowkey_testkit::etcd::Etcd::start() else {
            return;
        };
        // The only test of this binary that reads the variable.
        // SAFETY: set before the program starts a thread or a runtime; this binary's other
        // tests read its source text, no environment, and run no C code.
        unsafe { std::env::set_var("ETCD_ENDPOINT", etcd.endpoint()) };
        // SAFETY: as above.
        unsafe { std::env::set_var("ROWKEY_ROWS", "100000") };
        super::main().unwrap();
    }
}
