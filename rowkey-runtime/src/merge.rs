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

/// A row's key after the salt (`None` for an error, or a row taken out).
#[inline(always)]
fn key_after<T: RowItem>(item: &Option<T>, skip: usize) -> Option<&[u8]> {
    item.as_ref().and_then(|item| row_key_after(item, skip))
}

/// The abbreviated key of a row ([`abbreviate`]): its 8 bytes after the salt in one load when
/// it has them (were `skip + 8` to wrap, the range would be empty, and the general path read it).
#[inline(always)]
fn abbreviate_row<T: RowItem>(item: &T, skip: usize, reverse: bool) -> u64 {
    match item.row_key() {
        Some(key) => match key
            .get(skip..skip.wrapping_add(8))
            .and_then(|word| <&[u8; 8]>::try_from(word).ok())
        {
            Some(word) => u64::from_be_bytes(*word) ^ if reverse { u64::MAX } else { 0 },
            None => abbreviate(Some(key.get(skip..).unwrap_or(&[])), reverse),
        },
        None => 0,
    }
}

/// A row's key after the salt (`None` for an error).
#[inline(always)]
fn row_key_after<T: RowItem>(item: &T, skip: usize) -> Option<&[u8]> {
    item.row_key().map(|k| k.get(skip..).unwrap_or(&[]))
}

/// The heads of a merge's streams: each stream's row in a slot of its own, and a binary
/// min-heap of stream numbers ranked by their rows (errors first, then keys after the salt in
/// ascending or descending order, then stream number, so that equal keys keep stream order).
/// A row is moved twice (into its slot, out to the caller) whatever the heap does: the heap
/// moves only stream numbers, so a merge of large rows (a store's guards, a `Result` with a
/// large error) costs what one of small rows does. The top can be taken out and later
/// refilled from the same stream (or removed) in one pass down the heap (Floyd's: the hole
/// goes down along the smaller children, then the new head climbs back, usually not far).
///
/// Each stream number in the heap carries its row's abbreviated key: the first 8 bytes after
/// the salt as a big-endian word (zero-padded), inverted in a reverse merge, which orders two
/// rows whenever the words differ (the smaller first, in either order), so most comparisons are
/// one of two integers and never reach the slots.
pub(crate) struct Heads<T> {
    slots: Vec<Option<T>>,
    heap: Vec<Entry>,
    skip: usize,
    reverse: bool,
}

/// A stream in the heap: its number and its row's abbreviated key ([`abbreviate`]).
#[derive(Clone, Copy)]
struct Entry {
    abbrev: u64,
    stream: usize,
}

