use rowkey::RowKey;

#[derive(RowKey)]
#[salt(md5, of = "id")]
#[salt(random, buckets = 8)]
struct Key {
    id: u64,
}

fn main() {}
