//! OpenTSDB's own row keys, byte for byte: `[salt][metric uid][base hour][tagk tagv]...` with
//! `tsd.storage.salt.width = 1` and `tsd.storage.salt.buckets = 20`, the salt being OpenTSDB's
//! `RowKey.prefixKeyWithSalt` (Java's `Arrays.hashCode` of the metric and tag UIDs, the hour left
//! out). Written into a real embedded store (redb); one metric over a time range is read back
//! with one range scan per salt bucket, merged into time order.
//!
//! `cargo run --example opentsdb`

use redb::{backends::InMemoryBackend, Database, ReadableDatabase, TableDefinition};
use rowkey::opentsdb::{base_time, Tags};
use rowkey::RowKey;

const TSDB: TableDefinition<&[u8], f64> = TableDefinition::new("tsdb");

/// A row of OpenTSDB's `tsdb` table.
#[derive(RowKey, Debug, Clone, PartialEq)]
#[salt(opentsdb, buckets = 20, width = 1, of = ["metric", "tags"])]
struct TsdbRow {
    /// Metric UID (`tsd.storage.uid.width.metric = 3`).
    metric: [u8; 3],
    /// `Internal.baseTime`: the hour, in seconds, as OpenTSDB's 4 bytes.
    base: u32,
    /// tagk UID ‖ tagv UID pairs, sorted by tagk.
    tags: Tags,
}

const SYS_CPU_USER: [u8; 3] = [0, 0, 2];
const HOST: [u8; 3] = [0, 0, 1];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let start_ms: i64 = 1_700_000_000_000;
    // A row OpenTSDB 2.5 itself keyed (rowkey-testkit/data/opentsdb_rowkey.jsonl, line ot-57): metric
    // 000001 at timestamp 0, two tags, 20 buckets of 1 byte. Byte for byte.
    let golden = TsdbRow {
        metric: [0, 0, 1],
        base: base_time(0) as u32,
        tags: Tags(vec![
            ([0x34, 0xc4, 0x34], [0xfb, 0x4c, 0xb2]),
            ([0x8d, 0xb7, 0xe4], [0x44, 0x50, 0x3d]),
        ]),
    };
    let key = golden.encode()?;
    let opentsdb = rowkey::hbase::from_string_binary(
        r"\x04\x00\x00\x01\x00\x00\x00\x004\xC44\xFBL\xB2\x8D\xB7\xE4DP=",
    );
    assert_eq!(key, opentsdb, "OpenTSDB's own bytes");
    println!(
        "OpenTSDB's row key for metric 000001, hour 0, two tags: {}",
        rowkey::hbase::to_string_binary(&key)
    );
    println!("(salt 0x04 = abs(Arrays.hashCode(metric ‖ tags) % 20), equal to what OpenTSDB 2.5 wrote)\n");

    let db = Database::builder().create_with_backend(InMemoryBackend::new())?;
    let tx = db.begin_write()?;
    let mut per_bucket = [0usize; 20];
    {
        let mut table = tx.open_table(TSDB)?;
        for metric in [[0, 0, 1], SYS_CPU_USER, [0, 0, 3]] {
            for hour in 0..48i64 {
                for host in 1..=5u8 {
                    let row = TsdbRow {
                        metric,
                        base: base_time(start_ms + hour * 3_600_000) as u32,
                        tags: Tags(vec![(HOST, [0, 0, host])]),
                    };
                    let key = row.encode()?;
                    per_bucket[usize::from(key[0])] += 1;
                    table.insert(&key[..], hour as f64 + f64::from(host) / 10.0)?;
                }
            }
        }
    }
    tx.commit()?;
    println!("720 rows written, per salt bucket: {per_bucket:?}");
    println!("(every hour of one series shares its bucket: the hour is not hashed)");

    // sys.cpu.user from hour 10 to hour 20 (exclusive), every host.
    let from = base_time(start_ms + 10 * 3_600_000) as u32;
    let to = base_time(start_ms + 20 * 3_600_000) as u32;
    let plan = TsdbRow::scan().metric(SYS_CPU_USER).base(from..to).plan()?;
    println!(
        "\nscan metric 000002, hours [10, 20): {} ranges, one per bucket",
        plan.ranges().len()
    );
    for r in plan.ranges().iter().take(3) {
        println!("  {}", r.to_hbase_shell());
    }
    println!("  ...");

    let rtx = db.begin_read()?;
    let table = rtx.open_table(TSDB)?;
    let streams = plan
        .ranges()
        .iter()
        .map(|r| table.range::<&[u8]>(r.to_bounds()))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .map(|range| range.map(|row| row.map(|(k, v)| (k.value().to_vec(), v.value()))));

    let mut last = 0;
    let mut rows = 0;
    println!("\nmerged in time order:");
    for item in plan.merge(streams) {
        let (key, value) = item?;
        // Rows the store returned were salted when written: no need to hash again.
        let row = TsdbRow::decode_unverified(&key)?;
        assert!(row.base >= last, "time order");
        last = row.base;
        if rows < 8 {
            println!(
                "  hour +{:>2} host {} bucket {:>2} value {value}",
                (row.base - base_time(start_ms) as u32) / 3600,
                row.tags.0[0].1[2],
                key[0]
            );
        }
        rows += 1;
    }
    println!("  ... {rows} rows");
    assert_eq!(rows, 10 * 5);
    Ok(())
}
