use rowkey::RowKey;

#[derive(RowKey)]
struct MessageKey {
    date: u32,
    time: u32,
    message_id: u64,
}

fn main() {
    let _ = MessageKey::scan().time(63031).plan();
}
