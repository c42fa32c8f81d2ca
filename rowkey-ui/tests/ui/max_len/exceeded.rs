use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(max_len = 12)]
struct MessageKey {
    date: u32,
    time: u32,
    message_id: u64,
}

fn main() {}
