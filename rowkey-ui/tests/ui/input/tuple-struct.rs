use rowkey::RowKey;

#[derive(RowKey)]
struct Key(u32, u64);

fn main() {}
