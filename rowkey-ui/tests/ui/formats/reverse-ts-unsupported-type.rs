use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[reverse_ts]
    ts: u16,
    #[reverse_ts]
    label: String,
}

fn main() {}
