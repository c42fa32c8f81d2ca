//! What the re-salt examples of the sorted stores (`resalt_fjall`, `resalt_rocksdb`,
//! `resalt_etcd`) share around their programs: the two keys (16 buckets, then 32), the rows of
//! the table they start from, and the writers that insert, update and delete rows through the
//! move's protocol throughout, recording what they wrote so that every read can be checked.

use std::collections::BTreeMap;
use std::error::Error;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::SeqCst};
use std::sync::Mutex;

use rowkey::migrate::{Migration, MoveStore, Phase, PhaseSwitch};
use rowkey::RowKey;

/// The live table's key: a device's readings by day, salted over 16 buckets by device, so
/// that a day's rows are 16 ranges.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 16, of = "device")]
pub struct Old {
    pub day: u32,
    pub device: u32,
    pub seq: u32,
}

/// The key it moves to: 32 buckets.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 32, of = "device")]
pub struct New {
    pub day: u32,
    pub device: u32,
    pub seq: u32,
}

/// `(day, device, seq)`.
pub type Logical = (u32, u32, u32);

/// Row `i` of the table: 100 days, 1,000 devices, 10 readings each (a million rows).
pub fn row(i: u32) -> (Old, Vec<u8>) {
    let key = Old {
        day: i / 10_000,
        device: i / 10 % 1000,
        seq: i % 10,
    };
    (key, format!("v0-{i}").into_bytes())
}

/// Rows `0..rows`, encoded, in batches of 10,000 `(key, value)`.
pub fn batches(rows: u32) -> impl Iterator<Item = Vec<(Vec<u8>, Option<Vec<u8>>)>> {
    (0..rows).step_by(10_000).map(move |start| {
        (start..(start + 10_000).min(rows))
            .map(|i| {
                let (key, value) = row(i);
                (key.encode().expect("a key"), Some(value))
            })
            .collect()
    })
}

/// The rows of `day` among rows `0..rows`, in the key's logical order: the brute force a
/// day's read is held against.
pub fn day(rows: u32, day: u32) -> Vec<(Logical, Vec<u8>)> {
    let mut out: Vec<(Logical, Vec<u8>)> = (0..rows)
        .map(row)
        .filter(|(k, _)| k.day == day)
        .map(|(k, v)| ((k.day, k.device, k.seq), v))
        .collect();
    out.sort();
    out
}

/// Rows as `(logical key, value)`.
pub fn logical<K: AsRef<[u8]>, V: AsRef<[u8]>>(rows: &[(K, V)]) -> Vec<(Logical, Vec<u8>)> {
    rows.iter()
        .map(|(k, v)| {
            let k = Old::decode(k.as_ref())
                .map(|k| (k.day, k.device, k.seq))
                .or_else(|_| New::decode(k.as_ref()).map(|k| (k.day, k.device, k.seq)))
                .expect("an Old or a New key");
            (k, v.as_ref().to_vec())
        })
        .collect()
}

/// Two threads writing through the move's protocol, in whatever phase the move is in.
pub struct Writers {
    truth: Mutex<BTreeMap<Logical, Vec<u8>>>,
    paused: AtomicBool,
    stopped: AtomicBool,
    ops: AtomicU64,
}

type Result<T> = std::result::Result<T, Box<dyn Error>>;

impl Writers {
    /// Writers of a table whose rows are `row(0..rows)`.
    pub fn new(rows: u32) -> Self {
        let truth = (0..rows)
            .map(row)
            .map(|(k, v)| ((k.day, k.device, k.seq), v))
            .collect();
        Writers {
            truth: Mutex::new(truth),
            paused: AtomicBool::new(false),
            stopped: AtomicBool::new(false),
            ops: AtomicU64::new(0),
        }
    }

    /// Starts the two writers in `s`.
    pub fn start<'s, S>(
        &'s self,
        s: &'s std::thread::Scope<'s, '_>,
        m: &'s Migration<Old, New>,
        tables: &'s S,
        phase: &'s PhaseSwitch,
    ) where
        S: MoveStore<Value = Vec<u8>>,
        S::Error: std::fmt::Debug,
    {
        for w in 0..2u32 {
            s.spawn(move || self.run(w, m, tables, phase));
        }
    }

    fn run<S>(&self, w: u32, m: &Migration<Old, New>, tables: &S, phase: &PhaseSwitch)
    where
        S: MoveStore<Value = Vec<u8>>,
        S::Error: std::fmt::Debug,
    {
        let mut x = 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(u64::from(w) + 1);
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
            // Existing rows and new ones (a day and readings past the table's), half the
            // devices each writer's.
            let row = (
                (x % 101) as u32,
                ((x >> 8) % 500) as u32 * 2 + w,
                ((x >> 20) % 12) as u32,
            );
            let key = New {
                day: row.0,
                device: row.1,
                seq: row.2,
            };
            if x.is_multiple_of(3) {
                m.remove(tables, *now, key).expect("a delete");
                self.truth.lock().unwrap().remove(&row);
            } else {
                let value = format!("w{w}-{n}").into_bytes();
                m.put(tables, *now, key, &value).expect("a put");
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

    /// `Migration::read` of `day` mid-move (writers paused, then resumed) gives the rows the
    /// writers know, in the new key's order, each once.
    pub fn check_read<S>(
        &self,
        phase: &PhaseSwitch,
        m: &Migration<Old, New>,
        tables: &S,
        day: u32,
    ) -> Result<()>
    where
        S: MoveStore<Value = Vec<u8>>,
        S::Error: std::fmt::Debug + std::fmt::Display + Send + Sync + 'static,
    {
        self.pause(phase, Phase::Copy);
        let old_plan = Old::scan().day(day).plan()?;
        let new_plan = New::scan().day(day).plan()?;
        let rows = m.read(tables, Phase::Copy, &old_plan, &new_plan)?;
        let got = logical(&rows);
        let want: Vec<(Logical, Vec<u8>)> = self
            .truth
            .lock()
            .unwrap()
            .iter()
            .filter(|(k, _)| k.0 == day)
            .map(|(k, v)| (*k, v.clone()))
            .collect();
        assert!(
            got == want,
            "the mid-move read differs from what the writers wrote"
        );
        println!(
            "mid-move: day {day}: {} rows read from both tables, each once",
            got.len()
        );
        self.resume(phase, Phase::Copy);
        Ok(())
    }

    /// After the move, the new table holds exactly the rows the writers know: every logical
    /// row once, with its last value, no tombstone left.
    pub fn check<S>(&self, m: &Migration<Old, New>, tables: &S) -> Result<()>
    where
        S: MoveStore<Value = Vec<u8>>,
        S::Error: std::fmt::Debug + std::fmt::Display + Send + Sync + 'static,
    {
        let rows = m.read(tables, Phase::Retired, &Old::full_scan(), &New::full_scan())?;
        let got = logical(&rows);
        let truth = self.truth.lock().unwrap();
        let want: Vec<(Logical, Vec<u8>)> = truth.iter().map(|(k, v)| (*k, v.clone())).collect();
        assert!(
            got == want,
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

/// The table's size: `ROWKEY_ROWS` when set (a quicker run), `default` otherwise.
pub fn rows_from_env(default: u32) -> u32 {
    std::env::var("ROWKEY_ROWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
