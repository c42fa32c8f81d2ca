use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "phoenix")]
#[salt(md5, buckets = 8, of = "id")]
struct Key {
    #[reverse_ts]
    ts: i64,
    #[java]
    name: String,
    #[fixed(4)]
    id: i64,
}

fn main() {}
