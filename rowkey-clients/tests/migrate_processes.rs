//! A copy spread over processes, as a Kubernetes Indexed Job runs it: 8 OS processes (this test
//! binary again, in worker mode), each task `i` of 8 taking its units from
//! `JOB_COMPLETION_INDEX` / `ROWKEY_TASKS` and the plan from `ROWKEY_PLAN`, copy one plan's 16
//! units into a 64-bucket table on Google's Bigtable emulator while two writers insert, update
//! and delete. Two of them are killed (SIGKILL) in the middle of a unit; new processes of the
//! same indexes resume those units from the checkpoints the dead ones kept in a Bigtable table.
//! Then verification agrees, and both tables equal what the writers know they wrote.

use rowkey_testkit::bigtable as emulator;

use std::collections::BTreeMap;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::SeqCst};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use emulator::Emulator;
use futures::TryStreamExt;
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2 as data;
use rowkey::migrate::{Checkpoints, Migration, Phase, PhaseSwitch, Plan, Task};
use rowkey::RowKey;
use rowkey_clients::bigtable::admin::Admin;
use rowkey_clients::bigtable::{Cell, Client, MoveTables, Row, Table};

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 16, of = "host")]
struct Old {
    metric: String,
    ts: u64,
    host: u32,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 64, of = "host")]
struct New {
    metric: String,
    ts: u64,
    host: u32,
}

fn migration(plan: Plan) -> Migration<Old, New> {
    Migration::new(
        plan,
        |Old { metric, ts, host }| New { metric, ts, host },
        |New { metric, ts, host }| Old { metric, ts, host },
    )
    .expect("the plan's layouts")
}

const INSTANCE: &str = "projects/rowkey/instances/tests";
const ROWS: u32 = 32_000;
const TASKS: usize = 8;
/// Rows per batch: small, so that a unit is many checkpoints and a kill lands inside one.
const BATCH: usize = 100;

type Logical = (String, u64, u32);

fn row(i: u32) -> (Logical, Vec<u8>) {
    (
        (
            ["cpu", "mem"][(i % 2) as usize].to_string(),
            1_700_000_000 + u64::from(i / 2000),
            i / 2 % 1000,
        ),
        format!("v0-{i}").into_bytes(),
    )
}

/// The worker test's name as libtest knows it (`migrate_processes::worker_process`): this
/// module's path without the test binary's name, then the function's.
fn worker_test() -> String {
    let path = module_path!();
    let module = path.split_once("::").map_or(path, |(_, module)| module);
    format!("{module}::worker_process")
}

/// The worker: one task of the job, as a deployed worker program runs it. Does nothing unless
/// the parent test started this process as a worker.
#[test]
fn worker_process() {
    if std::env::var_os("ROWKEY_TEST_WORKER").is_none() {
        return;
    }
    let task = Task::from_env().expect("the task's index");
    let m = migration(Plan::from_env().expect("the plan"));
    let client = Client::from_env().expect("BIGTABLE_EMULATOR_HOST");
    let var = |n: &str| std::env::var(n).unwrap_or_else(|_| panic!("{n}"));
    let tables = MoveTables::new(
        client.table(var("OLD_TABLE")),
        client.table(var("NEW_TABLE")),
    )
    .expect("two tables");
    let checkpoints = tables.checkpoints(client.table(var("CHECKPOINT_TABLE")));
    let units = task.units(&m.plan);
    let (report, progress) = m
        .copy(&tables)
        .workers(1)
        .batch(BATCH)
        .units(&units)
        .checkpoints(&checkpoints)
        .resume()
        .expect("the copy");
    assert!(units.iter().all(|&u| progress.units[u].done));
    println!(
        "ROWKEY-REPORT task={} read={} written={} present={}",
        task.index, report.read, report.written, report.present
    );
}

/// The writers of the parent: what they wrote is the truth the tables must end equal to.
struct Writers {
    truth: Mutex<BTreeMap<Logical, Vec<u8>>>,
    paused: AtomicBool,
    stopped: AtomicBool,
    ops: AtomicU64,
}

