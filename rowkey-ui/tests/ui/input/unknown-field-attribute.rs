use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[reverse_timestamp]
    ts: i64,
    #[descending]
    id: u32,
}

fn main() {}
