//! A key's `row_key_schema` as the admin API's `Type.Struct` (feature `bigtable-admin`), for
//! `CreateTable` / `UpdateTable` through the tonic client of
//! `googleapis-tonic-google-bigtable-admin-v2`: the table and the Rust key declared from one
//! struct.
//!
//! That crate's generated types (0.45) predate `Type.Int32`, so an `i32` field's schema is an
//! [`AdminSchemaError::Int32`] here; its JSON form
//! ([`RowKeySchema::to_json`](rowkey_runtime::RowKeySchema::to_json)) has it.
//!
//! ```
//! use rowkey::encodings::bigtable::BigtableKey;
//! use rowkey::RowKey;
//! use rowkey_clients::bigtable::admin::row_key_schema;
//!
//! #[derive(RowKey)]
//! #[rowkey(encoding = "bigtable")]
//! struct Event { user: String, #[ordered_code] at: i64 }
//!
//! let schema = row_key_schema(&Event::bigtable_row_key_schema()).unwrap();
//! assert_eq!(schema.fields[1].field_name, "at");
//! // googleapis_tonic_google_bigtable_admin_v2::google::bigtable::admin::v2::Table {
//! //     row_key_schema: Some(schema), .. }
//! ```

use std::fmt;

use googleapis_tonic_google_bigtable_admin_v2::google::bigtable::admin::v2 as admin;
use googleapis_tonic_google_bigtable_admin_v2::google::bigtable::admin::v2::r#type::{
    self as ty, bytes, int64, r#struct, string, timestamp, Kind,
};
use googleapis_tonic_google_bigtable_admin_v2::google::bigtable::admin::v2::Type;
use tonic::transport::{Channel, Endpoint};
use tonic::Status;

use super::ConnectError;

/// The table admin API (`BigtableTableAdmin`) over tonic: the table a move creates, pre-split.
///
/// ```no_run
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// use rowkey::RowKey;
/// use rowkey_clients::bigtable::admin::Admin;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 64, of = "host")]
/// struct New { metric: String, ts: u64, host: u32 }
///
/// let admin = Admin::from_env()?;
/// let name = admin
///     .create_table("projects/p/instances/i", "metrics_64", &["f"], &New::split_points(64)?)
///     .await?;
/// assert_eq!(name, "projects/p/instances/i/tables/metrics_64");
/// # Ok(()) }
/// ```
#[derive(Debug, Clone)]
pub struct Admin {
    endpoint: Option<Endpoint>,
    channel: std::sync::Arc<std::sync::OnceLock<Channel>>,
}

impl Admin {
    /// The admin API of the emulator at `BIGTABLE_EMULATOR_HOST`.
    pub fn from_env() -> Result<Admin, ConnectError> {
        let host = std::env::var("BIGTABLE_EMULATOR_HOST")
            .ok()
            .filter(|h| !h.trim().is_empty())
            .ok_or(ConnectError::NoEmulatorHost)?;
        Admin::emulator(host.trim())
    }

    /// The admin API of the emulator at `host` (`host:port`).
    pub fn emulator(host: &str) -> Result<Admin, ConnectError> {
        let endpoint = Endpoint::from_shared(format!("http://{host}"))
            .map_err(|_| ConnectError::BadAddress(host.to_string()))?;
        Ok(Admin {
            endpoint: Some(endpoint),
            channel: Default::default(),
        })
    }

    /// The admin API over `channel` (TLS and credentials set up by you for Cloud Bigtable).
    pub fn new(channel: Channel) -> Admin {
        let cell = std::sync::OnceLock::new();
        let _ = cell.set(channel);
        Admin {
            endpoint: None,
            channel: std::sync::Arc::new(cell),
        }
    }

    /// The client, connecting (lazily, on the calling runtime) on first use.
    fn client(&self) -> admin::bigtable_table_admin_client::BigtableTableAdminClient<Channel> {
        let channel = self.channel.get_or_init(|| {
            self.endpoint
                .as_ref()
                .expect("an Admin without a channel has an endpoint")
                .connect_lazy()
        });
        admin::bigtable_table_admin_client::BigtableTableAdminClient::new(channel.clone())
    }

    /// Creates table `table_id` in `instance` (`projects/<p>/instances/<i>`) with column
    /// `families`, split before each of `splits` (a key's `split_points`); returns its full
    /// name.
    pub async fn create_table(
        &self,
        instance: &str,
        table_id: &str,
        families: &[&str],
        splits: &[Vec<u8>],
    ) -> Result<String, Status> {
        let table = admin::Table {
            column_families: families
                .iter()
                .map(|f| (f.to_string(), admin::ColumnFamily::default()))
                .collect(),
            ..admin::Table::default()
        };
        let request = admin::CreateTableRequest {
            parent: instance.to_string(),
            table_id: table_id.to_string(),
            table: Some(table),
            initial_splits: splits
                .iter()
                .map(|k| admin::create_table_request::Split { key: k.clone() })
                .collect(),
        };
        self.client().create_table(request).await?;
        Ok(format!("{instance}/tables/{table_id}"))
    }

