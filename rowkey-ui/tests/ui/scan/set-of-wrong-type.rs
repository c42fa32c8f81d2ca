use rowkey::RowKey;

#[derive(RowKey)]
struct Reading {
    day: u32,
    device: u16,
    ts: u64,
}

fn main() {
    let _ = Reading::scan().day(19676).device(["a", "b"]).plan();
}
