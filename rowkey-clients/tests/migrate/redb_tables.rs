//! The two tables in one embedded redb database (in memory), through the library's own store
//! (`rowkey_clients::redb::RedbMove`): the old table's values as they are, the new table's as
//! `1` + value or `0` for a tombstone. Reversed reads (for the mid-move readers) use redb's
//! range directly.

use std::sync::Arc;

use redb::backends::InMemoryBackend;
use redb::{Database, TableDefinition};
use rowkey::migrate::{CopyStore, MoveStore, Op, Side as MoveSide};
use rowkey::ScanRange;
use rowkey_clients::redb::RedbMove;

use super::{Side, Tables};

/// The two tables.
pub struct Redb {
    db: Arc<Database>,
    store: RedbMove,
}

impl Redb {
    pub fn new() -> Self {
        let db = Arc::new(
            Database::builder()
                .create_with_backend(InMemoryBackend::new())
                .unwrap(),
        );
        let store = RedbMove::new(Arc::clone(&db), "old", "new").unwrap();
        Redb { db, store }
    }

    fn side(side: Side) -> MoveSide {
        match side {
            Side::Old => MoveSide::Old,
            Side::New => MoveSide::New,
        }
    }
}

impl Tables for Redb {
    fn load_old(&self, rows: &[(Vec<u8>, Vec<u8>)]) {
        let tx = self.db.begin_write().unwrap();
        {
            let mut t = tx
                .open_table(TableDefinition::<&[u8], &[u8]>::new("old"))
                .unwrap();
            for (k, v) in rows {
                t.insert(k.as_slice(), v.as_slice()).unwrap();
            }
        }
        tx.commit().unwrap();
    }

    fn apply(&self, side: Side, op: &Op, value: &[u8]) {
        self.store
            .apply(Self::side(side), op, Some(&value.to_vec()))
            .unwrap();
    }

    fn scan(
        &self,
        side: Side,
        range: &ScanRange,
        reverse: bool,
        limit: usize,
    ) -> Vec<(Vec<u8>, Option<Vec<u8>>)> {
        if !reverse {
            return self
                .store
                .scan(
                    Self::side(side),
                    range,
                    if limit == 0 { usize::MAX } else { limit },
                )
                .unwrap();
        }
        // Descending: every row of the range through the store, then reversed.
        let mut rows = self
            .store
            .scan(Self::side(side), range, usize::MAX)
            .unwrap();
        rows.reverse();
        if limit > 0 {
            rows.truncate(limit);
        }
        rows
    }

    fn write_absent(&self, rows: Vec<(Vec<u8>, Vec<u8>)>) -> usize {
        self.store.write_absent(rows).unwrap()
    }

    fn purge_tombstones(&self) -> usize {
        let dead: Vec<Vec<u8>> = self
            .scan(Side::New, &ScanRange::all(), false, 0)
            .into_iter()
            .filter(|(_, v)| v.is_none())
            .map(|(k, _)| k)
            .collect();
        dead.iter().filter(|k| self.store.purge(k).unwrap()).count()
    }
}
