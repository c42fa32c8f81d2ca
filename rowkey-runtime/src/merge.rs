//! [`Merge`]: one sorted stream per range of a fanned-out plan in, rows in global key order out.

use std::cmp::Ordering;

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

/// A stream's row waiting in a merge's heap (`None` once taken out, until its stream's next
/// row replaces it).
pub(crate) struct Head<T> {
    pub(crate) item: Option<T>,
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
    #[inline]
    pub(crate) fn key(&self) -> Option<&[u8]> {
        self.item
            .as_ref()
            .and_then(RowItem::row_key)
            .map(|k| k.get(self.skip..).unwrap_or(&[]))
    }

    /// The order in which heads leave the heap: errors first, then keys (salt skipped) in
    /// ascending or descending order, then stream index so equal keys keep stream order.
    #[inline]
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

/// The heads of a merge's streams, a binary min-heap by [`Head::rank`] whose top can be taken
/// out and later refilled from the same stream (or removed) in one pass down the heap: the
/// k-way merge's one operation per row, with about log2(k) + 1 comparisons (Floyd's: the hole
/// goes down along the smaller children, then the new head climbs back, usually not far).
pub(crate) struct Heads<T> {
    v: Vec<Head<T>>,
}

impl<T> Heads<T> {
    pub(crate) fn with_capacity(n: usize) -> Self {
        Heads {
            v: Vec::with_capacity(n),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.v.len()
    }

    #[cfg_attr(not(feature = "async"), allow(dead_code))]
    pub(crate) fn clear(&mut self) {
        self.v.clear();
    }
}

impl<T: RowItem> Heads<T> {
    #[inline]
    fn less(&self, a: usize, b: usize) -> bool {
        self.v[a].rank(&self.v[b]) == Ordering::Less
    }

    /// Adds a head.
    pub(crate) fn push(&mut self, head: Head<T>) {
        self.v.push(head);
        self.up(self.v.len() - 1);
    }

    /// Moves the first head's row out, leaving its slot (ranked first) to be replaced or
    /// popped next.
    #[inline]
    pub(crate) fn take_top_item(&mut self) -> Option<T> {
        self.v.first_mut()?.item.take()
    }

    /// The first head's stream, if any.
    pub(crate) fn top_stream(&self) -> Option<usize> {
        self.v.first().map(|h| h.stream)
    }

    /// The first head's stream and key (salt skipped; `None` for an error item).
    #[inline]
    pub(crate) fn top_key(&self) -> Option<(usize, Option<&[u8]>)> {
        self.v.first().map(|h| (h.stream, h.key()))
    }

    /// Replaces the first head by `head` (the next row of its stream) and restores the order.
    #[inline]
    pub(crate) fn replace_top(&mut self, head: Head<T>) {
        self.v[0] = head;
        self.down_then_up(0);
    }

    /// Removes and returns the first head.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<Head<T>> {
        let last = self.v.pop()?;
        if self.v.is_empty() {
            return Some(last);
        }
        let top = core::mem::replace(&mut self.v[0], last);
        self.down_then_up(0);
        Some(top)
    }

    fn up(&mut self, i: usize) {
        self.up_to(i, 0);
    }

    /// Sifts the element at `i` up, no higher than `top` (an ancestor of `i`).
    #[inline]
    fn up_to(&mut self, mut i: usize, top: usize) {
        while i > top {
            let parent = (i - 1) / 2;
            if !self.less(i, parent) {
                break;
            }
            self.v.swap(i, parent);
            i = parent;
        }
    }

