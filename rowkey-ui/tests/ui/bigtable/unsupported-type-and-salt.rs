use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(encoding = "bigtable")]
#[salt(md5, buckets = 4, of = "user")]
struct Key {
    user: String,
    score: u32,
    note: Option<String>,
    #[fixed(4)]
    code: String,
}

fn main() {}
