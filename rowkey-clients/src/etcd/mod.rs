//! etcd (feature `etcd`), through its v3 gRPC API: a table is a key prefix ([`EtcdTable`]).
//!
//! What it does for you:
//! - **A range never leaves its table.** A range's end is the table's end when the range has
//!   none, computed so that a prefix ending in `FF` bytes (a salt bucket `FF`) or made only of
//!   them still ends where the table does: etcd reads an empty `range_end` as "this one key"
//!   and `\0` as "every key from here", the cases its own client and many others got wrong
//!   (etcd-io/etcd#6419, jetcd#561, etcd-cpp-apiv3#45, python-etcd3#1647).
//! - **A plan is one snapshot.** Every range of a plan is read at one revision, the revision
//!   of its first response, so a salted read is consistent across its buckets; a revision
//!   compacted away mid-read is an error ([`EtcdError::Compacted`]), never a mixed read.
//! - **Pages.** Each range is read in pages of [`EtcdTable::page`] rows (`limit`), the next
//!   page starting after the last key. A forward page is unsorted, which is key order and
//!   lets etcd stop at the limit (a sorted request makes etcd 3.4 read the rest of the range
//!   for every page); a reverse page is sorted `DESCEND`, which etcd can only do by reading the
//!   rest of the range, so reverse pages double in size up to 64 pages' worth.
//! - **Writes under etcd's limits**: a batch is committed in transactions of at most 128
//!   operations (`--max-txn-ops`) and 1 MiB (under `--max-request-bytes`, 1.5 MiB), a key
//!   given twice starting a new transaction (etcd refuses a transaction that names a key
//!   twice). The re-key's write-if-absent is a transaction comparing `create_revision` to 0.
//!
//! The calls block the calling thread (they run on the table's own runtime, so async code may
//! call them without a panic; from a runtime worker, prefer `spawn_blocking`).
//!
//! ```no_run
//! use rowkey::RowKey;
//! use rowkey_clients::etcd::EtcdTable;
//! use rowkey_clients::sorted::SortedTable;
//!
//! #[derive(RowKey)]
//! #[salt(md5, buckets = 16, of = "device")]
//! struct Reading { device: u32, ts: u64 }
//!
//! let table = EtcdTable::connect("http://127.0.0.1:2379", b"readings/").unwrap();
//! let plan = Reading::scan().device(3).plan().unwrap();
//! for row in table.read(&plan) {
//!     let (key, value) = row.unwrap();
//! }
//! ```

mod proto;

use std::fmt;
use std::sync::{Arc, OnceLock};

use rowkey_runtime::scan::prefix_stop;
use rowkey_runtime::ScanRange;
use tonic::codegen::http::uri::PathAndQuery;
use tonic::transport::{Channel, Endpoint};
use tonic::Code;

use crate::background::Background;
use crate::sorted::{SameTable, SortedTable, TableCheckpoints, TableMove, Writes};
use proto::request_op::Request;

/// Why an etcd request failed.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum EtcdError {
    /// The server's answer.
    Status(tonic::Status),
    /// The revision a read was pinned to was compacted away before the read ended: read
    /// again (from the start, or from the last row you kept).
    Compacted {
        /// The revision of the read.
        revision: i64,
    },
    /// The endpoint could not be used.
    Connect(String),
    /// One row is larger than a request may be.
    TooLarge {
        /// The row's key (after the table's prefix).
        key: Vec<u8>,
        /// Its size in a request.
        bytes: usize,
    },
    /// A move's two tables are one.
    SameTable(SameTable),
}

