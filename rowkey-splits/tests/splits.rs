//! Regions: the HBase book's pre-split lesson checked, and split points that balance load for
//! every salt. (The hotspot demo's claims are tested with the demo, in `rowkey-cli/tests/`.)

use rowkey::RowKey;
use rowkey_splits::{self as splits, check, KeySpace, NumberStringSplit};
use rowkey_testkit::Rng;

/// Writes per region when `keys` meet `points`: region `i` holds `[points[i - 1], points[i])`.
fn per_region<K: AsRef<[u8]>>(points: &[Vec<u8>], keys: impl IntoIterator<Item = K>) -> Vec<u64> {
    let mut counts = vec![0u64; points.len() + 1];
    for k in keys {
        counts[points.partition_point(|p| p.as_slice() <= k.as_ref())] += 1;
    }
    counts
}

/// The busiest region's writes over the mean per region.
fn max_over_mean(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    *counts.iter().max().unwrap() as f64 * counts.len() as f64 / total as f64
}

#[test]
fn books_bytes_split_of_hex_keys_leaves_unreachable_regions() {
    // Admin.createTable(desc, "0000000000000000", "ffffffffffffffff", 10): Bytes.split with 7.
    let naive = splits::admin_split_keys(b"0000000000000000", b"ffffffffffffffff", 10).unwrap();
    assert_eq!(naive.len(), 9);
    let space = KeySpace::hex(16);
    let verdict = check(&naive, &space);
    assert_eq!(verdict.regions, 10);
    assert!(!verdict.is_ok(), "{verdict}");

    // Independently: route random hex keys and every 3-digit prefix; the regions they reach
    // are exactly the regions check calls reachable.
    let mut keys = Vec::new();
    let mut rng = Rng::new(7);
    let hex = |mut x: u64| {
        let mut s = [0u8; 16];
        for c in s.iter_mut().rev() {
            *c = b"0123456789abcdef"[(x & 15) as usize];
            x >>= 4;
        }
        s
    };
    for _ in 0..200_000 {
        keys.push(hex(rng.next_u64()));
    }
    for p in 0..4096u64 {
        keys.push(hex(p << 52));
        keys.push(hex((p << 52) | ((1 << 52) - 1)));
    }
    let reached: Vec<usize> = per_region(&naive, &keys)
        .iter()
        .enumerate()
        .filter(|&(_, &w)| w > 0)
        .map(|(i, _)| i)
        .collect();
    let expected: Vec<usize> = (0..10)
        .filter(|i| !verdict.unreachable.contains(i))
        .collect();
    assert_eq!(reached, expected, "{verdict}");
    println!("{verdict}");

    // HexStringSplit over the same space: every region reachable.
    let mut good = NumberStringSplit::hex();
    good.set_last_row("ffffffffffffffff").unwrap();
    let points = good.split(10).unwrap();
    assert!(check(&points, &space).is_ok());
    // The book's own getHexSplits is fine too.
    let book = splits::book_hex_splits("0000000000000000", "ffffffffffffffff", 10).unwrap();
    assert!(check(&book, &space).is_ok());
}

#[derive(RowKey)]
#[salt(md5, of = "id")]
struct Md5Prefix {
    ts: u64,
    id: u64,
}

#[derive(RowKey)]
#[rowkey(delimiter = ":")]
#[salt(md5, len = 4, of = "id")]
struct Md5PrefixText {
    #[decimal(13)]
    ts: u64,
    id: u64,
}

#[derive(RowKey)]
#[salt(md5, buckets = 64, of = "id")]
struct Md5Buckets {
    ts: u64,
    id: u64,
}

#[derive(RowKey)]
#[rowkey(delimiter = ":")]
#[salt(md5, buckets = 64, of = "id")]
struct Md5BucketsText {
    #[decimal(13)]
    ts: u64,
    id: u64,
}

#[derive(RowKey)]
#[salt(phoenix, buckets = 64)]
struct Phoenix {
    ts: u64,
    id: u64,
}

#[derive(RowKey)]
#[salt(random, buckets = 64)]
struct Random {
    ts: u64,
    id: u64,
}

#[derive(RowKey)]
struct HexLeading {
    #[hex(16)]
    id: u64,
    ts: u64,
}

