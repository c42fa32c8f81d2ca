//! [`Client`]: Bigtable's data API over tonic, with the channel of [`ChannelConfig`], the
//! retries of [`RetryPolicy`] and the metadata Google's clients send; [`Table`]: one table's
//! reads (plans, merged in logical order) and writes.

use std::fmt;
use std::sync::Arc;

use googleapis_tonic_google_bigtable_v2::google::bigtable::v2 as data;
use tonic::metadata::{MetadataMap, MetadataValue};
use tonic::transport::Endpoint;
use tonic::Status;

use super::channel::{ChannelConfig, Lease, Pool};
use super::retry::RetryPolicy;
use super::FEATURES_METADATA;

/// Adds request metadata: an `authorization` bearer token for Cloud Bigtable, a quota
/// project, a tracing header.
pub type MetadataHook = Arc<dyn Fn(&mut MetadataMap) + Send + Sync>;

/// A Bigtable client of the data API: reads of [`ScanPlan`](rowkey_runtime::ScanPlan)s that
/// never stall (see [`ChannelConfig`]), merged in the key's logical order and resumed after
/// transient errors ([`Table::read`]), and the writes a migration needs. Cheap to clone: clones
/// share the connections.
///
/// ```no_run
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// use rowkey_clients::bigtable::Client;
///
/// // BIGTABLE_EMULATOR_HOST=127.0.0.1:8086
/// let client = Client::from_env()?;
/// let table = client.table("projects/p/instances/i/tables/metrics");
/// # Ok(()) }
/// ```
///
/// For Cloud Bigtable, give [`Client::builder`] an `Endpoint` of
/// `https://bigtable.googleapis.com` with TLS (tonic's `tls-ring` and `tls-webpki-roots`
/// features, `Endpoint::tls_config`) and a [`MetadataHook`] that adds `authorization:
/// Bearer <token>` from your token source.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

struct Inner {
    pool: Arc<Pool>,
    retry: RetryPolicy,
    hook: Option<MetadataHook>,
    app_profile_id: String,
}

/// The client could not be set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConnectError {
    /// An emulator's address without a port (`localhost`): it would go to port 80.
    NoPort(String),
    /// `BIGTABLE_EMULATOR_HOST` is not set.
    NoEmulatorHost,
    /// The address is not a valid URI.
    BadAddress(String),
}

impl fmt::Display for ConnectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConnectError::NoEmulatorHost => f.write_str(
                "BIGTABLE_EMULATOR_HOST is not set (host:port of a running emulator, such as \
                 127.0.0.1:8086)",
            ),
            ConnectError::BadAddress(a) => write!(f, "not an address of a Bigtable server: {a}"),
            ConnectError::NoPort(a) => write!(
                f,
                "{a:?} has no port: the emulator's address is host:port (such as \
                 127.0.0.1:8086, as `gcloud beta emulators bigtable env-init` prints it)"
            ),
        }
    }
}

impl std::error::Error for ConnectError {}

/// Sets up a [`Client`]: the endpoint, then the channel, retries, app profile and metadata.
pub struct ClientBuilder {
    endpoint: Endpoint,
    channel: ChannelConfig,
    retry: RetryPolicy,
    hook: Option<MetadataHook>,
    app_profile_id: String,
}

impl Client {
    /// A client of the emulator at `BIGTABLE_EMULATOR_HOST` (`host:port`), as Google's clients
    /// read it.
    pub fn from_env() -> Result<Client, ConnectError> {
        let host = std::env::var("BIGTABLE_EMULATOR_HOST")
            .ok()
            .filter(|h| !h.trim().is_empty())
            .ok_or(ConnectError::NoEmulatorHost)?;
        Client::emulator(host.trim())
    }

    /// A client of the emulator at `host` (`host:port`, plain HTTP/2).
    pub fn emulator(host: &str) -> Result<Client, ConnectError> {
        Ok(ClientBuilder::emulator(host)?.build())
    }

    /// A client of `endpoint`, to configure before [`ClientBuilder::build`].
    pub fn builder(endpoint: Endpoint) -> ClientBuilder {
        ClientBuilder {
            endpoint,
            channel: ChannelConfig::default(),
            retry: RetryPolicy::default(),
            hook: None,
            app_profile_id: String::new(),
        }
    }

    /// The table `name`: `projects/<project>/instances/<instance>/tables/<table>`.
    pub fn table(&self, name: impl Into<String>) -> Table {
        Table {
            client: self.clone(),
            name: name.into(),
        }
    }

