use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "bigtable")]
struct Key {
    #[ordered_code]
    user: String,
    #[ordered_code]
    at: i64,
}

fn main() {}
