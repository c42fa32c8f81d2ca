use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[fixed(4, pad = '_')]
    x: u32,
}

fn main() {}
