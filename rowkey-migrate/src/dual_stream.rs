//! [`Dual`](super::Dual) over `Stream`s (feature `async`): the mid-move read of an async client.

use core::cmp::Ordering;
use core::pin::Pin;
use core::task::{Context, Poll};

use futures_core::Stream;

use super::dual::Rule;
use rowkey_runtime::RowItem;

/// A stream's next row: not asked for yet, the end, or the row.
enum Slot<T> {
    Empty,
    Ended,
    Row(T),
}

impl<T> Slot<T> {
    /// The row held, if any.
    fn row(&self) -> Option<&T> {
        match self {
            Slot::Row(r) => Some(r),
            _ => None,
        }
    }
}

/// The mid-move read over two streams, as [`Dual`](super::Dual) over iterators: the old table's
/// rows (converted to the new layout) and the new table's, both in logical order, merged, each
/// logical row once (the new table's copy wins). Both streams are polled for their next row
/// before one comes out; at most one row of each is held. A stream that goes back or repeats a
/// key panics, naming the stream and both keys, as [`Dual`](super::Dual) does.
///
/// ```
/// use futures::{executor::block_on, stream, StreamExt};
/// use rowkey::migrate::DualStream;
///
/// let old = stream::iter(vec![(vec![0, 1], "old"), (vec![1, 2], "old")]);
/// let new = stream::iter(vec![(vec![5, 2], "new"), (vec![9, 3], "new")]);
/// let rows: Vec<_> = block_on(DualStream::new(old, new, 1).collect());
/// assert_eq!(rows, [(vec![0, 1], "old"), (vec![5, 2], "new"), (vec![9, 3], "new")]);
/// ```
pub struct DualStream<A: Stream, B: Stream<Item = A::Item>> {
    old: A,
    new: B,
    old_row: Slot<A::Item>,
    new_row: Slot<A::Item>,
    rule: Rule<A::Item>,
}

impl<A, B> DualStream<A, B>
where
    A: Stream + Unpin,
    B: Stream<Item = A::Item> + Unpin,
    A::Item: RowItem,
{
    /// Merges `old` and `new`, both ascending by their keys after `skip` bytes.
    pub fn new(old: A, new: B, skip: usize) -> Self {
        DualStream {
            old,
            new,
            old_row: Slot::Empty,
            new_row: Slot::Empty,
            rule: Rule::new(skip),
        }
    }

    /// Both streams are descending: the merge is too.
    pub fn reverse(mut self) -> Self {
        self.rule.reverse = true;
        self
    }

    /// At most `n` rows.
    pub fn limit(mut self, n: usize) -> Self {
        self.rule.remaining = Some(n);
        self
    }

    /// Rows of the new table for which `is_deleted` is true are tombstones: they hide the old
    /// table's row and are not given (see [`Dual::deleted`](super::Dual::deleted)).
    pub fn deleted(mut self, is_deleted: fn(&A::Item) -> bool) -> Self {
        self.rule.deleted = Some(is_deleted);
        self
    }
}

/// Asks `stream` for its next row if `slot` is empty; true when the slot is filled (a row or
/// the end).
fn fill<S: Stream + Unpin>(stream: &mut S, slot: &mut Slot<S::Item>, cx: &mut Context<'_>) -> bool {
    if let Slot::Empty = slot {
        match Pin::new(stream).poll_next(cx) {
            Poll::Ready(Some(row)) => *slot = Slot::Row(row),
            Poll::Ready(None) => *slot = Slot::Ended,
            Poll::Pending => return false,
        }
    }
    true
}

impl<A, B> Stream for DualStream<A, B>
where
    A: Stream + Unpin,
    B: Stream<Item = A::Item> + Unpin,
    A::Item: RowItem,
{
    type Item = A::Item;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<A::Item>> {
        let this = self.get_mut();
        let take = |slot: &mut Slot<A::Item>| match core::mem::replace(slot, Slot::Empty) {
            Slot::Row(row) => Some(row),
            _ => None,
        };
        while !this.rule.ended() {
            // Poll both before deciding, so both scans run.
            let old_ready = fill(&mut this.old, &mut this.old_row, cx);
            let new_ready = fill(&mut this.new, &mut this.new_row, cx);
            if !(old_ready && new_ready) {
                return Poll::Pending;
            }
            let Some(order) = this.rule.first(this.old_row.row(), this.new_row.row()) else {
                return Poll::Ready(None);
            };
            let (row, from_new) = match order {
                Ordering::Less => (take(&mut this.old_row), false),
                Ordering::Greater => (take(&mut this.new_row), true),
                Ordering::Equal => {
                    // The same logical row in both tables: the new table's copy wins.
                    if let Some(old) = take(&mut this.old_row) {
                        this.rule.took(&old, false);
                    }
                    (take(&mut this.new_row), true)
                }
            };
            if let Some(row) = &row {
                this.rule.took(row, from_new);
            }
            match row {
                Some(row) if this.rule.show(&row, from_new) => return Poll::Ready(Some(row)),
                Some(_) => {}
                None => return Poll::Ready(None),
            }
        }
        Poll::Ready(None)
    }
}

impl<A: Stream, B: Stream<Item = A::Item>> Unpin for DualStream<A, B> {}

impl<A: Stream, B: Stream<Item = A::Item>> core::fmt::Debug for DualStream<A, B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DualStream")
            .field("reverse", &self.rule.reverse)
            .field("remaining", &self.rule.remaining)
            .finish()
    }
}
