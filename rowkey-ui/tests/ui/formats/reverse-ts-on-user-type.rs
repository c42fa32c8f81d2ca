use rowkey::RowKey;

type Millis = i16;

#[derive(RowKey)]
struct Key {
    id: u32,
    #[reverse_ts]
    ts: Millis,
}

fn main() {}
