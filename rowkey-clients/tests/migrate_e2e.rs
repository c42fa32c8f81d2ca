//! Changing a live table's key end to end (`rowkey::migrate`), on redb and on Google's Bigtable
//! emulator: three migrations (md5 buckets 16 → 64, unsalted → salted, rowkey binary →
//! Phoenix), each with 200,000 rows, writers, readers, a killed and resumed copy, verification
//! and cut-over. The driver is `migrate/mod.rs`.

mod emulator;
mod migrate;

use migrate::cases::{AddSalt, Resalt, ToPhoenix};
use migrate::{bigtable_tables::Bigtable, redb_tables::Redb, run, Case, Story};

fn report<C: Case>(store: &str, story: &Story) {
    let (first, resumed) = (story.first.as_ref().unwrap(), story.resumed.as_ref().unwrap());
    println!(
        "{store}, {}: copy killed after {} rows read, resumed for {} more ({} already present); \
         {:.0} rows/s per worker ({} workers, {:.1} s); {} writes, {} deletes, {} tombstones purged; \
         {} dual reads ({} during the copy), each equal to the truth",
        C::NAME,
        first.read,
        resumed.read,
        resumed.present,
        story.rows_per_second_per_worker(),
        migrate::WORKERS,
        story.copy_time.as_secs_f64(),
        story.writes,
        story.deletes,
        story.tombstones,
        story.reads,
        story.reads_mid_copy,
    );
}

fn on_redb<C: Case>() {
    let tables = Redb::new();
    let story = run::<C, _>(&tables);
    report::<C>("redb", &story);
}

fn on_bigtable<C: Case>(name: &str) {
    let Some(emulator) = emulator::Emulator::shared() else {
        return;
    };
    let tables = Bigtable::new(emulator, name);
    let story = run::<C, _>(&tables);
    report::<C>("Bigtable emulator", &story);
}

#[test]
fn redb_md5_buckets_16_to_64() {
    on_redb::<Resalt>();
}

#[test]
fn redb_unsalted_to_salted() {
    on_redb::<AddSalt>();
}

#[test]
fn redb_binary_to_phoenix() {
    on_redb::<ToPhoenix>();
}

#[test]
fn bigtable_md5_buckets_16_to_64() {
    on_bigtable::<Resalt>("resalt");
}

#[test]
fn bigtable_unsalted_to_salted() {
    on_bigtable::<AddSalt>("add_salt");
}

#[test]
fn bigtable_binary_to_phoenix() {
    on_bigtable::<ToPhoenix>("to_phoenix");
}
