use rowkey::RowKey;

type Name = String;

#[derive(RowKey)]
struct User {
    #[max(32)]
    name: Name,
}

fn main() {}