    /// The same client on connections of its own (opened on first use, by the runtime that
    /// first uses them): a store on its own runtime never waits on a connection that a busy
    /// runtime of yours drives.
    #[cfg(feature = "migrate")]
    pub(crate) fn detached(&self) -> Client {
        Client {
            inner: Arc::new(Inner {
                pool: Arc::new(self.inner.pool.fresh()),
                retry: self.inner.retry,
                hook: self.inner.hook.clone(),
                app_profile_id: self.inner.app_profile_id.clone(),
            }),
        }
    }

    /// HTTP/2 connections opened so far (each carries at most
    /// [`ChannelConfig::streams_per_connection`] streams at once).
    pub fn connections(&self) -> usize {
        self.inner.pool.connections()
    }

    pub(crate) fn retry(&self) -> RetryPolicy {
        self.inner.retry
    }

    /// A data-API client on a connection with room, and the lease of its place there.
    pub(crate) fn lease(
        &self,
    ) -> (
        data::bigtable_client::BigtableClient<tonic::transport::Channel>,
        Lease,
    ) {
        let lease = self.inner.pool.lease();
        let client = data::bigtable_client::BigtableClient::new(lease.channel.clone())
            .max_decoding_message_size(256 << 20)
            .max_encoding_message_size(256 << 20);
        (client, lease)
    }

    /// `message` as a request with the metadata Google's clients send: the features header
    /// (reverse scans), the routing header of the table, and the user's hook.
    pub(crate) fn request<T>(&self, table: &str, message: T) -> tonic::Request<T> {
        let mut request = tonic::Request::new(message);
        let metadata = request.metadata_mut();
        let (name, value) = FEATURES_METADATA;
        metadata.insert(name, MetadataValue::from_static(value));
        let mut params = format!("table_name={}", encode_param(table));
        if !self.inner.app_profile_id.is_empty() {
            params.push_str(&format!(
                "&app_profile_id={}",
                encode_param(&self.inner.app_profile_id)
            ));
        }
        if let Ok(v) = MetadataValue::try_from(params) {
            metadata.insert("x-goog-request-params", v);
        }
        if let Some(hook) = &self.inner.hook {
            hook(metadata);
        }
        request
    }

    pub(crate) fn app_profile_id(&self) -> &str {
        &self.inner.app_profile_id
    }
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("connections", &self.connections())
            .field("retry", &self.inner.retry)
            .field("app_profile_id", &self.inner.app_profile_id)
            .finish()
    }
}

