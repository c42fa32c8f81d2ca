use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[java]
    row: String,
    qualifier: String,
}

fn main() {}
