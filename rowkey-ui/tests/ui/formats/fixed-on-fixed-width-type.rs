use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[fixed(2)]
    score: f64,
    #[fixed(20)]
    id: u64,
    #[decimal(40)]
    big: u128,
}

fn main() {}
