//! The `max_len` check of keys whose width the derive cannot see (user types, `[u8; N]` with a
//! named `N`): a trait bound, so the compiler reports it while type checking, in the same pass
//! as the derive's other errors (a constant assertion would only be evaluated after them).

/// Implemented for [`KeyOverMaxLen<false>`] only.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "this key can be longer than its `max_len`",
    label = "the fields' widths add up to more than this (or a field has no maximum length)",
    note = "shorten or narrow a field, cap a variable-length field with `#[max(N)]` (or give it `#[fixed(N)]`), or raise `max_len`"
)]
pub trait WithinMaxLen {}

/// Whether a key's `MAX_LEN` is over its `max_len` (or unbounded).
#[doc(hidden)]
pub struct KeyOverMaxLen<const OVER: bool>;

impl WithinMaxLen for KeyOverMaxLen<false> {}

/// Compiles only when `B` is within its budget.
#[doc(hidden)]
pub const fn within_max_len<B: WithinMaxLen>() {}

/// True when `max_len` (a key's `MAX_LEN`) is over `budget` or unbounded.
#[doc(hidden)]
pub const fn over(max_len: Option<usize>, budget: usize) -> bool {
    match max_len {
        Some(len) => len > budget,
        None => true,
    }
}
