use rowkey::RowKey;

// A capped field counts its escaped bytes and terminator when others follow it:
// 1 (salt) + 2 * 16 + 2 (user) + 8 (at) = 43.
#[derive(RowKey)]
#[rowkey(max_len = 40)]
#[salt(md5, of = "user", len = 1)]
struct Session {
    #[max(16)]
    user: String,
    at: u64,
}

fn main() {}
