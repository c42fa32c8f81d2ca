use std::time::SystemTime;

use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "phoenix")]
struct Key {
    #[phoenix(ROW_TIMESTAMP)]
    created: SystemTime,
    #[phoenix(ROW_TIMESTAMP)]
    updated: i64,
}

fn main() {}
