//! Reading a salted table through an async, page-returning client: the glue a TiKV
//! (`RawClient::scan(range, limit)`), FoundationDB or Bigtable user writes, here with redb
//! behind tokio's `spawn_blocking` standing in for the client. One closure per page, one call to
//! fan the plan out, one stream in key order, read forward, in reverse, and with a limit.
//!
//! `cargo run --example async_scan`

use std::sync::Arc;

use futures::StreamExt;
use redb::{backends::InMemoryBackend, Database, ReadableDatabase, TableDefinition};
use rowkey::stream::Pages;
use rowkey::{RowKey, ScanRange};

const ROWS: TableDefinition<&[u8], u64> = TableDefinition::new("rows");

#[derive(RowKey, Debug, PartialEq)]
#[salt(md5, buckets = 16, of = "message_id")]
struct MessageKey {
    date: u32,
    time: u32,
    message_id: u64,
}

/// The client call: up to `limit` rows of `range`, ascending or descending, off the async
/// runtime's threads. With tikv-client this is `client.scan(range.into_bounds(), limit)`
/// (or `scan_reverse`).
async fn scan_page(
    db: Arc<Database>,
    range: ScanRange,
    limit: usize,
    reverse: bool,
) -> Result<Vec<(Vec<u8>, u64)>, String> {
    tokio::task::spawn_blocking(move || {
        let tx = db.begin_read().map_err(|e| e.to_string())?;
        let table = tx.open_table(ROWS).map_err(|e| e.to_string())?;
        let rows = table
            .range::<&[u8]>(range.to_bounds())
            .map_err(|e| e.to_string())?;
        let row = |r: Result<(redb::AccessGuard<&[u8]>, redb::AccessGuard<u64>), _>| {
            r.map(|(k, v)| (k.value().to_vec(), v.value()))
                .map_err(|e: redb::StorageError| e.to_string())
        };
        if reverse {
            rows.rev().take(limit).map(row).collect()
        } else {
            rows.take(limit).map(row).collect()
        }
    })
    .await
    .map_err(|e| e.to_string())?
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A table of 1,000 messages over two days.
    let db = Arc::new(Database::builder().create_with_backend(InMemoryBackend::new())?);
    let tx = db.begin_write()?;
    {
        let mut table = tx.open_table(ROWS)?;
        for id in 0..1_000u64 {
            let key = MessageKey {
                date: 230610 + (id % 2) as u32,
                time: id as u32,
                message_id: id,
            };
            table.insert(&key.encode()?[..], id)?;
        }
    }
    tx.commit()?;

    // Every message of 2023-06-11: 16 ranges, one per bucket.
    let plan = MessageKey::scan().date(230611).plan()?;
    println!("{} ranges for date = 230611", plan.ranges().len());

    for reverse in [false, true] {
        let db = db.clone();
        // Pages of 100 rows per range, 4 ranges read at a time, merged back into time order.
        let rows = plan.fan_out(4, |range| {
            let db = db.clone();
            let pages = Pages::new(range.clone(), 100, move |r, limit| {
                scan_page(db.clone(), r, limit, reverse)
            });
            if reverse {
                pages.reverse()
            } else {
                pages
            }
        });
        let rows = if reverse { rows.reverse() } else { rows };
        let first: Vec<u32> = rows
            .limit(5)
            .map(|row| MessageKey::decode(&row.unwrap().0).unwrap().time)
            .collect()
            .await;
        println!(
            "{}: first five times {first:?}",
            if reverse {
                "newest first"
            } else {
                "oldest first"
            }
        );
        let expected: Vec<u32> = if reverse {
            vec![999, 997, 995, 993, 991]
        } else {
            vec![1, 3, 5, 7, 9]
        };
        assert_eq!(first, expected);
    }
    Ok(())
}
