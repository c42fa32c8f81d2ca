use rowkey::RowKey;

#[derive(RowKey)]
#[salt(md5, width = 2, of = "metric")]
struct WidthOnMd5 {
    metric: [u8; 3],
}

#[derive(RowKey)]
#[salt(java_hash, buckets = 0, width = 9, of = "metric")]
struct OutOfRange {
    metric: [u8; 3],
}

#[derive(RowKey)]
#[salt(opentsdb, buckets = 20)]
struct NoOf {
    metric: [u8; 3],
}

#[derive(RowKey)]
#[rowkey(delimiter = ":")]
#[salt(java_hash, buckets = 20, of = "metric")]
struct InText {
    #[decimal(6)]
    metric: u32,
}

fn main() {}
