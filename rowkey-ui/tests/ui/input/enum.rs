use rowkey::RowKey;

#[derive(RowKey)]
enum Key {
    A { id: u64 },
}

fn main() {}
