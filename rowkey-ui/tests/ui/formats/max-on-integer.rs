use rowkey::RowKey;

#[derive(RowKey)]
struct Event {
    #[max(8)]
    id: u64,
    name: String,
}

fn main() {}
