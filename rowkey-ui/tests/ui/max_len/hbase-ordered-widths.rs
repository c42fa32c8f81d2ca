use rowkey::RowKey;

// HBase writes an i64 as OrderedInt64: a header byte, then eight bytes.
#[derive(RowKey)]
#[rowkey(encoding = "hbase_ordered", max_len = 8)]
struct Counter {
    id: i64,
}

fn main() {}
