//! OpenTSDB's row key, `[salt bucket][metric uid: 3 bytes][base hour][tag uids]`, in a real
//! embedded store (redb). Salting by metric and tags spreads one metric's writes over 8
//! buckets; reading one metric over a time range fans out to 8 range scans, and the merge puts
//! the rows back in time order.
//!
//! `cargo run --example opentsdb`

use redb::{backends::InMemoryBackend, Database, ReadableDatabase, TableDefinition};
use rowkey::RowKey;

const TSDB: TableDefinition<&[u8], f64> = TableDefinition::new("tsdb");

#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(md5, buckets = 8, of = ["metric", "tags"])]
#[rowkey(max_len = 20)]
struct TsdbRow {
    /// Metric UID, 3 bytes as in OpenTSDB.
    #[fixed(3)]
    metric: u32,
    /// Unix seconds rounded down to the hour.
    base_hour: u32,
    /// One tag pair: tagk UID (3 bytes) + tagv UID (3 bytes).
    tags: [u8; 6],
}

const CPU_USER: u32 = 0x000002;
const START: u32 = 1_700_000_000 / 3600 * 3600;

fn host_tag(host: u8) -> [u8; 6] {
    [0, 0, 1, 0, 0, host] // tagk 1 = "host", tagv = host id
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let db = Database::builder().create_with_backend(InMemoryBackend::new())?;
    let tx = db.begin_write()?;
    let mut written = [0usize; 8];
    {
        let mut table = tx.open_table(TSDB)?;
        for metric in [0x000001, CPU_USER, 0x000003] {
            for hour in 0..48 {
                for host in 1..=5u8 {
                    let row = TsdbRow {
                        metric,
                        base_hour: START + hour * 3600,
                        tags: host_tag(host),
                    };
                    let key = row.encode()?;
                    written[key[0] as usize] += 1;
                    table.insert(&key[..], f64::from(hour) + f64::from(host) / 10.0)?;
                }
            }
        }
    }
    tx.commit()?;
    println!("720 rows written, per bucket: {written:?}");

    // sys.cpu.user from hour 10 to hour 20 (exclusive), every host.
    let from = START + 10 * 3600;
    let to = START + 20 * 3600;
    let plan = TsdbRow::scan()
        .metric(CPU_USER)
        .base_hour_range(from..to)
        .plan()?;
    println!(
        "\nscan metric {CPU_USER:06x}, hours [10, 20): {} ranges",
        plan.ranges().len()
    );
    for r in plan.ranges() {
        println!("  {}", r.to_hbase_shell());
    }

    let rtx = db.begin_read()?;
    let table = rtx.open_table(TSDB)?;
    let streams = plan
        .ranges()
        .iter()
        .map(|r| table.range::<&[u8]>(r.to_bounds()))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .map(|range| range.map(|row| row.map(|(k, v)| (k.value().to_vec(), v.value()))));

    let mut last_hour = 0;
    let mut rows = 0;
    println!("\nmerged in time order:");
    for item in plan.merge(streams) {
        let (key, value) = item?;
        let row = TsdbRow::decode(&key)?;
        assert!(row.base_hour >= last_hour, "time order");
        last_hour = row.base_hour;
        if rows < 8 {
            println!(
                "  hour +{:>2} host {} bucket {} value {value}",
                (row.base_hour - START) / 3600,
                row.tags[5],
                key[0]
            );
        }
        rows += 1;
    }
    println!("  ... {rows} rows");
    assert_eq!(rows, 10 * 5);
    Ok(())
}
