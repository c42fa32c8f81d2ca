use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    id: u32,
    #[java]
    #[reverse_ts]
    ts: u64,
}

fn main() {}
