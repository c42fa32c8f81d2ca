use rowkey::RowKey;

#[derive(RowKey)]
#[desc]
struct Key {
    #[rowkey(crate = "rowkey")]
    id: u64,
}

fn main() {}
