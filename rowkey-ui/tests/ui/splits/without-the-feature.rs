// `K::split_points` is computed by rowkey-splits: without the facade's `splits` feature the
// call says which feature to turn on (and a key that never calls it compiles as before).
use rowkey::{RowKey, Subspace};

#[derive(RowKey)]
#[salt(md5, buckets = 16, of = "id")]
struct Event {
    ts: u64,
    id: u64,
}

fn main() {
    let _ = Event::split_points(4);
    let _ = Subspace::new(*b"t/").split_points::<Event>(4);
}
