use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "phoenix")]
struct Key {
    name: String,
    id: Option<i64>,
}

fn main() {}
