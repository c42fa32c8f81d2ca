use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "phoenix")]
struct Key {
    #[phoenix(DATETIME)]
    at: std::time::SystemTime,
}

fn main() {}
