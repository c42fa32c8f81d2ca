use rowkey::RowKey;

#[derive(RowKey)]
struct Host {
    #[fixed(8)]
    #[max(8)]
    name: String,
}

fn main() {}