impl Writers {
    fn run(&self, w: u64, m: &Migration<Old, New>, tables: &MoveTables, phase: &PhaseSwitch) {
        let mut x = 0x2545_F491_4F6C_DD1Du64.wrapping_mul(w + 3);
        while !self.stopped.load(SeqCst) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let now = phase.enter();
            if self.paused.load(SeqCst) {
                drop(now);
                std::thread::sleep(Duration::from_millis(5));
                continue;
            }
            let n = self.ops.fetch_add(1, SeqCst);
            let key: Logical = (
                ["cpu", "mem"][(x % 2) as usize].to_string(),
                1_700_000_000 + (x >> 8) % 20,
                ((x >> 16) % 500) as u32 * 2 + w as u32,
            );
            let new = New {
                metric: key.0.clone(),
                ts: key.1,
                host: key.2,
            };
            if x.is_multiple_of(3) {
                m.remove(tables, *now, new).unwrap();
                self.truth.lock().unwrap().remove(&key);
            } else {
                let value = format!("w{w}-{n}").into_bytes();
                m.put(tables, *now, new, &vec![Cell::new("f", "v", value.clone())])
                    .unwrap();
                self.truth.lock().unwrap().insert(key, value);
            }
            drop(now);
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

/// Every row of the new table as (logical key, value); a tombstone fails the test.
fn read_new(rt: &tokio::runtime::Runtime, table: &Table) -> BTreeMap<Logical, Vec<u8>> {
    let rows: Vec<Row> = rt
        .block_on(table.read(&New::full_scan()).try_collect())
        .unwrap();
    let out: BTreeMap<Logical, Vec<u8>> = rows
        .iter()
        .map(|r| {
            let k = New::decode(&r.key).unwrap();
            let v = r.value("f", b"v").expect("a live row").to_vec();
            ((k.metric, k.ts, k.host), v)
        })
        .collect();
    assert_eq!(out.len(), rows.len(), "a logical row twice");
    out
}

/// Starts task `index` of the job as a process of its own, its stderr in `log`.
fn spawn(index: usize, env: &[(&str, String)], log: &std::path::Path) -> Child {
    Command::new(std::env::current_exe().unwrap())
        .arg(worker_test())
        .args(["--exact", "--nocapture", "--test-threads=1"])
        .env("ROWKEY_TEST_WORKER", "1")
        .env("JOB_COMPLETION_INDEX", index.to_string())
        .env("ROWKEY_TASKS", TASKS.to_string())
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(log).expect("a log file"))
        .spawn()
        .expect("a worker process")
}

/// Sets the flag when dropped (also while a failed check unwinds), so the writers stop and the
/// failure is reported instead of the scope waiting for them.
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, SeqCst);
    }
}

/// The `ROWKEY-REPORT` line of a finished worker: `(read, written, present)`.
fn report(child: Child, log: &std::path::Path) -> (u64, u64, u64) {
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "a worker failed ({:?}):\n{}",
        out.status,
        std::fs::read_to_string(log).unwrap_or_default()
    );
    let text = String::from_utf8_lossy(&out.stdout);
    // libtest prints `test worker_process ... ` before the line, on the same line.
    let line = text
        .split("ROWKEY-REPORT")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .unwrap_or_else(|| panic!("no report in {text}"));
    let field = |name: &str| -> u64 {
        line.split(' ')
            .find_map(|p| p.strip_prefix(&format!("{name}=")))
            .unwrap()
            .parse()
            .unwrap()
    };
    (field("read"), field("written"), field("present"))
}

