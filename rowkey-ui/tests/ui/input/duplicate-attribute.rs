use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[desc]
    #[desc]
    id: u64,
    #[fixed(4)]
    #[fixed(8)]
    name: String,
}

fn main() {}
