use rowkey::RowKey;

// OrderedBlob and RawString run to the end of the key: HBase's Struct takes them last only.
#[derive(RowKey)]
#[rowkey(encoding = "hbase_ordered")]
struct Key {
    #[blob]
    payload: Vec<u8>,
    #[java]
    name: String,
    id: i64,
}

fn main() {}
