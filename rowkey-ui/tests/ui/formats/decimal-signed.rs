use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[decimal(6)]
    offset: i32,
}

fn main() {}
