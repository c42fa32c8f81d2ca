use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(scan = false)]
struct MessageKey {
    date: u32,
    time: u32,
    message_id: u64,
}

fn main() {
    let _ = MessageKey::full_scan();
    let _ = MessageKey::scan().date(230611).plan();
}
