//! The command line's one error: bad input.

/// Bad input (a malformed key, an impossible split): reported as `error: ...`, exit code 2,
/// as clap reports a bad argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError(pub String);

impl<E: std::fmt::Display> From<E> for InputError {
    fn from(e: E) -> Self {
        InputError(e.to_string())
    }
}
