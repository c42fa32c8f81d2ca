use rowkey::RowKey;

// `row_key_order_optimizable` is a Phoenix table flag: no other encoding has it.
#[derive(RowKey)]
#[rowkey(encoding = "bigtable", row_key_order_optimizable = false)]
struct Row {
    id: String,
}

#[derive(RowKey)]
#[rowkey(encoding = "hbase_ordered", row_key_order_optimizable = true)]
struct Member {
    id: i64,
}

fn main() {}
