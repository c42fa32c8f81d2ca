use rowkey::RowKey;

#[derive(Debug)]
struct Name(String);

#[derive(RowKey)]
struct Key {
    #[decimal(6)]
    name: Name,
}

fn main() {}
