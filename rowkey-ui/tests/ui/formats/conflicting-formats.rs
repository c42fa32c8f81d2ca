use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[decimal(6)]
    #[hex(4)]
    id: u32,
    #[reverse_ts]
    #[desc]
    ts: i64,
}

fn main() {}
