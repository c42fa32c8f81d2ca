use rowkey::RowKey;

#[derive(RowKey)]
struct User {
    #[max(0)]
    name: String,
}

fn main() {}
