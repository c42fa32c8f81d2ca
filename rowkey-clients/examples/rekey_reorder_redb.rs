//! Re-keying a redb table whose key's fields are reordered, as a user writes it, at a million
//! rows: the judge's verdict on the edit, the migration that refuses to merge mid-move reads
//! of such a pair (they would repeat rows), the copy (half, then a mid-move read of a day with
//! `Migration::read`, each row once, in the new key's order, then the rest), the verification, and a day's rows read from the new table with
//! one range.
//!
//! ```sh
//! cargo run --release -p rowkey-clients --features migrate,redb --example rekey_reorder_redb
//! ```
//!
//! `main` is the program (at most 40 lines, which the test below counts); the table it starts
//! from is below it.

use std::sync::Arc;

use redb::Database;
use rowkey::lock::{judge, report, Guarantee};
use rowkey::migrate::{MigrateError, Migration, Phase, Plan, Progress};
use rowkey::RowKey;
use rowkey_clients::redb::RedbMove;

/// The table's key: a user's visits, by user, then day.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
struct Visit {
    user: u32,
    day: u32,
}

/// The key it moves to: by day, then user, so that a day's visits are one range.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
struct VisitByDay {
    day: u32,
    user: u32,
}

const USERS: u32 = 10_000;
const DAYS: u32 = 100;

// The program.
pub fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::temp_dir().join(format!("rekey-reorder-{}.redb", std::process::id()));
    let db = Arc::new(Database::create(&path)?);
    existing::load(&db, "visits", USERS, DAYS)?;
    let tables = RedbMove::new(db, "visits", "visits_by_day")?;
    // The judge: the reorder keeps every row distinct, but not in the old order.
    let verdict = judge(&Visit::layout(), &VisitByDay::layout());
    print!("{}", report::text(&verdict, "Visit"));
    assert!(verdict.holds(Guarantee::Unique) && !verdict.holds(Guarantee::Order));
    // Eight units of the old table, split by user (a key's first four bytes): 1,250 each.
    let points: Vec<Vec<u8>> = (1..8u32).map(|i| (i * 1250).to_be_bytes().into()).collect();
    let plan = || Plan::from_points::<Visit, VisitByDay>(&points);
    let to_new = |Visit { user, day }| VisitByDay { day, user };
    let to_old = |VisitByDay { day, user }| Visit { user, day };
    // `new` refuses the pair: a merged mid-move read would repeat rows.
    let refused = Migration::new(plan(), to_new, to_old).unwrap_err();
    assert!(matches!(refused, MigrateError::OrderChanged { .. }));
    // So it moves `reordering`: `read` sorts the old rows by their new keys, never merging.
    let m = Migration::reordering(plan(), to_new, to_old)?;
    let mut progress = Progress::new(&m.plan);
    let half = m.copy(&tables).units(&[0, 1, 2, 3]).run(&mut progress)?;
    // Mid-move (half the users copied): day 42, from both tables, each visit once.
    let (all_old, day) = (Visit::full_scan(), VisitByDay::scan().day(42).plan()?);
    let read_day = |phase| m.read(&tables, phase, &all_old, &day);
    let users = |rows: Vec<(Vec<u8>, Vec<u8>)>| -> Vec<u32> {
        rows.iter()
            .map(|(k, _)| VisitByDay::decode(k).unwrap().user)
            .collect()
    };
    assert_eq!(
        users(read_day(Phase::Copy)?),
        Vec::from_iter(0..USERS),
        "every user once"
    );
    let rest = m.copy(&tables).workers(2).run(&mut progress)?;
    let read = half.read + rest.read;
    println!("copied {read} rows in {:.1?}", half.elapsed + rest.elapsed);
    assert_eq!(read, u64::from(USERS * DAYS));
    assert!(m.verify_store(&tables)?.agrees());
    // After the cut-over: the day from the new table alone, one range.
    assert_eq!(users(read_day(Phase::CutOver)?), Vec::from_iter(0..USERS));
    assert_eq!(day.ranges().len(), 1);
    std::fs::remove_file(&path)?;
    Ok(())
}
// The program ends here.

/// The table as it is before the move: a visit a user and day, written in one transaction.
mod existing {
    use redb::{Database, TableDefinition};
    use rowkey::RowKey;

    pub fn load(
        db: &Database,
        table: &str,
        users: u32,
        days: u32,
    ) -> Result<(), Box<dyn std::error::Error>> {
        let tx = db.begin_write()?;
        {
            let mut t = tx.open_table(TableDefinition::<&[u8], &[u8]>::new(table))?;
            for user in 0..users {
                for day in 0..days {
                    t.insert(super::Visit { user, day }.encode()?.as_slice(), &b"v"[..])?;
                }
            }
        }
        tx.commit()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_program_is_at_most_40_lines() {
        rowkey_testkit::program::assert_at_most(include_str!("rekey_reorder_redb.rs"), 40);
    }

    /// The program, at its million rows.
    #[test]
    fn rekeys_a_million_rows() {
        super::main().unwrap();
    }
}
