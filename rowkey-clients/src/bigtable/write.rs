//! Writes: [`Table::put`], [`Table::put_rows`], [`Table::delete`] and
//! [`Table::delete_rows`], each a `MutateRows` (chunked under its limits), retried entry by
//! entry from the per-entry statuses, as Google's clients retry idempotent mutations.
//!
//! An entry is **idempotent** when applying it twice leaves what applying it once does: every
//! `SetCell` carries its own timestamp ([`Cell::new`] writes at time 0; set
//! `timestamp_micros`), and a `DeleteFromRow` always is. A cell with timestamp
//! [`SERVER_TIME`] (-1) asks the server for its own time, so a retry would write a second
//! version: such an entry is sent once and, on a transient error, reported as not written.

use core::fmt;

use googleapis_tonic_google_bigtable_v2::google::bigtable::v2 as data;
use tonic::Status;

use super::client::Table;
use super::retry::is_transient;
use super::rows::Cell;

/// A cell's `timestamp_micros` that asks the server to stamp it (not retried).
pub const SERVER_TIME: i64 = -1;

/// The most mutations one `MutateRows` request carries (Bigtable's limit is 100,000).
pub const MUTATIONS_PER_REQUEST: usize = 100_000;

/// The most bytes of keys and values one request carries (well under gRPC's and Bigtable's
/// request limits).
pub const BYTES_PER_REQUEST: usize = 16 << 20;

