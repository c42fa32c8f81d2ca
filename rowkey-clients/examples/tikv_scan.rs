//! Reading one day of a salted table from TiKV with tikv-client: a plan, one paged scan per
//! bucket, one merged stream in key order, stopped after 100 rows.
//!
//! `cargo run -p rowkey-clients --features tikv --example tikv_scan` prints what it would send;
//! with `TIKV_PD=127.0.0.1:2379` it writes a few rows and reads them back from that cluster.

use std::error::Error;

use futures::TryStreamExt;
use rowkey::stream::Pages;
use rowkey::{RowKey, ScanRange};
use rowkey_clients::tikv::{bound_range, bound_ranges, MAX_SCAN_LIMIT};
use tikv_client::RawClient;

#[derive(RowKey, Debug, PartialEq)]
#[salt(md5, buckets = 16, of = "message_id")]
struct MessageKey {
    date: u32,
    time: u32,
    message_id: u64,
}

/// The first `limit` messages of `date`, in (time, message_id) order: the code a user writes.
async fn read_day(
    client: &RawClient,
    date: u32,
    limit: usize,
) -> Result<Vec<MessageKey>, Box<dyn Error>> {
    let plan = MessageKey::scan().date(date).plan()?;
    let rows = plan
        .fan_out(4, |range| {
            let client = client.clone();
            // One scan call per page of at most 10240 pairs; the next page resumes after the last key.
            Pages::new(range.clone(), MAX_SCAN_LIMIT, move |page: ScanRange, n| {
                let client = client.clone();
                async move {
                    let pairs = client.scan(bound_range(&page), n as u32).await?;
                    Ok::<_, tikv_client::Error>(
                        pairs
                            .into_iter()
                            .map(|kv| {
                                let (key, value) = <(tikv_client::Key, Vec<u8>)>::from(kv);
                                (Vec::<u8>::from(key), value)
                            })
                            .collect(),
                    )
                }
            })
        })
        .limit(limit);
    let pairs: Vec<(Vec<u8>, Vec<u8>)> = rows.try_collect().await?;
    Ok(pairs
        .iter()
        .map(|(k, _)| MessageKey::decode(k))
        .collect::<Result<_, _>>()?)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn Error>> {
    let plan = MessageKey::scan().date(230611).plan()?;
    println!(
        "{} scans for date 230611; the first two as TiKV ranges:",
        plan.ranges().len()
    );
    for r in bound_ranges(&plan).into_iter().take(2) {
        let (start, end) = r.into_keys();
        println!(
            "  [{:02x?}, {:02x?})",
            Vec::<u8>::from(start),
            end.map(Vec::<u8>::from)
        );
    }
    let Ok(pd) = std::env::var("TIKV_PD") else {
        println!("set TIKV_PD=host:port to run against a cluster");
        return Ok(());
    };
    let client = RawClient::new(vec![pd]).await?;
    for id in 0..50u64 {
        let key = MessageKey {
            date: 230611,
            time: (id * 37 % 1000) as u32,
            message_id: id,
        };
        client.put(key.encode()?, b"hello".to_vec()).await?;
    }
    let day = read_day(&client, 230611, 100).await?;
    assert!(day
        .windows(2)
        .all(|w| (w[0].time, w[0].message_id) < (w[1].time, w[1].message_id)));
    println!("read {} messages in key order", day.len());
    Ok(())
}
