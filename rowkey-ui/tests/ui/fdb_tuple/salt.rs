use rowkey::RowKey;

// Other bindings unpack every byte as the tuple: no salt in front of it.
#[derive(RowKey)]
#[rowkey(encoding = "fdb_tuple")]
#[salt(md5, buckets = 16, of = "id")]
struct Event {
    id: u64,
}

fn main() {}