/// The first 8 bytes of `key` (after the salt) as a big-endian word, zero-padded, and
/// inverted in a reverse merge: a key that comes out before another has a word no larger, so
/// differing words order their keys, the smaller first in either order. An error ranks first:
/// `0` (equal words fall back to the full comparison, which knows errors).
#[inline(always)]
fn abbreviate(key: Option<&[u8]>, reverse: bool) -> u64 {
    match key {
        Some(key) => word_at(key, 0) ^ if reverse { u64::MAX } else { 0 },
        None => 0,
    }
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
    /// The heap, and what orders it, borrowed apart.
    #[inline(always)]
    fn parts(&mut self) -> (&mut [Entry], Order<'_, T>) {
        let Heads {
            slots,
            heap,
            skip,
            reverse,
        } = self;
        let order = Order {
            slots,
            skip: *skip,
            reverse: *reverse,
        };
        (heap, order)
    }

    /// The heap entry of the row in `stream`'s slot.
    #[inline(always)]
    fn entry(&self, stream: usize) -> Entry {
        Entry {
            abbrev: abbreviate(key_after(&self.slots[stream], self.skip), self.reverse),
            stream,
        }
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
        let entry = self.entry(stream);
        self.heap.push(entry);
        self.up_to(self.heap.len() - 1, 0, entry);
    }

    /// Moves the first head's row out, with its stream, leaving its slot (ranked first) to be
    /// replaced or popped next.
    #[inline(always)]
    pub(crate) fn take_top(&mut self) -> Option<(usize, u64, T)> {
        let Entry { abbrev, stream } = *self.heap.first()?;
        Some((stream, abbrev, self.slots[stream].take()?))
    }

    /// The abbreviated key of `item` ([`abbreviate_row`]), and its key after the salt.
    #[inline(always)]
    pub(crate) fn abbreviate<'a>(&self, item: &'a T) -> (u64, Option<&'a [u8]>) {
        let abbrev = abbreviate_row(item, self.skip, self.reverse);
        (abbrev, row_key_after(item, self.skip))
    }

    /// The first head's stream and abbreviated key.
    #[inline(always)]
    pub(crate) fn top(&self) -> Option<(usize, u64)> {
        self.heap.first().map(|e| (e.stream, e.abbrev))
    }

    /// Sets the first head's abbreviated key, its row being taken out: [`top`](Self::top)
    /// says it until the slot is refilled or popped.
    #[cold]
    pub(crate) fn set_top_abbrev(&mut self, abbrev: u64) {
        if let Some(top) = self.heap.first_mut() {
            top.abbrev = abbrev;
        }
    }

    /// Puts `item`, the next row of the first head's stream, in its slot (whose row was taken
    /// out) and restores the order; `abbrev` is its abbreviated key.
    #[inline(always)]
    pub(crate) fn refill_top(&mut self, item: T, abbrev: u64) {
        let stream = self.heap[0].stream;
        self.slots[stream] = Some(item);
        self.down_then_up(Entry { abbrev, stream });
    }

    /// Removes and returns the first head.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<Head<T>> {
        let last = self.heap.pop()?;
        let stream = if self.heap.is_empty() {
            last.stream
        } else {
            let top = self.heap[0].stream;
            self.down_then_up(last);
            top
        };
        Some(Head {
            item: self.slots[stream].take(),
            stream,
            skip: self.skip,
            reverse: self.reverse,
        })
    }

    /// [`up_to`] on this heap.
    #[inline(always)]
    fn up_to(&mut self, i: usize, top: usize, entry: Entry) {
        let (heap, order) = self.parts();
        up_to(heap, order, i, top, entry);
    }

    /// [`down_then_up`] on this heap.
    #[inline(always)]
    fn down_then_up(&mut self, entry: Entry) {
        let (heap, order) = self.parts();
        down_then_up(heap, order, entry);
    }

    /// The parts [`Merge::fold`] runs its loop on, as locals.
    fn into_parts(self) -> (Vec<Option<T>>, Vec<Entry>, usize, bool) {
        (self.slots, self.heap, self.skip, self.reverse)
    }
}

/// What orders a merge's heap: the rows in their slots (for entries whose abbreviated keys are
/// equal), the salt they skip and the direction. The sifts take it by value, with the heap as
/// a slice, so that the compiler keeps both in registers.
struct Order<'a, T> {
    slots: &'a [Option<T>],
    skip: usize,
    reverse: bool,
}

impl<T> Clone for Order<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Order<'_, T> {}

impl<T: RowItem> Order<'_, T> {
    /// True when `a`'s head leaves the heap before `b`'s: by their abbreviated keys when
    /// they differ, else by the rows in their slots.
    #[inline(always)]
    fn less(self, a: Entry, b: Entry) -> bool {
        if a.abbrev != b.abbrev {
            return a.abbrev < b.abbrev;
        }
        less_by_slots(self.slots, self.skip, self.reverse, a.stream, b.stream)
    }
}

/// True when stream `a`'s head leaves the heap before stream `b`'s, their abbreviated keys
/// being equal (its arguments apart, so that a call spills nothing).
#[inline(never)]
fn less_by_slots<T: RowItem>(
    slots: &[Option<T>],
    skip: usize,
    reverse: bool,
    a: usize,
    b: usize,
) -> bool {
    let by_key = match (key_after(&slots[a], skip), key_after(&slots[b], skip)) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) if reverse => cmp_after_abbrev(y, x),
        (Some(x), Some(y)) => cmp_after_abbrev(x, y),
    };
    by_key.then(a.cmp(&b)) == Ordering::Less
}

