//! The edits the judge recognises, one rule each: its id (stable, for `--format json` and for
//! links to the guide), what it says and what to do instead. A new rule is a variant here; the
//! compiler then asks for its id, its words and its fix.

use core::fmt;

/// An edit to a locked key, as the judge names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// A field renamed, with `#[rowkey(was = "old")]`: no byte changes.
    Rename,
    /// A field left over on each side at the same place, with the same type and format:
    /// probably a rename without `was`.
    ProbableRename,
    /// An `Option` field added at the end.
    AppendOption,
    /// A field that is not an `Option` added at the end.
    AppendField,
    /// A field added before the end.
    InsertField,
    /// A field removed.
    RemoveField,
    /// Fields in another order.
    Reorder,
    /// An integer widened or narrowed, same signedness.
    IntWidth,
    /// An integer's signedness changed.
    Signedness,
    /// Another type.
    Type,
    /// `#[desc]` added or removed.
    Desc,
    /// `#[reverse]` or `#[reverse_ts]` added or removed.
    Reverse,
    /// `#[max(N)]` changed.
    Max,
    /// `#[fixed(N)]` changed.
    Fixed,
    /// Another format for the same type.
    Format,
    /// The salt changed: its kind, bucket count, hashed fields or width.
    Salt,
    /// Another encoding.
    Encoding,
    /// `#[rowkey(max_len = N)]` changed.
    Budget,
    /// An `Option` field's direction changed: where a NULL is written, it now sorts at the
    /// other end of the field's values.
    NullOrder,
    /// The subspace (the run-time prefix every key is written under) changed.
    Subspace,
}

impl Rule {
    /// Every rule, in the guide's order.
    pub const ALL: [Rule; 20] = [
        Rule::Rename,
        Rule::ProbableRename,
        Rule::AppendOption,
        Rule::AppendField,
        Rule::InsertField,
        Rule::RemoveField,
        Rule::Reorder,
        Rule::IntWidth,
        Rule::Signedness,
        Rule::Type,
        Rule::Desc,
        Rule::Reverse,
        Rule::Max,
        Rule::Fixed,
        Rule::Format,
        Rule::Salt,
        Rule::Encoding,
        Rule::Budget,
        Rule::NullOrder,
        Rule::Subspace,
    ];

    /// Its stable id.
    pub fn id(self) -> &'static str {
        match self {
            Rule::Rename => "rename",
            Rule::ProbableRename => "probable-rename",
            Rule::AppendOption => "append-option",
            Rule::AppendField => "append-field",
            Rule::InsertField => "insert-field",
            Rule::RemoveField => "remove-field",
            Rule::Reorder => "reorder",
            Rule::IntWidth => "int-width",
            Rule::Signedness => "signedness",
            Rule::Type => "type",
            Rule::Desc => "desc",
            Rule::Reverse => "reverse",
            Rule::Max => "max",
            Rule::Fixed => "fixed",
            Rule::Format => "format",
            Rule::Salt => "salt",
            Rule::Encoding => "encoding",
            Rule::Budget => "budget",
            Rule::NullOrder => "null-order",
            Rule::Subspace => "subspace",
        }
    }

    /// What to do about it, when the verdict says it breaks a guarantee you need.
    pub fn fix(self) -> &'static str {
        match self {
            Rule::Rename => "nothing: no byte changes",
            Rule::ProbableRename => {
                "if it is a rename, say so with #[rowkey(was = \"<old name>\")] on the field"
            }
            Rule::AppendOption => {
                "old rows read back with None where the encoding drops trailing nulls (Phoenix, \
                 HBase OrderedBytes); elsewhere keep the old key or re-key"
            }
            Rule::AppendField => {
                "make it an Option (where the encoding drops trailing nulls), or re-key with a \
                 conversion that fills it"
            }
            Rule::InsertField => "append it at the end instead, or re-key",
            Rule::RemoveField => {
                "keep the field (old rows that differ only in it would collapse into one), or \
                 re-key knowing they collapse"
            }
            Rule::Reorder => {
                "keep the old order, or re-key: the new order sorts old rows differently, so a \
                 mid-move read cannot merge the two tables"
            }
            Rule::IntWidth => {
                "keep the width (a FoundationDB tuple writes integers by value and may widen \
                 freely), or re-key"
            }
            Rule::Signedness => "keep the signedness, or re-key",
            Rule::Type => "keep the type (wrap the new one in a codec of the old bytes), or re-key",
            Rule::Desc => "keep the direction (scan in reverse instead), or re-key",
            Rule::Reverse => "keep the attribute, or re-key",
            Rule::Max => "a larger cap keeps old rows only where the field's width is not fixed; keep the cap, or re-key",
            Rule::Fixed => "keep the width, or re-key",
            Rule::Format => "keep the format, or re-key",
            Rule::Salt => "keep the salt (bucket count, kind, hashed fields), or re-key every row",
            Rule::Encoding => "keep the encoding, or re-key every row",
            Rule::Budget => {
                "a smaller budget refuses keys the old one wrote: check the longest stored row \
                 first"
            }
            Rule::NullOrder => {
                "keep the direction, or re-key: scans that stop at the first NULL now stop at \
                 the last"
            }
            Rule::Subspace => {
                "keep the prefix (a directory's short prefix is fixed once rows are written), or \
                 copy every row under the new one"
            }
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
