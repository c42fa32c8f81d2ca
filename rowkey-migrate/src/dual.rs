//! Reads during the move: the old table's rows (their keys converted to the new layout) and the
//! new table's rows, merged in the new layout's logical order, each logical row once — the new
//! table's copy wins, so a row is seen exactly once whether it was copied yet or not.

use core::cmp::Ordering;
use core::iter::Peekable;

use rowkey_runtime::RowItem;

/// Two sorted streams of rows keyed in the new layout — the old table's, already merged
/// (`old_plan.merge(...)`) and converted ([`convert_key`](super::convert_key)), and the new
/// table's (`new_plan.merge(...)`) — as one, in logical order (keys compared after `skip`
/// bytes of salt: `new_plan.salt_len()`), a key present in both given once, from the new
/// table. Errors (items without a key) pass first. The conversion must keep the logical order
/// (the same fields in the same order, as re-salting, adding a salt or another order-preserving
/// encoding do): [`Migration::merges`](super::Migration::merges) says whether it does. A stream
/// that goes back (or repeats a key) would make the merge repeat or skip rows, so the merge
/// **panics** instead, naming the stream and both keys: it is a program error (a pair whose
/// order the conversion does not keep), not a fault of the data.
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
    rule: Rule<A::Item>,
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
            rule: Rule::new(skip),
        }
    }

    /// Both streams are descending (reversed scans): the merge is too.
    pub fn reverse(mut self) -> Self {
        self.rule.reverse = true;
        self
    }

    /// At most `n` rows (a reader's limit, counted after duplicates and deleted rows are
    /// dropped).
    pub fn limit(mut self, n: usize) -> Self {
        self.rule.remaining = Some(n);
        self
    }

    /// Rows of the new table for which `is_deleted` is true are tombstones (a delete made during
    /// the move, see [`Phase`](super::Phase)): they hide the old table's row and are not given.
    ///
    /// ```
    /// use rowkey::migrate::Dual;
    ///
    /// // Row 2 was deleted during the move: the new table holds its tombstone (`None`).
    /// let old = vec![(vec![1], Some("a")), (vec![2], Some("b"))];
    /// let new = vec![(vec![2], None), (vec![3], Some("c"))];
    /// let rows: Vec<_> = Dual::new(old.into_iter(), new.into_iter(), 0)
    ///     .deleted(|(_, v)| v.is_none())
    ///     .collect();
    /// assert_eq!(rows, [(vec![1], Some("a")), (vec![3], Some("c"))]);
    /// ```
    pub fn deleted(mut self, is_deleted: fn(&A::Item) -> bool) -> Self {
        self.rule.deleted = Some(is_deleted);
        self
    }
}

/// The merge's rule, shared by [`Dual`] and `DualStream`: the order, the limit and the
/// tombstones.
pub(super) struct Rule<T> {
    skip: usize,
    pub(super) reverse: bool,
    pub(super) remaining: Option<usize>,
    pub(super) deleted: Option<fn(&T) -> bool>,
    /// The last key taken from the old stream and from the new one (after the salt).
    last: [Option<Vec<u8>>; 2],
}

impl<T: RowItem> Rule<T> {
    pub(super) fn new(skip: usize) -> Self {
        Rule {
            skip,
            reverse: false,
            remaining: None,
            deleted: None,
            last: [None, None],
        }
    }

    /// Records `row`, taken from the new stream when `from_new`: it must come strictly after
    /// the stream's previous row in the merge's direction.
    ///
    /// # Panics
    ///
    /// When it does not, naming the stream and both keys.
    pub(super) fn took(&mut self, row: &T, from_new: bool) {
        let Some(key) = tail_of(row, self.skip) else {
            return;
        };
        let last = &mut self.last[usize::from(from_new)];
        if let Some(prev) = last {
            let forward = if self.reverse {
                key < prev.as_slice()
            } else {
                key > prev.as_slice()
            };
            if !forward {
                panic!(
                    "rowkey::migrate::Dual: the {} stream is not in key order: {} came after {} \
                     (keys compared after {} bytes of salt{}); merging it would repeat or skip \
                     rows. The old table's rows, converted, must keep the new key's order: \
                     Migration::merges says whether a pair does",
                    if from_new { "new" } else { "old" },
                    rowkey_runtime::hex::encode(key),
                    rowkey_runtime::hex::encode(prev),
                    self.skip,
                    if self.reverse { ", descending" } else { "" },
                );
            }
            prev.clear();
            prev.extend_from_slice(key);
        } else {
            *last = Some(key.to_vec());
        }
    }

    /// True when the limit is reached.
    pub(super) fn ended(&self) -> bool {
        self.remaining == Some(0)
    }

    /// Which of the next old row `a` and next new row `b` (`None`: that stream ended) comes
    /// first: `Less` for the old one, `Greater` for the new one, `Equal` when both are the same
    /// logical row (keys compared after `skip` bytes, descending when `reverse`; errors first);
    /// `None` when both ended.
    pub(super) fn first(&self, a: Option<&T>, b: Option<&T>) -> Option<Ordering> {
        let skip = self.skip;
        Some(
            match (a.map(|i| tail_of(i, skip)), b.map(|i| tail_of(i, skip))) {
                (None, None) => return None,
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (Some(None), _) => Ordering::Less,
                (_, Some(None)) => Ordering::Greater,
                (Some(Some(a)), Some(Some(b))) if self.reverse => b.cmp(a),
                (Some(Some(a)), Some(Some(b))) => a.cmp(b),
            },
        )
    }

    /// Whether `row`, taken from the new table when `from_new`, is given to the reader (a
    /// tombstone is not); counts it against the limit when it is.
    pub(super) fn show(&mut self, row: &T, from_new: bool) -> bool {
        let hidden = from_new && self.deleted.is_some_and(|d| d(row));
        if !hidden && let Some(n) = &mut self.remaining {
            *n -= 1;
        }
        !hidden
    }
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
        while !self.rule.ended() {
            let (row, from_new) = match self.rule.first(self.old.peek(), self.new.peek())? {
                Ordering::Less => (self.old.next()?, false),
                Ordering::Greater => (self.new.next()?, true),
                Ordering::Equal => {
                    // The same logical row in both tables: the new table's copy wins.
                    if let Some(old) = self.old.next() {
                        self.rule.took(&old, false);
                    }
                    (self.new.next()?, true)
                }
            };
            self.rule.took(&row, from_new);
            if self.rule.show(&row, from_new) {
                return Some(row);
            }
        }
        None
    }
}

impl<A: Iterator, B: Iterator<Item = A::Item>> core::fmt::Debug for Dual<A, B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Dual")
            .field("skip", &self.rule.skip)
            .field("reverse", &self.rule.reverse)
            .field("remaining", &self.rule.remaining)
            .finish()
    }
}
