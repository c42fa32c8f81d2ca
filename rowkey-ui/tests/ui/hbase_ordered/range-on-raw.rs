use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "hbase_ordered")]
struct Key {
    #[java]
    id: i64,
    ts: i64,
}

fn main() {
    let _ = Key::scan().id(0..10).plan();
}