/// Rows that could not be written: each key with the last status the server (or the
/// connection) gave it. The other rows of the call were written.
#[derive(Debug, Clone)]
pub struct WriteError {
    /// Rows written.
    pub written: usize,
    /// Rows not written: the key and why.
    pub failed: Vec<(Vec<u8>, Status)>,
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = self.written + self.failed.len();
        write!(f, "{} of {total} rows not written", self.failed.len())?;
        for (key, status) in self.failed.iter().take(3) {
            write!(
                f,
                "; {}: {} ({:?})",
                rowkey_runtime::hex::encode(key),
                status.message(),
                status.code()
            )?;
        }
        if self.failed.len() > 3 {
            write!(
                f,
                "; and {} more (WriteError::failed)",
                self.failed.len() - 3
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for WriteError {}

/// One row's mutations, as sent.
struct Entry {
    key: Vec<u8>,
    mutations: Vec<data::Mutation>,
    idempotent: bool,
    bytes: usize,
}

/// A cell's `SetCell` (also the writers' protocol's, in `migrate`).
pub(super) fn set_cell(c: &Cell) -> data::Mutation {
    data::Mutation {
        mutation: Some(data::mutation::Mutation::SetCell(data::mutation::SetCell {
            family_name: c.family.clone(),
            column_qualifier: c.qualifier.clone(),
            timestamp_micros: c.timestamp_micros,
            value: c.value.clone(),
        })),
    }
}

/// A `DeleteFromRow` (also the writers' protocol's, in `migrate`).
pub(super) fn delete_row() -> data::Mutation {
    data::Mutation {
        mutation: Some(data::mutation::Mutation::DeleteFromRow(
            data::mutation::DeleteFromRow {},
        )),
    }
}

impl Entry {
    fn put(key: Vec<u8>, cells: &[Cell]) -> Entry {
        let bytes = key.len()
            + cells
                .iter()
                .map(|c| c.family.len() + c.qualifier.len() + c.value.len() + 16)
                .sum::<usize>();
        Entry {
            idempotent: cells.iter().all(|c| c.timestamp_micros != SERVER_TIME),
            mutations: cells.iter().map(set_cell).collect(),
            key,
            bytes,
        }
    }

    fn delete(key: Vec<u8>) -> Entry {
        Entry {
            bytes: key.len(),
            key,
            mutations: vec![delete_row()],
            idempotent: true,
        }
    }
}

impl Table {
    /// Writes `cells` into row `key` (`MutateRows` of one entry), retried as
    /// [`put_rows`](Self::put_rows) retries.
    ///
    /// ```no_run
    /// # async fn f() -> Result<(), Box<dyn std::error::Error>> {
    /// use rowkey::RowKey;
    /// use rowkey_clients::bigtable::{Cell, Client};
    ///
    /// #[derive(RowKey)]
    /// #[salt(md5, buckets = 16, of = "host")]
    /// struct Metric { host: u32, ts: u64 }
    ///
    /// let table = Client::from_env()?.table("projects/p/instances/i/tables/metrics");
    /// let key = Metric { host: 7, ts: 1_700_000_000 }.encode()?;
    /// table.put(key, &[Cell::new("f", "cpu", "0.93")]).await?;
    /// # Ok(()) }
    /// ```
    pub async fn put(&self, key: impl Into<Vec<u8>>, cells: &[Cell]) -> Result<(), WriteError> {
        self.write(vec![Entry::put(key.into(), cells)])
            .await
            .map(|_| ())
    }

    /// Writes each row's cells: `MutateRows` requests of at most
    /// [`MUTATIONS_PER_REQUEST`] mutations and [`BYTES_PER_REQUEST`] bytes, sent one after
    /// another. An entry that fails with a transient status (see
    /// [`is_transient`](super::is_transient)) is sent again, alone with the others that
    /// failed, after the client's [`RetryPolicy`](super::RetryPolicy) backoff, until its
    /// attempts are spent; an entry that is not idempotent (a cell at [`SERVER_TIME`]) or
    /// fails for good is not. Returns the rows written, or a [`WriteError`] naming every row
    /// that was not.
    pub async fn put_rows<K, C>(
        &self,
        rows: impl IntoIterator<Item = (K, C)>,
    ) -> Result<usize, WriteError>
    where
        K: Into<Vec<u8>>,
        C: AsRef<[Cell]>,
    {
        let entries = rows
            .into_iter()
            .map(|(k, c)| Entry::put(k.into(), c.as_ref()))
            .collect();
        self.write(entries).await
    }

    /// Deletes row `key` (`DeleteFromRow`; a row that is not there is no error).
    pub async fn delete(&self, key: impl Into<Vec<u8>>) -> Result<(), WriteError> {
        self.write(vec![Entry::delete(key.into())])
            .await
            .map(|_| ())
    }

    /// Deletes each row, as [`put_rows`](Self::put_rows) writes.
    pub async fn delete_rows<K: Into<Vec<u8>>>(
        &self,
        keys: impl IntoIterator<Item = K>,
    ) -> Result<usize, WriteError> {
        let entries = keys.into_iter().map(|k| Entry::delete(k.into())).collect();
        self.write(entries).await
    }

    async fn write(&self, entries: Vec<Entry>) -> Result<usize, WriteError> {
        let mut written = 0;
        let mut failed = Vec::new();
        let mut chunk: Vec<Entry> = Vec::new();
        let (mut mutations, mut bytes) = (0, 0);
        for e in entries {
            if !chunk.is_empty()
                && (mutations + e.mutations.len() > MUTATIONS_PER_REQUEST
                    || bytes + e.bytes > BYTES_PER_REQUEST)
            {
                let (w, f) = self.write_chunk(core::mem::take(&mut chunk)).await;
                written += w;
                failed.extend(f);
                (mutations, bytes) = (0, 0);
            }
            mutations += e.mutations.len();
            bytes += e.bytes;
            chunk.push(e);
        }
        if !chunk.is_empty() {
            let (w, f) = self.write_chunk(chunk).await;
            written += w;
            failed.extend(f);
        }
        if failed.is_empty() {
            Ok(written)
        } else {
            Err(WriteError { written, failed })
        }
    }

    /// One chunk to the end: the rows written, and the rows that failed for good.
    async fn write_chunk(&self, mut pending: Vec<Entry>) -> (usize, Vec<(Vec<u8>, Status)>) {
        let policy = self.client().retry();
        let mut written = 0;
        let mut failed = Vec::new();
        let mut attempt = 0;
        while !pending.is_empty() {
            let statuses = self.mutate_rows_statuses(&pending).await;
            attempt += 1;
            let mut again = Vec::new();
            for (entry, status) in pending.into_iter().zip(statuses) {
                match status {
                    None => written += 1,
                    Some(s)
                        if is_transient(&s) && entry.idempotent && attempt < policy.attempts =>
                    {
                        again.push((entry, s));
                    }
                    Some(s) => failed.push((entry.key, s)),
                }
            }
            if !again.is_empty() {
                tokio::time::sleep(policy.backoff(attempt - 1)).await;
            }
            pending = again.into_iter().map(|(e, _)| e).collect();
        }
        (written, failed)
    }

    /// One `MutateRows` of `entries`: each entry's status (`None` when written). An entry the
    /// response does not mention (the stream broke first) has the stream's status.
    async fn mutate_rows_statuses(&self, entries: &[Entry]) -> Vec<Option<Status>> {
        let request: Vec<data::mutate_rows_request::Entry> = entries
            .iter()
            .map(|e| data::mutate_rows_request::Entry {
                row_key: e.key.clone(),
                mutations: e.mutations.clone(),
                ..data::mutate_rows_request::Entry::default()
            })
            .collect();
        let mut out: Vec<Option<Option<Status>>> = vec![None; entries.len()];
        let broke = match self.mutate_rows_stream(request).await {
            Err(s) => Some(s),
            Ok(mut answers) => loop {
                match answers.next().await {
                    None => break None,
                    Some(Err(s)) => break Some(s),
                    Some(Ok(answer)) => {
                        for e in answer.entries {
                            let Some(slot) =
                                usize::try_from(e.index).ok().and_then(|i| out.get_mut(i))
                            else {
                                continue;
                            };
                            let status = e.status.unwrap_or_default();
                            *slot = Some((status.code != 0).then(|| {
                                Status::new(tonic::Code::from_i32(status.code), status.message)
                            }));
                        }
                    }
                }
            },
        };
        let unsaid = broke
            .unwrap_or_else(|| Status::internal("MutateRows ended without this entry's status"));
        out.into_iter()
            .map(|s| s.unwrap_or_else(|| Some(unsaid.clone())))
            .collect()
    }
}
