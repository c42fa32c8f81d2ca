//! [`Merge`]: one sorted stream per range of a fanned-out plan in, rows in global key order out.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A row a stream yields: the merge orders by its key.
pub trait RowItem {
    /// The row key; `None` for an error item, which the merge passes on first.
    fn row_key(&self) -> Option<&[u8]>;
}

impl RowItem for Vec<u8> {
    fn row_key(&self) -> Option<&[u8]> {
        Some(self)
    }
}

impl RowItem for &[u8] {
    fn row_key(&self) -> Option<&[u8]> {
        Some(self)
    }
}

impl<K: AsRef<[u8]>, V> RowItem for (K, V) {
    fn row_key(&self) -> Option<&[u8]> {
        Some(self.0.as_ref())
    }
}

impl<T: RowItem, E> RowItem for Result<T, E> {
    fn row_key(&self) -> Option<&[u8]> {
        self.as_ref().ok().and_then(RowItem::row_key)
    }
}

/// A stream's row waiting in a merge's heap.
pub(crate) struct Head<T> {
    pub(crate) item: T,
    pub(crate) stream: usize,
    pub(crate) skip: usize,
    pub(crate) reverse: bool,
}

/// False for a row an inexact plan's filter drops (a key not of `key_len` bytes); errors pass.
pub(crate) fn kept<T: RowItem>(key_len: Option<usize>, item: &T) -> bool {
    match (key_len, item.row_key()) {
        (Some(n), Some(key)) => key.len() == n,
        _ => true,
    }
}

impl<T: RowItem> Head<T> {
    fn key(&self) -> Option<&[u8]> {
        self.item
            .row_key()
            .map(|k| k.get(self.skip..).unwrap_or(&[]))
    }

    /// The order in which heads leave the heap: errors first, then keys (salt skipped) in
    /// ascending or descending order, then stream index so equal keys keep stream order.
    fn rank(&self, other: &Self) -> Ordering {
        let by_key = match (self.key(), other.key()) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Less,
            (Some(_), None) => Ordering::Greater,
            (Some(a), Some(b)) if self.reverse => b.cmp(a),
            (Some(a), Some(b)) => a.cmp(b),
        };
        by_key.then(self.stream.cmp(&other.stream))
    }
}

impl<T: RowItem> PartialEq for Head<T> {
    fn eq(&self, other: &Self) -> bool {
        self.rank(other) == Ordering::Equal
    }
}
impl<T: RowItem> Eq for Head<T> {}
impl<T: RowItem> PartialOrd for Head<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<T: RowItem> Ord for Head<T> {
    // BinaryHeap pops the greatest: invert so the first in rank comes out first.
    fn cmp(&self, other: &Self) -> Ordering {
        other.rank(self)
    }
}

/// What a merge does besides merging: the salt it skips, its order, its limit and an inexact
/// plan's filter. [`Merge`] and `MergeStream` share it, and its builder methods.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    pub(crate) skip: usize,
    pub(crate) reverse: bool,
    pub(crate) remaining: Option<usize>,
    /// Only keys of this length are rows (an inexact plan's filter).
    pub(crate) key_len: Option<usize>,
}

impl Options {
    pub(crate) fn new(skip: usize) -> Self {
        Options {
            skip,
            reverse: false,
            remaining: None,
            key_len: None,
        }
    }

    /// `item` of `stream` as a head of the heap, or `None` when the filter drops it.
    pub(crate) fn head<T: RowItem>(&self, item: T, stream: usize) -> Option<Head<T>> {
        kept(self.key_len, &item).then_some(Head {
            item,
            stream,
            skip: self.skip,
            reverse: self.reverse,
        })
    }

    /// True once the limit is reached.
    pub(crate) fn done(&self) -> bool {
        self.remaining == Some(0)
    }

    /// Counts a row out.
    pub(crate) fn count(&mut self) {
        if let Some(n) = &mut self.remaining {
            *n -= 1;
        }
    }
}

/// The builder methods of [`Options`], on a merge type with an `options` field; `$filter`
/// names the plan method that applies the filter, `$limit` says what the limit stops.
macro_rules! merge_options {
    ($filter:literal, $limit:literal) => {
        #[doc = concat!("Keeps only keys of `len` bytes (errors pass): the filter of an inexact [`ScanPlan`](crate::ScanPlan), applied for you by ", $filter, ".")]
        pub fn key_len(mut self, len: Option<usize>) -> Self {
            self.options.key_len = len;
            self
        }

        /// For streams sorted in descending order (reverse scans): rows come out largest first.
        pub fn reverse(mut self) -> Self {
            self.options.reverse = true;
            self
        }

        #[doc = $limit]
        pub fn limit(mut self, n: usize) -> Self {
            self.options.remaining = Some(n);
            self
        }
    };
}
#[cfg(feature = "async")]
pub(crate) use merge_options;

/// A k-way heap merge of sorted streams: O(log k) per row, streaming: it holds one row per
/// stream and reads the next row of a stream only when the row before it has been taken, so
/// the first row comes out after one read per stream. Rows are ordered by
/// their key after the first `skip` bytes (the salt), so per-bucket streams come out in
/// logical order.
///
/// ```
/// use rowkey::Merge;
///
/// // Two buckets (salt byte 0 and 1), each sorted.
/// let b0 = vec![vec![0, 1], vec![0, 4]];
/// let b1 = vec![vec![1, 2], vec![1, 3]];
/// let rows: Vec<Vec<u8>> = Merge::new([b0.into_iter(), b1.into_iter()], 1).collect();
/// assert_eq!(rows, [vec![0, 1], vec![1, 2], vec![1, 3], vec![0, 4]]);
/// ```
pub struct Merge<I: Iterator> {
    streams: Vec<I>,
    heap: BinaryHeap<Head<I::Item>>,
    options: Options,
    started: bool,
    /// The stream whose head was returned last, refilled only when the next row is asked for.
    pending: Option<usize>,
}

impl<I> Merge<I>
where
    I: Iterator,
    I::Item: RowItem,
{
    /// Merges `streams`, each sorted by key, ignoring the first `skip` bytes of every key.
    pub fn new(streams: impl IntoIterator<Item = I>, skip: usize) -> Self {
        let streams: Vec<I> = streams.into_iter().collect();
        Merge {
            heap: BinaryHeap::with_capacity(streams.len()),
            streams,
            options: Options::new(skip),
            started: false,
            pending: None,
        }
    }

    merge_options!(
        "`ScanPlan::merge`",
        "Stops after `n` rows without reading further."
    );

    /// Reads the stream's next row (skipping rows the filter drops) into the heap.
    fn pull(&mut self, stream: usize) {
        for item in self.streams[stream].by_ref() {
            if let Some(head) = self.options.head(item, stream) {
                self.heap.push(head);
                return;
            }
        }
    }
}

impl<I> Iterator for Merge<I>
where
    I: Iterator,
    I::Item: RowItem,
{
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        if self.options.done() {
            return None;
        }
        if !self.started {
            self.started = true;
            for stream in 0..self.streams.len() {
                self.pull(stream);
            }
        }
        if let Some(stream) = self.pending.take() {
            self.pull(stream);
        }
        let head = self.heap.pop()?;
        self.pending = Some(head.stream);
        self.options.count();
        Some(head.item)
    }
}

impl<I: Iterator> core::fmt::Debug for Merge<I> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Merge")
            .field("streams", &self.streams.len())
            .field("buffered", &self.heap.len())
            .field("skip", &self.options.skip)
            .field("reverse", &self.options.reverse)
            .finish()
    }
}
