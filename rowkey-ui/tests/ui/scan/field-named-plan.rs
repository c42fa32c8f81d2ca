use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    id: u64,
    plan: u32,
}

fn main() {
    // The builder was not generated: one error here, not a cascade.
    let _ = Key::scan().id(5).plan();
}