impl fmt::Display for EtcdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EtcdError::Status(s) => write!(f, "etcd: {:?}: {}", s.code(), s.message()),
            EtcdError::Compacted { revision } => write!(
                f,
                "etcd: revision {revision} was compacted during the read; read again"
            ),
            EtcdError::Connect(e) => write!(f, "etcd: {e}"),
            EtcdError::TooLarge { key, bytes } => write!(
                f,
                "etcd: the row {} is {bytes} bytes in a request, over the {MAX_REQUEST} a \
                 transaction of rowkey's may carry",
                rowkey_runtime::hex::encode(key)
            ),
            EtcdError::SameTable(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for EtcdError {}

impl From<tonic::Status> for EtcdError {
    fn from(s: tonic::Status) -> Self {
        EtcdError::Status(s)
    }
}

/// Operations per transaction: etcd's default `--max-txn-ops`.
pub const MAX_TXN_OPS: usize = 128;
/// Bytes of keys and values per transaction: under etcd's default `--max-request-bytes`
/// (1.5 MiB), with room for the request's framing.
pub const MAX_REQUEST: usize = 1024 * 1024;

/// A key prefix of an etcd cluster as a [`SortedTable`]: keys are the prefix followed by the
/// row key.
#[derive(Clone)]
pub struct EtcdTable {
    channel: Channel,
    endpoint: String,
    prefix: Vec<u8>,
    page: usize,
    rt: Arc<Background>,
}

impl fmt::Debug for EtcdTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EtcdTable")
            .field("endpoint", &self.endpoint)
            .field("prefix", &rowkey_runtime::hex::encode(&self.prefix))
            .finish()
    }
}

/// A re-key between two prefixes of an etcd cluster.
pub type EtcdMove = TableMove<EtcdTable>;
/// A re-key's checkpoints under a prefix of an etcd cluster.
pub type EtcdCheckpoints = TableCheckpoints<EtcdTable>;

const RANGE: &str = "/etcdserverpb.KV/Range";
const TXN: &str = "/etcdserverpb.KV/Txn";
const COMPACT: &str = "/etcdserverpb.KV/Compact";

impl EtcdTable {
    /// The table under `prefix` of the cluster at `endpoint` (`http://host:port`); the
    /// connection is made on the first request.
    pub fn connect(endpoint: &str, prefix: &[u8]) -> Result<Self, EtcdError> {
        let config = Endpoint::from_shared(endpoint.to_string())
            .map_err(|e| EtcdError::Connect(format!("{endpoint}: {e}")))?;
        let rt = Arc::new(Background::new("rowkey-etcd"));
        // The channel's connection task lives on the table's runtime.
        let channel = rt.run(async move { config.connect_lazy() });
        Ok(EtcdTable {
            channel,
            endpoint: endpoint.to_string(),
            prefix: prefix.to_vec(),
            page: 1000,
            rt,
        })
    }

    /// The same cluster under another prefix (one connection, one runtime).
    pub fn table(&self, prefix: &[u8]) -> EtcdTable {
        EtcdTable {
            prefix: prefix.to_vec(),
            ..self.clone()
        }
    }

    /// The move from the table under `old` to the one under `new`; refused when either prefix
    /// starts with the other (one table's range would hold the other's rows).
    pub fn move_tables(&self, old: &[u8], new: &[u8]) -> Result<EtcdMove, EtcdError> {
        if old.starts_with(new) || new.starts_with(old) {
            return Err(EtcdError::SameTable(SameTable(format!(
                "etcd prefixes {} and {} (one holds the other)",
                rowkey_runtime::hex::encode(old),
                rowkey_runtime::hex::encode(new)
            ))));
        }
        TableMove::between(self.table(old), self.table(new)).map_err(EtcdError::SameTable)
    }

    /// Rows per range request (1000 unless set); at least 1.
    pub fn page(mut self, rows: usize) -> Self {
        self.page = rows.max(1);
        self
    }

    /// The table's prefix.
    pub fn prefix(&self) -> &[u8] {
        &self.prefix
    }

    /// `range` as etcd's `(key, range_end)` under the table's prefix: an empty stop is the
    /// table's end, which for a prefix of only `FF` bytes (or none) is `\0`, etcd's "every key
    /// from here". Never an empty `range_end` (one key), never past the table.
    pub fn etcd_range(&self, range: &ScanRange) -> (Vec<u8>, Vec<u8>) {
        let key = [&self.prefix[..], &range.start].concat();
        let end = if range.stop.is_empty() {
            let end = prefix_stop(&self.prefix);
            if end.is_empty() {
                vec![0]
            } else {
                end
            }
        } else {
            [&self.prefix[..], &range.stop].concat()
        };
        (key, end)
    }

