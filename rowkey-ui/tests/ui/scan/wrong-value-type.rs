use rowkey::RowKey;

#[derive(RowKey)]
struct Reading {
    day: u32,
    device: u16,
    ts: u64,
}

fn main() {
    let _ = Reading::scan().day("2023-11-27").plan();
}
