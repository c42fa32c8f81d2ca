use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[java(nul_terminated)]
    id: u32,
}

fn main() {}
