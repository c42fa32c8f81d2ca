//! Reading a fanned-out plan with an async client (feature `async`): [`MergeStream`], the
//! streaming k-way merge of one `Stream` per range, with a bound on how many scans run at once;
//! [`ScanPlan::fan_out`], which opens those streams from a closure; and [`Pages`], which turns a
//! page-returning call (`scan(range, limit) -> Vec`, as TiKV's `RawClient::scan`) into a stream.
//! Only `futures-core` is used: any runtime drives them.

use core::future::Future;
use core::pin::Pin;
use core::task::{Context, Poll};
use std::collections::VecDeque;

use futures_core::Stream;

use crate::merge::{merge_options, Heads, LastKeys, Options, RowItem};
use crate::{ScanPlan, ScanRange};

/// The merge of [`Merge`](crate::Merge) over `Stream`s: rows in global key order (the first
/// `skip` bytes, the salt, ignored), errors passed on first, `reverse` for descending streams,
/// `limit` to stop early. Streaming: it asks a stream for its next row only when that stream's
/// row before it has been taken, so the first row comes out after one row per stream, and at
/// most one row per stream is held. At most [`concurrency`](Self::concurrency) streams are
/// waited on at once (a scan that has not been polled has not started, for the lazy streams
/// client libraries return). Dropping the stream, or reaching the limit, drops every scan.
///
/// ```
/// use futures::{executor::block_on, stream, StreamExt};
/// use rowkey::stream::MergeStream;
///
/// // Two buckets (salt byte 0 and 1), each sorted.
/// let b0 = stream::iter(vec![vec![0, 1], vec![0, 4]]);
/// let b1 = stream::iter(vec![vec![1, 2], vec![1, 3]]);
/// let rows: Vec<Vec<u8>> = block_on(MergeStream::new([b0, b1], 1).collect());
/// assert_eq!(rows, [vec![0, 1], vec![1, 2], vec![1, 3], vec![0, 4]]);
/// ```
///
/// # Panics
///
/// As [`Merge`](crate::Merge) does, when a stream is not sorted.
pub struct MergeStream<S: Stream> {
    /// `None` once a stream has ended (or was dropped at the limit).
    streams: Vec<Option<S>>,
    heap: Heads<S::Item>,
    /// Streams whose next row (or end) must be known before the next row can come out, in the
    /// order they are waited on.
    waiting: VecDeque<usize>,
    options: Options,
    concurrency: usize,
    last: LastKeys,
}

impl<S> MergeStream<S>
where
    S: Stream + Unpin,
    S::Item: RowItem,
{
    /// Merges `streams`, each sorted by key, ignoring the first `skip` bytes of every key.
    pub fn new(streams: impl IntoIterator<Item = S>, skip: usize) -> Self {
        let streams: Vec<Option<S>> = streams.into_iter().map(Some).collect();
        MergeStream {
            heap: Heads::with_capacity(streams.len()),
            waiting: (0..streams.len()).collect(),
            last: LastKeys::new("rowkey::MergeStream", skip),
            streams,
            options: Options::new(skip),
            concurrency: usize::MAX,
        }
    }

    merge_options!(
        "[`ScanPlan::merge_stream`]",
        "Ends after `n` rows, dropping every stream then (which cancels their scans)."
    );

    /// Waits on at most `n` streams at once (at least 1): the others are not polled, so their
    /// scans do not start, until one of those has produced its row or ended.
    pub fn concurrency(mut self, n: usize) -> Self {
        self.concurrency = n.max(1);
        self
    }

    /// Polls the waiting streams (the first `concurrency` of them) until each has a row in the
    /// heap or has ended; `Pending` while any has neither.
    fn fill(&mut self, cx: &mut Context<'_>) -> Poll<()> {
        let mut i = 0;
        while i < self.waiting.len().min(self.concurrency) {
            let s = self.waiting[i];
            let Some(stream) = self.streams[s].as_mut() else {
                self.waiting.remove(i);
                continue;
            };
            match Pin::new(stream).poll_next(cx) {
                Poll::Ready(Some(item)) => {
                    if let Some(head) = self.options.head(item, s) {
                        self.heap.push(head);
                        self.waiting.remove(i);
                    }
                }
                Poll::Ready(None) => {
                    self.streams[s] = None;
                    self.waiting.remove(i);
                }
                Poll::Pending => i += 1,
            }
        }
        if self.waiting.is_empty() {
            Poll::Ready(())
        } else {
            Poll::Pending
        }
    }
}

