use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[java(raw)]
    row: String,
}

fn main() {}
