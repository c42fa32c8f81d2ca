use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(delimiter = "-")]
#[salt(random, buckets = 4, alphabet = "abc")]
struct Foo {
    name: String,
}

#[derive(RowKey)]
#[rowkey(delimiter = "-")]
#[salt(random, buckets = 3, alphabet = "a-b")]
struct WithDelimiter {
    name: String,
}

#[derive(RowKey)]
#[salt(random, buckets = 2, alphabet = "ab")]
struct Binary {
    name: String,
}

fn main() {}
