use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    id: u64,
    plan: u32,
}

fn main() {}
