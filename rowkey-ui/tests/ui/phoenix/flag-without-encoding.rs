use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(row_key_order_optimizable = false)]
struct Key {
    id: i64,
}

fn main() {}
