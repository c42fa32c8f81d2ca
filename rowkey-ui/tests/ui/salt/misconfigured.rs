use rowkey::RowKey;

#[derive(RowKey)]
#[salt(md5)]
struct NoInput {
    id: u64,
}

#[derive(RowKey)]
#[salt(random)]
struct NoBuckets {
    id: u64,
}

#[derive(RowKey)]
#[salt(phoenix, buckets = 4, of = "id")]
struct PhoenixWithOf {
    id: u64,
}

#[derive(RowKey)]
#[salt(md5, buckets = 4, len = 2, of = "id")]
struct LenWithBuckets {
    id: u64,
}

#[derive(RowKey)]
#[salt(sha1, of = "id")]
struct UnknownKind {
    id: u64,
}

fn main() {}
