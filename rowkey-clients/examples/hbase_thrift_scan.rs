//! Reading one day of a salted table through HBase's Thrift 1 gateway with hbase-thrift: one
//! scanner per bucket, fetched in batches, merged into key order by `plan.merge`; and one
//! bucket read newest first with a reversed scan, trimmed to its range.
//!
//! `cargo run -p rowkey-clients --features hbase-thrift --example hbase_thrift_scan` prints the
//! scans; with `HBASE_THRIFT=localhost:9090` it reads table `messages` through that gateway.

use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::error::Error;

use hbase_thrift::hbase::{HbaseSyncClient, THbaseSyncClient, TRowResult};
use rowkey::RowKey;
use rowkey_clients::hbase_thrift::{reversed_scan, scan, Admit};
use thrift::protocol::{TBinaryInputProtocol, TBinaryOutputProtocol};
use thrift::transport::{TBufferedReadTransport, TBufferedWriteTransport, TIoChannel, TTcpChannel};

#[derive(RowKey, Debug, PartialEq)]
#[salt(md5, buckets = 16, of = "message_id")]
struct MessageKey {
    date: u32,
    time: u32,
    message_id: u64,
}

const TABLE: &[u8] = b"messages";
const BATCH: i32 = 1000;

/// One open scanner read in batches of `BATCH` rows, as an iterator of `(row, result)`.
struct Scanner<'c, C: THbaseSyncClient> {
    client: &'c RefCell<C>,
    id: i32,
    batch: VecDeque<TRowResult>,
    done: bool,
}

impl<C: THbaseSyncClient> Iterator for Scanner<'_, C> {
    type Item = Result<(Vec<u8>, TRowResult), thrift::Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.batch.is_empty() && !self.done {
            match self.client.borrow_mut().scanner_get_list(self.id, BATCH) {
                Ok(rows) => {
                    self.done = rows.len() < BATCH as usize;
                    self.batch.extend(rows);
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        let row = self.batch.pop_front()?;
        Some(Ok((row.row.clone().unwrap_or_default(), row)))
    }
}

impl<C: THbaseSyncClient> Drop for Scanner<'_, C> {
    fn drop(&mut self) {
        // Frees the gateway's scanner, also when the merge stopped early (a limit, an error).
        let _ = self.client.borrow_mut().scanner_close(self.id);
    }
}

/// The first `limit` messages of `date`, in (time, message_id) order: the code a user writes.
fn read_day<C: THbaseSyncClient>(
    client: &RefCell<C>,
    date: u32,
    limit: usize,
) -> Result<Vec<MessageKey>, Box<dyn Error>> {
    let plan = MessageKey::scan().date(date).plan()?;
    let mut scanners = Vec::new();
    for range in plan.ranges() {
        let id = client.borrow_mut().scanner_open_with_scan(
            TABLE.to_vec(),
            scan(range),
            BTreeMap::new(),
        )?;
        scanners.push(Scanner {
            client,
            id,
            batch: VecDeque::new(),
            done: false,
        });
    }
    let mut day = Vec::new();
    for row in plan.merge(scanners).limit(limit) {
        let (key, _) = row?;
        day.push(MessageKey::decode(&key)?);
    }
    Ok(day)
}

/// The newest `n` rows of one bucket's range, through a reversed scan trimmed by `admit`.
fn newest<C: THbaseSyncClient>(
    client: &RefCell<C>,
    range: &rowkey::ScanRange,
    n: usize,
) -> Result<Vec<Vec<u8>>, Box<dyn Error>> {
    let reversed = reversed_scan(range);
    let id = client.borrow_mut().scanner_open_with_scan(
        TABLE.to_vec(),
        reversed.scan.clone(),
        BTreeMap::new(),
    )?;
    let mut rows = Vec::new();
    'read: while rows.len() < n {
        let batch = client.borrow_mut().scanner_get_list(id, BATCH)?;
        let last = batch.len() < BATCH as usize;
        for row in batch {
            let key = row.row.unwrap_or_default();
            match reversed.admit(&key) {
                Admit::Take if rows.len() < n => rows.push(key),
                Admit::Take => break 'read,
                Admit::Skip => {}
                Admit::End => break 'read,
            }
        }
        if last {
            break;
        }
    }
    client.borrow_mut().scanner_close(id)?;
    Ok(rows)
}

fn main() -> Result<(), Box<dyn Error>> {
    let plan = MessageKey::scan().date(230611).plan()?;
    let first = &plan.ranges()[0];
    let forward = scan(first);
    println!(
        "{} scanners; the first: start {:02x?} stop {:02x?}",
        plan.ranges().len(),
        forward.start_row,
        forward.stop_row
    );
    let reversed = reversed_scan(first);
    println!(
        "its reversed scan: start {:02x?} stop {:02x?} (exact: {})",
        reversed.scan.start_row,
        reversed.scan.stop_row,
        reversed.is_exact()
    );
    let Ok(address) = std::env::var("HBASE_THRIFT") else {
        println!("set HBASE_THRIFT=host:port to read through a Thrift gateway");
        return Ok(());
    };
    let mut channel = TTcpChannel::new();
    channel.open(address)?;
    let (input, output) = channel.split()?;
    let client = RefCell::new(HbaseSyncClient::new(
        TBinaryInputProtocol::new(TBufferedReadTransport::new(input), true),
        TBinaryOutputProtocol::new(TBufferedWriteTransport::new(output), true),
    ));
    let day = read_day(&client, 230611, 100)?;
    println!("read {} messages in key order", day.len());
    println!("newest of bucket 0: {:?}", newest(&client, first, 3)?.len());
    Ok(())
}
