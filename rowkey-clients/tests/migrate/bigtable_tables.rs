//! The two tables on the Bigtable emulator, through the v2 data API: column family `f`, a row's
//! value in column `v`, a tombstone in column `d` (never both: a put deletes `d`, a tombstone
//! deletes `v`, each in one atomic `MutateRow`). Every cell is written at timestamp 0, so a
//! column holds one version. The copy writes with `CheckAndMutateRow` and no predicate: its
//! `false_mutations` apply only when the row has no cell at all.

use futures::stream::{self, StreamExt};
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2 as data;
use rowkey::migrate::Op;
use rowkey::ScanRange;

use super::{Side, Tables};
use crate::emulator::{DataClient, Emulator};
use data::mutation::{self, Mutation as M};
use data::read_rows_response::cell_chunk::RowStatus;
use data::{
    mutate_rows_request, CheckAndMutateRowRequest, MutateRowRequest, MutateRowsRequest, Mutation,
    ReadRowsRequest, RowFilter,
};

/// The two tables of one migration on the emulator.
pub struct Bigtable {
    emulator: &'static Emulator,
    old: String,
    new: String,
}

thread_local! {
    /// Each thread's runtime and connection: the test's threads (writers, readers, the copy's
    /// workers) are plain threads that call the async client through `block_on`; a
    /// current-thread runtime of their own drives their own connection while they wait.
    static LOCAL: std::cell::RefCell<Option<(tokio::runtime::Runtime, DataClient)>> =
        const { std::cell::RefCell::new(None) };
}

impl Bigtable {
    /// Creates tables `old_<name>` and `new_<name>`.
    pub fn new(emulator: &'static Emulator, name: &str) -> Self {
        let (old, new) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(async {
                (
                    emulator.create_table(&format!("old_{name}")).await,
                    emulator.create_table(&format!("new_{name}")).await,
                )
            });
        Bigtable { emulator, old, new }
    }

    /// Runs `f` with this thread's client, to the end.
    fn block_on<F: std::future::Future>(&self, f: impl FnOnce(DataClient) -> F) -> F::Output {
        LOCAL.with(|local| {
            let mut local = local.borrow_mut();
            let (rt, client) = local.get_or_insert_with(|| {
                let rt = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .unwrap();
                let client = rt.block_on(self.emulator.data());
                (rt, client)
            });
            rt.block_on(f(client.clone()))
        })
    }

    fn table(&self, side: Side) -> &str {
        match side {
            Side::Old => &self.old,
            Side::New => &self.new,
        }
    }
}

fn set(column: &[u8], value: &[u8]) -> Mutation {
    Mutation {
        mutation: Some(M::SetCell(mutation::SetCell {
            family_name: "f".into(),
            column_qualifier: column.to_vec(),
            timestamp_micros: 0,
            value: value.to_vec(),
        })),
    }
}

fn delete_column(column: &[u8]) -> Mutation {
    Mutation {
        mutation: Some(M::DeleteFromColumn(mutation::DeleteFromColumn {
            family_name: "f".into(),
            column_qualifier: column.to_vec(),
            time_range: None,
        })),
    }
}

fn delete_row() -> Mutation {
    Mutation {
        mutation: Some(M::DeleteFromRow(mutation::DeleteFromRow {})),
    }
}

impl Tables for Bigtable {
    fn load_old(&self, rows: &[(Vec<u8>, Vec<u8>)]) {
        self.block_on(|client| async move {
            for batch in rows.chunks(10_000) {
                let entries = batch
                    .iter()
                    .map(|(k, v)| mutate_rows_request::Entry {
                        row_key: k.clone(),
                        mutations: vec![set(b"v", v)],
                        idempotency: None,
                    })
                    .collect();
                let mut answers = client
                    .clone()
                    .mutate_rows(MutateRowsRequest {
                        table_name: self.old.clone(),
                        entries,
                        ..MutateRowsRequest::default()
                    })
                    .await
                    .unwrap()
                    .into_inner();
                while let Some(answer) = answers.message().await.unwrap() {
                    for e in answer.entries {
                        assert_eq!(e.status.map_or(0, |s| s.code), 0, "entry {}", e.index);
                    }
                }
            }
        })
    }

    fn apply(&self, side: Side, op: &Op, value: &[u8]) {
        let (key, mutations) = match (op, side) {
            (Op::Put(k), Side::Old) => (k, vec![set(b"v", value)]),
            (Op::Put(k), Side::New) => (k, vec![delete_column(b"d"), set(b"v", value)]),
            (Op::Delete(k), _) => (k, vec![delete_row()]),
            (Op::Tombstone(k), Side::New) => (k, vec![delete_column(b"v"), set(b"d", b"")]),
            (Op::Tombstone(_), Side::Old) => panic!("tombstones are for the new table"),
        };
        self.block_on(|client| async move {
            client
                .clone()
                .mutate_row(MutateRowRequest {
                    table_name: self.table(side).into(),
                    row_key: key.clone(),
                    mutations,
                    ..MutateRowRequest::default()
                })
                .await
                .unwrap();
        })
    }

