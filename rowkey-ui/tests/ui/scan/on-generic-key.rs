use rowkey::RowKey;

#[derive(RowKey)]
struct Wrapped<T> {
    id: T,
}

fn main() {
    let _ = Wrapped::<u64>::scan();
}