/// Max/mean of the writes per region when 1M random keys meet `split_points::<K>(r)`.
fn balance<K: RowKey>(make: impl Fn(u64, u64) -> K) -> Vec<(usize, f64)> {
    let mut rng = Rng::new(42);
    let keys: Vec<Vec<u8>> = (0..1_000_000u64)
        .map(|i| {
            make(1_700_000_000_000 + i, rng.next_u64())
                .encode()
                .unwrap()
        })
        .collect();
    [4, 16, 64]
        .into_iter()
        .map(|r| {
            let points = splits::split_points::<K>(r).unwrap();
            assert_eq!(points.len(), r - 1);
            (r, max_over_mean(&per_region(&points, &keys)))
        })
        .collect()
}

#[test]
fn split_points_balance_every_salt() {
    let results = [
        ("md5 prefix", balance(|ts, id| Md5Prefix { ts, id })),
        (
            "md5 prefix, text",
            balance(|ts, id| Md5PrefixText { ts, id }),
        ),
        ("md5 buckets", balance(|ts, id| Md5Buckets { ts, id })),
        (
            "md5 buckets, text",
            balance(|ts, id| Md5BucketsText { ts, id }),
        ),
        ("phoenix", balance(|ts, id| Phoenix { ts, id })),
        ("random", balance(|ts, id| Random { ts, id })),
        ("leading hex", balance(|ts, id| HexLeading { id, ts })),
    ];
    for (name, per_r) in &results {
        for (r, ratio) in per_r {
            println!("{name:<18} r = {r:>2}: max/mean {ratio:.3}");
            assert!(*ratio <= 1.10, "{name}, {r} regions: max/mean {ratio}");
        }
    }
}

#[test]
fn split_points_refuse_layouts_they_cannot_balance() {
    #[derive(RowKey)]
    struct Plain {
        ts: u64,
    }
    assert!(matches!(
        Plain::split_points(4),
        Err(splits::SplitError::NeedsSample(_))
    ));
    assert!(matches!(
        Md5Buckets::split_points(65),
        Err(splits::SplitError::NeedsSample(_))
    ));
    assert_eq!(Md5Buckets::split_points(1).unwrap(), Vec::<Vec<u8>>::new());
    // Text bucket salts split on their text: "16:" starts the second of four regions.
    assert_eq!(
        Md5BucketsText::split_points(4).unwrap(),
        [b"16".to_vec(), b"32".to_vec(), b"48".to_vec()]
    );
    // From a sample, for layouts whose key space only the data knows.
    let sample: Vec<Vec<u8>> = (0..1000u64)
        .map(|ts| Plain { ts: ts * ts }.encode().unwrap())
        .collect();
    let points = splits::from_sample(&sample, 4).unwrap();
    assert!(max_over_mean(&per_region(&points, &sample)) <= 1.01);
}

/// `check` against brute force: every key of small key spaces (lengths 0 to 3, including the
/// space of the empty key alone) routed to random split points; the regions no key reached are
/// exactly the unreachable ones.
#[test]
fn reachability_equals_brute_force_on_small_spaces() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let alphabets: [&[u8]; 4] = [b"ab", b"0123456789", b"\x00\xff", b"-:~"];
    for case in 0..400 {
        let alphabet = alphabets[case % alphabets.len()];
        let len = case / alphabets.len() % 4;
        // All keys of the space.
        let mut keys: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..len {
            keys = keys
                .iter()
                .flat_map(|k| {
                    alphabet.iter().map(move |&c| {
                        let mut k = k.clone();
                        k.push(c);
                        k
                    })
                })
                .collect();
        }
        // Random split points: bytes of the alphabet and around it, 0 to 3 long.
        let pool: Vec<u8> = alphabet
            .iter()
            .flat_map(|&c| [c.wrapping_sub(1), c, c.wrapping_add(1)])
            .collect();
        let mut points: Vec<Vec<u8>> = (0..1 + rng.next_u64() % 5)
            .map(|_| {
                (0..1 + rng.next_u64() % 3)
                    .map(|_| pool[(rng.next_u64() % pool.len() as u64) as usize])
                    .collect()
            })
            .collect();
        points.sort();
        points.dedup();
        let verdict = check(&points, &KeySpace::new(len, alphabet));
        let region = |k: &[u8]| points.partition_point(|p| p.as_slice() <= k);
        let reached: std::collections::BTreeSet<usize> = keys.iter().map(|k| region(k)).collect();
        let unreachable: Vec<usize> = (0..=points.len())
            .filter(|i| !reached.contains(i))
            .collect();
        assert_eq!(
            verdict.unreachable, unreachable,
            "alphabet {alphabet:?}, length {len}, points {points:?}"
        );
    }
}