    fn scan(
        &self,
        side: Side,
        range: &ScanRange,
        reverse: bool,
        limit: usize,
    ) -> Vec<(Vec<u8>, Option<Vec<u8>>)> {
        let Some(rows) = rowkey_clients::bigtable::range_row_set(range) else {
            return Vec::new();
        };
        let request = ReadRowsRequest {
            table_name: self.table(side).into(),
            rows: Some(rows),
            reversed: reverse,
            rows_limit: limit as i64,
            ..ReadRowsRequest::default()
        };
        let what = format!("{side:?} {range:?} reverse {reverse} limit {limit}");
        self.block_on(|client| async move {
            tokio::time::timeout(std::time::Duration::from_secs(10), async {
                let mut answers = client
                    .clone()
                    .read_rows(request)
                    .await
                    .unwrap()
                    .into_inner();
                let mut out = Vec::new();
                // A chunk with a row key starts a row; a qualifier starts a cell; `commit_row` ends
                // the row.
                let (mut key, mut column, mut value) = (Vec::new(), Vec::new(), Vec::new());
                let mut cells: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
                while let Some(page) = answers.message().await.unwrap() {
                    for chunk in page.chunks {
                        if !chunk.row_key.is_empty() {
                            key = chunk.row_key;
                            cells.clear();
                        }
                        if let Some(q) = chunk.qualifier {
                            column = q;
                            value.clear();
                        }
                        value.extend_from_slice(&chunk.value);
                        if chunk.value_size == 0 {
                            cells.push((column.clone(), core::mem::take(&mut value)));
                        }
                        match chunk.row_status {
                            Some(RowStatus::CommitRow(true)) => {
                                let live = cells
                                    .iter()
                                    .find(|(c, _)| c == b"v")
                                    .map(|(_, v)| v.clone());
                                let dead = cells.iter().any(|(c, _)| c == b"d");
                                assert!(live.is_some() != dead, "a row is a value or a tombstone");
                                out.push((key.clone(), live));
                            }
                            Some(RowStatus::ResetRow(true)) => cells.clear(),
                            _ => {}
                        }
                    }
                }
                out
            })
            .await
            .unwrap_or_else(|_| panic!("ReadRows {what} did not finish in 10 s"))
        })
    }

    fn write_absent(&self, rows: Vec<(Vec<u8>, Vec<u8>)>) -> usize {
        self.block_on(|client| async move {
            stream::iter(rows)
                .map(|(key, value)| {
                    let mut client = client.clone();
                    let request = CheckAndMutateRowRequest {
                        table_name: self.new.clone(),
                        row_key: key,
                        predicate_filter: None,
                        true_mutations: Vec::new(),
                        false_mutations: vec![set(b"v", &value)],
                        ..CheckAndMutateRowRequest::default()
                    };
                    async move {
                        // Retried on a transient error: writing only if absent is idempotent.
                        let mut tries = 0;
                        loop {
                            match client.check_and_mutate_row(request.clone()).await {
                                Ok(answer) => {
                                    break usize::from(!answer.into_inner().predicate_matched)
                                }
                                Err(e) if tries < 5 => {
                                    tries += 1;
                                    eprintln!("CheckAndMutateRow retried: {e}");
                                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                                }
                                Err(e) => panic!("CheckAndMutateRow failed 6 times: {e}"),
                            }
                        }
                    }
                })
                .buffer_unordered(16)
                .fold(0, |n, w| async move { n + w })
                .await
        })
    }

    fn purge_tombstones(&self) -> usize {
        let dead: Vec<Vec<u8>> = self
            .scan(Side::New, &ScanRange::all(), false, 0)
            .into_iter()
            .filter(|(_, v)| v.is_none())
            .map(|(k, _)| k)
            .collect();
        let n = dead.len();
        self.block_on(|client| async move {
            for key in dead {
                // Only if it still is a tombstone: the predicate matches column `d`.
                let answer = client
                    .clone()
                    .check_and_mutate_row(CheckAndMutateRowRequest {
                        table_name: self.new.clone(),
                        row_key: key,
                        predicate_filter: Some(RowFilter {
                            filter: Some(data::row_filter::Filter::ColumnQualifierRegexFilter(
                                b"d".to_vec(),
                            )),
                        }),
                        true_mutations: vec![delete_row()],
                        false_mutations: Vec::new(),
                        ..CheckAndMutateRowRequest::default()
                    })
                    .await
                    .unwrap();
                assert!(answer.into_inner().predicate_matched);
            }
        });
        n
    }
}
