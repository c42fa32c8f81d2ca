use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[phoenix(UNSIGNED_DOUBLE)]
    ratio: f64,
}

fn main() {}
