//! The two tables in one embedded redb database (in memory): the old table's values as they
//! are; the new table's as `1` + value, or `0` for a tombstone. Every write is a transaction
//! (redb runs one writer at a time), so `write_absent`'s check and write are atomic.

use redb::backends::InMemoryBackend;
use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition};
use rowkey::migrate::Op;
use rowkey::ScanRange;

use super::{Side, Tables};

const OLD: TableDefinition<&[u8], &[u8]> = TableDefinition::new("old");
const NEW: TableDefinition<&[u8], &[u8]> = TableDefinition::new("new");

/// A row as redb's range gives it.
type Guards = (
    redb::AccessGuard<'static, &'static [u8]>,
    redb::AccessGuard<'static, &'static [u8]>,
);

/// The two tables.
pub struct Redb(Database);

impl Redb {
    pub fn new() -> Self {
        let db = Database::builder()
            .create_with_backend(InMemoryBackend::new())
            .unwrap();
        let tx = db.begin_write().unwrap();
        tx.open_table(OLD).unwrap();
        tx.open_table(NEW).unwrap();
        tx.commit().unwrap();
        Redb(db)
    }
}

fn def(side: Side) -> TableDefinition<'static, &'static [u8], &'static [u8]> {
    match side {
        Side::Old => OLD,
        Side::New => NEW,
    }
}

impl Tables for Redb {
    fn load_old(&self, rows: &[(Vec<u8>, Vec<u8>)]) {
        let tx = self.0.begin_write().unwrap();
        {
            let mut t = tx.open_table(OLD).unwrap();
            for (k, v) in rows {
                t.insert(k.as_slice(), v.as_slice()).unwrap();
            }
        }
        tx.commit().unwrap();
    }

    fn apply(&self, side: Side, op: &Op, value: &[u8]) {
        let tx = self.0.begin_write().unwrap();
        {
            let mut t = tx.open_table(def(side)).unwrap();
            let live: Vec<u8> = match side {
                Side::Old => value.to_vec(),
                Side::New => [&[1u8][..], value].concat(),
            };
            match op {
                Op::Put(k) => {
                    t.insert(k.as_slice(), live.as_slice()).unwrap();
                }
                Op::Delete(k) => {
                    t.remove(k.as_slice()).unwrap();
                }
                Op::Tombstone(k) => {
                    assert_eq!(side, Side::New, "tombstones are for the new table");
                    t.insert(k.as_slice(), &[0u8][..]).unwrap();
                }
            }
        }
        tx.commit().unwrap();
    }

    fn scan(
        &self,
        side: Side,
        range: &ScanRange,
        reverse: bool,
        limit: usize,
    ) -> Vec<(Vec<u8>, Option<Vec<u8>>)> {
        let tx = self.0.begin_read().unwrap();
        let t = tx.open_table(def(side)).unwrap();
        let rows = t.range::<&[u8]>(range.to_bounds()).unwrap();
        let row = |r: Result<Guards, _>| {
            let (k, v) = r.unwrap();
            let v = v.value();
            let value = match side {
                Side::Old => Some(v.to_vec()),
                Side::New => (v[0] == 1).then(|| v[1..].to_vec()),
            };
            (k.value().to_vec(), value)
        };
        let limit = if limit == 0 { usize::MAX } else { limit };
        if reverse {
            rows.rev().take(limit).map(row).collect()
        } else {
            rows.take(limit).map(row).collect()
        }
    }

    fn write_absent(&self, rows: Vec<(Vec<u8>, Vec<u8>)>) -> usize {
        let tx = self.0.begin_write().unwrap();
        let mut written = 0;
        {
            let mut t = tx.open_table(NEW).unwrap();
            for (k, v) in rows {
                if t.get(k.as_slice()).unwrap().is_none() {
                    t.insert(k.as_slice(), [&[1u8][..], &v].concat().as_slice())
                        .unwrap();
                    written += 1;
                }
            }
        }
        tx.commit().unwrap();
        written
    }

    fn purge_tombstones(&self) -> usize {
        let tx = self.0.begin_write().unwrap();
        let n;
        {
            let mut t = tx.open_table(NEW).unwrap();
            let dead: Vec<Vec<u8>> = t
                .iter()
                .unwrap()
                .map(|r| r.unwrap())
                .filter(|(_, v)| v.value()[0] == 0)
                .map(|(k, _)| k.value().to_vec())
                .collect();
            n = dead.len();
            for k in dead {
                t.remove(k.as_slice()).unwrap();
            }
        }
        tx.commit().unwrap();
        n
    }
}
