//! Reads during the move: the old table's rows (their keys converted to the new layout) and the
//! new table's rows, merged in the new layout's logical order, each logical row once — the new
//! table's copy wins, so a row is seen exactly once whether it was copied yet or not.

use core::cmp::Ordering;
use core::iter::Peekable;

use crate::merge::RowItem;

/// Two sorted streams of rows keyed in the new layout — the old table's, already merged
/// (`old_plan.merge(...)`) and converted ([`convert_key`](super::convert_key)), and the new
/// table's (`new_plan.merge(...)`) — as one, in logical order (keys compared after `skip`
/// bytes of salt: `new_plan.salt_len()`), a key present in both given once, from the new
/// table. Errors (items without a key) pass first. The conversion must keep the logical order
/// (the same fields in the same order, as re-salting, adding a salt or another order-preserving
/// encoding do).
///
/// ```
/// use rowkey::migrate::Dual;
///
/// // Keys after a 1-byte salt: old rows 1, 2, 4 (converted), new rows 2 (copied), 3 (written).
/// let old = vec![(vec![0, 1], "old"), (vec![1, 2], "old"), (vec![0, 4], "old")];
/// let new = vec![(vec![5, 2], "new"), (vec![9, 3], "new")];
/// let rows: Vec<_> = Dual::new(old.into_iter(), new.into_iter(), 1).collect();
/// assert_eq!(rows, [(vec![0, 1], "old"), (vec![5, 2], "new"), (vec![9, 3], "new"), (vec![0, 4], "old")]);
/// ```
pub struct Dual<A: Iterator, B: Iterator<Item = A::Item>> {
    old: Peekable<A>,
    new: Peekable<B>,
    skip: usize,
    reverse: bool,
    remaining: Option<usize>,
}

impl<A, B> Dual<A, B>
where
    A: Iterator,
    B: Iterator<Item = A::Item>,
    A::Item: RowItem,
{
    /// Merges `old` and `new`, both ascending by their keys after `skip` bytes.
    pub fn new(old: A, new: B, skip: usize) -> Self {
        Dual {
            old: old.peekable(),
            new: new.peekable(),
            skip,
            reverse: false,
            remaining: None,
        }
    }

    /// Both streams are descending (reversed scans): the merge is too.
    pub fn reverse(mut self) -> Self {
        self.reverse = true;
        self
    }

    /// At most `n` rows (a reader's limit, counted after duplicates are dropped).
    pub fn limit(mut self, n: usize) -> Self {
        self.remaining = Some(n);
        self
    }
}

/// Which of the next old row `a` and next new row `b` (`None`: that stream ended) comes first:
/// `Less` for the old one, `Greater` for the new one, `Equal` when both are the same logical row
/// (keys compared after `skip` bytes, descending when `reverse`; errors first); `None` when
/// both ended. The one rule of [`Dual`] and `DualStream`.
pub(super) fn first<T: RowItem>(
    a: Option<&T>,
    b: Option<&T>,
    skip: usize,
    reverse: bool,
) -> Option<Ordering> {
    Some(
        match (a.map(|i| tail_of(i, skip)), b.map(|i| tail_of(i, skip))) {
            (None, None) => return None,
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (Some(None), _) => Ordering::Less,
            (_, Some(None)) => Ordering::Greater,
            (Some(Some(a)), Some(Some(b))) if reverse => b.cmp(a),
            (Some(Some(a)), Some(Some(b))) => a.cmp(b),
        },
    )
}

/// `item`'s key after `skip` bytes of salt; `None` for an error.
fn tail_of<T: RowItem>(item: &T, skip: usize) -> Option<&[u8]> {
    item.row_key().map(|k| k.get(skip..).unwrap_or(&[]))
}

impl<A, B> Iterator for Dual<A, B>
where
    A: Iterator,
    B: Iterator<Item = A::Item>,
    A::Item: RowItem,
{
    type Item = A::Item;

    fn next(&mut self) -> Option<A::Item> {
        if self.remaining == Some(0) {
            return None;
        }
        let item = match first(self.old.peek(), self.new.peek(), self.skip, self.reverse)? {
            Ordering::Less => self.old.next(),
            Ordering::Greater => self.new.next(),
            Ordering::Equal => {
                // The same logical row in both tables: the new table's copy wins.
                self.old.next();
                self.new.next()
            }
        };
        if let Some(n) = &mut self.remaining {
            *n -= 1;
        }
        item
    }
}

impl<A: Iterator, B: Iterator<Item = A::Item>> core::fmt::Debug for Dual<A, B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Dual")
            .field("skip", &self.skip)
            .field("reverse", &self.reverse)
            .field("remaining", &self.remaining)
            .finish()
    }
}
