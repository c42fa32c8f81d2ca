use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(delimiter = "::")]
struct TwoBytes {
    name: String,
}

#[derive(RowKey)]
#[rowkey(delimiter = "→")]
struct NotAscii {
    name: String,
}

#[derive(RowKey)]
#[rowkey(delimiter = "x")]
struct Letter {
    name: String,
}

fn main() {}
