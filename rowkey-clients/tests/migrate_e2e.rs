//! Changing a live table's key end to end (`rowkey::migrate`), on redb and on Google's Bigtable
//! emulator: three migrations (md5 buckets 16 → 64, unsalted → salted, rowkey binary →
//! Phoenix), each with 200,000 rows, writers, readers, a killed and resumed copy, verification
//! and cut-over. The driver is `migrate/mod.rs`.

use crate::migrate;
use rowkey_testkit::bigtable as emulator;

use migrate::cases::{AddSalt, Resalt, ToPhoenix};
use migrate::{bigtable_tables::Bigtable, redb_tables::Redb, run, Case, Story};

fn report<C: Case>(store: &str, story: &Story) {
    let (first, resumed) = (
        story.first.as_ref().unwrap(),
        story.resumed.as_ref().unwrap(),
    );
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

fn on_bigtable<C: Case>(emulator: &'static emulator::Emulator, name: &str) {
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

/// The three moves on the emulator, one after another: three at once load a 2-core machine past
/// the emulator's patience, and as three tests waiting on a lock they would hold libtest's
/// threads idle. Each move runs even when one before it failed; the test fails naming them.
#[test]
fn bigtable_three_moves_one_at_a_time() {
    let Some(emulator) = emulator::Emulator::shared() else {
        return;
    };
    type Move = fn(&'static emulator::Emulator, &str);
    let moves: [(&str, Move); 3] = [
        ("resalt", on_bigtable::<Resalt>),
        ("add_salt", on_bigtable::<AddSalt>),
        ("to_phoenix", on_bigtable::<ToPhoenix>),
    ];
    let failed: Vec<&str> = moves
        .iter()
        .filter(|(name, run)| std::panic::catch_unwind(|| run(emulator, name)).is_err())
        .map(|(name, _)| *name)
        .collect();
    assert!(
        failed.is_empty(),
        "failed on the emulator (their panics above): {failed:?}"
    );
}

/// The new table's `cbt createtable` command: bash hands cbt exactly the split points' bytes,
/// and the real `cbt` (beside the emulator in the Google Cloud SDK) creates the table on the
/// emulator with it.
#[test]
fn cbt_creates_the_new_table_pre_split() {
    let c = rowkey::migrate::create_commands::<migrate::cases::Md5x16>("moved", "f", 16).unwrap();
    assert_eq!(c.split_points.len(), 15);
    let cmd = c.cbt.unwrap();
    // What bash passes as the splits argument.
    let arg = cmd.rsplit_once(' ').unwrap().1;
    let out = std::process::Command::new("bash")
        .args(["-c", &format!("printf '%s' {arg}")])
        .output()
        .unwrap();
    let mut want = b"splits=".to_vec();
    want.extend(c.split_points.join(&b","[..]));
    assert_eq!(out.stdout, want);
    // A split point with a comma cannot go through cbt.
    #[derive(rowkey::RowKey)]
    #[salt(md5, buckets = 64, of = "id")]
    struct Wide {
        id: u32,
    }
    let wide = rowkey::migrate::create_commands::<Wide>("t", "f", 64).unwrap();
    assert_eq!(wide.cbt.unwrap_err().byte, b',');
    let Some(emulator) = emulator::Emulator::shared() else {
        return;
    };
    let Some(cbt) = emulator::find().and_then(|bin| {
        let sdk = bin.parent()?.parent()?.parent()?;
        let cbt = sdk.join("bin/cbt");
        cbt.is_file().then_some(cbt)
    }) else {
        assert!(
            std::env::var("CI").is_err(),
            "cbt is missing beside the emulator"
        );
        return;
    };
    let cbt = cbt.display().to_string();
    let run = |script: &str| {
        std::process::Command::new("bash")
            .args(["-c", script])
            .env("BIGTABLE_EMULATOR_HOST", emulator.addr.to_string())
            .output()
            .unwrap()
    };
    let flags = format!("{cbt} -project rowkey -instance tests");
    let created = run(&cmd.replacen("cbt", &flags, 1));
    assert!(
        created.status.success(),
        "{}",
        String::from_utf8_lossy(&created.stderr)
    );
    let listed = run(&format!("{flags} ls"));
    assert!(
        String::from_utf8_lossy(&listed.stdout)
            .lines()
            .any(|l| l == "moved"),
        "{}",
        String::from_utf8_lossy(&listed.stdout)
    );
}
