use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(delimiter = "_")]
struct Key {
    #[fixed(4, pad = '_')]
    code: String,
    #[decimal(4)]
    n: u32,
}

fn main() {}
