use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    id: usize,
}

fn main() {}
