use rowkey::RowKey;

#[derive(RowKey)]
struct Empty {
    #[java(terminated = b"")]
    name: String,
}

#[derive(RowKey)]
struct NotBytes {
    #[java(terminated = "|")]
    name: String,
}

fn main() {}