    fn grpc(&self) -> tonic::client::Grpc<Channel> {
        // etcd's own client takes answers of up to 2 GiB (`MaxCallRecvMsgSize`): a page of
        // large rows must not fail on tonic's 4 MiB default.
        tonic::client::Grpc::new(self.channel.clone()).max_decoding_message_size(i32::MAX as usize)
    }

    async fn call<Req, Resp>(
        mut grpc: tonic::client::Grpc<Channel>,
        path: &'static str,
        request: Req,
    ) -> Result<Resp, EtcdError>
    where
        Req: prost::Message + Send + Sync + 'static,
        Resp: prost::Message + Default + Send + Sync + 'static,
    {
        grpc.ready()
            .await
            .map_err(|e| EtcdError::Connect(e.to_string()))?;
        let codec = tonic_prost::ProstCodec::<Req, Resp>::default();
        let response = grpc
            .unary(
                tonic::Request::new(request),
                PathAndQuery::from_static(path),
                codec,
            )
            .await?;
        Ok(response.into_inner())
    }

    fn range_request(
        &self,
        request: proto::RangeRequest,
    ) -> Result<proto::RangeResponse, EtcdError> {
        let revision = request.revision;
        let grpc = self.grpc();
        self.rt
            .run(Self::call(grpc, RANGE, request))
            .map_err(|e| match e {
                EtcdError::Status(s) if s.code() == Code::OutOfRange && revision > 0 => {
                    EtcdError::Compacted { revision }
                }
                e => e,
            })
    }

    fn txn(&self, request: proto::TxnRequest) -> Result<proto::TxnResponse, EtcdError> {
        let grpc = self.grpc();
        self.rt.run(Self::call(grpc, TXN, request))
    }

    /// Compacts the cluster's history up to `revision` (what an operator's auto-compaction
    /// does); a read pinned to an earlier revision then fails with
    /// [`EtcdError::Compacted`].
    pub fn compact(&self, revision: i64) -> Result<(), EtcdError> {
        let grpc = self.grpc();
        let request = proto::CompactionRequest {
            revision,
            physical: true,
        };
        self.rt
            .run(Self::call::<_, proto::CompactionResponse>(
                grpc, COMPACT, request,
            ))
            .map(|_| ())
    }

    /// The cluster's current revision.
    pub fn revision(&self) -> Result<i64, EtcdError> {
        let (key, _) = self.etcd_range(&ScanRange::all());
        let response = self.range_request(proto::RangeRequest {
            key,
            count_only: true,
            ..Default::default()
        })?;
        Ok(response.header.map_or(0, |h| h.revision))
    }

    fn strip(&self, key: Vec<u8>) -> Vec<u8> {
        key[self.prefix.len()..].to_vec()
    }

    fn commit(&self, compare: Vec<proto::Compare>, ops: Vec<RequestOp>) -> Result<bool, EtcdError> {
        let response = self.txn(proto::TxnRequest {
            compare,
            success: ops,
            failure: Vec::new(),
        })?;
        Ok(response.succeeded)
    }
}

use proto::RequestOp;

fn put(key: Vec<u8>, value: Vec<u8>) -> RequestOp {
    RequestOp {
        request: Some(Request::Put(proto::PutRequest { key, value })),
    }
}

fn delete(key: Vec<u8>) -> RequestOp {
    RequestOp {
        request: Some(Request::DeleteRange(proto::DeleteRangeRequest {
            key,
            range_end: Vec::new(),
        })),
    }
}

fn absent(key: &[u8]) -> proto::Compare {
    proto::Compare {
        result: proto::COMPARE_EQUAL,
        target: proto::TARGET_CREATE,
        key: key.to_vec(),
        target_union: Some(proto::compare::TargetUnion::CreateRevision(0)),
    }
}

/// Splits `writes` into transactions under etcd's limits, in order: at most [`MAX_TXN_OPS`]
/// operations and [`MAX_REQUEST`] bytes each, and a key never twice in one.
fn chunks(prefix: &[u8], writes: Writes) -> Result<Vec<Writes>, EtcdError> {
    let mut out: Vec<Writes> = Vec::new();
    let mut keys = std::collections::HashSet::new();
    let mut bytes = 0;
    for (key, value) in writes {
        let size = prefix.len() + key.len() + value.as_ref().map_or(0, Vec::len) + 16;
        if size > MAX_REQUEST {
            return Err(EtcdError::TooLarge { key, bytes: size });
        }
        let full = out
            .last()
            .is_none_or(|c| c.len() == MAX_TXN_OPS || bytes + size > MAX_REQUEST);
        if full || keys.contains(&key) {
            out.push(Vec::new());
            keys.clear();
            bytes = 0;
        }
        bytes += size;
        keys.insert(key.clone());
        out.last_mut().expect("pushed above").push((key, value));
    }
    Ok(out)
}

