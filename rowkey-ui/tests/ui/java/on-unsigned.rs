use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[java]
    id: u64,
}

fn main() {}
