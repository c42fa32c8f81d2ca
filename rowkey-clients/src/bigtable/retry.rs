//! When a `ReadRows` attempt that failed is tried again: the errors Google's clients treat as
//! transient, and how long to wait between attempts.

use std::time::Duration;

use tonic::{Code, Status};

/// How a read retries after a transient error, resuming after the last row it received (as
/// Google's Bigtable clients resume `ReadRows`): the wait doubles from `initial_backoff` up to
/// `max_backoff`, and the read fails after `attempts` attempts in a row that brought no row.
/// A stream that sends nothing for `idle_timeout` counts as failed (and is resumed).
///
/// ```
/// use std::time::Duration;
/// use rowkey_clients::bigtable::RetryPolicy;
///
/// let patient = RetryPolicy { attempts: 20, ..RetryPolicy::default() };
/// assert_eq!(patient.backoff(0), Duration::from_millis(10));
/// assert_eq!(patient.backoff(3), Duration::from_millis(80));
/// assert_eq!(patient.backoff(30), Duration::from_secs(1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// The wait before the first retry.
    pub initial_backoff: Duration,
    /// The longest wait between attempts.
    pub max_backoff: Duration,
    /// Attempts in a row without a new row before the read fails (at least 1: no retry).
    pub attempts: u32,
    /// The longest time a stream may send nothing before it is given up and resumed.
    pub idle_timeout: Duration,
}

impl Default for RetryPolicy {
    /// 10 ms doubling to 1 s, 10 attempts without progress (about 6 s of waiting), 5 minutes
    /// of silence.
    fn default() -> Self {
        RetryPolicy {
            initial_backoff: Duration::from_millis(10),
            max_backoff: Duration::from_secs(1),
            attempts: 10,
            idle_timeout: Duration::from_secs(300),
        }
    }
}

impl RetryPolicy {
    /// No retry: the first error ends the read.
    pub fn never() -> Self {
        RetryPolicy {
            attempts: 1,
            ..RetryPolicy::default()
        }
    }

    /// The wait before retry number `retry` (0-based) of a run of failures.
    pub fn backoff(&self, retry: u32) -> Duration {
        self.initial_backoff
            .saturating_mul(1u32 << retry.min(20))
            .min(self.max_backoff)
    }
}

/// True for the errors Google's Bigtable clients retry `ReadRows` on: `UNAVAILABLE`,
/// `DEADLINE_EXCEEDED` (of an attempt), `ABORTED`, and an `INTERNAL` or `UNKNOWN` error of the
/// transport rather than of the server: a stream reset, a stream ended without its status, a
/// connection dropped mid-stream (tonic reports that last one as `UNKNOWN`, "h2 protocol
/// error: error reading a body from connection", caused by an I/O error).
///
/// ```
/// use rowkey_clients::bigtable::is_transient;
/// use tonic::Status;
///
/// assert!(is_transient(&Status::unavailable("the tablet moved")));
/// assert!(is_transient(&Status::internal("Received RST_STREAM with error code 2")));
/// assert!(!is_transient(&Status::internal("the server's own bug")));
/// assert!(!is_transient(&Status::not_found("no such table")));
/// ```
pub fn is_transient(status: &Status) -> bool {
    match status.code() {
        Code::Unavailable | Code::DeadlineExceeded | Code::Aborted => true,
        Code::Internal | Code::Unknown => {
            let m = status.message();
            let said = [
                "RST_STREAM",
                "Received unexpected EOS",
                "h2 protocol error",
                "error reading a body from connection",
                "connection reset",
                "broken pipe",
                "transport error",
            ]
            .iter()
            .any(|s| m.contains(s));
            said || caused_by_io(status)
        }
        _ => false,
    }
}

/// True when an I/O error is among the status's causes (a dropped connection).
fn caused_by_io(status: &Status) -> bool {
    let mut cause = std::error::Error::source(status);
    while let Some(e) = cause {
        if e.is::<std::io::Error>() {
            return true;
        }
        cause = e.source();
    }
    false
}
