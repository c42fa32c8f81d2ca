//! Reads: [`Table::read`] of a plan, one `ReadRows` stream per range merged in the key's logical
//! order, each stream resumed after a transient error from the last row it received.

use core::pin::Pin;
use core::task::{Context, Poll};
use std::collections::VecDeque;
use std::fmt;
use std::time::{Duration, Instant};

use futures_core::Stream;
use futures_util::future::{self, Either};
use futures_util::stream::{self, BoxStream, StreamExt};
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2 as data;
use rowkey_runtime::stream::MergeStream;
use rowkey_runtime::{ScanPlan, ScanRange};
use tonic::Status;

use super::channel::Lease;
use super::client::Table;
use super::retry::is_transient;
use super::rows::{ChunkError, Chunks, Row};

/// Why a read ended before its last row. A read that cannot finish ends with one of these;
/// it never ends short without one.
#[derive(Debug, Clone)]
pub struct ReadError {
    /// The range whose stream failed, as it stood (the rows after the last one received).
    pub range: ScanRange,
    /// Attempts made in the run of failures that ended the read.
    pub attempts: u32,
    /// What went wrong.
    pub kind: ReadErrorKind,
}

/// What ended a read.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// The server's (or the transport's) error: not transient, or still failing after the
    /// retry policy's attempts.
    Status(Status),
    /// The stream sent nothing for the retry policy's idle timeout, attempt after attempt.
    Idle(Duration),
    /// Chunks that break the protocol.
    Protocol(ChunkError),
    /// [`Table::read_as`]: the plan was made by another key type's builder (its layout
    /// fingerprint), so it would read none of this key's rows, or others. No request was sent.
    OtherKey {
        /// The fingerprint of the key the plan was made for.
        plan: u64,
        /// The fingerprint of the key asked for.
        key: u64,
    },
    /// [`Table::read_as`]: a row whose key is not a key of the type asked for (the range is
    /// the row).
    Decode(Box<rowkey_runtime::DecodeError>),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ReadRows of {} ", self.range)?;
        match &self.kind {
            ReadErrorKind::Status(s) => write!(
                f,
                "failed after {} attempt(s): {} ({:?})",
                self.attempts,
                s.message(),
                s.code()
            ),
            ReadErrorKind::Idle(d) => write!(
                f,
                "received nothing for {d:?}, {} attempt(s) in a row",
                self.attempts
            ),
            ReadErrorKind::Protocol(e) => write!(f, "failed: {e}"),
            ReadErrorKind::OtherKey { plan, key } => write!(
                f,
                "was not sent: the plan was made for the key of layout {plan:016x}, not for the \
                 key asked for ({key:016x})"
            ),
            ReadErrorKind::Decode(e) => write!(f, "returned a row of another key: {e}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// A read of a plan's rows from a table: a `Stream` of [`Row`]s in the key's logical order
/// (the salt set aside), ascending or, after [`reverse`](Read::reverse), descending. Build it
/// with [`Table::read`], set it up, then poll it; it starts reading when first polled.
///
/// Each range is one `ReadRows` request, at most [`concurrency`](Read::concurrency) of them
/// waited on at once, merged as they arrive: the first row comes out once every range has
/// sent its first (or ended). A request that fails with a transient error (`UNAVAILABLE`, a
/// dropped connection, a stream idle too long) is sent again for the rows after the last one
/// received, as Google's clients resume `ReadRows`, so no row is repeated or skipped; a read
/// that still cannot go on yields a [`ReadError`] and ends.
pub struct Read {
    table: Table,
    plan: ScanPlan,
    reversed: bool,
    limit: Option<usize>,
    concurrency: usize,
    filter: Option<data::RowFilter>,
    state: ReadState,
}

enum ReadState {
    Ready,
    Running(Box<MergeStream<BoxStream<'static, Result<Row, ReadError>>>>),
    Done,
}

impl Table {
    /// The rows of `plan`, merged in logical order (see [`Read`]).
    ///
    /// ```no_run
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// use futures::TryStreamExt;
    /// use rowkey::RowKey;
    /// use rowkey_clients::bigtable::Client;
    ///
    /// #[derive(RowKey)]
    /// #[salt(md5, buckets = 16, of = "host")]
    /// struct Metric { name: String, ts: u64, host: String }
    ///
    /// let table = Client::from_env()?.table("projects/p/instances/i/tables/metrics");
    /// let plan = Metric::scan().name("cpu").ts(1_000..2_000).plan()?;
    /// // The newest 100 rows of the hour, over the 16 buckets.
    /// let rows: Vec<_> = table.read(&plan).reverse().limit(100).try_collect().await?;
    /// for row in rows {
    ///     let metric = Metric::decode_unverified(&row.key)?;
    /// }
    /// # Ok(()) }
    /// ```
    pub fn read(&self, plan: &ScanPlan) -> Read {
        Read {
            table: self.clone(),
            plan: plan.clone(),
            reversed: false,
            limit: None,
            concurrency: 16,
            filter: None,
            state: ReadState::Ready,
        }
    }

    /// [`read`](Self::read) of a plan of `K`, each row's key decoded: a plan made by another
    /// key type's builder is refused before any request (a stream of one error,
    /// [`ReadErrorKind::OtherKey`]), and a row whose key is not a `K` is an error naming it
    /// ([`ReadErrorKind::Decode`]), never a silent empty read or a wrong value.
    ///
    /// ```no_run
    /// # async fn f() -> Result<(), Box<dyn std::error::Error>> {
    /// use futures::TryStreamExt;
    /// use rowkey::RowKey;
    /// use rowkey_clients::bigtable::Client;
    ///
    /// #[derive(RowKey, Debug)]
    /// #[salt(md5, buckets = 16, of = "device")]
    /// struct Reading { day: u32, device: u32, ts: u32 }
    ///
    /// let table = Client::from_env()?.table("projects/p/instances/i/tables/readings");
    /// let plan = Reading::scan().day(3).plan()?;
    /// let day: Vec<(Reading, _)> = table.read_as::<Reading>(&plan).try_collect().await?;
    /// # Ok(()) }
    /// ```
    pub fn read_as<K: rowkey_runtime::RowKey + Send + 'static>(
        &self,
        plan: &ScanPlan,
    ) -> BoxStream<'static, Result<(K, Row), ReadError>> {
        if !plan.is_for::<K>() {
            let refused = ReadError {
                range: plan
                    .ranges()
                    .first()
                    .cloned()
                    .unwrap_or_else(ScanRange::all),
                attempts: 0,
                kind: ReadErrorKind::OtherKey {
                    plan: plan.key_fingerprint().unwrap_or_default(),
                    key: K::LAYOUT_FINGERPRINT,
                },
            };
            return stream::once(future::ready(Err(refused))).boxed();
        }
        self.read(plan)
            .map(|row| {
                let row = row?;
                match K::decode(&row.key) {
                    Ok(key) => Ok((key, row)),
                    Err(e) => Err(ReadError {
                        range: ScanRange::row(&row.key),
                        attempts: 0,
                        kind: ReadErrorKind::Decode(Box::new(e)),
                    }),
                }
            })
            .boxed()
    }

    /// The rows of one range, in key order: [`read`](Self::read) of
    /// [`ScanPlan::from_range`].
    pub fn read_range(&self, range: &ScanRange) -> Read {
        self.read(&ScanPlan::from_range(range.clone()))
    }
}

impl Read {
    /// Rows in descending key order (`ReadRowsRequest.reversed`, with the features header
    /// Google's clients send).
    pub fn reverse(mut self) -> Self {
        self.reversed = true;
        self
    }

    /// At most `n` rows (each request asks for at most `n` when the plan is exact).
    pub fn limit(mut self, n: usize) -> Self {
        self.limit = Some(n);
        self
    }

    /// At most `n` requests waited on at once (at least 1; default 16).
    pub fn concurrency(mut self, n: usize) -> Self {
        self.concurrency = n.max(1);
        self
    }

    /// The rows after `row` in the read's order (after it ascending, before it descending):
    /// the next page of a read whose last row was `row`. Call after [`reverse`](Self::reverse).
    pub fn resume_after(mut self, row: &[u8]) -> Self {
        self.plan = if self.reversed {
            self.plan.before(row)
        } else {
            self.plan.after(row)
        };
        self
    }

    /// A server-side filter (`RowFilter`) for every request: which cells come back (a row
    /// whose every cell is filtered out does not).
    pub fn filter(mut self, filter: data::RowFilter) -> Self {
        self.filter = Some(filter);
        self
    }

    fn start(&mut self) -> MergeStream<BoxStream<'static, Result<Row, ReadError>>> {
        // Each range needs at most `limit` rows, unless the plan's filter drops some.
        let per_range = self.limit.filter(|_| self.plan.is_exact());
        let streams: Vec<_> = self
            .plan
            .ranges()
            .iter()
            .map(|range| {
                RangeRead::new(
                    self.table.clone(),
                    range.clone(),
                    self.reversed,
                    per_range,
                    self.filter.clone(),
                )
                .into_stream()
            })
            .collect();
        let mut merge = self
            .plan
            .merge_stream(streams)
            .concurrency(self.concurrency);
        if self.reversed {
            merge = merge.reverse();
        }
        if let Some(n) = self.limit {
            merge = merge.limit(n);
        }
        merge
    }
}

