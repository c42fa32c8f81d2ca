//! A Bigtable move used from async code and its guard rails, against Google's Bigtable
//! emulator:
//!
//! - `MoveTables` and `CheckpointTable` called from `#[tokio::test]` (current-thread and
//!   multi-thread runtimes, as `#[tokio::main]` builds) and dropped there: they used to panic
//!   with "Cannot start a runtime from within a runtime" and "Cannot drop a runtime in a
//!   context where blocking is not allowed";
//! - a move whose old and new table are one table is refused when made;
//! - the job's plan is stored with the checkpoints by the first worker, and a resume with
//!   another plan (one made again from a fresh sample) is refused, naming both;
//! - a missing tombstone family is named as the tombstone family.
//!
//! Without an emulator (and `CI` unset) each test prints a notice and passes.
#![cfg(all(feature = "bigtable", feature = "migrate"))]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use rowkey::migrate::{Checkpoints, Migration, MoveStore, Phase, Plan, Progress, Side};
use rowkey::{RowKey, ScanRange};
use rowkey_clients::bigtable::{Cell, Client, MoveError, MoveTables};
use rowkey_testkit::bigtable::Emulator;

#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
struct Old {
    id: u32,
}

#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
#[salt(md5, buckets = 8, of = "id")]
struct New {
    id: u32,
}

fn migration(plan: Plan) -> Migration<Old, New> {
    Migration::new(plan, |o: Old| New { id: o.id }, |n: New| Old { id: n.id }).unwrap()
}

/// Aborts the test binary if `done` is not set within `minutes`: a hang (a deadlock between
/// runtimes) fails instead of stalling CI.
fn watchdog(minutes: u64) -> Arc<AtomicBool> {
    let done = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&done);
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(60 * minutes));
        if !flag.load(Ordering::Relaxed) {
            eprintln!("a move's request hung for {minutes} minutes");
            std::process::abort();
        }
    });
    done
}

/// The move's operations from inside an async task, then the store dropped there.
async fn used_from_async(name: &str) {
    let Some(emulator) = Emulator::shared() else {
        return;
    };
    let done = watchdog(5);
    let old = emulator.create_table(&format!("old_{name}")).await;
    let new = emulator.create_table(&format!("new_{name}")).await;
    let saves = emulator.create_table(&format!("saves_{name}")).await;
    // The user's client, already used by this runtime (its connections live here).
    let client = Client::emulator(&emulator.addr.to_string()).unwrap();
    let _ = client.table(old.clone()).sample_row_keys().await.unwrap();
    let tables = MoveTables::new(client.table(old), client.table(new)).unwrap();
    let m = migration(Plan::from_points::<Old, New>(&[]));
    for id in 0..50 {
        let cells = vec![Cell::new("f", "v", id.to_string())];
        tables
            .apply(
                Side::Old,
                &rowkey::migrate::Op::Put(Old { id }.encode().unwrap()),
                Some(&cells),
            )
            .unwrap();
    }
    m.put(
        &tables,
        Phase::Copy,
        New { id: 7 },
        &vec![Cell::new("f", "v", "new")],
    )
    .unwrap();
    m.remove(&tables, Phase::Copy, New { id: 8 }).unwrap();
    let checkpoints = tables.checkpoints(client.table(saves));
    let (report, progress) = m
        .copy(&tables)
        .workers(2)
        .checkpoints(&checkpoints)
        .resume()
        .unwrap();
    assert!(progress.is_done());
    // The delete of row 8 during the copy removed it from the old table too.
    assert_eq!(report.read, 49);
    assert!(m.verify_store(&tables).unwrap().agrees());
    let rows = tables
        .scan(Side::New, &ScanRange::all(), usize::MAX)
        .unwrap();
    assert_eq!(rows.len(), 50, "49 rows and a tombstone");
    let tombstones: Vec<New> = rows
        .iter()
        .filter(|(_, v)| v.is_none())
        .map(|(k, _)| New::decode(k).unwrap())
        .collect();
    assert_eq!(tombstones, [New { id: 8 }]);
    drop(checkpoints);
    drop(tables);
    done.store(true, Ordering::Relaxed);
}

#[tokio::test(flavor = "current_thread")]
async fn a_move_works_and_drops_in_a_current_thread_runtime() {
    used_from_async("current").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_works_and_drops_in_a_multi_thread_runtime() {
    used_from_async("multi").await;
}

#[test]
fn a_move_within_one_table_is_refused() {
    let client = Client::emulator("127.0.0.1:1").unwrap();
    let t = "projects/p/instances/i/tables/metrics";
    let e = MoveTables::new(client.table(t), client.table(t)).unwrap_err();
    assert!(matches!(e, MoveError::SameTable(_)));
    assert!(
        e.to_string()
            .contains("both projects/p/instances/i/tables/metrics"),
        "{e}"
    );
}

#[test]
fn a_resume_with_another_plan_is_refused() {
    let Some(emulator) = Emulator::shared() else {
        return;
    };
    let done = watchdog(5);
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (old, new, saves) = rt.block_on(async {
        (
            emulator.create_table("old_plans").await,
            emulator.create_table("new_plans").await,
            emulator.create_table("saves_plans").await,
        )
    });
    let client = Client::emulator(&emulator.addr.to_string()).unwrap();
    let tables = MoveTables::new(client.table(old), client.table(new)).unwrap();
    let checkpoints = tables.checkpoints(client.table(saves));
    // The first worker's plan (two units), and one made again later (three units).
    let first = Plan::from_points::<Old, New>(&[vec![0, 0, 1, 0]]);
    let again = Plan::from_points::<Old, New>(&[vec![0, 0, 0, 9], vec![0, 0, 2, 0]]);
    assert_ne!(first.id(), again.id());
    assert_eq!(checkpoints.job_plan(&first).unwrap().id(), first.id());
    // A later worker gets the stored plan back, whatever it made.
    assert_eq!(checkpoints.job_plan(&again).unwrap().id(), first.id());
    let m = migration(again.clone());
    let e = m
        .copy(&tables)
        .checkpoints(&checkpoints)
        .resume()
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(&first.id()) && e.contains(&again.id()) && e.contains("job_plan"),
        "{e}"
    );
    // With the stored plan it runs.
    let m = migration(checkpoints.job_plan(&again).unwrap());
    let (_, progress) = m.copy(&tables).checkpoints(&checkpoints).resume().unwrap();
    assert!(progress.is_done());
    let _ = Progress::new(&m.plan);
    drop(rt);
    done.store(true, Ordering::Relaxed);
}

