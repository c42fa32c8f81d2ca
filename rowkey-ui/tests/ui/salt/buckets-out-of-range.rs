use rowkey::RowKey;

#[derive(RowKey)]
#[salt(random, buckets = 0)]
struct A {
    id: u64,
}

#[derive(RowKey)]
#[salt(phoenix, buckets = 257)]
struct B {
    id: u64,
}

fn main() {}
