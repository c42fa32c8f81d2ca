use rowkey::RowKey;

// `#[blob]` is for a Vec<u8> of an HBase key; Raw*FixedLength pads with 00; no Option on a Raw
// member.
#[derive(RowKey)]
#[rowkey(encoding = "hbase_ordered")]
struct Key {
    #[blob]
    id: i64,
    #[fixed(4, pad = ' ')]
    code: String,
    #[java(nul_terminated)]
    name: Option<String>,
}

#[derive(RowKey)]
struct Native {
    #[blob]
    payload: Vec<u8>,
}

fn main() {}
