use rowkey::RowKey;

#[derive(RowKey)]
struct Pair {
    a: u8,
    b: u8,
}

fn main() {
    let _ = Pair::scan().a(1).b(2).a(3).plan();
}
