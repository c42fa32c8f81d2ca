//! Reading one day of a salted table from Bigtable with bigtable_rs: one `ReadRows` stream per
//! bucket, merged into key order; and the whole plan as one `RowSet` when order does not matter.
//!
//! `cargo run -p rowkey-clients --features bigtable --example bigtable_scan` prints the requests;
//! with `BIGTABLE_EMULATOR_HOST=localhost:8086` it reads table `messages` of project `p`,
//! instance `i` from the emulator.

use std::error::Error;

use bigtable_rs::bigtable::{BigTable, BigTableConnection, RowCell};
use bigtable_rs::google::bigtable::v2::ReadRowsRequest;
use futures::{stream, StreamExt, TryStreamExt};
use rowkey::RowKey;
use rowkey_clients::bigtable::{range_row_set, row_set};

#[derive(RowKey, Debug, PartialEq)]
#[salt(md5, buckets = 16, of = "message_id")]
struct MessageKey {
    date: u32,
    time: u32,
    message_id: u64,
}

const TABLE: &str = "projects/p/instances/i/tables/messages";

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
        let mut client = client.clone();
        let request = ReadRowsRequest {
            table_name: TABLE.into(),
            rows: range_row_set(range),
            reversed: newest_first,
            ..ReadRowsRequest::default()
        };
        // The request starts when the merge first needs this bucket.
        stream::once(async move { client.stream_rows(request).await }).try_flatten()
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
    if std::env::var("BIGTABLE_EMULATOR_HOST").is_err() {
        println!("set BIGTABLE_EMULATOR_HOST=host:port to read from an emulator");
        return Ok(());
    }
    let connection = BigTableConnection::new("p", "i", true, 1, None).await?;
    let client = connection.client();
    let day = read_day(&client, 230611, 100, false).await?;
    println!("read {} messages in key order", day.len());
    let mut stream = stream::iter(day.iter().map(|(k, _)| k.message_id)).take(3);
    while let Some(id) = stream.next().await {
        println!("  message {id}");
    }
    Ok(())
}
