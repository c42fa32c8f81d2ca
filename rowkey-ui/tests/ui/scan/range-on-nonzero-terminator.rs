use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[java(terminated = b"|")]
    name: String,
    id: u32,
}

fn main() {
    let _ = Key::scan().name("a".."b").plan();
}
