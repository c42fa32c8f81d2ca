use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[desc(true)]
    id: u64,
    #[fixed]
    name: String,
}

fn main() {}
