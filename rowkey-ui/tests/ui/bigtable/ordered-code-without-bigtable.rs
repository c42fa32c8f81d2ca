use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[ordered_code]
    at: i64,
}

fn main() {}
