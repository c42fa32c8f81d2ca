// The derive sees no width for `[u8; LEN]`, so the budget is checked by the compiler; it is
// reported in the same pass as the mistake in the other key.
use rowkey::RowKey;

const LEN: usize = 16;

#[derive(RowKey)]
#[rowkey(max_len = 12)]
struct Digest {
    kind: u8,
    hash: [u8; LEN],
}

#[derive(RowKey)]
struct Other {
    #[fixed(0)]
    name: String,
}

fn main() {}