#[test]
fn eight_processes_copy_one_plan_two_killed_and_resumed_by_new_ones() {
    if std::env::var_os("ROWKEY_TEST_WORKER").is_some() {
        return;
    }
    let Some(emulator) = Emulator::start() else {
        return;
    };
    let rt = tokio::runtime::Runtime::new().unwrap();
    let host = emulator.addr.to_string();
    let client = Client::emulator(&host).unwrap();
    let admin = Admin::emulator(&host).unwrap();
    let create = |id: &str, splits: Vec<Vec<u8>>| {
        rt.block_on(admin.create_table(INSTANCE, id, &["f"], &splits))
            .unwrap()
    };
    let (old, new, saves) = (
        create("metrics", Old::split_points(16).unwrap()),
        create("metrics_64", New::split_points(64).unwrap()),
        create("checkpoints", Vec::new()),
    );
    // The live table.
    let rows: Vec<(Logical, Vec<u8>)> = (0..ROWS).map(row).collect();
    for chunk in rows.chunks(10_000) {
        let entries = chunk
            .iter()
            .map(|((metric, ts, host), v)| data::mutate_rows_request::Entry {
                row_key: Old {
                    metric: metric.clone(),
                    ts: *ts,
                    host: *host,
                }
                .encode()
                .unwrap(),
                mutations: vec![data::Mutation {
                    mutation: Some(data::mutation::Mutation::SetCell(data::mutation::SetCell {
                        family_name: "f".into(),
                        column_qualifier: b"v".to_vec(),
                        timestamp_micros: 0,
                        value: v.clone(),
                    })),
                }],
                idempotency: None,
            })
            .collect();
        rt.block_on(client.table(old.clone()).mutate_rows(entries))
            .unwrap();
    }
    let m = migration(Plan::for_layout::<Old, New>(16).unwrap());
    // The live table's keys, sorted: how many rows of a unit lie at or before a key.
    let mut old_keys: Vec<Vec<u8>> = (0..ROWS)
        .map(|i| {
            let ((metric, ts, host), _) = row(i);
            Old { metric, ts, host }.encode().unwrap()
        })
        .collect();
    old_keys.sort();
    let upto = |unit: usize, last: &[u8]| -> usize {
        let range = &m.plan.units[unit].range;
        let from = old_keys.partition_point(|k| k.as_slice() < range.start.as_slice());
        old_keys.partition_point(|k| k.as_slice() <= last) - from
    };
    let unit_rows = |unit: usize| -> usize {
        old_keys
            .iter()
            .filter(|k| m.plan.units[unit].range.contains(k))
            .count()
    };
    let dir = std::env::temp_dir().join(format!("rowkey-job-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let plan_file = dir.join("plan.txt");
    std::fs::write(&plan_file, m.plan.to_text()).unwrap();
    let env = [
        ("BIGTABLE_EMULATOR_HOST", host.clone()),
        ("ROWKEY_PLAN", plan_file.display().to_string()),
        ("OLD_TABLE", old.clone()),
        ("NEW_TABLE", new.clone()),
        ("CHECKPOINT_TABLE", saves.clone()),
    ];
    let tables = MoveTables::new(client.table(old.clone()), client.table(new.clone())).unwrap();
    let checkpoints = tables.checkpoints(client.table(saves));
    let writers = Writers {
        truth: Mutex::new(rows.into_iter().collect()),
        paused: AtomicBool::new(false),
        stopped: AtomicBool::new(false),
        ops: AtomicU64::new(0),
    };
    let phase = PhaseSwitch::new(Phase::DualWrite);
    let log = |i: usize, attempt: usize| dir.join(format!("worker-{i}-{attempt}.log"));
    let (killed, replaced) = std::thread::scope(|s| {
        let _stop = StopOnDrop(&writers.stopped);
        for w in 0..2 {
            let (writers, m, tables, phase) = (&writers, &m, &tables, &phase);
            s.spawn(move || writers.run(w, m, tables, phase));
        }
        std::thread::sleep(Duration::from_millis(200));
        phase.set(Phase::Copy);
        // The job: 8 processes at once.
        let mut children: Vec<Option<Child>> = (0..TASKS)
            .map(|i| Some(spawn(i, &env, &log(i, 0))))
            .collect();
        // Kill tasks 2 and 5 once their first unit is partly copied: at least 300 rows
        // checkpointed, not done.
        let victims = [2usize, 5];
        let mut killed = Vec::new();
        let deadline = Instant::now() + Duration::from_secs(600);
        while killed.len() < victims.len() {
            assert!(
                Instant::now() < deadline,
                "no victim reached the middle of a unit"
            );
            let progress = checkpoints.load(&m.plan).unwrap();
            for &v in &victims {
                let unit = &progress.units[v];
                let far = unit.last.as_ref().is_some_and(|l| upto(v, l) >= 300);
                if !killed.iter().any(|(k, _)| *k == v) && far && !unit.done {
                    let mut child = children[v].take().unwrap();
                    child.kill().unwrap();
                    child.wait().unwrap();
                    killed.push((v, unit.clone()));
                }
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        // The others run to their end.
        let mut reports = BTreeMap::new();
        for (i, child) in children.into_iter().enumerate() {
            if let Some(child) = child {
                reports.insert(i, report(child, &log(i, 0)));
            }
        }
        // New processes of the killed indexes resume their units.
        let replaced: Vec<(usize, (u64, u64, u64))> = victims
            .iter()
            .map(|&v| (v, report(spawn(v, &env, &log(v, 1)), &log(v, 1))))
            .collect();
        assert_eq!(reports.len() + replaced.len(), TASKS);
        let progress = checkpoints.load(&m.plan).unwrap();
        assert!(progress.is_done(), "{}", progress.to_text());
        // Verify with the writers paused.
        writers.paused.store(true, SeqCst);
        phase.set(Phase::Verify);
        let verification = m.verify_store(&tables).unwrap();
        assert!(verification.agrees(), "{:?}", verification.differences);
        // Cut over; the writers write a while more; then they stop and tombstones go.
        phase.set(Phase::CutOver);
        writers.paused.store(false, SeqCst);
        std::thread::sleep(Duration::from_millis(200));
        writers.stopped.store(true, SeqCst);
        phase.set(Phase::Retired);
        (killed, replaced)
    });
    // Each killed task had copied part of a unit; its replacement read on from there, not
    // from the start: what it read and what was checkpointed before the kill add up to its
    // units' rows (plus the writers' inserts).
    for (v, (read, _, _)) in &replaced {
        // The victims die in the order they reach the middle of a unit, not by index.
        let (_, at) = killed.iter().find(|(k, _)| k == v).expect("a killed task");
        let before = upto(*v, at.last.as_ref().unwrap());
        let in_units: usize = Task {
            index: *v,
            count: TASKS,
        }
        .units(&m.plan)
        .into_iter()
        .map(unit_rows)
        .sum();
        assert!(before >= 300, "task {v} was killed mid-unit");
        assert!(
            *read as usize + before <= in_units + 200,
            "task {v}'s replacement read {read} rows; {before} were copied before the kill; \
             its units hold {in_units} (+ the writers' inserts)"
        );
    }
    let purged = m.purge_tombstones(&tables).unwrap();
    let truth = writers.truth.lock().unwrap();
    let got = read_new(&rt, &client.table(new));
    assert!(
        *truth == got,
        "the new table differs from the writers' truth"
    );
    assert!(purged > 0 && writers.ops.load(SeqCst) > 100);
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "8 processes, 2 killed mid-unit and resumed; {} writes and deletes; {} rows; {} \
         tombstones purged",
        writers.ops.load(SeqCst),
        got.len(),
        purged
    );
}
