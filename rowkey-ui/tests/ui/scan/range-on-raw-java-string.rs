use rowkey::RowKey;

#[derive(RowKey)]
struct Versions {
    #[java]
    row: String,
    #[reverse_ts]
    ts: i64,
}

fn main() {
    let _ = Versions::scan().row("a".to_string().."b".to_string()).plan();
}
