use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[reverse]
    phone: String,
    #[reverse]
    area: Option<u32>,
}

fn main() {}
