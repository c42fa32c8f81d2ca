use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[fixed(0)]
    name: String,
    #[hex(4)]
    delta: i32,
    #[reverse]
    tags: Vec<u8>,
}

fn main() {}
