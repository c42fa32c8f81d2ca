use rowkey::RowKey;

#[derive(RowKey)]
struct PhoneKey {
    #[reverse]
    #[decimal(11)]
    phone: u64,
    ts: u64,
}

fn main() {
    let _ = PhoneKey::scan().phone(1..5).plan();
}
