//! `rowkey_migrate` over a [`MoveStore`] (its [`MemoryStore`], two sorted maps): the writers' ops per phase,
//! verification that finds a changed row by unit and key, the purge of tombstones; a copy split
//! into tasks (`Copy::units`), each stopped and resumed from a `CheckpointDir` as separate
//! processes would; the task's index from the environment Kubernetes and Cloud Run give; and a
//! phase switch that waits for the writes in flight.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use rowkey::RowKey;
use rowkey_migrate::{
    CheckpointDir, Checkpoints, MemoryStore, Migration, MoveStore, Op, Phase, PhaseSwitch, Plan,
    Side, Task,
};

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 16, of = "id")]
struct Old {
    day: u16,
    id: u32,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 64, of = "id")]
struct New {
    day: u16,
    id: u32,
}

fn migration() -> Migration<Old, New> {
    Migration::new(
        Plan::for_layout::<Old, New>(16).unwrap(),
        |Old { day, id }| New { day, id },
        |New { day, id }| Old { day, id },
    )
    .unwrap()
}

/// The new table's entry at `key` (a value, or `None` for a tombstone); panics if absent.
fn new_entry(maps: &MemoryStore, key: &[u8]) -> Option<Vec<u8>> {
    let rows = maps.new_rows();
    let (_, v) = rows
        .iter()
        .find(|(k, _)| k == key)
        .expect("a row at the key");
    v.clone()
}

fn loaded(rows: u32, page: usize) -> (Migration<Old, New>, MemoryStore) {
    let m = migration();
    let maps = MemoryStore::new().with_page(page);
    for id in 0..rows {
        m.put(
            &maps,
            Phase::Start,
            New {
                day: (id % 7) as u16,
                id,
            },
            &id.to_be_bytes().to_vec(),
        )
        .unwrap();
    }
    (m, maps)
}

#[test]
fn writers_verification_and_purge_through_the_store() {
    let (m, maps) = loaded(3_000, 333);
    assert_eq!(maps.old_rows().len(), 3_000);
    assert!(
        maps.new_rows().is_empty(),
        "Start writes the old table alone"
    );
    // Dual write: an update and a delete of rows not copied yet.
    m.put(
        &maps,
        Phase::DualWrite,
        New { day: 1, id: 1 },
        &b"new".to_vec(),
    )
    .unwrap();
    m.remove(&maps, Phase::DualWrite, New { day: 2, id: 2 })
        .unwrap();
    let report = m
        .copy(&maps)
        .workers(3)
        .batch(250)
        .run(&mut rowkey_migrate::Progress::new(&m.plan))
        .unwrap();
    assert_eq!(report.read, 2_999);
    // The updated row and the tombstone were there before the copy: left alone.
    assert_eq!(report.present, 1);
    let key = |id: u32| {
        New {
            day: (id % 7) as u16,
            id,
        }
        .encode()
        .unwrap()
    };
    assert_eq!(new_entry(&maps, &key(1)), Some(b"new".to_vec()));
    assert_eq!(new_entry(&maps, &key(2)), None);
    // Verification agrees (tombstones are not rows); a row changed behind the protocol's back
    // is found: its unit, its key, both values.
    let v = m.verify_store(&maps).unwrap();
    assert!(v.agrees(), "{:?}", v.differing());
    assert_eq!(v.units.iter().map(|u| u.old.rows).sum::<u64>(), 2_999);
    maps.apply(Side::New, &Op::Put(key(77)), Some(&b"planted".to_vec()))
        .unwrap();
    let v = m.verify_store(&maps).unwrap();
    let unit = m.unit_of(&Old { day: 0, id: 77 }.encode().unwrap());
    assert_eq!(v.differing(), [unit]);
    assert_eq!(v.differences.len(), 1);
    assert_eq!(v.differences[0].key, key(77));
    assert_eq!(v.differences[0].new.as_deref(), Some(&b"planted"[..]));
    assert_eq!(v.differences[0].old, Some(77u32.to_be_bytes().to_vec()));
    maps.apply(
        Side::New,
        &Op::Put(key(77)),
        Some(&77u32.to_be_bytes().to_vec()),
    )
    .unwrap();
    // Cut over: deletes delete; the retired phase purges the tombstones left.
    m.remove(&maps, Phase::CutOver, New { day: 3, id: 3 })
        .unwrap();
    assert!(!maps.new_rows().iter().any(|(k, _)| *k == key(3)));
    assert_eq!(
        maps.old_rows().len(),
        2_999,
        "the old table is no longer written"
    );
    // The one tombstone left from the dual-write phase is purged; a live row is not.
    assert_eq!(m.purge_tombstones(&maps).unwrap(), 1);
    assert!(maps.new_rows().iter().all(|(_, v)| v.is_some()));
    assert!(!maps.purge(&key(1)).unwrap(), "a live row is no tombstone");
}

