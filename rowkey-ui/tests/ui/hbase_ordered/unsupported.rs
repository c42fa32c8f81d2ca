use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "hbase_ordered")]
struct Key {
    id: u64,
    count: Option<i64>,
}

fn main() {}
