use rowkey::RowKey;

// Every element carries its type code: no delimiter.
#[derive(RowKey)]
#[rowkey(encoding = "fdb_tuple", delimiter = ":")]
struct Event {
    app: String,
    id: u64,
}

fn main() {}
