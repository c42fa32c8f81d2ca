use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "phoenix", row_key_order_optimizable = false)]
struct Key {
    #[desc]
    name: String,
    id: i64,
}

fn main() {
    let _ = Key::scan().name("a".to_string().."b".to_string()).plan();
}
