//! A Bigtable data-API server of the tests' own (tonic, on a loopback port) that serves
//! `ReadRows` from rows in memory and fails some requests with `UNAVAILABLE` after a number of
//! rows, as a real server does when a tablet moves: what the client's resumption is tested
//! against. It logs each failure (the last row sent, the limit left) and each request, so the
//! test can check that every failure was resumed from exactly the row after the last one sent.

#![allow(dead_code)] // Each suite uses its own part of the harness.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use data::read_rows_response::cell_chunk::RowStatus;
use data::read_rows_response::CellChunk;
use data::row_range::{EndKey, StartKey};
use data::{ReadRowsRequest, ReadRowsResponse};
use futures::StreamExt;
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2 as data;
use tonic::codegen::{http, BoxFuture, Service};
use tonic::{Request, Response, Status};

/// A failed request: the last row it sent, and how many rows it still had to send.
#[derive(Debug, Clone)]
pub struct Failure {
    pub last: Vec<u8>,
    pub reversed: bool,
    /// `rows_limit` minus the rows sent (0: no limit).
    pub limit_left: i64,
}

/// A request as received.
#[derive(Debug, Clone)]
pub struct Seen {
    pub start_closed: Option<Vec<u8>>,
    pub end_open: Option<Vec<u8>>,
    pub reversed: bool,
    pub rows_limit: i64,
}

/// How a failing request fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// `UNAVAILABLE` after its rows.
    Unavailable,
    /// Nothing more after its rows, never ending: a stalled stream.
    Stall,
}

struct State {
    rows: Vec<(Vec<u8>, Vec<u8>)>,
    fault: Fault,
    fail_after: usize,
    fail_every: usize,
    requests: AtomicUsize,
    failures: Mutex<Vec<Failure>>,
    seen: Mutex<Vec<Seen>>,
}

/// The running server.
pub struct FakeBigtable {
    pub addr: SocketAddr,
    state: Arc<State>,
}

impl FakeBigtable {
    /// Serves `rows`; request number `n` (from 0) with `n % fail_every == 1` fails with
    /// `UNAVAILABLE` after `fail_after` rows (if it has that many to send).
    pub async fn start(
        rows: Vec<(Vec<u8>, Vec<u8>)>,
        fail_after: usize,
        fail_every: usize,
    ) -> Self {
        FakeBigtable::start_with(rows, Fault::Unavailable, fail_after, fail_every).await
    }

    /// As [`start`](Self::start), failing with `fault`.
    pub async fn start_with(
        mut rows: Vec<(Vec<u8>, Vec<u8>)>,
        fault: Fault,
        fail_after: usize,
        fail_every: usize,
    ) -> Self {
        rows.sort();
        let state = Arc::new(State {
            rows,
            fault,
            fail_after,
            fail_every,
            requests: AtomicUsize::new(0),
            failures: Mutex::new(Vec::new()),
            seen: Mutex::new(Vec::new()),
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let svc = Bigtable(Arc::clone(&state));
        tokio::spawn(async move {
            tonic::transport::Server::builder()
                .add_service(svc)
                .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener))
                .await
                .unwrap();
        });
        FakeBigtable { addr, state }
    }

    /// Requests that failed.
    pub fn failures(&self) -> usize {
        self.state.failures.lock().unwrap().len()
    }

    /// The failures that no later request resumed from exactly the row after the last one
    /// sent (ascending: starting after it; descending: ending before it) with the limit left.
    pub fn unresumed(&self) -> Vec<Failure> {
        let seen = self.state.seen.lock().unwrap().clone();
        let failures = self.state.failures.lock().unwrap().clone();
        failures
            .into_iter()
            .filter(|f| {
                !seen.iter().any(|s| {
                    let at = if f.reversed {
                        s.end_open.as_ref() == Some(&f.last)
                    } else {
                        s.start_closed.as_ref() == Some(&[&f.last[..], &[0]].concat())
                    };
                    at && s.reversed == f.reversed && s.rows_limit == f.limit_left
                })
            })
            .collect()
    }
}

#[derive(Clone)]
struct Bigtable(Arc<State>);

impl tonic::server::NamedService for Bigtable {
    const NAME: &'static str = "google.bigtable.v2.Bigtable";
}

impl Service<http::Request<tonic::body::Body>> for Bigtable {
    type Response = http::Response<tonic::body::Body>;
    type Error = Infallible;
    type Future = BoxFuture<Self::Response, Infallible>;