impl Stream for Read {
    type Item = Result<Row, ReadError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if let ReadState::Ready = this.state {
            this.state = ReadState::Running(Box::new(this.start()));
        }
        let ReadState::Running(merge) = &mut this.state else {
            return Poll::Ready(None);
        };
        match Pin::new(merge).poll_next(cx) {
            Poll::Ready(Some(Err(e))) => {
                // The first error ends the read: the rows after it would be a short read.
                this.state = ReadState::Done;
                Poll::Ready(Some(Err(e)))
            }
            Poll::Ready(None) => {
                this.state = ReadState::Done;
                Poll::Ready(None)
            }
            other => other,
        }
    }
}

impl fmt::Debug for Read {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Read")
            .field("table", &self.table.name())
            .field("ranges", &self.plan.ranges().len())
            .field("reversed", &self.reversed)
            .field("limit", &self.limit)
            .field("concurrency", &self.concurrency)
            .finish()
    }
}

/// One range's rows: `ReadRows` requests, resumed after the last row received.
struct RangeRead {
    table: Table,
    /// The range asked for; the rows still to read are those after `chunks`' last row (or the
    /// last key the server scanned).
    range: ScanRange,
    reversed: bool,
    /// Rows still wanted, when limited.
    left: Option<usize>,
    filter: Option<data::RowFilter>,
    chunks: Chunks,
    /// The open stream, and its place on a connection.
    stream: Option<(tonic::Streaming<data::ReadRowsResponse>, Lease)>,
    /// When the stream last sent something, and the timer that checks it is not idle for too
    /// long (reset when it fires, not per message: a timer per message costs the read).
    heard: Instant,
    idle: Option<Pin<Box<tokio::time::Sleep>>>,
    rows: VecDeque<Row>,
    /// Failed attempts since the last progress.
    failures: u32,
    done: bool,
}

