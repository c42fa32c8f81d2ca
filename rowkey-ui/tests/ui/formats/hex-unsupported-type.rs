use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[hex(8)]
    name: String,
    #[decimal(4)]
    ratio: f64,
}

fn main() {}
