use rowkey::RowKey;

#[derive(RowKey)]
struct Key;

fn main() {}
