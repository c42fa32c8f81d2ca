//! A live HBase table's heat in your key's terms: the region servers' `/jmx` and the shell's
//! `list_regions` read back, each region decoded with the table's own `RowKey` type, the
//! hottest listed in words.
//!
//! ```text
//! cargo run -p rowkey-studio --example live_heat                     # the bundled sample
//! cargo run -p rowkey-studio --example live_heat -- regions.txt rs1.json rs2.json
//! ```
//! (`curl http://RS:16030/jmx > rs1.json`; `echo "list_regions 'metrics'" | hbase shell -n >
//! regions.txt`.)

use rowkey::RowKey;
use rowkey_studio::input::live::hbase;

/// The table's key: a metric's points, salted over 16 buckets by host.
#[derive(RowKey)]
#[salt(md5, buckets = 16, of = "host")]
struct Point {
    metric: String,
    hour: u32,
    host: u32,
}

fn main() {
    // The stores' own output the tests read (rowkey-testkit/data/live).
    let sample = rowkey_testkit::golden::path("live/");
    let sample = sample.to_string_lossy();
    let mut files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        files = [
            "hbase_list_regions.txt",
            "hbase_jmx_rs1.json",
            "hbase_jmx_rs2.json",
        ]
        .map(|f| format!("{sample}{f}"))
        .to_vec();
    }
    let read = |f: &String| std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
    let texts: Vec<String> = files.iter().map(read).collect();
    let jmx: Vec<(&str, &str)> = files[1..]
        .iter()
        .zip(&texts[1..])
        .map(|(f, t)| (f.as_str(), t.as_str()))
        .collect();
    let heat = match hbase::heat(&jmx, (&files[0], &texts[0]), hbase::Requests::Write) {
        Ok(heat) => heat,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    println!(
        "{} regions, {} {}:",
        heat.ranges.len(),
        heat.total(),
        heat.metric
    );
    print!("{}", heat.listing::<Point>(5));
}