/// Percent-encodes a routing parameter's value (`/` stays, as Google's clients write it).
fn encode_param(v: &str) -> String {
    v.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

impl ClientBuilder {
    /// The emulator at `host` (`host:port`, plain HTTP/2).
    pub fn emulator(host: &str) -> Result<ClientBuilder, ConnectError> {
        // `localhost` alone would go to port 80; the emulator has no default port.
        let port = host.rsplit_once(':').map(|(h, p)| (h, p.parse::<u16>()));
        if !matches!(port, Some((h, Ok(_))) if !h.is_empty() && !h.ends_with(':')) {
            return Err(ConnectError::NoPort(host.to_string()));
        }
        let endpoint = Endpoint::from_shared(format!("http://{host}"))
            .map_err(|_| ConnectError::BadAddress(host.to_string()))?;
        Ok(Client::builder(endpoint))
    }

    /// The connections' windows and streams (see [`ChannelConfig`]).
    pub fn channel(mut self, config: ChannelConfig) -> Self {
        self.channel = config;
        self
    }

    /// How reads retry.
    pub fn retry(mut self, policy: RetryPolicy) -> Self {
        self.retry = policy;
        self
    }

    /// The app profile requests name (empty: the instance's default).
    pub fn app_profile(mut self, id: impl Into<String>) -> Self {
        self.app_profile_id = id.into();
        self
    }

    /// Metadata added to every request (an auth token).
    pub fn metadata(mut self, hook: impl Fn(&mut MetadataMap) + Send + Sync + 'static) -> Self {
        self.hook = Some(Arc::new(hook));
        self
    }

    /// The client. Nothing connects until the first request.
    pub fn build(self) -> Client {
        Client {
            inner: Arc::new(Inner {
                pool: Arc::new(Pool::new(self.endpoint, &self.channel)),
                retry: self.retry,
                hook: self.hook,
                app_profile_id: self.app_profile_id,
            }),
        }
    }
}

/// The answers of a `MutateRows` request, holding its place on the connection.
pub(crate) struct MutateAnswers {
    answers: tonic::Streaming<data::MutateRowsResponse>,
    _lease: super::channel::Lease,
}

impl MutateAnswers {
    /// The next answer: `None` at the end.
    pub(crate) async fn next(&mut self) -> Option<Result<data::MutateRowsResponse, Status>> {
        self.answers.message().await.transpose()
    }
}

/// One table of a [`Client`].
#[derive(Debug, Clone)]
pub struct Table {
    client: Client,
    name: String,
}

impl Table {
    /// Its full name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its client.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// The same table through [`Client::detached`].
    #[cfg(feature = "migrate")]
    pub(crate) fn detached(&self) -> Table {
        Table {
            client: self.client.detached(),
            name: self.name.clone(),
        }
    }

    /// Applies `mutations` to row `key` atomically (`MutateRow`).
    pub async fn mutate_row(
        &self,
        key: Vec<u8>,
        mutations: Vec<data::Mutation>,
    ) -> Result<(), Status> {
        let (mut client, _lease) = self.client.lease();
        let request = data::MutateRowRequest {
            table_name: self.name.clone(),
            app_profile_id: self.client.app_profile_id().to_string(),
            row_key: key,
            mutations,
            ..data::MutateRowRequest::default()
        };
        client
            .mutate_row(self.client.request(&self.name, request))
            .await
            .map(|_| ())
    }

    /// Applies each entry's mutations to its row (`MutateRows`); the first entry that failed
    /// is the error, naming its index.
    pub async fn mutate_rows(
        &self,
        entries: Vec<data::mutate_rows_request::Entry>,
    ) -> Result<(), Status> {
        if entries.is_empty() {
            return Ok(());
        }
        let (mut client, _lease) = self.client.lease();
        let request = data::MutateRowsRequest {
            table_name: self.name.clone(),
            app_profile_id: self.client.app_profile_id().to_string(),
            entries,
            ..data::MutateRowsRequest::default()
        };
        let mut answers = client
            .mutate_rows(self.client.request(&self.name, request))
            .await?
            .into_inner();
        while let Some(answer) = answers.message().await? {
            if let Some(failed) = answer
                .entries
                .iter()
                .find(|e| e.status.as_ref().is_some_and(|s| s.code != 0))
            {
                let status = failed.status.clone().unwrap_or_default();
                return Err(Status::new(
                    tonic::Code::from_i32(status.code),
                    format!("MutateRows entry {}: {}", failed.index, status.message),
                ));
            }
        }
        Ok(())
    }

    /// A `MutateRows` request's answers, as they come (with the lease of the stream's place
    /// on its connection, held until the answers are read).
    pub(crate) async fn mutate_rows_stream(
        &self,
        entries: Vec<data::mutate_rows_request::Entry>,
    ) -> Result<MutateAnswers, Status> {
        let (mut client, lease) = self.client.lease();
        let request = data::MutateRowsRequest {
            table_name: self.name.clone(),
            app_profile_id: self.client.app_profile_id().to_string(),
            entries,
            ..data::MutateRowsRequest::default()
        };
        let answers = client
            .mutate_rows(self.client.request(&self.name, request))
            .await?
            .into_inner();
        Ok(MutateAnswers {
            answers,
            _lease: lease,
        })
    }

    /// `CheckAndMutateRow`: `true_mutations` when `predicate` matches a cell of row `key`
    /// (with no predicate: when the row has any cell), `false_mutations` otherwise, atomically.
    /// Returns whether the predicate matched.
    pub async fn check_and_mutate_row(
        &self,
        key: Vec<u8>,
        predicate: Option<data::RowFilter>,
        true_mutations: Vec<data::Mutation>,
        false_mutations: Vec<data::Mutation>,
    ) -> Result<bool, Status> {
        let (mut client, _lease) = self.client.lease();
        let request = data::CheckAndMutateRowRequest {
            table_name: self.name.clone(),
            app_profile_id: self.client.app_profile_id().to_string(),
            row_key: key,
            predicate_filter: predicate,
            true_mutations,
            false_mutations,
            ..data::CheckAndMutateRowRequest::default()
        };
        client
            .check_and_mutate_row(self.client.request(&self.name, request))
            .await
            .map(|a| a.into_inner().predicate_matched)
    }

    /// The table's `SampleRowKeys`: its tablets' end keys, for
    /// [`split_points`](super::split_points).
    pub async fn sample_row_keys(&self) -> Result<Vec<data::SampleRowKeysResponse>, Status> {
        let (mut client, _lease) = self.client.lease();
        let request = data::SampleRowKeysRequest {
            table_name: self.name.clone(),
            app_profile_id: self.client.app_profile_id().to_string(),
            ..data::SampleRowKeysRequest::default()
        };
        let mut answers = client
            .sample_row_keys(self.client.request(&self.name, request))
            .await?
            .into_inner();
        let mut out = Vec::new();
        while let Some(answer) = answers.message().await? {
            out.push(answer);
        }
        Ok(out)
    }
}
