//! Reading one day of a salted table from Bigtable with bigtable_rs: one `ReadRows` stream per
//! bucket, merged into key order, oldest or newest first; and the whole plan as one `RowSet`
//! when order does not matter.
//!
//! `cargo run -p rowkey-clients --features bigtable-admin --example bigtable_scan` prints the
//! requests. With `BIGTABLE_EMULATOR_HOST=127.0.0.1:8086` (a running emulator:
//! `cbtemulator -host 127.0.0.1 -port 8086`) it also creates table `messages` of project `p`,
//! instance `i`, writes two days of messages, and reads the first 100 of one day in key order
//! and newest first, checking each answer against the rows it wrote. CI runs it so.

use std::error::Error;

use bigtable_rs::bigtable::read_rows::decode_read_rows_response_stream;
use bigtable_rs::bigtable::{BigTable, BigTableConnection, RowCell};
use bigtable_rs::google::bigtable::v2::{
    mutate_rows_request, mutation, MutateRowsRequest, Mutation, ReadRowsRequest,
};
use futures::{stream, Stream, TryStreamExt};
use googleapis_tonic_google_bigtable_admin_v2::google::bigtable::admin::v2 as admin;
use rowkey::RowKey;
use rowkey_clients::bigtable::{range_row_set, row_set, FEATURES_METADATA};

#[derive(RowKey, Debug, PartialEq, Clone)]
#[salt(md5, buckets = 16, of = "message_id")]
struct MessageKey {
    date: u32,
    time: u32,
    message_id: u64,
}

const TABLE: &str = "projects/p/instances/i/tables/messages";

/// A stream of rows as bigtable_rs decodes them.
type Rows = std::pin::Pin<
    Box<dyn Stream<Item = Result<(Vec<u8>, Vec<RowCell>), bigtable_rs::bigtable::Error>> + Send>,
>;

/// One range's rows, oldest first, or newest first with `reversed`: a reversed read needs the
/// `bigtable-features` header (`reverse_scans`), which bigtable_rs's `stream_rows` does not send,
/// so it goes through the client underneath.
async fn stream_range(
    mut client: BigTable,
    request: ReadRowsRequest,
) -> Result<Rows, Box<dyn Error + Send + Sync>> {
    if !request.reversed {
        return Ok(Box::pin(client.stream_rows(request).await?));
    }
    let mut request = tonic::Request::new(request);
    let (name, value) = FEATURES_METADATA;
    request.metadata_mut().insert(name, value.parse()?);
    let response = client.get_client().read_rows(request).await?.into_inner();
    Ok(Box::pin(decode_read_rows_response_stream(response).await))
}

/// The first `limit` messages of `date`, in (time, message_id) order, newest first when
/// `newest_first`: the code a user writes.
async fn read_day(
    client: &BigTable,
    date: u32,
    limit: usize,
    newest_first: bool,
) -> Result<Vec<(MessageKey, Vec<RowCell>)>, Box<dyn Error>> {
    let plan = MessageKey::scan().date(date).plan()?;
    let merged = plan.fan_out(4, |range| {
        let request = ReadRowsRequest {
            table_name: TABLE.into(),
            rows: range_row_set(range),
            reversed: newest_first,
            ..ReadRowsRequest::default()
        };
        // The request starts when the merge first needs this bucket.
        let client = client.clone();
        stream::once(async move {
            stream_range(client, request)
                .await
                .map_err(|e| bigtable_rs::bigtable::Error::ChunkError(e.to_string()))
        })
        .try_flatten()
    });
    let merged = if newest_first {
        merged.reverse()
    } else {
        merged
    };
    let rows: Vec<_> = merged.limit(limit).try_collect().await?;
    Ok(rows
        .into_iter()
        .map(|(key, cells)| Ok((MessageKey::decode(&key)?, cells)))
        .collect::<Result<_, rowkey::DecodeError>>()?)
}

