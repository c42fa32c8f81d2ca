use rowkey::RowKey;

// No tuple element for a char; a null inside an Option is ambiguous.
#[derive(RowKey)]
#[rowkey(encoding = "fdb_tuple")]
struct Event {
    grade: char,
    parent: Option<Option<i64>>,
}

fn main() {}
