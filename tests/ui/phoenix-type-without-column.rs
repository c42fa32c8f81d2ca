use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "phoenix")]
struct Key {
    id: i64,
    ratio: f32,
    flag: bool,
}

fn main() {}