/// Sifts `entry`, for the hole at `i`, up no higher than `top` (an ancestor of `i`): the
/// hole moves up, the entry is written once.
#[inline(always)]
fn up_to<T: RowItem>(
    heap: &mut [Entry],
    order: Order<'_, T>,
    mut i: usize,
    top: usize,
    entry: Entry,
) {
    while i > top {
        let parent = (i - 1) / 2;
        if !order.less(entry, heap[parent]) {
            break;
        }
        heap[i] = heap[parent];
        i = parent;
    }
    heap[i] = entry;
}

/// Floyd's sift of `entry` into the top: the hole at the top goes down along the smaller
/// children to a leaf, then `entry` climbs up to where it belongs.
#[inline(always)]
fn down_then_up<T: RowItem>(heap: &mut [Entry], order: Order<'_, T>, entry: Entry) {
    let n = heap.len();
    let mut i = 0;
    loop {
        let left = 2 * i + 1;
        if left >= n {
            break;
        }
        let right = left + 1;
        let child = if right < n && order.less(heap[right], heap[left]) {
            right
        } else {
            left
        };
        heap[i] = heap[child];
        i = child;
    }
    up_to(heap, order, i, 0, entry);
}

/// The last row out of a merge (its key after the salt), to check the rows after it: a merge
/// of streams that are not sorted would repeat or misplace rows without a word, so it panics
/// instead, naming the stream and both keys.
///
/// Checking the merged rows is enough: a stream that steps back makes the merged rows step
/// back between its two rows (every row between them sorts between them if none does), and a
/// key a stream repeats comes out twice in a row from that stream (equal keys come out in
/// stream order). [`Merge`] checks each row as it is read, against the last row out: every
/// row read after a row came out comes out after it, so this checks the merged rows, and the
/// last row out is the one its stream gave before (the row read replaces it; an error comes
/// out as soon as it is read), so the two are from the same stream. `MergeStream` checks each
/// row as it comes out ([`out`](Self::out)).
pub(crate) struct LastKeys {
    /// The row's whole key (salt included: no cut to make as it is kept), when it has at most
    /// [`SHORT`] bytes.
    short: [u8; SHORT],
    /// The whole key's length; [`NONE`] before the first key.
    len: usize,
    /// The whole key, when it is longer.
    long: Vec<u8>,
    /// The salt's length: the key is compared after it.
    skip: usize,
    /// Its abbreviation and stream, for [`out`](Self::out) (`Merge` has both at hand).
    abbrev: u64,
    stream: usize,
    what: &'static str,
}

/// Keys of up to this many bytes are kept in [`LastKeys`] without a call to `memcpy`.
const SHORT: usize = 32;

/// [`LastKeys::len`] before the first key.
const NONE: usize = usize::MAX;

impl LastKeys {
    pub(crate) fn new(what: &'static str, skip: usize) -> Self {
        LastKeys {
            short: [0; SHORT],
            len: NONE,
            long: Vec::new(),
            skip,
            abbrev: 0,
            stream: 0,
            what,
        }
    }

    /// The last key (after the salt), if a key came out.
    fn key(&self) -> Option<&[u8]> {
        match self.len {
            NONE => None,
            len => {
                let whole = self.short.get(..len).unwrap_or(&self.long);
                Some(whole.get(self.skip..).unwrap_or(&[]))
            }
        }
    }

    /// The last key's abbreviation ([`abbreviate`]; 0 before the first key).
    #[cold]
    pub(crate) fn abbreviation(&self, reverse: bool) -> u64 {
        self.key().map_or(0, |key| abbreviate(Some(key), reverse))
    }

    /// Records `row_key`, a row's whole key (salt included), as the last key out: two 16-byte
    /// moves when it has 16 to [`SHORT`] bytes, fixed-width moves when it is shorter.
    #[inline(always)]
    pub(crate) fn record(&mut self, row_key: &[u8]) {
        let n = row_key.len();
        self.len = n;
        if let (Some(head), Some(tail)) = (row_key.first_chunk::<16>(), row_key.last_chunk::<16>())
            && let Some(end) = self.short.get_mut(n - 16..n)
        {
            end.copy_from_slice(tail);
            self.short[..16].copy_from_slice(head);
            return;
        }
        if !copy_short(&mut self.short, row_key) {
            self.long.clear();
            self.long.extend_from_slice(row_key);
        }
    }

