use rowkey::RowKey;

struct Region {
    name: String,
}

#[derive(RowKey)]
struct Key {
    id: u64,
    region: Region,
}

fn main() {}
