//! Google's Bigtable emulator (`cbtemulator`) for the tests: found, started on a free loopback
//! port (a [`Service`]) and stopped, with the clients and table helpers the tests share.
//!
//! Found through `BIGTABLE_EMULATOR_BIN`, then `cbtemulator` on `PATH`, then the Google Cloud
//! SDK (`platform/bigtable-emulator/cbtemulator` under the root that
//! `gcloud info --format='value(installation.sdk_root)'` prints). With `CI=true` a missing
//! emulator fails the test, naming the package to install; elsewhere the test prints a notice
//! and passes.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use data::{mutate_rows_request, mutation, MutateRowsRequest, Mutation, ReadRowsRequest, RowSet};
use futures::{stream, Stream, TryStreamExt};
pub use googleapis_tonic_google_bigtable_admin_v2::google::bigtable::admin::v2 as admin;
use googleapis_tonic_google_bigtable_v2::google::bigtable::v2 as data;
use tonic::metadata::MetadataValue;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Channel, Endpoint};

use crate::service::{found_or_notice, on_path, Service};

/// The header a data client sends for the emulator's reverse scans: `bigtable-features`, the
/// base64url of a `FeatureFlags` message with `reverse_scans` set, as Google's clients send it.
/// Written here apart from the client (rowkey-clients' `tests/bigtable_emulator.rs` checks it
/// equals `FEATURES_METADATA`), so the testkit does not import the crate whose tests use it.
pub const FEATURES: (&str, &str) = ("bigtable-features", "CAE=");

/// The Debian package (of Google's apt repository) that holds the emulator.
pub const PACKAGE: &str = "google-cloud-cli-bigtable-emulator";

/// The project and instance every table of the tests lives in (the emulator takes any).
pub const INSTANCE: &str = "projects/rowkey/instances/tests";

/// One running emulator.
pub struct Emulator {
    /// Where it listens.
    pub addr: SocketAddr,
    service: Service,
}

/// The emulator's binary, or `None`.
pub fn find() -> Option<PathBuf> {
    if let Some(bin) = std::env::var_os("BIGTABLE_EMULATOR_BIN") {
        return Some(PathBuf::from(bin));
    }
    if let Some(bin) = on_path("cbtemulator") {
        return Some(bin);
    }
    let out = Command::new("gcloud")
        .args(["info", "--format=value(installation.sdk_root)"])
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let root = String::from_utf8(out.stdout).ok()?;
    let bin = PathBuf::from(root.trim()).join("platform/bigtable-emulator/cbtemulator");
    bin.is_file().then_some(bin)
}

impl Emulator {
    /// A new emulator of this test's own, or `None` (after the notice) when there is none.
    pub fn start() -> Option<Emulator> {
        let bin = found_or_notice(
            find(),
            "the Bigtable emulator (cbtemulator, through BIGTABLE_EMULATOR_BIN, PATH or `gcloud info`)",
            &format!("install the `{PACKAGE}` package (Google Cloud CLI)"),
        )?;
        // It listens within about 30 ms on an idle machine.
        let service = Service::start(&bin, |port, _| {
            vec!["-host=127.0.0.1".into(), format!("-port={port}")]
        });
        Some(Emulator {
            addr: service.addr,
            service,
        })
    }

    /// The emulator that every test of this binary shares, started on first use.
    pub fn shared() -> Option<&'static Emulator> {
        static SHARED: OnceLock<Option<Emulator>> = OnceLock::new();
        SHARED.get_or_init(Emulator::start).as_ref()
    }

    /// Stops the emulator now (its clients' streams end with an error), and waits for it.
    pub fn kill(&mut self) {
        self.service.kill();
    }

    fn endpoint(&self) -> Endpoint {
        Endpoint::from_shared(format!("http://{}", self.addr)).expect("a loopback address")
    }

    /// A data client that sends the `bigtable-features` header Google's clients send (reverse
    /// scans on), as the emulator wants for reversed reads.
    ///
    /// Its streams get a 32 KiB flow-control window: the emulator sends every row in a DATA
    /// frame of its own (about 50 bytes), and h2 (0.4.20, under tonic 0.14) ends a connection
    /// with `GOAWAY ENHANCE_YOUR_CALM "too_many_data_frames"` once the small frames it holds
    /// unread cost more than half the connection window (5 MiB: each frame under 256 bytes
    /// costs 256 minus its size). A merge holds every stream but one unread by design; with
    /// hyper's 2 MiB stream window one held stream alone trips it. 16 streams × 32 KiB of
    /// 50-byte frames cost about 2.1 MiB, under the 2.5 MiB budget.
    pub async fn data(&self) -> DataClient {
        let channel = self
            .endpoint()
            .initial_stream_window_size(16 * 1024)
            .connect()
            .await
            .expect("connects to the emulator");
        data::bigtable_client::BigtableClient::with_interceptor(channel, features as Features)
            .max_decoding_message_size(256 << 20)
    }

    /// An admin client.
    pub async fn admin(&self) -> AdminClient {
        let channel = self
            .endpoint()
            .connect()
            .await
            .expect("connects to the emulator");
        admin::bigtable_table_admin_client::BigtableTableAdminClient::new(channel)
    }

    /// Creates table `name` with column family `f`; returns its full name.
    pub async fn create_table(&self, name: &str) -> String {
        self.create_table_with(name, None).await
    }

    /// Creates table `name` with column family `f` and the given row-key schema.
    pub async fn create_table_with(
        &self,
        name: &str,
        row_key_schema: Option<admin::r#type::Struct>,
    ) -> String {
        let table = admin::Table {
            column_families: [("f".to_string(), admin::ColumnFamily::default())].into(),
            row_key_schema,
            ..admin::Table::default()
        };
        self.admin()
            .await
            .create_table(admin::CreateTableRequest {
                parent: INSTANCE.into(),
                table_id: name.into(),
                table: Some(table),
                initial_splits: Vec::new(),
            })
            .await
            .unwrap_or_else(|e| panic!("CreateTable {name}: {e}"));
        format!("{INSTANCE}/tables/{name}")
    }
}

