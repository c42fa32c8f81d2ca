use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "phoenix")]
struct Key {
    payload: Vec<u8>,
    id: i64,
}

fn main() {}