    /// Checks `key`, the next row out, of `stream`, against the row before it, and records
    /// it. Panics unless it sorts after that row (before it, in a reverse merge), or equal to
    /// it from a later stream. Two keys whose abbreviations differ are ordered by them.
    #[cfg_attr(not(feature = "async"), allow(dead_code))]
    #[inline(always)]
    pub(crate) fn out(&mut self, stream: usize, row_key: Option<&[u8]>, reverse: bool) {
        let Some(row_key) = row_key else { return };
        let key = row_key.get(self.skip..).unwrap_or(&[]);
        let abbrev = abbreviate(Some(key), reverse);
        if abbrev <= self.abbrev {
            self.check(stream, key, abbrev, (self.abbrev, self.stream), reverse);
        }
        self.record(row_key);
        self.abbrev = abbrev;
        self.stream = stream;
    }

    /// The check of `key` (of `stream`, abbreviation `abbrev`) against the last key, of
    /// abbreviation and stream `last`, when the abbreviations do not order them already.
    /// Panics unless it sorts after the last key, or equal to it from a later stream.
    #[inline(never)]
    pub(crate) fn check(
        &self,
        stream: usize,
        key: &[u8],
        abbrev: u64,
        last: (u64, usize),
        reverse: bool,
    ) {
        let Some(last_key) = self.key() else { return };
        let by_key = match abbrev.cmp(&last.0) {
            Ordering::Equal if reverse => cmp_after_abbrev(last_key, key),
            Ordering::Equal => cmp_after_abbrev(key, last_key),
            by_abbrev => by_abbrev,
        };
        if by_key == Ordering::Less || (by_key == Ordering::Equal && stream <= last.1) {
            out_of_order(self.what, stream, last_key, key, reverse);
        }
    }
}

/// `a.cmp(b)` for two keys whose abbreviations are equal: their first 8 bytes agree where both
/// have them, so the rest is compared from there a big-endian word at a time, the last word of
/// each zero-padded (read as the key's last 8 bytes, shifted) and a tie of words settled by the
/// length: no call to `memcmp` for the short keys a table holds.
#[inline(always)]
fn cmp_after_abbrev(a: &[u8], b: &[u8]) -> Ordering {
    if a.len() < 8 || b.len() < 8 {
        return a.cmp(b);
    }
    let mut at = 8;
    loop {
        let (x, y) = (word_at(a, at), word_at(b, at));
        if x != y {
            return x.cmp(&y);
        }
        at += 8;
        if at >= a.len() || at >= b.len() {
            // Equal up to the shorter one's end (its zero padding equal to the longer one's
            // bytes, when shorter than a word): the shorter key is the prefix.
            return a.len().cmp(&b.len());
        }
    }
}

/// The 8 bytes of `key` from `at` as a big-endian word, zero-padded past its end; 0 at its
/// end. Past the end of a key of at least 8 bytes, its last 8 bytes shifted (no copy).
#[inline(always)]
fn word_at(key: &[u8], at: usize) -> u64 {
    if let Some(w) = key.get(at..at + 8) {
        return u64::from_be_bytes(w.try_into().unwrap_or_default());
    }
    let n = key.len().saturating_sub(at);
    if n == 0 {
        return 0;
    }
    match key.last_chunk::<8>() {
        Some(last) => u64::from_be_bytes(*last) << (8 * (8 - n)),
        None => {
            let mut word = [0u8; 8];
            word[..n].copy_from_slice(&key[at..]);
            u64::from_be_bytes(word)
        }
    }
}