/// What one step of a read brought.
enum Step {
    /// A message was taken (rows may be in the buffer).
    Message,
    /// The stream ended.
    End,
    /// The attempt failed: retry or end, by the policy.
    Failed(ReadErrorKind),
}

impl RangeRead {
    fn new(
        table: Table,
        range: ScanRange,
        reversed: bool,
        left: Option<usize>,
        filter: Option<data::RowFilter>,
    ) -> Self {
        RangeRead {
            table,
            range,
            reversed,
            left,
            filter,
            chunks: Chunks::new(reversed, None),
            stream: None,
            heard: Instant::now(),
            idle: None,
            rows: VecDeque::new(),
            failures: 0,
            done: false,
        }
    }

    fn into_stream(self) -> BoxStream<'static, Result<Row, ReadError>> {
        stream::unfold(self, |mut read| async move {
            let item = read.next().await?;
            Some((item, read))
        })
        .boxed()
    }

    /// The next row, the error that ends the read, or `None` at its end.
    async fn next(&mut self) -> Option<Result<Row, ReadError>> {
        loop {
            if let Some(row) = self.rows.pop_front() {
                return Some(Ok(row));
            }
            if self.done || self.left == Some(0) || self.rest().is_empty() {
                self.done = true;
                self.stream = None;
                return None;
            }
            let step = self.step().await;
            match step {
                Step::Message => {}
                Step::End => {
                    self.stream = None;
                    if !self.chunks.between_rows() {
                        return Some(Err(self.fail(ReadErrorKind::Protocol(ChunkError(
                            "the stream ended inside a row",
                        )))));
                    }
                    self.done = true;
                }
                Step::Failed(kind) => {
                    self.stream = None;
                    self.chunks.drop_partial();
                    let transient = match &kind {
                        ReadErrorKind::Status(s) => is_transient(s),
                        ReadErrorKind::Idle(_) => true,
                        ReadErrorKind::Protocol(_)
                        | ReadErrorKind::OtherKey { .. }
                        | ReadErrorKind::Decode(_) => false,
                    };
                    let policy = self.table.client().retry();
                    self.failures += 1;
                    if !transient || self.failures >= policy.attempts {
                        return Some(Err(self.fail(kind)));
                    }
                    tokio::time::sleep(policy.backoff(self.failures - 1)).await;
                }
            }
        }
    }

    fn fail(&mut self, kind: ReadErrorKind) -> ReadError {
        self.done = true;
        ReadError {
            range: self.rest(),
            attempts: self.failures.max(1),
            kind,
        }
    }

    /// Opens the stream if needed, then takes one message (or its end, or an error).
    async fn step(&mut self) -> Step {
        let idle = self.table.client().retry().idle_timeout;
        if self.stream.is_none() {
            let (mut client, lease) = self.table.client().lease();
            let request = self.request();
            let opened = tokio::time::timeout(idle, client.read_rows(request)).await;
            match opened {
                Ok(Ok(answer)) => self.stream = Some((answer.into_inner(), lease)),
                Ok(Err(status)) => return Step::Failed(ReadErrorKind::Status(status)),
                Err(_) => return Step::Failed(ReadErrorKind::Idle(idle)),
            }
            self.heard = Instant::now();
        }
        let message = loop {
            let Some((stream, _)) = self.stream.as_mut() else {
                return Step::End;
            };
            let timer = self
                .idle
                .get_or_insert_with(|| Box::pin(tokio::time::sleep(idle)));
            let message = core::pin::pin!(stream.message());
            match future::select(message, timer.as_mut()).await {
                Either::Left((Ok(Some(message)), _)) => break message,
                Either::Left((Ok(None), _)) => return Step::End,
                Either::Left((Err(status), _)) => {
                    return Step::Failed(ReadErrorKind::Status(status))
                }
                // The timer fired: idle only if nothing came since it was set.
                Either::Right(((), _)) => {
                    let quiet = self.heard.elapsed();
                    if quiet >= idle {
                        self.idle = None;
                        return Step::Failed(ReadErrorKind::Idle(idle));
                    }
                    timer
                        .as_mut()
                        .reset(tokio::time::Instant::now() + (idle - quiet));
                }
            }
        };
        self.heard = Instant::now();
        for chunk in message.chunks {
            match self.chunks.push(chunk) {
                Ok(Some(row)) => self.received(row),
                Ok(None) => {}
                Err(e) => return Step::Failed(ReadErrorKind::Protocol(e)),
            }
        }
        // Rows the server scanned past without returning (a filter's): resume after them.
        if !message.last_scanned_row_key.is_empty() && self.chunks.between_rows() {
            self.chunks = Chunks::new(self.reversed, Some(message.last_scanned_row_key));
            self.failures = 0;
        }
        Step::Message
    }

    /// A committed row: progress.
    fn received(&mut self, row: Row) {
        self.failures = 0;
        if let Some(n) = &mut self.left {
            *n = n.saturating_sub(1);
        }
        self.rows.push_back(row);
    }

    /// The rows still to read: the range after (before, reversed) the last row received.
    fn rest(&self) -> ScanRange {
        match (self.chunks.last(), self.reversed) {
            (Some(key), false) => self.range.after(key),
            (Some(key), true) => self.range.before(key),
            (None, _) => self.range.clone(),
        }
    }

    /// The request for the rest of the range.
    fn request(&self) -> tonic::Request<data::ReadRowsRequest> {
        let rows = super::range_row_set(&self.rest()).unwrap_or_default();
        let message = data::ReadRowsRequest {
            table_name: self.table.name().to_string(),
            app_profile_id: self.table.client().app_profile_id().to_string(),
            rows: Some(rows),
            filter: self.filter.clone(),
            // (0 is no limit: so is a limit past i64::MAX, which `as` would make negative.)
            rows_limit: self.left.map_or(0, |n| i64::try_from(n).unwrap_or(0)),
            reversed: self.reversed,
            ..data::ReadRowsRequest::default()
        };
        self.table.client().request(self.table.name(), message)
    }
}
