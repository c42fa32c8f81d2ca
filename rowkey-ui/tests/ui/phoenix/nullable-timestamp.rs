use std::time::SystemTime;

use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "phoenix")]
struct Key {
    id: i64,
    at: Option<SystemTime>,
}

fn main() {}