/// Copies `src` to the front of `dst` in at most two overlapping fixed-width moves per size
/// class (no call to `memcpy`), when it fits; false when it does not.
#[inline(always)]
fn copy_short(dst: &mut [u8; SHORT], src: &[u8]) -> bool {
    let n = src.len();
    if n > SHORT {
        return false;
    }
    /// `src` (of `W` to `2W` bytes) as its first and last `W` bytes.
    #[inline(always)]
    fn two<const W: usize>(dst: &mut [u8; SHORT], src: &[u8]) {
        let n = src.len();
        if let (Some(head), Some(tail)) = (src.first_chunk::<W>(), src.last_chunk::<W>()) {
            dst[..W].copy_from_slice(head);
            dst[n - W..n].copy_from_slice(tail);
        }
    }
    match n {
        16.. => two::<16>(dst, src),
        8.. => two::<8>(dst, src),
        4.. => two::<4>(dst, src),
        _ => dst[..n].copy_from_slice(src),
    }
    true
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
    /// The rows the limit lets out yet (`usize::MAX` without a limit: never counted down to 0).
    pub(crate) remaining: usize,
    /// Whether a limit was set.
    pub(crate) limited: bool,
    /// Only keys of this length are rows (an inexact plan's filter).
    pub(crate) key_len: Option<usize>,
}