    /// Floyd's sift: the element at `i` is swapped down along the smaller children to a leaf,
    /// then up to where it belongs.
    #[inline]
    fn down_then_up(&mut self, mut i: usize) {
        let n = self.v.len();
        let start = i;
        loop {
            let left = 2 * i + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let child = if right < n && self.less(right, left) {
                right
            } else {
                left
            };
            self.v.swap(i, child);
            i = child;
        }
        self.up_to(i, start);
    }
}

/// The last row out of a merge (its key after the salt, and its stream), to check the next:
/// a merge of streams that are not sorted would repeat or misplace rows without a word, so it
/// panics instead, naming the stream and both keys.
///
/// Checking the merged rows is enough: a stream that steps back makes the merged rows step
/// back between its two rows (every row between them sorts between them if none does), and a
/// key a stream repeats comes out twice in a row from that stream (equal keys come out in
/// stream order).
pub(crate) struct LastKeys {
    key: Vec<u8>,
    stream: usize,
    seen: bool,
    what: &'static str,
}

impl LastKeys {
    pub(crate) fn new(what: &'static str) -> Self {
        LastKeys {
            key: Vec::new(),
            stream: 0,
            seen: false,
            what,
        }
    }

    /// Checks `key`, the next row out, of `stream`, against the row before it, and records
    /// it. Panics unless it sorts after that row (before it, in a reverse merge), or equal to
    /// it from a later stream.
    #[inline]
    pub(crate) fn out(&mut self, stream: usize, key: Option<&[u8]>, reverse: bool) {
        let Some(key) = key else { return };
        if self.seen {
            let by_key = if reverse {
                self.key.as_slice().cmp(key)
            } else {
                key.cmp(self.key.as_slice())
            };
            if by_key == Ordering::Less || (by_key == Ordering::Equal && stream <= self.stream) {
                out_of_order(self.what, stream, &self.key, key, reverse);
            }
        }
        self.key.clear();
        self.key.extend_from_slice(key);
        self.stream = stream;
        self.seen = true;
    }
}

#[cold]
#[inline(never)]
fn out_of_order(what: &str, stream: usize, last: &[u8], key: &[u8], reverse: bool) -> ! {
    let hex = crate::hex::encode;
    panic!(
        "{what}: the streams are out of key order: key {} (after the salt) of stream {stream} \
         came out after {}; each stream must be sorted {} by its key after the salt, with no \
         key twice, or the merge would repeat or misplace rows",
        hex(key),
        hex(last),
        if reverse { "descending" } else { "ascending" }
    )
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
            item: Some(item),
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
/// # Panics
///
/// When a stream is not sorted: a row whose key (after the salt) does not come strictly after
/// the stream's row before it (before it, for [`reverse`](Self::reverse)). The message names
/// the stream and both keys. Such a merge would repeat or misplace rows without a word.
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
    heap: Heads<I::Item>,
    last: LastKeys,
    options: Options,
    started: bool,
    /// True when the first head's row was returned: its stream's next row replaces it only
    /// when the next row is asked for.
    taken: bool,
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
            heap: Heads::with_capacity(streams.len()),
            last: LastKeys::new("rowkey::Merge"),
            streams,
            options: Options::new(skip),
            started: false,
            taken: false,
        }
    }

    merge_options!(
        "`ScanPlan::merge`",
        "Stops after `n` rows without reading further."
    );

    /// The stream's next row the filter keeps, as a head.
    #[inline]
    fn next_head(&mut self, stream: usize) -> Option<Head<I::Item>> {
        let options = self.options;
        self.streams[stream]
            .by_ref()
            .find_map(|item| options.head(item, stream))
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
                if let Some(head) = self.next_head(stream) {
                    self.heap.push(head);
                }
            }
        }
        if self.taken {
            // The row returned last was the first head's: its stream's next row replaces it.
            self.taken = false;
            let stream = self.heap.top_stream()?;
            match self.next_head(stream) {
                Some(next) => {
                    self.heap.replace_top(next);
                }
                None => {
                    self.heap.pop();
                }
            }
        }
        let (stream, key) = self.heap.top_key()?;
        self.last.out(stream, key, self.options.reverse);
        let item = self.heap.take_top_item()?;
        self.taken = true;
        self.options.count();
        Some(item)
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
