use rowkey::RowKey;

// A tuple element has one byte form per type: no width, no Java bytes, no reversal.
#[derive(RowKey)]
#[rowkey(encoding = "fdb_tuple")]
struct Event {
    #[fixed(8)]
    host: String,
    #[java]
    id: i64,
    #[reverse_ts]
    at: i64,
    #[decimal(6)]
    day: u32,
}

fn main() {}
