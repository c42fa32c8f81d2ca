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
    /// The row's key after the salt (`None` for an error).
    #[cfg_attr(not(feature = "async"), allow(dead_code))]
    #[inline]
    pub(crate) fn key(&self) -> Option<&[u8]> {
        key_after(&self.item, self.skip)
    }
}

/// A row's key after the salt (`None` for an error, or a row taken out).
#[inline(always)]
fn key_after<T: RowItem>(item: &Option<T>, skip: usize) -> Option<&[u8]> {
    item.as_ref()
        .and_then(RowItem::row_key)
        .map(|k| k.get(skip..).unwrap_or(&[]))
}

/// The heads of a merge's streams: each stream's row in a slot of its own, and a binary
/// min-heap of stream numbers ranked by their rows (errors first, then keys after the salt in
/// ascending or descending order, then stream number, so that equal keys keep stream order).
/// A row is moved twice (into its slot, out to the caller) whatever the heap does: the heap
/// moves only stream numbers, so a merge of large rows (a store's guards, a `Result` with a
/// large error) costs what one of small rows does. The top can be taken out and later
/// refilled from the same stream (or removed) in one pass down the heap (Floyd's: the hole
/// goes down along the smaller children, then the new head climbs back, usually not far).
pub(crate) struct Heads<T> {
    slots: Vec<Option<T>>,
    heap: Vec<usize>,
    skip: usize,
    reverse: bool,
}

impl<T> Heads<T> {
    pub(crate) fn with_capacity(n: usize) -> Self {
        Heads {
            slots: Vec::with_capacity(n),
            heap: Vec::with_capacity(n),
            skip: 0,
            reverse: false,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.heap.len()
    }

    #[cfg_attr(not(feature = "async"), allow(dead_code))]
    pub(crate) fn clear(&mut self) {
        self.heap.clear();
        self.slots.clear();
    }
}

impl<T: RowItem> Heads<T> {
    /// True when stream `a`'s head leaves the heap before stream `b`'s.
    #[inline(always)]
    fn less(&self, a: usize, b: usize) -> bool {
        let by_key = match (
            key_after(&self.slots[a], self.skip),
            key_after(&self.slots[b], self.skip),
        ) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Less,
            (Some(_), None) => Ordering::Greater,
            (Some(x), Some(y)) if self.reverse => y.cmp(x),
            (Some(x), Some(y)) => x.cmp(y),
        };
        by_key.then(a.cmp(&b)) == Ordering::Less
    }

    /// Puts `head`'s row in its stream's slot.
    #[inline]
    fn fill(&mut self, head: Head<T>) -> usize {
        self.skip = head.skip;
        self.reverse = head.reverse;
        if self.slots.len() <= head.stream {
            self.slots.resize_with(head.stream + 1, || None);
        }
        self.slots[head.stream] = head.item;
        head.stream
    }

    /// Adds a head.
    pub(crate) fn push(&mut self, head: Head<T>) {
        let stream = self.fill(head);
        self.heap.push(stream);
        self.up_to(self.heap.len() - 1, 0);
    }

    /// Moves the first head's row out, leaving its slot (ranked first) to be replaced or
    /// popped next.
    #[inline(always)]
    pub(crate) fn take_top_item(&mut self) -> Option<T> {
        let stream = *self.heap.first()?;
        self.slots[stream].take()
    }

    /// The first head's stream, if any.
    pub(crate) fn top_stream(&self) -> Option<usize> {
        self.heap.first().copied()
    }

    /// The first head's stream and key (salt skipped; `None` for an error item).
    #[inline(always)]
    pub(crate) fn top_key(&self) -> Option<(usize, Option<&[u8]>)> {
        let stream = *self.heap.first()?;
        Some((stream, key_after(&self.slots[stream], self.skip)))
    }

    /// Puts `item`, the next row of the first head's stream, in its slot (whose row was taken
    /// out) and restores the order.
    #[inline(always)]
    pub(crate) fn refill_top(&mut self, item: T) {
        let stream = self.heap[0];
        self.slots[stream] = Some(item);
        self.down_then_up(0);
    }

    /// Removes and returns the first head.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<Head<T>> {
        let last = self.heap.pop()?;
        let stream = if self.heap.is_empty() {
            last
        } else {
            let top = core::mem::replace(&mut self.heap[0], last);
            self.down_then_up(0);
            top
        };
        Some(Head {
            item: self.slots[stream].take(),
            stream,
            skip: self.skip,
            reverse: self.reverse,
        })
    }

    /// Sifts the stream at `i` up, no higher than `top` (an ancestor of `i`): the hole moves
    /// up, the stream is written once.
    #[inline(always)]
    fn up_to(&mut self, mut i: usize, top: usize) {
        let stream = self.heap[i];
        while i > top {
            let parent = (i - 1) / 2;
            if !self.less(stream, self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            i = parent;
        }
        self.heap[i] = stream;
    }

    /// Floyd's sift: the hole at `i` goes down along the smaller children to a leaf, then the
    /// stream that was at `i` climbs up to where it belongs.
    #[inline(always)]
    fn down_then_up(&mut self, mut i: usize) {
        let n = self.heap.len();
        let start = i;
        let stream = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let child = if right < n && self.less(self.heap[right], self.heap[left]) {
                right
            } else {
                left
            };
            self.heap[i] = self.heap[child];
            i = child;
        }
        self.heap[i] = stream;
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
    #[inline(always)]
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

    /// The stream's next row the filter keeps.
    #[inline(always)]
    fn next_kept(&mut self, stream: usize) -> Option<I::Item> {
        let key_len = self.options.key_len;
        let rows = &mut self.streams[stream];
        match key_len {
            None => rows.next(),
            Some(_) => rows.find(|item| kept(key_len, item)),
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
                if let Some(item) = self.next_kept(stream) {
                    let head = self.options.head(item, stream).expect("kept");
                    self.heap.push(head);
                }
            }
        }
        if self.taken {
            // The row returned last was the first head's: its stream's next row replaces it.
            self.taken = false;
            let stream = self.heap.top_stream()?;
            match self.next_kept(stream) {
                Some(next) => self.heap.refill_top(next),
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
