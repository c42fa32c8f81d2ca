use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[revers]
    id: u64,
}

fn main() {}
