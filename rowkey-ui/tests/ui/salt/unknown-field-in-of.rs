use rowkey::RowKey;

#[derive(RowKey)]
#[salt(md5, buckets = 16, of = ["message_id", "sender"])]
struct MessageKey {
    date: u32,
    message_id: u64,
}

fn main() {}