/// The rows of one range of an [`EtcdTable`], read a page at a time at the plan's revision.
pub struct EtcdRows<'a> {
    table: &'a EtcdTable,
    key: Vec<u8>,
    end: Vec<u8>,
    reverse: bool,
    revision: Arc<OnceLock<i64>>,
    page: std::vec::IntoIter<proto::KeyValue>,
    /// Rows asked for by the next request.
    limit: usize,
    done: bool,
}

impl EtcdRows<'_> {
    fn fetch(&mut self) -> Result<(), EtcdError> {
        let revision = self.revision.get().copied().unwrap_or(0);
        let response = self.table.range_request(proto::RangeRequest {
            key: self.key.clone(),
            range_end: self.end.clone(),
            limit: self.limit as i64,
            revision,
            // Unsorted is key order (etcd's index is a B-tree by key; Kubernetes' paged lists
            // rely on it) and honours the limit. A sorted request makes etcd 3.4 read the
            // whole rest of the range for every page: a million-row read took 31 s, not 6.
            sort_order: if self.reverse {
                proto::SORT_DESCEND
            } else {
                proto::SORT_NONE
            },
            sort_target: proto::SORT_BY_KEY,
            ..Default::default()
        })?;
        if revision == 0 {
            let first = response.header.as_ref().map_or(0, |h| h.revision);
            // The first response of the plan's read fixes its revision.
            let _ = self.revision.set(first);
        }
        match response.kvs.last() {
            Some(last) if response.more => {
                if self.reverse {
                    self.end = last.key.clone();
                    // A descending page costs etcd the whole rest of the range, whatever its
                    // limit: pages double (to 64 times the page size), so that a long reverse
                    // read makes a few passes, not one per page.
                    self.limit = (self.limit * 2).min(self.table.page * 64);
                } else {
                    self.key = [&last.key[..], &[0]].concat();
                }
            }
            _ => self.done = true,
        }
        self.page = response.kvs.into_iter();
        Ok(())
    }
}

impl Iterator for EtcdRows<'_> {
    type Item = Result<(Vec<u8>, Vec<u8>), EtcdError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(kv) = self.page.next() {
                return Some(Ok((self.table.strip(kv.key), kv.value)));
            }
            if self.done {
                return None;
            }
            if let Err(e) = self.fetch() {
                self.done = true;
                return Some(Err(e));
            }
        }
    }
}

impl SortedTable for EtcdTable {
    type Error = EtcdError;
    type Bytes = Vec<u8>;
    type Rows<'a> = EtcdRows<'a>;

