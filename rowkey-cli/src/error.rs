//! The command line's one error: bad input.

/// Bad input (a malformed key, an impossible split; a file's bad line as the studio's
/// `InputError` gives it, `FILE:LINE: what`): reported as `error: ...`, exit code 2, as clap
/// reports a bad argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError(pub String);

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}