type Features = fn(tonic::Request<()>) -> Result<tonic::Request<()>, tonic::Status>;

/// A data client of the emulator.
pub type DataClient = data::bigtable_client::BigtableClient<InterceptedService<Channel, Features>>;

/// An admin client of the emulator.
pub type AdminClient = admin::bigtable_table_admin_client::BigtableTableAdminClient<Channel>;

fn features(mut request: tonic::Request<()>) -> Result<tonic::Request<()>, tonic::Status> {
    let (name, value) = FEATURES;
    request
        .metadata_mut()
        .insert(name, MetadataValue::from_static(value));
    Ok(request)
}

/// Writes one cell `f:q` per row key, in MutateRows requests of 10,000 entries.
pub async fn write_rows(client: &DataClient, table: &str, rows: &[Vec<u8>]) {
    for batch in rows.chunks(10_000) {
        let entries = batch
            .iter()
            .map(|key| mutate_rows_request::Entry {
                row_key: key.clone(),
                mutations: vec![Mutation {
                    mutation: Some(mutation::Mutation::SetCell(mutation::SetCell {
                        family_name: "f".into(),
                        column_qualifier: b"q".to_vec(),
                        timestamp_micros: 1_000,
                        value: key[key.len().saturating_sub(2)..].to_vec(),
                    })),
                }],
                idempotency: None,
            })
            .collect();
        let request = MutateRowsRequest {
            table_name: table.into(),
            entries,
            ..MutateRowsRequest::default()
        };
        let mut answers = client
            .clone()
            .mutate_rows(request)
            .await
            .unwrap()
            .into_inner();
        while let Some(answer) = answers.message().await.unwrap() {
            for entry in answer.entries {
                let code = entry.status.map_or(0, |s| s.code);
                assert_eq!(code, 0, "MutateRows entry {} failed", entry.index);
            }
        }
    }
}

/// The row keys of one ReadRows request, in the order the server sent them.
pub fn read_rows(
    client: &DataClient,
    table: &str,
    rows: RowSet,
    reversed: bool,
    rows_limit: i64,
) -> impl Stream<Item = Result<Vec<u8>, tonic::Status>> + Send + 'static + use<> {
    let mut client = client.clone();
    let request = ReadRowsRequest {
        table_name: table.into(),
        rows: Some(rows),
        reversed,
        rows_limit,
        ..ReadRowsRequest::default()
    };
    stream::once(async move { client.read_rows(request).await })
        .map_ok(|answer| {
            answer.into_inner().map_ok(|page| {
                // A chunk with a row key starts a row; `commit_row` ends it. One cell a row
                // here, so every committed row has its key in hand.
                let mut keys = Vec::new();
                let mut current = Vec::new();
                for chunk in page.chunks {
                    if !chunk.row_key.is_empty() {
                        current = chunk.row_key;
                    }
                    if matches!(
                        chunk.row_status,
                        Some(
                            googleapis_tonic_google_bigtable_v2::google::bigtable::v2::read_rows_response::cell_chunk::RowStatus::CommitRow(true)
                        )
                    ) {
                        keys.push(current.clone());
                    }
                }
                stream::iter(keys.into_iter().map(Ok))
            })
        })
        .try_flatten()
        .try_flatten()
}

/// A TCP proxy in front of a server that cuts every connection once it has passed `limit`
/// bytes from the server to the client: a dropped connection in the middle of a stream, over
/// and over, for the client's resumption to go through.
pub struct CuttingProxy {
    /// Where it listens.
    pub addr: SocketAddr,
    cuts: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl CuttingProxy {
    /// Starts it on a loopback port, on the current tokio runtime.
    pub async fn start(upstream: SocketAddr, limit: usize) -> CuttingProxy {
        use std::sync::atomic::{AtomicUsize, Ordering};
        use tokio::io::{AsyncReadExt, AsyncWriteExt};

        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a loopback port");
        let addr = listener.local_addr().expect("its address");
        let cuts = std::sync::Arc::new(AtomicUsize::new(0));
        let counter = std::sync::Arc::clone(&cuts);
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let cuts = std::sync::Arc::clone(&counter);
                tokio::spawn(async move {
                    let Ok(server) = tokio::net::TcpStream::connect(upstream).await else {
                        return;
                    };
                    let (mut from_client, mut to_client) = client.into_split();
                    let (mut from_server, mut to_server) = server.into_split();
                    let up = tokio::spawn(async move {
                        let _ = tokio::io::copy(&mut from_client, &mut to_server).await;
                    });
                    let mut passed = 0;
                    let mut buf = vec![0u8; 16 * 1024];
                    loop {
                        let n = match from_server.read(&mut buf).await {
                            Ok(0) | Err(_) => break,
                            Ok(n) => n,
                        };
                        if to_client.write_all(&buf[..n]).await.is_err() {
                            break;
                        }
                        passed += n;
                        if passed >= limit {
                            cuts.fetch_add(1, Ordering::Relaxed);
                            break;
                        }
                    }
                    // Both directions closed: the client sees its connection drop mid-stream.
                    up.abort();
                });
            }
        });
        CuttingProxy { addr, cuts }
    }

    /// Connections cut so far.
    pub fn cuts(&self) -> usize {
        self.cuts.load(std::sync::atomic::Ordering::Relaxed)
    }
}