impl<S> Stream for MergeStream<S>
where
    S: Stream + Unpin,
    S::Item: RowItem,
{
    type Item = S::Item;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<S::Item>> {
        let this = self.get_mut();
        if this.options.done() {
            return Poll::Ready(None);
        }
        if this.fill(cx).is_pending() {
            return Poll::Pending;
        }
        let Some(head) = this.heap.pop() else {
            return Poll::Ready(None);
        };
        let row_key = head.item.as_ref().and_then(RowItem::row_key);
        this.last.out(head.stream, row_key, this.options.reverse);
        this.waiting.push_back(head.stream);
        this.options.count();
        if this.options.done() {
            this.streams.clear();
            this.heap.clear();
            this.waiting.clear();
        }
        Poll::Ready(head.item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, self.options.left())
    }
}

// Rows and streams are moved, never pinned in place: the merge polls each stream through
// `Pin::new` (streams are `Unpin`), so it is `Unpin` whatever the row type.
impl<S: Stream> Unpin for MergeStream<S> {}

impl<S: Stream> core::fmt::Debug for MergeStream<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MergeStream")
            .field("streams", &self.streams.len())
            .field("buffered", &self.heap.len())
            .field("waiting", &self.waiting.len())
            .field("skip", &self.options.skip)
            .field("reverse", &self.options.reverse)
            .finish()
    }
}

impl ScanPlan {
    /// [`merge`](Self::merge) for async clients: merges one sorted `Stream` per range (in the
    /// order of [`ranges`](Self::ranges)) into one stream in global key order, salt ignored,
    /// with an inexact plan's filter applied.
    pub fn merge_stream<S>(&self, streams: impl IntoIterator<Item = S>) -> MergeStream<S>
    where
        S: Stream + Unpin,
        S::Item: RowItem,
    {
        MergeStream::new(streams, self.merge_skip()).key_len(self.key_len())
    }

    /// Opens one scan per range with `scan` and merges them: the glue between a plan and an
    /// async client. The streams are boxed, so `scan` may return any stream (an `async` block's
    /// stream is not `Unpin`); a scan starts when the merge first polls it, at most
    /// `concurrency` at a time (see [`MergeStream::concurrency`]). For descending scans, call
    /// `.reverse()` on the result and give `scan` the reversed scan of each range.
    ///
    /// ```
    /// use futures::{executor::block_on, stream, StreamExt};
    /// use rowkey::RowKey;
    ///
    /// #[derive(RowKey, Debug, PartialEq)]
    /// #[salt(md5, buckets = 4, of = "id")]
    /// struct Key { day: u32, id: u64 }
    ///
    /// let table: Vec<Vec<u8>> = {
    ///     let mut t: Vec<_> = (0..20).map(|id| Key { day: id as u32 % 2, id }.encode().unwrap()).collect();
    ///     t.sort();
    ///     t
    /// };
    /// let plan = Key::scan().day(1).plan().unwrap();
    /// // A client's scan: every row of the range, in key order.
    /// let rows = plan.fan_out(8, |range| {
    ///     let hits: Vec<Vec<u8>> = table.iter().filter(|k| range.contains(k)).cloned().collect();
    ///     stream::iter(hits)
    /// });
    /// let ids: Vec<u64> = block_on(rows.map(|k| Key::decode(&k).unwrap().id).collect());
    /// assert_eq!(ids, [1, 3, 5, 7, 9, 11, 13, 15, 17, 19]);
    /// ```
    pub fn fan_out<S, F>(&self, concurrency: usize, mut scan: F) -> MergeStream<Pin<Box<S>>>
    where
        F: FnMut(&ScanRange) -> S,
        S: Stream,
        S::Item: RowItem,
    {
        self.merge_stream(self.ranges().iter().map(|r| Box::pin(scan(r))))
            .concurrency(concurrency)
    }
}

/// A stream of rows read page by page: `fetch(range, limit)` returns up to `limit` rows of
/// `range` in order (ascending, or descending for [`Pages::reverse`]); the next page's range
/// resumes after the last row ([`ScanRange::after`], or [`ScanRange::before`] in reverse). A
/// page shorter than `limit` is the last, as TiKV's raw scan promises; for a store that may
/// return fewer rows before the range's end, [`Pages::short_pages`] reads on until an empty
/// page. Errors end the stream after they are passed on.
///
/// ```
/// use futures::{executor::block_on, future, StreamExt};
/// use rowkey::{stream::Pages, ScanRange};
///
/// let table: Vec<Vec<u8>> = (0u8..10).map(|i| vec![i]).collect();
/// let mut calls = 0;
/// let pages = Pages::new(ScanRange::all(), 3, |range: ScanRange, limit| {
///     calls += 1;
///     let page: Vec<Vec<u8>> = table.iter().filter(|k| range.contains(k)).take(limit).cloned().collect();
///     future::ready(Ok::<_, ()>(page))
/// });
/// let rows: Vec<_> = block_on(pages.collect());
/// assert_eq!(rows.len(), 10);
/// assert!(rows.iter().all(|r| r.is_ok()));
/// assert_eq!(calls, 4); // 3 + 3 + 3 + 1
/// ```
pub struct Pages<T, E, F, Fut> {
    fetch: F,
    range: Option<ScanRange>,
    limit: usize,
    buffer: VecDeque<T>,
    page: Option<Pin<Box<Fut>>>,
    reverse: bool,
    short_pages: bool,
    _error: core::marker::PhantomData<fn() -> E>,
}

