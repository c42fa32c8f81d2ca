//! The two tables on the Bigtable emulator, through the library's own store
//! (`rowkey_clients::bigtable::MoveTables`): a row's value in column `f:v`, the writers' ops,
//! the copy's `CheckAndMutateRow`, tombstones and their purge exactly as shipped. Reads (also
//! reversed, for the mid-move readers) go through `rowkey_clients::bigtable::Client`.

use futures::TryStreamExt;
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2 as data;
use rowkey::migrate::{CopyStore, MoveStore, Op, Side as MoveSide};
use rowkey::ScanRange;
use rowkey_clients::bigtable::{Cell, Client, MoveTables, Row, TOMBSTONE};

use super::{Side, Tables};
use rowkey_testkit::bigtable::Emulator;

/// The two tables of one migration on the emulator.
pub struct Bigtable {
    store: MoveTables,
    rt: tokio::runtime::Runtime,
}

impl Bigtable {
    /// Creates tables `old_<name>` and `new_<name>`.
    pub fn new(emulator: &'static Emulator, name: &str) -> Self {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let (old, new) = rt.block_on(async {
            (
                emulator.create_table(&format!("old_{name}")).await,
                emulator.create_table(&format!("new_{name}")).await,
            )
        });
        let client = Client::emulator(&emulator.addr.to_string()).unwrap();
        let store = MoveTables::new(client.table(old), client.table(new)).unwrap();
        Bigtable { store, rt }
    }

    fn side(side: Side) -> MoveSide {
        match side {
            Side::Old => MoveSide::Old,
            Side::New => MoveSide::New,
        }
    }
}

fn cells(value: &[u8]) -> Vec<Cell> {
    vec![Cell::new("f", "v", value)]
}

fn value(row: &Row) -> Option<Vec<u8>> {
    let dead = row.cells.iter().any(|c| c.qualifier == TOMBSTONE);
    let live = row.value("f", b"v").map(<[u8]>::to_vec);
    assert!(live.is_some() != dead, "a row is a value or a tombstone");
    live
}

impl Tables for Bigtable {
    fn load_old(&self, rows: &[(Vec<u8>, Vec<u8>)]) {
        self.rt.block_on(async {
            for batch in rows.chunks(10_000) {
                let entries = batch
                    .iter()
                    .map(|(k, v)| data::mutate_rows_request::Entry {
                        row_key: k.clone(),
                        mutations: vec![data::Mutation {
                            mutation: Some(data::mutation::Mutation::SetCell(
                                data::mutation::SetCell {
                                    family_name: "f".into(),
                                    column_qualifier: b"v".to_vec(),
                                    timestamp_micros: 0,
                                    value: v.clone(),
                                },
                            )),
                        }],
                        idempotency: None,
                    })
                    .collect();
                self.store.old().mutate_rows(entries).await.unwrap();
            }
        })
    }

    fn apply(&self, side: Side, op: &Op, value: &[u8]) {
        self.store
            .apply(Self::side(side), op, Some(&cells(value)))
            .unwrap();
    }

    fn scan(
        &self,
        side: Side,
        range: &ScanRange,
        reverse: bool,
        limit: usize,
    ) -> Vec<(Vec<u8>, Option<Vec<u8>>)> {
        let table = match side {
            Side::Old => self.store.old(),
            Side::New => self.store.new_table(),
        };
        let mut read = table.read_range(range);
        if reverse {
            read = read.reverse();
        }
        if limit > 0 {
            read = read.limit(limit);
        }
        let rows: Vec<Row> = self.rt.block_on(read.try_collect()).unwrap();
        rows.iter().map(|r| (r.key.clone(), value(r))).collect()
    }

    fn write_absent(&self, rows: Vec<(Vec<u8>, Vec<u8>)>) -> usize {
        self.store
            .write_absent(rows.into_iter().map(|(k, v)| (k, cells(&v))).collect())
            .unwrap()
    }

    fn purge_tombstones(&self) -> usize {
        let dead: Vec<Vec<u8>> = self
            .scan(Side::New, &ScanRange::all(), false, 0)
            .into_iter()
            .filter(|(_, v)| v.is_none())
            .map(|(k, _)| k)
            .collect();
        let n = dead.len();
        for key in dead {
            // Only if it still is a tombstone.
            assert!(self.store.purge(&key).unwrap());
        }
        n
    }
}