impl Options {
    pub(crate) fn new(skip: usize) -> Self {
        Options {
            skip,
            reverse: false,
            remaining: usize::MAX,
            limited: false,
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
        self.remaining == 0
    }

    /// The rows the limit lets out yet, when there is one.
    #[cfg_attr(not(feature = "async"), allow(dead_code))]
    pub(crate) fn left(&self) -> Option<usize> {
        self.limited.then_some(self.remaining)
    }

    /// Counts a row out.
    pub(crate) fn count(&mut self) {
        self.remaining -= 1;
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
            self.options.remaining = n;
            self.options.limited = true;
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
            last: LastKeys::new("rowkey::Merge", skip),
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

    /// Reads the first row of every stream.
    #[cold]
    fn start(&mut self) {
        self.started = true;
        for stream in 0..self.streams.len() {
            if let Some(item) = self.next_kept(stream) {
                let head = self.options.head(item, stream).expect("kept");
                self.heap.push(head);
            }
        }
    }

    /// Replaces the first head's row, taken out last, with its stream's next row, checked
    /// against it (its abbreviation still at the top), or removes the head at the stream's end.
    #[inline(always)]
    fn replace_taken(&mut self) {
        let Some((stream, last)) = self.heap.top() else {
            return;
        };
        match self.next_kept(stream) {
            Some(next) => {
                let (abbrev, key) = self.heap.abbreviate(&next);
                if let Some(key) = key.filter(|_| abbrev <= last) {
                    let reverse = self.options.reverse;
                    self.last
                        .check(stream, key, abbrev, (last, stream), reverse);
                }
                self.heap.refill_top(next, abbrev);
            }
            None => {
                self.heap.pop();
            }
        }
    }

    /// Takes the first head's row out (its slot stays at the top until
    /// [`replace_taken`](Self::replace_taken)), keeping its key for the check, and counts it.
    #[inline(always)]
    fn take_out(&mut self) -> Option<I::Item> {
        let (_, _, item) = self.heap.take_top()?;
        match item.row_key() {
            Some(key) => self.last.record(key),
            // The stream's next row is checked against the last key out instead.
            None => self
                .heap
                .set_top_abbrev(self.last.abbreviation(self.options.reverse)),
        }
        self.options.count();
        Some(item)
    }

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

    #[inline]
    fn next(&mut self) -> Option<I::Item> {
        if self.options.done() {
            return None;
        }
        if self.taken {
            self.taken = false;
            self.replace_taken();
        } else if !self.started {
            self.start();
        }
        let item = self.take_out()?;
        self.taken = true;
        Some(item)
    }

    /// [`next`](Self::next) in one loop: the same reads in the same order (a stream's next
    /// row read after its row before it was passed to `f`), without an iterator's state
    /// between the rows. `for_each`, `count`, `sum` and `max` come here.
    #[inline]
    fn fold<B, F>(mut self, init: B, mut f: F) -> B
    where
        F: FnMut(B, I::Item) -> B,
    {
        let mut acc = init;
        if self.options.done() {
            return acc;
        }
        if self.taken {
            self.replace_taken();
        } else if !self.started {
            self.start();
        }
        // What `take_out` and `replace_taken` do, on locals moved out of `self` (consumed), so
        // that the compiler keeps the heap's and the slots' pointers in registers instead of
        // reloading them from `self` after every write through them: 36 to 32 ns a row in
        // the ratios' merge.
        let Merge {
            mut streams,
            heap,
            mut last,
            mut options,
            ..
        } = self;
        let (mut slots, mut heap, skip, reverse) = heap.into_parts();
        let key_len = options.key_len;
        while let Some(&Entry { abbrev, stream }) = heap.first() {
            let Some(item) = slots[stream].take() else {
                break;
            };
            // The abbreviated key the stream's next row is checked against.
            let mut before = abbrev;
            match item.row_key() {
                Some(key) => last.record(key),
                None => before = last.abbreviation(reverse),
            }
            options.count();
            acc = f(acc, item);
            if options.done() {
                break;
            }
            let rows = &mut streams[stream];
            let next = match key_len {
                None => rows.next(),
                Some(_) => rows.find(|item| kept(key_len, item)),
            };
            let entry = match next {
                Some(next) => {
                    let abbrev = abbreviate_row(&next, skip, reverse);
                    if abbrev <= before
                        && let Some(key) = row_key_after(&next, skip)
                    {
                        last.check(stream, key, abbrev, (before, stream), reverse);
                    }
                    slots[stream] = Some(next);
                    Entry { abbrev, stream }
                }
                // The stream's end: its entry replaced by the heap's last.
                None => match heap.pop() {
                    Some(end) if !heap.is_empty() => end,
                    _ => continue,
                },
            };
            let order = Order {
                slots: &slots,
                skip,
                reverse,
            };
            down_then_up(&mut heap, order, entry);
        }
        acc
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The last key kept is the row's key after the salt, at every length around the moves'
    /// widths (the 16-to-32-byte path, the shorter ones, the vector) and every salt; the
    /// abbreviation read in one load is the one of the key cut after the salt.
    #[test]
    fn last_key_and_abbreviation_at_every_length() {
        for skip in 0..4 {
            let mut last = LastKeys::new("test", skip);
            assert_eq!(last.key(), None);
            for len in (0..=70).chain([0, 33, 16, 31, 15]) {
                let row: Vec<u8> = (0..len).map(|i| (i * 37 + len) as u8).collect();
                let after = row.get(skip..).unwrap_or(&[]);
                last.record(&row);
                assert_eq!(last.key(), Some(after), "skip {skip}, len {len}");
                for reverse in [false, true] {
                    assert_eq!(
                        abbreviate_row(&row, skip, reverse),
                        abbreviate(Some(after), reverse),
                        "skip {skip}, len {len}, reverse {reverse}"
                    );
                }
            }
        }
    }

    /// The abbreviation and the word-at-a-time comparison order every pair of keys as `cmp`
    /// does: keys of 0 to 24 bytes of `00`, `01` and `FF` sharing their first bytes.
    #[test]
    fn abbreviated_comparison_is_byte_order() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        for _ in 0..200_000 {
            let common = next(20) as usize;
            let base: Vec<u8> = (0..common)
                .map(|_| [0, 1, 0xff][next(3) as usize])
                .collect();
            let mut key = || {
                let mut k = base[..next(common as u64 + 1) as usize].to_vec();
                k.extend((0..next(8)).map(|_| [0, 1, 0xff][next(3) as usize]));
                k
            };
            let (a, b) = (key(), key());
            let (x, y) = (abbreviate(Some(&a), false), abbreviate(Some(&b), false));
            let got = if x != y {
                x.cmp(&y)
            } else {
                cmp_after_abbrev(&a, &b)
            };
            assert_eq!(got, a.cmp(&b), "{a:02x?} vs {b:02x?}");
            let mut short = [0u8; SHORT];
            if copy_short(&mut short, &a) {
                assert_eq!(&short[..a.len()], &a[..]);
            }
        }
    }
}
