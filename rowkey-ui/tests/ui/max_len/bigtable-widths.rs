use rowkey::RowKey;

// A Bigtable Int64 escapes each 00 byte as 00 FF: 0 is sixteen bytes.
#[derive(RowKey)]
#[rowkey(encoding = "bigtable", max_len = 15)]
struct Counter {
    id: i64,
}

fn main() {}