    fn rows(&self, range: &ScanRange, reverse: bool) -> EtcdRows<'_> {
        self.rows_of(std::slice::from_ref(range), reverse)
            .pop()
            .expect("one range, one stream")
    }

    /// Every range at one revision: the revision of the read's first response.
    fn rows_of(&self, ranges: &[ScanRange], reverse: bool) -> Vec<EtcdRows<'_>> {
        let revision = Arc::new(OnceLock::new());
        ranges
            .iter()
            .map(|range| {
                let (key, end) = self.etcd_range(range);
                EtcdRows {
                    table: self,
                    done: range.is_empty(),
                    key,
                    end,
                    reverse,
                    revision: revision.clone(),
                    page: Vec::new().into_iter(),
                    limit: self.page,
                }
            })
            .collect()
    }

    fn name(&self) -> String {
        format!(
            "etcd:{}#{}",
            self.endpoint,
            rowkey_runtime::hex::encode(&self.prefix)
        )
    }

    fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, EtcdError> {
        let response = self.range_request(proto::RangeRequest {
            key: [&self.prefix[..], key].concat(),
            ..Default::default()
        })?;
        Ok(response.kvs.into_iter().next().map(|kv| kv.value))
    }

    fn write(&self, batch: Writes) -> Result<(), EtcdError> {
        for chunk in chunks(&self.prefix, batch)? {
            let ops = chunk
                .into_iter()
                .map(|(k, v)| {
                    let key = [&self.prefix[..], &k].concat();
                    match v {
                        Some(v) => put(key, v),
                        None => delete(key),
                    }
                })
                .collect();
            self.commit(Vec::new(), ops)?;
        }
        Ok(())
    }

    fn put_absent(&self, rows: Vec<(Vec<u8>, Vec<u8>)>) -> Result<usize, EtcdError> {
        let writes = rows.into_iter().map(|(k, v)| (k, Some(v))).collect();
        let mut written = 0;
        for chunk in chunks(&self.prefix, writes)? {
            let full: Vec<(Vec<u8>, Vec<u8>)> = chunk
                .into_iter()
                .map(|(k, v)| ([&self.prefix[..], &k].concat(), v.unwrap_or_default()))
                .collect();
            // The whole chunk in one transaction when every key is absent (the common case);
            // otherwise one transaction per row.
            let compare = full.iter().map(|(k, _)| absent(k)).collect();
            let ops = full
                .iter()
                .map(|(k, v)| put(k.clone(), v.clone()))
                .collect();
            if self.commit(compare, ops)? {
                written += full.len();
                continue;
            }
            for (k, v) in full {
                if self.commit(vec![absent(&k)], vec![put(k, v)])? {
                    written += 1;
                }
            }
        }
        Ok(written)
    }

    fn delete_if(&self, key: &[u8], expected: &[u8]) -> Result<bool, EtcdError> {
        let key = [&self.prefix[..], key].concat();
        let compare = proto::Compare {
            result: proto::COMPARE_EQUAL,
            target: proto::TARGET_VALUE,
            key: key.clone(),
            target_union: Some(proto::compare::TargetUnion::Value(expected.to_vec())),
        };
        self.commit(vec![compare], vec![delete(key)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_never_ends_past_its_table() {
        let root = EtcdTable::connect("http://127.0.0.1:1", b"").unwrap();
        let table = |prefix: &[u8]| root.table(prefix);
        let all = ScanRange::all();
        // A prefix ending in FF: the end carries into the byte before.
        assert_eq!(
            table(b"t\xff").etcd_range(&all),
            (b"t\xff".to_vec(), b"u".to_vec())
        );
        // Only FF bytes, or none: every key from the start ("\0"), never one key ("").
        assert_eq!(
            table(b"\xff\xff").etcd_range(&all),
            (b"\xff\xff".to_vec(), vec![0])
        );
        assert_eq!(table(b"").etcd_range(&all), (Vec::new(), vec![0]));
        // A salt bucket FF under a table: the bucket's end is the table's, not the keyspace's.
        let bucket = ScanRange::prefix(&[0xff]);
        assert_eq!(
            table(b"t/").etcd_range(&bucket),
            (b"t/\xff".to_vec(), b"t0".to_vec())
        );
    }

    #[test]
    fn writes_are_chunked_under_etcds_limits() {
        let rows = |n: usize, size: usize| -> Writes {
            (0..n)
                .map(|i| ((i as u32).to_be_bytes().to_vec(), Some(vec![0; size])))
                .collect()
        };
        let sizes = |c: &[Writes]| c.iter().map(Vec::len).collect::<Vec<_>>();
        assert_eq!(sizes(&chunks(b"p", rows(300, 1)).unwrap()), [128, 128, 44]);
        // 100 KB rows: 10 per megabyte.
        assert_eq!(
            sizes(&chunks(b"p", rows(25, 100_000)).unwrap()),
            [10, 10, 5]
        );
        // A key twice starts a new transaction, in order.
        let twice = vec![(vec![1], Some(vec![1])), (vec![2], None), (vec![1], None)];
        assert_eq!(sizes(&chunks(b"", twice).unwrap()), [2, 1]);
        assert!(matches!(
            chunks(b"", rows(1, MAX_REQUEST)),
            Err(EtcdError::TooLarge { .. })
        ));
    }
}
