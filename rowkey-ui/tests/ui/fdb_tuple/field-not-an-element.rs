use rowkey::RowKey;

// A key of rowkey's binary layout is not a tuple: it cannot be nested in one.
#[derive(RowKey)]
struct Binary {
    id: u64,
}

#[derive(RowKey)]
#[rowkey(encoding = "fdb_tuple")]
struct Event {
    app: String,
    parent: Binary,
}

fn main() {}