impl<T, E, F, Fut> Pages<T, E, F, Fut>
where
    T: RowItem,
    F: FnMut(ScanRange, usize) -> Fut,
    Fut: Future<Output = Result<Vec<T>, E>>,
{
    /// Reads `range` in pages of `limit` rows (at least 1) with `fetch`.
    pub fn new(range: ScanRange, limit: usize, fetch: F) -> Self {
        Pages {
            fetch,
            range: (!range.is_empty()).then_some(range),
            limit: limit.max(1),
            buffer: VecDeque::new(),
            page: None,
            reverse: false,
            short_pages: false,
            _error: core::marker::PhantomData,
        }
    }

    /// `fetch` returns rows in descending order (TiKV's `scan_reverse`, HBase's reversed scan):
    /// the next page ends before the last row.
    pub fn reverse(mut self) -> Self {
        self.reverse = true;
        self
    }

    /// `fetch` may return fewer than `limit` rows before the range's end: FoundationDB's
    /// `get_range` and HBase's scanner stop at a byte or time budget, and Bigtable (its
    /// emulator, at least) counts a row deleted during the read toward `rows_limit`. Only an
    /// empty page then ends the range, at the cost of one more `fetch` per range.
    ///
    /// ```
    /// use futures::{executor::block_on, future, StreamExt};
    /// use rowkey::{stream::Pages, ScanRange};
    ///
    /// let table: Vec<Vec<u8>> = (0u8..10).map(|i| vec![i]).collect();
    /// // A store that returns at most half of what was asked for.
    /// let fetch = |range: ScanRange, limit: usize| {
    ///     let page: Vec<Vec<u8>> =
    ///         table.iter().filter(|k| range.contains(k)).take(limit / 2).cloned().collect();
    ///     future::ready(Ok::<_, ()>(page))
    /// };
    /// let read = |pages: Pages<_, _, _, _>| block_on(pages.collect::<Vec<_>>()).len();
    /// assert_eq!(read(Pages::new(ScanRange::all(), 4, fetch)), 2); // the first page only
    /// assert_eq!(read(Pages::new(ScanRange::all(), 4, fetch).short_pages()), 10);
    /// ```
    pub fn short_pages(mut self) -> Self {
        self.short_pages = true;
        self
    }
}

impl<T, E, F, Fut> Stream for Pages<T, E, F, Fut>
where
    T: RowItem,
    F: FnMut(ScanRange, usize) -> Fut,
    Fut: Future<Output = Result<Vec<T>, E>>,
{
    type Item = Result<T, E>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        loop {
            if let Some(row) = this.buffer.pop_front() {
                return Poll::Ready(Some(Ok(row)));
            }
            if this.page.is_none() {
                let Some(range) = this.range.clone() else {
                    return Poll::Ready(None);
                };
                this.page = Some(Box::pin((this.fetch)(range, this.limit)));
            }
            let Some(page) = this.page.as_mut() else {
                return Poll::Ready(None);
            };
            let rows = match page.as_mut().poll(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(rows) => rows,
            };
            this.page = None;
            let rows = match rows {
                Ok(rows) => rows,
                Err(e) => {
                    this.range = None;
                    return Poll::Ready(Some(Err(e)));
                }
            };
            let last = rows.last().and_then(RowItem::row_key);
            this.range = match (&this.range, last) {
                (Some(range), Some(last)) if this.short_pages || rows.len() >= this.limit => {
                    let next = if this.reverse {
                        range.before(last)
                    } else {
                        range.after(last)
                    };
                    (!next.is_empty()).then_some(next)
                }
                _ => None,
            };
            this.buffer.extend(rows);
        }
    }
}

// The page future is boxed and the closure and rows are never pinned: `Pages` is `Unpin`.
impl<T, E, F, Fut> Unpin for Pages<T, E, F, Fut> {}

impl<T, E, F, Fut> core::fmt::Debug for Pages<T, E, F, Fut> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Pages")
            .field("range", &self.range)
            .field("limit", &self.limit)
            .field("buffered", &self.buffer.len())
            .field("reverse", &self.reverse)
            .field("short_pages", &self.short_pages)
            .finish()
    }
}
