use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "bigtable")]
struct Key {
    ts: i64,
    user: String,
}

fn main() {
    let _ = Key::scan().ts_range(0..10).plan();
}