/// Creates the table with column family `m` through the admin API (the emulator takes any
/// project and instance); a table left by an earlier run is fine.
async fn create_table(host: &str) -> Result<(), Box<dyn Error>> {
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{host}"))?
        .connect()
        .await?;
    let table = admin::Table {
        column_families: [("m".to_string(), admin::ColumnFamily::default())].into(),
        ..admin::Table::default()
    };
    let created = admin::bigtable_table_admin_client::BigtableTableAdminClient::new(channel)
        .create_table(admin::CreateTableRequest {
            parent: "projects/p/instances/i".into(),
            table_id: "messages".into(),
            table: Some(table),
            initial_splits: Vec::new(),
        })
        .await;
    match created {
        Err(status) if status.code() != tonic::Code::AlreadyExists => Err(status.into()),
        _ => Ok(()),
    }
}

/// Writes the messages, one cell `m:body` each.
async fn write(client: &BigTable, keys: &[MessageKey]) -> Result<(), Box<dyn Error>> {
    let entries = keys
        .iter()
        .map(|k| {
            Ok(mutate_rows_request::Entry {
                row_key: k.encode()?,
                mutations: vec![Mutation {
                    mutation: Some(mutation::Mutation::SetCell(mutation::SetCell {
                        family_name: "m".into(),
                        column_qualifier: b"body".to_vec(),
                        timestamp_micros: -1,
                        value: format!("message {}", k.message_id).into_bytes(),
                    })),
                }],
                idempotency: None,
            })
        })
        .collect::<Result<_, rowkey::EncodeError>>()?;
    let request = MutateRowsRequest {
        table_name: TABLE.into(),
        entries,
        ..MutateRowsRequest::default()
    };
    let mut answers = client.clone().mutate_rows(request).await?;
    while let Some(answer) = answers.message().await? {
        if let Some(failed) = answer
            .entries
            .iter()
            .find(|e| e.status.as_ref().is_some_and(|s| s.code != 0))
        {
            return Err(format!(
                "MutateRows entry {} failed: {:?}",
                failed.index, failed.status
            )
            .into());
        }
    }
    Ok(())
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let plan = MessageKey::scan().date(230611).plan()?;
    let set = row_set(&plan).expect("a day has rows");
    println!(
        "one RowSet for the day: {} row ranges",
        set.row_ranges.len()
    );
    let get = MessageKey::scan()
        .date(230611)
        .time(63031)
        .message_id(1231231)
        .plan()?;
    println!(
        "one message: row keys {:02x?}",
        row_set(&get).expect("a row").row_keys
    );
    let Ok(host) = std::env::var("BIGTABLE_EMULATOR_HOST") else {
        println!("set BIGTABLE_EMULATOR_HOST=host:port to read from an emulator");
        return Ok(());
    };
    create_table(&host).await?;
    let connection = BigTableConnection::new("p", "i", false, 1, None).await?;
    let client = connection.client();
    // Two days of 2,000 messages, a message every 37 seconds, ids scattered.
    let keys: Vec<MessageKey> = (0..4_000u64)
        .map(|i| MessageKey {
            date: 230611 + (i % 2) as u32,
            time: (i as u32 * 37) % 86_400,
            message_id: i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20,
        })
        .collect();
    write(&client, &keys).await?;
    let mut day: Vec<&MessageKey> = keys.iter().filter(|k| k.date == 230611).collect();
    day.sort_by_key(|k| (k.time, k.message_id));

    let oldest = read_day(&client, 230611, 100, false).await?;
    let want: Vec<&MessageKey> = day.iter().take(100).copied().collect();
    assert_eq!(oldest.iter().map(|(k, _)| k).collect::<Vec<_>>(), want);
    let newest = read_day(&client, 230611, 100, true).await?;
    let want: Vec<&MessageKey> = day.iter().rev().take(100).copied().collect();
    assert_eq!(newest.iter().map(|(k, _)| k).collect::<Vec<_>>(), want);
    assert_eq!(
        newest[0].1[0].value,
        format!("message {}", want[0].message_id).into_bytes()
    );

    println!(
        "read 100 of {} messages in key order, and 100 newest first:",
        day.len()
    );
    for (k, _) in oldest.iter().take(2).chain(newest.iter().take(2)) {
        println!("  {:>5}s message {}", k.time, k.message_id);
    }
    Ok(())
}
