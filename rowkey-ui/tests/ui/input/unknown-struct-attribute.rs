use rowkey::RowKey;

#[derive(RowKey)]
#[salted(md5, buckets = 4, of = "id")]
struct Key {
    id: u32,
}

fn main() {}
