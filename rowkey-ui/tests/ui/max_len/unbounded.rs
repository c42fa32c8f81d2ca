use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(max_len = 16)]
struct Key {
    user: String,
    ts: u64,
}

fn main() {}
