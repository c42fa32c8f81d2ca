use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(max_length = 16)]
struct Key {
    id: u64,
}

fn main() {}
