use rowkey::RowKey;

// The tuple layer has no descending order.
#[derive(RowKey)]
#[rowkey(encoding = "fdb_tuple")]
struct Event {
    app: String,
    #[desc]
    at: i64,
}

fn main() {}
