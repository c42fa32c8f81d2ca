//! The write path against a `MutateRows` server of the test's own that fails entries: some
//! entries fail transiently once or twice (retried, each row applied exactly once, none
//! lost), some requests break mid-answer (the entries not answered are sent again), some
//! entries fail for good (named in the error, not retried, the others written), a cell at the
//! server's time is never retried, and a server that fails everything ends with an error
//! naming every row.
#![cfg(feature = "bigtable")]

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use googleapis_tonic_google_bigtable_v2::google::rpc;
use rowkey_clients::bigtable::v2 as data;
use rowkey_clients::bigtable::{Cell, Client, ClientBuilder, RetryPolicy, SERVER_TIME};
use tonic::codegen::{http, BoxFuture, Service};
use tonic::{Request, Response, Status};

/// How the server treats entries.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// A key fails transiently `key[0] % 3` times, then is applied; every fourth request
    /// breaks after answering half of its entries (the rest not applied).
    Flaky,
    /// Every entry fails transiently, always.
    Down,
}

struct State {
    mode: Mode,
    applied: Mutex<HashMap<Vec<u8>, usize>>,
    attempts: Mutex<HashMap<Vec<u8>, usize>>,
    requests: AtomicUsize,
}

#[derive(Clone)]
struct Server(Arc<State>);

impl tonic::server::NamedService for Server {
    const NAME: &'static str = "google.bigtable.v2.Bigtable";
}

impl Service<http::Request<tonic::body::Body>> for Server {
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
            if req.uri().path() != "/google.bigtable.v2.Bigtable/MutateRows" {
                return Ok(Status::unimplemented("only MutateRows").into_http());
            }
            let mut grpc = tonic::server::Grpc::new(tonic_prost::ProstCodec::default());
            Ok(grpc.server_streaming(MutateRows(state), req).await)
        })
    }
}

struct MutateRows(Arc<State>);

type Answers =
    std::pin::Pin<Box<dyn futures::Stream<Item = Result<data::MutateRowsResponse, Status>> + Send>>;

fn status(code: i32, message: &str) -> Option<rpc::Status> {
    Some(rpc::Status {
        code,
        message: message.into(),
        details: Vec::new(),
    })
}

impl Service<Request<data::MutateRowsRequest>> for MutateRows {
    type Response = Response<Answers>;
    type Error = Status;
    type Future = BoxFuture<Response<Answers>, Status>;

    fn poll_ready(
        &mut self,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Status>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<data::MutateRowsRequest>) -> Self::Future {
        let state = Arc::clone(&self.0);
        Box::pin(async move {
            let r = request.into_inner();
            let n = state.requests.fetch_add(1, Ordering::SeqCst);
            let breaks = state.mode == Mode::Flaky && n % 4 == 3 && r.entries.len() > 1;
            let answered = if breaks {
                r.entries.len() / 2
            } else {
                r.entries.len()
            };
            let mut entries = Vec::new();
            for (i, e) in r.entries.iter().enumerate().take(answered) {
                let mut attempts = state.attempts.lock().unwrap();
                let tried = attempts.entry(e.row_key.clone()).or_default();
                *tried += 1;
                let unavailable = tonic::Code::Unavailable as i32;
                let s = if e.row_key.starts_with(b"bad") {
                    status(tonic::Code::InvalidArgument as i32, "no such family")
                } else if state.mode == Mode::Down || *tried <= usize::from(e.row_key[0] % 3) {
                    status(unavailable, "the tablet moved (injected)")
                } else {
                    *state
                        .applied
                        .lock()
                        .unwrap()
                        .entry(e.row_key.clone())
                        .or_default() += 1;
                    status(0, "")
                };
                entries.push(data::mutate_rows_response::Entry {
                    index: i as i64,
                    status: s,
                });
            }
            let mut out: Vec<Result<data::MutateRowsResponse, Status>> =
                vec![Ok(data::MutateRowsResponse {
                    entries,
                    ..data::MutateRowsResponse::default()
                })];
            if breaks {
                out.push(Err(Status::unavailable("the stream broke (injected)")));
            }
            Ok(Response::new(
                Box::pin(futures::stream::iter(out)) as Answers
            ))
        })
    }
}

