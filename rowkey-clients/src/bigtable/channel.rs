//! The HTTP/2 connections a [`Client`](super::Client) reads through, and why they are set up as
//! they are.
//!
//! **The GOAWAY.** h2 (0.4.20, under tonic 0.14 and hyper 1) guards a connection against floods
//! of small DATA frames: every DATA frame of fewer than 256 bytes that it holds unread costs
//! 256 minus its size out of a budget of half the connection's flow-control window (hyper's
//! default window: 5 MiB, so 2.5 MiB), given back when the application reads the frame. When
//! the budget is spent it ends the connection with `GOAWAY ENHANCE_YOUR_CALM
//! "too_many_data_frames"`. A merged read holds every range's stream but one unread, by design
//! (it needs each range's next row to know which comes first), and each held stream buffers up
//! to its flow-control window (hyper's default: 2 MiB). The Bigtable emulator sends every row
//! in a DATA frame of its own, about 50 bytes: one held stream of 2 MiB of such frames costs
//! about 8.6 MB of budget, more than three times the whole. Hence bigtable_rs 0.4.2, which
//! builds its channel with hyper's defaults and offers no setting, cannot read a salted table
//! of tens of thousands of rows in one merged read; smaller reads only hide it.
//!
//! **The fix, in the channel.** The unread bytes a connection can hold are bounded by the
//! streams it carries times their window, and the cost of a byte by the smallest frame a
//! gRPC server sends: a message's 5-byte header and an empty message, 251 bytes of budget for 5
//! bytes, a factor of about 51. So this client's connections each carry at most
//! [`streams_per_connection`](ChannelConfig::streams_per_connection) streams (4), with a
//! stream window of 64 KiB and a connection window of 32 MiB: at most 4 × 64 KiB held, costing
//! at most 13.2 MB (78%) of a 16 MiB budget, whatever the frames. A read opens as many connections
//! as it holds streams over four (a 64-bucket read: 16), and gives them back to the client's
//! pool when its streams end. A larger window reads faster over a long network path; keep
//! [`ChannelConfig::worst_case_budget_use`] under 1.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tonic::transport::{Channel, Endpoint};

/// How the client's HTTP/2 connections are set up (see the module's notes on the GOAWAY).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChannelConfig {
    /// Each stream's flow-control window: the most one range's stream holds unread.
    pub stream_window: u32,
    /// Each connection's flow-control window; h2's small-frame budget is half of it.
    pub connection_window: u32,
    /// The most streams one connection carries at once; further streams open connections.
    pub streams_per_connection: usize,
    /// How long connecting may take before an attempt fails (and is retried).
    pub connect_timeout: Duration,
}

impl Default for ChannelConfig {
    /// 64 KiB per stream, 32 MiB per connection, 4 streams per connection, 10 s to connect.
    fn default() -> Self {
        ChannelConfig {
            stream_window: 64 * 1024,
            connection_window: 32 * 1024 * 1024,
            streams_per_connection: 4,
            connect_timeout: Duration::from_secs(10),
        }
    }
}

impl ChannelConfig {
    /// The share of a connection's small-frame budget that its streams can use up in the worst
    /// case (every stream full of the smallest gRPC frames): below 1, h2 never ends the
    /// connection with `too_many_data_frames`.
    ///
    /// ```
    /// use rowkey_clients::bigtable::ChannelConfig;
    ///
    /// assert!(ChannelConfig::default().worst_case_budget_use() < 1.0);
    /// // hyper's defaults, which bigtable_rs uses, with two held streams: far over.
    /// let hyper = ChannelConfig {
    ///     stream_window: 2 << 20,
    ///     connection_window: 5 << 20,
    ///     streams_per_connection: 2,
    ///     ..ChannelConfig::default()
    /// };
    /// assert!(hyper.worst_case_budget_use() > 80.0);
    /// ```
    pub fn worst_case_budget_use(&self) -> f64 {
        /// The smallest DATA frame of a gRPC stream: a message's header and no message.
        const SMALLEST_FRAME: f64 = 5.0;
        /// h2's cost of a held frame: 256 bytes minus its size.
        const OVERHEAD_THRESHOLD: f64 = 256.0;
        let held = self.streams_per_connection as f64 * f64::from(self.stream_window);
        let cost = held / SMALLEST_FRAME * (OVERHEAD_THRESHOLD - SMALLEST_FRAME);
        let budget = (f64::from(self.connection_window) / 2.0).max(25_600.0);
        cost / budget
    }

    fn endpoint(&self, endpoint: Endpoint) -> Endpoint {
        endpoint
            .initial_stream_window_size(self.stream_window)
            .initial_connection_window_size(self.connection_window)
            .http2_adaptive_window(false)
            .connect_timeout(self.connect_timeout)
            .tcp_nodelay(true)
    }
}

/// The client's connections, each carrying at most `streams_per_connection` streams.
#[derive(Debug)]
pub(crate) struct Pool {
    endpoint: Endpoint,
    per_connection: usize,
    connections: Mutex<Vec<Connection>>,
}

#[derive(Debug)]
struct Connection {
    channel: Channel,
    streams: usize,
    /// The runtime that drives it: a connection is only lent to requests on that runtime, so
    /// a client shared by several runtimes (each `#[tokio::test]` has its own) never sends on a
    /// connection whose runtime has ended.
    runtime: Option<tokio::runtime::Id>,
}

/// One stream's place on a connection, given back when dropped.
#[derive(Debug)]
pub(crate) struct Lease {
    pool: Arc<Pool>,
    index: usize,
    pub(crate) channel: Channel,
}

impl Pool {
    pub(crate) fn new(endpoint: Endpoint, config: &ChannelConfig) -> Self {
        Pool {
            endpoint: config.endpoint(endpoint),
            per_connection: config.streams_per_connection.max(1),
            connections: Mutex::new(Vec::new()),
        }
    }

    /// A pool of the same endpoint and settings, without connections: a store's own, whose
    /// connections its runtime opens and drives.
    #[cfg(feature = "migrate")]
    pub(crate) fn fresh(&self) -> Self {
        Pool {
            endpoint: self.endpoint.clone(),
            per_connection: self.per_connection,
            connections: Mutex::new(Vec::new()),
        }
    }

    /// A place on a connection with room, opening one (lazily: it connects on first use) when
    /// every connection is full. Never waits: a merge holds its streams until it is done.
    pub(crate) fn lease(self: &Arc<Self>) -> Lease {
        let mut connections = self.connections.lock().unwrap_or_else(|p| p.into_inner());
        let runtime = tokio::runtime::Handle::try_current().ok().map(|h| h.id());
        let index = match connections
            .iter()
            .position(|c| c.runtime == runtime && c.streams < self.per_connection)
        {
            Some(i) => i,
            None => {
                connections.push(Connection {
                    channel: self.endpoint.connect_lazy(),
                    streams: 0,
                    runtime,
                });
                connections.len() - 1
            }
        };
        connections[index].streams += 1;
        Lease {
            pool: Arc::clone(self),
            index,
            channel: connections[index].channel.clone(),
        }
    }

    /// Connections opened so far.
    pub(crate) fn connections(&self) -> usize {
        self.connections
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .len()
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        let mut connections = self
            .pool
            .connections
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(c) = connections.get_mut(self.index) {
            c.streams = c.streams.saturating_sub(1);
        }
    }
}