    fn poll_ready(
        &mut self,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Infallible>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn call(&mut self, req: http::Request<tonic::body::Body>) -> Self::Future {
        let state = Arc::clone(&self.0);
        Box::pin(async move {
            if req.uri().path() != "/google.bigtable.v2.Bigtable/ReadRows" {
                return Ok(Status::unimplemented("only ReadRows").into_http());
            }
            let mut grpc = tonic::server::Grpc::new(tonic_prost::ProstCodec::default());
            Ok(grpc.server_streaming(ReadRows(state), req).await)
        })
    }
}

struct ReadRows(Arc<State>);

type Rows = std::pin::Pin<Box<dyn futures::Stream<Item = Result<ReadRowsResponse, Status>> + Send>>;

impl Service<Request<ReadRowsRequest>> for ReadRows {
    type Response = Response<Rows>;
    type Error = Status;
    type Future = BoxFuture<Response<Rows>, Status>;

    fn poll_ready(
        &mut self,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Status>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<ReadRowsRequest>) -> Self::Future {
        let state = Arc::clone(&self.0);
        Box::pin(async move {
            let r = request.into_inner();
            let n = state.requests.fetch_add(1, Ordering::SeqCst);
            let set = r.rows.clone().unwrap_or_default();
            let range = set.row_ranges.first().cloned().unwrap_or_default();
            state.seen.lock().unwrap().push(Seen {
                start_closed: match &range.start_key {
                    Some(StartKey::StartKeyClosed(k)) => Some(k.clone()),
                    _ => None,
                },
                end_open: match &range.end_key {
                    Some(EndKey::EndKeyOpen(k)) => Some(k.clone()),
                    _ => None,
                },
                reversed: r.reversed,
                rows_limit: r.rows_limit,
            });
            let inside = |k: &[u8]| {
                set.row_ranges.iter().any(|range| {
                    let lo = match &range.start_key {
                        Some(StartKey::StartKeyClosed(s)) => k >= &s[..],
                        Some(StartKey::StartKeyOpen(s)) => k > &s[..],
                        None => true,
                    };
                    let hi = match &range.end_key {
                        Some(EndKey::EndKeyOpen(e)) => k < &e[..],
                        Some(EndKey::EndKeyClosed(e)) => k <= &e[..],
                        None => true,
                    };
                    lo && hi
                }) || set.row_keys.iter().any(|r| r == k)
            };
            let mut rows: Vec<(Vec<u8>, Vec<u8>)> = state
                .rows
                .iter()
                .filter(|(k, _)| inside(k))
                .cloned()
                .collect();
            if r.reversed {
                rows.reverse();
            }
            if r.rows_limit > 0 {
                rows.truncate(r.rows_limit as usize);
            }
            let fails = n % state.fail_every == 1 && rows.len() > state.fail_after;
            let mut out: Vec<Result<ReadRowsResponse, Status>> = Vec::new();
            let sent = if fails { state.fail_after } else { rows.len() };
            // A few rows per response, each a chunk that commits it.
            for batch in rows[..sent].chunks(7) {
                out.push(Ok(ReadRowsResponse {
                    chunks: batch
                        .iter()
                        .map(|(k, v)| CellChunk {
                            row_key: k.clone(),
                            family_name: Some("f".into()),
                            qualifier: Some(b"v".to_vec()),
                            timestamp_micros: 1_000,
                            value: v.clone(),
                            row_status: Some(RowStatus::CommitRow(true)),
                            ..CellChunk::default()
                        })
                        .collect(),
                    ..ReadRowsResponse::default()
                }));
            }
            if fails {
                state.failures.lock().unwrap().push(Failure {
                    last: rows[sent - 1].0.clone(),
                    reversed: r.reversed,
                    limit_left: if r.rows_limit > 0 {
                        r.rows_limit - sent as i64
                    } else {
                        0
                    },
                });
                if state.fault == Fault::Unavailable {
                    out.push(Err(Status::unavailable("the tablet moved (injected)")));
                }
            }
            let stream: Rows = if fails && state.fault == Fault::Stall {
                Box::pin(futures::stream::iter(out).chain(futures::stream::pending()))
            } else {
                Box::pin(futures::stream::iter(out))
            };
            Ok(Response::new(stream))
        })
    }
}
