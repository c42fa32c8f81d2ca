use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "hbase_ordered")]
struct Key {
    id: i64,
    payload: Vec<u8>,
}

fn main() {
    let _ = Key::scan().id(1).payload(vec![0]..vec![1]).plan();
}
