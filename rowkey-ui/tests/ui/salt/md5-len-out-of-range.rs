use rowkey::RowKey;

#[derive(RowKey)]
#[salt(md5, len = 0, of = "id")]
struct A {
    id: u64,
}

#[derive(RowKey)]
#[salt(md5, len = 17, of = "id")]
struct B {
    id: u64,
}

fn main() {}
