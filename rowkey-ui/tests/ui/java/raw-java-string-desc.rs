use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[java]
    #[desc]
    row: String,
    ts: u64,
}

fn main() {}
