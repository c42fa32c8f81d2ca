use rowkey::RowKey;

#[derive(RowKey)]
union Key {
    id: u64,
}

fn main() {}