async fn serve(mode: Mode) -> (Client, Arc<State>) {
    let state = Arc::new(State {
        mode,
        applied: Mutex::default(),
        attempts: Mutex::default(),
        requests: AtomicUsize::new(0),
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let svc = Server(Arc::clone(&state));
    tokio::spawn(async move {
        tonic::transport::Server::builder()
            .add_service(svc)
            .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener))
            .await
            .unwrap();
    });
    let client = ClientBuilder::emulator(&addr.to_string())
        .unwrap()
        .retry(RetryPolicy {
            initial_backoff: Duration::from_millis(1),
            max_backoff: Duration::from_millis(5),
            attempts: 5,
            ..RetryPolicy::default()
        })
        .build();
    (client, state)
}

fn key(i: u32) -> Vec<u8> {
    let mut k = vec![(i % 251) as u8];
    k.extend(i.to_be_bytes());
    k
}

#[tokio::test]
async fn failed_entries_are_retried_until_each_row_is_written_once() {
    let (client, state) = serve(Mode::Flaky).await;
    let table = client.table("projects/p/instances/i/tables/t");
    let rows: Vec<(Vec<u8>, Vec<Cell>)> = (0..5_000)
        .map(|i| (key(i), vec![Cell::new("f", "v", i.to_string())]))
        .collect();
    let written = table.put_rows(rows.clone()).await.unwrap();
    assert_eq!(written, 5_000);
    {
        let applied = state.applied.lock().unwrap();
        assert_eq!(applied.len(), 5_000, "every row written");
        assert!(applied.values().all(|&n| n == 1), "none written twice");
        // Retries happened: keys that fail twice were sent three times.
        let attempts = state.attempts.lock().unwrap();
        assert!(attempts.values().any(|&n| n >= 3));
    }
    // One row and a delete, through the same path.
    table.put(key(9_999), &rows[0].1).await.unwrap();
    table.delete(key(9_998)).await.unwrap();
}

#[tokio::test]
async fn rows_that_fail_for_good_are_named_and_the_others_written() {
    let (client, state) = serve(Mode::Flaky).await;
    let table = client.table("projects/p/instances/i/tables/t");
    let mut rows: Vec<(Vec<u8>, Vec<Cell>)> = (0..100)
        .map(|i| (key(i * 3), vec![Cell::new("f", "v", "x")]))
        .collect();
    rows.push((b"bad-1".to_vec(), vec![Cell::new("f", "v", "x")]));
    // A cell at the server's time: a retry would write a second version, so none is made.
    // (key 1 fails once transiently.)
    let mut stamped = Cell::new("f", "v", "x");
    stamped.timestamp_micros = SERVER_TIME;
    rows.push((key(1), vec![stamped]));
    let e = table.put_rows(rows).await.unwrap_err();
    let failed: Vec<&[u8]> = e.failed.iter().map(|(k, _)| k.as_slice()).collect();
    assert_eq!(failed.len(), 2, "{e}");
    assert!(
        failed.contains(&&b"bad-1"[..]) && failed.contains(&key(1).as_slice()),
        "{e}"
    );
    assert_eq!(e.written, 100);
    assert_eq!(
        state.attempts.lock().unwrap()[&b"bad-1"[..]],
        1,
        "not retried"
    );
    assert_eq!(state.attempts.lock().unwrap()[&key(1)], 1, "not retried");
    assert!(e.to_string().contains("2 of 102 rows not written"), "{e}");
}

#[tokio::test]
async fn a_server_that_fails_everything_ends_with_every_row_named() {
    let (client, state) = serve(Mode::Down).await;
    let table = client.table("projects/p/instances/i/tables/t");
    let rows: Vec<(Vec<u8>, Vec<Cell>)> = (0..10)
        .map(|i| (key(i), vec![Cell::new("f", "v", "x")]))
        .collect();
    let e = table.put_rows(rows).await.unwrap_err();
    assert_eq!(e.written, 0);
    assert_eq!(e.failed.len(), 10);
    assert!(e
        .failed
        .iter()
        .all(|(_, s)| s.code() == tonic::Code::Unavailable));
    // Five attempts each (the policy's), then given up.
    assert!(state.attempts.lock().unwrap().values().all(|&n| n == 5));
    assert!(state.applied.lock().unwrap().is_empty());
}
