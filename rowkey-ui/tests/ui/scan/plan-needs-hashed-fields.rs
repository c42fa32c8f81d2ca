use rowkey::RowKey;

/// The md5 prefix hashes `message_id`, the last field: a scan by date alone cannot know it.
#[derive(RowKey)]
#[salt(md5, of = "message_id")]
struct MessageKey {
    date: u32,
    time: u32,
    message_id: u64,
}

fn main() {
    let _ = MessageKey::scan().date(230611).plan();
}
