use rowkey::RowKey;

#[derive(RowKey)]
struct Legacy {
    #[java]
    account: i64,
}

fn main() {
    let _ = Legacy::scan().account(-5..5).plan();
}
