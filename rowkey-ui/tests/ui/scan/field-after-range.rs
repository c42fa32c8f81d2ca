use rowkey::RowKey;

#[derive(RowKey)]
struct MessageKey {
    date: u32,
    time: u32,
    message_id: u64,
}

fn main() {
    let _ = MessageKey::scan().date(230611).time(60000..70000).message_id(7).plan();
}