#[test]
fn tasks_copy_their_units_and_resume_from_shared_checkpoints() {
    let (m, maps) = loaded(4_000, 1_000);
    let dir = std::env::temp_dir().join(format!("rowkey-tasks-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // Four tasks; task 1 is killed after three checkpoints.
    for index in 0..4 {
        let task = Task { index, count: 4 };
        let units = task.units(&m.plan);
        assert_eq!(units.len(), 4);
        let shared = CheckpointDir::new(&dir);
        let kill = AtomicBool::new(false);
        let saved = AtomicUsize::new(0);
        let crash = |_: &rowkey_migrate::Checkpoint| {
            kill.store(
                index == 1 && saved.fetch_add(1, Ordering::SeqCst) >= 2,
                Ordering::SeqCst,
            )
        };
        let (report, progress) = m
            .copy(&maps)
            .workers(2)
            .batch(50)
            .units(&units)
            .checkpoints(&shared)
            .on_checkpoint(&crash)
            .stop(&kill)
            .resume()
            .unwrap();
        assert_eq!(report.stopped, index == 1);
        // The units of the tasks not run yet are left alone.
        for (u, c) in progress.units.iter().enumerate() {
            if u % 4 > index {
                assert!(c.last.is_none() && !c.done, "unit {u} after task {index}");
            }
        }
    }
    let shared = CheckpointDir::new(&dir);
    let progress = shared.load(&m.plan).unwrap();
    assert!(!progress.is_done());
    let mid = progress
        .units
        .iter()
        .filter(|c| c.last.is_some() && !c.done)
        .count();
    assert!(mid >= 1, "{}", progress.to_text());
    // A new process of task 1, from the directory alone.
    let task = Task { index: 1, count: 4 };
    let units = task.units(&m.plan);
    let (report, progress) = m
        .copy(&maps)
        .batch(50)
        .units(&units)
        .checkpoints(&shared)
        .resume()
        .unwrap();
    assert!(progress.is_done() && !report.stopped);
    assert!(
        report.read < 1_000,
        "resumed, not started again: {}",
        report.read
    );
    // Every row copied once; the plan's directory holds its text.
    assert_eq!(maps.new_rows().len(), 4_000);
    assert!(m.verify_store(&maps).unwrap().agrees());
    let plan_dir = dir.join(m.plan.id());
    assert_eq!(
        std::fs::read_to_string(plan_dir.join("plan.txt")).unwrap(),
        m.plan.to_text()
    );
    // Another plan does not see these checkpoints.
    let other = Plan::for_layout::<Old, New>(4).unwrap();
    assert_ne!(other.id(), m.plan.id());
    assert_eq!(shared.load(&other).unwrap().left(), 4);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_task_comes_from_the_environment_of_its_platform() {
    let vars = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        }
    };
    assert_eq!(
        Task::from_vars(vars(&[
            ("JOB_COMPLETION_INDEX", "7"),
            ("ROWKEY_TASKS", "8")
        ])),
        Ok(Task { index: 7, count: 8 })
    );
    assert_eq!(
        Task::from_vars(vars(&[
            ("CLOUD_RUN_TASK_INDEX", "0"),
            ("CLOUD_RUN_TASK_COUNT", "3")
        ])),
        Ok(Task { index: 0, count: 3 })
    );
    for (pairs, says) in [
        (&[][..], "neither JOB_COMPLETION_INDEX"),
        (&[("JOB_COMPLETION_INDEX", "1")][..], "ROWKEY_TASKS is not"),
        (
            &[("JOB_COMPLETION_INDEX", "8"), ("ROWKEY_TASKS", "8")][..],
            "below the count",
        ),
        (
            &[("JOB_COMPLETION_INDEX", "x"), ("ROWKEY_TASKS", "8")][..],
            "not a task number",
        ),
        (
            &[("CLOUD_RUN_TASK_INDEX", "1")][..],
            "CLOUD_RUN_TASK_COUNT is not",
        ),
    ] {
        let err = Task::from_vars(vars(pairs)).unwrap_err();
        assert!(err.to_string().contains(says), "{err}");
    }
    // More tasks than units: the last ones have none.
    let plan = migration().plan;
    assert!(Task {
        index: 17,
        count: 20
    }
    .units(&plan)
    .is_empty());
}

#[test]
fn a_phase_switch_waits_for_the_writes_in_flight() {
    let phase = PhaseSwitch::new(Phase::Start);
    let finished = AtomicBool::new(false);
    std::thread::scope(|s| {
        let held = phase.enter();
        assert_eq!(*held, Phase::Start);
        s.spawn(|| {
            phase.set(Phase::DualWrite);
            // Only after the write below finished.
            assert!(finished.load(Ordering::SeqCst));
        });
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(*held, Phase::Start, "a write keeps its phase");
        finished.store(true, Ordering::SeqCst);
        drop(held);
    });
    assert_eq!(phase.get(), Phase::DualWrite);
}
