use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[precision(12, 3)]
    amount: i64,
}

fn main() {}
