use rowkey::RowKey;

// The Raw numbers have no order, and a padded RawStringFixedLength none DESC.
#[derive(RowKey)]
#[rowkey(encoding = "hbase_ordered")]
struct Key {
    #[java]
    #[desc]
    id: i64,
    #[fixed(6)]
    #[desc]
    code: String,
}

fn main() {}
