use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "phoenix")]
struct Key {
    #[phoenix(ROW_TIMESTAMP)]
    name: String,
    id: i32,
}

fn main() {}
