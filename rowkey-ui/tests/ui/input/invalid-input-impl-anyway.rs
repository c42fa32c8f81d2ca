use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[fixed(0)]
    name: String,
}

fn main() {
    // No follow-on "RowKey is not implemented" errors: only the attribute error above.
    let _ = Key { name: String::new() }.encode();
    let _ = Key::decode(&[]);
}
