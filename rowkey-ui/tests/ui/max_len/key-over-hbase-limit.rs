use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[fixed(40000)]
    blob: Vec<u8>,
}

fn main() {}
