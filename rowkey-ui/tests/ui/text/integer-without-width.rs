use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(delimiter = ":")]
struct MessageKey {
    date: u32,
    #[decimal(6)]
    time: u32,
    message_id: u64,
}

fn main() {}
