use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "phoenix")]
struct Key {
    #[phoenix(UNSIGNED_FLOAT)]
    ratio: f64,
    #[phoenix(DATE)]
    day: i64,
}

fn main() {}
