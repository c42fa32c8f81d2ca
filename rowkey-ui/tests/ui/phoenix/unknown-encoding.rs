use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "phoenx")]
struct Key {
    id: i64,
}

fn main() {}
