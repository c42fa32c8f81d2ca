use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "phoenix")]
struct Key {
    id: i64,
    initial: char,
    big: u128,
}

fn main() {}