    /// Deletes table `name` (`projects/<p>/instances/<i>/tables/<t>`): the old table, once
    /// retired.
    pub async fn drop_table(&self, name: &str) -> Result<(), Status> {
        self.client()
            .delete_table(admin::DeleteTableRequest {
                name: name.to_string(),
            })
            .await
            .map(|_| ())
    }
}
use rowkey_runtime::{FieldType, IntEncoding, RowKeySchema, SchemaError};

/// Why a schema has no admin-API form here.
///
/// ```
/// use rowkey::encodings::bigtable::BigtableKey;
/// use rowkey::RowKey;
/// use rowkey_clients::bigtable::admin::{row_key_schema, AdminSchemaError};
///
/// #[derive(RowKey)]
/// #[rowkey(encoding = "bigtable")]
/// struct K { n: i32 }
///
/// assert_eq!(row_key_schema(&K::bigtable_row_key_schema()), Err(AdminSchemaError::Int32 { field: "n" }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum AdminSchemaError {
    /// The schema cannot be declared on any table (a `#[desc]` field, a reserved name).
    Schema(SchemaError),
    /// An `Int32` field: the admin crate's types have no `Type.Int32` yet.
    Int32 {
        /// The field.
        field: &'static str,
    },
}

impl fmt::Display for AdminSchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AdminSchemaError::Schema(e) => e.fmt(f),
            AdminSchemaError::Int32 { field } => write!(
                f,
                "field `{field}` is an Int32, which googleapis-tonic-google-bigtable-admin-v2 \
                 0.45's Type has no variant for; declare the schema from its JSON \
                 (RowKeySchema::to_json) with gcloud or Terraform, or make the field an i64"
            ),
        }
    }
}

impl std::error::Error for AdminSchemaError {}

impl From<SchemaError> for AdminSchemaError {
    fn from(e: SchemaError) -> Self {
        AdminSchemaError::Schema(e)
    }
}

/// The schema as the admin API's `Type.Struct` with `OrderedCodeBytes`, after
/// [`RowKeySchema::check`].
pub fn row_key_schema(schema: &RowKeySchema) -> Result<ty::Struct, AdminSchemaError> {
    schema.check()?;
    let fields = schema
        .fields()
        .iter()
        .map(|f| {
            let kind = match f.ty {
                FieldType::StringUtf8 => Kind::StringType(ty::String {
                    encoding: Some(string::Encoding {
                        encoding: Some(string::encoding::Encoding::Utf8Bytes(
                            string::encoding::Utf8Bytes {},
                        )),
                    }),
                }),
                FieldType::Bytes => Kind::BytesType(ty::Bytes {
                    encoding: Some(bytes::Encoding {
                        encoding: Some(bytes::encoding::Encoding::Raw(bytes::encoding::Raw {})),
                    }),
                }),
                FieldType::Int64(e) => Kind::Int64Type(ty::Int64 {
                    encoding: Some(int64_encoding(e)),
                }),
                FieldType::TimestampMicros(e) => Kind::TimestampType(ty::Timestamp {
                    encoding: Some(timestamp::Encoding {
                        encoding: Some(timestamp::encoding::Encoding::UnixMicrosInt64(
                            int64_encoding(e),
                        )),
                    }),
                }),
                FieldType::Int32(_) => return Err(AdminSchemaError::Int32 { field: f.name }),
            };
            Ok(r#struct::Field {
                field_name: f.name.to_string(),
                r#type: Some(Type { kind: Some(kind) }),
            })
        })
        .collect::<Result<_, _>>()?;
    Ok(ty::Struct {
        fields,
        encoding: Some(r#struct::Encoding {
            encoding: Some(r#struct::encoding::Encoding::OrderedCodeBytes(
                r#struct::encoding::OrderedCodeBytes {},
            )),
        }),
    })
}

fn int64_encoding(e: IntEncoding) -> int64::Encoding {
    let encoding = match e {
        #[allow(deprecated)]
        IntEncoding::BigEndianBytes => {
            int64::encoding::Encoding::BigEndianBytes(int64::encoding::BigEndianBytes {
                bytes_type: None,
            })
        }
        IntEncoding::OrderedCodeBytes => {
            int64::encoding::Encoding::OrderedCodeBytes(int64::encoding::OrderedCodeBytes {})
        }
    };
    int64::Encoding {
        encoding: Some(encoding),
    }
}
