use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(delimiter = ":")]
#[salt(phoenix, buckets = 4)]
struct Key {
    flag: bool,
    region: Option<String>,
    #[desc]
    name: String,
    #[java]
    delta: i64,
}

fn main() {}