#[test]
fn a_missing_tombstone_family_is_named() {
    let Some(emulator) = Emulator::shared() else {
        return;
    };
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (old, new) = rt.block_on(async {
        (
            emulator.create_table("old_family").await,
            emulator.create_table("new_family").await,
        )
    });
    let client = Client::emulator(&emulator.addr.to_string()).unwrap();
    let tables = MoveTables::new(client.table(old), client.table(new))
        .unwrap()
        .tombstone_family("t");
    let m = migration(Plan::from_points::<Old, New>(&[]));
    let e = m
        .remove(&tables, Phase::Copy, New { id: 1 })
        .unwrap_err()
        .to_string();
    assert!(e.contains("tombstone family") && e.contains("\"t\""), "{e}");
}

/// `BIGTABLE_EMULATOR_HOST=localhost` (no port) used to go to port 80.
#[test]
fn an_emulator_address_without_a_port_is_refused() {
    use rowkey_clients::bigtable::ConnectError;
    for bad in [
        "localhost",
        "127.0.0.1",
        "localhost:",
        "::1",
        "localhost:http",
    ] {
        let e = Client::emulator(bad).unwrap_err();
        assert_eq!(e, ConnectError::NoPort(bad.to_string()));
        assert!(e.to_string().contains("host:port"), "{e}");
    }
    for good in ["localhost:8086", "127.0.0.1:1", "[::1]:8086"] {
        assert!(Client::emulator(good).is_ok(), "{good}");
    }
}

/// A redb move within one table is refused too.
#[cfg(feature = "redb")]
#[test]
fn a_redb_move_within_one_table_is_refused() {
    use redb::{backends::InMemoryBackend, Database};
    use rowkey_clients::redb::{RedbError, RedbMove};
    let db = Database::builder()
        .create_with_backend(InMemoryBackend::new())
        .unwrap();
    let e = RedbMove::new(Arc::new(db), "events", "events").unwrap_err();
    assert!(matches!(e, RedbError::SameTable(_)), "{e}");
}

/// A client shared by runtimes that end (each `#[tokio::test]` has its own): a connection is
/// only lent to requests of the runtime that drives it, so a read on a later runtime does not
/// fail on a connection whose runtime is gone.
#[test]
fn a_client_outlives_the_runtimes_that_used_it() {
    use futures::TryStreamExt;
    let Some(emulator) = Emulator::shared() else {
        return;
    };
    let client = Client::emulator(&emulator.addr.to_string()).unwrap();
    let name = tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(emulator.create_table("shared_client"));
    let table = client.table(name);
    for round in 0..3u8 {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let rows: Vec<rowkey_clients::bigtable::Row> = rt.block_on(async {
            table
                .put(vec![round], &[Cell::new("f", "v", "x")])
                .await
                .unwrap();
            table
                .read_range(&ScanRange::all())
                .try_collect()
                .await
                .unwrap()
        });
        assert_eq!(rows.len(), usize::from(round) + 1);
        drop(rt);
    }
}

/// A plan of another key type used to read `Ok(0 rows)`: `read_as` refuses it before any
/// request, reads its own key's rows decoded, and names a row of another key.
#[test]
fn a_typed_read_refuses_a_plan_of_another_key() {
    use futures::TryStreamExt;
    use rowkey_clients::bigtable::ReadErrorKind;
    let Some(emulator) = Emulator::shared() else {
        return;
    };
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let name = emulator.create_table("typed_read").await;
        let client = Client::emulator(&emulator.addr.to_string()).unwrap();
        let table = client.table(name);
        let rows = (0..20u32).map(|id| (New { id }.encode().unwrap(), [Cell::new("f", "v", "x")]));
        table.put_rows(rows).await.unwrap();
        // A plan of `Old` on a table of `New` rows.
        let e = table
            .read_as::<New>(&Old::scan().id(3).plan().unwrap())
            .try_collect::<Vec<_>>()
            .await
            .unwrap_err();
        assert!(matches!(e.kind, ReadErrorKind::OtherKey { .. }), "{e}");
        assert!(e.to_string().contains("was not sent"), "{e}");
        // Its own plan: every row, decoded.
        let all: Vec<(New, _)> = table
            .read_as::<New>(&New::full_scan())
            .try_collect()
            .await
            .unwrap();
        let mut ids: Vec<u32> = all.iter().map(|(k, _)| k.id).collect();
        ids.sort();
        assert_eq!(ids, Vec::from_iter(0..20));
        // A row of another key in the range: an error naming it.
        table
            .put(b"not a key".to_vec(), &[Cell::new("f", "v", "x")])
            .await
            .unwrap();
        let e = table
            .read_as::<Old>(&rowkey::ScanPlan::from_range(ScanRange::all()))
            .try_collect::<Vec<_>>()
            .await
            .unwrap_err();
        assert!(matches!(e.kind, ReadErrorKind::Decode(_)), "{e}");
    });
}
