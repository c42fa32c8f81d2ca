use rowkey::RowKey;

#[derive(RowKey)]
#[salt(md5, buckets = 16, of = "host")]
struct Metric {
    metric: String,
    ts: u64,
    host: String,
}

// `.plan()` forgotten, after a fixed field and after a range: each call says to call it first.
fn fixed() {
    let _ = Metric::scan().metric("cpu").ranges();
}

fn ranged() {
    let _ = Metric::scan().metric("cpu").ts(1..9).contains(b"key");
}

fn main() {
    fixed();
    ranged();
}
