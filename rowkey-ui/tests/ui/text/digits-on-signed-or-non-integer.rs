use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(delimiter = ":")]
struct Key {
    #[hex(8)]
    offset: i32,
    #[decimal(4)]
    name: String,
    id: u64,
}

fn main() {}
